"""``hands.ties = "flush-suit"`` (seed 001's suit order, rules.md "Cases the texts leave
open, decided"): exactly equal flushes are decided by suit, hearts > spades > diamonds >
clubs; every other exact tie still scores nothing.  ``ties = "suit"`` is unchanged."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from chicago_protokoll.core.cards import Card, Category, Suit, evaluate
from chicago_protokoll.core.compare import best_of, compare_hands
from chicago_protokoll.core.errors import RulesFileError
from chicago_protokoll.core.rules import HandRules, HouseRules

FLUSH_SUIT = HouseRules(hands=HandRules(ties="flush-suit"))
SUIT = HouseRules(hands=HandRules(ties="suit"))


@pytest.mark.parametrize(
    ("higher", "lower"),
    [
        ("AH KH 9H 7H 3H", "AS KS 9S 7S 3S"),
        ("AS KS 9S 7S 3S", "AD KD 9D 7D 3D"),
        ("AD KD 9D 7D 3D", "AC KC 9C 7C 3C"),
    ],
)
def test_flush_suit_decides_exactly_equal_flushes_by_suit(higher: str, lower: str) -> None:
    assert best_of([lower, higher], FLUSH_SUIT) == 1
    assert best_of([higher, lower], FLUSH_SUIT) == 0
    assert best_of([higher, lower]) is None  # the main rule: nobody scores


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("KH KS 9D 9H 3C", "KD KC 9S 9C 3D"),  # two pair
        ("5H 6C 7C 8C 9S", "5S 6H 7H 8H 9D"),  # straights
        ("AH KS QD JC 9H", "AS KH QC JD 9S"),  # high card
    ],
)
def test_flush_suit_leaves_every_other_exact_tie_scoreless(one: str, other: str) -> None:
    assert best_of([one, other], FLUSH_SUIT) is None
    assert best_of([one, other], SUIT) is not None  # where "suit" would decide


def test_flush_suit_never_overrules_the_ranks() -> None:
    assert best_of(["AC KC 9C 7C 4C", "AH KH 9H 7H 3H"], FLUSH_SUIT) == 0


def test_the_comparison_says_the_suits_broke_a_tie_of_flushes() -> None:
    text = compare_hands(["AS KS 9S 7S 3S", "AH KH 9H 7H 3H"], FLUSH_SUIT).as_text()
    assert "Hand 2 wins." in text and "the suits broke the tie" in text


def test_flush_suit_is_a_house_rule_a_file_may_choose_and_nothing_else_is() -> None:
    assert HouseRules.from_mapping({"hands": {"ties": "flush-suit"}}).hands.ties == "flush-suit"
    with pytest.raises(RulesFileError):
        HouseRules.from_mapping({"hands": {"ties": "flushes"}})


_FLUSH_RANKS = st.lists(st.integers(2, 14), min_size=5, max_size=5, unique=True)


@given(_FLUSH_RANKS, st.sampled_from(list(Suit)), st.sampled_from(list(Suit)))
def test_two_equal_flushes_go_to_the_better_suit(ranks: list[int], a: Suit, b: Suit) -> None:
    one = [Card(rank, a) for rank in ranks]
    other = [Card(rank, b) for rank in ranks]
    if a == b or evaluate(one).category is not Category.FLUSH:
        return  # one deck has each card once; five in a row of a suit is a straight flush
    assert best_of([one, other], FLUSH_SUIT) == (0 if a > b else 1)
