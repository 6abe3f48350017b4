"""Cards, hand categories and the poker hand evaluator.

Chicago scores the single best poker hand; suits never rank in the main rule,
so `HandResult` orders hands by category and card ranks only.  The house rules that
let suits count are applied where two hands are compared (`compare_results`): the
tie-break ``ties = "suit"`` (`suit_key`), and ``flush_order = "suit"``, which ranks
two flushes by their suit before their cards.
"""

from __future__ import annotations

import enum
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import total_ordering
from typing import Literal, TypeGuard

from ..i18n.language import Msg
from .errors import CardError


class Suit(enum.IntEnum):
    """Suits, numbered in the house-rule tie order: hearts > spades > diamonds > clubs."""

    CLUBS = 0
    DIAMONDS = 1
    SPADES = 2
    HEARTS = 3

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]


_SUIT_SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.SPADES: "♠", Suit.HEARTS: "♥"}
_SUIT_BY_TEXT = {
    "c": Suit.CLUBS,
    "♣": Suit.CLUBS,
    "♧": Suit.CLUBS,
    "d": Suit.DIAMONDS,
    "♦": Suit.DIAMONDS,
    "♢": Suit.DIAMONDS,
    "s": Suit.SPADES,
    "♠": Suit.SPADES,
    "♤": Suit.SPADES,
    "h": Suit.HEARTS,
    "♥": Suit.HEARTS,
    "♡": Suit.HEARTS,
}
_RANK_BY_TEXT = {str(n): n for n in range(2, 11)} | {"t": 10, "j": 11, "q": 12, "k": 13, "a": 14}
_RANK_TEXT = {n: str(n) for n in range(2, 10)} | {10: "10", 11: "J", 12: "Q", 13: "K", 14: "A"}
# Swedish rank letters: knekt, dam, kung, ess.  Only before a suit symbol (Kn♥, D♠, K♦, E♣):
# with suit letters, "D" would read both as dam and as diamonds ("KD" is the king of diamonds).
_SWEDISH_RANK_BY_TEXT = {"kn": 11, "d": 12, "k": 13, "e": 14}
_SUIT_SYMBOLS_ALL = frozenset("♣♧♦♢♠♤♥♡")


@dataclass(frozen=True, order=True, slots=True)
class Card:
    """One card: rank 2..14 (ace high) and suit."""

    rank: int
    suit: Suit

    def __str__(self) -> str:
        return f"{_RANK_TEXT[self.rank]}{self.suit.symbol}"

    @property
    def code(self) -> str:
        """The ASCII form, e.g. ``KH`` or ``TC``, that round-trips through `parse_card`."""
        rank = "T" if self.rank == 10 else _RANK_TEXT[self.rank]
        return f"{rank}{self.suit.name[0]}"


def _plain(text: str) -> str:
    """Drop the variation selectors that phones put after ♥ to draw it as an emoji (♥️)."""
    return text.replace("\ufe0f", "").replace("\ufe0e", "")


def parse_card(text: str) -> Card:
    """Parse one card written as ``KH``, ``K♥``, ``10h`` or ``Tc`` (any case), or with the
    Swedish rank letters before a suit symbol: ``Kn♥`` knekt, ``D♠`` dam, ``K♦`` kung, ``E♣`` ess.
    """
    cleaned = _plain(text).strip().lower()
    if len(cleaned) < 2:
        raise CardError(
            Msg("'{text}' is not a card: write rank then suit, like KH or 10♥", text=text),
        )
    rank_text, suit_text = cleaned[:-1], cleaned[-1]
    suit = _SUIT_BY_TEXT.get(suit_text)
    if suit is None:
        raise CardError(
            Msg(
                "'{text}' has an unknown suit '{suit}': use S H D C or ♠ ♥ ♦ ♣",
                text=text,
                suit=text.strip()[-1],
            ),
        )
    rank = _RANK_BY_TEXT.get(rank_text)
    if rank is None and suit_text in _SUIT_SYMBOLS_ALL:
        rank = _SWEDISH_RANK_BY_TEXT.get(rank_text)
    if rank is None:
        raise CardError(
            Msg(
                "'{text}' has an unknown rank '{rank}': use 2-9, T or 10, J, Q, K, A (or the Swedish Kn, D, K, E before a suit symbol, like D♠)",
                text=text,
                rank=text.strip()[:-1],
            ),
        )
    return Card(rank, suit)


