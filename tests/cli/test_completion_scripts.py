"""completions/: static scripts generated from the app's Click tree, committed without
drift, complete commands, options and choices in a real bash, zsh and fish, and names
(sessions, players, ``PLAYER:`` and a hand) through `store.completion`."""

from __future__ import annotations

import importlib.util
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from chicago_protokoll.core.rules import PRESETS
from chicago_protokoll.i18n.language import languages
from cli_support import ok
from shell_support import COMPLETIONS, SHELLS, Terminal, bash_words, need, offered

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "generate_completions.py"


def _generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location("generate_completions", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def table(chicago_home: Path) -> Path:
    """Two sessions, Swedish letters and a space in names; fredag is current."""
    ok("new", "lördag kväll", "Dag", "Eva")
    ok("new", "fredag", "Anna", "Bo", "Cilla", "Åsa Berg")
    return chicago_home


# -- generated, without drift ---------------------------------------------------------------


def test_the_committed_scripts_are_what_the_generator_writes_now() -> None:
    """Regenerated in memory from the Click tree, every file in completions/ is unchanged."""
    expected = _generator().expected_files()
    assert sorted(path.relative_to(COMPLETIONS).as_posix() for path in expected) == [
        "bash/chicago",
        "fish/chicago.fish",
        "zsh/_chicago",
    ]
    for path, text in expected.items():
        assert path.read_text(encoding="utf-8") == text, f"{path}: run {SCRIPT}"


def test_check_fails_on_a_drifted_file_and_a_rewrite_mends_it(tmp_path: Path) -> None:
    """--check exits 1 naming only the drifted file; a run without it writes it back."""
    generator = _generator()
    copy = tmp_path / "completions"
    shutil.copytree(COMPLETIONS, copy)
    generator.COMPLETIONS = copy
    (copy / "fish" / "chicago.fish").write_text("complete -c chicago -a old\n", encoding="utf-8")
    assert [path.name for path in generator.drifted()] == ["chicago.fish"]
    assert generator.main([]) == 0
    assert generator.drifted() == []
    assert generator.main(["--check"]) == 0


def test_the_script_check_passes_on_the_committed_files() -> None:
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--check"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr


def test_the_scripts_hold_every_command_and_choice_as_words() -> None:
    """Commands, choices and the questions of `why` are in the scripts themselves."""
    bash = (COMPLETIONS / "bash" / "chicago").read_text(encoding="utf-8")
    for word in ("sessions", "settle", "--csv-dialect", *PRESETS, "köpstopp", "last-trick"):
        assert word in bash
    assert "'|--lang') REPLY='w:" + " ".join(languages()) + "'" in bash


# -- commands, options and choices: no Python ------------------------------------------------


@pytest.mark.parametrize("shell", ["bash", "fish"])
@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("chicago se", ["serve", "sessions", "settle"]),
        ("chicago sessions u", ["use"]),
        ("chicago rules ", ["check", "init", "presets", "show"]),
        ("chicago export --format c", ["csv"]),
        ("chicago export --csv-dialect ", ["excel", "plain"]),
        ("chicago new fredag Anna Bo --preset t", ["tournament"]),
        ("chicago rules init x.toml --preset fam", ["family"]),
        ("chicago --lang s", ["sv"]),
        ("chicago --lang sv st", ["stats", "status"]),
        ("chicago why ", ["declare", "köpstopp", "last-trick", "points"]),
        ("chicago why la", ["last-trick"]),
        ("chicago deal --la", ["--last-trick"]),
        ("chicago undo --", ["--deal", "--file", "--help", "--session"]),
        ("chicago deal --stake 5 --with", ["--with-two"]),
    ],
)
def test_tab_completes_commands_options_and_choices(
    shell: str, line: str, expected: list[str]
) -> None:
    """With no session at all and `chicago` off the PATH, the words come from the script."""
    assert sorted(offered(shell, line, home=Path("/nonexistent"))) == expected


