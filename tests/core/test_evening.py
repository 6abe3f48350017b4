"""The evening's money: nets are the sum of each game's settlement; rounding by largest
remainder keeps every player within one unit and the sum at nothing; the payments settle
every net with the fewest transfers (up to 12 players who owe or are owed)."""

from __future__ import annotations

from decimal import Decimal
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from chicago_protokoll.core.evening import evening, fewest_payments, nets, rounded
from chicago_protokoll.core.settle import Payment
from chicago_protokoll.core.stats import Played


def game(players: tuple[str, ...], scores: tuple[int, ...], winners: tuple[str, ...]) -> Played:
    zeros = (0,) * len(players)
    return Played("g", "2026-12-01T19:00:00+00:00", players, scores, winners, zeros, zeros, zeros, 1)


def settles(net: dict[str, Decimal], payments: list[Payment]) -> bool:
    left = dict(net)
    for p in payments:
        assert p.amount > 0
        left[p.payer] += p.amount
        left[p.payee] -= p.amount
    return all(amount == 0 for amount in left.values())


def test_the_evening_nets_the_games_as_settle_settles_each() -> None:
    """Game 1: Anna 52 wins, Bo 30 pays 22, Cilla 10 pays 42.  Game 2: Bo 55 wins, Anna 40
    pays 15, Cilla 0 pays 55.  Anna +64 - 15 = +49, Bo -22 + 70 = +48, Cilla -97."""
    games = [
        game(("Anna", "Bo", "Cilla"), (52, 30, 10), ("Anna",)),
        game(("Anna", "Bo", "Cilla"), (40, 55, 0), ("Bo",)),
    ]
    assert nets(games) == {"Anna": Decimal(49), "Bo": Decimal(48), "Cilla": Decimal(-97)}
    tonight = evening(games, 1)
    assert sorted((p.payer, p.payee, p.amount) for p in tonight.payments) == [
        ("Cilla", "Anna", Decimal(49)),
        ("Cilla", "Bo", Decimal(48)),
    ]


def test_a_table_does_not_pay_6_38_and_6_37_when_it_rounds_to_whole_kronor() -> None:
    """Shared by two winners, 12.75 splits 6.38 + 6.37; --round 1 pays whole kronor, the
    bigger remainder rounded up first, ties by name, the sum still nothing."""
    net = {"Anna": Decimal("6.38"), "Bo": Decimal("6.37"), "Cilla": Decimal("-12.75")}
    # floors 6, 6, -13 leave one krona over: to Anna, whose .38 is the largest remainder
    assert rounded(net, Decimal(1)) == {"Anna": Decimal(7), "Bo": Decimal(6), "Cilla": Decimal(-13)}
    even = {"Anna": Decimal("0.5"), "Bo": Decimal("0.5"), "Cilla": Decimal(-1)}
    assert rounded(even, Decimal(1)) == {"Anna": Decimal(1), "Bo": Decimal(0), "Cilla": Decimal(-1)}


def test_two_pairs_that_settle_among_themselves_pay_two_transfers_not_three() -> None:
    """Anna owes Bo 10 and Cilla owes Dag 7: two payments; pairing across would take three."""
    net = {"Anna": Decimal(-10), "Cilla": Decimal(-7), "Bo": Decimal(10), "Dag": Decimal(7)}
    payments = fewest_payments(net)
    assert len(payments) == 2 and settles(net, payments)


amounts = st.lists(st.integers(-300, 300), min_size=1, max_size=9)


def _zero_sum(values: list[int]) -> dict[str, Decimal]:
    values = [*values, -sum(values)]
    return {f"P{i}": Decimal(v) / 4 for i, v in enumerate(values)}


def _brute_force_fewest(net: dict[str, Decimal]) -> int:
    """n - (the most groups summing to nothing), by trying every partition (small n)."""
    names = [n for n, a in net.items() if a != 0]

    def most_groups(rest: tuple[str, ...]) -> int:
        if not rest:
            return 0
        first, others = rest[0], rest[1:]
        best = 0
        for size in range(len(others) + 1):
            for chosen in combinations(others, size):
                if net[first] + sum(net[c] for c in chosen) == 0:
                    remaining = tuple(o for o in others if o not in chosen)
                    best = max(best, 1 + most_groups(remaining))
        return best

    return len(names) - most_groups(tuple(names))


@settings(max_examples=150, deadline=None)
@given(amounts)
def test_the_payments_settle_every_net_with_the_fewest_transfers(values: list[int]) -> None:
    net = _zero_sum(values)
    payments = fewest_payments(net)
    assert settles(net, payments)
    open_players = sum(1 for amount in net.values() if amount != 0)
    assert len(payments) <= max(0, open_players - 1)
    assert len(payments) == _brute_force_fewest(net)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(-5000, 5000), min_size=1, max_size=15), st.sampled_from(["1", "5", "0.5", "10"]))
def test_rounding_keeps_each_player_within_one_unit_and_the_sum_at_nothing(
    values: list[int], unit_text: str
) -> None:
    net = _zero_sum(values)
    unit = Decimal(unit_text)
    whole = rounded(net, unit)
    assert sum(whole.values()) == 0
    for name, amount in net.items():
        assert abs(whole[name] - amount) < unit
        assert (whole[name] / unit) == (whole[name] / unit).to_integral_value()


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(-60, 60), min_size=13, max_size=20))
def test_past_twelve_players_the_payments_still_settle_with_at_most_one_fewer(values: list[int]) -> None:
    net = _zero_sum(values)
    payments = fewest_payments(net)
    assert settles(net, payments)
    assert len(payments) <= max(0, sum(1 for a in net.values() if a != 0) - 1)


NAMES = ("Anna", "Bo", "Cilla", "Dag", "Eva", "Filip")


@st.composite
def random_game(draw: st.DrawFn) -> Played:
    players = tuple(draw(st.lists(st.sampled_from(NAMES), min_size=2, max_size=4, unique=True)))
    scores = tuple(draw(st.lists(st.integers(0, 70), min_size=len(players), max_size=len(players))))
    best = max(scores)
    winners = tuple(p for p, s in zip(players, scores, strict=True) if s == best)
    return game(players, scores, winners)


@settings(max_examples=150, deadline=None)
@given(st.lists(random_game(), min_size=0, max_size=8), st.sampled_from(["1", "0.37", "2.5"]),
       st.sampled_from([None, "1", "5"]))
def test_a_random_evening_settles_every_net_and_adds_up_to_nothing(
    games: list[Played], stake: str, unit: str | None
) -> None:
    """Over random evenings: the nets add up to nothing, the payments settle them exactly,
    never more than one fewer than the players who owe or are owed, and each net is the
    sum of what `settle` gives game by game."""
    tonight = evening(games, Decimal(stake), round_to=Decimal(unit) if unit else None)
    assert sum(tonight.net.values()) == 0
    assert settles(tonight.net, list(tonight.payments))
    open_players = sum(1 for amount in tonight.net.values() if amount != 0)
    assert len(tonight.payments) <= max(0, open_players - 1)
    if unit is None:
        assert tonight.net == nets(games, Decimal(stake))
