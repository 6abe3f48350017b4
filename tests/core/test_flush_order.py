"""``hands.flush_order = "suit"`` (rules.md, "Flushes by suit"; the sentence "Om två spelare
har färg gäller färg i följande ordning (hjärter, spader, ruter och klöver är minst
värt)"): a flush in a higher suit beats any flush in a lower one, hearts > spades >
diamonds > clubs; flushes of one suit go by their cards; a straight flush still beats
every flush.  The main rule, ``"ranks"``, is ordinary poker.

treys, an independent evaluator, knows no suit order: it checks every hand's category
and every comparison the ranks decide; the suit's verdict is asserted as the rule says."""

from __future__ import annotations

from itertools import permutations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from treys import Card as TreysCard  # type: ignore[import-untyped]
from treys import Evaluator as TreysEvaluator

from chicago_protokoll.core.cards import Card, Category, HandResult, Suit, compare_results, evaluate
from chicago_protokoll.core.compare import best_of, compare_hands
from chicago_protokoll.core.events import BuyWinner
from chicago_protokoll.core.rules import HandRules, HouseRules
from chicago_protokoll.i18n.language import set_language
from chicago_table import Table

BY_SUIT = HouseRules(hands=HandRules(flush_order="suit"))
TREYS = TreysEvaluator()
# Two flushes with no card in common whatever their suits: a weak one and an ace-high one.
WEAK = (2, 3, 4, 5, 7)
STRONG = (14, 13, 12, 11, 9)


def _flush(ranks: tuple[int, ...], suit: Suit) -> tuple[Card, ...]:
    return tuple(Card(rank, suit) for rank in ranks)


def _treys(cards: tuple[Card, ...]) -> int:
    """treys' rank of a hand: lower is better."""
    return int(TREYS.evaluate([], [TreysCard.new(c.code[0] + c.code[1].lower()) for c in cards]))


def _treys_class(cards: tuple[Card, ...]) -> str:
    return str(TREYS.class_to_string(TREYS.get_rank_class(_treys(cards))))


def _treys_sign(a: tuple[Card, ...], b: tuple[Card, ...]) -> int:
    """1 if treys ranks ``a`` above ``b``, -1 below, 0 level."""
    ra, rb = _treys(a), _treys(b)
    return (ra < rb) - (ra > rb)


def _by_suit(a: HandResult, b: HandResult) -> int:
    return compare_results(a, b, flushes_by_suit=True)


@pytest.mark.parametrize(
    ("first", "second"),
    list(permutations(Suit, 2)),
    ids=lambda suit: suit.name.lower(),
)
def test_flush_order_suit_a_flush_in_a_higher_suit_beats_any_flush_in_a_lower_one(
    first: Suit, second: Suit
) -> None:
    """All 12 ordered pairs of different suits, with the weaker cards in the first suit:
    the ranks (treys) give the second hand; the suit rule gives the higher suit."""
    weak, strong = _flush(WEAK, first), _flush(STRONG, second)
    assert _treys_class(weak) == _treys_class(strong) == "Flush"
    assert evaluate(weak).category is evaluate(strong).category is Category.FLUSH
    assert _treys_sign(weak, strong) == -1  # by the cards the ace-high flush wins...
    assert compare_results(evaluate(weak), evaluate(strong)) == -1  # ...as in the main rule
    higher_first = first > second
    assert _by_suit(evaluate(weak), evaluate(strong)) == (1 if higher_first else -1)
    assert _by_suit(evaluate(strong), evaluate(weak)) == (-1 if higher_first else 1)
    assert best_of([weak, strong], BY_SUIT) == (0 if higher_first else 1)
    assert best_of([strong, weak], BY_SUIT) == (1 if higher_first else 0)
    assert best_of([weak, strong]) == 1  # the main rule: the ranks


@pytest.mark.parametrize("suit", list(Suit), ids=lambda suit: suit.name.lower())
def test_flush_order_suit_two_flushes_of_one_suit_go_by_their_cards(suit: Suit) -> None:
    """As treys ranks them: ace-high above king-high, and a kicker deciding."""
    for one, other in [
        ((14, 9, 7, 4, 2), (13, 12, 11, 8, 6)),
        ((13, 10, 8, 5, 2), (13, 10, 8, 4, 3)),
    ]:
        a, b = _flush(one, suit), _flush(other, suit)
        expected = _treys_sign(a, b)
        assert expected == 1
        assert _by_suit(evaluate(a), evaluate(b)) == expected
        assert _by_suit(evaluate(b), evaluate(a)) == -expected
        assert best_of([b, a], BY_SUIT) == 1