def test_a_tab_on_a_command_or_option_runs_no_python(tmp_path: Path) -> None:
    """A `chicago` on the PATH that records each run is never run for a command or option."""
    fake = tmp_path / "bin"
    fake.mkdir()
    log = tmp_path / "ran"
    (fake / "chicago").write_text(f"#!/bin/sh\necho ran >> '{log}'\n", encoding="utf-8")
    (fake / "chicago").chmod(0o755)
    for shell in ("bash", "fish"):
        for line in ("chicago se", "chicago export --format ", "chicago deal --", "chicago why "):
            offered(shell, line, home=tmp_path, path_first=fake)
    assert not log.exists()
    offered("bash", "chicago declare ", home=tmp_path, path_first=fake)
    assert log.read_text() == "ran\n"  # the check sees a run: a name does call chicago


# -- names -------------------------------------------------------------------------------------


@pytest.mark.parametrize("shell", ["bash", "fish"])
def test_tab_offers_players_sessions_and_hands(shell: str, table: Path) -> None:
    """Players of the current session, or of the one --session names; sessions; hands."""
    players = ["Anna", "Bo", "Cilla", "Åsa Berg"]
    bash_escaped = shell == "bash"
    spaced = "Åsa\\ Berg" if bash_escaped else "Åsa Berg"
    assert sorted(offered(shell, "chicago declare ", table)) == [*players[:3], spaced]
    assert offered(shell, "chicago tricks c", table) == ["Cilla"]
    assert offered(shell, "chicago deal --session lördag\\ kväll --last-trick ", table) == [
        "Dag",
        "Eva",
    ]
    assert offered(shell, "chicago status --session ", table) == [
        "fredag",
        "lördag\\ kväll" if bash_escaped else "lördag kväll",
    ]
    assert offered(shell, "chicago sessions use f", table) == ["fredag"]
    assert offered(shell, "chicago buy ci", table) == ["Cilla:"]
    assert offered(shell, "chicago showdown åsa", table) == [f"{spaced}:"]
    hands = offered(shell, "chicago buy bo:f", table)
    # bash offers what follows the ':' (it replaces only that), fish the whole word
    prefix = "" if shell == "bash" else "bo:"
    assert sorted(hands) == sorted(
        f"{prefix}{hand}"
        for hand in ("färg", "fyrtal", "färgstege", "flush", "full-house", "four-of-a-kind")
    )
    assert offered(shell, "chicago buy X:k", table) == []
    assert offered(shell, "chicago deal --buy Anna:kåk --buy ", table)[0] == "Anna:"


@pytest.fixture
def club(table: Path) -> Path:
    """The table's sessions and a club night, klubb (whose tables are sessions too)."""
    ok("night", "new", "klubb", "Gun", "Hans", "Ida", "Jon")
    return table


@pytest.mark.parametrize("shell", ["bash", "fish"])
def test_tab_offers_night_names_and_the_seated_dealer(shell: str, club: Path) -> None:
    """A night's NAME and --night complete the nights; --dealer of `new` and `play` the
    players typed, else those of the session NAME, --session or the current one."""
    spaced = "Åsa\\ Berg" if shell == "bash" else "Åsa Berg"
    assert offered(shell, "chicago night status ", club) == ["klubb"]
    assert offered(shell, "chicago night leave Gun k", club) == ["klubb"]
    assert offered(shell, "chicago settle --evening --night ", club) == ["klubb"]
    assert offered(shell, "chicago serve --night k", club) == ["klubb"]
    assert offered(shell, "chicago new söndag Gun Hans --dealer ", club) == ["Gun", "Hans"]
    assert offered(shell, "chicago new söndag Gun Åsa\\ Berg --dealer å", club) == [spaced]
    assert offered(shell, "chicago --lang sv new x Gun Hans --dealer h", club) == ["Hans"]
    assert offered(shell, "chicago new söndag --dealer ", club) == ["Anna", "Bo", "Cilla", spaced]
    assert offered(shell, "chicago play lördag\\ kväll --dealer ", club) == ["Dag", "Eva"]
    assert offered(shell, "chicago play --session lördag\\ kväll --dealer e", club) == ["Eva"]


