"""The session catalogue: the current session, the list of sessions, removal,
and which file a command works on.

Reading the pointer, listing the sessions and resolving the file a command works on live
in `locations` (TAB completion reads them without this module's writing machinery, and a
kept answer is looked up by the resolved file before the model is imported); they are this
module's API too."""

from __future__ import annotations

import os
from contextlib import suppress
from pathlib import Path

from ..core.errors import ChicagoError
from ..core.session import Session
from ..i18n.language import Msg
from ..i18n.os_errors import reason
from .atomic import fsync_dir, locked, write_atomic
from .locations import (
    check_session_name,
    data_dir,
    display_path,
    get_current,
    list_sessions,
    resolve,
    session_path,
)
from .locations import current_file as _current_file
from .sessionfile import create_session

__all__ = [
    "create_current",
    "get_current",
    "list_sessions",
    "remove_session",
    "resolve",
    "set_current",
]


def set_current(name: str) -> None:
    """Make ``name`` the current session (the pointer file ``data_dir()/current``)."""
    write_pointer(_current_file(), name)


def write_pointer(path: Path, name: str) -> None:
    """Point a pointer file (the current session, the current night) at ``name``."""
    name = check_session_name(name)
    try:
        data_dir().mkdir(parents=True, exist_ok=True)
        write_atomic(path, f"{name}\n".encode())
    except OSError as error:
        raise ChicagoError(
            Msg(
                "could not write {current_file}: {strerror}",
                current_file=display_path(path),
                strerror=reason(error),
            ),
        ) from None


def create_current(name: str, session: Session) -> Session:
    """Create the session file of ``name`` and make it current: both or neither.  If the
    pointer cannot be moved, the new file is removed again and the message says so (a
    half-made session would take the next deals while the pointer names the old one)."""
    path = session_path(name)
    saved = create_session(path, session)
    try:
        set_current(name)
    except BaseException as error:
        with locked(path.parent), suppress(FileNotFoundError):
            path.unlink()
        if not isinstance(error, ChicagoError):
            raise
        raise ChicagoError(
            Msg(
                "{error}; the new session {path} was removed again, nothing changed",
                error=error,
                path=display_path(path),
            ),
        ) from None
    return saved


def remove_session(name: str) -> Path:
    """Delete the session ``name`` (even a damaged one); clears the pointer if it pointed there."""
    path = session_path(name)
    name = path.stem
    if not os.path.lexists(path):
        raise ChicagoError(
            Msg("there is no session '{name}' ({path})", name=name, path=display_path(path)),
        )
    with locked(path.parent):
        # The pointer goes first: a page or command that reads between the two steps
        # sees "no current session" (the final state), never a pointer to a missing file.
        pointed = get_current() == name
        if pointed:
            with suppress(FileNotFoundError):
                _current_file().unlink()
        try:
            path.unlink()
        except OSError as error:
            if pointed:  # nothing was removed: the pointer comes back
                set_current(name)
            if isinstance(error, FileNotFoundError):
                raise ChicagoError(
                    Msg("there is no session '{name}' ({path})", name=name, path=display_path(path)),
                ) from None
            raise ChicagoError(
                Msg(
                    "could not remove {path}: {strerror}",
                    path=display_path(path),
                    strerror=reason(error),
                ),
            ) from None
        fsync_dir(path.parent)
    return path
