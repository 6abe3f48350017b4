"""The installed `chicago` as a real process: a whole evening, every error class, twenty
recorders at once, kills at random moments, Ctrl-C and a closed pipe."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from chicago_protokoll.store import atomic, sessionfile
from chicago_protokoll.store.fileformat import IDS_VERSION, VERSION
from cli_support import CHICAGO, ENGLISH, SEED_000_DEAL, assert_one_plain_line, run, session_file

PLAYERS = ("Anna", "Bo", "Cilla")


def ok(*args: str, input: str | None = None) -> str:
    result = run(*args, input=input)
    assert result.returncode == 0, f"chicago {' '.join(args)}: {result.returncode}\n{result.stderr}"
    assert "Traceback" not in result.stderr
    return result.stdout


def refused(*args: str, code: int = 1) -> str:
    result = run(*args)
    assert result.returncode == code, (
        f"chicago {' '.join(args)}: {result.returncode}\n{result.stderr}"
    )
    assert "Traceback" not in result.stderr
    if code == 1:
        assert result.stdout == ""
        assert_one_plain_line(result.stderr)
    return result.stderr


def popen(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [str(CHICAGO), *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, **ENGLISH},
    )


def test_seed_000_deal_through_the_installed_command() -> None:
    """The hook's smoke test: seed 000 through `chicago` gives Anna 4, Bo 2, Cilla 5 in status --json."""
    ok("new", "smoke", *PLAYERS)
    ok(
        "deal",
        "--buy",
        "Bo:two-pair",
        "--buy",
        "Anna:två par",
        "--last-trick",
        "Cilla",
        "--showdown",
        "Anna:two-pair",
    )
    data = json.loads(ok("status", "--json"))
    assert {p["name"]: p["score"] for p in data["players"]} == {"Anna": 4, "Bo": 2, "Cilla": 5}


def test_a_whole_evening_through_real_processes(tmp_path: Path) -> None:
    """Every command of the contract runs as the installed command and does its job."""
    rules = tmp_path / "hus.toml"
    assert "Wrote" in ok("rules", "init", str(rules), "--preset", "tournament")
    assert "valid" in ok("rules", "check", str(rules))
    ok("new", "fredag", *PLAYERS, "--rules", str(rules), "--dealer", "Cilla")
    assert "threshold = 45" in ok("rules", "show")
    ok(*SEED_000_DEAL)
    ok("exchange", "Anna", "3")
    ok("buy", "Anna:kåk")
    ok("buy", "Anna:kåk")
    ok("tricks", "Anna")
    ok("showdown", "Anna:kåk")
    ok("buy", "pass")
    ok("buy", "pass")
    ok("declare", "Anna")
    ok("tricks", "Bo")
    assert "Undone" in ok("undo")
    ok("tricks", "Anna")
    status = json.loads(ok("status", "--json"))
    assert {p["name"]: p["score"] for p in status["players"]} == {"Anna": 42, "Bo": 2, "Cilla": 5}
    assert "Anna" in ok("status")
    assert "+15" in ok("log")
    exported = json.loads(ok("export", "--format", "json"))
    assert len(exported["deals"]) == 3
    csv_file = tmp_path / "fredag.csv"
    ok("export", "--format", "csv", "-o", str(csv_file))
    assert csv_file.read_text(encoding="utf-8").startswith("deal,dealer,Anna,Anna total")
    assert "| Deal |" in ok("export", "--format", "md")
    ok("royal", "Cilla")
    settled = json.loads(ok("settle", "--json", "--stake", "2"))
    assert settled["payments"][0] == {"from": "Anna", "to": "Cilla", "amount": 30}
    assert "Cilla" in ok("settle")
    assert json.loads(ok("compare", "KH KS 9D 9H 3C", "AH AS 2C 3D 4S", "--json"))["winner"] == 0
    ok("new", "lördag", "Dag", "Eva")
    assert "winner Cilla" in ok("sessions")
    ok("sessions", "use", "fredag")
    assert "Events:" in ok("sessions", "show")
    ok("sessions", "remove", "lördag", "--yes")
    assert not session_file("lördag").exists()


