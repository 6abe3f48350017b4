"""Reading cards and hand names: what a player may type, and what is refused."""

from __future__ import annotations

import subprocess
import sys

import pytest

import chicago_protokoll
from chicago_protokoll.core.cards import (
    Card,
    Category,
    Suit,
    evaluate,
    looks_like_cards,
    parse_card,
    parse_cards,
    parse_category,
)
from chicago_protokoll.core.errors import CardError, ChicagoError

KING_OF_HEARTS = Card(13, Suit.HEARTS)


@pytest.mark.parametrize("text", ["KH", "kh", "Kh", "kH", "K♥", "k♥", "K♡", " KH ", "K♥\ufe0f"])
def test_king_of_hearts_reads_in_letters_symbols_and_any_case(text: str) -> None:
    """Rank then suit, as letters or symbols, in any case, gives the same card."""
    assert parse_card(text) == KING_OF_HEARTS


@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("10h", Card(10, Suit.HEARTS)),
        ("Th", Card(10, Suit.HEARTS)),
        ("tH", Card(10, Suit.HEARTS)),
        ("10♥", Card(10, Suit.HEARTS)),
        ("Tc", Card(10, Suit.CLUBS)),
        ("2s", Card(2, Suit.SPADES)),
        ("9♦", Card(9, Suit.DIAMONDS)),
        ("Jd", Card(11, Suit.DIAMONDS)),
        ("q♣", Card(12, Suit.CLUBS)),
        ("AS", Card(14, Suit.SPADES)),
        ("a♠", Card(14, Suit.SPADES)),
    ],
)
def test_ten_reads_as_10_or_t_and_every_rank_reads(text: str, card: Card) -> None:
    """Ten is written 10 or T, the court cards J Q K A, the suits S H D C or ♠ ♥ ♦ ♣."""
    assert parse_card(text) == card


def test_every_card_of_the_deck_round_trips_through_its_code() -> None:
    """All 52 cards have distinct codes that parse back to the same card."""
    deck = [Card(rank, suit) for rank in range(2, 15) for suit in Suit]
    codes = {card.code for card in deck}
    assert len(codes) == 52
    assert all(parse_card(card.code) == card for card in deck)
    assert all(parse_card(str(card)) == card for card in deck)


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("KX", "'KX'"),  # unknown suit letter
        ("K*", "'K*'"),  # unknown suit symbol
        ("1H", "'1H'"),  # unknown rank
        ("11H", "'11H'"),
        ("ZH", "'ZH'"),
        ("K", "'K'"),  # too short to be a card
        ("10", "'10'"),  # a rank without a suit
    ],
)
def test_unknown_rank_or_suit_is_refused_naming_the_card(text: str, named: str) -> None:
    """A card that cannot be read raises CardError whose message quotes that card."""
    with pytest.raises(CardError) as caught:
        parse_card(text)
    assert named in str(caught.value)


def test_unknown_suit_message_names_the_suit_and_the_choices() -> None:
    """The message for a bad suit says which character was wrong and what is allowed."""
    with pytest.raises(CardError, match=r"unknown suit 'X'.*S H D C"):
        parse_card("KX")


def test_unknown_rank_message_names_the_rank_and_the_choices() -> None:
    """The message for a bad rank says which rank was wrong and what is allowed."""
    with pytest.raises(CardError, match=r"unknown rank '1'.*2-9, T or 10"):
        parse_card("1H")


def test_a_bad_card_inside_a_hand_is_named() -> None:
    """In five cards the one that cannot be read is the one the message names."""
    with pytest.raises(CardError, match="'9Z'"):
        parse_cards("KH KS 9Z 9H 3C")


