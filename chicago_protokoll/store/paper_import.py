"""`chicago import FILE`: a typed-up paper protocol into a session file, all or nothing.

The file is read as any file a user names is (a regular file, bounded; UTF-8 with or
without its BOM); `core.paper` reads its rows and lays them on the replayed session;
the session is written once, under the lock, only if a row was new.
"""

from __future__ import annotations

from pathlib import Path

from ..core.errors import ChicagoError
from ..core.paper import Imported, import_rows, read_protocol
from ..core.session import Session
from ..i18n.language import Msg
from ..i18n.os_errors import reason
from .regularfile import SESSION_LIMIT, NotReadable, read_bounded
from .sessionfile import load_session, replay_file, transact_returning


def read_paper(path: Path) -> str:
    """The text of the protocol file ``path``; refused by name when it cannot be read."""
    try:
        data = read_bounded(path, SESSION_LIMIT)
    except NotReadable as error:
        raise ChicagoError(
            Msg("cannot read {path}: {reason}", path=str(path), reason=Msg(error.what, **error.params))
        ) from None
    except OSError as error:
        raise ChicagoError(
            Msg("cannot read {path}: {strerror}", path=str(path), strerror=reason(error))
        ) from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ChicagoError(
            Msg("cannot read {path}: it is not UTF-8 text; save the protocol as CSV UTF-8", path=str(path))
        ) from None


def _imported(session: Session, path: Path, text: str) -> Imported:
    replay_file(session, path)  # a session that does not add up is refused by its name first
    rules = session.rules.game
    return import_rows(session, read_protocol(text, rules.scored_buys, session.players))


def import_paper(path: Path, text: str, *, dry_run: bool = False) -> Imported:
    """Lay the protocol ``text`` on the session at ``path``; with ``dry_run`` nothing is
    written.  Nothing is written either when every row was recorded already."""
    if dry_run:
        return _imported(load_session(path), path, text)

    def change(old: Session) -> tuple[Session, Imported]:
        done = _imported(old, path, text)
        return done.session, done

    return transact_returning(path, change)[1]
