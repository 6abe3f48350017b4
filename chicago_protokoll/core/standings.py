"""What a replay yields: the standings, each deal's record and every award with its rule."""

from __future__ import annotations

import enum
from dataclasses import dataclass

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


@dataclass(frozen=True, slots=True)
class Award:
    """A change to one player's total and the rule behind it.

    ``points`` is what the total really moved; ``nominal`` is what the rule
    gives before the zero floor clips it.
    """

    player: str
    points: int
    nominal: int
    rule: str
    key: str


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
