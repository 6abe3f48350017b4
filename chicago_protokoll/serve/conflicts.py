"""The conflicts a recording server keeps (cli.md, "Recording that survives the room's
network"): a write that waited on a phone and was refused on arrival, as stale or as a
rule break, is not thrown away and not forced in.  It is kept in the data directory,
``serve-conflicts/``, one JSON file a table, with both versions (what the phone tapped,
and what the file held when it arrived), until a person resolves it on the phone or on
the keeper's page.  A restart of the server finds them again.

Why a file a table: the keeper's page lists them all, but a table's phone asks only for
its own, and two tables' conflicts never have to be written together.  Each file is
replaced atomically (temp, fsync, rename) under one lock of the server's own, so a
phone resolving one while another table's arrives loses neither.

Each conflict names the game it was made for (the session the phone's page was drawn
for): at a night table N plays another game every round, and an entry made in round 1
is never recorded into round 2's game (`serve.kept`).  A conflict is open until it is
recorded, dropped or saved by a resend of its entry; then it leaves the file.  A file is
read once for every change of it (`of` keeps what it read, by the file's identity), so
a table with many kept conflicts costs every page no more than a look at the file.
"""

from __future__ import annotations

import hashlib
import json
import os
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TypeVar

from ..store.atomic import fsync_dir, make_dir

DIRECTORY = "serve-conflicts"
# What a kept form may not carry into the file: the token is the table's secret's.
NOT_KEPT = frozenset({"token"})
T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Conflict:
    """One write kept for a person: its entry id, the form as the phone sent it (without
    the token), what it would have recorded and what the file held, and why it was
    refused."""

    entry: str
    table: int
    label: str
    form: dict[str, str]
    tapped: str
    in_file: list[str]
    reason: str
    kept_at: float = field(default_factory=time.time)
    # The game it was made for: the session's name and its ``created`` stamp, as the page
    # that made it saw them ("" in a file of an earlier release: the form says it).
    game: str = ""
    created: str = ""

    def when(self) -> str:
        return time.strftime("%H:%M", time.localtime(self.kept_at))

    def game_name(self) -> str:
        """The name of the game the entry was made for."""
        return self.game or self.form.get("session", "")

    def game_created(self) -> str:
        return self.created or self.form.get("created", "")

    def made_for(self, name: str, created: str) -> bool:
        """Whether the entry was made for the game ``name`` created at ``created``."""
        return (self.game_name(), self.game_created()) == (name, created)


def _file_name(key: str) -> str:
    """A table's file: its secret's key (``night:fredag:2``) made safe as a name, readable
    and unique."""
    safe = "".join(c if c.isalnum() or c in "-_" else "-" for c in key)[:60]
    return f"{safe}-{hashlib.sha256(key.encode()).hexdigest()[:10]}.json"


class Conflicts:
    """The kept conflicts of every table, in ``data_dir/serve-conflicts/``."""

    def __init__(self, data_dir: Path) -> None:
        self.directory = data_dir / DIRECTORY
        self._lock = threading.Lock()
        # What each table's file held when last read, by the file's identity then: every
        # page asks, and a file of a thousand conflicts is not parsed again for each.
        self._read: dict[str, tuple[tuple[int, int, int], tuple[Conflict, ...]]] = {}

    def file_of(self, key: str) -> Path:
        """Where the conflicts of the table ``key`` are kept."""
        return self.directory / _file_name(key)

    def of(self, key: str) -> list[Conflict]:
        """The conflicts kept for the table whose secret's key is ``key``, oldest first; a
        damaged file reads as none (and is replaced at the next write)."""
        path = self.file_of(key)
        try:
            stat = path.stat()
        except OSError:
            return []
        # Every write replaces the file (a new inode): the identity tells a change.
        identity = (stat.st_ino, stat.st_mtime_ns, stat.st_size)
        cached = self._read.get(key)
        if cached is not None and cached[0] == identity:
            return list(cached[1])
        found = self._parse(path)
        self._read[key] = (identity, tuple(found))
        return found

    def newest(self, key: str, count: int) -> tuple[list[Conflict], int]:
        """The ``count`` newest conflicts of the table (newest first), and how many older
        ones there are besides: what a page shows."""
        kept = self.of(key)
        shown = kept[-count:] if count > 0 else []
        return shown[::-1], len(kept) - len(shown)

    @staticmethod
    def _parse(path: Path) -> list[Conflict]:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return []
        found = []
        for item in data.get("conflicts", []) if isinstance(data, dict) else []:
            try:
                found.append(
                    Conflict(
                        entry=str(item["entry"]),
                        table=int(item["table"]),
                        label=str(item["label"]),
                        form={str(k): str(v) for k, v in dict(item["form"]).items()},
                        tapped=str(item["tapped"]),
                        in_file=[str(line) for line in item["in_file"]],
                        reason=str(item["reason"]),
                        kept_at=float(item["kept_at"]),
                        game=str(item.get("game", "")),
                        created=str(item.get("created", "")),
                    )
                )
            except (KeyError, TypeError, ValueError):
                continue
        return found

    def find(self, key: str, entry: str) -> Conflict | None:
        return next((c for c in self.of(key) if c.entry == entry), None)

    def keep(self, key: str, conflict: Conflict) -> None:
        """Keep ``conflict`` (replacing one with the same entry id: the newest refusal)."""
        with self._lock:
            kept = [c for c in self.of(key) if c.entry != conflict.entry]
            self._write(key, [*kept, conflict])

    def resolve(self, key: str, entry: str) -> bool:
        """Forget the conflict of ``entry``; whether there was one."""
        with self._lock:
            kept = self.of(key)
            left = [c for c in kept if c.entry != entry]
            if len(left) == len(kept):
                return False
            self._write(key, left)
            return True

    def take(self, key: str, entry: str, settle: Callable[[Conflict | None], T]) -> T:
        """``settle`` the conflict of ``entry`` (None: there is none any more) under this
        store's lock, and forget it when ``settle`` returns: one at a time, so a conflict
        is recorded once however many taps ask at once; a refusal keeps it."""
        with self._lock:
            conflict = next((c for c in self.of(key) if c.entry == entry), None)
            answer = settle(conflict)
            if conflict is not None:
                self._write(key, [c for c in self.of(key) if c.entry != entry])
            return answer

    def _write(self, key: str, conflicts: list[Conflict]) -> None:
        make_dir(self.directory)
        data = json.dumps(
            {"version": 1, "key": key, "conflicts": [asdict(c) for c in conflicts]},
            ensure_ascii=False,
            indent=2,
        )
        target = self.file_of(key)
        temp = self.directory / f".{target.name}.{os.urandom(6).hex()}.tmp"
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o600)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                handle.write(data + "\n")
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(temp, target)
        except BaseException:
            temp.unlink(missing_ok=True)
            raise
        fsync_dir(self.directory)
        stat = target.stat()
        self._read[key] = ((stat.st_ino, stat.st_mtime_ns, stat.st_size), tuple(conflicts))


def kept_form(form: Mapping[str, str]) -> dict[str, str]:
    """The form as kept: everything the phone sent but the token."""
    return {k: v for k, v in form.items() if k not in NOT_KEPT}
