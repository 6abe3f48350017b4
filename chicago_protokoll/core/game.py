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
from .declare import game_over
from .errors import Rule, RuleViolation
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
    Royal,
    Showdown,
)
from .play_checks import PlayChecks
from .session import Session
from .standings import Award, DealRecord, Entry, Moment, PlayerStanding, Reason, Standings


class Game(PlayChecks):
    """The state of one game, advanced one event at a time."""

    # The state and its reading are `DealState` (deal_state.py), the checks `PlayChecks`
    # (play_checks.py): this class applies what they allowed.

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
        self._known(event.player)
        self._check_penalty(event)
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
        self._known(event.player)
        self._check_penalty(event)
        award = self._award(event.player, -event.points, Reason.PENALTY, "")
        self.scores[self.players.index(event.player)] += award.points
        entry = Entry(event, (award,), tuple(self.scores))
        self._add_to_last_deal(entry)
        self._judge_end()
        return entry

    def _check_penalty(self, event: Penalty) -> None:
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

    def _penalty_after_end(self, event: Penalty) -> Entry:
        """The revisor's deduction once the game is over (a closed night's amendment): off
        the total in the game's last deal; the end and the winners stay as they were."""
        if not self.finished:
            raise RuleViolation(
                Msg("a penalty after the game's end belongs to a game that is over; this one is still being played"),
                rule=Rule.DEAL_ORDER,
            )
        self._known(event.player)
        self._check_penalty(event)
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
        self._known(event.player)
        self._check_forfeit(event)
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

    def _check_forfeit(self, event: Forfeit) -> None:
        if not event.reason.strip():
            raise RuleViolation(
                Msg("a forfeit needs its reason: say why the player loses the game"),
                rule=Rule.A_REASON,
            )

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
        self._known(event.player)
        self._check_forfeit(event)
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
