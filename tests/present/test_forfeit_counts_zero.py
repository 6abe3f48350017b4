"""The sheets say what a forfeit means (rules.md, "Forfeit"): the forfeiting player is
placed last and counts 0 points in the settlement, and at a night 0 game points,
whatever total was recorded."""

from __future__ import annotations

import json
from pathlib import Path

from cli_support import ok


def test_a_sessions_sheets_say_a_forfeiting_player_counts_0(chicago_home: Path) -> None:
    ok("new", "fredag", "Anna", "Bo", "Cilla")
    ok("deal", "--buy", "Bo:pair", "--last-trick", "Bo")
    ok("forfeit", "Bo", "--reason", "visade inte kåken")
    said = "Bo forfeited: placed last, 0 points in the settlement."
    assert said in ok("export", "--format", "md")
    assert said in ok("export", "--format", "html")


def test_a_nights_sheets_say_a_forfeiting_player_counts_0_game_points(
    chicago_home: Path,
) -> None:
    ok("night", "new", "klubb", *(f"Spelare {n}" for n in range(1, 7)))
    table = json.loads(ok("night", "status", "klubb", "--json"))["tables"][0]
    loser = table["players"][1]
    ok("deal", "--session", table["session"], "--buy", f"{loser}:pair", "--last-trick", loser)
    ok("forfeit", loser, "--reason", "visade inte kåken", "--session", table["session"])
    said = f"{loser} forfeited: placed last, counts 0 game points."
    assert said in ok("night", "status", "klubb", "--format", "md")
    assert said in ok("night", "status", "klubb", "--format", "html")