@pytest.mark.parametrize("suit", list(Suit), ids=lambda suit: suit.name.lower())
def test_flush_order_suit_a_low_straight_flush_still_beats_an_ace_high_heart_flush(
    suit: Suit,
) -> None:
    """A-2-3-4-5 suited (the lowest straight flush), in any suit, clubs too, against the
    best flush there is by suit and by cards; treys agrees, as it is a category apart."""
    heart_flush = _flush((14, 13, 12, 11, 9), Suit.HEARTS)
    wheels = [_flush((5, 4, 3, 2, 14), suit), _flush((6, 5, 4, 3, 2), suit)]
    for straight_flush in wheels:
        if set(straight_flush) & set(heart_flush):
            continue  # one deck: the hearts' ace cannot be in both
        assert _treys_class(straight_flush) == "Straight Flush"
        assert _treys_sign(straight_flush, heart_flush) == 1
        assert evaluate(straight_flush).category is Category.STRAIGHT_FLUSH
        assert _by_suit(evaluate(straight_flush), evaluate(heart_flush)) == 1
        assert best_of([heart_flush, straight_flush], BY_SUIT) == 1


def test_flush_order_suit_leaves_two_straight_flushes_to_their_cards() -> None:
    clubs, hearts = _flush((9, 8, 7, 6, 5), Suit.CLUBS), _flush((8, 7, 6, 5, 4), Suit.HEARTS)
    assert _treys_sign(clubs, hearts) == 1
    assert best_of([hearts, clubs], BY_SUIT) == 1


_RANKS = st.lists(st.integers(2, 14), min_size=5, max_size=5, unique=True)


@given(_RANKS, _RANKS, st.sampled_from(list(Suit)), st.sampled_from(list(Suit)))
def test_flush_order_suit_agrees_with_the_rule_and_treys_on_any_two_flushes(
    one: list[int], other: list[int], a: Suit, b: Suit
) -> None:
    first, second = _flush(tuple(one), a), _flush(tuple(other), b)
    if set(first) & set(second):
        return  # one deck has each card once
    ours = _by_suit(evaluate(first), evaluate(second))
    theirs = _treys_sign(first, second)
    categories = {evaluate(first).category, evaluate(second).category}
    if categories == {Category.FLUSH} and a != b:
        assert ours == (1 if a > b else -1)  # the suit, whatever treys says of the cards
    else:  # one suit, or a straight flush in play: the poker order, which treys knows
        assert ours == theirs
    assert compare_results(evaluate(first), evaluate(second)) == theirs  # the main rule


def test_flush_order_ranks_is_the_main_rule_and_a_house_rule_may_choose_suit() -> None:
    assert HouseRules().hands.flush_order == "ranks"
    assert HouseRules.from_mapping({"hands": {"flush_order": "suit"}}) == BY_SUIT


def test_compare_says_the_suits_decide_between_flushes() -> None:
    spades, hearts = "AS KS QS JS 9S", "2H 3H 4H 5H 7H"
    result = compare_hands([spades, hearts], BY_SUIT)
    assert result.winner == 1 and result.flush_by_suit and not result.by_suit
    assert result.as_json()["flush_decided_by_suit"] is True
    assert "the suits decide between flushes: hearts beat spades" in result.as_text().lower()
    set_language("sv")
    try:
        assert "Färgerna avgör mellan färghänder: hjärter slår spader" in result.as_text()
    finally:
        set_language(None)
    main = compare_hands([spades, hearts], HouseRules())
    assert main.winner == 0 and not main.flush_by_suit
    assert "flushes" not in main.as_text()


def test_compare_says_nothing_of_suits_where_no_two_flushes_met() -> None:
    result = compare_hands(["AS KS QS JS 9S", "2H 2C 4H 5H 7D"], BY_SUIT)
    assert result.winner == 0 and not result.flush_by_suit
    assert "suits" not in result.as_text()


def test_flush_order_suit_refuses_a_tie_between_flushes_and_names_the_key() -> None:
    """No two flushes are equal under it (two suits: the suit; one suit: the cards)."""
    table = Table(rules=BY_SUIT)
    said = table.refuse(
        BuyWinner(None, Category.FLUSH, buy=1, tie=True, deal=1), rule="exact tie",
        key="hands.flush_order",
    )
    assert "the suits decide between flushes" in said
    table.apply(BuyWinner(None, Category.PAIR, buy=1, tie=True, deal=1))  # a tie of pairs stands
    Table().apply(BuyWinner(None, Category.FLUSH, buy=1, tie=True, deal=1))  # the main rule: a tie
