"""Every key of the house-rules TOML changes an outcome: each test plays the same
situation under the main rule and under a variant and shows the difference.

`test_every_house_rules_key_has_a_test` keeps the list complete: a key added to
`HouseRules` without a test here fails it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from chicago_protokoll.core.cards import Category
from chicago_protokoll.core.claims import parse_claim
from chicago_protokoll.core.compare import best_of
from chicago_protokoll.core.errors import RuleViolation
from chicago_protokoll.core.events import BuyWinner, ChicagoDeclared, Exchange, LastTrick, Royal
from chicago_protokoll.core.rules import HouseRules
from chicago_protokoll.core.session import new_session
from chicago_table import Table

MAIN = HouseRules()
COVERED: set[str] = set()

Test = Callable[..., None]


def covers(*keys: str) -> Callable[[Test], Test]:
    """Register the house-rules keys a test shows changing an outcome."""

    def mark(test: Test) -> Test:
        COVERED.update(keys)
        return test

    return mark


def variant(section: str, **values: Any) -> HouseRules:
    return MAIN.with_changes(**{section: values})


# -- [game] --------------------------------------------------------------------------


@covers("game.target")
def test_game_target_sets_the_total_that_ends_the_game() -> None:
    """45 points at the end of a deal wins at a 45-point table and not at 52."""
    main = Table()
    main.bring("Anna", 45)
    short = Table(rules=variant("game", target=45))
    short.bring("Anna", 45)
    assert not main.standings().finished
    assert short.standings().finished
    assert short.standings().winners == ("Anna",)


@covers("game.min_players")
def test_game_min_players_refuses_a_smaller_table() -> None:
    """Two players may play in the main rule but not where three are the minimum."""
    assert new_session(["Anna", "Bo"]).players == ("Anna", "Bo")
    with pytest.raises(RuleViolation) as caught:
        new_session(["Anna", "Bo"], variant("game", min_players=3))
    assert caught.value.key == "game.min_players"


@covers("game.max_players")
def test_game_max_players_allows_a_larger_table() -> None:
    """Five players are refused in the main rule and seated where up to six may play."""
    five = ["A", "B", "C", "D", "E"]
    with pytest.raises(RuleViolation) as caught:
        new_session(five)
    assert caught.value.key == "game.max_players"
    assert len(new_session(five, variant("game", max_players=6)).players) == 5


@covers("game.buys")
def test_game_buys_sets_the_number_of_exchanges() -> None:
    """Köp 3's exchange is recorded in the main rule and refused with two köp per deal."""
    for rules, allowed in ((MAIN, True), (variant("game", buys=2), False)):
        table = Table(rules=rules)
        table.buy(None)
        table.buy(None)
        if allowed:
            table.exchange("Anna", 2, buy=3)
        else:
            table.refuse(Exchange(1, "Anna", 3, 2), key="game.buys")


@covers("game.scored_buys")
def test_game_scored_buys_sets_how_many_buys_score_a_hand() -> None:
    """Köp 2's hand scores in the main rule; with one scored köp the tricks follow köp 1."""
    main = Table()
    main.buy(("Anna", 1))
    main.buy(("Bo", 2))
    one = Table(rules=variant("game", scored_buys=1))
    one.buy(("Anna", 1))
    one.refuse(one.buy_event(("Bo", 2)), key="game.scored_buys")
    one.last("Bo")
    assert main.scores == {"Anna": 1, "Bo": 2, "Cilla": 0}
    assert one.scores == {"Anna": 1, "Bo": 5, "Cilla": 0}


def test_game_scored_buys_zero_goes_straight_to_the_tricks_even_after_a_chicago() -> None:
    """With no scored köp every deal starts at the tricks, also the deal after a Chicago."""
    table = Table(rules=MAIN.with_changes(game={"scored_buys": 0}, chicago={"min_score": 0}))
    table.refuse(table.buy_event(("Anna", 1)), key="game.scored_buys")
    table.declare("Anna")
    table.chicago_won("Anna")
    table.last("Bo")
    table.show(("Cilla", 2))
    assert table.scores == {"Anna": 15, "Bo": 5, "Cilla": 2}


# -- [scoring] -----------------------------------------------------------------------


@covers("scoring.last_trick")
def test_scoring_last_trick_sets_the_points_of_the_last_trick() -> None:
    """The last trick scores 5 in the main rule and 3 where the table says so."""
    for rules, points in ((MAIN, 5), (variant("scoring", last_trick=3), 3)):
        table = Table(rules=rules)
        table.play_deal(last="Bo")
        assert table.score("Bo") == points


