"""Writing an export file: atomically, never over a session file, and only as a regular file.

Every ``-o FILE`` (``export``, ``night cards``, ``night status``, ``stats``, ``settle
--evening``) goes through `write_export`; the commands reach it through
`cli.output.emit`.  (``publish`` owns its folder and follows no link in it:
`store.publish`.)  The file is replaced by a rename, which would put a
regular file in the place of a device, a FIFO or a socket (as root, ``-o /dev/full``
replaced the system's ``/dev/full``): anything that is, or links to, something other than
a regular file is refused; a link to a regular file is written through (the link stays,
its target is replaced).
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from ..core.errors import ChicagoError
from ..i18n.language import Msg
from .atomic import write_text
from .fileformat import FORMAT as SESSION_FORMAT
from .locations import in_data_dir


def write_export(path: Path, text: str, *, session_path: Path, made_from: Msg | None = None) -> None:
    """Write an export to ``path`` atomically, refusing every way it could destroy a game:
    ``path`` is the exported session's own file (by any spelling or link), a file in the
    data directory, or any existing session file.  The folder must exist (a mistyped
    folder is an error, not a new folder).  ``made_from`` says what ``session_path`` is
    when it is not a session being exported (a night's file), as "it is {made_from}"."""
    source = str(path)
    parent = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(parent):
        raise ChicagoError(
            Msg(
                "cannot write {source}: the folder {parent} does not exist; nothing was written",
                source=source,
                parent=parent,
            ),
        )
    real = Path(os.path.realpath(path))
    if _same_file(real, session_path) or in_data_dir(path) or in_data_dir(real):
        where = (
            (made_from or Msg("the session being exported"))
            if _same_file(real, session_path)
            else Msg("in chicago-protokoll's data directory, where the sessions live")
        )
        raise ChicagoError(
            Msg(
                "refusing to write the export over {source}: it is {where}; choose another file, nothing was written",
                source=source,
                where=where,
            )
        )
    if _is_session_file(real):
        raise ChicagoError(
            Msg(
                "refusing to write the export over {source}: it is a chicago-protokoll session file; choose another file, nothing was written",
                source=source,
            ),
        )
    with _terminated_as_interrupt():
        write_text(real, text, source)


@contextmanager
def _terminated_as_interrupt() -> Iterator[None]:
    """SIGTERM and SIGHUP raise KeyboardInterrupt while an export is written, so
    `write_atomic` removes its temporary file (SIGKILL cannot be caught: the next write
    beside it cleans up, see `_clean_stale_temps`)."""
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def interrupt(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    old = {sig: signal.signal(sig, interrupt) for sig in (signal.SIGTERM, signal.SIGHUP)}
    try:
        yield
    finally:
        for sig, handler in old.items():
            signal.signal(sig, handler)


def _same_file(a: Path, b: Path) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return os.path.realpath(a) == os.path.realpath(b)


def _is_session_file(path: Path) -> bool:
    """Whether an existing ``path`` starts as a session file does (its format line)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError:
        return False
    try:
        head = os.read(fd, 4096) if stat.S_ISREG(os.fstat(fd).st_mode) else b""
    except OSError:
        return False
    finally:
        os.close(fd)
    return f'"{SESSION_FORMAT}"'.encode() in head
