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
"""

from __future__ import annotations

import hashlib
import json
import os
import threading
import time
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from pathlib import Path

from ..store.atomic import fsync_dir, make_dir

DIRECTORY = "serve-conflicts"
# What a kept form may not carry into the file: the token is the table's secret's.
NOT_KEPT = frozenset({"token"})


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

    def when(self) -> str:
        return time.strftime("%H:%M", time.localtime(self.kept_at))


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

    def _path(self, key: str) -> Path:
        return self.directory / _file_name(key)

    def of(self, key: str) -> list[Conflict]:
        """The conflicts kept for the table whose secret's key is ``key``, oldest first; a
        damaged file reads as none (and is replaced at the next write)."""
        try:
            data = json.loads(self._path(key).read_text(encoding="utf-8"))
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

    def _write(self, key: str, conflicts: list[Conflict]) -> None:
        make_dir(self.directory)
        data = json.dumps(
            {"version": 1, "key": key, "conflicts": [asdict(c) for c in conflicts]},
            ensure_ascii=False,
            indent=2,
        )
        target = self._path(key)
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


def kept_form(form: Mapping[str, str]) -> dict[str, str]:
    """The form as kept: everything the phone sent but the token."""
    return {k: v for k, v in form.items() if k not in NOT_KEPT}
