"""Which hand is best: categories, poker order without suits, and the house-rule tie-breaks."""

from __future__ import annotations

import random
import time
from collections import Counter
from itertools import combinations

import pytest
from treys import Card as TreysCard  # type: ignore[import-untyped]
from treys import Evaluator as TreysEvaluator

from chicago_protokoll.core.cards import (
    Card,
    Category,
    HandResult,
    Suit,
    compare_results,
    evaluate,
    parse_cards,
)

DECK = tuple(Card(rank, suit) for rank in range(2, 15) for suit in Suit)


def beats(a: str, b: str, *, ace_low_straight: bool = True, suit_ties: bool = False) -> int:
    """compare_results for two hands written as text."""
    return compare_results(
        evaluate(a, ace_low_straight=ace_low_straight),
        evaluate(b, ace_low_straight=ace_low_straight),
        suit_ties=suit_ties,
    )


@pytest.mark.parametrize(
    ("hand", "category"),
    [
        ("AH KD 9S 7C 3H", Category.HIGH_CARD),
        ("KH KS 9D 7H 3C", Category.PAIR),
        ("KH KS 9D 9H 3C", Category.TWO_PAIR),
        ("9H 9S 9D KH 3C", Category.THREE_OF_A_KIND),
        ("5H 6S 7D 8H 9C", Category.STRAIGHT),
        ("TH JS QD KH AC", Category.STRAIGHT),
        ("AH 2S 3D 4H 5C", Category.STRAIGHT),
        ("2H 7H 9H JH KH", Category.FLUSH),
        ("9H 9S 9D KH KC", Category.FULL_HOUSE),
        ("9H 9S 9D 9C KC", Category.FOUR_OF_A_KIND),
        ("5S 6S 7S 8S 9S", Category.STRAIGHT_FLUSH),
        ("9D TD JD QD KD", Category.STRAIGHT_FLUSH),
        ("AC 2C 3C 4C 5C", Category.STRAIGHT_FLUSH),
        ("TH JH QH KH AH", Category.ROYAL_STRAIGHT_FLUSH),
        ("A♠ K♠ Q♠ J♠ 10♠", Category.ROYAL_STRAIGHT_FLUSH),
    ],
)
def test_five_cards_evaluate_to_their_poker_category(hand: str, category: Category) -> None:
    """Each textbook example of a category evaluates to that category, in any card order."""
    assert evaluate(hand).category is category
    assert evaluate(" ".join(reversed(hand.split()))).category is category


def test_evaluate_accepts_text_card_texts_and_cards_alike() -> None:
    """A hand as one string, a list of card texts or Card objects gives the same result."""
    text = "KH KS 9D 9H 3C"
    cards = parse_cards(text)
    results = [evaluate(text), evaluate(text.split()), evaluate(cards), evaluate(list(cards))]
    assert {(r.category, r.key) for r in results} == {(Category.TWO_PAIR, (13, 9, 3))}
    assert all(result.cards == cards for result in results)


def test_royal_straight_flush_is_only_ten_to_ace_suited() -> None:
    """Ten to ace suited is royal; the same ranks unsuited are a plain straight."""
    assert evaluate("TS JS QS KS AS").category is Category.ROYAL_STRAIGHT_FLUSH
    assert evaluate("TS JS QS KS AH").category is Category.STRAIGHT
    assert evaluate("9S TS JS QS KS").category is Category.STRAIGHT_FLUSH


@pytest.mark.parametrize(
    ("stronger", "weaker"),
    [
        # one category above the next, each with the weakest/strongest case of its kind
        ("2H 2S 3D 4H 6C", "AH KD QS JC 9H"),
        ("3H 3S 2D 2H 4C", "AH AS KD QH JC"),
        ("2H 2S 2D 3H 4C", "AH AS KD KH QC"),
        ("AH 2S 3D 4H 5C", "AH AS AD KH QC"),
        ("2H 3H 4H 5H 7H", "TH JS QD KH AC"),
        ("2H 2S 2D 3H 3C", "AH KH QH JH 9H"),
        ("2H 2S 2D 2C 3C", "AH AS AD KH KC"),
        ("AC 2C 3C 4C 5C", "AH AS AD AC KC"),
        ("TH JH QH KH AH", "9D TD JD QD KD"),
    ],
)
def test_a_higher_category_beats_any_hand_of_a_lower_one(stronger: str, weaker: str) -> None:
    """The weakest hand of a category beats the strongest of the category below."""
    assert evaluate(stronger) > evaluate(weaker)
    assert beats(stronger, weaker) == 1
    assert beats(weaker, stronger) == -1


