"""The text of a session file (or a night's), read as `sessionfile` reads it, and nothing more.

Bounded (`regularfile.SESSION_LIMIT`), a link in the data directory not followed, UTF-8
(with or without a byte order mark); each way a file cannot be read is a refusal that
names it.  Apart from `sessionfile` so that what only needs the text imports no part of
the scoring model: the league's index (store/index.py) knows a file it has a row for by
its text alone, and `sessions` answers from that row (tests/cli/test_latency_imports.py).
"""

from __future__ import annotations

import errno
from collections.abc import Callable
from pathlib import Path

from ..core.errors import SessionFileError
from ..i18n.language import Msg
from ..i18n.os_errors import reason
from .locations import display_path, in_data_dir, link_refused
from .regularfile import SESSION_LIMIT, NotReadable, read_bounded


def read_text(path: Path, source: str) -> str:
    """The text of the session file at ``path``; ``source`` names it in a refusal."""
    return read_text_file(
        path,
        source,
        limit=SESSION_LIMIT,
        follow=not in_data_dir(path),
        not_a_file=lambda what: SessionFileError(
            Msg("{source} is not a session file: {what}", source=source, what=what)
        ),
        not_text=SessionFileError(
            Msg(
                "{source} is not a chicago-protokoll session file: it is not UTF-8 text; it may be damaged",
                source=source,
            ),
        ),
    )


def read_text_file(
    path: Path,
    source: str,
    *,
    limit: int,
    follow: bool,
    not_a_file: Callable[[Msg], SessionFileError],
    not_text: SessionFileError,
) -> str:
    """A file of ours (a session, a night) as text, read at most ``limit`` bytes and
    without following a link in the data directory; each way it cannot be read is a
    refusal naming it (``not_a_file`` words "not a … file", ``not_text`` bad UTF-8)."""
    try:
        raw = read_bounded(path, limit, follow=follow)
    except FileNotFoundError:
        raise type(not_text)(Msg("{source} does not exist", source=source)) from None
    except NotReadable as error:
        raise not_a_file(Msg(error.what, **error.params)) from None
    except OSError as error:
        if not follow and error.errno == errno.ELOOP:
            raise link_refused(source) from None
        raise type(not_text)(
            Msg("{source} cannot be read: {strerror}", source=source, strerror=reason(error)),
        ) from None
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise not_text from None


def read_session_text(path: Path) -> tuple[str, str]:
    """The text of the session file at ``path``, read as `load_session` reads it (the
    same refusals), and the name messages give the file."""
    source = display_path(path)
    return read_text(path, source), source
