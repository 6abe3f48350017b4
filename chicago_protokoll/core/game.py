"""The replay engine: events in, standings out, every rule checked on the way.

`Game` applies one event at a time.  Each event is checked completely before
anything changes, so a refused event (`RuleViolation`) leaves the game exactly
as it was.  `replay(session)` is the only way totals come about: the session
file holds events, never scores.

One class in one module, in the order of its work: the state between two events
and its reading, the checks that judge an event against it (they read, never
change), the applying of what they allowed, the awards, and the picture for the
table.  It is the one module past 600 lines (tests/test_layers.py says why).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import assert_never

from ..i18n.language import Msg
from .cards import Category, evaluate
from .declare import DECLARE_REFUSAL_ORDER, Check, declare_checks, game_over
from .errors import CardError, Rule, RuleViolation
from .events import (
    BuyWinner,
    ChicagoBroken,
    ChicagoDeclared,
    ChicagoWon,
    Claim,
    Event,
    Exchange,
    Forfeit,
    HandEvent,
    LastTrick,
    Note,
    Penalty,
    PlayEvent,
    RevisorEvent,
    Royal,
    Showdown,
)
from .session import Session
from .standings import Award, DealRecord, Entry, Moment, PlayerStanding, Reason, Standings


class Game:
    """The state of one game, advanced one event at a time."""

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

    # -- the checks: each reads the state and raises, none changes it ----------

    def _known(self, name: str | None) -> None:
        if name is not None and name not in self.players:
            raise RuleViolation(
                Msg(
                    "'{name}' is not at this table; the players are {players}",
                    name=name,
                    players=', '.join(self.players),
                ),
                rule=Rule.PLAYERS,
            )

    def _check_exchange(self, event: Exchange) -> None:
        self._known(event.player)
        buys = self.rules.game.buys
        if not 1 <= event.buy <= buys:
            raise RuleViolation(
                Msg(
                    "there are {buys} köp per deal at this table, so there is no köp {buy}",
                    buys=buys,
                    buy=event.buy,
                ),
                rule=Rule.EXCHANGES_PER_DEAL,
                key="game.buys",
            )
        if not 0 <= event.count <= 5:
            raise RuleViolation(
                Msg("a player exchanges 0 to 5 cards, not {count}", count=event.count),
                rule=Rule.EXCHANGE_COUNT,
            )
        if event.count > 0 and event.player in self.buy_stop:
            raise RuleViolation(
                Msg.counted(
                    "{player} is under köpstopp (had {n} point when the deal began) and may not exchange cards",
                    "{player} is under köpstopp (had {n} points when the deal began) and may not exchange cards",
                    self._start_score(event.player),
                    player=event.player,
                ),
                rule=Rule.KOPSTOPP,
                key="buy_stop.threshold",
            )
        if self.chicago is not None or self.tricks_done:
            raise RuleViolation(
                Msg("the exchanges are over: the tricks have begun"),
                rule=Rule.EXCHANGE_ORDER,
            )
        scored = self.rules.game.scored_buys
        if event.buy <= scored and self.hands_scored != event.buy - 1:
            when = (
                Msg("köp {buy} is already scored", buy=event.buy)
                if self.hands_scored >= event.buy
                else Msg("köp {buy} is not reached yet", buy=event.buy)
            )
            raise RuleViolation(
                Msg(
                    "{when}: köp {current_buy} is being played",
                    when=when,
                    current_buy=self.current_buy,
                ),
                rule=Rule.EXCHANGE_ORDER,
            )
        if event.buy > scored and self.hands_scored < scored:
            raise RuleViolation(
                Msg(
                    "köp {buy} is not reached yet: köp {current_buy} is being played",
                    buy=event.buy,
                    current_buy=self.current_buy,
                ),
                rule=Rule.EXCHANGE_ORDER,
            )
        if (event.player, event.buy) in self.exchanged:
            raise RuleViolation(
                Msg(
                    "{player}'s exchange in köp {buy} is already recorded",
                    player=event.player,
                    buy=event.buy,
                ),
                rule=Rule.ONE_EXCHANGE_PER_KOP,
            )

    def _start_score(self, name: str) -> int:
        return self.deal_start[self.players.index(name)]

    def _check_hand(self, event: HandEvent) -> None:
        self._known(event.player)
        if event.player is not None and event.tie:
            raise RuleViolation(
                Msg("a tie has no single winner"),
                rule=Rule.EXACT_TIE,
            )
        if event.player is not None and event.hand is None:
            raise RuleViolation(
                Msg("say which hand {player} had", player=event.player),
                rule=Rule.BEST_HAND,
            )
        if event.tie and self.rules.hands.ties == "suit":
            raise RuleViolation(
                Msg(
                    "at this table the suits break a tie (hearts > spades > diamonds > clubs): name the player whose hand wins",
                ),
                rule=Rule.EXACT_TIE,
                key="hands.ties",
            )
        if event.tie and event.hand is Category.FLUSH and self.rules.hands.flush_order == "suit":
            # Flushes of two suits rank by the suit, and two of one suit cannot be equal.
            raise RuleViolation(
                Msg(
                    "at this table the suits decide between flushes (hearts > spades > diamonds > clubs): name the player whose flush wins",
                ),
                rule=Rule.EXACT_TIE,
                key="hands.flush_order",
            )
        if event.player is not None and event.hand is Category.HIGH_CARD:
            shown = f" ({event.cards})" if event.cards else ""
            raise RuleViolation(
                Msg(
                    "{player}'s hand{shown} is not even a pair, so it cannot score; if nobody had a pair, record 'pass' (check the cards for a typo)",
                    player=event.player,
                    shown=shown,
                ),
                rule=Rule.BEST_HAND,
            )
        if event.cards is not None and event.hand is not None:
            self._check_cards(event.cards, event.hand)
        if event.opponent is not None:
            self._check_taken_hand(event)
        if event.zero:
            zeroes = self.rules.hands.four_of_a_kind_zeroes
            if event.hand is not Category.FOUR_OF_A_KIND or event.player is None:
                raise RuleViolation(
                    Msg("only a four of a kind (fyrtal) can zero the opponents"),
                    rule=Rule.FOUR_OF_A_KIND_ZEROING,
                    key="hands.four_of_a_kind_zeroes",
                )
            if zeroes is None:
                raise RuleViolation(
                    Msg("this table does not play four of a kind as zeroing"),
                    rule=Rule.FOUR_OF_A_KIND_ZEROING,
                    key="hands.four_of_a_kind_zeroes",
                )

    def check_taking(self, player: str, opponent: str | None) -> None:
        """Points scored may be taken off one opponent instead, where the table plays so
        (rules.md: scoring.take_from_opponent): never off the scorer themselves."""
        if opponent is None:
            return
        key = "scoring.take_from_opponent"
        if not self.rules.scoring.take_from_opponent:
            raise RuleViolation(
                Msg(
                    "this table does not take points off an opponent: whoever scores adds the points to their own total"
                ),
                rule=Rule.TAKE_FROM_OPPONENT,
                key=key,
            )
        self._known(opponent)
        if opponent == player:
            raise RuleViolation(
                Msg(
                    "{player} cannot take points off their own total: name one of the opponents",
                    player=player,
                ),
                rule=Rule.TAKE_FROM_OPPONENT,
                key=key,
            )

    def _check_taken_hand(self, event: HandEvent) -> None:
        """A best hand taken off an opponent: a hand that scores points, never one that
        wins the game or zeroes the others."""
        key = "scoring.take_from_opponent"
        if event.player is None or event.hand is None:
            raise RuleViolation(
                Msg("nobody scores here, so nothing can be taken off an opponent"),
                rule=Rule.TAKE_FROM_OPPONENT,
                key=key,
            )
        self.check_taking(event.player, event.opponent)
        if self.rules.hands.points(event.hand) == "win":
            raise RuleViolation(
                Msg(
                    "{player}'s hand wins the game at once: a hand that wins the game is never taken off an opponent",
                    player=event.player,
                ),
                rule=Rule.TAKE_FROM_OPPONENT,
                key=key,
            )
        if event.hand is Category.FOUR_OF_A_KIND and (
            event.zero or self.rules.hands.four_of_a_kind_zeroes == "always"
        ):
            raise RuleViolation(
                Msg(
                    "a four of a kind either zeroes the opponents or takes its points off one of them, not both"
                )
                if event.zero
                else Msg(
                    'at this table a four of a kind always zeroes the opponents (hands.four_of_a_kind_zeroes = "always"), so it takes nothing off one of them'
                ),
                rule=Rule.TAKE_FROM_OPPONENT,
                key=key,
            )

    def _check_cards(self, cards: str, hand: Category) -> None:
        """The cards recorded with a best hand must make that hand at this table."""
        ace_low = self.rules.hands.ace_low_straight
        try:
            shown = evaluate(cards, ace_low_straight=ace_low).category
        except CardError as error:
            raise RuleViolation(
                Msg("the cards shown cannot be read: {error}", error=error),
                rule=Rule.CARDS_SHOWN,
            ) from None
        if shown is hand:
            return
        # A-2-3-4-5 is the one hand whose category depends on the house rules.
        other = evaluate(cards, ace_low_straight=not ace_low).category
        raise RuleViolation(
            Msg(
                "{cards} is {shown_swedish} ({shown_english}), not {recorded_swedish} ({recorded_english})",
                cards=cards,
                shown_swedish=shown.swedish,
                shown_english=shown.english,
                recorded_swedish=hand.swedish,
                recorded_english=hand.english,
            ),
            rule=Rule.CARDS_SHOWN,
            key="hands.ace_low_straight" if other is hand else None,
        )

    def _check_buy(self, event: BuyWinner) -> None:
        self._check_hand(event)
        scored = self.rules.game.scored_buys
        if self.hands_scored >= scored:
            raise RuleViolation(
                Msg.counted(
                    "this table scores a hand after {n} köp per deal, and in deal {deal} it is already recorded; next comes Chicago or the last trick",
                    "this table scores a hand after {n} köp per deal, and in deal {deal} they are already recorded; next comes Chicago or the last trick",
                    scored,
                    deal=self.deal,
                )
                if scored
                else Msg("this table scores no hand after the köp"),
                rule=Rule.SCORED_KOP,
                key="game.scored_buys",
            )
        if event.buy != self.hands_scored + 1:
            raise RuleViolation(
                Msg(
                    "köp {next_buy} is next, not köp {buy}",
                    next_buy=self.hands_scored + 1,
                    buy=event.buy,
                ),
                rule=Rule.KOP_ORDER,
            )

    def _check_chicago_outcome(self) -> None:
        if self.chicago is None:
            raise RuleViolation(
                Msg("no Chicago was declared in this deal"),
                rule=Rule.CHICAGO_OUTCOME,
            )
        if self.tricks_done:
            raise RuleViolation(
                Msg("this Chicago is already settled"),
                rule=Rule.CHICAGO_OUTCOME,
            )

    def _after_chicago(self, event: Event) -> None:
        """Refuse a last trick or showdown for a deal that ended with a Chicago.

        It names the rule rather than the deal order: either the event carries the
        Chicago deal's number, or it was typed as the first event of the next deal
        (where, unless no köp scores, it would be out of order anyway)."""
        if not isinstance(event, LastTrick | Showdown) or not self.deals:
            return
        previous = self.deals[-1]
        if event.deal == self.deal:
            if self.deal_begun or self.hands_scored >= self.rules.game.scored_buys:
                return
        elif event.deal != previous.number:
            return
        played = [e.event for e in previous.entries if not isinstance(e.event, RevisorEvent)]
        last = played[-1] if played else None
        if isinstance(last, ChicagoWon | ChicagoBroken):
            no_what = Msg("no last trick") if isinstance(event, LastTrick) else Msg("no showdown")
            declarer = next(
                e.event.player for e in previous.entries if isinstance(e.event, ChicagoDeclared)
            )
            raise RuleViolation(
                Msg(
                    "deal {number} ended with {declarer}'s Chicago: there is {no_what} after a Chicago, and deal {deal} starts with köp 1",
                    number=previous.number,
                    declarer=declarer,
                    no_what=no_what,
                    deal=self.deal,
                ),
                rule=Rule.NO_LAST_TRICK_AFTER_A_CHICAGO if isinstance(event, LastTrick) else Rule.NO_SHOWDOWN_AFTER_A_CHICAGO,
            )

    def _check_last_trick(self) -> None:
        if self.hands_scored < self.rules.game.scored_buys:
            raise RuleViolation(
                Msg(
                    "köp {next_buy} is not recorded yet: record its best hand (or pass) before the tricks",
                    next_buy=self.hands_scored + 1,
                ),
                rule=Rule.ORDER_OF_THE_DEAL,
                key="game.scored_buys",
            )
        if self.chicago is not None:
            raise RuleViolation(
                Msg(
                    "{declarer} declared Chicago: there is no last trick, only whether the Chicago succeeded or who broke it",
                    declarer=self.chicago,
                ),
                rule=Rule.NO_LAST_TRICK_AFTER_A_CHICAGO,
            )
        if self.tricks_done:
            raise RuleViolation(
                Msg("the last trick is already recorded"),
                rule=Rule.ONE_LAST_TRICK,
            )

    def _check_showdown(self, event: Showdown) -> None:
        self._check_hand(event)
        if self.chicago is not None:
            raise RuleViolation(
                Msg(
                    "{declarer} declared Chicago in this deal: there is no showdown after a Chicago",
                    declarer=self.chicago,
                ),
                rule=Rule.NO_SHOWDOWN_AFTER_A_CHICAGO,
            )
        if self.hands_scored < self.rules.game.scored_buys:
            raise RuleViolation(
                Msg("köp {next_buy} is not recorded yet", next_buy=self.hands_scored + 1),
                rule=Rule.ORDER_OF_THE_DEAL,
                key="game.scored_buys",
            )
        if not self.tricks_done and not self.ends_before_the_lead(event):
            raise RuleViolation(
                Msg(
                    "the showdown comes after the last trick; record who took it first (only a four of a kind that zeroes the others, or a hand that wins the game, is shown before the first lead)"
                ),
                rule=Rule.ORDER_OF_THE_DEAL,
            )

    def zeroes_the_others(self, event: HandEvent) -> bool:
        """Whether the hand is a four of a kind that zeroes the opponents at this table:
        always (``"always"``), or as its holder chose (``"choice"`` and ``:nolla``)."""
        zeroes = self.rules.hands.four_of_a_kind_zeroes
        return event.hand is Category.FOUR_OF_A_KIND and (
            zeroes == "always" or (zeroes == "choice" and event.zero)
        )

    def hands_before_the_lead(self) -> list[Claim]:
        """The hands this table lets be shown before the first lead (`ends_before_the_lead`
        asked of each), each a claim of nobody in particular (player ``""``) with the
        switches it is said with (a four of a kind's nolla); the royal straight flush
        aside, which has its own entry (``royal PLAYER``).  What `play` and the phone
        offer: it is read off the one rule, never listed again."""
        skipped = (Category.HIGH_CARD, Category.ROYAL_STRAIGHT_FLUSH)
        found: list[Claim] = []
        for category in Category:
            if category in skipped:
                continue
            for zero in (False, True) if category is Category.FOUR_OF_A_KIND else (False,):
                said = Claim("", category, zero=zero)
                if self.ends_before_the_lead(said.event(self.deal, buy=None)):
                    found.append(said)
                    break
        return found

    def ends_before_the_lead(self, event: HandEvent) -> bool:
        """Whether a best hand may be shown before the first lead, the deal ending there with
        no last trick: a four of a kind's nolla, or a hand that wins the game (rules.md,
        "Cases the texts leave open, decided"; seed 000: "Sker det i fas 3 ska fyrtalet
        meddelas innan första utspelet, och handen tar slut där").  The one place this is
        decided: `deal`, `edit`, `play` and the phone only offer it."""
        if event.player is None or event.hand is None or event.opponent is not None:
            return False
        return self.rules.hands.points(event.hand) == "win" or self.zeroes_the_others(event)

    # -- applying events ------------------------------------------------------

    def apply(self, event: Event) -> Entry:
        """Check the event against every rule, then apply it.  Refusal changes nothing."""
        match event:
            case Note():
                return self._note(event)  # a remark: allowed after the game too
            case Penalty(after_end=True):
                return self._penalty_after_end(event)
            case Forfeit(after_end=True):
                return self._forfeit_after_end(event)
            case Penalty() if self.finished and self.ended_at_target and event.deal == self.deal:
                return self._penalty_before_the_end(event)
            case Penalty():
                self.refuse_if_over()
                return self._penalty(event)
            case Forfeit():
                self.refuse_if_over()
                return self._forfeit(event)
            case _:
                return self._play(event)

    def _play(self, event: PlayEvent) -> Entry:
        """A scoring moment of the deal (or a step towards one)."""
        if self.finished:
            raise game_over(self.winners)
        self._after_chicago(event)
        if event.deal != self.deal:
            raise RuleViolation(
                Msg(
                    "this event belongs to deal {deal}, but deal {current_deal} is being played",
                    deal=event.deal,
                    current_deal=self.deal,
                ),
                rule=Rule.DEAL_ORDER,
            )
        awards: list[Award]
        match event:
            case Royal():
                self._known(event.player)
                royal = self.rules.hands.royal_straight_flush
                if royal != "win":
                    raise RuleViolation(
                        Msg(
                            "at this table a royal straight flush scores {points} points as the best hand of a köp or the showdown; it does not end the game",
                            points=royal,
                        ),
                        rule=Rule.ROYAL_STRAIGHT_FLUSH,
                        key="hands.royal_straight_flush",
                    )
                awards = self._instant_win(event.player, Reason.ROYAL, "hands.royal_straight_flush")
                return self._commit(event, awards, end_deal=False)
            case Exchange():
                self._check_exchange(event)
                self.exchanged[(event.player, event.buy)] = event.count
                return self._commit(event, [], end_deal=False)
            case BuyWinner():
                self._check_buy(event)
                awards, instant = self._hand_awards(event, f"buy{event.buy}")
                self.hands_scored += 1
                return self._commit(event, awards, end_deal=False, instant=instant)
            case ChicagoDeclared():
                self._known(event.player)
                refusal = self._declare_refusal(event.player, at_moment=True)
                if refusal:
                    raise refusal
                self.chicago = event.player
                self.chicagos_declared[self.players.index(event.player)] += 1
                return self._commit(event, [], end_deal=False)
            case ChicagoWon():
                self._known(event.player)
                self._check_chicago_outcome()
                if event.player != self.chicago:
                    raise RuleViolation(
                        Msg(
                            "{declarer} declared the Chicago, not {player}; if {player} took a trick, the Chicago was broken",
                            declarer=self.chicago,
                            player=event.player,
                        ),
                        rule=Rule.CHICAGO_OUTCOME,
                    )
                self.chicagos_won[self.players.index(event.player)] += 1
                awards = [
                    self._award(
                        event.player, self.rules.chicago.success, Reason.CHICAGO_WON, "chicago.success"
                    )
                ]
                self.tricks_done = True
                return self._commit(event, awards, end_deal=True)
            case ChicagoBroken():
                self._known(event.player)
                self._check_chicago_outcome()
                declarer = self.chicago
                assert declarer is not None
                if event.player == declarer:
                    raise RuleViolation(
                        Msg(
                            "{declarer} cannot break their own Chicago; name the player who took a trick",
                            declarer=declarer,
                        ),
                        rule=Rule.CHICAGO_OUTCOME,
                    )
                awards = [
                    self._award(
                        declarer, self.rules.chicago.failure, Reason.CHICAGO_BROKEN, "chicago.failure"
                    )
                ]
                if self.rules.chicago.breaker_bonus:
                    awards.append(
                        self._award(
                            event.player,
                            self.rules.chicago.breaker_bonus,
                            Reason.BREAKER_BONUS,
                            "chicago.breaker_bonus",
                        )
                    )
                self.tricks_done = True
                return self._commit(event, awards, end_deal=True)
            case LastTrick():
                self._known(event.player)
                self._check_last_trick()
                self.check_taking(event.player, event.opponent)
                if event.with_two:
                    points, rule, key = (
                        self.rules.scoring.last_trick_with_two,
                        Reason.LAST_TRICK_WITH_TWO,
                        "scoring.last_trick_with_two",
                    )
                else:
                    points, rule, key = (
                        self.rules.scoring.last_trick,
                        Reason.LAST_TRICK,
                        "scoring.last_trick",
                    )
                awards = [self._scored(event.player, event.opponent, points, rule, key)]
                self.tricks_done = True
                return self._commit(event, awards, end_deal=False)
            case Showdown():
                self._check_showdown(event)
                awards, instant = self._hand_awards(event, "showdown")
                return self._commit(event, awards, end_deal=not instant, instant=instant)
            case _:
                assert_never(event)

    # -- the revisor's entries ------------------------------------------------

    def _penalty(self, event: Penalty) -> Entry:
        """POINTS off a total, the floor applying; between deals it closes the deal just
        finished, and the next deal (its köpstopp) starts from the lowered total."""
        self._check_revisor_entry(event)
        deal = self._check_entry_deal(
            event,
            Msg(
                "a penalty recorded now belongs to deal {expected}, not deal {deal}",
                expected=self.entry_deal,
                deal=event.deal,
            ),
        )
        award = self._award(event.player, -event.points, Reason.PENALTY, "")
        self.scores[self.players.index(event.player)] += award.points
        entry = Entry(event, (award,), tuple(self.scores))
        if deal == self.deal:
            self.entries.append(entry)
        else:
            self._add_to_last_deal(entry)
            self._start_deal(self.deal)  # nothing of it is recorded: köpstopp judged again
        return entry

    def _penalty_before_the_end(self, event: Penalty) -> Entry:
        """A penalty that belongs to the deal whose end reached the target: the end of a
        deal is judged after the penalties that belong to it (cli.md, "The revisor's
        entries"), so the points come off in that deal and its end is judged again.

        Recording never sends one (a penalty is refused once the game is over); a
        correction does, when it lifts a deal to the target that a penalty between two
        deals followed: kept after the scoring moment it followed, it still belongs there."""
        self._check_revisor_entry(event)
        award = self._award(event.player, -event.points, Reason.PENALTY, "")
        self.scores[self.players.index(event.player)] += award.points
        entry = Entry(event, (award,), tuple(self.scores))
        self._add_to_last_deal(entry)
        self._judge_end()
        return entry

    def _check_revisor_entry(self, event: Penalty | Forfeit) -> None:
        """What a penalty and a forfeit are checked for alike, wherever they fall: a player
        at the table, a penalty's whole points, the reason the table ruled on."""
        self._known(event.player)
        if isinstance(event, Penalty) and event.points < 1:
            raise RuleViolation(
                Msg(
                    "a penalty takes whole points off a total, 1 or more, not {points}",
                    points=event.points,
                ),
                rule=Rule.PENALTY_POINTS,
            )
        if not event.reason.strip():
            raise RuleViolation(
                Msg("a penalty needs its reason: say what the table ruled on")
                if isinstance(event, Penalty)
                else Msg("a forfeit needs its reason: say why the player loses the game"),
                rule=Rule.A_REASON,
            )

    def _penalty_after_end(self, event: Penalty) -> Entry:
        """The revisor's deduction once the game is over (a closed night's amendment): off
        the total in the game's last deal; the end and the winners stay as they were."""
        if not self.finished:
            raise RuleViolation(
                Msg("a penalty after the game's end belongs to a game that is over; this one is still being played"),
                rule=Rule.DEAL_ORDER,
            )
        self._check_revisor_entry(event)
        if event.deal != self.deal:
            raise RuleViolation(
                Msg(
                    "a penalty after the game's end belongs to its last deal, {expected}, not deal {deal}",
                    expected=self.deal,
                    deal=event.deal,
                ),
                rule=Rule.DEAL_ORDER,
            )
        award = self._award(event.player, -event.points, Reason.PENALTY, "")
        self.scores[self.players.index(event.player)] += award.points
        entry = Entry(event, (award,), tuple(self.scores))
        self._add_to_last_deal(entry)
        self.ended_at_target = False  # an amendment after the result: the end stays
        return entry

    def _forfeit_after_end(self, event: Forfeit) -> Entry:
        """The revisor's forfeit once the game is over (a closed night's amendment): the
        player is placed last; the end stays, and the winners are the others' best totals
        only if the player was among them."""
        if not self.finished or self.forfeited:
            raise RuleViolation(
                Msg("a forfeit after the game's end belongs to a game that is over and that nobody forfeited"),
                rule=Rule.DEAL_ORDER,
            )
        self._check_revisor_entry(event)
        if event.deal != self.deal:
            raise RuleViolation(
                Msg(
                    "a forfeit after the game's end belongs to its last deal, {expected}, not deal {deal}",
                    expected=self.deal,
                    deal=event.deal,
                ),
                rule=Rule.DEAL_ORDER,
            )
        self.forfeited = (event.player,)
        self.ended_at_target = False  # an amendment after the result: the end stays
        if event.player in self.winners:
            self.winners = self._best_of_others(event.player)
        entry = Entry(event, (), tuple(self.scores))
        self._add_to_last_deal(entry)
        return entry

    def _best_of_others(self, player: str) -> tuple[str, ...]:
        """Who wins once ``player`` forfeits: the best totals among the others."""
        others = [
            (name, score)
            for name, score in zip(self.players, self.scores, strict=True)
            if name != player
        ]
        best = max(score for _, score in others)
        return tuple(name for name, score in others if score == best)

    def _forfeit(self, event: Forfeit) -> Entry:
        """The game ends at once; the winners are the best totals among the others."""
        self._check_revisor_entry(event)
        deal = self._check_entry_deal(
            event,
            Msg(
                "a forfeit recorded now belongs to deal {expected}, not deal {deal}",
                expected=self.entry_deal,
                deal=event.deal,
            ),
        )
        entry = Entry(event, (), tuple(self.scores))
        self.forfeited = (event.player,)
        self.winners = self._best_of_others(event.player)
        self.finished = True
        if deal == self.deal:
            self.entries.append(entry)
            self._close_deal(complete=True)
        else:
            # Between deals: the game ends with the deal just finished; the next is not dealt.
            self._add_to_last_deal(entry)
            self._dealer = (self._dealer - 1) % len(self.players)
            self.deal = deal
            self.entries = list(self.deals[-1].entries)
        return entry

    def _note(self, event: Note) -> Entry:
        """A remark on the deal being played or on any recorded deal; it changes nothing."""
        if not event.text.strip():
            raise RuleViolation(
                Msg("a note needs its text"),
                rule=Rule.A_REASON,
            )
        if event.deal == self.deal and not self.finished:
            entry = Entry(event, (), tuple(self.scores))
            self.entries.append(entry)
            return entry
        for index, record in enumerate(self.deals):
            if record.number == event.deal:
                entry = Entry(event, (), record.totals)
                self.deals[index] = replace(record, entries=(*record.entries, entry))
                return entry
        raise RuleViolation(
            Msg.counted(
                "there is no deal {deal} to write a note on: deal 1 is the only one recorded or being played",
                "there is no deal {deal} to write a note on: deals 1 to {n} are recorded or being played",
                self.deal,
                deal=event.deal,
            ),
            rule=Rule.DEAL_ORDER,
        )

    def _check_entry_deal(self, event: Penalty | Forfeit, refusal: Msg) -> int:
        if event.deal != self.entry_deal:
            raise RuleViolation(refusal, rule=Rule.DEAL_ORDER)
        return event.deal

    def _add_to_last_deal(self, entry: Entry) -> None:
        """An entry between deals: part of the deal just finished, its totals included."""
        last = self.deals[-1]
        self.deals[-1] = replace(last, entries=(*last.entries, entry), totals=tuple(self.scores))

    # -- awards -------------------------------------------------------------

    def _award(
        self, name: str, nominal: int, reason: Reason, key: str, taken_by: str | None = None
    ) -> Award:
        """An award as it lands on the total, clipped by the floor."""
        current = self.scores[self.players.index(name)]
        floor = self.rules.scoring.floor
        new = current + nominal
        if floor is not None and nominal < 0:
            new = max(new, min(floor, current))
        return Award(name, new - current, nominal, reason, key, taken_by)

    def _scored(
        self, name: str, opponent: str | None, points: int, reason: Reason, key: str
    ) -> Award:
        """Points scored by ``name``: on their total, or (``opponent``) off the opponent's
        instead, the floor applying there; the scorer's total does not change."""
        if opponent is None:
            return self._award(name, points, reason, key)
        return self._award(opponent, -points, reason, "scoring.take_from_opponent", taken_by=name)

    def _hand_awards(self, event: HandEvent, moment: str) -> tuple[list[Award], bool]:
        """The awards for a best-hand moment, and whether it wins the game at once."""
        if event.player is None or event.hand is None:
            return [], False
        points = self.rules.hands.points(event.hand)
        key = f"hands.{event.hand.rules_key}"
        if points == "win":
            return self._instant_win(event.player, Reason.INSTANT_WIN, key), True
        awards: list[Award] = []
        zeroes = self.rules.hands.four_of_a_kind_zeroes
        zeroing = self.zeroes_the_others(event)
        if not (zeroing and zeroes == "choice"):
            awards.append(self._scored(event.player, event.opponent, points, Reason.hand_in(moment), key))
        if zeroing:
            for index, name in enumerate(self.players):
                if name != event.player and self.scores[index] != 0:
                    awards.append(
                        Award(
                            name,
                            -self.scores[index],
                            -self.scores[index],
                            Reason.ZEROED,
                            "hands.four_of_a_kind_zeroes",
                        )
                    )
        return awards, False

    def _instant_win(self, name: str, reason: Reason, key: str) -> list[Award]:
        target = self.rules.game.target
        return [Award(name, target, target, reason, key)]

    def _commit(
        self, event: Event, awards: list[Award], *, end_deal: bool, instant: bool = False
    ) -> Entry:
        for award in awards:
            self.scores[self.players.index(award.player)] += award.points
        entry = Entry(event, tuple(awards), tuple(self.scores))
        self.entries.append(entry)
        if isinstance(event, Royal) or instant:
            self.finished = True
            self.winners = (award_player(awards),)
            self._close_deal(complete=True)
        elif end_deal:
            self._end_deal()
        return entry

    def _end_deal(self) -> None:
        target = self.rules.game.target
        if self.rules.chicago.required_to_win:
            resets: list[Award] = []
            for index, name in enumerate(self.players):
                if self.scores[index] >= target and self.chicagos_won[index] == 0:
                    resets.append(
                        Award(
                            name,
                            -self.scores[index],
                            -self.scores[index],
                            Reason.REQUIRED_TO_WIN,
                            "chicago.required_to_win",
                        )
                    )
            if resets:
                for award in resets:
                    self.scores[self.players.index(award.player)] += award.points
                last = self.entries[-1]
                self.entries[-1] = Entry(
                    last.event, last.awards + tuple(resets), tuple(self.scores)
                )
        self._close_deal(complete=True)
        self._judge_end()

    def _judge_end(self) -> None:
        """The end of the deal just closed: over once a total reaches the target, the
        highest winning; else the next deal begins.  Judged again after each penalty that
        belongs to the deal (`_penalty_before_the_end`), which may leave it below."""
        best = max(self.scores)
        if best >= self.rules.game.target:
            self.finished = self.ended_at_target = True
            self.winners = tuple(
                n for n, s in zip(self.players, self.scores, strict=True) if s == best
            )
            return
        self.finished = self.ended_at_target = False
        self.winners = ()
        self._dealer = (self._dealer + 1) % len(self.players)
        self._start_deal(self.deal + 1)

    def _close_deal(self, *, complete: bool) -> None:
        self.deals.append(self._record(complete))

    def _record(self, complete: bool) -> DealRecord:
        return DealRecord(
            number=self.deal,
            dealer=self.dealer,
            forehand=self.forehand,
            buy_stop=self.buy_stop,
            entries=tuple(self.entries),
            totals=tuple(self.scores),
            complete=complete,
            start=self.deal_start,
        )

    # -- the picture for the table -------------------------------------------

    def standings(self) -> Standings:
        deals = list(self.deals)
        if not self.finished and self.entries:
            deals.append(self._record(complete=False))
        moment = self.moment
        return Standings(
            players=tuple(
                PlayerStanding(
                    name=name,
                    score=self.scores[i],
                    buy_stop=name in self.buy_stop and not self.finished,
                    may_declare_chicago=self.may_declare(name),
                    chicagos_won=self.chicagos_won[i],
                    chicagos_declared=self.chicagos_declared[i],
                )
                for i, name in enumerate(self.players)
            ),
            deal=self.deal,
            dealer=self.dealer,
            forehand=self.forehand,
            moment=moment,
            buy=self.hands_scored + 1 if moment is Moment.BUY else None,
            chicago=self.chicago,
            finished=self.finished,
            winners=self.winners,
            deals=tuple(deals),
            rules=self.rules,
            forfeited=self.forfeited,
        )


def award_player(awards: Iterable[Award]) -> str:
    return next(iter(awards)).player



def replay(session: Session) -> Game:
    """Replay every event of a session through the rules."""
    game = Game(session)
    for event in session.events:
        game.apply(event)
    return game


def standings(session: Session) -> Standings:
    return replay(session).standings()
