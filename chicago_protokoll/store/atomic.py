"""Atomic writes and the directory write lock: how every file the program writes is written.

- Writes are atomic: a temporary file in the same directory is written,
  flushed and fsynced, then `os.replace`d over the old one, and the directory
  is fsynced.  A crash at any moment leaves the old file or the new one.
  A crash can leave a temporary ``.NAME.toml.XXXX.tmp`` behind; listings
  ignore it.
- Read-modify-write (`transact`) holds an exclusive `fcntl.flock` on
  ``.chicago-protokoll.lock`` in the session file's directory, so two
  commands recording at the same moment never lose an event.  Why one lock
  file per directory rather than a lock on the session file or a sidecar
  ``NAME.toml.lock``: the session file's inode changes on every save
  (os.replace), so a process waiting on it would wake up holding a lock on a
  dead file; a sidecar per session cannot be deleted with its session without
  racing a waiter (who would then lock an unlinked inode while a third
  process creates a fresh one) and leaves visible litter next to ``--file``
  paths.  A hidden per-directory file is never replaced or deleted, works
  where ``flock`` on a directory descriptor does not (NFS emulates flock with
  byte-range locks, which need a writable descriptor), and costs nothing but
  serialising writers of different sessions in one directory for the few
  milliseconds a save takes.  Readers take no lock: atomic replacement means
  they always see a whole file.
"""

from __future__ import annotations

import errno
import os
import stat
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

from ..core.errors import ChicagoError, SessionFileError
from ..i18n.language import Msg
from ..i18n.os_errors import reason
from .locations import display_path, link_refused, real_path
from .regularfile import N_, kind_of

try:
    import fcntl
except ImportError:  # not a POSIX system: reading works, recording refuses (see `locked`)
    fcntl = None  # type: ignore[assignment]

_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)

LOCK_NAME = ".chicago-protokoll.lock"
LOCK_TIMEOUT = 10.0


def fsync_dir(directory: Path) -> None:
    """Make a rename or unlink in ``directory`` survive a crash."""
    fd = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def write_file(target: Path, data: bytes, source: str) -> None:
    """`write_atomic`, a failure said as one sentence naming the file (``source``): the
    one "could not write" of the session and night files."""
    try:
        write_atomic(target, data)
    except OSError as error:
        raise ChicagoError(
            Msg(
                "could not write {source}: {strerror}; the file on disk is unchanged",
                source=source,
                strerror=reason(error),
            ),
        ) from None


def write_atomic(target: Path, data: bytes) -> None:
    """Replace ``target`` with ``data`` so that a crash leaves the old file or the new one."""
    directory = target.parent
    temp = directory / f".{target.name[:32]}.{os.urandom(6).hex()}.tmp"
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o666)
    try:
        with os.fdopen(fd, "wb") as handle:
            with suppress(FileNotFoundError):
                os.fchmod(handle.fileno(), os.stat(target).st_mode & 0o7777)
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, target)
    except BaseException:
        with suppress(OSError):
            os.unlink(temp)
        raise
    fsync_dir(directory)
    _clean_stale_temps(directory, target.name)


#: A temporary file older than this is left from a killed write, not one under way.
STALE_TEMP_SECONDS = 60.0


def _clean_stale_temps(directory: Path, name: str) -> None:
    """Remove the temporary files a killed write of ``name`` left beside it (SIGKILL, a
    power cut): ``.NAME.<12 hex>.tmp``, older than `STALE_TEMP_SECONDS`."""
    prefix = f".{name[:32]}."
    try:
        entries = [e for e in os.scandir(directory) if e.name.startswith(prefix)]
    except OSError:
        return
    now = time.time()
    for entry in entries:
        middle = entry.name[len(prefix) : -len(".tmp")]
        if not entry.name.endswith(".tmp") or len(middle) != 12:
            continue
        if not all(c in "0123456789abcdef" for c in middle):
            continue
        with suppress(OSError):
            if now - entry.stat(follow_symlinks=False).st_mtime > STALE_TEMP_SECONDS:
                os.unlink(entry.path)


