"""The league's index: what `stats`, `sessions` and `night status` need of each session
file, kept in SQLite (the standard library's sqlite3) so that a club's years of games are
not replayed on every command.

Derived only, never the truth.  The session files are; the index lives in the cache
directory (`locations.cache_dir`) and may be deleted at any moment: the numbers stay the
same, only the first command after is slower.  The promises:

- A file is known first by its stat key: a row is used while the file's size, mtime_ns,
  ctime_ns, inode and device are those it was read with.  The change time moves on every
  write, even when the modification time is set back, so an edited, replaced or
  restored file always misses; a file changed within the change time's granularity of
  being read (``RACY_NS``) misses next time too, as git does with its "racy" entries.
  The warm path reads and hashes nothing.
- Only a file that misses is read, and then known by its content: the row of any file
  with the same text (its BLAKE2 hash) gives the summary, so a `git pull`, a checkout, a
  restore or a copy on this machine replays only the files whose text changed.  What a
  release derives from a file depends on its text alone (the path names it only in a
  refusal, and a refusal is never kept).
- Every row carries a checksum (CRC-32) of all it holds: a row damaged on disk (a flipped
  bit) is not used but read again from its file, never shown as a phantom player or
  wrong money.  The row is derived data; the checksum only tells a damaged one from a
  good one.
- A damaged index (not a database, cut short, malformed) or one of another version is
  rebuilt; a locked one or one that cannot be written (a read-only cache directory) is
  bypassed: the files are read as if there were no index.  Not a word about it on
  stdout or stderr, and never a failed command.
- Two processes building it at once are safe: WAL, and each writes in one short
  IMMEDIATE transaction; one that cannot get the write lock in time just does not write.
- A file that does not load is never kept: its refusal is read fresh every time.

It also keeps the rating sequence of each scope (the folders and period a `stats` asked
for), so the rating is recomputed only from the first game that changed.
"""

from __future__ import annotations

import json
import os
import sqlite3
import sys
import time
import zlib
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import AbstractContextManager, nullcontext, suppress
from dataclasses import dataclass
from itertools import chain
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..core.errors import ChicagoError
from ..core.summary import SessionSummary, summary_from_data, summary_to_data
from . import locations
from .sessiontext import read_session_text

# Replaying a file (`sessionfile`, `fileformat`, `core.summary.summarize`, and with them
# the scoring model) is imported where a file must be replayed: a file the index knows by
# its stat key or by its text is answered from its row (tests/cli/test_latency_imports.py).

if TYPE_CHECKING:
    from ..core.stats import RatedGame

#: Bumped whenever what a row holds changes: an index of another version is rebuilt.
SCHEMA = 3
#: Marks the file as this program's (PRAGMA application_id): "CHPI".
APPLICATION_ID = 0x43485049
#: A row read less than this after the file's change time is not trusted next time.
RACY_NS = 100_000_000
#: How long to wait for another process's write before going on without the index.
BUSY_SECONDS = 1.0
#: Rating sequences kept (one per scope: folders and period); the oldest go first.
KEPT_SCOPES = 8

_TABLES = """
CREATE TABLE files (
    path TEXT PRIMARY KEY,
    dir TEXT NOT NULL,
    size INTEGER NOT NULL,
    mtime_ns INTEGER NOT NULL,
    ctime_ns INTEGER NOT NULL,
    ino INTEGER NOT NULL,
    dev INTEGER NOT NULL,
    checked_ns INTEGER NOT NULL,
    content TEXT NOT NULL,
    summary TEXT NOT NULL,
    checksum INTEGER NOT NULL
);
CREATE INDEX files_by_dir ON files (dir);
CREATE INDEX files_by_content ON files (content);
CREATE TABLE ratings (
    scope TEXT PRIMARY KEY,
    used_ns INTEGER NOT NULL,
    sequence TEXT NOT NULL,
    checksum INTEGER NOT NULL
);
"""

#: A progress display for reading ``total`` files: entered around the reading, it gives
#: the function to call after each file.
Progress = Callable[[int], AbstractContextManager[Callable[[], None]]]


@dataclass(frozen=True, slots=True)
class Found:
    """One session file: its summary, or why it could not be read."""

    path: Path
    summary: SessionSummary | None
    error: ChicagoError | None = None


