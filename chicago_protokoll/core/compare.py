"""Which of these hands wins?  The dispute-settler behind ``chicago compare``."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ..i18n.language import Msg, language, t, tn
from .cards import (
    Card,
    Category,
    HandResult,
    SuitTies,
    best_indexes,
    evaluate,
    looks_like_cards,
    parse_category,
)
from .errors import CardError
from .rules import HouseRules


@dataclass(frozen=True, slots=True)
class Comparison:
    texts: tuple[str, ...]
    results: tuple[HandResult, ...]
    points: tuple[int | str, ...]
    winner: int | None
    undecided: bool  # same category given by name only: the cards would decide
    by_suit: bool = False  # equal poker hands, told apart by the house rule ties = "suit"
    # The winner is a flush that beat a flush of another suit by its suit
    # (hands.flush_order = "suit"), whatever the ranks said.
    flush_by_suit: bool = False

    def as_json(self) -> dict[str, Any]:
        return {
            "winner": self.winner,
            "undecided": self.undecided,
            "tie_broken_by_suit": self.by_suit,
            "flush_decided_by_suit": self.flush_by_suit,
            "hands": [
                {
                    "category": result.category.value,
                    "points": points,
                    **({"cards": " ".join(c.code for c in result.cards)} if result.cards else {}),
                }
                for result, points in zip(self.results, self.points, strict=True)
            ],
        }

    def as_text(self) -> str:
        lines = []
        for index, (text, result, points) in enumerate(
            zip(self.texts, self.results, self.points, strict=True), start=1
        ):
            mark = "  <-" if self.winner == index - 1 else ""
            shown = " ".join(str(c) for c in result.cards) if result.cards else text
            pts = (
                tn("{n} point", "{n} points", points)
                if isinstance(points, int)
                else t("wins the game")
            )
            name = result.category.localized(language())
            lines.append(f"{index}. {shown}: {name} ({pts}){mark}")
        if self.winner is not None:
            lines.append(t("Hand {winner} wins.", winner=self.winner + 1))
            if self.flush_by_suit:
                lines.append(
                    t(
                        'The suits decide between flushes: hearts beat spades, spades beat '
                        'diamonds, diamonds beat clubs (hands.flush_order = "suit").'
                    )
                )
            elif self.by_suit:
                lines.append(
                    t(
                        "Equal hands: the suits broke the tie (hands.ties: "
                        "hearts > spades > diamonds > clubs)."
                    )
                )
        elif self.undecided:
            lines.append(
                t("The hand's name alone cannot decide: give the five cards, otherwise nobody scores.")
            )
        else:
            lines.append(
                t("Exactly equal best hands: nobody scores (suits do not rank; hands.ties).")
            )
        return "\n".join(lines)


def read_hand(text: str, rules: HouseRules) -> HandResult:
    """Five cards are evaluated; a hand name gives its category alone."""
    if looks_like_cards(text):
        return evaluate(text, ace_low_straight=rules.hands.ace_low_straight)
    return HandResult(parse_category(text), ())


def _refuse_shared_cards(results: list[HandResult]) -> None:
    """One deck has one of each card: a card given in two hands is a typing mistake."""
    first_hand: dict[Card, int] = {}
    for number, result in enumerate(results, start=1):
        for card in result.cards:
            earlier = first_hand.setdefault(card, number)
            if earlier != number:
                raise CardError(
                    Msg(
                        "{code} is in hand {earlier} and hand {number}: one deck has one of each card",
                        code=card.code,
                        earlier=earlier,
                        number=number,
                    ),
                )


def suit_ties(rules: HouseRules) -> SuitTies:
    """Which exact ties the suits break under ``hands.ties``."""
    match rules.hands.ties:
        case "suit":
            return True
        case "flush-suit":
            return "flush"
        case _:
            return False


def flushes_by_suit(rules: HouseRules) -> bool:
    """Whether two flushes rank by their suits first (``hands.flush_order = "suit"``)."""
    return rules.hands.flush_order == "suit"


def compare_hands(texts: list[str], rules: HouseRules) -> Comparison:
    results = [read_hand(text, rules) for text in texts]
    _refuse_shared_cards(results)
    by_flush_suit = flushes_by_suit(rules)
    best = best_indexes(results, suit_ties=suit_ties(rules), flushes_by_suit=by_flush_suit)
    # A hand given by name is its category alone: level with another hand of that
    # category, only the cards could decide ("tvåpar" against K K 9 9 3 is open).
    top_category = results[best[0]].category
    level = [r for r in results if r.category is top_category]
    undecided = len(level) > 1 and any(not r.cards for r in level)
    winner = best[0] if len(best) == 1 and not undecided else None
    by_suit = (
        winner is not None and len(best_indexes(results, flushes_by_suit=by_flush_suit)) > 1
    )
    flush_by_suit = (
        winner is not None
        and by_flush_suit
        and results[winner].category is Category.FLUSH
        and any(
            r.category is Category.FLUSH and r.cards and r.cards[0].suit != results[winner].cards[0].suit
            for r in results
        )
    )
    return Comparison(
        texts=tuple(texts),
        results=tuple(results),
        points=tuple(rules.hands.points(r.category) for r in results),
        winner=winner,
        undecided=undecided,
        by_suit=by_suit,
        flush_by_suit=flush_by_suit,
    )


def best_of(
    hands: Sequence[str | Iterable[str] | Iterable[Card]], rules: HouseRules | None = None
) -> int | None:
    """The index of the single best of several shown hands, or None for an exact tie.

    Each hand is five cards (``"KH KS 9D 9H 3C"`` or a list of cards).  The house
    rules decide whether A-2-3-4-5 is a straight (``hands.ace_low_straight``),
    whether suits break a tie (``hands.ties = "suit"``: hearts > spades > diamonds
    > clubs) and whether two flushes rank by their suits first
    (``hands.flush_order = "suit"``); in the main rule two hands equal in rank tie,
    and nobody scores.  A
    tie for second place does not matter.  The best hand may be a high card, which
    wins the comparison but scores nothing.  `CardError` for unreadable cards.
    """
    rules = rules or HouseRules()
    if not hands:
        raise CardError(
            Msg("compare at least one hand of five cards")
        )
    results = [evaluate(hand, ace_low_straight=rules.hands.ace_low_straight) for hand in hands]
    best = best_indexes(results, suit_ties=suit_ties(rules), flushes_by_suit=flushes_by_suit(rules))
    return best[0] if len(best) == 1 else None
