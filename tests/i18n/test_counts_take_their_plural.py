"""Every count is said through the language's plural rule: one round, one game, one deal
in English and in Swedish, never "1 rounds" or "1 partier" (issue 40)."""

from __future__ import annotations

from pathlib import Path

import pytest

from chicago_protokoll.i18n.language import Msg
from cli_support import ok

# (singular, plural, other parameters) of the counts made countable for issue 40, and what
# each says at 1 and 2, in English and Swedish.
COUNTED = [
    (
        "the game took {n} deal; the night's finished games took a median of {median}",
        "the game took {n} deals; the night's finished games took a median of {median}",
        {"median": 7},
        ("the game took 1 deal;", "the game took 2 deals;"),
        ("partiet tog 1 giv;", "partiet tog 2 givar;"),
    ),
    (
        "Night {night}: {count} players, {n} round, tables of at most {size}, placement points {points} (seed {seed})",
        "Night {night}: {count} players, {n} rounds, tables of at most {size}, placement points {points} (seed {seed})",
        {"night": "b3", "count": 3, "size": 5, "points": "3, 2, 1", "seed": 1},
        ("Night b3: 3 players, 1 round,", "Night b3: 3 players, 2 rounds,"),
        ("Kvällen b3: 3 spelare, 1 omgång,", "Kvällen b3: 3 spelare, 2 omgångar,"),
    ),
    (
        "Night {night}: {count} players, stages of {n} game at each table, tables of at most {size}, placement points {points} (seed {seed})",
        "Night {night}: {count} players, stages of {n} games at each table, tables of at most {size}, placement points {points} (seed {seed})",
        {"night": "b3", "count": 8, "size": 4, "points": "3, 2, 1", "seed": 1},
        ("stages of 1 game at each table", "stages of 2 games at each table"),
        ("steg om 1 parti vid varje bord", "steg om 2 partier vid varje bord"),
    ),
    (
        "Stage {stage}: each table plays {n} game; the standings rank by the last stage each player reached.",
        "Stage {stage}: each table plays {n} games; the standings rank by the last stage each player reached.",
        {"stage": 1},
        ("each table plays 1 game;", "each table plays 2 games;"),
        ("varje bord spelar 1 parti;", "varje bord spelar 2 partier;"),
    ),
    (
        "every table of stage {stage} has played its {n} game; `chicago night advance --per-table K` draws the next stage",
        "every table of stage {stage} has played its {n} games; `chicago night advance --per-table K` draws the next stage",
        {"stage": 1},
        ("has played its 1 game;", "has played its 2 games;"),
        ("har spelat sitt 1 parti;", "har spelat sina 2 partier;"),
    ),
    (
        "the night {night} is over: its last table has played its {n} game",
        "the night {night} is over: its last table has played its {n} games",
        {"night": "b3"},
        ("has played its 1 game", "has played its 2 games"),
        ("har spelat sitt 1 parti", "har spelat sina 2 partier"),
    ),
    (
        "This table has played its {n} game: the organiser draws the next stage, or the night is over.",
        "This table has played its {n} games: the organiser draws the next stage, or the night is over.",
        {},
        ("has played its 1 game:", "has played its 2 games:"),
        ("har spelat sitt 1 parti:", "har spelat sina 2 partier:"),
    ),
    (
        "table {table} has played its {n} game of stage {stage}: the next stage is drawn (`chicago night advance --per-table K`) once every table has played theirs",
        "table {table} has played its {n} games of stage {stage}: the next stage is drawn (`chicago night advance --per-table K`) once every table has played theirs",
        {"table": 2, "stage": 1},
        ("has played its 1 game of stage 1", "has played its 2 games of stage 1"),
        ("har spelat sitt 1 parti i steg 1", "har spelat sina 2 partier i steg 1"),
    ),
    (
        "the night {night} keeps its tables together for {n} game and advances the best of each: nobody can join it once it has begun",
        "the night {night} keeps its tables together for {n} games and advances the best of each: nobody can join it once it has begun",
        {"night": "b3"},
        ("together for 1 game and", "together for 2 games and"),
        ("bord i 1 parti och", "bord i 2 partier och"),
    ),
    (
        "only the last trick scores: {n} point (scoring.last_trick)",
        "only the last trick scores: {n} points (scoring.last_trick)",
        {},
        ("scores: 1 point (", "scores: 2 points ("),
        ("ger poäng: 1 (", "ger poäng: 2 ("),
    ),
    (
        "{player} forfeited ({reason}): the game ended at once, and the best total among the others wins. Winner: {winners} with {n} point.",
        "{player} forfeited ({reason}): the game ended at once, and the best total among the others wins. Winner: {winners} with {n} points.",
        {"player": "Bo", "reason": "left", "winners": "Anna"},
        ("Winner: Anna with 1 point.", "Winner: Anna with 2 points."),
        ("Vinnare: Anna med 1 poäng.", "Vinnare: Anna med 2 poäng."),
    ),
    (
        "won with a two ({n} point)",
        "won with a two ({n} points)",
        {},
        ("(1 point)", "(2 points)"),
        ("(1 poäng)", "(2 poäng)"),
    ),
    (
        "{n} player would go on, and a table seats at least {low}: give a larger --per-table",
        "{n} players would go on, and a table seats at least {low}: give a larger --per-table",
        {"low": 3},
        ("1 player would go on", "2 players would go on"),
        ("1 spelare skulle gå vidare", "2 spelare skulle gå vidare"),
    ),
]


@pytest.mark.parametrize(("singular", "plural", "params", "english", "swedish"), COUNTED)
def test_a_count_of_one_is_singular_and_of_two_plural_in_both_languages(
    singular: str,
    plural: str,
    params: dict[str, object],
    english: tuple[str, str],
    swedish: tuple[str, str],
) -> None:
    for n in (1, 2):
        said = Msg.counted(singular, plural, n, **params)
        assert english[n - 1] in said.localized("en")
        assert swedish[n - 1] in said.localized("sv")


@pytest.mark.parametrize(
    ("lang", "one", "two"),
    [("en", "3 players, 1 round,", "3 players, 2 rounds,"),
     ("sv", "3 spelare, 1 omgång,", "3 spelare, 2 omgångar,")],
)  # fmt: skip
def test_a_new_night_of_one_round_says_one_round(
    chicago_home: Path, lang: str, one: str, two: str
) -> None:
    said_one = ok("--lang", lang, "night", "new", "b3", "Anna", "Bo", "Cilla", "--rounds", "1")
    assert one in said_one
    said_two = ok("--lang", lang, "night", "new", "b4", "Anna", "Bo", "Cilla", "--rounds", "2")
    assert two in said_two