def parse_cards(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Parse exactly five distinct cards from ``"KH KS 9D 9H 3C"`` or a list of card texts."""
    words = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    cards = tuple(parse_card(word) for word in words)
    if len(cards) != 5:
        raise CardError(
            Msg(
                "a hand is five cards, not {count}: '{words}'",
                count=len(cards),
                words=' '.join(words),
            ),
        )
    seen: set[Card] = set()
    for card, word in zip(cards, words, strict=True):
        if card in seen:
            raise CardError(
                Msg("the card {card} ('{word}') appears twice in one hand", card=card, word=word),
            )
        seen.add(card)
    return cards


def looks_like_cards(text: str) -> bool:
    """True when the text is meant as cards rather than a hand name (it has several words
    that each end in a suit letter or symbol)."""
    words = _plain(text).replace(",", " ").split()
    return len(words) >= 2 and all(
        1 < len(word) <= 3 and word[-1].lower() in _SUIT_BY_TEXT for word in words
    )


class Category(enum.Enum):
    """Poker hand categories, weakest first; the value is the slug used on the command line."""

    HIGH_CARD = "high-card"
    PAIR = "pair"
    TWO_PAIR = "two-pair"
    THREE_OF_A_KIND = "three-of-a-kind"
    STRAIGHT = "straight"
    FLUSH = "flush"
    FULL_HOUSE = "full-house"
    FOUR_OF_A_KIND = "four-of-a-kind"
    STRAIGHT_FLUSH = "straight-flush"
    ROYAL_STRAIGHT_FLUSH = "royal-straight-flush"

    @property
    def strength(self) -> int:
        return _STRENGTH[self]

    @property
    def swedish(self) -> str:
        return _SWEDISH[self]

    @property
    def english(self) -> str:
        return self.value.replace("-", " ")

    def localized(self, lang: str) -> str:
        """The hand's name in ``lang`` (the catalogue's; the English name is the message id)."""
        from ..i18n.language import Msg

        return Msg(self.english).localized(lang)

    @property
    def rules_key(self) -> str:
        """The key of this hand's points in the ``[hands]`` table of the house rules."""
        return self.value.replace("-", "_")

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Category):
            return NotImplemented
        return self.strength < other.strength

    def __le__(self, other: object) -> bool:
        if not isinstance(other, Category):
            return NotImplemented
        return self.strength <= other.strength

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, Category):
            return NotImplemented
        return self.strength > other.strength

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, Category):
            return NotImplemented
        return self.strength >= other.strength


_STRENGTH = {category: index for index, category in enumerate(Category)}
_SWEDISH = {
    Category.HIGH_CARD: "högt kort",
    Category.PAIR: "par",
    Category.TWO_PAIR: "två par",
    Category.THREE_OF_A_KIND: "triss",
    Category.STRAIGHT: "stege",
    Category.FLUSH: "färg",
    Category.FULL_HOUSE: "kåk",
    Category.FOUR_OF_A_KIND: "fyrtal",
    Category.STRAIGHT_FLUSH: "färgstege",
    Category.ROYAL_STRAIGHT_FLUSH: "royal straight flush",
}


#: The categories in the order the statistics count them (`summary.Played.hands`).
CATEGORIES: tuple[Category, ...] = tuple(Category)

