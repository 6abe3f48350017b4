"""The league (core/stats.py): counts worked out by hand over four small sessions, the order
the sessions are read in changing nothing, and the rating moving the right way."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from chicago_protokoll.core.session import Session
from chicago_protokoll.core.stats import (
    League,
    Played,
    in_period,
    league,
    played,
    ranks,
    started_on,
)
from chicago_table import Table


def recorded(table: Table, name: str, created: str) -> Session:
    """The session a table's events make, as the store would read it back."""
    standings = table.standings()
    events = tuple(entry.event for deal in standings.deals for entry in deal.entries)
    return Session(
        players=table.game.players,
        rules=table.game.rules,
        first_dealer=table.game.players[0],
        events=events,
        name=name,
        created=created,
    )


def as_played(table: Table, name: str, created: str) -> Played | None:
    return played(recorded(table, name, created), table.standings())


def full(table: Table, who: str) -> None:
    """A deal in which ``who`` scores a full house three times and the last trick: 23."""
    table.play_deal((who, 6), (who, 6), last=who, show=(who, 6))


def game_a() -> Table:
    """Anna 52, Bo 7, Cilla 0; Anna begins deals 3 and 4 in köpstopp."""
    table = Table(("Anna", "Bo", "Cilla"))
    full(table, "Anna")
    full(table, "Anna")
    table.play_deal(("Bo", 2), None, last="Anna")  # Anna 51, Bo 2
    table.play_deal(None, None, last="Bo", show=("Anna", 1))  # Bo 7, Anna 52
    assert table.scores == {"Anna": 52, "Bo": 7, "Cilla": 0}
    return table


def game_b() -> Table:
    """Anna and Bo share the win at 52, Cilla 5; köpstopp: Anna deals 4 and 5, Bo deal 5."""
    table = Table(("Anna", "Bo", "Cilla"))
    full(table, "Anna")
    full(table, "Bo")
    full(table, "Anna")
    full(table, "Bo")
    table.play_deal(("Anna", 6), ("Bo", 6), last="Cilla")
    assert table.standings().winners == ("Anna", "Bo")
    assert table.scores == {"Anna": 52, "Bo": 52, "Cilla": 5}
    return table


def game_c() -> Table:
    """Anna's Chicago is broken by Bo (23 -> 8); Dag makes one and wins with 55."""
    table = Table(("Anna", "Bo", "Dag"))
    full(table, "Anna")
    table.play_chicago("Anna", breaker="Bo")
    full(table, "Dag")
    table.play_chicago("Dag")
    table.play_deal(("Dag", 6), ("Dag", 6), last="Dag")
    assert table.scores == {"Anna": 8, "Bo": 0, "Dag": 55}
    return table


def game_open() -> Table:
    """Still being played: counts nowhere."""
    table = Table(("Anna", "Bo"))
    full(table, "Bo")
    return table


def evening() -> list[Played]:
    games = [
        as_played(game_a(), "a", "2026-03-06T18:00:00+00:00"),
        as_played(game_b(), "b", "2026-03-06T19:30:00+00:00"),
        as_played(game_c(), "c", "2026-03-13T18:00:00+00:00"),
    ]
    assert all(game is not None for game in games)
    return [game for game in games if game is not None]


def test_an_unfinished_session_counts_nowhere() -> None:
    assert as_played(game_open(), "open", "2026-03-06T21:00:00+00:00") is None


def test_games_wins_points_chicagos_and_koepstopp_by_hand() -> None:
    """A shared win is a win for each winner; a broken Chicago is declared and failed."""
    result = league(evening())
    rows = {
        p.name: (
            p.games,
            p.wins,
            p.points,
            p.best,
            p.chicagos_declared,
            p.chicagos_won,
            p.chicagos_failed,
            p.buy_stop_deals,
        )
        for p in result.players
    }
    assert rows == {
        "Anna": (3, 2, 112, 52, 1, 0, 1, 4),
        "Bo": (3, 1, 59, 52, 0, 0, 0, 1),
        "Cilla": (2, 0, 5, 5, 0, 0, 0, 0),
        "Dag": (1, 1, 55, 55, 1, 1, 0, 0),
    }
    anna = result.player("Anna")
    assert (round(anna.win_rate, 3), round(anna.avg_points, 1)) == (0.667, 37.3)


def test_money_by_hand_adds_up_to_nothing() -> None:
    """Each loser pays the difference to the winner; a shared win splits it (47 -> 23.5 each)."""
    result = league(evening())
    money = {p.name: p.money for p in result.players}
    assert money == {
        "Anna": Decimal("73.5"),  # +97 +23.5 -47
        "Bo": Decimal("-76.5"),  # -45 +23.5 -55
        "Cilla": Decimal(-99),  # -52 -47
        "Dag": Decimal(102),  # +47 +55
    }
    assert sum(money.values()) == 0
    doubled = league(evening(), stake=2)
    assert {p.name: p.money for p in doubled.players} == {n: 2 * m for n, m in money.items()}


def test_head_to_head_by_hand() -> None:
    """Games both played; who finished with more points; level is even.  Pairs that never
    met are not listed."""
    result = league(evening())
    pairs = {(h.a, h.b): (h.games, h.a_ahead, h.b_ahead, h.even) for h in result.head_to_head}
    assert pairs == {
        ("Anna", "Bo"): (3, 2, 0, 1),
        ("Anna", "Cilla"): (2, 2, 0, 0),
        ("Anna", "Dag"): (1, 0, 1, 0),
        ("Bo", "Cilla"): (2, 2, 0, 0),
        ("Bo", "Dag"): (1, 0, 1, 0),
    }
    against = {h.b: (h.a, h.a_ahead, h.b_ahead) for h in result.against("Dag")}
    assert against == {"Anna": ("Dag", 1, 0), "Bo": ("Dag", 1, 0)}