@covers("scoring.last_trick_with_two")
def test_scoring_last_trick_with_two_sets_the_points_of_a_last_trick_won_with_a_two() -> None:
    """A last trick won with a two scores 5 in the main rule and 10 in the variant."""
    for rules, points in ((MAIN, 5), (variant("scoring", last_trick_with_two=10), 10)):
        table = Table(rules=rules)
        table.buy(None)
        table.buy(None)
        table.last("Bo", with_two=True)
        table.show(None)
        table.play_deal(last="Bo")
        assert table.score("Bo") == points + 5


@covers("scoring.floor")
@pytest.mark.parametrize(("floor", "after"), [(0, 0), (False, -3), (-10, -3)])
def test_scoring_floor_sets_how_low_a_failed_chicago_takes_a_total(
    floor: int | bool, after: int
) -> None:
    """12 points and a failed Chicago give 0 on the zero floor and -3 without it."""
    rules = MAIN.with_changes(chicago={"min_score": 0}, scoring={"floor": floor})
    table = Table(rules=rules)
    table.bring("Anna", 12)
    table.play_chicago("Anna", breaker="Bo")
    assert table.score("Anna") == after


def test_scoring_floor_below_zero_stops_a_total_there() -> None:
    """With floor = -10 a failed Chicago from 0 stops at -10."""
    table = Table(rules=MAIN.with_changes(chicago={"min_score": 0}, scoring={"floor": -10}))
    table.play_chicago("Anna", breaker="Bo")
    assert table.score("Anna") == -10


@covers("scoring.take_from_opponent")
def test_scoring_take_from_opponent_takes_the_points_off_one_opponent_instead() -> None:
    """A full house taken off Bo is refused in the main rule; where the table plays seed
    001's "nolla en motståndare" it takes 6 off Bo (the floor stopping it at 0) and leaves
    Anna's total as it was; the last trick likewise."""
    main = Table()
    main.bring("Bo", 10)
    taken = main.buy_event(("Anna", Category.FULL_HOUSE))
    main.refuse(
        BuyWinner("Anna", Category.FULL_HOUSE, opponent="Bo", buy=taken.buy, deal=taken.deal),
        key="scoring.take_from_opponent",
    )
    table = Table(rules=variant("scoring", take_from_opponent=True))
    table.bring("Bo", 10)
    table.bring("Anna", 5)
    entry = table.apply(
        BuyWinner("Anna", Category.FULL_HOUSE, opponent="Bo", buy=1, deal=table.deal)
    )
    assert table.scores == {"Anna": 5, "Bo": 4, "Cilla": 0}
    assert [(a.player, a.points, a.key) for a in entry.awards] == [
        ("Bo", -6, "scoring.take_from_opponent")
    ]
    table.apply(BuyWinner("Anna", Category.FULL_HOUSE, opponent="Bo", buy=2, deal=table.deal))
    assert table.scores == {"Anna": 5, "Bo": 0, "Cilla": 0}  # -6 from 4 stops at 0
    table.apply(LastTrick("Cilla", opponent="Anna", deal=table.deal))
    assert table.scores == {"Anna": 0, "Bo": 0, "Cilla": 0}


# -- [hands] -------------------------------------------------------------------------

HAND_KEYS = [
    ("pair", Category.PAIR, 1),
    ("two_pair", Category.TWO_PAIR, 2),
    ("three_of_a_kind", Category.THREE_OF_A_KIND, 3),
    ("straight", Category.STRAIGHT, 4),
    ("flush", Category.FLUSH, 5),
    ("full_house", Category.FULL_HOUSE, 6),
    ("four_of_a_kind", Category.FOUR_OF_A_KIND, 7),
    ("straight_flush", Category.STRAIGHT_FLUSH, 8),
]
COVERED.update(f"hands.{key}" for key, _, _ in HAND_KEYS)


@pytest.mark.parametrize(("key", "category", "main_points"), HAND_KEYS)
def test_hands_points_set_what_each_hand_scores(
    key: str, category: Category, main_points: int
) -> None:
    """A hand scores its main-rule points, and 11 where the table gives it 11."""
    for rules, points in ((MAIN, main_points), (variant("hands", **{key: 11}), 11)):
        table = Table(rules=rules)
        entry = table.buy(("Bo", category))
        assert table.score("Bo") == points
        assert entry.awards[0].key == f"hands.{key}"


@covers("hands.straight_flush")
def test_hands_straight_flush_win_ends_the_game() -> None:
    """A straight flush scores 8 in the main rule and wins the game where it is "win"."""
    main = Table()
    main.buy(("Bo", Category.STRAIGHT_FLUSH))
    wins = Table(rules=variant("hands", straight_flush="win"))
    wins.buy(("Bo", Category.STRAIGHT_FLUSH))
    assert not main.standings().finished
    assert wins.standings().winners == ("Bo",)