@pytest.mark.parametrize("shell", ["bash", "fish"])
def test_tab_without_a_session_offers_no_names_and_no_error(shell: str, chicago_home: Path) -> None:
    """No session, a --session that does not exist or is no name: nothing, no traceback."""
    for line in (
        "chicago declare ",
        "chicago buy a",
        "chicago deal --session nope --chicago ",
        "chicago deal --session ../x --chicago ",
        "chicago sessions use ",
        "chicago night status ",
        "chicago new x --dealer ",
    ):
        assert offered(shell, line, chicago_home) == []


def test_tab_reads_the_players_of_the_file_on_the_command_line(table: Path, tmp_path: Path) -> None:
    """--file PATH (or --file=PATH) on the line: the players of that file."""
    file = tmp_path / "elsewhere.toml"
    ok("new", "x", "Gun", "Hans", "--file", str(file))
    for shell in ("bash", "fish"):
        assert offered(shell, f"chicago declare --file {file} ", table) == ["Gun", "Hans"]
        assert offered(shell, f"chicago tricks --file={file} h", table) == ["Hans"]


# -- typed in an interactive shell ---------------------------------------------------------------


@pytest.fixture(params=[*SHELLS, "zsh-fpath"])
def terminal(request: pytest.FixtureRequest, table: Path, tmp_path: Path) -> Iterator[Terminal]:
    opened = Terminal(request.param, table, tmp_path)
    try:
        yield opened
    finally:
        opened.close()


def test_tab_in_an_interactive_shell(terminal: Terminal) -> None:
    """Lower-case prefixes, an open quote, a hand after PLAYER: (bash breaks words at ':'),
    a name with a space and Swedish letters, a session name, a choice."""
    cases = [
        ("chicago buy ci", "chicago buy Cilla:"),
        ('chicago buy "Ci', 'chicago buy "Cilla:'),
        ("chicago buy Anna:kå", "chicago buy Anna:kåk "),
        ("chicago deal --buy an:full-h", "chicago deal --buy an:full-house "),
        ("chicago showdown åsa", "chicago showdown Åsa\\ Berg:"),
        ("chicago buy Åsa\\ Berg:fyr", "chicago buy Åsa\\ Berg:fyrtal "),
        ("chicago sessions use lö", "chicago sessions use lördag\\ kväll "),
        ("chicago why köp", "chicago why köpstopp "),
        ("chicago export --csv-d", "chicago export --csv-dialect "),
        ("chicago new söndag Gun Hans --dealer h", "chicago new söndag Gun Hans --dealer Hans "),
    ]
    for line, completed in cases:
        assert terminal.typed(line) == completed, (terminal.shell, line)


def test_tab_completes_a_night_in_an_interactive_shell(club: Path, tmp_path: Path) -> None:
    for shell in [*SHELLS, "zsh-fpath"]:
        terminal = Terminal(shell, club, tmp_path)
        try:
            assert terminal.typed("chicago night status k") == "chicago night status klubb "
        finally:
            terminal.close()


@pytest.mark.parametrize("shell", ["zsh", "zsh-fpath"])
def test_zsh_shows_each_command_and_option_with_its_help(
    shell: str, table: Path, tmp_path: Path
) -> None:
    """A listing of commands or options has each one's first help line beside it."""
    terminal = Terminal(shell, table, tmp_path)
    try:
        shown = terminal.listed("chicago se", "times the stake")
        assert re.search(r"serve +-- A live scoreboard", shown), shown
        assert re.search(r"sessions +-- List, switch, show and remove sessions", shown), shown
        assert re.search(r"settle +-- Who pays whom", shown), shown
        shown = terminal.listed("chicago status --", "the current session)")
        assert re.search(r"--json +-- Print JSON for scripts", shown), shown
        assert re.search(r"--session +-- Session name \(default: the current session\)", shown)
    finally:
        terminal.close()


def test_the_bash_harness_splits_words_as_bash_does() -> None:
    """The COMP_WORDS of the offered() harness: ':' and '=' are words, quotes stay whole."""
    assert bash_words("chicago buy Anna:kå") == ["chicago", "buy", "Anna", ":", "kå"]
    assert bash_words("chicago deal --session=fr") == ["chicago", "deal", "--session", "=", "fr"]
    assert bash_words('chicago buy "Anna Maria:k') == ["chicago", "buy", '"Anna Maria:k']
    assert bash_words("chicago ") == ["chicago", ""]
    need("bash")
