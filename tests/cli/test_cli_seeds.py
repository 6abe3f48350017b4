"""The seeds' worked examples typed into `chicago` give the same totals, deal by deal, as
the same examples recorded through the library."""

from __future__ import annotations

import json

from chicago_protokoll.core.cards import Category
from chicago_protokoll.core.standings import Standings
from chicago_table import Table
from cli_support import SEED_000_DEAL, ok, refused, scores

TWO_PAIR = Category.TWO_PAIR


def cli_totals() -> list[dict[str, int]]:
    """The running totals after each deal, as `chicago export` reports them."""
    return [deal["totals"] for deal in json.loads(ok("export"))["deals"]]


def library_totals(standings: Standings) -> list[dict[str, int]]:
    names = [p.name for p in standings.players]
    return [dict(zip(names, deal.totals, strict=True)) for deal in standings.deals]


def test_seed_000_deal_gives_the_library_totals() -> None:
    """Seed 000 "en hel giv": Anna 4, Bo 2, Cilla 5 through the CLI and through the library."""
    ok("new", "seed", "Anna", "Bo", "Cilla", "--dealer", "Cilla")
    ok(*SEED_000_DEAL)
    table = Table(("Anna", "Bo", "Cilla"), dealer="Cilla")
    table.play_deal(("Bo", TWO_PAIR), ("Anna", TWO_PAIR), last="Cilla", show=("Anna", TWO_PAIR))
    assert cli_totals() == library_totals(table.standings()) == [{"Anna": 4, "Bo": 2, "Cilla": 5}]


def test_seed_000_by_the_cards_moment_by_moment_gives_the_library_totals() -> None:
    """Seed 000 with its cards, exchanges and one command per moment: Anna 4, Bo 2, Cilla 5."""
    ok("new", "seed", "Anna", "Bo", "Cilla", "--dealer", "Cilla")
    ok("buy", "Bo:Q♥ Q♦ 9♣ 9♠ 4♥")
    for player, count in (("Anna", "2"), ("Bo", "1"), ("Cilla", "4")):
        ok("exchange", player, count)
    ok("buy", "Anna:K♥ K♠ 9♦ 9♥ 3♣")
    for player in ("Anna", "Bo", "Cilla"):
        ok("exchange", player, "1")
    ok("tricks", "Cilla")
    ok("showdown", "Anna:K♥ K♠ 9♦ 9♥ 8♠")
    table = Table(("Anna", "Bo", "Cilla"), dealer="Cilla")
    table.buy(("Bo", TWO_PAIR))
    for player, count in (("Anna", 2), ("Bo", 1), ("Cilla", 4)):
        table.exchange(player, count)
    table.buy(("Anna", TWO_PAIR))
    for player in ("Anna", "Bo", "Cilla"):
        table.exchange(player, 1)
    table.last("Cilla")
    table.show(("Anna", TWO_PAIR))
    assert cli_totals() == library_totals(table.standings()) == [{"Anna": 4, "Bo": 2, "Cilla": 5}]


def _anna_to_twenty_then_chicago(*chicago: str) -> None:
    ok("new", "seed", "Anna", "Bo", "Cilla", "--dealer", "Cilla")
    ok(*SEED_000_DEAL)
    ok("deal", "--buy", "Anna:kåk", "--buy", "Anna:färg", "--last-trick", "Anna")
    assert scores()["Anna"] == 20
    ok("deal", "--chicago", "Anna", *chicago)


def test_seed_000_failed_chicago_from_twenty_leaves_anna_five() -> None:
    """Anna at 20 declares Chicago and Bo breaks it: 5, as seed 000 and the library say."""
    _anna_to_twenty_then_chicago("--broken-by", "Bo")
    table = Table(("Anna", "Bo", "Cilla"), dealer="Cilla")
    table.play_deal(("Bo", TWO_PAIR), ("Anna", TWO_PAIR), last="Cilla", show=("Anna", TWO_PAIR))
    table.play_deal(("Anna", Category.FULL_HOUSE), ("Anna", Category.FLUSH), last="Anna")
    table.play_chicago("Anna", breaker="Bo")
    assert cli_totals() == library_totals(table.standings())
    assert scores() == {"Anna": 5, "Bo": 2, "Cilla": 5}