def _fold(text: str) -> str:
    """Case, spaces, hyphens, underscores and diacritics do not matter in a hand name."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(ch for ch in decomposed if ch.isalnum() and not unicodedata.combining(ch))


#: Every name of each hand the parser reads, English and Swedish, as a person writes it
#: (`play` offers them on TAB); spaces, hyphens, case and accents are folded when read.
HAND_NAMES: dict[Category, tuple[str, ...]] = {
    Category.HIGH_CARD: ("high-card", "high card", "nothing", "högt kort", "inget"),
    Category.PAIR: ("pair", "par", "one pair", "ett par"),
    Category.TWO_PAIR: ("two-pair", "two pair", "två par", "tva-par", "2 par", "tvåpar"),
    Category.THREE_OF_A_KIND: (
        "three-of-a-kind",
        "trips",
        "set",
        "triss",
        "tretal",
        "tre lika",
    ),
    Category.STRAIGHT: ("straight", "stege"),
    Category.FLUSH: ("flush", "färg"),
    Category.FULL_HOUSE: ("full-house", "full house", "full", "kåk", "fullt hus"),
    Category.FOUR_OF_A_KIND: ("four-of-a-kind", "quads", "fyrtal", "fyra lika"),
    Category.STRAIGHT_FLUSH: ("straight-flush", "färgstege"),
    Category.ROYAL_STRAIGHT_FLUSH: (
        "royal-straight-flush",
        "royal",
        "royal flush",
        "royal färgstege",
    ),
}
_CATEGORY_NAMES: dict[str, Category] = {}
for _category, _names in HAND_NAMES.items():
    for _name in _names:
        _CATEGORY_NAMES[_fold(_name)] = _category


_PARSED: dict[str, Category] = {}


def parse_category(text: str) -> Category:
    """Parse a hand name in English or Swedish: ``kåk``, ``kak``, ``Full House``, ``full-house``."""
    # A file names its hands as written (``hand = "flush"``): the few spellings met are
    # folded once each, not once an event (`_fold` normalizes the Unicode).
    category = _PARSED.get(text)
    if category is not None:
        return category
    category = _CATEGORY_NAMES.get(_fold(text))
    if category is not None and len(_PARSED) < 1024:
        _PARSED[text] = category
    if category is None:
        raise CardError(
            Msg(
                "'{text}' is not a hand: use par, två par, triss, stege, färg, kåk, fyrtal, färgstege, royal (or pair, two-pair, three-of-a-kind, straight, flush, full-house, four-of-a-kind, straight-flush) or five cards like 'KH KS 9D 9H 3C'",
                text=text,
            ),
        )
    return category


@total_ordering
@dataclass(frozen=True, eq=False, slots=True)
class HandResult:
    """A hand's category and the rank key that orders hands within it.

    Results compare as the hands rank in poker without suits: two results are
    equal when neither hand beats the other (an exact tie).
    """

    category: Category
    key: tuple[int, ...]
    cards: tuple[Card, ...] = ()

    def _order(self) -> tuple[int, tuple[int, ...]]:
        return (self.category.strength, self.key)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandResult):
            return NotImplemented
        return self._order() == other._order()

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, HandResult):
            return NotImplemented
        return self._order() < other._order()

    def __hash__(self) -> int:
        return hash(self._order())

    def suit_key(self) -> tuple[int, ...]:
        """Suits of the cards in order of significance, for the ``ties = "suit"`` house rule."""
        significance = {rank: index for index, rank in enumerate(self.key)}
        ordered = sorted(self.cards, key=lambda card: (significance.get(card.rank, 99), -card.suit))
        return tuple(card.suit for card in ordered)


def evaluate(
    cards: str | Iterable[str] | Iterable[Card], *, ace_low_straight: bool = True
) -> HandResult:
    """Evaluate five cards: their category and a rank key ordering hands within it."""
    hand = _as_cards(cards)
    ranks = sorted([card.rank for card in hand], reverse=True)
    # The dict keeps the falling order of `ranks` and the sort is stable, so the key
    # lists ranks by group size, then rank: (9, 13) for nines full of kings.
    counts = {rank: ranks.count(rank) for rank in ranks}
    key = tuple(sorted(counts, key=counts.__getitem__, reverse=True))
    if len(counts) == 5:
        flush = len({card.suit for card in hand}) == 1
        straight_high = _straight_high(ranks, ace_low_straight)
        if straight_high is None:
            return HandResult(Category.FLUSH if flush else Category.HIGH_CARD, key, hand)
        if not flush:
            return HandResult(Category.STRAIGHT, (straight_high,), hand)
        if straight_high == 14:
            return HandResult(Category.ROYAL_STRAIGHT_FLUSH, (14,), hand)
        return HandResult(Category.STRAIGHT_FLUSH, (straight_high,), hand)
    # With a repeated rank there is no straight, and with one deck no flush either.
    largest_group = counts[key[0]]
    if len(counts) == 2:
        category = Category.FOUR_OF_A_KIND if largest_group == 4 else Category.FULL_HOUSE
    elif len(counts) == 3:
        category = Category.THREE_OF_A_KIND if largest_group == 3 else Category.TWO_PAIR
    else:
        category = Category.PAIR
    return HandResult(category, key, hand)


def _all_cards(items: tuple[object, ...]) -> TypeGuard[tuple[Card, ...]]:
    # map(type) runs in C; anything else (a Card subclass too) is read again from text.
    return set(map(type, items)) == {Card}


def _as_cards(cards: str | Iterable[str] | Iterable[Card]) -> tuple[Card, ...]:
    if isinstance(cards, str):
        return parse_cards(cards)
    items = tuple(cards)
    if not _all_cards(items):
        return parse_cards([str(item) for item in items])
    if len(items) != 5:
        raise CardError(
            Msg("a hand is five cards, not {count}", count=len(items))
        )
    # Cards as small ints: hashing an IntEnum suit goes through Python code and the
    # full enumeration of 2.6 million hands calls this for every one.
    if len({card.rank * 4 + card.suit for card in items}) != 5:
        twice = next(card for card in items if items.count(card) > 1)
        raise CardError(
            Msg("the card {card} appears twice in one hand", card=twice),
        )
    return items


def _straight_high(ranks_desc: list[int], ace_low_straight: bool) -> int | None:
    """The top card of a straight (5 for A-2-3-4-5), given five different ranks, or None."""
    if ranks_desc[0] - ranks_desc[4] == 4:
        return ranks_desc[0]
    if ace_low_straight and ranks_desc == [14, 5, 4, 3, 2]:
        return 5
    return None


#: ``hands.ties``: which exact ties the suits break (hearts > spades > diamonds > clubs).
#: "flush-suit" is seed 001's suit order between exactly equal flushes only.
SuitTies = bool | Literal["flush"]


def compare_results(
    a: HandResult, b: HandResult, *, suit_ties: SuitTies = False, flushes_by_suit: bool = False
) -> int:
    """1 if a beats b, -1 if b beats a, 0 for an exact tie (suits break it only if asked:
    every tie, or with ``"flush"`` only one between two flushes).

    ``flushes_by_suit`` (``hands.flush_order = "suit"``): of two flushes, the one in the
    higher suit wins whatever the ranks (hearts > spades > diamonds > clubs); flushes of
    one suit go by their ranks.  A straight flush is not a flush here: it beats them all."""
    if (
        flushes_by_suit
        and a.category is Category.FLUSH
        and b.category is Category.FLUSH
        and a.cards
        and b.cards
        and a.cards[0].suit != b.cards[0].suit
    ):
        return 1 if a.cards[0].suit > b.cards[0].suit else -1
    if a != b:
        return 1 if a > b else -1
    if suit_ties == "flush" and a.category is not Category.FLUSH:
        return 0
    if suit_ties and a.cards and b.cards:
        sa, sb = a.suit_key(), b.suit_key()
        if sa != sb:
            return 1 if sa > sb else -1
    return 0


def best_indexes(
    results: Sequence[HandResult], *, suit_ties: SuitTies = False, flushes_by_suit: bool = False
) -> list[int]:
    """The indexes of the best hands: one when a single hand wins, several for an exact tie."""
    best = [0]
    for index in range(1, len(results)):
        order = compare_results(
            results[index], results[best[0]], suit_ties=suit_ties, flushes_by_suit=flushes_by_suit
        )
        if order > 0:
            best = [index]
        elif order == 0:
            best.append(index)
    return best
