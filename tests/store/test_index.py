"""The league's index (store/index.py): derived only, so whatever happens to it or behind
its back, `stats` and `sessions` give exactly what a fresh replay of every file gives.

Each case compares the command's output with the index to its output after the index
is deleted (a fresh replay): a file edited with the same size and modification time, one
replaced by a rename, one deleted, an index cut short or full of garbage, one of a future
version, a locked one, a read-only cache directory, two processes building it at once."""

from __future__ import annotations

import json
import os
import random
import shutil
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chicago_protokoll.core.session import Session
from chicago_protokoll.core.stats import league
from chicago_protokoll.store import index as index_store
from chicago_protokoll.store.fileformat import dumps_session
from chicago_table import Table
from cli_support import CHICAGO, invoke

PLAYERS = ("Anna", "Bert", "Cleo", "Dora")


def game(rng: random.Random, players: tuple[str, ...], name: str, created: str) -> Session:
    """A finished game: each deal one player takes köp 1 and the last trick with a full
    house and another player the showdown with a pair."""
    table = Table(players)
    while not table.standings().finished:
        one, other = rng.sample(players, 2)
        table.play_deal((one, 6), None, last=one, show=(other, 1))
    standings = table.standings()
    events = tuple(entry.event for deal in standings.deals for entry in deal.entries)
    return Session(players=players, events=events, name=name, created=created)


def write_club(folder: Path, count: int, seed: int = 3) -> list[Path]:
    rng = random.Random(seed)
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for number in range(count):
        players = tuple(rng.sample(PLAYERS, rng.choice((2, 3, 4))))
        name = f"kvall-{number:03d}"
        session = game(
            rng, players, name, f"2026-01-{1 + number % 28:02d}T19:{number % 60:02d}:00+00:00"
        )
        path = folder / f"{name}.toml"
        path.write_text(dumps_session(session), encoding="utf-8")
        paths.append(path)
    return paths


@pytest.fixture
def club(chicago_home: Path) -> list[Path]:
    paths = write_club(chicago_home / "sessions", 12)
    time.sleep(index_store.RACY_NS / 1e9 + 0.05)  # older than a racy entry: the index trusts them
    return paths


def cache(home: Path) -> Path:
    return home / "cache"


def stats(*args: str) -> dict[str, Any]:
    result = invoke("stats", "--json", "--min-rated", "0", *args)
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def fresh(home: Path, *args: str) -> dict[str, Any]:
    """The figures with no index at all: every file replayed."""
    shutil.rmtree(cache(home), ignore_errors=True)
    return stats(*args)