@covers("hands.royal_straight_flush")
def test_hands_royal_straight_flush_as_points_does_not_end_the_game() -> None:
    """A royal wins the game in the main rule; where it is worth 20 it scores 20 and the
    game goes on, and a royal outside a best-hand moment is refused."""
    main = Table()
    main.buy(("Bo", Category.ROYAL_STRAIGHT_FLUSH))
    points = Table(rules=variant("hands", royal_straight_flush=20))
    points.buy(("Bo", Category.ROYAL_STRAIGHT_FLUSH))
    assert main.standings().winners == ("Bo",)
    assert not points.standings().finished
    assert points.score("Bo") == 20
    points.refuse(Royal(1, "Cilla"), key="hands.royal_straight_flush")


@covers("hands.four_of_a_kind_zeroes")
def test_hands_four_of_a_kind_zeroes_lets_a_four_of_a_kind_zero_the_opponents() -> None:
    """Four of a kind scores 7 in the main rule; "choice" may zero the others instead and
    "always" scores and zeroes."""
    outcomes = {}
    for zeroes in (False, "choice", "always"):
        table = Table(rules=variant("hands", four_of_a_kind_zeroes=zeroes))
        table.bring("Anna", 20)
        claim = table.buy_event(("Bo", Category.FOUR_OF_A_KIND), zero=True)
        if zeroes is False:
            table.refuse(claim, key="hands.four_of_a_kind_zeroes")
            claim = table.buy_event(("Bo", Category.FOUR_OF_A_KIND))
        table.apply(claim)
        outcomes[zeroes] = table.scores
    assert outcomes == {
        False: {"Anna": 20, "Bo": 7, "Cilla": 0},
        "choice": {"Anna": 0, "Bo": 0, "Cilla": 0},
        "always": {"Anna": 0, "Bo": 7, "Cilla": 0},
    }


WHEEL = "AH 2S 3D 4C 5H"


@covers("hands.ace_low_straight")
def test_hands_ace_low_straight_decides_whether_a_2_3_4_5_is_a_straight() -> None:
    """A-2-3-4-5 is a straight that beats a pair in the main rule and nothing without it."""
    players = ("Anna", "Bo", "Cilla")
    assert parse_claim(f"Anna:{WHEEL}", players).hand is Category.STRAIGHT
    assert parse_claim(f"Anna:{WHEEL}", players, ace_low_straight=False).hand is Category.HIGH_CARD
    no_wheel = variant("hands", ace_low_straight=False)
    assert best_of([WHEEL, "KH KS 2D 7C 9H"]) == 0
    assert best_of([WHEEL, "KH KS 2D 7C 9H"], no_wheel) == 1
    main = Table()
    main.buy(("Anna", Category.STRAIGHT), cards=WHEEL)
    assert main.score("Anna") == 4
    table = Table(rules=no_wheel)
    table.refuse(
        table.buy_event(("Anna", Category.STRAIGHT), cards=WHEEL), key=("hands.ace_low_straight")
    )


@covers("hands.ties")
def test_hands_ties_suit_breaks_an_exact_tie() -> None:
    """Equal hands tie and score nothing in the main rule; with suit ties hearts win."""
    suit = variant("hands", ties="suit")
    hands = ["KD KC 9C 9S 3H", "KH KS 9D 9H 3C"]
    assert best_of(hands) is None
    assert best_of(hands, suit) == 1
    assert best_of(["AS KS 9S 7S 3S", "AH KH 9H 7H 3H", "AD KD 9D 7D 3D"], suit) == 1
    assert best_of(["AS KS 9S 7S 3S", "AD KD 9D 7D 3D"], suit) == 0
    main = Table()
    main.buy(None, tie=True)
    assert main.scores == {"Anna": 0, "Bo": 0, "Cilla": 0}
    table = Table(rules=suit)
    table.refuse(table.buy_event(None, tie=True), key="hands.ties")
    table.buy(("Bo", Category.TWO_PAIR), cards=hands[1])
    assert table.score("Bo") == 2


@covers("hands.flush_order")
def test_hands_flush_order_suit_ranks_flushes_by_suit_before_their_cards() -> None:
    """By the cards the spade flush wins; with flushes by suit any heart flush beats it
    (tests/core/test_flush_order.py goes through every pair of suits)."""
    by_suit = variant("hands", flush_order="suit")
    hands = ["AS KS QS JS 9S", "2H 3H 4H 5H 7H"]
    assert best_of(hands) == 0
    assert best_of(hands, by_suit) == 1
    table = Table(rules=by_suit)
    table.refuse(BuyWinner(None, Category.FLUSH, buy=1, tie=True, deal=1), key="hands.flush_order")


