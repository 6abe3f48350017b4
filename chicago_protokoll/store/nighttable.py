"""Writing a session that may be a club night's table: the night's lock first, a
finished game is never reopened once a later round was drawn from it, and nothing is
recorded into a game of a night that is closed.

cli.md ("The night's stages"): a finished game of a night cannot be reopened (`undo`, an
`edit` that would make it unfinished) once a later round or the final has been drawn from
it; a correction that keeps it finished is allowed and the standings follow.  Reopened,
the game silently dropped out of the night's standings, the final's seats and the
evening's money, while the night still said it was over.

The check and the draw must see one state: `night draw` judges the games under the nights
lock, so every write of a night's table takes the nights lock too, before the sessions
lock (the order `night draw` takes them in, so two commands never wait on each other).
Either the undo comes first (and the draw then finds the table still playing) or the draw
does (and the undo is refused).

Only a session in the data directory whose name a night makes (``NAME-rR-tT``,
``NAME-final``, ``NAME-sS-tT-gG``), with that night's file present, pays for any of this: every other write
goes straight to `sessionfile.transact_returning`, without importing the night's modules
(`chicago deal` starts sooner, docs/latency.md).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from ..core.errors import ChicagoError
from ..i18n.language import Msg
from .atomic import LOCK_TIMEOUT, locked
from .locations import data_dir, sessions_dir
from .sessionfile import transact_returning

if TYPE_CHECKING:
    from ..core.night import Night
    from ..core.session import Session

T = TypeVar("T")


def transact(
    path: Path,
    change: Callable[[Session], tuple[Session, T]],
    *,
    timeout: float = LOCK_TIMEOUT,
) -> tuple[Session, T]:
    """`sessionfile.transact_returning`, and for a night's table under the nights lock,
    refusing a change that would reopen a game a later draw was made from."""
    night_file = _night_file(path)
    if night_file is None:
        return transact_returning(path, change, timeout=timeout)
    with locked(night_file.parent, timeout=timeout):
        return transact_returning(path, _guarded(night_file, path, change), timeout=timeout)


def judge(path: Path, change: Callable[[Session], tuple[Session, T]]) -> tuple[Session, T]:
    """What `transact` would write, worked out and written nowhere (``edit --dry-run``):
    a night's table is judged by the same guards, so a dry run says what the real run
    would refuse after the night's close or a later draw."""
    from .sessionfile import load_session

    night_file = _night_file(path)
    current = load_session(path)
    if night_file is None:
        return change(current)
    return _guarded(night_file, path, change)(current)


def _guarded(
    night_file: Path, path: Path, change: Callable[[Session], tuple[Session, T]]
) -> Callable[[Session], tuple[Session, T]]:
    """``change`` with the night's guards around it, the night as its file says now."""
    from . import nightfile

    night = nightfile.load_night(night_file)
    drawn = later_draw(night, path.stem)
    if drawn is None and night.closed is None:

        def open_night(old: Session) -> tuple[Session, T]:
            new, told = change(old)
            _refuse_amendment_when_open(night, path.stem, old, new)
            return new, told

        return open_night

    def guarded(old: Session) -> tuple[Session, T]:
        new, told = change(old)
        if new == old:
            return new, told
        if night.closed is None:
            _refuse_amendment_when_open(night, path.stem, old, new)
        else:
            refuse_after_close(night, path.stem, old, new)
            new = stamped(old, new, now())
        if drawn is not None and _finished(old) and not _finished(new):
            raise ChicagoError(
                Msg(
                    "the game {session} cannot be reopened: the night {night} drew {draw} after it ended; a correction that keeps the game finished is allowed, nothing was changed",
                    session=path.stem,
                    night=night.name,
                    draw=drawn,
                ),
            )
        return new, told

    return guarded


def closed_night(path: Path) -> Night | None:
    """The night whose table ``path`` is, when that night is closed; else None (most
    sessions: decided by the name, without reading anything)."""
    night_file = _night_file(path)
    if night_file is None:
        return None
    from . import nightfile

    night = nightfile.load_night(night_file)
    if night.closed is None or path.stem not in night.sessions():
        return None
    return night


