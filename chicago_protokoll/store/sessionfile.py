"""Session files on disk: read, validated, written atomically and locked.

This is the only module that writes session files, and with `sessiontext` (the text of
one, read as this module reads it) the only one that reads them.  The guarantees:

- A file is read completely and validated before anything is done with it.
  A file that is corrupt, cut short, hand-edited into nonsense or written by a
  newer version is refused with a `SessionFileError` naming the file, and no
  code path here writes to a file that did not load (`save_session` and
  `transact` load the old file first, under the lock).
- Writes are atomic and read-modify-write holds the directory lock (`store.atomic`).

Start-up time matters (every ``chicago`` command imports this): module-level
imports are the standard library and the core only; ``tomllib``, ``tomli_w``
and ``platformdirs`` are imported where they are needed.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import TypeVar

from ..core import ids
from ..core.errors import ChicagoError, SessionFileError
from ..core.game import Game
from ..core.session import Session
from ..core.standings import Standings
from ..i18n.language import Msg
from .atomic import LOCK_TIMEOUT, locked, make_dir, write_file
from .fileformat import dumps_session, loads_session, session_problem
from .fileids import ids_problem
from .locations import display_path, real_path
from .sessiontext import read_session_text, read_text

T = TypeVar("T")


class SessionExistsError(ChicagoError):
    """A new session would overwrite a session file that is already there."""



def load_session(path: Path) -> Session:
    """Read and validate the session file at ``path``; `SessionFileError` names the file."""
    text, source = read_session_text(path)
    return loads_session(text, source)


def _write_session(real: Path, session: Session, source: str) -> Session:
    """Write ``session`` with an id on everything (`ids.identified`); the session as
    written."""
    session = ids.identified(session)
    problem = session_problem(session) or ids_problem(session)
    if problem:
        raise ChicagoError(
            Msg("refusing to write {source}: {problem}", source=source, problem=problem),
        )
    write_file(real, dumps_session(session).encode(), source)
    return session


def transact(
    path: Path, change: Callable[[Session], Session], *, timeout: float = LOCK_TIMEOUT
) -> Session:
    """Load, ``change``, save, all under the directory lock; returns the session as saved.

    If the file does not load, or ``change`` raises, nothing is written and the
    file stays byte-for-byte the same.  If ``change`` returns an equal session,
    nothing is written either.
    """
    return transact_returning(path, lambda old: (change(old), None), timeout=timeout)[0]


def transact_returning(
    path: Path,
    change: Callable[[Session], tuple[Session, T]],
    *,
    timeout: float = LOCK_TIMEOUT,
) -> tuple[Session, T]:
    """`transact` for a change that also has something to tell: ``change`` returns the
    new session and its result, which comes back with the session as saved.

    The same guarantees: nothing is written when the file does not load or ``change``
    raises, or when the session is unchanged.
    """
    real = real_path(path)
    source = display_path(path)
    if not real.parent.is_dir():
        raise SessionFileError(Msg("{source} does not exist", source=source))
    with locked(real.parent, timeout=timeout):
        old = loads_session(read_text(real, source), source)
        new, result = change(old)
        if new != old:
            new = _write_session(real, new, source)
        return new, result


def save_session(path: Path, session: Session, *, timeout: float = LOCK_TIMEOUT) -> None:
    """Write ``session`` to ``path`` under the lock; an existing file must load first,
    so a damaged or newer-format file is refused, never overwritten."""
    real = real_path(path)
    source = display_path(path)
    make_dir(real.parent)
    with locked(real.parent, timeout=timeout):
        if os.path.lexists(real):
            loads_session(read_text(real, source), source)
        _write_session(real, session, source)


def create_session(path: Path, session: Session, *, timeout: float = LOCK_TIMEOUT) -> Session:
    """Write a new session file, refusing (`SessionExistsError`) if ``path`` exists.

    An empty ``created`` is set to now (UTC, to the second).  Returns the session
    as written.
    """
    real = real_path(path)
    make_dir(real.parent)
    with locked(real.parent, timeout=timeout):
        return create_locked(path, session)


def create_locked(path: Path, session: Session) -> Session:
    """`create_session` for a caller that holds the lock of the file's directory already
    (the next game: `recording.next_game` chooses the name under it)."""
    if not session.created:
        now = datetime.now(UTC).replace(microsecond=0).isoformat()
        session = replace(session, created=now)
    real = real_path(path)
    source = display_path(path)
    if os.path.lexists(real):
        raise SessionExistsError(
            Msg(
                "{source} already exists: choose another name, or remove that session first",
                source=source,
            ),
        )
    return _write_session(real, session, source)


# -- replaying what was read -------------------------------------------------------


def replay_file(session: Session, path: Path) -> Game:
    """Replay a session read from ``path``.  An event in the file that the rules refuse (a
    hand edit gone wrong) refuses the file by name, so nothing builds on it or rewrites it."""
    return replay_file_keeping(session, path, -1)[0]


def replay_file_keeping(session: Session, path: Path, count: int) -> tuple[Game, Standings | None]:
    """`replay_file`, and on the way the standings after the file's first ``count`` events
    (None unless 0 <= ``count`` <= their number): what `undo` shows once the last events
    are taken back, from the one replay that checks the whole file adds up."""
    game = Game(session)
    kept = game.standings() if count == 0 else None
    for number, event in enumerate(session.events, start=1):
        try:
            game.apply(event)
        except ChicagoError as error:
            where = display_path(path)
            raise SessionFileError(
                Msg(
                    "{where} does not add up: event {number} (deal {deal}) breaks a rule: {error}; was the file edited by hand?",
                    where=where,
                    number=number,
                    deal=event.deal,
                    error=error,
                ),
            ) from None
        if number == count:
            kept = game.standings()
    return game, kept