def test_seed_000_successful_chicago_from_twenty_gives_thirty_five() -> None:
    """Anna at 20 takes all five tricks: 35, through the CLI and the library alike."""
    _anna_to_twenty_then_chicago()
    table = Table(("Anna", "Bo", "Cilla"), dealer="Cilla")
    table.play_deal(("Bo", TWO_PAIR), ("Anna", TWO_PAIR), last="Cilla", show=("Anna", TWO_PAIR))
    table.play_deal(("Anna", Category.FULL_HOUSE), ("Anna", Category.FLUSH), last="Anna")
    table.play_chicago("Anna")
    assert cli_totals() == library_totals(table.standings())
    assert scores() == {"Anna": 35, "Bo": 2, "Cilla": 5}


def test_seed_002_deal_gives_the_library_totals_and_refuses_a_chicago_at_zero() -> None:
    """Seed 002: A triss, C kåk, A the last trick, C kåk: A 8, B 0, C 12; A may not declare."""
    ok("new", "seed", "A", "B", "C", "--dealer", "C")
    ok("buy", "A:triss")
    ok("buy", "C:kåk")
    assert "chicago.min_score" in refused("declare", "A")
    ok("tricks", "A")
    ok("showdown", "C:kåk")
    table = Table(("A", "B", "C"), dealer="C")
    table.play_deal(
        ("A", Category.THREE_OF_A_KIND),
        ("C", Category.FULL_HOUSE),
        last="A",
        show=("C", Category.FULL_HOUSE),
    )
    assert cli_totals() == library_totals(table.standings()) == [{"A": 8, "B": 0, "C": 12}]


def test_seed_002_by_the_cards_with_compare_deciding_each_moment() -> None:
    """Seed 002's hands compared with `chicago compare`, the winner recorded: A 8, B 0, C 12."""
    ok("new", "seed", "A", "B", "C", "--dealer", "C")
    moments = [
        {"A": "K♠ K♦ K♣ 9♠ 4♦", "B": "7♥ 9♥ 10♥ 8♥ 2♠", "C": "6♠ 6♥ A♣ 6♦ 10♣"},
        {"A": "K♠ K♦ K♣ 2♣ 9♦", "B": "7♥ 9♥ 10♥ 8♥ 6♣", "C": "6♠ 6♥ 6♦ J♣ J♠"},
        {"A": "K♠ K♦ K♣ A♦ Q♣", "B": "7♥ 9♥ 10♥ 8♥ 6♣", "C": "6♠ 6♥ 6♦ J♣ J♠"},
    ]
    winners = []
    for number, hands in enumerate(moments):
        result = json.loads(ok("compare", *hands.values(), "--json"))
        winner = list(hands)[result["winner"]]
        winners.append(winner)
        if number == 2:
            ok("tricks", "A")
            ok("showdown", f"{winner}:{hands[winner]}")
        else:
            ok("buy", f"{winner}:{hands[winner]}")
    assert winners == ["A", "C", "C"]
    assert scores() == {"A": 8, "B": 0, "C": 12}


def test_seed_002_exercise_gives_the_library_totals() -> None:
    """The exercise: B's straight flush in köp 2 and at the showdown: A 8, B 16, C 0."""
    ok("new", "seed", "A", "B", "C", "--dealer", "C")
    ok(
        "deal",
        "--buy",
        "A:triss",
        "--buy",
        "B:7♥ 8♥ 9♥ 10♥ J♥",
        "--last-trick",
        "A",
        "--showdown",
        "B:färgstege",
    )
    table = Table(("A", "B", "C"), dealer="C")
    table.play_deal(
        ("A", Category.THREE_OF_A_KIND),
        ("B", Category.STRAIGHT_FLUSH),
        last="A",
        show=("B", Category.STRAIGHT_FLUSH),
    )
    assert cli_totals() == library_totals(table.standings()) == [{"A": 8, "B": 16, "C": 0}]
