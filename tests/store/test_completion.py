"""store.completion: the names TAB offers, found as the commands find the session, from a
process that loads neither Typer, Click, Rich nor the core, and silent on any problem."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from chicago_protokoll.core.cards import parse_category
from chicago_protokoll.store.completion import HAND_WORDS, offered
from cli_support import CHICAGO, ok


@pytest.fixture
def table(chicago_home: Path) -> Path:
    ok("new", "lördag", "Dag", "Eva")
    ok("new", "fredag", "Anna", "Anders", "Bo", "Åsa Berg")
    return chicago_home


def _names(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """``_CHICAGO_COMPLETE=names chicago ARGS``, as the shell scripts run it."""
    clean = {k: v for k, v in os.environ.items() if not k.startswith("_CHICAGO")}
    return subprocess.run(
        [str(CHICAGO), *args],
        env={**clean, "_CHICAGO_COMPLETE": "names", **(env or {})},
        capture_output=True,
        text=True,
        timeout=30,
        check=False,
    )


def test_players_of_the_current_session_or_the_one_named(table: Path) -> None:
    assert offered("player", "") == ["Anna", "Anders", "Bo", "Åsa Berg"]
    assert offered("player", "an") == ["Anna", "Anders"]
    assert offered("player", "ÅS") == ["Åsa Berg"]
    assert offered("player", "", session="lördag") == ["Dag", "Eva"]
    assert offered("player", "", session="nope") == []
    assert offered("player", "", session="../fredag") == []


def test_who_offers_player_colon_then_the_hands(table: Path) -> None:
    assert offered("who", "b") == ["Bo:"]
    assert offered("who", "ann:kå") == ["ann:kåk"]  # the start of exactly one player
    assert offered("who", "an:kå") == []  # Anna or Anders: no hand yet
    assert offered("who", "anna:full") == ["anna:full-house"]
    assert offered("who", ":k") == []
    assert offered("who", "Bo:") == [f"Bo:{word}" for word in HAND_WORDS]


def test_nights_by_any_case_of_their_start(table: Path) -> None:
    """The club nights' names, from nights/ in the data directory, as `night` takes them."""
    assert offered("night", "") == []
    ok("night", "new", "klubb", "Anna", "Bo", "Cilla", "Dag")
    ok("night", "new", "höst", "Anna", "Bo", "Cilla", "Dag")
    (table / "nights" / "klubb.theirs.toml").write_text("", encoding="utf-8")  # a conflict's copy
    assert offered("night", "") == ["höst", "klubb"]
    assert offered("night", "KL") == ["klubb"]
    assert offered("session", "klubb")  # its tables' sessions are sessions, not nights


def test_the_first_dealer_is_one_of_the_players_seated(table: Path) -> None:
    """--dealer of `new NAME PLAYER...` and `play NAME PLAYER...`: the players typed; with
    none yet, those of the session NAME names (play resumes it), else of the command
    line's --session or --file, else of the current session."""
    assert offered("dealer", "", arguments=("söndag", "Gun", "Hans", "Ida")) == ["Gun", "Hans", "Ida"]
    assert offered("dealer", "h", arguments=("söndag", "Gun", "Hans")) == ["Hans"]
    assert offered("dealer", "", arguments=("lördag",)) == ["Dag", "Eva"]
    assert offered("dealer", "a", arguments=("söndag",)) == ["Anna", "Anders"]  # the current
    assert offered("dealer", "a", arguments=("../x",)) == ["Anna", "Anders"]
    assert offered("dealer", "", session="lördag") == ["Dag", "Eva"]
    assert offered("dealer", "ÅS") == ["Åsa Berg"]


def test_sessions_by_any_case_of_their_start(table: Path) -> None:
    assert offered("session", "") == ["fredag", "lördag"]
    assert offered("session", "LÖ") == ["lördag"]
    assert offered("nonsense", "") == []


