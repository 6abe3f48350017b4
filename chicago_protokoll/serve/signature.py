"""How a watched file is seen to change: its signature (inode, mtime_ns, size), read by one
``stat``.  The session's board (`board`) and the club night's (`nightboard`) both compare
it at every look, so a write by any `chicago` command, an atomic replacement and an
editor's save are all seen, and an unchanged file costs nothing more."""

from __future__ import annotations

import os
from pathlib import Path

#: A file's (inode, mtime_ns, size), or None when it is not there.
Signature = tuple[int, int, int] | None


def file_signature(path: Path | None) -> Signature:
    if path is None:
        return None
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_ino, st.st_mtime_ns, st.st_size)
