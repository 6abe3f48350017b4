"""The replay engine: events in, standings out, every rule checked on the way.

`Game` applies one event at a time.  Each event is checked completely before
anything changes, so a refused event (`RuleViolation`) leaves the game exactly
as it was.  `replay(session)` is the only way totals come about: the session
file holds events, never scores.
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
from .standings import Award, DealRecord, Entry, Moment, PlayerStanding, Standings


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
        checks = {check.rule: check for check in self.declare_checks(name)}
        for rule in DECLARE_REFUSAL_ORDER:
            check = checks.get(rule)
            if check is None or check.met or (check.pending and not at_moment):
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

    # -- applying events ------------------------------------------------------

    def apply(self, event: Event) -> Entry:
        """Check the event against every rule, then apply it.  Refusal changes nothing."""
        match event:
            case Note():
                return self._note(event)  # a remark: allowed after the game too
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
                awards = self._instant_win(event.player, "royal", "hands.royal_straight_flush")
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
                        event.player, self.rules.chicago.success, "chicago_won", "chicago.success"
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
                        declarer, self.rules.chicago.failure, "chicago_broken", "chicago.failure"
                    )
                ]
                if self.rules.chicago.breaker_bonus:
                    awards.append(
                        self._award(
                            event.player,
                            self.rules.chicago.breaker_bonus,
                            "breaker_bonus",
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
                        "last_trick_with_two",
                        "scoring.last_trick_with_two",
                    )
                else:
                    points, rule, key = (
                        self.rules.scoring.last_trick,
                        "last_trick",
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
        self._known(event.player)
        if event.points < 1:
            raise RuleViolation(
                Msg(
                    "a penalty takes whole points off a total, 1 or more, not {points}",
                    points=event.points,
                ),
                rule=Rule.PENALTY_POINTS,
            )
        if not event.reason.strip():
            raise RuleViolation(
                Msg("a penalty needs its reason: say what the table ruled on"),
                rule=Rule.A_REASON,
            )
        deal = self._check_entry_deal(
            event,
            Msg(
                "a penalty recorded now belongs to deal {expected}, not deal {deal}",
                expected=self.entry_deal,
                deal=event.deal,
            ),
        )
        award = self._award(event.player, -event.points, "penalty", "")
        self.scores[self.players.index(event.player)] += award.points
        entry = Entry(event, (award,), tuple(self.scores))
        if deal == self.deal:
            self.entries.append(entry)
        else:
            self._add_to_last_deal(entry)
            self._start_deal(self.deal)  # nothing of it is recorded: köpstopp judged again
        return entry

    def _forfeit(self, event: Forfeit) -> Entry:
        """The game ends at once; the winners are the best totals among the others."""
        self._known(event.player)
        if not event.reason.strip():
            raise RuleViolation(
                Msg("a forfeit needs its reason: say why the player loses the game"),
                rule=Rule.A_REASON,
            )
        deal = self._check_entry_deal(
            event,
            Msg(
                "a forfeit recorded now belongs to deal {expected}, not deal {deal}",
                expected=self.entry_deal,
                deal=event.deal,
            ),
        )
        entry = Entry(event, (), tuple(self.scores))
        others = [
            (name, score)
            for name, score in zip(self.players, self.scores, strict=True)
            if name != event.player
        ]
        best = max(score for _, score in others)
        self.forfeited = (event.player,)
        self.winners = tuple(name for name, score in others if score == best)
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
            Msg(
                "there is no deal {deal} to write a note on: deals 1 to {last_deal} are recorded or being played",
                deal=event.deal,
                last_deal=self.deal,
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
        early_zero = event.zero and not self.tricks_done
        if self.hands_scored < self.rules.game.scored_buys:
            raise RuleViolation(
                Msg("köp {next_buy} is not recorded yet", next_buy=self.hands_scored + 1),
                rule=Rule.ORDER_OF_THE_DEAL,
                key="game.scored_buys",
            )
        if not self.tricks_done and not early_zero:
            raise RuleViolation(
                Msg("the showdown comes after the last trick; record who took it first"),
                rule=Rule.ORDER_OF_THE_DEAL,
            )

    # -- awards -------------------------------------------------------------

    def _award(self, name: str, nominal: int, rule: str, key: str) -> Award:
        """An award as it lands on the total, clipped by the floor."""
        current = self.scores[self.players.index(name)]
        floor = self.rules.scoring.floor
        new = current + nominal
        if floor is not None and nominal < 0:
            new = max(new, min(floor, current))
        return Award(name, new - current, nominal, rule, key)

    def _scored(
        self, name: str, opponent: str | None, points: int, rule: str, key: str
    ) -> Award:
        """Points scored by ``name``: on their total, or (``opponent``) off the opponent's
        instead, the floor applying there; the scorer's total does not change."""
        if opponent is None:
            return self._award(name, points, rule, key)
        return self._award(opponent, -points, f"{rule}_taken", "scoring.take_from_opponent")

    def _hand_awards(self, event: HandEvent, moment: str) -> tuple[list[Award], bool]:
        """The awards for a best-hand moment, and whether it wins the game at once."""
        if event.player is None or event.hand is None:
            return [], False
        points = self.rules.hands.points(event.hand)
        key = f"hands.{event.hand.rules_key}"
        if points == "win":
            return self._instant_win(event.player, "instant_win", key), True
        awards: list[Award] = []
        zeroes = self.rules.hands.four_of_a_kind_zeroes
        zeroing = event.hand is Category.FOUR_OF_A_KIND and (
            zeroes == "always" or (zeroes == "choice" and event.zero)
        )
        if not (zeroing and zeroes == "choice"):
            awards.append(self._scored(event.player, event.opponent, points, f"{moment}_hand", key))
        if zeroing:
            for index, name in enumerate(self.players):
                if name != event.player and self.scores[index] != 0:
                    awards.append(
                        Award(
                            name,
                            -self.scores[index],
                            -self.scores[index],
                            "zeroed",
                            "hands.four_of_a_kind_zeroes",
                        )
                    )
        return awards, False

    def _instant_win(self, name: str, rule: str, key: str) -> list[Award]:
        target = self.rules.game.target
        return [Award(name, target, target, rule, key)]

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
                            "required_to_win",
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
        if max(self.scores) >= target:
            best = max(self.scores)
            self.finished = True
            self.winners = tuple(
                n for n, s in zip(self.players, self.scores, strict=True) if s == best
            )
            self._close_deal(complete=True)
            return
        self._close_deal(complete=True)
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