def test_a_file_on_the_command_line_wins(table: Path, tmp_path: Path) -> None:
    file = tmp_path / "x.toml"
    ok("new", "x", "Gun", "Hans", "--file", str(file))
    assert offered("player", "", session="lördag", file=str(file)) == ["Gun", "Hans"]
    assert offered("player", "", file=str(tmp_path / "missing.toml")) == []


def test_every_hand_offered_is_one_the_commands_read() -> None:
    for word in HAND_WORDS:
        parse_category(word)


def test_the_entry_point_prints_one_name_a_line(table: Path) -> None:
    done = _names("who", "å", "", "")
    assert (done.returncode, done.stdout, done.stderr) == (0, "Åsa Berg:\n", "")
    assert _names("player", "", "lördag", "").stdout == "Dag\nEva\n"
    assert _names("dealer", "g", "", "", "x", "Gun", "Hans").stdout == "Gun\n"


@pytest.mark.parametrize(
    "problem",
    [
        "garbage = [",  # no TOML at all
        'players = "Anna"',  # not a list
        "\x00",
    ],
)
def test_a_damaged_session_offers_nothing_and_says_nothing(table: Path, problem: str) -> None:
    (table / "sessions" / "fredag.toml").write_text(problem, encoding="utf-8")
    done = _names("player", "", "", "")
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")


def test_odd_arguments_and_a_directory_as_file_print_nothing(table: Path) -> None:
    for args in ((), ("player",), ("player", "a", "", str(table)), ("session", "a", "b", "c", "d")):
        done = _names(*args)
        assert (done.returncode, done.stderr) == (0, ""), args
    assert _names("player", "", "", str(table)).stdout == ""


def test_without_a_home_override_the_platforms_data_directory(tmp_path: Path) -> None:
    """No CHICAGO_PROTOKOLL_HOME: the sessions of platformdirs' user data directory."""
    data = tmp_path / "xdg"
    home = data / "chicago-protokoll"
    env = {"XDG_DATA_HOME": str(data), "HOME": str(tmp_path)}
    done = subprocess.run(
        [str(CHICAGO), "new", "fredag", "Anna", "Bo"],
        env={k: v for k, v in {**os.environ, **env}.items() if k != "CHICAGO_PROTOKOLL_HOME"},
        capture_output=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert (home / "sessions" / "fredag.toml").exists()
    clean = {k: v for k, v in os.environ.items() if k != "CHICAGO_PROTOKOLL_HOME"}
    done = subprocess.run(
        [str(CHICAGO), "player", "", "", ""],
        env={**clean, **env, "_CHICAGO_COMPLETE": "names"},
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.stdout == "Anna\nBo\n"


def test_a_tab_on_a_name_imports_neither_typer_click_rich_nor_the_core(table: Path) -> None:
    """What the TAB process loads (python -X importtime): the store's readers, no more."""
    clean = {k: v for k, v in os.environ.items() if not k.startswith("_CHICAGO")}
    done = subprocess.run(
        [sys.executable, "-X", "importtime", str(CHICAGO), "who", "a", "", ""],
        env={**clean, "_CHICAGO_COMPLETE": "names"},
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.stdout == "Anna:\nAnders:\n"
    modules = {
        line.rsplit("|", 1)[1].strip()
        for line in done.stderr.splitlines()
        if line.startswith("import time:")
    }
    assert "chicago_protokoll.store.completion" in modules  # the check sees the imports
    ours = {name for name in modules if name.startswith("chicago_protokoll.")}
    assert ours <= {
        "chicago_protokoll.__main__",
        "chicago_protokoll.i18n",
        "chicago_protokoll.i18n.language",
        "chicago_protokoll.store",
        "chicago_protokoll.store.completion",
        "chicago_protokoll.store.locations",
        "chicago_protokoll.store.regularfile",
        "chicago_protokoll.store.tomlsubset",
    }
    heavy = {"typer", "click", "rich", "tomllib", "json", "platformdirs", "typing", "argparse"}
    assert not {name for name in modules if name.split(".")[0] in heavy}
