"""The TAB-completion fast path answers exactly as Typer does, or leaves the answer to Typer.

`chicago_protokoll.fast.complete` answers a TAB press without importing Typer,
from a spec generated from the app.  These tests drive it and Typer's own
completion over many command lines, shells, sessions and terminal widths, and
compare every byte of the output and the exit status.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import redirect_stdout
from dataclasses import replace
from pathlib import Path
from unittest import mock

import pytest

from chicago_protokoll.core.correct import correct_deal
from chicago_protokoll.core.events import BuyWinner, LastTrick, Showdown
from chicago_protokoll.core.game import new_session
from chicago_protokoll.core.rules import HouseRules
from chicago_protokoll.fast import complete as _fastcomplete
from chicago_protokoll.fast import completion_spec as _completion_spec
from chicago_protokoll.store import locations, sessionfile

REPO = Path(__file__).resolve().parents[2]
CHICAGO = Path(sys.executable).parent / "chicago"

PLAYERS = ("Anna", "Bo", "Cecilia", "Åsa")
SWEDES = ("Örjan", "Åke", "ärla", "Östen")

# Command lines typed so far; the last word is the one being completed.
LINES = (
    "",
    "s",
    "st",
    "se",
    "x",
    "-",
    "--",
    "--l",
    "--lang",
    "--lang ",
    "--lang=",
    "--lang=s",
    "--lang sv ",
    "--lang sv st",
    "-h ",
    "--help d",
    "--install-completion ",
    "rules ",
    "rules s",
    "rules -",
    "rules show -",
    "rules show --",
    "rules init ",
    "rules init x",
    "rules init --p",
    "rules check ",
    "rules bogus ",
    "sessions ",
    "sessions u",
    "sessions --json ",
    "sessions --json u",
    "sessions use ",
    "sessions use f",
    "sessions use l",
    "sessions use F",
    "sessions show ",
    "sessions remove -",
    "sessions remove --yes ",
    "sessions remove -y f",
    "new ",
    "new fredag ",
    "new fredag Anna -",
    "new fredag Anna Bo --dealer ",
    "status ",
    "status -",
    "status --s",
    "status --session ",
    "status --session f",
    "status --session=",
    "status --session=l",
    "status -s ",
    "status -s l",
    "status --json -",
    "status --json --json -",
    "status --file ",
    "status --file x",
    "status -f x",
    "status --bogus ",
    "export --format ",
    "export --format c",
    "export --format C",
    "export --format=m",
    "export --csv-dialect ",
    "export --csv-dialect e",
    "--lang s",
    "--lang=e",
    "new fredag Anna Bo --preset ",
    "new fredag Anna Bo --preset t",
    "new fredag Anna Bo --preset=s",
    "rules init --preset f",
    "play --preset ",
    "export -o ",
    "export --output=x",
    "compare ",
    "compare KH ",
    "compare -",
    "undo ",
    "log -",
    "settle --stake ",
    "settle --",
    "deal ",
    "deal -",
    "deal --",
    "deal --b",
    "deal --la",
    "deal --last-trick ",
    "deal --last-trick A",
    "deal --last-trick a",
    "deal --last-trick Å",
    "deal --last-trick å",
    "deal --last-trick Ö",
    "deal --last-trick Bo ",
    "deal --last-trick Bo -",
    "deal --last-trick Bo --la",
    "deal --last-trick=",
    "deal --last-trick=C",
    "deal --buy ",
    "deal --buy B",
    "deal --buy Bo:pair --buy ",
    "deal --buy Bo:pair --",
    "deal --buy --last-trick ",
    "deal --chicago C",
    "deal --broken-by ",
    "deal --showdown Å",
    "deal --royal ",
    "deal --exchange A",
    "deal --with-two ",
    "deal --with-two -",
    "deal --session lördag --last-trick ",
    "deal -s lördag --last-trick Ö",
    "deal --session=lördag --chicago ",
    "deal --session trasig --royal ",
    "deal --session framtid --royal ",
    "deal --session nosuch --royal ",
    "deal --session ../x --royal ",
    "deal --session konstig --royal ",
    "deal --session crlf --royal ",
    "deal --session utan --royal ",
    "deal --session bom --royal ",
    "deal --session latin1 --royal ",
    "deal --file x --royal ",
    "deal --last-trick Bo -- ",
    "deal 'Anna ",
    'deal --last-trick "Å',
    "buy ",
    "buy A",
    "buy Bo:",
    "buy Bo:k",
    "buy Bo:K",
    "buy bo:tv",
    "buy Å:f",
    "buy Cecilia:st",
    "buy C:",
    "buy X:p",
    "buy :p",
    "buy Bo:kåk ",
    "showdown Anna:",
    "deal --buy Anna:tr",
    "deal --buy=Anna:p",
    "deal --showdown Åsa:f",
    "buy pa",
    "declare ",
    "declare C",
    "declare Cecilia ",
    "declare Cecilia -",
    "declare -s lördag ",
    "declare -s lördag å",
    "declare -sfredag ",
    "declare -s=fredag ",
    "tricks ",
    "tricks --with-two ",
    "tricks --with-two=1 ",
    "tricks Bo ",
    "showdown ",
    "showdown Ce",
    "royal Åsa",
    "exchange ",
    "exchange Anna ",
    "exchange Anna 3 ",
    "exchange Anna -1 ",
    "exchange -s lördag ",
    "play ",
    "explain ",
    "why ",
    "chart -",
)

# Lines whose answer depends on the current session.
PLAYER_LINES = tuple(
    line
    for line in LINES
    if line.split(" ")[0] in ("deal", "buy", "declare", "tricks", "showdown", "royal", "exchange")
)

CURRENTS = (
    "fredag",
    "lördag",
    "trasig",
    "framtid",
    "nosuch",
    "../x",
    "konstig",
    "crlf",
    "utan",
    "bom",
    "latin1",
    None,
    "fredag\r\n",
    # hand-edited into what core.names or the store refuses (issue 10)
    "osynlig",
    "nfd",
    "dubbel",
    "styrtecken",
    "lank",
    "ror",
    "rättad",
    "rättad-fel-spelare",
    "rättad-fel-giv",
)


def _write_session(home: Path, name: str, players: tuple[str, ...]) -> Path:
    path = home / "sessions" / f"{name}.toml"
    sessionfile.create_session(path, new_session(players, HouseRules(), name=name))
    return path


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A data directory with good sessions and every kind of bad one."""
    home = tmp_path_factory.mktemp("completion-home")
    fredag = _write_session(home, "fredag", PLAYERS)
    _write_session(home, "lördag", SWEDES)
    text = fredag.read_text("utf-8")
    (home / "sessions" / "trasig.toml").write_text(text[: len(text) // 2], "utf-8")
    (home / "sessions" / "framtid.toml").write_text(
        text.replace("version = 1", "version = 3"), "utf-8"
    )
    (home / "sessions" / "crlf.toml").write_bytes(text.replace("\n", "\r\n").encode())
    (home / "sessions" / "bom.toml").write_bytes(b"\xef\xbb\xbf" + text.encode())
    (home / "sessions" / "latin1.toml").write_bytes(text.replace("Åsa", "Åsa").encode("latin-1"))
    (home / "sessions" / "utan.toml").write_text(text.replace("first_dealer", "dealer"), "utf-8")
    _write_session(home, "konstig", ('Anna "A"', "Bo"))
    (home / "sessions" / ".dold.toml").write_text(text, "utf-8")
    (home / "sessions" / "inte-en-fil.toml").mkdir()
    (home / "sessions" / "Fredrik.toml").write_text(text.replace('"fredag"', '"Fredrik"'), "utf-8")
    edited = {
        "osynlig": text.replace('"Bo"', '"B\u200bo"'),
        "nfd": text.replace('"Anna"', '"A\u030anna"'),
        "dubbel": text.replace('"Bo"', '"ANNA"'),
        "styrtecken": text.replace('name = "fredag"', 'name = "fre\u001bdag"'),
    }
    for name, edit in edited.items():
        (home / "sessions" / f"{name}.toml").write_text(edit, "utf-8")
    (home / "sessions" / "lank.toml").symlink_to(fredag)
    os.mkfifo(home / "sessions" / "ror.toml")
    _write_corrected(home)
    return home


def _write_corrected(home: Path) -> None:
    """A session with a corrected deal (format 2), and two the store refuses for their
    [[corrections]]: one naming a stranger, one holding an event of another deal."""
    session = new_session(PLAYERS, HouseRules(), name="rättad")
    first = (
        BuyWinner(1, None, buy=1),
        BuyWinner(1, None, buy=2),
        LastTrick(1, PLAYERS[0]),
        Showdown(1, None),
    )
    session = replace(session, events=first)
    corrected, _ = correct_deal(
        session, 1, [*first[:2], LastTrick(1, PLAYERS[1]), first[3]], at="2026-11-30T21:04:00+00:00"
    )
    path = home / "sessions" / "rättad.toml"
    sessionfile.create_session(path, corrected)
    text = path.read_text("utf-8")
    cut = text.index("[[corrections.after]]")
    stranger = text[:cut] + text[cut:].replace(f'player = "{PLAYERS[1]}"', 'player = "Zed"', 1)
    (home / "sessions" / "rättad-fel-spelare.toml").write_text(stranger, "utf-8")
    other_deal = text[:cut] + text[cut:].replace("deal = 1", "deal = 2", 1)
    (home / "sessions" / "rättad-fel-giv.toml").write_text(other_deal, "utf-8")


def _env(home: Path, shell: str, line: str, **extra: str) -> dict[str, str]:
    env = {
        "PATH": os.environ.get("PATH", ""),
        "HOME": str(home),
        "CHICAGO_PROTOKOLL_HOME": str(home),
        "COLUMNS": "200",
        "_CHICAGO_COMPLETE": f"complete_{shell}",
    }
    full = f"chicago {line}"
    if shell == "bash":
        words = full.split(" ")
        env["COMP_WORDS"] = " ".join(words)
        env["COMP_CWORD"] = str(len(words) - 1)
    else:
        env["_TYPER_COMPLETE_ARGS"] = full
    env.update(extra)
    return env


def _set_current(home: Path, current: str | None) -> None:
    pointer = home / "current"
    if current is None:
        pointer.unlink(missing_ok=True)
    else:
        pointer.write_bytes(current.encode())


_COMMAND = None


def typer_answer(env: dict[str, str]) -> tuple[str, int]:
    """What Typer prints for this TAB press, and its exit status (in process)."""
    global _COMMAND  # noqa: PLW0603 - built once: Typer's command tree is slow to make
    import typer.main
    from typer._completion_classes import completion_init
    from typer.completion import shell_complete

    from chicago_protokoll.cli.app import app

    completion_init()
    if _COMMAND is None:
        _COMMAND = typer.main.get_command(app)
    out = io.StringIO()
    with mock.patch.dict(os.environ, env, clear=True), redirect_stdout(out):
        try:
            code = shell_complete(
                _COMMAND, {}, "chicago", "_CHICAGO_COMPLETE", env["_CHICAGO_COMPLETE"]
            )
        except SystemExit as exit_:
            code = int(exit_.code or 0)
    return out.getvalue(), code


def fast_answer(env: dict[str, str]) -> tuple[str, int] | None:
    return _fastcomplete.complete(env)


def _shell_envs(home: Path, line: str, **extra: str) -> Iterator[dict[str, str]]:
    yield _env(home, "bash", line, **extra)
    yield _env(home, "zsh", line, **extra)
    yield _env(home, "fish", line, _TYPER_COMPLETE_FISH_ACTION="get-args", **extra)
    yield _env(home, "fish", line, _TYPER_COMPLETE_FISH_ACTION="is-args", **extra)


def _require_fresh_spec() -> None:
    """The fast path answers only from a spec made from the app as it is now."""
    if not _fastcomplete._sources_unchanged(_completion_spec.SOURCES):
        pytest.fail(
            "the app changed since _completion_spec.py was generated, so every TAB goes to Typer: "
            "run python scripts/generate_completion_spec.py"
        )
    if any(kind != "fast" for kind in _completion_spec.KINDS.values()):
        pytest.fail(
            "a function _fastcomplete re-implements changed (see test_the_fast_path_still_"
            "implements_what_the_app_does), so player or session names go to Typer"
        )


def _compare(envs: Iterator[dict[str, str]]) -> tuple[int, int]:
    """(cases, cases the fast path answered); fails on the first answer that differs."""
    cases = answered = 0
    for env in envs:
        fast = fast_answer(env)
        cases += 1
        if fast is None:
            continue
        answered += 1
        assert fast == typer_answer(env), (
            f"the fast path and Typer differ for {env.get('_TYPER_COMPLETE_ARGS') or env.get('COMP_WORDS')!r} "
            f"({env['_CHICAGO_COMPLETE']}, {env.get('_TYPER_COMPLETE_FISH_ACTION', '')})"
        )
    return cases, answered


def test_every_line_completes_as_typer_completes_it(home: Path) -> None:
    """Subcommands, options, option values and arguments come out byte for byte as Typer's."""
    _require_fresh_spec()
    _set_current(home, "fredag")
    cases, answered = _compare(env for line in LINES for env in _shell_envs(home, line))
    # Quotes, "--", --file, unknown options and the like go to Typer; nearly all else is fast.
    assert answered > 0.85 * cases


@pytest.mark.parametrize("current", CURRENTS)
def test_player_names_come_from_the_session_typer_would_read(
    home: Path, current: str | None
) -> None:
    """Names of the current or chosen session, or none for a session the store refuses."""
    _set_current(home, current)
    cases, answered = _compare(env for line in PLAYER_LINES for env in _shell_envs(home, line))
    if current in ("fredag", "lördag", "nosuch", None, "rättad"):
        _require_fresh_spec()
        # A damaged file may go to Typer (tomllib reads it); these need no reading or read well.
        assert answered > 0.6 * cases


@pytest.mark.parametrize("columns", ["30", "60", "100", "1"])
def test_a_narrow_terminal_gets_typer_s_wrapped_help(home: Path, columns: str) -> None:
    """Where Rich would wrap a help text, Typer answers; elsewhere the output is the same."""
    _set_current(home, "fredag")
    lines = ("", "-", "deal --", "status -", "rules ", "sessions -")
    _compare(env for line in lines for env in _shell_envs(home, line, COLUMNS=columns))
    _require_fresh_spec()
    wide = fast_answer(_env(home, "zsh", "deal --", COLUMNS=columns))
    assert (wide is None) == (int(columns) <= 80)


def test_the_cases_the_benchmark_times_are_answered_by_the_fast_path(home: Path) -> None:
    """A subcommand, an option and a player name, in bash, zsh and fish."""
    _require_fresh_spec()
    _set_current(home, "fredag")
    expected = {
        "chicago st": "status",
        "chicago deal --la": "--last-trick",
        "chicago deal --last-trick Å": "Åsa",
    }
    for line, word in expected.items():
        for env in _shell_envs(home, line.removeprefix("chicago ")):
            answer = fast_answer(env)
            assert answer is not None, (line, env["_CHICAGO_COMPLETE"])
            assert answer == typer_answer(env)
            if env.get("_TYPER_COMPLETE_FISH_ACTION") != "is-args":
                assert word in answer[0]


def test_a_changed_app_source_sends_every_tab_to_typer(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """If a cli module no longer matches the spec's checksum, the fast path steps aside."""
    _require_fresh_spec()
    _set_current(home, "fredag")
    env = _env(home, "bash", "st")
    assert fast_answer(env) is not None
    name, crc, size = _completion_spec.SOURCES[0]
    monkeypatch.setattr(_completion_spec, "SOURCES", ((name, crc ^ 1, size),))
    assert fast_answer(env) is None


def test_the_spec_matches_the_app() -> None:
    """_completion_spec.py is what scripts/generate_completion_spec.py writes for the app now."""
    done = subprocess.run(
        [sys.executable, str(REPO / "scripts" / "generate_completion_spec.py"), "--check"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr


def test_the_fast_path_still_implements_what_the_app_does() -> None:
    """Every function the fast path re-implements has the source it was checked against."""
    assert all(kind == "fast" for kind in _completion_spec.KINDS.values()), (
        "a function listed in _fastcomplete.REIMPLEMENTS changed: check _fastcomplete against it, "
        "then update IMPLEMENTS (python scripts/generate_completion_spec.py --implements) and "
        "regenerate the spec"
    )


XDG_CASES = (
    {"HOME": "/home/anna"},
    {"HOME": "/home/anna/"},
    {"HOME": "/"},
    {"HOME": "/home/anna", "XDG_DATA_HOME": "/data"},
    {"HOME": "/home/anna", "XDG_DATA_HOME": "/data/"},
    {"HOME": "/home/anna", "XDG_DATA_HOME": "relative"},
    {"HOME": "/home/anna", "XDG_DATA_HOME": ""},
    {"HOME": "/home/anna", "XDG_DATA_HOME": "~/data"},
)


@pytest.mark.skipif(
    sys.platform != "linux", reason="the fast path works out the data directory on Linux only"
)
@pytest.mark.parametrize("variables", XDG_CASES)
def test_the_data_directory_is_the_one_platformdirs_gives(variables: dict[str, str]) -> None:
    """Without CHICAGO_PROTOKOLL_HOME the sessions are looked for where the store keeps them."""
    env = dict(variables)
    with mock.patch.dict(os.environ, env, clear=True):
        expected = str(locations.data_dir())
    assert _fastcomplete._data_dir(env, _completion_spec) == expected


def test_the_installed_command_answers_as_typer(home: Path) -> None:
    """The real `chicago` script, fast path and all, prints what the Typer app prints."""
    _set_current(home, "fredag")
    typer_only = [sys.executable, "-c", "from chicago_protokoll.cli.app import run; run()"]
    for line in ("st", "deal --la", "deal --last-trick Å", "sessions use ", "status --file x"):
        for shell_env in _shell_envs(home, line):
            env = {**os.environ, **shell_env, "NO_COLOR": "1"}
            fast = subprocess.run([str(CHICAGO)], env=env, capture_output=True, check=False)
            full = subprocess.run(typer_only, env=env, capture_output=True, check=False)
            assert (fast.stdout, fast.returncode) == (full.stdout, full.returncode), (
                line,
                env["_CHICAGO_COMPLETE"],
            )
            assert fast.stderr == full.stderr == b""