def refuse_after_close(night: Night, session: str, old: Session, new: Session) -> None:
    """After ``night close`` a game of the night is neither recorded into nor reopened
    (cli.md, "its check and its close"): what may still change it is a correction with a
    reason, a penalty or a forfeit (after the game's end: their ``after_end``) — each
    listed after the result.  A note is refused as every recording is (cli.md, "Added in
    the fifth round"): the amendments are the revisor's, each with its reason."""
    from ..core.events import Forfeit, Penalty

    closed = night.closed
    assert closed is not None
    added = new.events[len(old.events) :]
    corrected = len(new.corrections) > len(old.corrections)
    if corrected:
        if not new.corrections[-1].reason:
            raise ChicagoError(
                Msg(
                    "the night {night} was closed at {at}: a correction of {session} now needs --reason TEXT (it is listed as an amendment after the result); nothing was changed",
                    night=night.name,
                    at=closed.at,
                    session=session,
                ),
            )
        if _finished(old) and not _finished(new):
            raise ChicagoError(
                Msg(
                    "the game {session} cannot be reopened: the night {night} was closed at {at}; nothing was changed",
                    session=session,
                    night=night.name,
                    at=closed.at,
                ),
            )
        return
    if new.events[: len(old.events)] == old.events and all(
        isinstance(event, Penalty | Forfeit) for event in added
    ):
        return
    raise ChicagoError(
        Msg(
            "the night {night} was closed at {at}: nothing is recorded into or taken back from {session} (`chicago night close --reopen --reason TEXT` opens it again); nothing was changed",
            night=night.name,
            at=closed.at,
            session=session,
        ),
    )


def now() -> str:
    """The time an amendment is written (ISO 8601, UTC, seconds), as a correction's."""
    from datetime import UTC, datetime

    return datetime.now(UTC).isoformat(timespec="seconds")


def stamped(old: Session, new: Session, at: str) -> Session:
    """``new`` with the time ``at`` on each amendment it adds to ``old`` (a penalty or a
    forfeit after the game's end): the night lists its amendments in time order, and the
    store, not the core, has a clock."""
    from dataclasses import replace

    from ..core.events import Forfeit, Penalty

    if new.events[: len(old.events)] != old.events:
        return new
    added = tuple(
        replace(event, at=at)
        if isinstance(event, Penalty | Forfeit) and event.after_end and not event.at
        else event
        for event in new.events[len(old.events) :]
    )
    return replace(new, events=(*new.events[: len(old.events)], *added))


def _refuse_amendment_when_open(night: Night, session: str, old: Session, new: Session) -> None:
    """A penalty or forfeit after the game's end is an amendment of a closed night only:
    refused when the night was opened again before it was written."""
    from ..core.events import Forfeit, Penalty

    added = new.events[len(old.events) :]
    if any(isinstance(event, Penalty | Forfeit) and event.after_end for event in added):
        raise ChicagoError(
            Msg(
                "the night {night} is not closed: a penalty or forfeit after the end of {session} is recorded only as an amendment of a closed night; nothing was changed",
                night=night.name,
                session=session,
            ),
        )


def later_draw(night: Night, session: str) -> Msg | None:
    """What the night drew after the table playing ``session`` ("round 2", "the final";
    on a night of stages the table's next game, or the next stage), or None while nothing
    was (or the session is not the night's)."""
    if night.games_per_table:
        return _later_stage_draw(night, session)
    mine = [table.round for table in night.tables if table.session == session]
    if not mine:
        return None
    later = sorted({table.round for table in night.tables if table.round > mine[0]})
    if not later:
        return None
    if later[0] > night.rounds:
        return Msg("the final")
    return Msg("round {round}", round=later[0])


def _later_stage_draw(night: Night, session: str) -> Msg | None:
    mine = next((t for t in night.tables if t.session == session), None)
    if mine is None:
        return None
    if any(t.stage > mine.stage for t in night.tables):
        return Msg("stage {stage}", stage=mine.stage + 1)
    if any(t.stage == mine.stage and t.table == mine.table and t.game > mine.game for t in night.tables):
        return Msg("game {game} of table {table}", game=mine.game + 1, table=mine.table)
    return None


def _finished(session: Session) -> bool:
    from ..core.game import replay

    return replay(session).finished


def _night_file(path: Path) -> Path | None:
    """The file of the night whose table ``path`` may be, or None (most sessions: decided
    by the name and one `stat`, without reading anything)."""
    name = path.stem
    # A fast "no" for most names; the exact reading of a table's name is the night's.
    if not (
        name.endswith("-final")
        or ("-r" in name and "-t" in name)
        or ("-s" in name and "-t" in name and "-g" in name)
    ):
        return None
    nights = data_dir() / "nights"
    if not os.path.isdir(nights):
        return None
    try:
        here = os.path.realpath(os.path.dirname(os.path.abspath(path)))
        if here != os.path.realpath(sessions_dir()):
            return None  # a --file elsewhere is no night's table
    except OSError:
        return None
    from ..core.night import night_of_session

    night = night_of_session(name)
    if night is None:
        return None
    candidate = nights / f"{night}.toml"
    return candidate if os.path.lexists(candidate) else None
