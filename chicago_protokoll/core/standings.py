"""What a replay yields: the standings, each deal's record and every award with its rule."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ..i18n.language import Msg
from .events import (
    Event,
)
from .rules import HouseRules


class Moment(enum.Enum):
    """The next scoring moment of the deal being played."""

    BUY = "buy"  # köp N: the best hand after an exchange
    TRICKS = "tricks"  # Chicago may be declared, then the last trick
    CHICAGO = "chicago"  # a Chicago was declared: did it succeed?
    SHOWDOWN = "showdown"  # the best hand after the tricks
    OVER = "over"  # the game is finished


class Reason(enum.Enum):
    """Why points moved: the value is its name in ``log --json`` (``"rule"``), and each
    carries its words in every language (`Award.words`); a scoring taken off an
    opponent's total is the same reason with the scorer named on the award
    (`Award.taken_by`), not a reason of its own."""

    BUY1_HAND = "buy1_hand"
    BUY2_HAND = "buy2_hand"
    BUY3_HAND = "buy3_hand"
    SHOWDOWN_HAND = "showdown_hand"
    LAST_TRICK = "last_trick"
    LAST_TRICK_WITH_TWO = "last_trick_with_two"
    CHICAGO_WON = "chicago_won"
    CHICAGO_BROKEN = "chicago_broken"
    BREAKER_BONUS = "breaker_bonus"
    ZEROED = "zeroed"
    ROYAL = "royal"
    INSTANT_WIN = "instant_win"
    REQUIRED_TO_WIN = "required_to_win"
    PENALTY = "penalty"

    @classmethod
    def hand_in(cls, moment: str) -> Reason:
        """The best hand of a moment: ``buy1`` .. ``buy3`` or ``showdown``."""
        return cls(f"{moment}_hand")

    def message(self, *, taken: bool = False) -> Msg:
        """The words, not yet rendered; ``taken``: as said on the opponent's total."""
        if taken:
            return _TAKEN_WORDS.get(self, _WORDS[self])
        return _WORDS[self]

    @property
    def wins_the_game(self) -> bool:
        """A royal straight flush, or a hand the house rules make win at once."""
        return self in (Reason.ROYAL, Reason.INSTANT_WIN)


_WORDS = {
    Reason.BUY1_HAND: Msg("best hand after köp 1"),
    Reason.BUY2_HAND: Msg("best hand after köp 2"),
    Reason.BUY3_HAND: Msg("best hand after köp 3"),
    Reason.SHOWDOWN_HAND: Msg("best hand after the tricks"),
    Reason.LAST_TRICK: Msg("the last trick"),
    Reason.LAST_TRICK_WITH_TWO: Msg("the last trick, won with a two"),
    Reason.CHICAGO_WON: Msg("Chicago: all five tricks"),
    Reason.CHICAGO_BROKEN: Msg("a broken Chicago"),
    Reason.BREAKER_BONUS: Msg("breaking a Chicago"),
    Reason.ZEROED: Msg("zeroed by a four of a kind"),
    Reason.ROYAL: Msg("royal straight flush: the game is won"),
    Reason.INSTANT_WIN: Msg("a hand that wins the game at once"),
    Reason.REQUIRED_TO_WIN: Msg("reached the target without a successful Chicago: back to 0"),
    Reason.PENALTY: Msg("a penalty the table ruled"),
}
# scoring.take_from_opponent: the award is on the opponent, the scorer's total unchanged.
_TAKEN_WORDS = {
    Reason.BUY1_HAND: Msg("an opponent's best hand after köp 1, taken off this total"),
    Reason.BUY2_HAND: Msg("an opponent's best hand after köp 2, taken off this total"),
    Reason.BUY3_HAND: Msg("an opponent's best hand after köp 3, taken off this total"),
    Reason.SHOWDOWN_HAND: Msg("an opponent's best hand after the tricks, taken off this total"),
    Reason.LAST_TRICK: Msg("an opponent's last trick, taken off this total"),
    Reason.LAST_TRICK_WITH_TWO: Msg(
        "an opponent's last trick, won with a two, taken off this total"
    ),
}


@dataclass(frozen=True, slots=True)
class Award:
    """A change to one player's total and the reason behind it.

    ``points`` is what the total really moved; ``nominal`` is what the rule
    gives before the zero floor clips it; ``key`` the house-rules key that set it.
    ``taken_by`` names the scorer when the points were theirs but taken off this
    player's total instead (scoring.take_from_opponent).
    """

    player: str
    points: int
    nominal: int
    reason: Reason
    key: str
    taken_by: str | None = None

    @property
    def rule(self) -> str:
        """The reason as ``log --json`` names it (``buy1_hand``, ``last_trick_taken``)."""
        return self.reason.value + ("_taken" if self.taken_by is not None else "")

    def words(self, lang: str) -> str:
        """Why the points moved, in ``lang``: ``best hand after köp 2``."""
        return self.reason.message(taken=self.taken_by is not None).localized(lang)


@dataclass(frozen=True, slots=True)
class Entry:
    """One applied event with the awards it gave."""

    event: Event
    awards: tuple[Award, ...]
    totals: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class DealRecord:
    """One deal (giv): who dealt, what was recorded, the totals after it."""

    number: int
    dealer: str
    forehand: str
    buy_stop: tuple[str, ...]
    entries: tuple[Entry, ...]
    totals: tuple[int, ...]
    complete: bool

    start: tuple[int, ...] = ()

    def points_of(self, index: int) -> int:
        """What this deal changed in the total of the player in seat ``index``."""
        return self.totals[index] - self.start[index]


@dataclass(frozen=True, slots=True)
class PlayerStanding:
    name: str
    score: int
    buy_stop: bool
    may_declare_chicago: bool
    chicagos_won: int
    chicagos_declared: int


@dataclass(frozen=True, slots=True)
class Standings:
    """Everything the table wants to know after a prefix of the events."""

    players: tuple[PlayerStanding, ...]
    deal: int
    dealer: str
    forehand: str
    moment: Moment
    buy: int | None
    chicago: str | None
    finished: bool
    winners: tuple[str, ...]
    deals: tuple[DealRecord, ...]
    rules: HouseRules
    # Who forfeited the game (`chicago forfeit`): it ended then, and ``winners`` are the
    # best totals among the others.  ``scores`` keep the recorded totals.
    forfeited: tuple[str, ...] = ()

    def score(self, name: str) -> int:
        return next(p.score for p in self.players if p.name == name)

    @property
    def scores(self) -> dict[str, int]:
        return {p.name: p.score for p in self.players}

    @property
    def counted_scores(self) -> dict[str, int]:
        """The totals as the settlement and the statistics count them: a forfeiting
        player's as 0 (rules.md, "Forfeit"), everyone else's as recorded."""
        return {p.name: 0 if p.name in self.forfeited else p.score for p in self.players}

    @property
    def leader(self) -> str | None:
        best = max(p.score for p in self.players)
        leaders = [p.name for p in self.players if p.score == best]
        return leaders[0] if len(leaders) == 1 else None