class Reads:
    """Counts the session files the index reads (replays) instead of taking from itself."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.paths: list[Path] = []
        original = index_store.read_summary

        def counted(path: Path, *read: Any) -> Any:
            self.paths.append(path)
            return original(path, *read)

        monkeypatch.setattr(index_store, "read_summary", counted)

    def take(self) -> list[str]:
        names, self.paths = sorted(path.name for path in self.paths), []
        return names


def test_a_warm_index_reads_no_file_and_gives_the_same_figures(
    club: list[Path], chicago_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    reads = Reads(monkeypatch)
    cold = stats()
    assert len(reads.take()) == len(club)
    assert index_store.index_path().is_file()
    assert stats() == cold
    assert reads.take() == []
    assert cold["games"] == len(club) and cold["records"]


def test_a_file_edited_behind_its_back_with_the_same_size_and_mtime_is_read_again(
    club: list[Path], chicago_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    reads = Reads(monkeypatch)
    before = stats()
    reads.take()
    path = club[0]
    text = path.read_text("utf-8")
    seated = [name for name in PLAYERS if f'"{name}"' in text]
    a, b = seated[0], seated[1]
    # Swap two players' names throughout the events: other bytes, the same size.
    swapped = (
        text.replace(f'player = "{a}"', "player = @")
        .replace(f'player = "{b}"', f'player = "{a}"')
        .replace("player = @", f'player = "{b}"')
    )
    assert swapped != text and len(swapped.encode()) == len(text.encode())
    st = path.stat()
    path.write_text(swapped, "utf-8")
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))  # the modification time set back
    assert (path.stat().st_size, path.stat().st_mtime_ns) == (st.st_size, st.st_mtime_ns)
    after = stats()
    assert reads.take() == [path.name]
    assert after != before
    assert after == fresh(chicago_home)


def test_a_file_replaced_by_a_rename_is_read_again(
    club: list[Path], chicago_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    reads = Reads(monkeypatch)
    stats()
    reads.take()
    other = chicago_home / "other.toml"
    shutil.copyfile(club[1], other)  # the same bytes as another game, under this name
    text = other.read_text("utf-8").replace('name = "kvall-001"', 'name = "kvall-002"')
    other.write_text(text, "utf-8")
    st = club[2].stat()
    os.utime(other, ns=(st.st_atime_ns, st.st_mtime_ns))
    os.replace(other, club[2])
    after = stats()
    assert reads.take() == [club[2].name]
    assert after == fresh(chicago_home)


def test_a_deleted_file_counts_no_more(club: list[Path], chicago_home: Path) -> None:
    before = stats()
    club[3].unlink()
    after = stats()
    assert after["games"] == before["games"] - 1
    assert after == fresh(chicago_home)
    with sqlite3.connect(index_store.index_path()) as db:
        (rows,) = db.execute("SELECT count(*) FROM files").fetchone()
    assert rows == len(club) - 1  # the deleted file's row is forgotten


def test_the_rows_of_a_few_files_asked_for_forget_no_other_file(
    club: list[Path], chicago_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A night asks for its tables alone (`night status`, `publish`): the rows of the other
    sessions in the same folder stay, and the next whole list reads no file.  Only a
    caller that lists whole folders forgets the rows of files no longer there."""
    reads = Reads(monkeypatch)
    with index_store.open_index() as index:
        index.summaries(club, whole_folders=True)
        reads.take()
        index.summaries(club[:2])
        index.summaries(club, whole_folders=True)
    assert reads.take() == []
    club[5].unlink()
    with index_store.open_index() as index:
        index.summaries(club[:5])
        assert index.db is not None
        (rows,) = index.db.execute("SELECT count(*) FROM files").fetchone()
        assert rows == len(club)  # a few asked for: nothing is forgotten
        index.summaries([*club[:5], *club[6:]], whole_folders=True)
        (rows,) = index.db.execute("SELECT count(*) FROM files").fetchone()
    assert rows == len(club) - 1


def damage_cut(path: Path) -> None:
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 3])


def damage_garbage(path: Path) -> None:
    path.write_bytes(b"\x00garbage, not a database\xff" * 200)


def damage_future(path: Path) -> None:
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA user_version = 99")
        db.execute("CREATE TABLE later (what TEXT)")


def damage_foreign(path: Path) -> None:
    path.unlink()
    for suffix in ("-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE files (path TEXT, summary TEXT)")
        db.execute("INSERT INTO files VALUES ('x', 'not ours')")


