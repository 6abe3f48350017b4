"""`play` edits like a shell (issue 41, item 1): at a terminal an answer is edited with
the arrows, Home and End, the up arrow brings back an answer of an earlier `play`, TAB
completes names (a hyphen in one included), hands and modifiers; Ctrl-C keeps what was
answered and the next `play` shows the deal so far and the totals; a typed escape is
echoed as its code, never run.  Without a terminal `play` reads plainly and never
imports readline.

The terminal is a real pseudo-terminal (pexpect) running the installed `chicago` with
the xterm a person has; every wait is for the text the next step needs.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from chicago_protokoll.store import answer_history, club

pexpect = pytest.importorskip("pexpect")

LEFT, HOME, END, UP = "\x1b[D", "\x1b[H", "\x1b[F", "\x1b[A"
BACKSPACE, TAB, QUOTED_INSERT = "\x7f", "\t", "\x16"  # ^V: readline takes the next key as typed
PLAYERS = ("fredag", "Anna-Karin", "Bo", "Cilla", "--dealer", "Cilla")
KOP_1 = "Giv 1, köp 1: bästa hand?"
KOP_2 = "Giv 1, köp 2: bästa hand?"


def chicago_exe() -> str:
    beside = Path(sys.executable).parent / "chicago"
    found = str(beside) if beside.exists() else shutil.which("chicago")
    if found is None:
        pytest.skip("the chicago command is not installed")
    return found


def terminal_env() -> dict[str, str]:
    env = dict(os.environ)
    env.update(NO_COLOR="1", TERM="xterm-256color", PYTHONUTF8="1", COLUMNS="160")
    env.pop("CHICAGO_LANG", None)
    return env


def spawn(*args: str) -> Any:
    child = pexpect.spawn(
        chicago_exe(),
        ["--lang", "sv", "play", *args],
        env=terminal_env(),
        encoding="utf-8",
        timeout=60,
        dimensions=(40, 160),
    )
    child.delaybeforesend = None
    return child


def asked(child: Any, question: str) -> None:
    """Wait for ``question`` and for the end of its prompt, where the answer is typed."""
    child.expect_exact(question)
    child.expect_exact(": ")


def ended(child: Any) -> int | None:
    child.expect(pexpect.EOF)
    child.close()
    status: int | None = child.exitstatus
    return status


def test_the_left_arrow_home_and_end_correct_an_answer_before_it_is_sent() -> None:
    """Typed "o pra", Home, "b", End, left arrow, backspace, End, "r": the answer sent is
    "bo par", accepted; no arrow's sequence reaches the answer."""
    child = spawn(*PLAYERS)
    asked(child, KOP_1)
    child.send("o pra" + HOME + "b" + END + LEFT + BACKSPACE + END + "r\r")
    child.expect_exact("Sparat: giv 1, köp 1: Bo: par")
    asked(child, KOP_2)
    child.sendeof()
    assert ended(child) == 0


def test_the_up_arrow_brings_back_an_answer_of_the_previous_play(chicago_home: Path) -> None:
    """The first `play` records Bo's två par and ends with Ctrl-D (exit 0, as before); in the
    next one the up arrow gives that answer again, and Enter records it for köp 2."""
    child = spawn(*PLAYERS)
    asked(child, KOP_1)
    child.send("bo två par\r")
    child.expect_exact("Sparat: giv 1, köp 1: Bo: två par")
    asked(child, KOP_2)
    child.sendeof()
    child.expect_exact("Allt som är besvarat är sparat")
    assert ended(child) == 0

    child = spawn()
    asked(child, KOP_2)
    child.send(UP + "\r")
    child.expect_exact("Sparat: giv 1, köp 2: Bo: två par")
    asked(child, "Giv 1, sista sticket")
    child.sendeof()
    assert ended(child) == 0
    assert answer_history.load() == ["bo två par"]
    assert answer_history.history_path() == chicago_home / "cache" / "play-history"


def test_tab_completes_a_name_with_a_hyphen_and_then_a_hand() -> None:
    """"Anna-K" TAB gives "Anna-Karin " (the hyphen breaks no word), "kå" TAB "kåk "."""
    child = spawn(*PLAYERS)
    asked(child, KOP_1)
    child.send("Anna-K" + TAB)
    child.expect_exact("Anna-Karin ")
    child.send("kå" + TAB)
    child.expect_exact("kåk ")
    child.send("\r")
    child.expect_exact("Sparat: giv 1, köp 1: Anna-Karin: kåk")
    asked(child, KOP_2)
    child.sendeof()
    assert ended(child) == 0


