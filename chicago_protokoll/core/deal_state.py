"""The state of a game between two events: the scores, the deal in progress and
its moment, who deals, and who may declare now.

`DealState` only holds and reads that state; `PlayChecks` (play_checks.py) judges an
event against it, and `Game` (game.py) applies what was judged.  The three are one
class split by job: reading the state, refusing, changing it.
"""

from __future__ import annotations

from ..i18n.language import Msg
from .declare import DECLARE_REFUSAL_ORDER, Check, declare_checks, game_over
from .errors import Rule, RuleViolation
from .events import (
    RevisorEvent,
)
from .session import Session
from .standings import DealRecord, Entry, Moment


class DealState:
    """What a game is at one moment: scores, the deal in progress, the dealer."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.rules = session.rules
        self.players = session.players
        self.scores = [0] * len(self.players)
        self.chicagos_won = [0] * len(self.players)
        self.chicagos_declared = [0] * len(self.players)
        self.finished = False
        # Over because a deal's end reached the target: a penalty that belongs to that
        # deal judges the end again (Game._penalty_before_the_end).
        self.ended_at_target = False
        self.winners: tuple[str, ...] = ()
        self.forfeited: tuple[str, ...] = ()
        self.deals: list[DealRecord] = []
        self._dealer = self.players.index(session.first_dealer)
        self._start_deal(1)

    # -- the deal in progress -------------------------------------------------

    def _start_deal(self, number: int) -> None:
        self.deal = number
        self.hands_scored = 0
        self.exchanged: dict[tuple[str, int], int] = {}
        self.chicago: str | None = None
        self.tricks_done = False
        self.entries: list[Entry] = []
        self.deal_start = tuple(self.scores)
        threshold = self.rules.buy_stop.threshold
        self.buy_stop = tuple(
            name
            for name, score in zip(self.players, self.scores, strict=True)
            if threshold is not None and score >= threshold
        )

    @property
    def deal_begun(self) -> bool:
        """Whether anything of the deal being played is recorded besides the revisor's
        entries (a penalty or a note before the first deal does not begin it)."""
        return any(not isinstance(e.event, RevisorEvent) for e in self.entries)

    @property
    def entry_deal(self) -> int:
        """The deal a penalty, a forfeit or a note recorded now belongs to (cli.md, "The
        revisor's entries"): the deal being played; between two deals (the next one has
        nothing recorded yet) the deal just finished, so the next deal starts from what it
        leaves, köpstopp included; before the first deal, deal 1; after the game, its last."""
        if self.finished or self.entries or not self.deals:
            return self.deal
        return self.deals[-1].number

    @property
    def dealer(self) -> str:
        return self.players[self._dealer]

    @property
    def forehand(self) -> str:
        return self.players[(self._dealer + 1) % len(self.players)]

    @property
    def moment(self) -> Moment:
        if self.finished:
            return Moment.OVER
        if self.hands_scored < self.rules.game.scored_buys:
            return Moment.BUY
        if self.chicago is not None:
            return Moment.CHICAGO
        if self.tricks_done:
            return Moment.SHOWDOWN
        return Moment.TRICKS

    @property
    def current_buy(self) -> int:
        """The köp whose exchanges are being recorded now (1-based)."""
        return min(self.hands_scored + 1, self.rules.game.buys)

    def may_declare(self, name: str) -> bool:
        return self._declare_refusal(name) is None

    def declare_checks(self, name: str) -> list[Check]:
        """Every rule between ``name`` and a Chicago declaration now (see `declare_checks`)."""
        index = self.players.index(name)
        return declare_checks(
            self.rules,
            name=name,
            score=self.scores[index],
            declared=self.chicagos_declared[index],
            moment=self.moment,
            chicago=self.chicago,
            deal=self.deal,
            buy=self.hands_scored + 1,
            winners=self.winners,
        )

    def _declare_refusal(self, name: str, *, at_moment: bool = False) -> RuleViolation | None:
        """The refusal of a declaration by ``name``, None if it is allowed.

        Without ``at_moment`` the timing is left out (it is met by the game's own course:
        "may declare" holds during the köp, for the declaration that comes after them).
        """
        checks = self.declare_checks(name)
        # DECLARE_REFUSAL_ORDER only says which unmet rule is named first: a check it does
        # not list still refuses, after those it does (no second list decides what holds).
        listed = {rule: place for place, rule in enumerate(DECLARE_REFUSAL_ORDER)}
        ordered = sorted(checks, key=lambda check: listed.get(check.rule, len(listed)))
        for check in ordered:
            if check.met or (check.pending and not at_moment):
                continue
            return check.refusal
        return None

    def refuse_if_over(self) -> None:
        """`RuleViolation` naming the winners once the game is over: nothing more is recorded."""
        if self.finished:
            raise game_over(self.winners)

    def refuse_unfinished_deal(self, number: int) -> None:
        """`RuleViolation` unless deal ``number``, recorded as a whole, is over.

        A deal ends with its last trick (and the showdown), with a Chicago's outcome, or
        with a hand that wins the game, in whatever phase it is shown.
        """
        if self.finished or self.deal != number:
            return
        raise RuleViolation(
            Msg(
                "deal {number} is not over: a deal without a Chicago needs its last trick (someone always takes it)",
                number=number,
            ),
            rule=Rule.LAST_TRICK,
        )
