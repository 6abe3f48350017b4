"""A file that cannot be written is said in one sentence naming it, the same for a session
file and a night file (`store.atomic.write_file`), and the file on disk stays as it was."""

from __future__ import annotations

import errno
from dataclasses import replace
from pathlib import Path

import pytest

from chicago_protokoll.core.errors import ChicagoError
from chicago_protokoll.core.night_draw import new_night
from chicago_protokoll.core.session import new_session
from chicago_protokoll.store import atomic, nightfile, sessionfile
from chicago_protokoll.store.locations import display_path, session_path


def _disk_full(target: Path, data: bytes) -> None:
    raise OSError(errno.ENOSPC, "No space left on device")


def _refusal(path: Path, write: object) -> str:
    before = path.read_bytes()
    with pytest.raises(ChicagoError) as refused:
        write()  # type: ignore[operator]
    assert path.read_bytes() == before
    return str(refused.value)


def test_a_session_and_a_night_that_cannot_be_written_say_so_alike(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    session = session_path("fredag")
    sessionfile.create_session(session, new_session(["Anna", "Bo", "Cilla"], name="fredag"))
    night = nightfile.night_path("lördag")
    nightfile.create_night(night, new_night("lördag", ["Anna", "Bo", "Cilla", "Dag"], seed=1))
    monkeypatch.setattr(atomic, "write_atomic", _disk_full)

    said = {
        "session": _refusal(
            session, lambda: sessionfile.transact(session, lambda s: replace(s, name="fredag2"))
        ),
        "night": _refusal(
            night,
            lambda: nightfile.transact_night(night, lambda n: (replace(n, rounds=n.rounds + 1), None)),
        ),
    }
    assert said == {
        kind: f"could not write {display_path(path)}: No space left on device; the file on disk is unchanged"
        for kind, path in (("session", session), ("night", night))
    }