@pytest.mark.parametrize(
    "damage",
    [damage_cut, damage_garbage, damage_future, damage_foreign],
    ids=["cut-short", "garbage", "future-version", "foreign"],
)
def test_a_damaged_or_foreign_index_is_rebuilt_without_a_word(
    club: list[Path], chicago_home: Path, damage: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    reads = Reads(monkeypatch)
    expected = stats()
    index_file = index_store.index_path()
    # Everything in the main file: a cut or an overwrite reaches the rows themselves.
    with sqlite3.connect(index_file) as db:
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    damage(index_file)
    reads.take()
    result = invoke("stats", "--json", "--min-rated", "0")
    assert result.exit_code == 0
    assert result.stderr == ""
    assert json.loads(result.stdout) == expected
    assert reads.take()  # read from the files again
    assert stats() == expected
    assert reads.take() == []  # and the index rebuilt: warm again


def test_a_locked_index_is_bypassed(club: list[Path], chicago_home: Path) -> None:
    expected = stats()
    index_file = index_store.index_path()
    holder = sqlite3.connect(index_file, isolation_level=None)
    try:
        holder.execute("PRAGMA locking_mode=EXCLUSIVE")
        holder.execute("BEGIN EXCLUSIVE")
        holder.execute("DELETE FROM ratings")
        club[0].write_text(club[0].read_text("utf-8"), "utf-8")  # changed: a write is due
        result = invoke("stats", "--json", "--min-rated", "0")
        assert result.exit_code == 0 and result.stderr == ""
        assert json.loads(result.stdout) == expected
        listed = invoke("sessions", "--json")
        assert listed.exit_code == 0 and len(json.loads(listed.stdout)) == len(club)
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert stats() == expected


def _as_owner_without_privileges(args: list[str]) -> list[str]:
    """As root a mode stops no write: run the command in a user namespace of its own
    (``unshare -U``), where root keeps owning the files but loses the power to ignore
    their modes."""
    return ["unshare", "-U", *args] if os.geteuid() == 0 else args


def test_a_read_only_cache_directory_is_bypassed(tmp_path: Path) -> None:
    home = tmp_path / "home"
    write_club(home / "sessions", 6)
    env = {**os.environ, "CHICAGO_PROTOKOLL_HOME": str(home), "CHICAGO_LANG": "en"}
    args = [str(CHICAGO), "stats", "--json", "--min-rated", "0"]
    warm = subprocess.run(args, env=env, capture_output=True, text=True, check=True)
    (home / "sessions" / "kvall-000.toml").unlink()  # the index must not be trusted for this
    for path in [*home.rglob("*"), home]:
        path.chmod(0o555 if path.is_dir() else 0o444)
    try:
        done = subprocess.run(
            _as_owner_without_privileges(args), env=env, capture_output=True, text=True, check=False
        )
        written = subprocess.run(
            _as_owner_without_privileges(["touch", str(home / "cache" / "probe")]),
            capture_output=True,
            check=False,
        )
    finally:
        for path in [home, *home.rglob("*")]:
            path.chmod(0o755 if path.is_dir() else 0o644)
    assert written.returncode != 0  # the cache directory really was read-only
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    shutil.rmtree(home / "cache")
    expected = subprocess.run(args, env=env, capture_output=True, text=True, check=True)
    assert json.loads(done.stdout) == json.loads(expected.stdout) != json.loads(warm.stdout)


def test_two_processes_building_the_index_at_once_agree(tmp_path: Path) -> None:
    home = tmp_path / "home"
    write_club(home / "sessions", 80)
    env = {**os.environ, "CHICAGO_PROTOKOLL_HOME": str(home), "CHICAGO_LANG": "en"}
    args = [str(CHICAGO), "stats", "--json", "--min-rated", "0"]
    both = [
        subprocess.Popen(args, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        for _ in range(2)
    ]
    outputs = [process.communicate(timeout=300) for process in both]
    assert [process.returncode for process in both] == [0, 0], outputs
    assert [err for _, err in outputs] == ["", ""]
    first, second = (json.loads(out) for out, _ in outputs)
    assert first == second
    listed = subprocess.run(
        [str(CHICAGO), "sessions", "--json"], env=env, capture_output=True, text=True, check=True
    )
    assert len(json.loads(listed.stdout)) == 80
    shutil.rmtree(home / "cache")
    alone = subprocess.run(args, env=env, capture_output=True, text=True, check=True)
    assert json.loads(alone.stdout) == first


def test_sessions_lists_the_same_with_and_without_the_index(
    club: list[Path], chicago_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    reads = Reads(monkeypatch)
    cold = invoke("sessions").stdout
    assert len(reads.take()) == len(club)
    assert invoke("sessions").stdout == cold
    assert reads.take() == []
    club[5].write_bytes(b"not a session")
    damaged = invoke("sessions", "--json").stdout
    assert reads.take() == [club[5].name]
    shutil.rmtree(cache(chicago_home))
    assert invoke("sessions", "--json").stdout == damaged
    assert "kvall-005" in damaged and '"error"' in damaged


def test_dir_folders_are_indexed_the_same_way(
    tmp_path: Path, chicago_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shared = tmp_path / "klubben"
    write_club(shared, 8, seed=9)
    time.sleep(index_store.RACY_NS / 1e9 + 0.05)
    reads = Reads(monkeypatch)
    cold = stats("--dir", str(shared))
    assert len(reads.take()) == 8
    assert stats("--dir", str(shared)) == cold
    assert reads.take() == []
    assert not list(shared.glob("*.sqlite3*"))  # nothing written into the club's folder
    assert cold == fresh(chicago_home, "--dir", str(shared))


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    return write_club(tmp_path_factory.mktemp("index-club"), 16, seed=5)


@settings(max_examples=25, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_stats_from_the_index_equal_stats_from_replaying_every_file_in_any_order(
    files: list[Path], tmp_path_factory: pytest.TempPathFactory, data: st.DataObject
) -> None:
    chosen = data.draw(st.lists(st.sampled_from(files), unique=True, min_size=1))
    index_file = tmp_path_factory.mktemp("index") / "index.sqlite3"
    with index_store.Index(index_file) as index:
        index.summaries(data.draw(st.permutations(files)))  # a warm index of every file
    with index_store.Index(index_file) as index:
        found = index.summaries(chosen)
    replayed = [index_store.read_summary(path) for path in data.draw(st.permutations(chosen))]
    from_index = league(
        item.summary.played for item in found if item.summary and item.summary.played
    )
    from_files = league(summary.played for summary in replayed if summary.played)
    assert from_index.players == from_files.players
    assert from_index.head_to_head == from_files.head_to_head
    assert from_index.records == from_files.records
    assert from_index.history == from_files.history


@pytest.mark.slow
def test_the_stats_benchmark_runs_and_prints_cold_and_warm_rows(tmp_path: Path) -> None:
    """bench/stats.py builds its club, times stats cold and warm and sessions warm, and
    prints a row for each with CPU, wall and RSS (the figures themselves are not checked)."""
    bench = Path(__file__).resolve().parents[2] / "bench" / "stats.py"
    done = subprocess.run(
        [sys.executable, str(bench), "--sizes", "20", "--runs", "1"],
        env={**os.environ, "CHICAGO_PROTOKOLL_HOME": str(tmp_path)},
        capture_output=True,
        text=True,
        check=False,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    for row in (
        "| 20 | ",
        "| stats --json | cold |",
        "| stats --json | warm |",
        "| sessions | warm |",
        "| stats --json | pull (10 files) |",
        "| stats --json | clone |",
        "| stats --json | other machine |",
    ):
        assert row in done.stdout
    assert " MB |" in done.stdout


def test_night_status_reads_the_tables_through_the_index(
    chicago_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`night status` replays only the tables' files that changed, and sees a change made
    behind the index's back as a fresh replay does."""
    from cli_support import ok, session_file

    ok("night", "new", "fredag", "Anna", "Bo", "Cilla", "Dag", "Eva", "Fia", "--seed", "3")
    # `night new` reads its tables through the index already; whether it saw them as
    # racy depends on how loaded the machine was, so start from no index at all.
    shutil.rmtree(cache(chicago_home))
    time.sleep(index_store.RACY_NS / 1e9 + 0.05)
    shutil.rmtree(cache(chicago_home), ignore_errors=True)  # cold: what `night new` indexed
    reads = Reads(monkeypatch)
    first = json.loads(ok("night", "status", "--json"))
    assert len(reads.take()) == len(first["tables"]) == 2
    assert json.loads(ok("night", "status", "--json")) == first
    assert reads.take() == []
    table = first["tables"][0]
    ok("royal", table["players"][0], "--file", str(session_file(table["session"])))
    after = json.loads(ok("night", "status", "--json"))
    assert reads.take() == [f"{table['session']}.toml"]
    assert after["tables"][0]["finished"] and not first["tables"][0]["finished"]
    shutil.rmtree(cache(chicago_home))
    assert json.loads(ok("night", "status", "--json")) == after


def test_another_release_keeps_its_own_index(chicago_home: Path) -> None:
    """What a release derives from a file is that release's: the index is named by the
    release, so an upgrade never reads an older release's figures as fresh."""
    from importlib.metadata import version

    release = version("chicago-protokoll")
    assert index_store.index_path().name.startswith(f"index-{index_store.SCHEMA}-{release}-")


def test_another_install_keeps_its_own_index(
    chicago_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two installs side by side may carry one version string and other code (a release
    and a checkout): each has its own index, never the other's figures."""
    here = index_store.index_path()
    package = sys.modules["chicago_protokoll"]
    monkeypatch.setattr(package, "__file__", "/elsewhere/site-packages/chicago_protokoll/__init__.py")
    assert index_store.index_path() != here
    assert index_store.index_path().parent == here.parent


# -- a file known by its content (issue 32) and a row known sound (issue 26) ----------------


def test_a_copy_of_the_club_elsewhere_replays_nothing_and_gives_the_same_figures(
    club: list[Path], chicago_home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A same-machine clone, a restore or a copy: every file new by stat, each known by its
    text; nothing is replayed, and the figures are those of a fresh replay."""
    reads = Reads(monkeypatch)
    copy = tmp_path / "clone"
    shutil.copytree(chicago_home / "sessions", copy)
    stats()  # the index knows the originals
    reads.take()
    from_copy = stats("--dir", str(copy))
    assert reads.take() == []  # the copies were read and hashed, never replayed
    assert from_copy == fresh(chicago_home, "--dir", str(copy))


def test_after_a_pull_only_the_files_whose_text_changed_are_replayed(
    club: list[Path], chicago_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As `git pull` or `git checkout` writes: every touched file is a new file renamed over
    the old one; only the one whose text changed is replayed, and a file that came back
    with the text it had is taken from the index."""
    reads = Reads(monkeypatch)
    stats()
    reads.take()
    for path in club[:3]:  # rewritten with the same text (a checkout of the same commit)
        other = path.with_suffix(".new")
        shutil.copyfile(path, other)
        os.replace(other, path)
    changed = club[3]
    text = changed.read_text("utf-8")
    changed.write_text(text.replace(f'name = "{changed.stem}"', 'name = "ny-kvall"', 1), "utf-8")
    after = stats()
    assert reads.take() == [changed.name]
    assert after == fresh(chicago_home)


def test_the_warm_path_hashes_nothing(
    club: list[Path], chicago_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Only a file whose stat key missed is read and hashed."""
    stats()
    hashed: list[str] = []
    original = index_store.content_hash
    monkeypatch.setattr(
        index_store, "content_hash", lambda text: hashed.append(text) or original(text)
    )
    stats()
    assert hashed == []


def _flip_a_bit(db_path: Path, table: str, column: str, rng: random.Random) -> None:
    with sqlite3.connect(db_path) as db:
        rows = db.execute(f"SELECT rowid, {column} FROM {table}").fetchall()
        rowid, value = rng.choice(rows)
        if isinstance(value, int):
            damaged: object = value ^ (1 << rng.randrange(16))
        else:
            data = bytearray(value.encode())
            data[rng.randrange(len(data))] ^= 1 << rng.randrange(7)
            damaged = data.decode("utf-8", "replace")
        db.execute(f"UPDATE {table} SET {column} = ? WHERE rowid = ?", (damaged, rowid))


@pytest.mark.parametrize("column", ["summary", "content", "checksum", "path"])
def test_a_row_with_a_flipped_bit_is_read_again_from_its_file(
    club: list[Path], chicago_home: Path, column: str
) -> None:
    """A bit flipped in a kept row (a phantom player, wrong money before) is caught by the
    row's checksum: the file is read again and every figure is a fresh replay's."""
    truth = stats()
    rng = random.Random(column)
    for _ in range(5):
        _flip_a_bit(index_store.index_path(), "files", column, rng)
        assert stats() == truth
    assert fresh(chicago_home) == truth


def test_a_kept_rating_with_a_flipped_bit_is_rated_anew(
    club: list[Path], chicago_home: Path
) -> None:
    """The kept rating sequence carries its checksum too: a damaged one is recomputed."""
    truth = stats()
    with sqlite3.connect(index_store.index_path()) as db:
        (kept,) = db.execute("SELECT count(*) FROM ratings").fetchone()
    assert kept
    rng = random.Random(7)
    for _ in range(5):
        _flip_a_bit(index_store.index_path(), "ratings", "sequence", rng)
        assert stats() == truth


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.data())
def test_any_flipped_bit_in_a_kept_row_changes_no_figure(
    club: list[Path], chicago_home: Path, data: st.DataObject
) -> None:
    """Whichever byte of whichever summary is damaged, the figures stay a fresh replay's."""
    truth = stats()
    with sqlite3.connect(index_store.index_path()) as db:
        rows = db.execute("SELECT rowid, summary FROM files ORDER BY path").fetchall()
        # drawn the same way whatever the index holds now: a row, a byte, a bit
        which, at, bit = data.draw(
            st.tuples(st.integers(0, 10**6), st.integers(0, 10**6), st.integers(0, 6))
        )
        rowid, summary = rows[which % len(rows)]
        raw = bytearray(summary.encode())
        raw[at % len(raw)] ^= 1 << bit
        db.execute(
            "UPDATE files SET summary = ? WHERE rowid = ?",
            (raw.decode("utf-8", "replace"), rowid),
        )
    assert stats() == truth


class Pools:
    """Counts the worker pools the index starts (concurrent.futures.ProcessPoolExecutor)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, *, broken: bool = False) -> None:
        import concurrent.futures
        from concurrent.futures.process import BrokenProcessPool

        self.started = 0
        pools = self

        class Counted(concurrent.futures.ProcessPoolExecutor):
            def __init__(self, *args: Any, **kwargs: Any) -> None:
                pools.started += 1
                super().__init__(*args, **kwargs)

            def submit(self, *args: Any, **kwargs: Any) -> Any:
                if broken:  # as when a worker cannot start: the pool is broken at once
                    raise BrokenProcessPool("a worker could not start")
                return super().submit(*args, **kwargs)

        monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", Counted)
        # Few files are worth workers here: the club of a test is small.
        monkeypatch.setattr(index_store, "PARALLEL_FROM", 4)
        monkeypatch.setattr(index_store, "_CHUNK", 3)
        monkeypatch.setattr(index_store, "_cores", lambda: 2)


def test_a_cold_index_replayed_by_worker_processes_gives_the_figures_of_one_process(
    club: list[Path], chicago_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A clone's first `stats` replays its files on every core; the figures and each
    refusal are those of one process reading them one by one."""
    broken = club[5]
    broken.write_text(broken.read_text("utf-8").replace("deal = 1", "deal = 9", 1), "utf-8")
    serial = fresh(chicago_home)
    one_by_one = invoke("sessions")
    pools = Pools(monkeypatch)
    assert fresh(chicago_home) == serial
    assert pools.started == 1
    shutil.rmtree(cache(chicago_home))
    listed = invoke("sessions")
    assert pools.started == 2
    assert (listed.exit_code, listed.stdout, listed.stderr) == (
        one_by_one.exit_code,
        one_by_one.stdout,
        one_by_one.stderr,
    )
    assert broken.stem in listed.stdout + listed.stderr  # the refusal is there, worded alike


def test_workers_that_cannot_start_leave_the_files_to_the_command_itself(
    club: list[Path], chicago_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    serial = fresh(chicago_home)
    pools = Pools(monkeypatch, broken=True)
    assert fresh(chicago_home) == serial
    assert pools.started == 1


# A cold `stats` whose files go to worker processes (few are enough here), with Ctrl-C
# pressed as soon as the first file is back: a terminal sends SIGINT to every process
# of the command, the workers included.
_INTERRUPTED_COLD_START = """
import os, signal, sys
signal.signal(signal.SIGINT, signal.default_int_handler)  # as in a terminal, even under xdist
from chicago_protokoll.store import index
index.PARALLEL_FROM, index._CHUNK, index._cores = 4, 1, lambda: 2
replayed = index.replayed

def pressed(jobs, expected):
    for number, outcome in enumerate(replayed(jobs, expected)):
        if number == 0:
            os.killpg(0, signal.SIGINT)
        yield outcome

index.replayed = pressed
sys.argv = ["chicago", "stats", "--json", "--min-rated", "0"]
from chicago_protokoll.__main__ import main
main()
"""


def test_ctrl_c_during_a_cold_start_with_workers_stops_the_command_and_its_workers(
    tmp_path: Path,
) -> None:
    """Ctrl-C while worker processes replay a club's files ends the command at once with
    the plain "interrupted" sentence and exit 130, nothing written, instead of hanging on
    the workers or finishing the whole club."""
    home = tmp_path / "home"
    write_club(home / "sessions", 40)
    env = {**os.environ, "CHICAGO_PROTOKOLL_HOME": str(home), "CHICAGO_LANG": "en"}
    command = subprocess.Popen(
        [sys.executable, "-c", _INTERRUPTED_COLD_START],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        process_group=0,  # its own: the signal hits the command, not the tests
    )
    out, err = command.communicate(timeout=120)  # a hang fails here
    assert command.returncode == 130, err
    assert out == ""
    assert err.strip() == "chicago: interrupted; nothing was written"