@pytest.mark.needs_sigint
def test_after_ctrl_c_the_next_play_shows_the_deal_so_far_and_the_totals() -> None:
    """Ctrl-C at köp 2 ends with 130 and keeps köp 1; the next `play` says, in Swedish,
    where it resumes, each player's total, and köp 1 of the deal with its points."""
    child = spawn(*PLAYERS)
    asked(child, KOP_1)
    child.send("bo två par\r")
    child.expect_exact("Sparat: giv 1, köp 1: Bo: två par")
    asked(child, KOP_2)
    child.sendintr()
    child.expect_exact("Avbrutet.")
    assert ended(child) == 130

    child = spawn()
    child.expect_exact("Fortsätter protokollet 'fredag' i giv 1.")
    child.expect(r"Anna-Karin +0")
    child.expect(r"Bo +2")
    child.expect(r"Cilla +0")
    child.expect_exact("Giv 1 hittills:")
    child.expect_exact("köp 1: Bo: två par  (Bo +2)")
    asked(child, KOP_2)
    child.sendeof()
    assert ended(child) == 0


def test_an_answer_with_an_escape_is_refused_with_the_escape_shown_not_sent() -> None:
    """An escape typed into the answer (^V ESC: readline keeps it) is refused, and the
    refusal names it as \\x1b: the line that echoes the answer holds no ESC byte."""
    child = spawn(*PLAYERS)
    asked(child, KOP_1)
    child.send("bo pr" + QUOTED_INSERT + "\x1b[Da\r")
    child.expect(r"\n([^\n]*är ingen hand[^\n]*)\n")
    refusal = child.match.group(1)
    assert "'pr\\x1b[Da'" in refusal
    assert "\x1b" not in refusal
    asked(child, KOP_1)
    child.sendeof()
    assert ended(child) == 0


def test_an_escape_piped_to_play_is_echoed_as_its_code() -> None:
    """Without a terminal too: nothing `play` writes holds the ESC that was read."""
    done = subprocess.run(
        [chicago_exe(), "--lang", "sv", "play", *PLAYERS],
        input="bo pr\x1b[Da\nq\n",
        env=terminal_env(),
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "'pr\\x1b[Da' är ingen hand" in done.stdout
    assert "\x1b" not in done.stdout + done.stderr


def test_play_without_a_terminal_reads_plainly_and_never_loads_readline(
    chicago_home: Path,
) -> None:
    """Answers piped in are read as before: recorded, and no readline (nor the line
    editor) imported, no history written."""
    done = subprocess.run(
        [sys.executable, "-X", "importtime", chicago_exe(), "--lang", "sv", "play", *PLAYERS],
        input="bo två par\nq\n",
        env=terminal_env(),
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert "Sparat: giv 1, köp 1: Bo: två par" in done.stdout
    modules = {
        line.rsplit("|", 1)[1].strip()
        for line in done.stderr.splitlines()
        if line.startswith("import time:") and "|" in line
    }
    assert "chicago_protokoll.present.dialogue" in modules  # the import list was read
    assert not modules & {"readline", "chicago_protokoll.cli.line_editing"}
    assert not answer_history.history_path().exists()


def test_the_history_lives_in_the_cache_directory_which_a_club_never_shares(
    chicago_home: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Under CHICAGO_PROTOKOLL_HOME in its cache/ (a club folder ignores /cache/); without
    it in platformdirs' user cache directory, not the data directory the club shares."""
    assert answer_history.history_path().parent == chicago_home / "cache"
    assert "/cache/" in club.IGNORED
    import platformdirs

    monkeypatch.delenv("CHICAGO_PROTOKOLL_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg-cache"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg-data"))
    path = answer_history.history_path()
    assert path.parent == Path(platformdirs.user_cache_dir("chicago-protokoll"))
    assert not path.is_relative_to(tmp_path / "xdg-data")


def test_the_history_keeps_answers_once_each_in_turn_and_never_an_escape() -> None:
    """What the up arrow may bring back: not blank, not an answer twice in a row, nothing
    a terminal acts on; the newest `MAX_ANSWERS` of them."""
    for answer in ("bo två par", "bo två par", "  ", "pr\x1b[Da", "anna kåk ", "bo två par"):
        answer_history.remember(answer)
    assert answer_history.load() == ["bo två par", "anna kåk", "bo två par"]


@pytest.mark.needs_sigint
def test_ctrl_c_leaves_play_with_130_as_before_at_any_question() -> None:
    """Ctrl-C in the middle of a line being edited ends `play` as before (130, saved note)."""
    child = spawn(*PLAYERS)
    asked(child, KOP_1)
    child.send("Anna-K")
    child.expect_exact("Anna-K")
    # A Ctrl-C that lands in the instant between readline's setup and its wait for a key
    # is taken by Python only at the next key or signal (readline's select() is not
    # woken by a signal that came before it): a person presses Ctrl-C again, and so does
    # the test, until play has said it stopped.
    for _ in range(5):
        child.sendintr()
        if child.expect_exact(["Avbrutet. Allt som är besvarat är sparat", pexpect.TIMEOUT], timeout=15) == 0:
            break
    else:
        pytest.fail("play never answered Ctrl-C")
    assert ended(child) == 130