@pytest.mark.parametrize(
    ("stronger", "weaker"),
    [
        ("AH 9D 7S 5C 3H", "KH QD JS 9C 8H"),  # high card: top card first
        ("AH KD 7S 5C 3H", "AS KC 7D 5H 2C"),  # high card: down to the last kicker
        ("KH KS 4D 3H 2C", "QH QS AD KD JC"),  # pair: the pair before the kickers
        ("KH KS AD 7H 2C", "KD KC AS 6H 5C"),  # pair: kickers in falling order
        ("KH KS AD 7H 3C", "KD KC AS 7D 2C"),  # pair: the last kicker
        ("KH KS 3D 3H 2C", "QH QS JD JH AC"),  # two pair: the higher pair first
        ("KH KS 9D 9H 2C", "KD KC 8S 8H AC"),  # two pair: then the lower pair
        ("KH KS 9D 9H 4C", "KD KC 9S 9C 3H"),  # two pair: then the kicker
        ("3H 3S 3D 2H 4C", "2D 2C 2S AH KC"),  # three of a kind: the triple first
        ("6H 7S 8D 9H TC", "2H 3S 4D 5H 6C"),  # straight: the top card
        ("AH 9H 7H 5H 3H", "KS QS JS 9S 7S"),  # flush: top card first
        ("AH KH 7H 5H 3H", "AS KS 7S 4S 3S"),  # flush: all five in order
        ("3H 3S 3D 2H 2C", "2D 2C 2S AH AC"),  # full house: the triple first
        ("3H 3S 3D AH AC", "3D 3C 3S KH KC"),  # full house: then the pair (wild-card free)
        ("3H 3S 3D 3C 2C", "2D 2C 2S 2H AC"),  # four of a kind: the four first
        ("9H 9S 9D 9C KC", "9H 9S 9D 9C QC"),  # four of a kind: then the kicker
        ("6H 7H 8H 9H TH", "5S 6S 7S 8S 9S"),  # straight flush: the top card
    ],
)
def test_within_a_category_ranks_compare_as_in_poker(stronger: str, weaker: str) -> None:
    """Groups rank before kickers, larger groups before smaller, kickers in falling order."""
    assert evaluate(stronger).category is evaluate(weaker).category
    assert beats(stronger, weaker) == 1
    assert beats(weaker, stronger) == -1


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("KH KS 9D 9H 3C", "KD KC 9S 9C 3H"),
        ("AH KD 9S 7C 3H", "AS KC 9D 7H 3C"),
        ("5H 6S 7D 8H 9C", "5D 6C 7S 8S 9H"),
        ("2H 7H 9H JH KH", "2S 7S 9S JS KS"),
        ("AH 2S 3D 4H 5C", "AS 2D 3C 4C 5H"),
    ],
)
def test_exactly_equal_hands_tie_without_suits(first: str, second: str) -> None:
    """Hands of the same ranks differing only in suits are an exact tie in the main rule."""
    a, b = evaluate(first), evaluate(second)
    assert a == b
    assert not a < b
    assert not a > b
    assert hash(a) == hash(b)
    assert compare_results(a, b) == 0
    assert compare_results(b, a) == 0


def test_results_order_like_hands_with_python_operators() -> None:
    """HandResults sort, max and compare with <, >, == exactly as the hands rank."""
    hands = ["AH KD 9S 7C 3H", "KH KS 9D 9H 3C", "2H 2S 4D 4H 3C", "TH JH QH KH AH"]
    results = [evaluate(hand) for hand in hands]
    assert sorted(results, reverse=True) == [results[3], results[1], results[2], results[0]]
    assert max(results).category is Category.ROYAL_STRAIGHT_FLUSH
    assert results[1] >= results[2] > results[0]
    assert results[0] != results[1]
    assert results[0] != "AH KD 9S 7C 3H"


def test_ace_low_straight_on_makes_a2345_the_lowest_straight() -> None:
    """With ace_low_straight (the default) A-2-3-4-5 is a five-high straight, below 2-6."""
    wheel = evaluate("AH 2S 3D 4H 5C")
    assert wheel.category is Category.STRAIGHT
    assert wheel.key == (5,)
    assert beats("2H 3S 4D 5H 6C", "AH 2S 3D 4H 5C") == 1
    assert beats("AH 2S 3D 4H 5C", "AD AS AH KH QC") == 1


def test_ace_low_straight_off_makes_a2345_high_card() -> None:
    """Without ace_low_straight A-2-3-4-5 is only ace high, below any pair."""
    wheel = evaluate("AH 2S 3D 4H 5C", ace_low_straight=False)
    assert wheel.category is Category.HIGH_CARD
    assert wheel.key == (14, 5, 4, 3, 2)
    assert beats("AH 2S 3D 4H 5C", "2H 2S 4D 6H 7C", ace_low_straight=False) == -1
    assert beats("AH 2S 3D 4H 5C", "KH QS JD 9H 8C", ace_low_straight=False) == 1