# -- [chicago] -----------------------------------------------------------------------


def chicago_from_20(rules: HouseRules, *, breaker: str | None) -> dict[str, int]:
    table = Table(rules=rules)
    table.bring("Anna", 20)
    table.play_chicago("Anna", breaker=breaker)
    return table.scores


@covers("chicago.success")
def test_chicago_success_sets_the_points_of_a_successful_chicago() -> None:
    """A successful Chicago from 20 gives 35 in the main rule and 30 at a 10/-10 table."""
    assert chicago_from_20(MAIN, breaker=None)["Anna"] == 35
    assert chicago_from_20(variant("chicago", success=10), breaker=None)["Anna"] == 30


@covers("chicago.failure")
def test_chicago_failure_sets_the_cost_of_a_failed_chicago() -> None:
    """A failed Chicago from 20 leaves 5 in the main rule and 10 at a 10/-10 table."""
    assert chicago_from_20(MAIN, breaker="Bo")["Anna"] == 5
    assert chicago_from_20(variant("chicago", failure=-10), breaker="Bo")["Anna"] == 10


@covers("chicago.breaker_bonus")
def test_chicago_breaker_bonus_rewards_the_player_who_breaks_a_chicago() -> None:
    """The breaker gets nothing in the main rule and the bonus where there is one."""
    assert chicago_from_20(MAIN, breaker="Bo")["Bo"] == 0
    assert chicago_from_20(variant("chicago", breaker_bonus=10), breaker="Bo")["Bo"] == 10


@covers("chicago.min_score")
@pytest.mark.parametrize("min_score", [10, 0])
def test_chicago_min_score_sets_the_points_needed_to_declare(min_score: int) -> None:
    """A player at 10 may not declare in the main rule but may where less is needed."""
    for rules, allowed in ((MAIN, False), (variant("chicago", min_score=min_score), True)):
        table = Table(rules=rules)
        table.bring("Anna", 10)
        table.buy(None)
        table.buy(None)
        if allowed:
            table.declare("Anna")
        else:
            table.refuse(ChicagoDeclared(table.deal, "Anna"), key="chicago.min_score")


@covers("chicago.required_to_win")
def test_chicago_required_to_win_resets_a_winner_without_a_chicago() -> None:
    """52 without a Chicago wins in the main rule and resets to 0 where one is required."""
    main = Table()
    main.bring("Anna", 52)
    required = Table(rules=variant("chicago", required_to_win=True))
    required.bring("Anna", 52)
    assert main.standings().winners == ("Anna",)
    assert required.score("Anna") == 0
    assert not required.standings().finished


@covers("chicago.max_per_player")
def test_chicago_max_per_player_limits_declarations() -> None:
    """A second Chicago by the same player is allowed in the main rule, not with a limit of 1."""
    for rules, allowed in ((MAIN, True), (variant("chicago", max_per_player=1), False)):
        table = Table(rules=rules)
        table.bring("Anna", 20)
        table.play_chicago("Anna")
        table.buy(None)
        table.buy(None)
        if allowed:
            table.declare("Anna")
        else:
            table.refuse(ChicagoDeclared(table.deal, "Anna"), key="chicago.max_per_player")


# -- [buy_stop] ----------------------------------------------------------------------


@covers("buy_stop.threshold")
@pytest.mark.parametrize(
    ("threshold", "score", "stopped"),
    [(46, 42, False), (42, 42, True), (46, 47, True), (False, 47, False)],
)
def test_buy_stop_threshold_sets_where_exchanges_stop(
    threshold: int | bool, score: int, stopped: bool
) -> None:
    """Köpstopp starts at 46 in the main rule, at 42 in the variant and never with false."""
    table = Table(rules=variant("buy_stop", threshold=threshold))
    table.bring("Anna", score)
    if stopped:
        table.refuse(Exchange(table.deal, "Anna", 1, 2), key="buy_stop.threshold")
    else:
        table.exchange("Anna", 2)
    assert table.standings().players[0].buy_stop is stopped


# -- completeness ----------------------------------------------------------------------


def test_every_house_rules_key_has_a_test() -> None:
    """Each key of the house-rules schema is shown changing an outcome in this file."""
    keys = {f"{section}.{key}" for section, table in MAIN.to_mapping().items() for key in table}
    assert keys == COVERED


def test_refused_event_outside_the_rules_names_no_key() -> None:
    """A rule that no house-rules key changes is refused without a key."""
    table = Table()
    table.refuse(LastTrick("Anna", deal=2), rule="deal order")
    with pytest.raises(RuleViolation) as caught:
        table.apply(BuyWinner("Anna", Category.PAIR, tie=True, deal=1))
    assert caught.value.key is None
    assert "house rule" not in str(caught.value)
