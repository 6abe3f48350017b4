"""Night files (``nights/NAME.toml`` in the data directory): read, validated, written
atomically under the lock, as session files are; and the sessions a night's round plays.

- A night file is read whole and validated before anything is done with it; one that is
  damaged, cut short or written by a newer release is refused by name (`NightFileError`)
  and never written over: every write (`create_night`, `transact_night`) loads the old
  file first, under the lock of the nights directory.
- A round's sessions are made all or nothing (`create_round`): every name is checked
  free before the first file is written, and those written are removed again if a later
  one cannot be.  They are ordinary session files, made by `sessionfile.create_session`
  as ``chicago new`` makes them, and never change the current session.
- Which night was made last (the default NAME) is a pointer beside the current-session
  pointer, ``current-night``; the current session is not touched.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from contextlib import suppress
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from ..core.errors import ChicagoError
from ..core.night import GameResult, Night, NightTable, night_of_session, result_of
from ..core.session import Session, new_session
from ..i18n.language import Msg
from .atomic import LOCK_TIMEOUT, fsync_dir, locked, make_dir, write_file
from .catalogue import write_pointer

# Re-exported (`as`): which night a command works on is found in `locations`, so a kept
# answer is looked up before this module and the model are imported.
from .locations import current_night_file as current_night_file  # noqa: PLC0414
from .locations import (
    display_path,
    list_named,
    nights_dir,
    real_path,
    session_name_problem,
    session_path,
)
from .locations import get_current_night as get_current_night  # noqa: PLC0414
from .locations import night_path as night_path  # noqa: PLC0414
from .locations import resolve_night as resolve_night  # noqa: PLC0414
from .nightformat import NIGHT_LIMIT, NightFileError, dumps_night, loads_night, night_refusal
from .sessionfile import create_session, load_session, replay_file
from .sessiontext import read_text_file

if TYPE_CHECKING:
    from ..core.night_check import Finding
    from ..core.night_close import Amendment

T = TypeVar("T")


class NightExistsError(ChicagoError):
    """A new night would take a name a night already has."""


# -- where nights live ---------------------------------------------------------------------


def set_current_night(name: str) -> None:
    """Make ``name`` the default night (the current session stays as it is)."""
    write_pointer(current_night_file(), name)


def list_nights() -> list[tuple[str, Path]]:
    return sorted(list_named(nights_dir()))


def night_of(session_name: str) -> Night | None:
    """The night that plays the session ``session_name``, or None.  Only the night its
    name points to is read (``fredag-r2-t1`` -> ``nights/fredag.toml``)."""
    name = night_of_session(session_name)
    if name is None or session_name_problem(name) is not None:
        return None
    path = nights_dir() / f"{name}.toml"
    if not os.path.lexists(path):
        return None
    night = load_night(path)
    return night if session_name in night.sessions() else None


# -- reading and writing ---------------------------------------------------------------------


def _read_text(path: Path, source: str) -> str:
    return read_text_file(
        path,
        source,
        limit=NIGHT_LIMIT,
        follow=False,
        not_a_file=lambda what: NightFileError(
            Msg("{source} is not a night file: {what}", source=source, what=what)
        ),
        not_text=night_refusal(source, Msg("it is not UTF-8 text; it may be damaged")),
    )


def load_night(path: Path) -> Night:
    """Read and validate the night file at ``path``; `NightFileError` names the file."""
    source = display_path(path)
    return loads_night(_read_text(path, source), source, stem=path.stem)


def _write_night(real: Path, night: Night, source: str) -> None:
    write_file(real, dumps_night(night).encode(), source)


def create_night(path: Path, night: Night) -> Night:
    """Write a new night file and its first round's sessions under the lock, refusing
    (`NightExistsError`) a name taken; all or nothing."""
    if not night.created:
        night = replace(night, created=_now())
    real = real_path(path)
    source = display_path(path)
    make_dir(real.parent)
    with locked(real.parent):
        if os.path.lexists(real):
            raise NightExistsError(
                Msg(
                    "there is a night called '{name}' already ({source}): choose another name",
                    name=night.name,
                    source=source,
                ),
            )
        night = _stamped(night, ())
        _with_sessions(round_sessions(night, night.tables), lambda: _write_night(real, night, source))
    return night


def transact_night(
    path: Path, change: Callable[[Night], tuple[Night, T]], *, timeout: float = LOCK_TIMEOUT
) -> tuple[Night, T]:
    """Load, ``change``, save, all under the lock of the nights directory; returns the
    night as saved and what ``change`` told.  A table ``change`` adds gets its session,
    made with the file, all or nothing.  A file that does not load, or a ``change`` that
    raises, writes nothing; an unchanged night is not written."""
    real = real_path(path)
    source = display_path(path)
    with locked(real.parent, timeout=timeout):
        old = loads_night(_read_text(real, source), source, stem=path.stem)
        new, told = change(old)
        if new != old:
            new = _stamped(new, old.tables)
            added = [table for table in new.tables if table not in old.tables]
            _with_sessions(round_sessions(new, added), lambda: _write_night(real, new, source))
        return new, told


def _stamped(night: Night, before: tuple[NightTable, ...]) -> Night:
    """``night`` with the time of the draw on each table not in ``before`` (the core has
    no clock): `night check` tells a correction made after a later draw by it."""
    now = _now()
    return replace(
        night,
        tables=tuple(
            t if t in before or t.drawn else replace(t, drawn=now) for t in night.tables
        ),
    )


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


# -- the games a night plays ---------------------------------------------------------------------


def round_sessions(night: Night, tables: Iterable[NightTable]) -> list[tuple[Path, Session]]:
    """The session of each table: its seats in drawn order, the first dealing first, the
    night's house rules."""
    created = _now()
    return [
        (
            session_path(table.session),
            new_session(table.players, night.rules, name=table.session, created=created),
        )
        for table in tables
    ]


