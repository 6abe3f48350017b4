"""Long reading shows its progress: the first index of a big folder draws a Rich progress
bar on stderr when it is a terminal (a real pseudo-terminal here), and nothing when
stderr is piped or the answer itself goes to a pipe."""

from __future__ import annotations

import os
import pty
import select
import shutil
import subprocess
from pathlib import Path

import pytest

from chicago_protokoll.cli.progress import DRAW_FROM
from cli_support import ANNA_23_DEAL, CHICAGO, ok, session_file

BAR = "Reading session files"


@pytest.fixture
def big_folder(chicago_home: Path) -> Path:
    """DRAW_FROM + 20 finished games: copies of one, each started a minute later."""
    ok("new", "fredag", "Anna", "Bo")
    ok(*ANNA_23_DEAL)
    ok(*ANNA_23_DEAL)
    ok("deal", "--buy", "Anna:kåk", "--last-trick", "Anna")
    text = session_file("fredag").read_text("utf-8")
    start = text.index('created = "') + len('created = "')
    created = text[start : text.index('"', start)]
    for number in range(DRAW_FROM + 20):
        moved = created.replace(created[11:16], f"{number // 60 % 24:02d}:{number % 60:02d}")
        copy = text.replace('name = "fredag"', f'name = "kvall-{number}"').replace(created, moved)
        (chicago_home / "sessions" / f"kvall-{number:03d}.toml").write_text(copy, "utf-8")
    return chicago_home


def run_in_terminal(home: Path, *args: str, stdout_piped: bool = False) -> tuple[str, str]:
    """``chicago ARGS`` with stderr (and stdout, unless piped) a pseudo-terminal: what the
    terminal showed, and what went down the pipe."""
    leader, follower = pty.openpty()
    env = {**os.environ, "CHICAGO_PROTOKOLL_HOME": str(home), "CHICAGO_LANG": "en",
           "COLUMNS": "100", "TERM": "xterm"}
    env.pop("NO_COLOR", None)
    process = subprocess.Popen(
        [str(CHICAGO), *args],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE if stdout_piped else follower,
        stderr=follower,
        env=env,
    )
    os.close(follower)
    shown = b""
    while True:
        ready, _, _ = select.select([leader], [], [], 60)
        if not ready:
            break
        try:
            chunk = os.read(leader, 65536)
        except OSError:  # the terminal closed: the command is done
            break
        if not chunk:
            break
        shown += chunk
    piped = b""
    if process.stdout is not None:
        with process.stdout:
            piped = process.stdout.read()
    assert process.wait(timeout=120) == 0, shown.decode(errors="replace")
    os.close(leader)
    return shown.decode(errors="replace"), piped.decode()


def test_the_first_index_of_a_big_folder_draws_a_bar_on_the_terminal(big_folder: Path) -> None:
    shown, _ = run_in_terminal(big_folder, "stats")
    assert BAR in shown
    assert "The league" in shown
    warm, _ = run_in_terminal(big_folder, "stats")
    assert BAR not in warm  # nothing left to read: nothing to show


def test_no_bar_when_the_answer_goes_to_a_pipe(big_folder: Path) -> None:
    shown, piped = run_in_terminal(big_folder, "stats", "--json", stdout_piped=True)
    assert BAR not in shown and shown == ""
    assert piped.startswith("{")


def test_no_bar_when_stderr_is_piped(big_folder: Path) -> None:
    env = {**os.environ, "CHICAGO_PROTOKOLL_HOME": str(big_folder), "CHICAGO_LANG": "en"}
    done = subprocess.run([str(CHICAGO), "stats", "--json"], env=env, capture_output=True, text=True, check=True)
    assert done.stderr == ""


def test_sessions_draws_the_bar_too_on_a_first_index(big_folder: Path) -> None:
    shown, _ = run_in_terminal(big_folder, "sessions")
    assert BAR in shown and "kvall-219" in shown
    shutil.rmtree(big_folder / "cache")
    shown, piped = run_in_terminal(big_folder, "sessions", stdout_piped=True)
    assert shown == "" and "kvall-219" in piped
