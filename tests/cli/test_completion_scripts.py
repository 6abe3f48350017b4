"""completions/: static scripts generated from the app's Click tree, committed without
drift, complete commands, options and choices in a real bash, zsh and fish, and names
(sessions, players, ``PLAYER:`` and a hand) through `store.completion`."""

from __future__ import annotations

import importlib.util
import os
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
from cli_support import CHICAGO, ok
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


# -- the data directory a shell keeps ----------------------------------------------------------

# A `chicago` first on the PATH that runs the real one under -X importtime and notes what
# each run saw: the kind of run, the directory and key the script passed (or none), and
# whether platformdirs was imported.  With fail=1 a data-dir run fails before Python.
_NOTING = """#!/bin/sh
if [ "$_CHICAGO_COMPLETE" = data-dir ] && [ {fail} = 1 ]; then
    echo "data-dir failed" >> '{log}'
    exit 1
fi
'{python}' -X importtime '{chicago}' "$@" 2> '{log}.imports'
status=$?
if grep -q ' platformdirs$' '{log}.imports'; then asked=platformdirs; else asked=-; fi
echo "$_CHICAGO_COMPLETE|$_CHICAGO_DATA_DIR|${{_CHICAGO_DATA_KEY:+key}}|$asked" >> '{log}'
exit $status
"""


@pytest.fixture
def two_data_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    """The XDG_DATA_HOME of a user and another one, each with a current session: fredag
    (Anna, Bo) in the first's data directory, lördag (Cilla, Dag) in the second's."""
    found = []
    for name, players in (("first", ("fredag", "Anna", "Bo")), ("second", ("lördag", "Cilla", "Dag"))):
        xdg = tmp_path / name
        monkeypatch.setenv("CHICAGO_PROTOKOLL_HOME", str(xdg / "chicago-protokoll"))
        ok("new", *players)
        found.append(xdg)
    return found[0], found[1]


def _noting(tmp_path: Path, *, fail: bool = False) -> tuple[Path, Path]:
    """A directory holding the noting `chicago`, and the file it notes in."""
    folder, log = tmp_path / "noting", tmp_path / "ran"
    folder.mkdir()
    stub = folder / "chicago"
    stub.write_text(
        _NOTING.format(fail=int(fail), log=log, python=sys.executable, chicago=CHICAGO),
        encoding="utf-8",
    )
    stub.chmod(0o755)
    return folder, log


def _ran(log: Path) -> list[str]:
    lines = log.read_text(encoding="utf-8").splitlines()
    log.write_text("", encoding="utf-8")
    return lines


_EXPORT = {"bash": "export {}={}", "zsh": "export {}={}", "fish": "set -gx {} {}"}


@pytest.mark.parametrize("shell", SHELLS)
def test_a_shell_asks_for_the_data_directory_once_and_again_when_xdg_data_home_moves(
    shell: str, two_data_dirs: tuple[Path, Path], tmp_path: Path
) -> None:
    """No CHICAGO_PROTOKOLL_HOME, as a user has it: the first TAB on a name asks chicago
    for the data directory (platformdirs); the next passes it with its key and chicago
    does not import platformdirs.  After XDG_DATA_HOME changes in the shell, the next TAB
    asks again and offers the players of the new directory."""
    first, second = two_data_dirs
    folder, log = _noting(tmp_path)
    path = f"{folder}{os.pathsep}{CHICAGO.parent}{os.pathsep}{os.environ['PATH']}"
    terminal = Terminal(shell, None, tmp_path, {"PATH": path, "XDG_DATA_HOME": str(first)})
    try:
        kept = f"names|{first / 'chicago-protokoll'}|key|-"
        assert terminal.typed("chicago declare A") == "chicago declare Anna "
        assert _ran(log) == ["data-dir|||platformdirs", kept]
        assert terminal.typed("chicago tricks b") == "chicago tricks Bo "
        assert _ran(log) == [kept]
        terminal.run(_EXPORT[shell].format("XDG_DATA_HOME", second))
        assert terminal.typed("chicago declare C") == "chicago declare Cilla "
        assert _ran(log) == [
            "data-dir|||platformdirs",
            f"names|{second / 'chicago-protokoll'}|key|-",
        ]
    finally:
        terminal.close()


@pytest.mark.parametrize("shell", SHELLS)
def test_a_failed_data_dir_run_keeps_nothing_and_tab_still_offers_the_names(
    shell: str, two_data_dirs: tuple[Path, Path], tmp_path: Path
) -> None:
    """The data-dir run fails (an older chicago, a broken install): the names call runs
    without a directory, as before the cache, and the next TAB asks again."""
    first, _ = two_data_dirs
    folder, log = _noting(tmp_path, fail=True)
    path = f"{folder}{os.pathsep}{CHICAGO.parent}{os.pathsep}{os.environ['PATH']}"
    terminal = Terminal(shell, None, tmp_path, {"PATH": path, "XDG_DATA_HOME": str(first)})
    try:
        for _ in range(2):
            assert terminal.typed("chicago declare A") == "chicago declare Anna "
            assert _ran(log) == ["data-dir failed", "names|||platformdirs"]
    finally:
        terminal.close()


@pytest.mark.parametrize("shell", SHELLS)
def test_with_chicago_protokoll_home_set_a_shell_asks_nothing_more(
    shell: str, table: Path, tmp_path: Path
) -> None:
    """CHICAGO_PROTOKOLL_HOME names the directory: no data-dir run, nothing passed."""
    folder, log = _noting(tmp_path)
    path = f"{folder}{os.pathsep}{CHICAGO.parent}{os.pathsep}{os.environ['PATH']}"
    terminal = Terminal(shell, table, tmp_path, {"PATH": path})
    try:
        for _ in range(2):
            assert terminal.typed("chicago declare ci") == "chicago declare Cilla "
            assert _ran(log) == ["names|||-"]
    finally:
        terminal.close()


def test_the_bash_harness_splits_words_as_bash_does() -> None:
    """The COMP_WORDS of the offered() harness: ':' and '=' are words, quotes stay whole."""
    assert bash_words("chicago buy Anna:kå") == ["chicago", "buy", "Anna", ":", "kå"]
    assert bash_words("chicago deal --session=fr") == ["chicago", "deal", "--session", "=", "fr"]
    assert bash_words('chicago buy "Anna Maria:k') == ["chicago", "buy", '"Anna Maria:k']
    assert bash_words("chicago ") == ["chicago", ""]
    need("bash")
