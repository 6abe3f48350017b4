"""Swedish help texts: ``--lang sv`` or a Swedish environment translates every command's
help and every option's and argument's help (message ids in i18n/sv.po); English and TAB stay
as they were.  tests/i18n/test_catalogue_entries.py checks that every help text has an entry."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import typer.main
from typer.testing import CliRunner

from chicago_protokoll.cli import app as cli
from chicago_protokoll.cli.app import app
from chicago_protokoll.i18n.help import HELP_OPTION
from chicago_protokoll.i18n.language import Msg

CHICAGO = Path(sys.executable).parent / "chicago"
LANGUAGE_VARIABLES = (
    "CHICAGO_LANG",
    "LANGUAGE",
    "LC_ALL",
    "LC_MESSAGES",
    "LANG",
    "_CHICAGO_COMPLETE",
)


def environment(**variables: str) -> dict[str, str]:
    """This process's environment (the autouse fixture's CHICAGO_PROTOKOLL_HOME included)
    without any language setting, then `variables`; 80 columns, so help is 78 wide."""
    env = {k: v for k, v in os.environ.items() if k not in LANGUAGE_VARIABLES}
    return {**env, "COLUMNS": "80", "NO_COLOR": "1", **variables}


def chicago(*args: str, **variables: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(CHICAGO), *args],
        capture_output=True,
        text=True,
        env=environment(**variables),
        timeout=60,
        check=False,
    )


def commands(command: Any, path: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], Any]]:
    """Every command of the Click tree with its path: the app, the groups, their commands."""
    yield path, command
    for name, sub in getattr(command, "commands", {}).items():
        yield from commands(sub, (*path, name))


def help_texts() -> set[str]:
    """Every help text of the app: command help and short help, option and argument help."""
    texts: set[str] = set()
    for _, command in commands(typer.main.get_command(app)):
        texts.update(text for text in (command.help, command.short_help) if text)
        texts.update(param.help for param in command.params if getattr(param, "help", None))
        if command.epilog:  # "Example:" before the example's command line (cli/examples.py)
            texts.add(command.epilog.partition("\n")[0])
    return texts


def swedish(text: str) -> str:
    return Msg(text).localized("sv")


def test_the_swedish_help_texts_are_not_english() -> None:
    assert all(swedish(text) != text for text in help_texts())


def test_lang_sv_help_lists_the_commands_in_swedish() -> None:
    result = chicago("--lang", "sv", "--help")
    assert result.returncode == 0, result.stderr
    lines = {line.split()[0]: line for line in result.stdout.splitlines() if line.strip()}
    assert "giv" in lines["deal"]
    assert "förhand" in lines["status"] and "köpstopp" in lines["status"]
    assert "Husregler" in lines["rules"]
    assert "Protokollförare för Chicago" in result.stdout
    assert "Språk för allt som skrivs ut" in result.stdout
    assert swedish(HELP_OPTION) in result.stdout
    assert "Record one whole deal" not in result.stdout
    # Click's own words too, through the project's catalogue (issue 26, item 8)
    assert "Användning: chicago [FLAGGOR] KOMMANDO [ARGUMENT]..." in result.stdout
    assert "Kommandon:" in result.stdout and "Commands:" not in result.stdout


def test_lang_sv_deal_help_explains_the_options_in_swedish() -> None:
    result = chicago("--lang", "sv", "deal", "--help")
    assert result.returncode == 0, result.stderr
    out = " ".join(result.stdout.split())  # the formatter's line breaks aside
    assert "För in en hel giv" in out
    assert "--buy VEM Bästa handen i varje poänggivande köp" in out
    assert "--last-trick SPELARE SPELARE tog sista sticket." in out
    assert "ropade Chicago" in out
    assert "PLAYER took the last trick" not in out


ENGLISH_HELP_WORDS = ("Usage:", "Options:", "Arguments:", "Commands:", "[required]", "[OPTIONS]")
ENGLISH_METAVARS = ("WHO", "PLAYER", "NAME", "PATH", "DEAL", "FILE")


def test_lang_sv_help_says_clicks_own_words_and_the_metavars_in_swedish() -> None:
    """`--lang sv deal --help` and `edit --help`: Click's and Typer's words ("Usage:",
    "Options:", "Arguments:", "[required]") and the metavars (WHO, PLAYER, NAME) are said
    through the project's catalogue, not left in English (issue 26, item 8)."""
    for command in ("deal", "edit", "new"):
        result = chicago("--lang", "sv", command, "--help")
        assert result.returncode == 0, result.stderr
        assert not [word for word in ENGLISH_HELP_WORDS if word in result.stdout], command
        words = set(result.stdout.replace(":", " ").replace("[", " ").replace("]", " ").split())
        assert not words & set(ENGLISH_METAVARS), (command, words & set(ENGLISH_METAVARS))
        assert result.stdout.startswith(f"Användning: chicago {command} [FLAGGOR]")
    edit = chicago("--lang", "sv", "edit", "--help").stdout
    assert "Argument:" in edit and "GIV  Given som ska rättas.  [krävs]" in edit
    assert "--chicago SPELARE" in edit and "-s, --session NAMN" in edit


def test_every_swedish_help_page_says_clicks_words_in_swedish() -> None:
    """No command's Swedish help keeps Click's English headings or [required]."""
    for path, _ in commands(typer.main.get_command(app)):
        result = chicago("--lang", "sv", *path, "--help")
        assert result.returncode == 0, (path, result.stderr)
        assert not [word for word in ENGLISH_HELP_WORDS if word in result.stdout], path


