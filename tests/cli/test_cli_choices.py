"""--format, --preset, --lang and --csv-dialect are choices: --help lists them, TAB
completes them (tests/cli/test_completion_scripts.py, in bash, zsh and fish), and a
value that is none of them is a usage error, exit 2."""

from __future__ import annotations

import pytest

from chicago_protokoll.core.rules import PRESETS
from cli_support import ok, usage_error


@pytest.mark.parametrize(
    ("args", "listed"),
    [
        (("export", "--help"), "--format FORMAT json, csv, md, html or protocol (the paper protocol: rows so far, the rest blank)."),
        (("export", "--help"), "--csv-dialect DIALECT csv: plain (comma, for scripts) or excel"),
        (("--help",), "--lang LANG Language of all output: sv or en"),
    ],
)
def test_help_says_the_choices_in_the_options_help(args: tuple[str, ...], listed: str) -> None:
    """A choice is one metavar word like every other (FORMAT); its help says the words."""
    assert listed in " ".join(ok(*args).split())


@pytest.mark.parametrize("command", [("new",), ("play",), ("rules", "init"), ("night", "new")])
def test_preset_help_names_the_command_that_lists_the_presets(command: tuple[str, ...]) -> None:
    """Eleven presets in the metavar made a help line of 157 columns; the help names
    `chicago rules presets`, which lists every one, and TAB offers them."""
    assert "--preset PRESET" in ok(*command, "--help")
    assert "`chicago rules presets` lists them" in " ".join(ok(*command, "--help").split())
    listed = ok("rules", "presets")
    assert all(name in listed for name in PRESETS)


@pytest.mark.parametrize(
    "args",
    [
        ("export", "--format", "pdf"),
        ("new", "fredag", "Anna", "Bo", "--preset", "nope"),
        ("rules", "init", "x.toml", "--preset", "nope"),
        ("play", "fredag", "Anna", "Bo", "--preset", "nope"),
        ("--lang", "de", "status"),
    ],
)
def test_a_value_that_is_no_choice_exits_2(args: tuple[str, ...]) -> None:
    assert "is not one of" in usage_error(*args)


def test_export_format_ignores_case() -> None:
    """`--format CSV` is csv, as before the choice was declared."""
    ok("new", "fredag", "Anna", "Bo")
    assert ok("export", "--format", "CSV").startswith("deal,dealer,")


def test_metavars_name_what_is_asked_for() -> None:
    """PLAYER, WHO, DEAL, NAME in the help, no <str>; a required argument is bare in the
    usage line (NAME, not {NAME})."""
    new = ok("new", "--help")
    assert new.splitlines()[0] == "Usage: chicago new [OPTIONS] NAME PLAYER PLAYER..."
    deal = " ".join(ok("deal", "--help").split())
    for shown in ("--buy WHO", "--last-trick PLAYER", "--showdown WHO", "--session NAME"):
        assert shown in deal
    assert "[DEAL]" in ok("explain", "--help").splitlines()[0]
    for command in ("new", "deal", "buy", "status", "export", "settle", "explain", "why"):
        assert "<str>" not in ok(command, "--help"), command
