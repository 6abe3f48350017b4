"""Session files on disk: read, validated, written atomically and locked.

This is the only module that touches session files.  The guarantees:

- A file is read completely and validated before anything is done with it.
  A file that is corrupt, cut short, hand-edited into nonsense or written by a
  newer version is refused with a `SessionFileError` naming the file, and no
  code path here writes to a file that did not load (`save_session` and
  `transact` load the old file first, under the lock).
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

Start-up time matters (every ``chicago`` command imports this): module-level
imports are the standard library and the core only; ``tomllib``, ``tomli_w``
and ``platformdirs`` are imported where they are needed.
"""

from __future__ import annotations

import errno
import os
import stat
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import TypeVar

from ..core.errors import ChicagoError, SessionFileError
from ..core.game import Game
from ..core.rules import HouseRules
from ..core.session import Session
from ..i18n.language import Msg
from .fileformat import FORMAT as SESSION_FORMAT
from .fileformat import _session_problem, dumps_session, loads_session
from .locations import data_dir, display_path, saved_rules_path
from .regularfile import RULES_LIMIT, SESSION_LIMIT, NotReadable, read_bounded

try:
    import fcntl
except ImportError:  # not a POSIX system: reading works, recording refuses (see `locked`)
    fcntl = None  # type: ignore[assignment]

_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)

LOCK_NAME = ".chicago-protokoll.lock"
LOCK_TIMEOUT = 10.0

T = TypeVar("T")


class SessionExistsError(ChicagoError):
    """A new session would overwrite a session file that is already there."""



def _read_text(path: Path, source: str) -> str:
    follow = not in_data_dir(path)
    try:
        raw = read_bounded(path, SESSION_LIMIT, follow=follow)
    except FileNotFoundError:
        raise SessionFileError(Msg("{source} does not exist", source=source)) from None
    except NotReadable as error:
        raise SessionFileError(
            Msg(
                "{source} is not a session file: {what}",
                source=source,
                what=Msg(error.what, **error.params),
            )
        ) from None
    except OSError as error:
        if not follow and error.errno == errno.ELOOP:
            raise _link_refused(source) from None
        raise SessionFileError(
            Msg("{source} cannot be read: {strerror}", source=source, strerror=error.strerror),
        ) from None
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise SessionFileError(
            Msg(
                "{source} is not a chicago-protokoll session file: it is not UTF-8 text; it may be damaged",
                source=source,
            ),
        ) from None


def _link_refused(source: str) -> SessionFileError:
    return SessionFileError(
        Msg(
            "{source} is a symbolic link; a file in the data directory must be a plain file, so nothing is read or written where the link leads: remove the link",
            source=source,
        ),
    )


def in_data_dir(path: Path) -> bool:
    """Whether ``path`` lies in the data directory (its folder, links resolved)."""
    here = os.path.realpath(os.path.dirname(os.path.abspath(path)))
    home = os.path.realpath(data_dir())
    return here == home or here.startswith(home.rstrip(os.sep) + os.sep)


def load_session(path: Path) -> Session:
    """Read and validate the session file at ``path``; `SessionFileError` names the file."""
    return loads_session(_read_text(path, display_path(path)), display_path(path))


def _fsync_dir(directory: Path) -> None:
    fd = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _write_atomic(target: Path, data: bytes) -> None:
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
    _fsync_dir(directory)
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


def _write_session(real: Path, session: Session, source: str) -> None:
    problem = _session_problem(session)
    if problem:
        raise ChicagoError(
            Msg("refusing to write {source}: {problem}", source=source, problem=problem),
        )
    try:
        _write_atomic(real, dumps_session(session).encode())
    except OSError as error:
        raise ChicagoError(
            Msg(
                "could not write {source}: {strerror}; the file on disk is unchanged",
                source=source,
                strerror=error.strerror,
            ),
        ) from None


def _real(path: Path) -> Path:
    """The file a path leads to.  Outside the data directory writes go through symlinks
    (a ``--file`` the user chose), and the lock must be the one of the directory the file
    really lives in.  Inside it a symlink is refused, never followed: nothing the
    program writes on its own ends up outside its data directory."""
    if in_data_dir(path):
        if os.path.islink(path):
            raise _link_refused(display_path(path))
        return Path(os.path.realpath(os.path.dirname(os.path.abspath(path)))) / path.name
    return Path(os.path.realpath(path))