def index_path() -> Path:
    """One index per table layout, release and install: what a release derives from a file
    (its figures, its scoring) is that release's, so another release never reads it as
    fresh.  The release is the package's own ``__version__`` (the one place it is written,
    which the distribution's metadata is made from): the package is loaded already, as
    this module's parent, and the layering keeps the store from importing the top.
    (Asking `importlib.metadata` instead loads 49 modules on every `sessions` and
    `stats`.)  Two installs side by side (a release and a checkout, two venvs) may carry
    one version string and other code, and share the user's cache folder: the install's
    folder, by its CRC-32, keeps their indexes apart, as it keeps their kept answers
    (`answers.question`)."""
    package = sys.modules[__name__.partition(".")[0]]
    install = zlib.crc32(os.path.dirname(os.path.abspath(package.__file__ or "")).encode())
    return locations.cache_dir() / f"index-{SCHEMA}-{package.__version__}-{install:08x}.sqlite3"


def read_summary(path: Path, text: str | None = None, source: str | None = None) -> SessionSummary:
    """The summary of one session file, read (unless its ``text`` and ``source`` are given,
    read as `sessionfile.load_session` reads it) and replayed: the truth."""
    from ..core.summary import summarize
    from . import sessionfile
    from .fileformat import loads_session

    if text is None or source is None:
        text, source = read_session_text(path)
    session = loads_session(text, source)
    return summarize(session, sessionfile.replay_file(session, path).standings())


def content_hash(text: str) -> str:
    """What knows a file by its text wherever it lies (BLAKE2b, 128 bits)."""
    from hashlib import blake2b  # only when a file missed: the warm path hashes nothing

    return blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).hexdigest()


def checksum(*fields: object) -> int:
    """The CRC-32 of a row's fields: a row whose fields do not give it back was damaged."""
    return zlib.crc32("\x1f".join(map(str, fields)).encode("utf-8", "surrogatepass"))


#: Files to replay before worker processes are worth their start: each is a new Python
#: that imports the core (about 0.1 s of CPU), against about 1.5 ms a file.
PARALLEL_FROM = 400
#: Files a worker is sent at a time.
_CHUNK = 50


def _replay_one(job: tuple[str, str, str]) -> tuple[SessionSummary, str] | None:
    """In a worker: a file's summary and its row's text, or None when it is refused (the
    refusal is worded again where it is shown: an error is not sent between processes)."""
    outcome = _replay_here(job)
    return None if isinstance(outcome, ChicagoError) else outcome


def _sent_without_ctrl_c(
    send: Callable[..., Iterator[tuple[SessionSummary, str] | None]],
    jobs: Iterator[tuple[str, str, str]],
) -> Iterator[tuple[SessionSummary, str] | None]:
    """``send`` (the pool's map) with Ctrl-C held back while the jobs are sent, which is
    when the workers start: a signal mask is inherited, so a terminal's Ctrl-C, sent to
    every process of the command, never reaches a worker (a worker starting up would
    print Python's traceback).  Held back, not lost: it arrives here once all is sent."""
    import signal

    if not hasattr(signal, "pthread_sigmask"):  # pragma: no cover - Windows
        return send(_replay_one, jobs, chunksize=_CHUNK)
    held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        return send(_replay_one, jobs, chunksize=_CHUNK)
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)


def _worker_start() -> None:
    """A worker leaves Ctrl-C to the command, which stops it (a terminal sends the signal
    to every process of the command).  Where signal masks exist the inherited one keeps it
    out from the start (`_sent_without_ctrl_c`); this covers the rest once started."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _cores() -> int:
    """The cores this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1  # pragma: no cover - macOS and Windows


