"""Why the system refused a file, in the reader's language.

An `OSError` carries the system's reason in English (``strerror``, "No such file or
directory"), whatever the locale of a Python program.  `reason` gives it as a parameter of
a message (`Msg`, `t`) that is rendered in the message's language: in English the
system's own words, in another the catalogue's for its ``errno``.  A reason the catalogue
has no entry for, or one the program wrote itself (``OSError(EINVAL, "it is not a plain
file")``), stays as it is.
"""

from __future__ import annotations

import errno
import os

from .language import N_, Msg

# The errors a command meets on files, folders, locks and ports, each by the words glibc
# gives it (the message id; the English shown is always the system's own).
_REASONS = {
    errno.ENOENT: N_("No such file or directory"),
    errno.EACCES: N_("Permission denied"),
    errno.EPERM: N_("Operation not permitted"),
    errno.EISDIR: N_("Is a directory"),
    errno.ENOTDIR: N_("Not a directory"),
    errno.EEXIST: N_("File exists"),
    errno.ENOTEMPTY: N_("Directory not empty"),
    errno.ENOSPC: N_("No space left on device"),
    errno.EDQUOT: N_("Disk quota exceeded"),
    errno.EROFS: N_("Read-only file system"),
    errno.ENAMETOOLONG: N_("File name too long"),
    errno.ELOOP: N_("Too many levels of symbolic links"),
    errno.EIO: N_("Input/output error"),
    errno.EBUSY: N_("Device or resource busy"),
    errno.ETXTBSY: N_("Text file busy"),
    errno.EXDEV: N_("Invalid cross-device link"),
    errno.EMFILE: N_("Too many open files"),
    errno.EINVAL: N_("Invalid argument"),
    errno.EADDRINUSE: N_("Address already in use"),
    errno.EADDRNOTAVAIL: N_("Cannot assign requested address"),
    errno.ECONNREFUSED: N_("Connection refused"),
}


class SystemReason:
    """An `OSError`'s reason, said in the language its message is rendered in."""

    __slots__ = ("errno", "strerror")

    def __init__(self, error: OSError) -> None:
        self.errno = error.errno
        self.strerror = error.strerror or str(error)

    def localized(self, lang: str) -> str:
        msgid = _REASONS.get(self.errno) if self.errno is not None else None
        if lang == "en" or msgid is None or self.strerror != os.strerror(self.errno or 0):
            return self.strerror
        return Msg(msgid).localized(lang)

    def __str__(self) -> str:
        return self.localized("en")


def reason(error: OSError) -> SystemReason:
    """``error``'s reason, for a message's ``{strerror}``."""
    return SystemReason(error)
