"""The server's kept conflicts (`serve/conflicts.py`, cli.md "Recording that survives the
room's network"): kept per table until resolved, over a new process, written so that a
damaged file never stops the server and the form's token never reaches the disk."""

from __future__ import annotations

import stat
import tempfile
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from chicago_protokoll.serve.conflicts import Conflict, Conflicts, kept_form


def _conflict(entry: str, table: int = 1) -> Conflict:
    return Conflict(
        entry=entry,
        table=table,
        label="fredag",
        form=kept_form({"do": "buy", "who": "Bo", "token": "secret-token", "entry": entry}),
        tapped="köp: Bo:pair",
        in_file=["deal 2, köp 1: Anna: pair"],
        reason="the protocol changed",
    )


def test_a_kept_conflict_is_found_again_by_a_new_store_until_it_is_resolved(tmp_path: Path) -> None:
    Conflicts(tmp_path).keep("night:fredag:2", _conflict("a", 2))
    again = Conflicts(tmp_path)  # a restart of the server
    assert [c.entry for c in again.of("night:fredag:2")] == ["a"]
    assert again.of("night:fredag:3") == []  # per table
    assert again.resolve("night:fredag:2", "a") and not again.resolve("night:fredag:2", "a")
    assert Conflicts(tmp_path).of("night:fredag:2") == []


def test_the_kept_form_has_no_token_and_the_file_is_private(tmp_path: Path) -> None:
    store = Conflicts(tmp_path)
    store.keep("table", _conflict("a"))
    [path] = (tmp_path / "serve-conflicts").glob("*.json")
    assert "secret-token" not in path.read_text(encoding="utf-8")
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_a_damaged_conflicts_file_reads_as_none_and_is_replaced(tmp_path: Path) -> None:
    store = Conflicts(tmp_path)
    store.keep("table", _conflict("a"))
    [path] = (tmp_path / "serve-conflicts").glob("*.json")
    path.write_text("{not json", encoding="utf-8")
    assert store.of("table") == []
    store.keep("table", _conflict("b"))
    assert [c.entry for c in store.of("table")] == ["b"]


@settings(max_examples=30, deadline=None)
@given(st.lists(st.tuples(st.booleans(), st.sampled_from("abcd"), st.sampled_from(("table", "night:x:1")))))
def test_the_store_holds_what_was_kept_and_not_resolved(steps: list[tuple[bool, str, str]]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        store = Conflicts(Path(folder))
        model: dict[str, list[str]] = {}
        for keep, entry, key in steps:
            if keep:
                store.keep(key, _conflict(entry))
                model[key] = [e for e in model.get(key, []) if e != entry] + [entry]
            else:
                assert store.resolve(key, entry) == (entry in model.get(key, []))
                model[key] = [e for e in model.get(key, []) if e != entry]
        for key in ("table", "night:x:1"):
            assert [c.entry for c in Conflicts(Path(folder)).of(key)] == model.get(key, [])