def test_every_error_class_through_real_processes(tmp_path: Path) -> None:
    """Refusals exit 1 with one line and keep the file; usage errors exit 2; damaged files are named."""
    assert "chicago new" in refused("status")
    ok("new", "fredag", *PLAYERS)
    path = session_file("fredag")
    ok(*SEED_000_DEAL)
    before = path.read_bytes()
    assert "chicago.min_score" in refused("deal", "--chicago", "Anna")
    assert "'Dave' is not at this table" in refused("tricks", "Dave")
    assert path.read_bytes() == before
    refused("deal", "--bogus", code=2)
    refused("buy", code=2)
    assert path.read_bytes() == before
    path.write_bytes(before[: len(before) // 3])
    assert "sessions/fredag.toml" in refused("deal", "--last-trick", "Bo")
    assert path.read_bytes() == before[: len(before) // 3]
    path.write_bytes(before.replace(f"version = {IDS_VERSION}".encode(), f"version = {VERSION + 1}".encode()))
    assert "newer" in refused("undo")
    rules = tmp_path / "hus.toml"
    rules.write_bytes(b"[game]\ntarget = 52 \xff\n")
    assert str(rules) in refused("new", "x", *PLAYERS, "--rules", str(rules))
    assert "cannot be a session name" in refused("new", "../x", *PLAYERS)


@pytest.mark.slow
def test_twenty_concurrent_deals_on_one_session_are_all_recorded() -> None:
    """20 `chicago deal` processes started at once on one session: 20 deals, no event lost."""
    players = ("Anna", "Bo", "Cilla", "Dag")
    ok("new", "fredag", *players)
    with ThreadPoolExecutor(max_workers=20) as pool:
        results = list(
            pool.map(
                lambda i: run("deal", "--last-trick", players[i % 4], timeout=120),
                range(20),
            )
        )
    for result in results:
        assert result.returncode == 0, result.stderr
    session = sessionfile.load_session(session_file("fredag"))
    assert len(session.events) == 20 * 4  # köp 1, köp 2, last trick, showdown
    status = json.loads(ok("status", "--json"))
    assert status["deal"] == 21
    assert {p["name"]: p["score"] for p in status["players"]} == dict.fromkeys(players, 25)


@pytest.mark.slow
def test_killing_deal_at_random_moments_never_leaves_an_unreadable_session() -> None:
    """SIGKILL at a random moment of `chicago deal`: the file loads, with whole deals only."""
    ok("new", "fredag", "Anna", "Bo", "Cilla", "Dag")
    path = session_file("fredag")
    rng = random.Random(20261129)
    recorded = 0
    for attempt in range(14):
        process = popen("deal", "--last-trick", ("Anna", "Bo", "Cilla", "Dag")[attempt % 4])
        time.sleep(rng.uniform(0.0, 0.6))
        process.send_signal(signal.SIGKILL)
        process.communicate()
        session = sessionfile.load_session(path)  # raises if the file were cut or half-written
        assert len(session.events) % 4 == 0
        assert len(session.events) // 4 in (recorded, recorded + 1)
        recorded = len(session.events) // 4
    assert sorted(p.name for p in path.parent.iterdir() if not p.name.startswith(".")) == [
        "fredag.toml"
    ]
    ok("deal", "--last-trick", "Anna")  # the lock died with its holder
    assert json.loads(ok("status", "--json"))["deal"] == recorded + 2


def _holds_open(pid: int, target: Path) -> bool:
    fds = Path(f"/proc/{pid}/fd")
    try:
        return any(os.path.realpath(fd) == str(target) for fd in fds.iterdir())
    except OSError:
        return False


@pytest.mark.skipif(not Path("/proc/self/fd").exists(), reason="needs /proc to see the lock wait")
@pytest.mark.needs_sigint
def test_ctrl_c_while_waiting_for_the_lock_says_nothing_was_written() -> None:
    """Ctrl-C during the wait for another writer's lock: exit 130, one line, the file unchanged."""
    ok("new", "fredag", *PLAYERS)
    path = session_file("fredag")
    before = path.read_bytes()
    lock = os.path.realpath(path.parent / atomic.LOCK_NAME)
    with atomic.locked(path.parent):
        process = popen("deal", "--last-trick", "Bo")
        deadline = time.monotonic() + 20
        while not _holds_open(process.pid, Path(lock)):
            assert time.monotonic() < deadline, "chicago never reached the lock"
            assert process.poll() is None, process.communicate()
            time.sleep(0.02)
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=20)
    assert process.returncode == 130
    assert out == ""
    assert_one_plain_line(err)
    assert "nothing was written" in err
    assert path.read_bytes() == before


def test_a_reader_that_closes_the_pipe_early_gets_no_error_message() -> None:
    """`chicago export | head -1`: the command stops quietly, no message about a broken pipe."""
    ok("new", "fredag", *PLAYERS)
    ok(*SEED_000_DEAL)
    for args in (("export",), ("status", "--json"), ("status",), ("log",)):
        process = popen(*args)
        assert process.stdout is not None
        process.stdout.close()
        _, err = process.communicate(timeout=20)
        assert err == "", (args, err)