def test_ace_low_straight_off_makes_suited_a2345_a_flush() -> None:
    """Suited A-2-3-4-5 is a five-high straight flush with the rule, an ace-high flush without."""
    assert evaluate("AC 2C 3C 4C 5C").category is Category.STRAIGHT_FLUSH
    assert evaluate("AC 2C 3C 4C 5C").key == (5,)
    assert beats("AC 2C 3C 4C 5C", "2D 3D 4D 5D 6D") == -1
    off = evaluate("AC 2C 3C 4C 5C", ace_low_straight=False)
    assert off.category is Category.FLUSH
    assert off.key == (14, 5, 4, 3, 2)


def test_ace_low_straight_off_keeps_ace_high_straights() -> None:
    """Turning ace-low off leaves ten-to-ace (and the royal) untouched."""
    assert evaluate("TH JS QD KH AC", ace_low_straight=False).category is Category.STRAIGHT
    assert (
        evaluate("TH JH QH KH AH", ace_low_straight=False).category is Category.ROYAL_STRAIGHT_FLUSH
    )


def test_ace_does_not_wrap_around_the_corner() -> None:
    """Q-K-A-2-3 is no straight: the ace is high or (by the rule) low, never both."""
    assert evaluate("QH KS AD 2H 3C").category is Category.HIGH_CARD


@pytest.mark.parametrize(
    ("higher", "lower"),
    [
        ("AH KH 9H 7H 3H", "AS KS 9S 7S 3S"),
        ("AS KS 9S 7S 3S", "AD KD 9D 7D 3D"),
        ("AD KD 9D 7D 3D", "AC KC 9C 7C 3C"),
        ("AH KH 9H 7H 3H", "AC KC 9C 7C 3C"),
    ],
)
def test_suit_ties_rank_hearts_over_spades_over_diamonds_over_clubs(
    higher: str, lower: str
) -> None:
    """With ties = "suit" equal flushes are ordered hearts > spades > diamonds > clubs."""
    assert beats(higher, lower, suit_ties=True) == 1
    assert beats(lower, higher, suit_ties=True) == -1
    assert beats(higher, lower) == 0


def test_suit_ties_look_first_at_the_most_significant_card() -> None:
    """Between equal pairs the best suit within the pair decides, whatever the kickers' suits."""
    # Pair with the king of hearts, every other card a club; against K♠ K♦ with heart kickers.
    assert beats("KH KC 9C 7C 3C", "KS KD 9H 7H 3H", suit_ties=True) == 1
    # Two pair: the higher pair decides before the lower one.
    assert beats("KS KC 9H 9D 3C", "KH KD 9S 9C 3H", suit_ties=True) == -1


def test_suit_ties_decide_equal_straights_by_the_top_card() -> None:
    """Equal straights are decided by the suit of the top card, the five in A-2-3-4-5."""
    assert beats("5H 6C 7C 8C 9S", "5S 6H 7H 8H 9H", suit_ties=True) == -1
    assert beats("AC 2C 3C 4C 5H", "AH 2H 3H 4S 5S", suit_ties=True) == 1


def test_suit_ties_never_overrule_the_ranks() -> None:
    """With ties = "suit" a lower hand in hearts still loses to a higher one in clubs."""
    assert beats("KH KS 9H 8H 2H", "KC KD 9C 8C 3C", suit_ties=True) == -1
    assert beats("AH KH 9H 7H 2H", "AC KC 9C 7C 3C", suit_ties=True) == -1
    assert beats("2H 2S 3H 4H 5H", "AC KC QD JC 9C", suit_ties=True) == 1


def test_suit_ties_need_the_cards() -> None:
    """A result known only by category and key (no cards) cannot be split by suits."""
    bare = HandResult(Category.PAIR, (13, 9, 7, 3))
    shown = evaluate("KH KS 9D 7H 3C")
    assert compare_results(bare, shown, suit_ties=True) == 0