def _make_dir(directory: Path) -> None:
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise ChicagoError(
            Msg(
                "cannot create {directory}: {strerror}",
                directory=display_path(directory),
                strerror=error.strerror,
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
            raise _link_refused(display_path(lock_path)) from None
        raise ChicagoError(
            Msg(
                "cannot lock {lock_path}: {strerror}",
                lock_path=display_path(lock_path),
                strerror=error.strerror,
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
    real = _real(path)
    source = display_path(path)
    if not real.parent.is_dir():
        raise SessionFileError(Msg("{source} does not exist", source=source))
    with locked(real.parent, timeout=timeout):
        old = loads_session(_read_text(real, source), source)
        new, result = change(old)
        if new != old:
            _write_session(real, new, source)
        return new, result


def save_session(path: Path, session: Session, *, timeout: float = LOCK_TIMEOUT) -> None:
    """Write ``session`` to ``path`` under the lock; an existing file must load first,
    so a damaged or newer-format file is refused, never overwritten."""
    real = _real(path)
    source = display_path(path)
    _make_dir(real.parent)
    with locked(real.parent, timeout=timeout):
        if os.path.lexists(real):
            loads_session(_read_text(real, source), source)
        _write_session(real, session, source)


def create_session(path: Path, session: Session, *, timeout: float = LOCK_TIMEOUT) -> Session:
    """Write a new session file, refusing (`SessionExistsError`) if ``path`` exists.

    An empty ``created`` is set to now (UTC, to the second).  Returns the session
    as written.
    """
    if not session.created:
        now = datetime.now(UTC).replace(microsecond=0).isoformat()
        session = replace(session, created=now)
    real = _real(path)
    source = display_path(path)
    _make_dir(real.parent)
    with locked(real.parent, timeout=timeout):
        if os.path.lexists(real):
            raise SessionExistsError(
                Msg(
                    "{source} already exists: choose another name, or remove that session first",
                    source=source,
                ),
            )
        _write_session(real, session, source)
    return session


# -- house-rules files --------------------------------------------------------------


def read_rules_file(path: Path) -> HouseRules:
    """House rules from a TOML file; a file that is not UTF-8 text is refused by name."""
    from ..core.rules import rules_from_toml

    follow = not in_data_dir(path)
    try:
        text = read_bounded(path, RULES_LIMIT, follow=follow).decode("utf-8")
    except NotReadable as error:
        raise ChicagoError(
            Msg(
                "{path} is not a house-rules file: {what}",
                path=path,
                what=Msg(error.what, **error.params),
            )
        ) from None
    except UnicodeDecodeError:
        raise ChicagoError(
            Msg("{path} is not a house-rules file: it is not UTF-8 text", path=path),
        ) from None
    except OSError as error:
        if not follow and error.errno == errno.ELOOP:
            raise _link_refused(display_path(path)) from None
        raise
    try:
        return rules_from_toml(text, source=str(path))
    except RecursionError:
        raise _too_deep(str(path)) from None
    except ValueError as error:  # tomllib: an integer of thousands of digits
        raise ChicagoError(
            Msg("{path} is not a house-rules file: {error}", path=path, error=error),
        ) from None


def _too_deep(source: str) -> ChicagoError:
    return ChicagoError(
        Msg("{source} cannot be read: its tables or lists are nested too deeply", source=source),
    )


def starting_rules(rules: Path | None, preset: str | None) -> HouseRules:
    """The rules a new session starts from: --preset, --rules, the saved rules, the main rule."""
    from ..core.rules import preset as preset_rules

    if preset is not None:
        return preset_rules(preset)
    if rules is not None:
        return read_rules_file(rules)
    saved = saved_rules_path()
    return read_rules_file(saved) if saved.exists() else HouseRules()


# -- replaying what was read -------------------------------------------------------


def replay_file(session: Session, path: Path) -> Game:
    """Replay a session read from ``path``.  An event in the file that the rules refuse (a
    hand edit gone wrong) refuses the file by name, so nothing builds on it or rewrites it."""
    game = Game(session)
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
    return game


def write_export(path: Path, text: str, *, session_path: Path) -> None:
    """Write an export to ``path`` atomically, refusing every way it could destroy a game:
    ``path`` is the exported session's own file (by any spelling or link), a file in the
    data directory, or any existing session file.  The folder must exist (a mistyped
    folder is an error, not a new folder)."""
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
            Msg("the session being exported")
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
        _write_text(real, text, source)


@contextmanager
def _terminated_as_interrupt() -> Iterator[None]:
    """SIGTERM and SIGHUP raise KeyboardInterrupt while an export is written, so
    `_write_atomic` removes its temporary file (SIGKILL cannot be caught: the next write
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


def write_text_atomic(path: Path, text: str) -> None:
    """Write an export or rules file atomically: the old file or the new one, never half."""
    real = _real(path)
    _make_dir(real.parent)
    _write_text(real, text, str(path))


def _write_text(real: Path, text: str, source: str) -> None:
    try:
        _write_atomic(real, text.encode("utf-8"))
    except OSError as error:
        raise ChicagoError(
            Msg(
                "could not write {source}: {strerror}; nothing was written",
                source=source,
                strerror=error.strerror,
            ),
        ) from None