def _with_sessions(sessions: list[tuple[Path, Session]], then: Callable[[], None]) -> None:
    """Write every session of a round and then (``then``) the night file, or nothing:
    each name is checked free first, and if a later file cannot be written the sessions
    written are removed again."""
    # A draw (or `night new`) killed between its sessions and the night file left them
    # unnamed; the draw is the same again (seeded), so exactly those empty games are its own.
    left = [path for path, session in sessions if _left_by_a_killed_draw(path, session)]
    sessions = [(path, session) for path, session in sessions if path not in left]
    taken = [path for path, _ in sessions if os.path.lexists(path)]
    if taken:
        raise ChicagoError(
            Msg.counted(
                "the night would make the session {sessions}, which exists already; remove or rename it first, nothing was written",
                "the night would make the sessions {sessions}, which exist already; remove or rename them first, nothing was written",
                len(taken),
                sessions=", ".join(path.stem for path in taken),
            ),
        )
    written: list[Path] = []
    try:
        for path, session in sessions:
            create_session(path, session)
            written.append(path)
        then()
    except BaseException:
        if written:
            with locked(written[0].parent):
                for path in written:
                    with suppress(FileNotFoundError):
                        path.unlink()
                fsync_dir(written[0].parent)
        raise


def _left_by_a_killed_draw(path: Path, session: Session) -> bool:
    """Whether ``path`` holds exactly ``session`` as a draw writes it, nothing recorded
    (its time of writing aside): what a draw killed before its night file leaves."""
    if not os.path.isfile(path):
        return False
    try:
        found = load_session(path)
    except (ChicagoError, OSError):
        return False
    return replace(found, created="") == replace(session, created="")


def night_results(night: Night, *, indexed: bool = False) -> dict[str, GameResult]:
    """Every table's game of the night, replayed from its session file (``indexed``: through
    the league's index, store/index.py, which replays only what changed).  A session that
    is gone or does not load is refused by name."""
    paths = []
    for table in night.tables:
        path = session_path(table.session)
        if not os.path.lexists(path):
            raise ChicagoError(
                Msg(
                    "the night {night} plays {session} at table {table} of round {round}, and that session is gone from the data directory",
                    night=night.name,
                    session=table.session,
                    table=table.table,
                    round=table.round,
                ),
            )
        paths.append(path)
    games = _indexed_results(paths) if indexed else [_replayed_result(path) for path in paths]
    results: dict[str, GameResult] = {}
    for table, result in zip(night.tables, games, strict=True):
        if sorted(result.players) != sorted(table.players):
            raise ChicagoError(
                Msg(
                    "{session} does not seat the players the night {night} drew for it ({players}); was it replaced by another session?",
                    session=table.session,
                    night=night.name,
                    players=", ".join(table.players),
                ),
            )
        results[table.session] = result
    return results


def _replayed_result(path: Path) -> GameResult:
    session = load_session(path)
    return result_of(replay_file(session, path).standings())


def _indexed_results(paths: list[Path]) -> list[GameResult]:
    from .index import open_index

    with open_index() as index:
        found = index.summaries(paths)
    results = []
    for item in found:
        if item.summary is None:
            assert item.error is not None
            raise item.error
        summary = item.summary
        results.append(
            GameResult(
                players=summary.players,
                totals=dict(zip(summary.players, summary.scores, strict=True)),
                winners=summary.winners,
                forfeited=summary.forfeited,
                finished=summary.finished,
                deal=summary.deal,
            )
        )
    return results


def night_sessions(night: Night) -> dict[str, Session]:
    """Every game of the night as recorded (`night check`, `night close`), each file read
    and validated; a game that is gone is refused by name, as `night_results` does."""
    night_results(night)  # the refusals, by name
    return {t.session: load_session(session_path(t.session)) for t in night.tables}


def changed_times(night: Night) -> dict[str, float]:
    """When each game's file of the night last changed (seconds since the epoch)."""
    return {t.session: os.stat(session_path(t.session)).st_mtime for t in night.tables}


def night_findings(night: Night) -> list[Finding]:
    """What `night check` lists for ``night`` (the command and the keeper's page alike):
    every game read, with when its file last changed."""
    from ..core.night_check import check_night

    return check_night(night, night_sessions(night), changed_times(night))


def night_amendments(night: Night) -> tuple[Amendment, ...]:
    """What was changed in the night's games after it was closed (nothing is read for a
    night that was never closed)."""
    if not night.closes:
        return ()
    from ..core.night_close import amendments

    return amendments(night, night_sessions(night))