def test_every_five_card_hand_falls_in_the_textbook_counts() -> None:
    """All 2,598,960 hands split into the textbook category counts and 7,462 distinct values."""
    started = time.perf_counter()
    counts: Counter[Category] = Counter()
    values: set[tuple[Category, tuple[int, ...]]] = set()
    for hand in combinations(DECK, 5):
        result = evaluate(hand)
        counts[result.category] += 1
        values.add((result.category, result.key))
    elapsed = time.perf_counter() - started

    assert counts == {
        Category.ROYAL_STRAIGHT_FLUSH: 4,
        Category.STRAIGHT_FLUSH: 36,
        Category.FOUR_OF_A_KIND: 624,
        Category.FULL_HOUSE: 3_744,
        Category.FLUSH: 5_108,
        Category.STRAIGHT: 10_200,
        Category.THREE_OF_A_KIND: 54_912,
        Category.TWO_PAIR: 123_552,
        Category.PAIR: 1_098_240,
        Category.HIGH_CARD: 1_302_540,
    }
    assert counts.total() == 2_598_960
    # A royal is the ace-high straight flush: one value, as in every poker table.
    royal = (Category.ROYAL_STRAIGHT_FLUSH, (14,))
    assert royal in values
    assert len((values - {royal}) | {(Category.STRAIGHT_FLUSH, (14,))}) == 7_462
    print(f"evaluated 2,598,960 hands in {elapsed:.1f} s")


def test_without_ace_low_straights_there_are_fewer_straights() -> None:
    """Without ace_low_straight the 1,020 A-2-3-4-5 hands move to high card and flush."""
    wheels = [
        hand
        for hand in combinations([c for c in DECK if c.rank in (14, 2, 3, 4, 5)], 5)
        if len({card.rank for card in hand}) == 5
    ]
    assert len(wheels) == 4**5
    on = Counter(evaluate(hand).category for hand in wheels)
    off = Counter(evaluate(hand, ace_low_straight=False).category for hand in wheels)
    assert on == {Category.STRAIGHT: 1_020, Category.STRAIGHT_FLUSH: 4}
    assert off == {Category.HIGH_CARD: 1_020, Category.FLUSH: 4}


# treys's names for its hand classes.
TREYS_CLASS = {
    Category.HIGH_CARD: "High Card",
    Category.PAIR: "Pair",
    Category.TWO_PAIR: "Two Pair",
    Category.THREE_OF_A_KIND: "Three of a Kind",
    Category.STRAIGHT: "Straight",
    Category.FLUSH: "Flush",
    Category.FULL_HOUSE: "Full House",
    Category.FOUR_OF_A_KIND: "Four of a Kind",
    Category.STRAIGHT_FLUSH: "Straight Flush",
    Category.ROYAL_STRAIGHT_FLUSH: "Royal Flush",
}
TREYS_CARD = {card: TreysCard.new(card.code[0] + card.code[1].lower()) for card in DECK}


def _random_deck(rng: random.Random) -> list[Card]:
    """Half the time the whole deck; else a narrow one (a few ranks, often consecutive, and
    a few suits) so that strong hands, and pairs of hands in one category, come up often."""
    if rng.random() < 0.5:
        return list(DECK)
    if rng.random() < 0.5:
        low = rng.randint(1, 10)  # 1: the A-2-3-4-5 window
        ranks = {14 if rank == 1 else rank for rank in range(low, low + rng.choice([5, 6, 7]))}
    else:
        ranks = set(rng.sample(range(2, 15), rng.randint(2, 8)))
    suits = set(rng.sample(list(Suit), rng.randint(1, 4)))
    narrow = [card for card in DECK if card.rank in ranks and card.suit in suits]
    return narrow if len(narrow) >= 5 else list(DECK)


def test_hand_order_agrees_with_treys_on_random_pairs() -> None:
    """On 20,000 seeded random pairs our comparison has the sign of treys' (lower is better)."""
    rng = random.Random(52)
    treys = TreysEvaluator()
    seen: Counter[Category] = Counter()
    same_category = exact_ties = 0
    for _ in range(20_000):
        deck = _random_deck(rng)
        a, b = tuple(rng.sample(deck, 5)), tuple(rng.sample(deck, 5))
        ours_a, ours_b = evaluate(a), evaluate(b)
        rank_a = treys.evaluate([], [TREYS_CARD[card] for card in a])
        rank_b = treys.evaluate([], [TREYS_CARD[card] for card in b])
        theirs = (rank_a < rank_b) - (rank_a > rank_b)
        assert compare_results(ours_a, ours_b) == theirs, (a, b)
        assert TREYS_CLASS[ours_a.category] == treys.class_to_string(
            treys.get_rank_class(rank_a)
        ), a
        seen.update([ours_a.category, ours_b.category])
        same_category += ours_a.category is ours_b.category
        exact_ties += theirs == 0
    # The sample reaches every category, often compares within one, and meets exact ties.
    assert all(seen[category] >= 50 for category in Category), seen
    assert same_category >= 5_000
    assert exact_ties >= 500
