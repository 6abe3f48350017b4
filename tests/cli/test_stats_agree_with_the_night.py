"""`chicago stats` gives the figures the night gives (docs/club.md, "Head to head" and
"The figures"): a forfeited game counts in head to head as the placement says (the
forfeiting player last, even level on points), and a royal straight flush counts among
the best hands however it was entered."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

from chicago_protokoll.core.game import replay
from chicago_protokoll.core.night import result_of
from chicago_protokoll.core.night_results import placements
from chicago_protokoll.store.sessionfile import load_session
from cli_support import invoke, ok, session_file


def _stats() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(ok("stats", "--json"))
    return data


def _pair(data: dict[str, Any], a: str, b: str) -> dict[str, int]:
    pair = next(p for p in data["head_to_head"] if {p["a"], p["b"]} == {a, b})
    if pair["a"] == a:
        return {"a_ahead": pair["a_ahead"], "b_ahead": pair["b_ahead"], "even": pair["even"]}
    return {"a_ahead": pair["b_ahead"], "b_ahead": pair["a_ahead"], "even": pair["even"]}


def test_a_forfeited_game_counts_in_head_to_head_as_the_placement_says() -> None:
    """Greta forfeits before anyone scores: Anna and Greta both end on 0 points, and the
    night places Greta last, so Anna is ahead of her, not level; Anna and Bo share the
    win and are level."""
    ok("new", "fredag", "Anna", "Greta", "Bo")
    ok("forfeit", "Greta", "--reason", "visade inte triss")
    status = json.loads(ok("status", "--json"))
    assert status["finished"] and {p["score"] for p in status["players"]} == {0}
    data = _stats()
    assert _pair(data, "Anna", "Greta") == {"a_ahead": 1, "b_ahead": 0, "even": 0}
    assert _pair(data, "Bo", "Greta") == {"a_ahead": 1, "b_ahead": 0, "even": 0}
    assert _pair(data, "Anna", "Bo") == {"a_ahead": 0, "b_ahead": 0, "even": 1}
    # The night's own placement of the same game says the same.
    standings = replay(load_session(session_file("fredag"))).standings()
    placed = placements(result_of(standings), (20, 12, 8))
    assert placed["Greta"].place == 3 and placed["Anna"].place == placed["Bo"].place == 1
    assert placed["Anna"].points == Fraction(16)
    text = ok("stats")
    assert "Head to head" in text


def test_a_forfeit_counts_against_the_forfeiting_player_even_with_more_points() -> None:
    """Greta had 6 when she forfeited: her game counts as 0 and she is placed last."""
    ok("new", "lördag", "Anna", "Greta", "Bo")
    ok("deal", "--buy", "Greta:kåk", "--last-trick", "Anna", "--showdown", "pass")
    ok("forfeit", "Greta", "--reason", "lämnade bordet")
    data = _stats()
    assert _pair(data, "Anna", "Greta") == {"a_ahead": 1, "b_ahead": 0, "even": 0}
    assert _pair(data, "Bo", "Greta") == {"a_ahead": 1, "b_ahead": 0, "even": 0}
    assert _pair(data, "Anna", "Bo") == {"a_ahead": 1, "b_ahead": 0, "even": 0}


def _hands(data: dict[str, Any], name: str) -> dict[str, int]:
    player = next(p for p in data["players"] if p["name"] == name)
    hands: dict[str, int] = player["hands"]
    return hands | {"royals": player["royal_straight_flushes"]}


def test_a_royal_counts_among_the_best_hands_however_it_was_entered() -> None:
    """`chicago royal`, `deal --royal` and a köp's hand `--buy P:royal` each count once
    among the best hands and once among the royals."""
    ok("new", "a", "Anna", "Bo", "Cilla")
    ok("royal", "Cilla")
    ok("new", "b", "Anna", "Bo", "Cilla")
    ok("deal", "--buy", "Bo:par", "--royal", "Cilla")
    ok("new", "c", "Anna", "Bo", "Cilla")
    ok("deal", "--buy", "Cilla:royal")
    data = _stats()
    cilla = _hands(data, "Cilla")
    assert cilla["royal-straight-flush"] == 3 and cilla["royals"] == 3
    assert _hands(data, "Bo")["pair"] == 1
    text = ok("stats")
    best = text[text.index("Best hands that scored:"):]
    assert "Cilla: royal straight flush 3" in best


def test_a_royal_counts_among_the_best_hands_on_the_league_page(tmp_path: Any) -> None:
    ok("new", "a", "Anna", "Bo", "Cilla")
    ok("royal", "Cilla")
    page = tmp_path / "league.html"
    assert invoke("stats", "--format", "html", "-o", str(page)).exit_code == 0
    html = page.read_text("utf-8")
    hands = html[html.index('class="hands'):]
    assert "royal straight flush" in hands[: hands.index("</section>")]