def test_a_swedish_usage_error_shows_the_usage_line_in_swedish() -> None:
    result = chicago("--lang", "sv", "edit")
    assert result.returncode == 2
    assert "Användning: chicago edit [FLAGGOR] GIV" in result.stderr


@pytest.mark.parametrize(
    "variables",
    [{"LANG": "sv_SE.UTF-8"}, {"CHICAGO_LANG": "sv"}, {"LC_ALL": "sv_SE.UTF-8"}],
    ids=["LANG", "CHICAGO_LANG", "LC_ALL"],
)
def test_a_swedish_environment_gives_swedish_help(variables: dict[str, str]) -> None:
    result = chicago("status", "--help", **variables)
    assert result.returncode == 0, result.stderr
    assert "Ställningen: poäng, givare och förhand, köpstopp" in result.stdout
    assert "Skriv ut JSON för skript." in result.stdout
    assert "The standings" not in result.stdout


def test_lang_en_wins_over_a_swedish_environment() -> None:
    result = chicago("--lang", "en", "status", "--help", LANG="sv_SE.UTF-8")
    assert result.returncode == 0
    assert "The standings" in result.stdout and "Ställningen" not in result.stdout


@pytest.mark.parametrize(
    ("args", "variables"),
    [
        (("--lang", "en", "--help"), {}),
        (("--help",), {"LANG": "C.UTF-8"}),
        (("--lang", "en", "deal", "--help"), {"LANG": "sv_SE.UTF-8"}),
        (("rules", "init", "--help"), {}),
    ],
)
def test_english_help_is_exactly_as_before(
    args: tuple[str, ...], variables: dict[str, str]
) -> None:
    result = chicago(*args, **variables)
    # CliRunner forces 80 columns of help; the process has 78 (80 columns, less 2).
    expected = CliRunner().invoke(
        app, list(args), prog_name="chicago", env={"CHICAGO_LANG": "en"}, terminal_width=78
    )
    assert (result.returncode, result.stdout) == (expected.exit_code, expected.stdout)
    assert result.returncode == 0


def test_a_usage_error_under_sv_exits_2_as_in_english() -> None:
    swedish = chicago("--lang", "sv", "deal", "--no-such-option")
    english = chicago("--lang", "en", "deal", "--no-such-option")
    assert swedish.returncode == english.returncode == 2
    # The same error, said in Swedish from its usage line to its last word
    # (tests/cli/test_usage_errors_in_every_language.py has every kind).
    assert swedish.stderr == (
        "Användning: chicago deal [FLAGGOR]\n"
        "Skriv 'chicago deal -h' för hjälp.\n\n"
        "Fel: Ingen sådan flagga: --no-such-option\n"
    )
    assert english.stderr.endswith("Error: No such option: --no-such-option\n")
    assert chicago("--lang", "sv", "nosuchcommand", LANG="sv_SE.UTF-8").returncode == 2


def test_a_refusal_under_sv_still_exits_1() -> None:
    result = chicago("--lang", "sv", "status")  # no session yet
    assert result.returncode == 1
    assert result.stderr.startswith("chicago: ")


def test_bare_chicago_in_swedish_shows_the_swedish_help() -> None:
    result = chicago(CHICAGO_LANG="sv")
    assert result.returncode == 0
    assert "För in en hel giv" in result.stdout


@pytest.mark.parametrize(
    "path",
    [path for path, _ in commands(typer.main.get_command(app))],
    ids=lambda path: " ".join(path) or "chicago",
)
def test_every_command_help_is_swedish(
    path: tuple[str, ...], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """In process through `cli.app.run`, as the installed command runs it: each command's own
    help and each of its parameters' help appear in Swedish."""
    monkeypatch.setattr(sys, "argv", ["chicago", "--lang", "sv", *path, "--help"])
    monkeypatch.setenv("COLUMNS", "400")  # one line per help text
    with pytest.raises(SystemExit) as exited:
        cli.run()
    assert exited.value.code == 0
    out = capsys.readouterr().out
    command = typer.main.get_command(app)
    for name in path:
        command = command.commands[name]
    wanted = [command.help, *(p.help for p in command.params if getattr(p, "help", None))]
    for english in filter(None, wanted):
        assert " ".join(swedish(english).split()) in " ".join(out.split())
    assert swedish(HELP_OPTION) in out


def test_completion_never_translates(monkeypatch: pytest.MonkeyPatch) -> None:
    """A TAB press (_CHICAGO_COMPLETE) gets Typer's English descriptions in both paths."""
    monkeypatch.setenv("CHICAGO_LANG", "sv")
    assert cli._help_language(["deal", "--help"]) == "sv"
    assert cli._help_language(["--lang", "en", "--lang=sv", "--help"]) == "sv"
    assert cli._help_language(["--lang", "en", "deal"]) == "en"
    monkeypatch.setenv("_CHICAGO_COMPLETE", "bash_complete")
    assert cli._help_language(["--lang", "sv", "deal"]) == "en"


@pytest.mark.parametrize("command", ["settle", "stats"])
def test_the_swedish_help_writes_the_example_stake_with_a_decimal_comma(command: str) -> None:
    """Swedish writes 50 öre as 0,50; --stake takes it so in every language."""
    swedish_help = chicago("--lang", "sv", command, "--help").stdout
    assert "--stake 0,50" in swedish_help and "0.50" not in swedish_help
    assert "--stake 0.50" in chicago("--lang", "en", command, "--help").stdout