def replayed(
    jobs: Iterable[tuple[str, str, str]], expected: int
) -> Iterator[tuple[SessionSummary, str] | ChicagoError]:
    """For each (path, text, source) of ``jobs``, in order: its summary and row text, or
    its refusal.

    When ``expected`` (about how many jobs come) is many, a clone of a club's folder on
    its first `stats`, the files are replayed by one worker process per core while
    ``jobs`` is still being read here; the figures are the same either way, only the
    wall time differs (docs/latency.md).  A worker that cannot start or dies leaves the
    rest to this process."""
    sent: list[tuple[str, str, str]] = []
    source = iter(jobs)

    def sending() -> Iterator[tuple[str, str, str]]:
        for job in source:
            sent.append(job)
            yield job

    workers = min(_cores(), expected // _CHUNK)
    done = 0
    if expected >= PARALLEL_FROM and workers > 1:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor
        from concurrent.futures.process import BrokenProcessPool

        # spawn, not fork, on every platform: a fork of a process that holds an SQLite
        # connection (or, from Python 3.12, any thread) is not safe.
        context = multiprocessing.get_context("spawn")
        try:
            pool = ProcessPoolExecutor(workers, mp_context=context, initializer=_worker_start)
        except OSError:
            pool = None  # no processes to be had here: all is replayed below
        if pool is not None:
            try:
                # map sends each chunk as soon as it is read, and gives the outcomes
                # once every job is sent: the reading here overlaps the replaying there.
                for outcome in _sent_without_ctrl_c(pool.map, sending()):
                    job = sent[done]
                    done += 1
                    yield _refusal(job) if outcome is None else outcome
            except (BrokenProcessPool, OSError):
                pass  # what is left is replayed below, here
            finally:
                # Also on Ctrl-C, or when the command stopped reading: what was not begun
                # is dropped, and the workers end with the file each is on.
                pool.shutdown(wait=True, cancel_futures=True)
    for job in chain(sent[done:], sending()):
        yield _replay_here(job)


def _replay_here(job: tuple[str, str, str]) -> tuple[SessionSummary, str] | ChicagoError:
    path, text, source = job
    try:
        summary = read_summary(Path(path), text, source)
    except ChicagoError as error:
        return error
    return summary, _dumps(summary_to_data(summary))


def _refusal(job: tuple[str, str, str]) -> ChicagoError:
    """The refusal of a file a worker refused, worded here."""
    outcome = _replay_here(job)
    if isinstance(outcome, ChicagoError):
        return outcome
    raise AssertionError(f"{job[2]} was refused once and then read")  # pragma: no cover


def _damaged(error: sqlite3.Error) -> bool:
    return getattr(error, "sqlite_errorname", "") in ("SQLITE_CORRUPT", "SQLITE_NOTADB")


def _stat_key(path: str) -> tuple[int, int, int, int, int] | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino, st.st_dev)


