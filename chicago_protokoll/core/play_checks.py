"""Every check of a scoring moment against the house rules, before anything changes.

The methods read the game's state (`DealState`) and raise `RuleViolation` or
`CardError`; none of them changes it, so a refused event leaves the game as it was.
"""

from __future__ import annotations

from ..i18n.language import Msg
from .cards import Category, evaluate
from .deal_state import DealState
from .errors import CardError, Rule, RuleViolation
from .events import (
    BuyWinner,
    ChicagoBroken,
    ChicagoDeclared,
    ChicagoWon,
    Event,
    Exchange,
    HandEvent,
    LastTrick,
    RevisorEvent,
    Showdown,
)


class PlayChecks(DealState):
    """The checks `Game` runs before it applies a moment of the deal."""

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

    def hands_before_the_lead(self) -> list[tuple[Category, bool]]:
        """The hands this table lets be shown before the first lead (`ends_before_the_lead`
        asked of each), with whether each is said as a nolla (``zero``); the royal straight
        flush aside, which has its own entry (``royal PLAYER``).  What `play` and the phone
        offer: it is read off the one rule, never listed again."""
        skipped = (Category.HIGH_CARD, Category.ROYAL_STRAIGHT_FLUSH)
        found: list[tuple[Category, bool]] = []
        for category in Category:
            if category in skipped:
                continue
            for zero in (False, True) if category is Category.FOUR_OF_A_KIND else (False,):
                shown = Showdown(self.players[0], category, zero=zero, deal=self.deal)
                if self.ends_before_the_lead(shown):
                    found.append((category, zero))
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

