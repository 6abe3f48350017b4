"""Reading, writing and removing files inside one folder, never through a link.

What `publish` needs to own its folder.  A path inside the folder is walked one name at
a time from a descriptor of the folder (``dir_fd=``, ``O_NOFOLLOW``), never as a whole
string the system would resolve: a symbolic link anywhere on the way, a folder on the
way that is not one, or an end that is neither a regular file nor missing stops the walk
as `Blocked`, naming that entry.  So nothing written or removed lands outside the
folder, even when its entries change between the check and the write: a link put there
in between stops the write, it is never followed.  An atomic write's temporary file
lives beside its target, inside the folder, and is renamed over it there.

``avoid`` (the data directory, when it lies inside the folder) stops a walk like a link.
"""

from __future__ import annotations

import os
import stat
import time
from contextlib import suppress
from pathlib import PurePosixPath
from types import TracebackType

from ..i18n.language import Msg
from .atomic import STALE_TEMP_SECONDS
from .regularfile import read_bounded

_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_ENTER = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | _CLOEXEC


class Blocked(Exception):
    """An entry in the way: ``where`` (relative to the folder, POSIX) is ``what``."""

    def __init__(self, where: str, what: Msg) -> None:
        self.where = where
        self.what = what
        super().__init__(where)


def what_is(mode: int, *, on_the_way: bool = False) -> Msg:
    """A noun for an entry of ``mode`` that a walk cannot go through or end at."""
    if stat.S_ISLNK(mode):
        return Msg("a symbolic link")
    if stat.S_ISDIR(mode):
        return Msg("a folder")
    if stat.S_ISREG(mode) and on_the_way:
        return Msg("a file, not a folder")
    if stat.S_ISFIFO(mode):
        return Msg("a named pipe (FIFO)")
    if stat.S_ISSOCK(mode):
        return Msg("a socket")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return Msg("a device")
    return Msg("a special file")


class Folder:
    """An open folder; every name given is a relative POSIX path inside it, made of plain
    parts (the caller checks: no ``..``, not absolute)."""

    def __init__(self, path: str, *, avoid: os.stat_result | None = None) -> None:
        # The folder itself is followed if it is a link: it is the one the user named.
        self._fd = os.open(path, os.O_RDONLY | os.O_DIRECTORY | _CLOEXEC)
        self._avoid = avoid
        if avoid is not None and os.path.samestat(os.fstat(self._fd), avoid):
            os.close(self._fd)
            raise Blocked(".", Msg("chicago-protokoll's data directory"))

    def __enter__(self) -> Folder:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        os.close(self._fd)

    def holds_anything(self) -> bool:
        with os.scandir(self._fd) as entries:
            return any(True for _ in entries)

    def lookup(self, name: str) -> os.stat_result | None:
        """The regular file ``name``, or None when it (or a folder on its way) is missing;
        `Blocked` for anything else."""
        fds = self._walk(name, make=False)
        if fds is None:
            return None
        try:
            return self._leaf(fds[-1], name)
        finally:
            self._close(fds)

    def read(self, name: str, limit: int) -> bytes | None:
        """The bytes of the regular file ``name``; None when it is missing.  `Blocked` as
        `lookup`; `NotReadable` when it is larger than ``limit``."""
        fds = self._walk(name, make=False)
        if fds is None:
            return None
        try:
            if self._leaf(fds[-1], name) is None:
                return None
            try:
                return read_bounded(_last(name), limit, follow=False, dir_fd=fds[-1])
            except FileNotFoundError:
                return None
            except OSError:
                self._leaf(fds[-1], name)  # a link or other put there since: say which
                raise
        finally:
            self._close(fds)

    def write(self, name: str, data: bytes) -> None:
        """Replace the regular file ``name`` (or make it, and the folders on its way) with
        ``data`` so that a crash leaves the old file or the new one."""
        fds = self._walk(name, make=True)
        assert fds is not None
        try:
            _write_atomic(fds[-1], name, data, self._leaf(fds[-1], name))
        finally:
            self._close(fds)

    def remove(self, name: str) -> bool:
        """Remove the regular file ``name``, then the folders on its way it leaves empty;
        False when it is missing."""
        fds = self._walk(name, make=False)
        if fds is None:
            return False
        parts = PurePosixPath(name).parts
        try:
            if self._leaf(fds[-1], name) is None:
                return False
            with suppress(FileNotFoundError):
                os.unlink(parts[-1], dir_fd=fds[-1])
            os.fsync(fds[-1])
            for depth in range(len(fds) - 1, 0, -1):
                try:
                    os.rmdir(parts[depth - 1], dir_fd=fds[depth - 1])  # only an empty one
                except OSError:
                    break
            return True
        finally:
            self._close(fds)

    def _walk(self, name: str, *, make: bool) -> list[int] | None:
        """Descriptors of the folders from this one to ``name``'s own (this one's is the
        first, not to be closed); None when one is missing and not ``make``."""
        parts = PurePosixPath(name).parts
        fds = [self._fd]
        try:
            for depth, part in enumerate(parts[:-1], 1):
                fd = self._enter(fds[-1], part, "/".join(parts[:depth]), make=make)
                if fd is None:
                    self._close(fds)
                    return None
                fds.append(fd)
        except BaseException:
            self._close(fds)
            raise
        return fds

    def _enter(self, parent: int, part: str, where: str, *, make: bool) -> int | None:
        try:
            fd = os.open(part, _ENTER, dir_fd=parent)
        except FileNotFoundError:
            if not make:
                return None
            with suppress(FileExistsError):  # made meanwhile: opened below by the same rule
                os.mkdir(part, 0o777, dir_fd=parent)
            return self._enter(parent, part, where, make=False)
        except OSError:
            try:
                mode = os.stat(part, dir_fd=parent, follow_symlinks=False).st_mode
            except OSError:
                mode = stat.S_IFDIR
            if stat.S_ISDIR(mode):
                raise  # a folder that cannot be opened: the system's reason says why
            raise Blocked(where, what_is(mode, on_the_way=True)) from None
        if self._avoid is not None and os.path.samestat(os.fstat(fd), self._avoid):
            os.close(fd)
            raise Blocked(where, Msg("chicago-protokoll's data directory"))
        return fd

    @staticmethod
    def _leaf(parent: int, name: str) -> os.stat_result | None:
        try:
            info = os.stat(_last(name), dir_fd=parent, follow_symlinks=False)
        except FileNotFoundError:
            return None
        if not stat.S_ISREG(info.st_mode):
            raise Blocked(name, what_is(info.st_mode))
        return info

    def _close(self, fds: list[int]) -> None:
        for fd in fds[1:]:
            os.close(fd)
        del fds[1:]


