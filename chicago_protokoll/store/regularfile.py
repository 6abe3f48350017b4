"""Reading a file that may be anything: only a regular file, and only so much of it.

A path given as a session or rules file may name a FIFO (reading blocks forever), a
device such as ``/dev/zero`` (reading never ends) or a directory.  `read_bounded` opens
without blocking, looks at what it opened (``fstat``) and reads at most ``limit + 1``
bytes, so each of these is refused at once, by name.  Imports nothing beyond ``os`` and
``stat``: the TAB-completion fast path reads session files with it too.
"""

from __future__ import annotations

import os
import stat

#: The largest session file read: a long evening is tens of kilobytes; this leaves
#: room for years of corrections while keeping any file's parse under a second or so.
SESSION_LIMIT = 8 * 1024 * 1024
#: The largest house-rules file read (a few dozen keys and their comments).
RULES_LIMIT = 1024 * 1024


def N_(msgid: str) -> str:
    """Marks a message id of the catalogue, as i18n.language.N_ does (the fast path imports
    only fast): the store renders it in the reader's language."""
    return msgid


class NotReadable(Exception):
    """The path is not a regular file, or is larger than the limit.  ``what`` is the
    reason as a clause after "it", a message id filled in from ``params``."""

    def __init__(self, what: str, **params: int) -> None:
        self.what = what
        self.params = params
        super().__init__(what.format(**params))


def kind_of(mode: int) -> str:
    """What a file of ``mode`` is that is not a regular file, as a clause after "it"."""
    if stat.S_ISDIR(mode):
        return N_("it is a directory, not a file")
    if stat.S_ISFIFO(mode):
        return N_("it is a named pipe (FIFO), not a file")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return N_("it is a device, not a file")
    if stat.S_ISSOCK(mode):
        return N_("it is a socket, not a file")
    return N_("it is a special file, not a file")


def read_bounded(
    path: str | os.PathLike[str], limit: int, *, follow: bool = True, dir_fd: int | None = None
) -> bytes:
    """The bytes of the regular file at ``path``; `NotReadable` if it is something else or
    larger than ``limit`` bytes.  With ``follow=False`` a symbolic link is refused
    (``OSError`` ELOOP) instead of read through.  ``dir_fd``: ``path`` is relative to that
    open folder (as `os.open` takes it).  Other errors are the ``OSError`` of the system
    call (``FileNotFoundError``...)."""
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NOCTTY", 0)
    if not follow:
        flags |= getattr(os, "O_NOFOLLOW", 0)
    fd = os.open(path, flags, dir_fd=dir_fd)
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise NotReadable(kind_of(mode))
        chunks: list[bytes] = []
        size = 0
        while size <= limit:
            chunk = os.read(fd, min(1024 * 1024, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:
            raise NotReadable(
                N_("it is larger than {size} KiB, far more than such a file holds"),
                size=limit // 1024,
            )
        return b"".join(chunks)
    finally:
        os.close(fd)
