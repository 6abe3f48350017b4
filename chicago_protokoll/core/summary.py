"""What the league and the list of sessions need of one session, taken from its replay once.

Pure, and light: `sessions` lists from these summaries and must not pay for the
statistics or the rating library, so this module imports neither; nor, until a summary
is made, the events and the standings (a warm index's rows are read back without the
scoring model: tests/cli/test_latency_imports.py).  A summary is made
from a replayed session (`summarize`), and turned into plain JSON-ready values and back
(`summary_to_data`, `summary_from_data`) so the store's index (store/index.py) can keep
it; the session file stays the truth, and a summary read back equals the one made.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .session import Session
    from .standings import Standings

# `core.cards` (the categories `Played.hands` counts, `cards.CATEGORIES`) is imported where
# a summary is made: a warm `sessions` reads its rows back without it.


@dataclass(frozen=True, slots=True)
class Played:
    """One finished game as the statistics see it (seat order throughout)."""

    name: str
    created: str
    players: tuple[str, ...]
    scores: tuple[int, ...]
    winners: tuple[str, ...]
    chicagos_declared: tuple[int, ...]
    chicagos_won: tuple[int, ...]
    buy_stop_deals: tuple[int, ...]  # deals each player began in köpstopp
    events: int  # how many events were recorded
    # Who forfeited (their ``scores`` are 0 here, the recorded totals aside): placed last.
    forfeited: tuple[str, ...] = ()
    # The figures a club argues about (docs/club.md, "The figures"); each per seat.  A
    # game made without them (an older caller) counts 0 for each.
    chicago_points_won: tuple[int, ...] = ()  # what won Chicagos added to the total
    chicago_points_lost: tuple[int, ...] = ()  # what broken Chicagos took off it
    last_tricks: tuple[int, ...] = ()
    last_tricks_with_two: tuple[int, ...] = ()
    hands: tuple[tuple[int, ...], ...] = ()  # per seat, per category of cards.CATEGORIES
    royals: tuple[int, ...] = ()  # royal straight flushes shown
    deals: int = 0  # complete deals
    # The totals after the first deal in which anyone reached half the target (rounded
    # up); () when nobody did.
    halfway: tuple[int, ...] = ()
    last_deal_buy_stop: tuple[str, ...] = ()  # who began the deal that ended the game in köpstopp

    @property
    def identity(self) -> tuple[str, str, tuple[str, ...]]:
        """The same session wherever its file lies: started at the same second, same name,
        same seats."""
        return (self.created, self.name, self.players)

    @property
    def content(self) -> tuple[object, ...]:
        """What tells two versions of one session apart (one corrected with `chicago edit`)."""
        return (
            self.events,
            self.scores,
            self.winners,
            self.chicagos_declared,
            self.chicagos_won,
            self.buy_stop_deals,
        )


def played(session: Session, standings: Standings) -> Played | None:
    """The finished game of a replayed session; None while it is being played."""
    if not standings.finished:
        return None
    from .cards import CATEGORIES, Category
    from .events import BuyWinner, ChicagoBroken, ChicagoWon, LastTrick, Royal, Showdown
    from .standings import Reason

    royal = CATEGORIES.index(Category.ROYAL_STRAIGHT_FLUSH)

    players = tuple(p.name for p in standings.players)
    seat = {name: index for index, name in enumerate(players)}
    zeros = [0] * len(players)
    points_won, points_lost = list(zeros), list(zeros)
    last, with_two, royals = list(zeros), list(zeros), list(zeros)
    hands = [[0] * len(CATEGORIES) for _ in players]
    halfway: tuple[int, ...] = ()
    half = -(-standings.rules.game.target // 2)
    for deal in standings.deals:
        for entry in deal.entries:
            event = entry.event
            match event:
                case ChicagoWon() | ChicagoBroken():
                    # What the total really moved (the zero floor clips a failure); a
                    # breaker's bonus is not the declarer's.
                    for award in entry.awards:
                        if award.reason is Reason.CHICAGO_WON:
                            points_won[seat[award.player]] += award.points
                        elif award.reason is Reason.CHICAGO_BROKEN:
                            points_lost[seat[award.player]] -= award.points
                case LastTrick():
                    last[seat[event.player]] += 1
                    with_two[seat[event.player]] += event.with_two
                case Royal():
                    # A royal is a best hand however it was entered (`chicago royal`, or
                    # as a köp's or the showdown's hand below): both count in `hands`.
                    royals[seat[event.player]] += 1
                    hands[seat[event.player]][royal] += 1
                case BuyWinner() | Showdown() if event.player is not None and event.hand:
                    hands[seat[event.player]][CATEGORIES.index(event.hand)] += 1
                    royals[seat[event.player]] += event.hand is Category.ROYAL_STRAIGHT_FLUSH
                case _:
                    pass
        if not halfway and max(deal.totals, default=0) >= half:
            halfway = deal.totals
    counted = standings.counted_scores
    return Played(
        name=session.name,
        created=session.created,
        players=players,
        # A forfeiting player's final points count as 0 (rules.md, "Forfeit").
        scores=tuple(counted[name] for name in players),
        winners=standings.winners,
        chicagos_declared=tuple(p.chicagos_declared for p in standings.players),
        chicagos_won=tuple(p.chicagos_won for p in standings.players),
        buy_stop_deals=tuple(
            sum(1 for deal in standings.deals if deal.complete and name in deal.buy_stop)
            for name in players
        ),
        events=len(session.events),
        forfeited=standings.forfeited,
        chicago_points_won=tuple(points_won),
        chicago_points_lost=tuple(points_lost),
        last_tricks=tuple(last),
        last_tricks_with_two=tuple(with_two),
        hands=tuple(tuple(row) for row in hands),
        royals=tuple(royals),
        deals=sum(1 for deal in standings.deals if deal.complete),
        halfway=halfway,
        last_deal_buy_stop=standings.deals[-1].buy_stop if standings.deals else (),
    )


@dataclass(frozen=True, slots=True)
class SessionSummary:
    """One session as `sessions`, `stats` and `night status` see it."""

    name: str
    created: str
    players: tuple[str, ...]
    deals: int  # complete deals
    deal: int  # the deal being played (the last one when the game is over)
    finished: bool
    winners: tuple[str, ...]
    leader: str | None
    scores: tuple[int, ...]  # the recorded totals, seat order
    forfeited: tuple[str, ...]
    corrections: int
    played: Played | None  # the finished game; None while it is being played


def summarize(session: Session, standings: Standings) -> SessionSummary:
    return SessionSummary(
        name=session.name,
        created=session.created,
        players=tuple(p.name for p in standings.players),
        deals=sum(1 for deal in standings.deals if deal.complete),
        deal=standings.deal,
        finished=standings.finished,
        winners=standings.winners,
        leader=standings.leader,
        scores=tuple(p.score for p in standings.players),
        forfeited=standings.forfeited,
        corrections=len(session.corrections),
        played=played(session, standings),
    )


# -- plain values for the index ------------------------------------------------------


def summary_to_data(summary: SessionSummary) -> list[Any]:
    """The summary as nested lists of strings, numbers and None (for JSON); a finished
    game's fields in `Played`'s order."""
    game = summary.played
    return [
        summary.name,
        summary.created,
        list(summary.players),
        summary.deals,
        summary.deal,
        summary.finished,
        list(summary.winners),
        summary.leader,
        list(summary.scores),
        list(summary.forfeited),
        summary.corrections,
        None
        if game is None
        else [
            game.name,
            game.created,
            list(game.players),
            list(game.scores),
            list(game.winners),
            list(game.chicagos_declared),
            list(game.chicagos_won),
            list(game.buy_stop_deals),
            game.events,
            list(game.forfeited),
            list(game.chicago_points_won),
            list(game.chicago_points_lost),
            list(game.last_tricks),
            list(game.last_tricks_with_two),
            [list(row) for row in game.hands],
            list(game.royals),
            game.deals,
            list(game.halfway),
            list(game.last_deal_buy_stop),
        ],
    ]


def summary_from_data(data: list[Any]) -> SessionSummary:
    """`summary_to_data` read back; a shape that does not fit raises (the index then
    reads the file again).  Positional, and no more than that: a club's index holds
    thousands of these."""
    (name, created, players, deals, deal, finished, winners, leader, scores, forfeited,
     corrections, game) = data  # fmt: skip
    return SessionSummary(
        str(name),
        str(created),
        tuple(players),
        int(deals),
        int(deal),
        bool(finished),
        tuple(winners),
        leader,
        tuple(scores),
        tuple(forfeited),
        int(corrections),
        None if game is None else _played_from_data(game),
    )


def _played_from_data(data: list[Any]) -> Played:
    (name, created, players, scores, winners, declared, won, stop, events, forfeited,
     points_won, points_lost, last, last_two, hands, royals, deals, halfway,
     last_stop) = data  # fmt: skip
    return Played(
        str(name),
        str(created),
        tuple(players),
        tuple(scores),
        tuple(winners),
        tuple(declared),
        tuple(won),
        tuple(stop),
        int(events),
        tuple(forfeited),
        tuple(points_won),
        tuple(points_lost),
        tuple(last),
        tuple(last_two),
        tuple(map(tuple, hands)),
        tuple(royals),
        int(deals),
        tuple(halfway),
        tuple(last_stop),
    )