def _last(name: str) -> str:
    return PurePosixPath(name).name


def _write_atomic(parent: int, name: str, data: bytes, old: os.stat_result | None) -> None:
    """`atomic.write_atomic` inside the folder ``parent``: the same temporary name, beside
    the target, renamed over it there."""
    leaf = _last(name)
    temp = f".{leaf[:32]}.{os.urandom(6).hex()}.tmp"
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | _CLOEXEC, 0o666, dir_fd=parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            if old is not None:
                os.fchmod(handle.fileno(), old.st_mode & 0o7777)
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        # A link put in its place meanwhile would be replaced, not followed (a rename
        # replaces the entry itself); checking again says so rather than hiding it.
        Folder._leaf(parent, name)
        os.replace(temp, leaf, src_dir_fd=parent, dst_dir_fd=parent)
    except BaseException:
        with suppress(OSError):
            os.unlink(temp, dir_fd=parent)
        raise
    os.fsync(parent)
    _clean_stale_temps(parent, leaf)


def _clean_stale_temps(parent: int, leaf: str) -> None:
    """`atomic._clean_stale_temps` inside the folder: the temporary files a killed write of
    ``leaf`` left (they would be copied to the web space with the site)."""
    prefix = f".{leaf[:32]}."
    now = time.time()
    names: list[str] = []
    with suppress(OSError), os.scandir(parent) as entries:
        names = [entry.name for entry in entries if entry.name.startswith(prefix)]
    for found in names:
        middle = found[len(prefix) : -len(".tmp")]
        if not found.endswith(".tmp") or len(middle) != 12 or not all(c in "0123456789abcdef" for c in middle):
            continue
        with suppress(OSError):
            info = os.stat(found, dir_fd=parent, follow_symlinks=False)
            if stat.S_ISREG(info.st_mode) and now - info.st_mtime > STALE_TEMP_SECONDS:
                os.unlink(found, dir_fd=parent)