@pytest.mark.parametrize(
    "text",
    ["KH KS 9D 9H 3C", "kh ks 9d 9h 3c", "K♥ K♠ 9♦ 9♥ 3♣", "KH,KS,9D,9H,3C", "KH, KS, 9D, 9H, 3C"],
)
def test_five_cards_read_from_text_separated_by_spaces_or_commas(text: str) -> None:
    """Five cards are read in order whether separated by spaces or commas."""
    assert parse_cards(text) == (
        KING_OF_HEARTS,
        Card(13, Suit.SPADES),
        Card(9, Suit.DIAMONDS),
        Card(9, Suit.HEARTS),
        Card(3, Suit.CLUBS),
    )


def test_five_cards_read_from_a_list_of_card_texts() -> None:
    """A list of card texts reads like the same cards in one string."""
    assert parse_cards(["KH", "KS", "9D", "9H", "3C"]) == parse_cards("KH KS 9D 9H 3C")


@pytest.mark.parametrize(
    ("text", "count"),
    [("", 0), ("KH", 1), ("KH KS 9D 9H", 4), ("KH KS 9D 9H 3C 2C", 6)],
)
def test_a_hand_of_other_than_five_cards_is_refused(text: str, count: int) -> None:
    """A hand is exactly five cards; the message says how many were given."""
    with pytest.raises(CardError, match=f"five cards, not {count}"):
        parse_cards(text)


@pytest.mark.parametrize("text", ["KH KS 9D 9H KH", "KH KS 9D 9H K♥", "kh KS 9D 9H KH"])
def test_the_same_card_twice_is_refused_naming_it(text: str) -> None:
    """One deck has each card once; a repeated card is refused and named."""
    with pytest.raises(CardError, match=r"K♥.*twice"):
        parse_cards(text)


def test_the_same_card_object_twice_is_refused_naming_it() -> None:
    """Card objects get the same duplicate check as text, naming the repeated card."""
    hand = [KING_OF_HEARTS, Card(13, Suit.SPADES), Card(9, Suit.DIAMONDS), Card(9, Suit.HEARTS)]
    with pytest.raises(CardError, match=r"K♥.*twice"):
        evaluate([*hand, KING_OF_HEARTS])
    with pytest.raises(CardError, match="five cards, not 4"):
        evaluate(hand)


def test_card_errors_are_chicago_errors_and_value_errors() -> None:
    """CardError is caught by the CLI's ChicagoError handler and by plain ValueError."""
    with pytest.raises(ChicagoError):
        parse_card("??")
    with pytest.raises(ValueError, match="not a card"):
        parse_card("?")


# Every spelling that cli.md promises, plus the folding of case, spaces, hyphens
# and diacritics.
CATEGORY_SPELLINGS = {
    Category.PAIR: ["pair", "par", "Pair", "PAR"],
    Category.TWO_PAIR: ["two-pair", "tva-par", "två par", "Two Pair", "TVÅ PAR", "two_pair"],
    Category.THREE_OF_A_KIND: ["three-of-a-kind", "trips", "triss", "Three of a Kind"],
    Category.STRAIGHT: ["straight", "stege", "Stege"],
    Category.FLUSH: ["flush", "färg", "farg", "FÄRG"],
    Category.FULL_HOUSE: ["full-house", "kåk", "kak", "Full House", "KÅK", "full house"],
    Category.FOUR_OF_A_KIND: ["four-of-a-kind", "quads", "fyrtal", "Four Of A Kind"],
    Category.STRAIGHT_FLUSH: ["straight-flush", "färgstege", "fargstege", "Straight Flush"],
    Category.ROYAL_STRAIGHT_FLUSH: ["royal-straight-flush", "royal", "Royal Straight Flush"],
}


@pytest.mark.parametrize(
    ("text", "category"),
    [(text, category) for category, texts in CATEGORY_SPELLINGS.items() for text in texts],
)
def test_hand_names_read_in_english_and_swedish(text: str, category: Category) -> None:
    """Each English and Swedish hand name, in any case, spacing or diacritics, is its category."""
    assert parse_category(text) is category