def make_dir(directory: Path) -> None:
    """Create ``directory`` (and its parents); `ChicagoError` names it if that fails."""
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise ChicagoError(
            Msg(
                "cannot create {directory}: {strerror}",
                directory=display_path(directory),
                strerror=reason(error),
            ),
        ) from None


@contextmanager
def locked(directory: Path, *, timeout: float = LOCK_TIMEOUT) -> Iterator[None]:
    """Hold the exclusive write lock of a sessions directory (see the module docstring)."""
    if fcntl is None:
        raise ChicagoError(
            Msg(
                "recording needs file locking as POSIX systems have it (Linux, macOS, the BSDs); this system has none, so nothing was written",
            ),
        )
    lock_path = directory / LOCK_NAME
    try:
        # O_NOFOLLOW: a link planted as the lock file must not make us create a file
        # wherever it points.
        fd = os.open(lock_path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC | os.O_NONBLOCK | _NOFOLLOW, 0o666)
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            os.close(fd)
            raise OSError(errno.EINVAL, "it is not a plain file")
    except FileNotFoundError:
        raise SessionFileError(
            Msg("{directory} does not exist", directory=display_path(directory))
        ) from None
    except OSError as error:
        if error.errno == errno.ELOOP:
            raise link_refused(display_path(lock_path)) from None
        raise ChicagoError(
            Msg(
                "cannot lock {lock_path}: {strerror}",
                lock_path=display_path(lock_path),
                strerror=reason(error),
            ),
        ) from None
    try:
        deadline = time.monotonic() + timeout
        delay = 0.001
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() > deadline:
                    raise ChicagoError(
                        Msg(
                            "another chicago command has been writing in {directory} for {timeout:g} seconds; try again when it is done",
                            directory=display_path(directory),
                            timeout=timeout,
                        ),
                    ) from None
                time.sleep(delay)
                delay = min(delay * 2, 0.02)
        yield
    finally:
        os.close(fd)  # closing the descriptor releases the lock


def write_text_atomic(path: Path, text: str) -> None:
    """Write an export or rules file atomically: the old file or the new one, never half."""
    real = real_path(path)
    make_dir(real.parent)
    write_text(real, text, str(path))


def write_text(real: Path, text: str, source: str) -> None:
    """`write_atomic` of UTF-8 text to the resolved path ``real``; an OS error becomes a
    `ChicagoError` naming ``source``, the path as the user gave it.  Only a regular file
    (or none yet) is replaced: see `check_regular_target`."""
    check_regular_target(real, source)
    try:
        write_atomic(real, text.encode("utf-8"))
    except OSError as error:
        raise ChicagoError(
            Msg(
                "could not write {source}: {strerror}; nothing was written",
                source=source,
                strerror=reason(error),
            ),
        ) from None


def check_regular_target(real: Path, source: str) -> None:
    """Refuse to replace ``real`` (links already resolved) unless it is a regular file or
    does not exist yet; ``source`` is the path as the user gave it.  The rename would put
    a regular file in the place of a device, a FIFO or a socket (as root, ``-o /dev/full``
    replaced the system's ``/dev/full``)."""
    try:
        mode = os.stat(real).st_mode
    except FileNotFoundError:
        return  # a new file (a dangling link makes its target)
    except OSError as error:
        raise ChicagoError(
            Msg(
                "could not write {source}: {strerror}; nothing was written",
                source=source,
                strerror=reason(error),
            ),
        ) from None
    if stat.S_ISREG(mode):
        return
    what = kind_of(mode)
    if what == N_("it is a directory, not a file"):
        raise ChicagoError(
            Msg(
                "refusing to write {source}: it is a folder, not a file; give a file name, nothing was written",
                source=source,
            ),
        )
    raise ChicagoError(
        Msg(
            "refusing to write {source}: {what}; only a regular file is replaced, nothing was written",
            source=source,
            what=Msg(what),
        ),
    )