class Index:
    """The index, open for one command; `open_index` never fails (``db`` is None when the
    index is bypassed)."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or index_path()
        self.db: sqlite3.Connection | None = None
        try:
            self.db = self._open()
        except (sqlite3.Error, OSError) as error:
            if isinstance(error, sqlite3.Error) and _damaged(error):
                self.db = self._rebuilt()

    # -- opening -------------------------------------------------------------------

    def _connect(self) -> sqlite3.Connection:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        db = sqlite3.connect(self.path, timeout=BUSY_SECONDS, isolation_level=None)
        try:
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=NORMAL")  # a lost row is only read again
        except sqlite3.Error:
            db.close()
            raise
        return db

    def _open(self) -> sqlite3.Connection:
        db = self._connect()
        try:
            if not self._ours(db):
                db.execute("BEGIN IMMEDIATE")
                try:
                    if not self._ours(db):  # another process may have made it meanwhile
                        for kind, name in db.execute(
                            "SELECT type, name FROM sqlite_master"
                            " WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%'"
                        ).fetchall():
                            db.execute(f'DROP {kind} IF EXISTS "{name}"')
                        for statement in _TABLES.split(";"):
                            if statement.strip():
                                db.execute(statement)
                        db.execute(f"PRAGMA user_version = {SCHEMA}")
                        db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                    db.execute("COMMIT")
                except BaseException:
                    with suppress(sqlite3.Error):
                        db.execute("ROLLBACK")
                    raise
        except BaseException:
            db.close()
            raise
        return db

    @staticmethod
    def _ours(db: sqlite3.Connection) -> bool:
        version = db.execute("PRAGMA user_version").fetchone()[0]
        application = db.execute("PRAGMA application_id").fetchone()[0]
        return bool(version == SCHEMA and application == APPLICATION_ID)

    def _rebuilt(self) -> sqlite3.Connection | None:
        """A fresh index in place of a damaged one; None when even that fails."""
        if self.db is not None:
            with suppress(sqlite3.Error):
                self.db.close()
            self.db = None
        for suffix in ("", "-wal", "-shm", "-journal"):
            with suppress(OSError):
                os.unlink(f"{self.path}{suffix}")
        try:
            return self._open()
        except (sqlite3.Error, OSError):
            return None

    def close(self) -> None:
        if self.db is not None:
            with suppress(sqlite3.Error):
                self.db.close()
            self.db = None

    def __enter__(self) -> Index:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- session files -------------------------------------------------------------

    def summaries(
        self,
        paths: Sequence[Path],
        progress: Progress | None = None,
        *,
        whole_folders: bool = False,
    ) -> list[Found]:
        """Each file's summary (or refusal), in the order given: from the index where the
        file is as it was read (its stat key), else from the row of a file with the same
        text, else read and replayed; and then kept.

        ``whole_folders``: ``paths`` are every session file of their folders (`sessions`,
        `stats`), so a row of those folders for a file not among them is of a file deleted
        since, and is forgotten.  Without it (a night's few tables) only the rows of
        ``paths`` are read and none is forgotten: the tables of one night must not make
        the index forget the other sessions beside them, which the next `sessions` would
        then replay, core and all (docs/latency.md, "third round")."""
        absolute = [os.path.abspath(path) for path in paths]  # strings: 10,000 Paths cost
        keys = [_stat_key(path) for path in absolute]
        if whole_folders:
            rows = self._rows({os.path.dirname(path) for path in absolute})
        else:
            rows = self._rows_of(absolute)
        found: list[Found | None] = [None] * len(paths)
        missing: list[int] = []
        for number, (where, key) in enumerate(zip(absolute, keys, strict=True)):
            summary = self._trusted(rows.get(where), key)
            if summary is None:
                missing.append(number)
            else:
                found[number] = Found(paths[number], summary)
        fresh: list[tuple[Any, ...]] = []

        def keep(number: int, summary: SessionSummary, data: str, content: str) -> None:
            found[number] = Found(paths[number], summary)
            key, at = keys[number], absolute[number]
            if key is not None and key == _stat_key(at):  # unchanged while read
                row = (at, os.path.dirname(at), *key, time.time_ns(), content, data)
                fresh.append((*row, checksum(*row)))

        with progress(len(missing)) if progress and missing else nullcontext(_nothing) as step:
            # Read and known by content here; what is left is replayed, by worker processes
            # when there is much of it (a clone's first `stats`: `replayed`).
            replaying: list[tuple[int, str]] = []  # (number, content), in the order sent

            def to_replay() -> Iterator[tuple[str, str, str]]:
                for number in missing:
                    path = paths[number]
                    try:
                        text, source = read_session_text(path)
                    except ChicagoError as error:
                        found[number] = Found(path, None, error)
                        step()
                        continue
                    content = content_hash(text)
                    known = self._by_content(content)
                    if known is None:
                        replaying.append((number, content))
                        yield str(path), text, source
                    else:
                        keep(number, *known, content)
                        step()

            for sent, outcome in enumerate(replayed(to_replay(), len(missing))):
                number, content = replaying[sent]
                if isinstance(outcome, ChicagoError):
                    found[number] = Found(paths[number], None, outcome)
                else:
                    keep(number, *outcome, content)
                step()
        listed = set(absolute)
        gone = [path for path in rows if path not in listed]  # deleted since: forgotten
        if fresh or gone:
            self._write(fresh, gone)
        return [item for item in found if item is not None]

    _COLUMNS = (
        "path, dir, size, mtime_ns, ctime_ns, ino, dev, checked_ns, content, summary, checksum"
    )

    def _rows(self, dirs: Iterable[str]) -> dict[str, tuple[Any, ...]]:
        """The rows of every file of ``dirs``."""
        return self._select("dir", dirs)

    def _rows_of(self, paths: Iterable[str]) -> dict[str, tuple[Any, ...]]:
        """The rows of ``paths`` alone."""
        return self._select("path", paths)

    def _select(self, column: str, values: Iterable[str]) -> dict[str, tuple[Any, ...]]:
        if self.db is None:
            return {}
        for attempt in (1, 2):
            try:
                rows: dict[str, tuple[Any, ...]] = {}
                for value in values:
                    for row in self.db.execute(
                        f"SELECT {self._COLUMNS} FROM files WHERE {column} = ?", (value,)
                    ):
                        rows[row[0]] = row
                return rows
            except sqlite3.Error as error:
                if attempt == 1 and _damaged(error):
                    self.db = self._rebuilt()
                    if self.db is not None:
                        continue
                self.close()  # locked or unreadable: this command goes without it
                return {}
        return {}  # pragma: no cover - the loop returns

    def _by_content(self, content: str) -> tuple[SessionSummary, str] | None:
        """The summary (and its text) of a file known by this content, from a sound row."""
        if self.db is None:
            return None
        try:
            rows = self.db.execute(
                f"SELECT {self._COLUMNS} FROM files WHERE content = ? LIMIT 4", (content,)
            ).fetchall()
        except sqlite3.Error:
            return None
        for row in rows:
            summary = _summary_of(row)
            if summary is not None and row[8] == content:
                return summary, row[9]
        return None

    @staticmethod
    def _trusted(
        row: tuple[Any, ...] | None, key: tuple[int, int, int, int, int] | None
    ) -> SessionSummary | None:
        if row is None or key is None or tuple(row[2:7]) != key:
            return None
        if row[7] - key[2] < RACY_NS:  # changed too close to when it was read
            return None
        return _summary_of(row)

    def _write(self, fresh: list[tuple[Any, ...]], gone: list[str]) -> None:
        def write(db: sqlite3.Connection) -> None:
            db.executemany(
                "INSERT OR REPLACE INTO files VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", fresh
            )
            db.executemany("DELETE FROM files WHERE path = ?", [(p,) for p in gone])

        self._in_one_write(write)

    def _in_one_write(self, write: Callable[[sqlite3.Connection], None]) -> None:
        """``write`` in one transaction, rolled back on any failure.  A write the index
        cannot make now (another writer holds it, a read-only cache) is left for next
        time: the index is only ever a shortcut."""
        db = self.db
        if db is None:
            return
        try:
            db.execute("BEGIN IMMEDIATE")
            try:
                write(db)
                db.execute("COMMIT")
            except BaseException:
                with suppress(sqlite3.Error):
                    db.execute("ROLLBACK")
                raise
        except sqlite3.Error:
            pass

    # -- the rating sequence --------------------------------------------------------

    def rated(self, scope: str) -> list[RatedGame]:
        """The rating sequence kept for ``scope``; empty when there is none."""
        from ..core.stats import RatedGame

        if self.db is None:
            return []
        try:
            row = self.db.execute(
                "SELECT scope, sequence, checksum FROM ratings WHERE scope = ?", (scope,)
            ).fetchone()
            if row is None or checksum(row[0], row[1]) != row[2]:
                return []  # none kept, or a damaged one: the league rates anew
            sequence = [
                RatedGame(key, tuple(map(tuple, after))) for key, after in json.loads(row[1])
            ]
        except (sqlite3.Error, ValueError, TypeError):
            return []
        for game in sequence:  # a damaged row is no rating: the league rates anew
            if not isinstance(game.key, str) or not all(
                len(pair) == 2 and all(type(value) is float for value in pair)
                for pair in game.after
            ):
                return []
        return sequence

    def keep_rated(self, scope: str, sequence: Sequence[RatedGame]) -> None:
        if self.db is None:
            return
        text = _dumps([[game.key, [list(pair) for pair in game.after]] for game in sequence])

        def write(db: sqlite3.Connection) -> None:
            db.execute(
                "INSERT OR REPLACE INTO ratings VALUES (?, ?, ?, ?)",
                (scope, time.time_ns(), text, checksum(scope, text)),
            )
            db.execute(
                "DELETE FROM ratings WHERE scope NOT IN"
                " (SELECT scope FROM ratings ORDER BY used_ns DESC LIMIT ?)",
                (KEPT_SCOPES,),
            )

        self._in_one_write(write)


def _summary_of(row: tuple[Any, ...]) -> SessionSummary | None:
    """The summary a files row holds; None when the row was damaged (its checksum does not
    match) or holds what this release cannot read."""
    if checksum(*row[:10]) != row[10]:
        return None
    try:
        return summary_from_data(json.loads(row[9]))
    except (ValueError, TypeError, KeyError, IndexError):
        return None


def _nothing() -> None:
    return None


def _dumps(data: object) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def open_index() -> Index:
    return Index()