def test_decomposed_diacritics_read_like_composed_ones() -> None:
    """'kåk' typed with a combining ring (as some keyboards do) is still a full house."""
    assert parse_category("ka\u030ak") is Category.FULL_HOUSE


@pytest.mark.parametrize("category", list(Category))
def test_every_category_reads_from_its_own_slug_and_names(category: Category) -> None:
    """The slug, the English and the Swedish name each parse back to the category."""
    assert parse_category(category.value) is category
    assert parse_category(category.english) is category
    assert parse_category(category.swedish) is category


@pytest.mark.parametrize("text", ["", "kåkk", "straight flush royal deluxe", "tvåpar2", "KH"])
def test_an_unknown_hand_name_is_refused_naming_it_and_the_names(text: str) -> None:
    """A name that is no hand raises CardError quoting it and listing the hand names."""
    with pytest.raises(CardError) as caught:
        parse_category(text)
    message = str(caught.value)
    assert f"'{text}'" in message
    assert "kåk" in message
    assert "full-house" in message


def test_category_slugs_are_the_command_line_names() -> None:
    """The enum values are exactly the slugs of cli.md, weakest hand first."""
    assert [category.value for category in Category] == [
        "high-card",
        "pair",
        "two-pair",
        "three-of-a-kind",
        "straight",
        "flush",
        "full-house",
        "four-of-a-kind",
        "straight-flush",
        "royal-straight-flush",
    ]


def test_categories_order_weakest_to_strongest() -> None:
    """Categories compare by strength: a pair is below two pair, royal is the top."""
    ordered = list(Category)
    shuffled = [ordered[i] for i in (5, 0, 9, 2, 7, 1, 8, 3, 6, 4)]
    assert sorted(shuffled) == ordered
    assert Category.PAIR < Category.TWO_PAIR
    assert Category.ROYAL_STRAIGHT_FLUSH > Category.STRAIGHT_FLUSH >= Category.STRAIGHT_FLUSH
    assert max(ordered) is Category.ROYAL_STRAIGHT_FLUSH
    assert min(ordered) is Category.HIGH_CARD


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("KH KS 9D 9H 3C", True),
        ("K♥ K♠ 9♦ 9♥ 3♣", True),
        ("10h 10s 9d 9c 2h", True),
        ("KH,KS,9D,9H,3C", True),
        ("K♥️ K♠️ 9♦️ 9♥️ 3♣️", True),
        ("kåk", False),
        ("två par", False),
        ("full house", False),
        ("straight flush", False),
        ("royal", False),
        ("färgstege", False),
    ],
)
def test_cards_are_told_apart_from_hand_names(text: str, expected: bool) -> None:
    """Text of several card-shaped words is cards; a hand name, even of two words, is not."""
    assert looks_like_cards(text) is expected


def test_the_package_evaluates_cards_through_its_lazy_top_level_name() -> None:
    """chicago_protokoll.evaluate is the card evaluator and names the category by its slug."""
    result = chicago_protokoll.evaluate("KH KS 9D 9H 3C")
    assert result.category.value == "two-pair"
    assert chicago_protokoll.evaluate is evaluate
    assert chicago_protokoll.parse_category("kåk") is chicago_protokoll.Category.FULL_HOUSE


def test_importing_the_package_does_not_load_the_evaluator() -> None:
    """`import chicago_protokoll` alone leaves the cards module unloaded until first use."""
    code = (
        "import sys, chicago_protokoll as c\n"
        "before = 'chicago_protokoll.core.cards' in sys.modules\n"
        "c.evaluate('KH KS 9D 9H 3C')\n"
        "print(before, 'chicago_protokoll.core.cards' in sys.modules)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert done.stdout.split() == ["False", "True"]


def test_an_unknown_top_level_name_is_an_attribute_error() -> None:
    """Asking the package for a name it does not export fails like any missing attribute."""
    with pytest.raises(AttributeError, match="no_such_thing"):
        _ = chicago_protokoll.no_such_thing
