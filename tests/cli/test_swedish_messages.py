"""Swedish at the table (issue #4): every refusal the core raises is rendered in Swedish when
the CLI prints it under ``--lang sv`` or a Swedish ``LANG``, with the house-rules key.

That every message has its Swedish, and that every error carries a message id rather than a
finished string, is kept by tests/i18n/test_catalogue_entries.py.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from chicago_protokoll.cli.app import app
from chicago_protokoll.core.errors import RulesFileError
from chicago_protokoll.i18n.language import Msg, set_language
from cli_support import ANNA_23_DEAL, assert_one_plain_line, ok, session_file


def test_rules_file_error_has_its_problems_in_both_languages() -> None:
    error = RulesFileError(
        "husregler.toml", [
            Msg(
                "{name} must be at least {low}{off}, not {value}",
                name="game.target",
                low=1,
                off="",
                value=0,
            )
        ]
    )
    assert error.localized("sv") == "husregler.toml: game.target måste vara minst 1, inte 0"
    assert error.localized("en") == "husregler.toml: game.target must be at least 1, not 0"
    assert error.localized_problems("sv") == ["game.target måste vara minst 1, inte 0"]


# -- through the CLI ------------------------------------------------------------------------

PLAYERS = ("Anna", "Bo", "Cilla")
NO_LOCALE: dict[str, str | None] = {
    "CHICAGO_LANG": None,
    "LANGUAGE": None,
    "LC_ALL": None,
    "LC_MESSAGES": None,
    "LANG": "C.UTF-8",
    "NO_COLOR": "1",
}


def invoke(*args: str, **env: str | None) -> Result:
    """``chicago ARGS`` in process, with no language in the environment but ``env``."""
    try:
        return CliRunner().invoke(app, list(args), prog_name="chicago", env={**NO_LOCALE, **env})
    finally:
        set_language(None)


def refused_in_swedish(*args: str, **env: str | None) -> str:
    result = invoke(*args, **env)
    assert result.exit_code == 1, result.output
    assert result.stdout == ""
    assert_one_plain_line(result.stderr)
    line = result.stderr.strip()
    for english in (" is ", " the ", " cannot ", "house rule "):
        assert english not in line, line
    return line


def new_game() -> Path:
    ok("new", "fredag", *PLAYERS)
    return session_file("fredag")


GAME_OVER = ["deal", "--buy", "Anna:pair", "--buy", "Anna:pair", "--last-trick", "Anna"]

# Each case: the commands that set the table, the refused command, what the Swedish line says.
SWEDISH_CASES: dict[str, tuple[list[list[str]], list[str], list[str]]] = {
    "Chicago under 15 points": (
        [["buy", "pass"], ["buy", "Anna:pair"]],
        ["declare", "Anna"],
        ["Anna har 1 poäng och får inte ropa Chicago", "minst 15", "(husregel chicago.min_score)"],
    ),
    "exchange under köpstopp": (
        [list(ANNA_23_DEAL), list(ANNA_23_DEAL)],
        ["exchange", "Anna", "2"],
        ["Anna har köpstopp", "46 poäng", "får inte byta kort", "(husregel buy_stop.threshold)"],
    ),
    "showdown after a Chicago": (
        [list(ANNA_23_DEAL), ["buy", "pass"], ["buy", "pass"], ["declare", "Anna"], ["tricks", "Anna"]],
        ["showdown", "Anna:pair"],
        ["Chicagon som Anna ropade", "ingen visning efter en Chicago", "börjar med köp 1"],
    ),
    "unknown player": (
        [],
        ["deal", "--buy", "Dave:pair", "--last-trick", "Anna"],
        ["'Dave' sitter inte vid det här bordet", "spelarna är Anna, Bo, Cilla"],
    ),
    "anything after the game is over": (
        [list(ANNA_23_DEAL), list(ANNA_23_DEAL), GAME_OVER],
        ["tricks", "Bo"],
        ["partiet är slut (Anna vann): inget mer kan föras in"],
    ),
    "a bad hand name": (
        [],
        ["buy", "Anna:five aces"],
        ["'five aces' är ingen hand", "två par", "kåk", "fem kort"],
    ),
    "four cards for a hand": (
        [],
        ["buy", "Anna:KH KS 9D 9H"],
        ["en hand är fem kort, inte 4"],
    ),
    "the last trick before the köp": (
        [],
        ["tricks", "Bo"],
        ["köp 1 är inte fört än", "före sticken", "(husregel game.scored_buys)"],
    ),
    "a third scored köp": (
        [],
        ["deal", "--buy", "Anna:pair", "--buy", "Bo:pair", "--buy", "Cilla:pair", "--last-trick", "Anna"],
        ["2 köp", "(husregel game.scored_buys)"],
    ),
    "no session": (
        [],
        ["status", "--session", "lördag"],
        ["det finns inget protokoll 'lördag'", "SPELARE"],
    ),
}  # fmt: skip


@pytest.mark.parametrize("case", list(SWEDISH_CASES))
def test_a_refusal_speaks_swedish_with_lang_sv(case: str) -> None:
    setup, command, expected = SWEDISH_CASES[case]
    path = new_game()
    for step in setup:
        ok(*step)
    before = path.read_bytes()
    line = refused_in_swedish("--lang", "sv", *command)
    for words in expected:
        assert words in line, line
    assert path.read_bytes() == before


def _cut_short(text: str) -> str:
    return text.rstrip().rpartition("\n")[0] + "\n"


def _target_zero(text: str) -> str:
    return text.replace("target = 52", "target = 0", 1)


def _six_cards(text: str) -> str:
    end = text.rstrip().rpartition("\n")[2]
    event = '[[events]]\ntype = "exchange"\ndeal = 1\nplayer = "Anna"\nbuy = 1\ncount = 6\n\n'
    return text.replace(end, event + end)


CORRUPT_CASES = {
    "cut short": (_cut_short, ["är ingen protokollfil", "har klippts av"]),
    "a house rule edited by hand": (
        _target_zero,
        ["är ingen protokollfil", "dess husregler är felaktiga", "game.target måste vara minst 1"],
    ),
    "an event the rules refuse": (
        _six_cards,
        ["går inte ihop: händelse 1 (giv 1)", "en spelare byter 0 till 5 kort", "för hand"],
    ),
}


@pytest.mark.parametrize("case", list(CORRUPT_CASES))
def test_a_damaged_session_file_is_refused_in_swedish(case: str) -> None:
    damage, expected = CORRUPT_CASES[case]
    path = new_game()
    path.write_text(damage(path.read_text(encoding="utf-8")), encoding="utf-8")
    line = refused_in_swedish("--lang", "sv", "status")
    assert "fredag" in line
    for words in expected:
        assert words in line, line


BAD_RULES = 'a = 1\n[game]\ntarget = 0\nbuys = "x"\n[chicago]\nmin_scor = 3\n'


def test_rules_check_lists_every_problem_in_swedish(tmp_path: Path) -> None:
    rules = tmp_path / "husregler.toml"
    rules.write_text(BAD_RULES, encoding="utf-8")
    result = invoke("--lang", "sv", "rules", "check", str(rules))
    assert result.exit_code == 1, result.output
    assert result.stdout == ""
    assert result.stderr.splitlines() == [
        f"chicago: {rules}: okänd nyckel a",
        f"chicago: {rules}: game.target måste vara minst 1, inte 0",
        f"chicago: {rules}: game.buys måste vara ett heltal, inte 'x'",
        f"chicago: {rules}: okänd nyckel chicago.min_scor (menade du 'min_score'?)",
    ]


def test_a_bad_rules_file_for_a_new_game_is_refused_in_swedish(tmp_path: Path) -> None:
    rules = tmp_path / "husregler.toml"
    rules.write_text("[chicago]\nfailure = 5\n", encoding="utf-8")
    line = refused_in_swedish("--lang", "sv", "new", "fredag", *PLAYERS, "--rules", str(rules))
    assert "chicago.failure måste vara högst 0, inte 5" in line


def test_a_swedish_lang_gives_swedish_without_the_option() -> None:
    new_game()
    line = refused_in_swedish("exchange", "Dave", "1", LANG="sv_SE.UTF-8")
    assert "'Dave' sitter inte vid det här bordet" in line


def test_the_option_wins_over_a_swedish_lang() -> None:
    new_game()
    result = invoke("--lang", "en", "exchange", "Dave", "1", LANG="sv_SE.UTF-8")
    assert result.exit_code == 1
    assert "'Dave' is not at this table" in result.stderr


def test_english_stays_english_with_the_key() -> None:
    new_game()
    ok("buy", "pass")
    ok("buy", "Anna:pair")
    result = invoke("declare", "Anna", LANG="en_GB.UTF-8")
    assert result.exit_code == 1
    assert "may not declare Chicago" in result.stderr
    assert "(house rule chicago.min_score)" in result.stderr