def test_the_same_session_in_two_folders_counts_once() -> None:
    once = league(evening())
    twice = league([*evening(), *evening()])
    assert twice == once
    assert len(twice.games) == 3


def test_of_two_versions_of_one_session_the_longer_record_counts_in_any_order() -> None:
    """A session corrected in one copy (same start, name and seats) is not counted twice."""
    quick = Table(("Anna", "Bo", "Dag"))
    for _ in range(3):
        full(quick, "Dag")
    first = as_played(game_c(), "c", "2026-03-13T18:00:00+00:00")
    second = as_played(quick, "c", "2026-03-13T18:00:00+00:00")
    assert first is not None and second is not None
    assert first.events > second.events
    assert league([first, second]) == league([second, first]) == league([first])


def test_places_share_a_rank_on_equal_points() -> None:
    assert ranks([52, 52, 5]) == [1, 1, 3]
    assert ranks([7, 52, 0]) == [2, 1, 3]


def test_the_rating_moves_up_for_the_winner_and_down_for_the_last() -> None:
    """After every game each winner's μ is higher than before and the last player's lower."""
    result = league(evening())
    before: dict[str, float] = {}
    for number, game in enumerate(result.games, start=1):
        after = {
            name: next(p.rating.mu for p in result.history[name] if p.game == number)
            for name in game.players
        }
        last = min(game.scores)
        for name, score in zip(game.players, game.scores, strict=True):
            start = before.get(name, 25.0)
            if name in game.winners:
                assert after[name] > start, (number, name)
            if score == last:
                assert after[name] < start, (number, name)
        before.update(after)
    # Shared winners of equal rating before the game move alike.
    only_b = league([evening()[1]])
    assert only_b.player("Anna").rating == only_b.player("Bo").rating


def test_players_are_listed_by_rating() -> None:
    mus = [p.rating.mu for p in league(evening()).players]
    assert mus == sorted(mus, reverse=True)
    assert league(evening()).players[-1].name == "Cilla"


def test_a_period_includes_both_days_and_a_game_without_a_date_only_when_unbounded() -> None:
    from datetime import timedelta

    day = started_on("2026-03-06T12:00:00+00:00")  # the local day, whatever the time zone
    assert day is not None
    assert in_period("2026-03-06T12:00:00+00:00", day, day)
    assert not in_period("2026-03-06T12:00:00+00:00", day + timedelta(days=1), None)
    assert not in_period("2026-03-06T12:00:00+00:00", None, day - timedelta(days=1))
    assert in_period("", None, None)
    assert not in_period("", day, None)


# -- order independence --------------------------------------------------------------

POOL: list[Callable[[], Table]] = [game_a, game_b, game_c]
TIMES = ["2026-03-06T18:00:00+00:00", "2026-03-06T18:00:00+00:00", "2026-03-07T10:00:00+00:00"]


def _pool() -> list[Played]:
    """Games from the same tables under different names and start times (equal times too)."""
    games = []
    for index, (make, created) in enumerate(
        (make, created) for make in POOL for created in TIMES
    ):
        game = as_played(make(), f"g{index % 4}", created)
        assert game is not None
        games.append(game)
    return games


POOL_GAMES = _pool()


@settings(max_examples=60, deadline=None)
@given(
    chosen=st.lists(st.sampled_from(range(len(POOL_GAMES))), min_size=1, max_size=8),
    data=st.data(),
)
def test_the_league_does_not_depend_on_the_order_sessions_are_read_in(
    chosen: list[int], data: st.DataObject
) -> None:
    games = [POOL_GAMES[i] for i in chosen]
    shuffled = data.draw(st.permutations(games))
    first: League = league(games, Decimal("0.5"))
    assert league(shuffled, Decimal("0.5")) == first
    assert sum(p.money for p in first.players) == 0
    assert sum(p.wins for p in first.players) >= len(first.games)


def _renamed(game: Played, old: str, new: str) -> Played:
    from dataclasses import replace

    def swap(names: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(new if name == old else name for name in names)

    return replace(game, players=swap(game.players), winners=swap(game.winners))


def test_names_that_differ_by_case_or_unicode_form_are_one_player() -> None:
    """"ANNA" in one file and "Anna" in two others are one player, shown in the spelling
    used most; Åsa typed as A + combining ring is Åsa."""
    a, b, c = evening()
    same = league([_renamed(a, "Anna", "ANNA"), b, c])
    assert [p.name for p in same.players if p.name.casefold() == "anna"] == ["Anna"]
    assert same.player("Anna").games == 3 and same.player("Anna").wins == 2
    assert same.player("Anna").points == 52 + 52 + 8
    split = league([_renamed(a, "Anna", "anna"), _renamed(b, "Anna", "anna"), c])
    assert split.player("anna").games == 3  # two games of "anna" against one of "Anna"
    assert "Anna" not in {p.name for p in split.players}
    ring = league([_renamed(a, "Anna", "A\u030asa"), _renamed(b, "Anna", "\u00c5sa")])
    assert [p.name for p in ring.players if "sa" in p.name] == ["\u00c5sa"]
    assert ring.player("\u00c5sa").games == 2


def test_a_tie_between_spellings_is_broken_alphabetically() -> None:
    a, b, _ = evening()
    tied = league([_renamed(a, "Anna", "anna"), _renamed(b, "Anna", "ANNA")])
    assert "ANNA" in {p.name for p in tied.players} and tied.player("ANNA").games == 2
