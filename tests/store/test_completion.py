"""store.completion: the names TAB offers, found as the commands find the session, from a
process that loads neither Typer, Click, Rich nor the core, and silent on any problem."""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from chicago_protokoll.core.cards import parse_category
from chicago_protokoll.store import locations
from chicago_protokoll.store.completion import DATA_DIR_ENV, DATA_KEY_ENV, HAND_WORDS, offered
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


# -- the data directory a shell keeps ------------------------------------------------------


@dataclass
class Places:
    """A user's environment without CHICAGO_PROTOKOLL_HOME (``env``), whose platformdirs
    data directory (``platform``) holds fredag (Anna, Bo), and another data directory
    (``kept``) holding lördag (Dag, Eva): which players TAB offers says which directory
    answered."""

    env: dict[str, str]
    platform: Path
    kept: Path


@pytest.fixture
def places(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, chicago_home: Path) -> Places:
    xdg = tmp_path / "xdg"
    platform, kept = xdg / "chicago-protokoll", tmp_path / "kept"
    for home, players in ((platform, ("fredag", "Anna", "Bo")), (kept, ("lördag", "Dag", "Eva"))):
        monkeypatch.setenv(locations.HOME_ENV, str(home))
        ok("new", *players)
    monkeypatch.setenv(locations.HOME_ENV, str(chicago_home))  # the test's own, as before
    env = {
        key: value
        for key, value in os.environ.items()
        if key != locations.HOME_ENV and not key.startswith("_CHICAGO")
    }
    env.update(HOME=str(tmp_path), XDG_DATA_HOME=str(xdg))
    return Places(env, platform, kept)


def _chicago(env: dict[str, str], *args: str, importtime: bool = False) -> tuple[str, set[str]]:
    """What ``chicago ARGS`` prints in ``env``, and the modules it imported (``importtime``)."""
    argv = [sys.executable, "-X", "importtime", str(CHICAGO)] if importtime else [str(CHICAGO)]
    done = subprocess.run(
        [*argv, *args], env=env, capture_output=True, text=True, timeout=30, check=False
    )
    assert done.returncode == 0, done.stderr
    modules = {
        line.rsplit("|", 1)[1].strip()
        for line in done.stderr.splitlines()
        if line.startswith("import time:")
    }
    return done.stdout, modules


def _data_dir(env: dict[str, str]) -> list[str]:
    """The lines ``_CHICAGO_COMPLETE=data-dir chicago`` prints, which a shell keeps."""
    return _chicago({**env, "_CHICAGO_COMPLETE": "data-dir"})[0].splitlines()


def test_data_dir_prints_the_environments_key_and_platformdirs_directory(
    places: Places, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in locations._PLATFORM_ENV:
        monkeypatch.delenv(name, raising=False)
    for name in locations._PLATFORM_ENV:
        if name in places.env:
            monkeypatch.setenv(name, places.env[name])
    assert _data_dir(places.env) == [locations.environment_key(), str(places.platform)]


def test_a_tab_with_the_shells_key_answers_from_its_directory_without_platformdirs(
    places: Places,
) -> None:
    """The key a shell kept from its first TAB still holds: the directory kept beside it
    is used and platformdirs is not imported.  (The kept directory here is not the one
    data-dir printed only so that the answer shows which directory was read.)"""
    key, _ = _data_dir(places.env)
    env = {
        **places.env,
        "_CHICAGO_COMPLETE": "names",
        DATA_DIR_ENV: str(places.kept),
        DATA_KEY_ENV: key,
    }
    shown, modules = _chicago(env, "player", "", "", "", importtime=True)
    assert shown == "Dag\nEva\n"
    assert "chicago_protokoll.store.completion" in modules  # the check sees the imports
    assert not {name for name in modules if name.split(".")[0] in ("platformdirs", "tempfile")}


def test_a_stale_or_missing_key_finds_the_directory_as_without_a_shell(
    places: Places, tmp_path: Path
) -> None:
    """A key kept before XDG_DATA_HOME or HOME changed, an empty key, none, or no usable
    directory: the players of platformdirs' data directory, never the kept one's."""
    key, _ = _data_dir(places.env)
    moved, _ = _data_dir({**places.env, "XDG_DATA_HOME": str(tmp_path / "before")})
    homeless, _ = _data_dir({**places.env, "HOME": ""})
    assert len({key, moved, homeless}) == 3
    kept = str(places.kept)
    for given in (
        {DATA_DIR_ENV: kept, DATA_KEY_ENV: moved},
        {DATA_DIR_ENV: kept, DATA_KEY_ENV: homeless},
        {DATA_DIR_ENV: kept, DATA_KEY_ENV: ""},
        {DATA_DIR_ENV: kept},
        {DATA_DIR_ENV: "", DATA_KEY_ENV: key},
        {DATA_DIR_ENV: "kept", DATA_KEY_ENV: key},  # relative: not one data-dir printed
    ):
        env = {**places.env, "_CHICAGO_COMPLETE": "names", **given}
        shown, modules = _chicago(env, "player", "", "", "", importtime=True)
        assert shown == "Anna\nBo\n", given
        assert "platformdirs" in modules, given


def test_chicago_protokoll_home_wins_over_the_shells_directory(
    places: Places, chicago_home: Path
) -> None:
    ok("new", "söndag", "Gun", "Hans")
    key, _ = _data_dir(places.env)
    env = {
        **places.env,
        locations.HOME_ENV: str(chicago_home),
        "_CHICAGO_COMPLETE": "names",
        DATA_DIR_ENV: str(places.kept),
        DATA_KEY_ENV: key,
    }
    assert _chicago(env, "player", "", "", "")[0] == "Gun\nHans\n"


def test_a_command_ignores_the_directory_kept_for_tab(places: Places) -> None:
    """Only a TAB takes the shell's directory; `chicago sessions` asks platformdirs."""
    key, _ = _data_dir(places.env)
    env = {**places.env, DATA_DIR_ENV: str(places.kept), DATA_KEY_ENV: key}
    shown = _chicago(env, "sessions")[0]
    assert "fredag" in shown
    assert "lördag" not in shown


def test_the_key_is_one_line_of_ascii_and_tells_unset_from_empty(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.setenv("HOME", "/home/åsa\nberg")
    unset = locations.environment_key()
    assert unset.isascii()
    assert "\n" not in unset
    monkeypatch.setenv("XDG_DATA_HOME", "")
    assert locations.environment_key() != unset


def test_data_dir_prints_nothing_for_a_directory_a_shell_cannot_read_back(
    tmp_path: Path,
) -> None:
    """A line break in the directory (here through HOME): nothing, and exit 0."""
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in (locations.HOME_ENV, "XDG_DATA_HOME") and not key.startswith("_CHICAGO")
    }
    assert _data_dir({**env, "HOME": f"{tmp_path}/two\nlines"}) == []
