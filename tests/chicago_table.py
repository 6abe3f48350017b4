"""A small table for the rule tests: build a game and record deals in a few words.

Not a test module; the rule, seed, house-rule and property tests share it.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from chicago_protokoll.core.cards import Category
from chicago_protokoll.core.errors import RuleViolation
from chicago_protokoll.core.events import (
    BuyWinner,
    ChicagoBroken,
    ChicagoDeclared,
    ChicagoWon,
    Event,
    Exchange,
    LastTrick,
    Royal,
    Showdown,
)
from chicago_protokoll.core.game import Game
from chicago_protokoll.core.rules import HouseRules
from chicago_protokoll.core.session import new_session
from chicago_protokoll.core.standings import Entry, Standings

# The category that scores N points in the main rule.
BY_POINTS = {
    1: Category.PAIR,
    2: Category.TWO_PAIR,
    3: Category.THREE_OF_A_KIND,
    4: Category.STRAIGHT,
    5: Category.FLUSH,
    6: Category.FULL_HOUSE,
    7: Category.FOUR_OF_A_KIND,
    8: Category.STRAIGHT_FLUSH,
}

Claim = tuple[str, int | Category] | None


def _hand(value: int | Category) -> Category:
    return value if isinstance(value, Category) else BY_POINTS[value]


class Table:
    """A game in progress; every method records one event of the current deal."""

    def __init__(
        self,
        players: Sequence[str] = ("Anna", "Bo", "Cilla"),
        rules: HouseRules | None = None,
        *,
        dealer: str | None = None,
    ) -> None:
        self.game = Game(new_session(players, rules, dealer=dealer))

    # -- reading ----------------------------------------------------------

    @property
    def deal(self) -> int:
        return self.game.deal

    def score(self, name: str) -> int:
        return self.game.scores[self.game.players.index(name)]

    @property
    def scores(self) -> dict[str, int]:
        return dict(zip(self.game.players, self.game.scores, strict=True))

    def standings(self) -> Standings:
        return self.game.standings()

    # -- recording --------------------------------------------------------

    def apply(self, event: Event) -> Entry:
        return self.game.apply(event)

    def buy(
        self,
        claim: Claim = None,
        *,
        tie: bool = False,
        zero: bool = False,
        cards: str | None = None,
    ) -> Entry:
        """Köp N's best hand: ``("Anna", 2)`` (points in the main rule) or a Category."""
        return self.apply(self.buy_event(claim, tie=tie, zero=zero, cards=cards))

    def buy_event(
        self,
        claim: Claim = None,
        *,
        tie: bool = False,
        zero: bool = False,
        cards: str | None = None,
        buy: int | None = None,
    ) -> BuyWinner:
        player, hand = (claim[0], _hand(claim[1])) if claim else (None, None)
        return BuyWinner(
            player,
            hand,
            cards=cards,
            tie=tie,
            zero=zero,
            buy=buy if buy is not None else self.game.hands_scored + 1, deal=self.deal,
        )

    def show(
        self,
        claim: Claim = None,
        *,
        tie: bool = False,
        zero: bool = False,
        cards: str | None = None,
    ) -> Entry:
        return self.apply(self.show_event(claim, tie=tie, zero=zero, cards=cards))

    def show_event(
        self,
        claim: Claim = None,
        *,
        tie: bool = False,
        zero: bool = False,
        cards: str | None = None,
    ) -> Showdown:
        player, hand = (claim[0], _hand(claim[1])) if claim else (None, None)
        return Showdown(player, hand, cards=cards, tie=tie, zero=zero, deal=self.deal)

    def exchange(self, player: str, count: int, buy: int | None = None) -> Entry:
        return self.apply(Exchange(self.deal, player, buy or self.game.current_buy, count))

    def last(self, player: str, *, with_two: bool = False) -> Entry:
        return self.apply(LastTrick(player, with_two=with_two, deal=self.deal))

    def declare(self, player: str) -> Entry:
        return self.apply(ChicagoDeclared(self.deal, player))

    def chicago_won(self, player: str) -> Entry:
        return self.apply(ChicagoWon(self.deal, player))

    def chicago_broken(self, breaker: str) -> Entry:
        return self.apply(ChicagoBroken(self.deal, breaker))

    def royal(self, player: str) -> Entry:
        return self.apply(Royal(self.deal, player))

    def play_deal(
        self,
        k1: Claim = None,
        k2: Claim = None,
        last: str | None = None,
        show: Claim = None,
    ) -> None:
        """A whole ordinary deal: köp 1, köp 2, the last trick (the forehand's if not
        named) and the showdown."""
        for _ in range(self.game.rules.game.scored_buys):
            self.buy(k1 if self.game.hands_scored == 0 else k2)
        self.last(last or self.game.forehand)
        self.show(show)

    def play_chicago(self, declarer: str, *, breaker: str | None = None) -> None:
        """A deal where nobody scores a köp and ``declarer`` declares Chicago."""
        for _ in range(self.game.rules.game.scored_buys):
            self.buy(None)
        self.declare(declarer)
        if breaker:
            self.chicago_broken(breaker)
        else:
            self.chicago_won(declarer)

    def bring(self, name: str, total: int) -> None:
        """Play whole deals in which ``name`` scores every hand (up to a full house) and
        the last trick until their total is ``total``; the others score nothing."""
        assert self.game.rules.game.scored_buys == 2, "bring plays köp 1, köp 2, showdown"
        left = total - self.score(name)
        if left != 0 and left < 5:
            raise AssertionError(f"{name} cannot gain exactly {left} in whole deals")
        while left:
            left -= 5
            claims: list[Claim] = []
            while left and len(claims) < 3:
                points = min(left, 6)  # full house at most: variants change 7 and 8
                last_claim = len(claims) == 2
                if last_claim and 0 < left - points < 5:
                    points -= 5 - (left - points)
                claims.append((name, points))
                left -= points
            claims += [None] * (3 - len(claims))
            self.play_deal(claims[0], claims[1], last=name, show=claims[2])

    def refuse(self, event: Event, *, rule: str | None = None, key: str | None = None) -> str:
        """Apply an event the rules forbid; check it names the rule and key and changes
        nothing.  Returns the message."""
        before = self.standings()
        with pytest.raises(RuleViolation) as caught:
            self.apply(event)
        assert self.standings() == before
        if rule is not None:
            assert caught.value.rule == rule
        if key is not None:
            assert caught.value.key == key
            assert key in str(caught.value)
        return str(caught.value)
