"""What a revisor should look at before a night's result is made final (`night check`;
cli.md, "The night's stages, its check and its close").

A Swedish bridge club's director looks for "suspected errors" before the result is
final; here the list is: royal straight flushes and hands that ended a game before the
tricks; a finished game far longer or shorter than the night's others; a game in
progress whose file has not changed for 20 minutes while another table recorded;
corrections made after a game ended; penalties and forfeits; and a correction made after
a later draw that would have changed who went on.  Pure: the caller reads the sessions,
their times of change and the night.
"""

from __future__ import annotations

import statistics
from collections.abc import Mapping
from dataclasses import dataclass, replace
from datetime import UTC, datetime

from ..i18n.language import Msg
from .errors import ChicagoError
from .events import (
    ChicagoBroken,
    ChicagoWon,
    Correction,
    Forfeit,
    LastTrick,
    Note,
    Penalty,
    Royal,
)
from .game import replay
from .night import GameResult, Night, NightTable, result_of, stage_tables
from .night_results import night_standings, stage_rows
from .session import Session

#: A game in progress is worth a look when its file has been still this long while
#: another table recorded.
QUIET_SECONDS = 20 * 60


@dataclass(frozen=True, slots=True)
class Finding:
    """One thing to look at: the session, the deal (0: the game as a whole), a kind
    (``royal``, ``hand-ended-game``, ``deals``, ``quiet``, ``correction-after-end``,
    ``penalty``, ``forfeit``, ``would-change-advance``) and a sentence."""

    session: str
    deal: int
    kind: str
    text: Msg


def check_night(
    night: Night,
    sessions: Mapping[str, Session],
    changed: Mapping[str, float],
) -> list[Finding]:
    """Everything `night check` lists, game by game in the order they were drawn.
    ``changed``: when each game's file last changed (seconds since the epoch)."""
    results = {name: result_of(replay(session).standings()) for name, session in sessions.items()}
    findings: list[Finding] = []
    finished_deals = [r.deal for r in results.values() if r.finished]
    median = statistics.median(finished_deals) if finished_deals else 0
    for table in night.tables:
        session = sessions[table.session]
        result = results[table.session]
        findings += _hands(table.session, session, result)
        if result.finished and median and (result.deal > 2 * median or 2 * result.deal < median):
            findings.append(
                Finding(
                    table.session,
                    0,
                    "deals",
                    Msg.counted(
                        "the game took {n} deal; the night's finished games took a median of {median}",
                        "the game took {n} deals; the night's finished games took a median of {median}",
                        result.deal,
                        median=_number(median),
                    ),
                )
            )
        if not result.finished:
            others = [changed[t.session] for t in night.tables if t.session != table.session]
            latest_other = max(others, default=0.0)
            if latest_other - changed[table.session] >= QUIET_SECONDS:
                findings.append(
                    Finding(
                        table.session,
                        result.deal,
                        "quiet",
                        Msg(
                            "nothing recorded for {minutes} minutes while another table recorded",
                            minutes=int((latest_other - changed[table.session]) // 60),
                        ),
                    )
                )
        findings += _corrections_after_end(table.session, session)
        findings += _revisor(table.session, session)
        findings += _corrections_after_draw(night, table, sessions, results)
    return findings


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"


def _hands(name: str, session: Session, result: GameResult) -> list[Finding]:
    """A royal straight flush; a game ended by a hand before the tricks of its last deal."""
    found = [
        Finding(
            name,
            event.deal,
            "royal",
            Msg("{player} showed a royal straight flush and won the game", player=event.player),
        )
        for event in session.events
        if isinstance(event, Royal)
    ]
    if result.finished and not found and session.events:
        last_deal = max(e.deal for e in session.events)
        final = [e for e in session.events if e.deal == last_deal and not isinstance(e, Note)]
        ended_by_tricks = any(
            isinstance(e, LastTrick | ChicagoWon | ChicagoBroken | Forfeit) for e in final
        )
        if final and not ended_by_tricks:
            found.append(
                Finding(
                    name,
                    last_deal,
                    "hand-ended-game",
                    Msg("the game ended on a hand shown before the first lead of deal {deal}", deal=last_deal),
                )
            )
    return found


def _revisor(name: str, session: Session) -> list[Finding]:
    found = []
    for event in session.events:
        if isinstance(event, Penalty):
            found.append(
                Finding(
                    name,
                    event.deal,
                    "penalty",
                    Msg(
                        "penalty: {player} −{points} ({reason})",
                        player=event.player,
                        points=event.points,
                        reason=event.reason,
                    ),
                )
            )
        elif isinstance(event, Forfeit):
            found.append(
                Finding(
                    name,
                    event.deal,
                    "forfeit",
                    Msg("forfeit: {player} ({reason})", player=event.player, reason=event.reason),
                )
            )
    return found


def _before(session: Session, correction: Correction) -> Session:
    """``session`` as it would be had ``correction`` not been made: its deal's events as
    they were before it (a later correction of the same deal is kept out too)."""
    events = list(session.events)
    start = next((i for i, e in enumerate(events) if e.deal == correction.deal), None)
    if start is None:
        return session
    end = start
    while end < len(events) and events[end].deal == correction.deal:
        end += 1
    return replace(session, events=(*events[:start], *correction.before, *events[end:]))


def _corrections_after_end(name: str, session: Session) -> list[Finding]:
    """Corrections made when the record already held the game's end."""
    found = []
    position = {event.id: index for index, event in enumerate(session.events)}
    for correction in session.corrections:
        last = position.get(correction.last_event)
        if last is None:  # that event is gone since (a file of an earlier release)
            continue
        then = replace(session, events=session.events[: last + 1], corrections=())
        try:
            over = replay(then).finished
        except ChicagoError:  # a prefix that no longer replays under the rules: no finding
            over = False
        if over:
            found.append(
                Finding(
                    name,
                    correction.deal,
                    "correction-after-end",
                    Msg("deal {deal} was corrected after the game ended ({at})", deal=correction.deal, at=correction.at),
                )
            )
    return found


def _later_draws(night: Night, table: NightTable) -> list[NightTable]:
    """The tables drawn from ``table``'s game: the next game at that table and the next
    stage on a night of stages; the later rounds and the final on a night of rounds."""
    if night.games_per_table:
        return [
            t
            for t in night.tables
            if (t.stage == table.stage and t.table == table.table and t.game > table.game)
            or t.stage > table.stage
        ]
    return [t for t in night.tables if t.round > table.round]


def _advanced(
    night: Night, table: NightTable, results: Mapping[str, GameResult]
) -> tuple[frozenset[str], frozenset[str]] | None:
    """Who went on from ``table``'s part of the night and who did not, as drawn: the next
    stage's players from that table, or the final's; None when nothing was drawn on."""
    if night.games_per_table:
        nxt = [t for t in night.tables if t.stage == table.stage + 1]
        if not nxt:
            return None
        going = {p for t in nxt for p in t.players}
        mine = set(table.players)
        return frozenset(mine & going), frozenset(mine - going)
    final = night.final
    if final is None:
        return None
    everyone = {p for t in night.tables if t.round <= night.rounds for p in t.players}
    return frozenset(final.players), frozenset(everyone - set(final.players))


def _would_change(
    night: Night, table: NightTable, results: Mapping[str, GameResult], went: frozenset[str], stayed: frozenset[str]
) -> bool:
    """Whether, with ``results``, someone who stayed behind ranks strictly above someone
    who went on (a tie at the cut was the lot's, and is no change)."""
    if night.games_per_table:
        games = [t for t in stage_tables(night, table.stage) if t.table == table.table]
        rows = stage_rows(night, games, table.players, results)
    else:
        before_final = replace(night, tables=tuple(t for t in night.tables if t.round <= night.rounds))
        rows = night_standings(before_final, results)
    rank = {row.name: row.rank for row in rows}
    return any(rank[s] < rank[g] for s in stayed if s in rank for g in went if g in rank)


def _corrections_after_draw(
    night: Night,
    table: NightTable,
    sessions: Mapping[str, Session],
    results: Mapping[str, GameResult],
) -> list[Finding]:
    """A correction made after a later draw from this game that changes who should have
    gone on: the draw was made from the game as it was before it, and the game as
    corrected would have sent other players on."""
    later = [t for t in _later_draws(night, table) if t.drawn]
    if not later:
        return []
    first_draw = min(_moment(t.drawn) for t in later)
    advanced = _advanced(night, table, results)
    found = []
    session = sessions[table.session]
    for correction in session.corrections:
        if not correction.at or _moment(correction.at) <= first_draw or advanced is None:
            continue
        before = dict(results)
        before[table.session] = result_of(replay(_before(session, correction)).standings())
        went, stayed = advanced
        if _would_change(night, table, before, went, stayed) != _would_change(
            night, table, results, went, stayed
        ):
            found.append(
                Finding(
                    table.session,
                    correction.deal,
                    "would-change-advance",
                    Msg(
                        "deal {deal} was corrected after a later draw, and the game as corrected would have sent other players on",
                        deal=correction.deal,
                    ),
                )
            )
    return found


def _moment(text: str) -> datetime:
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:  # a time an earlier file holds that is no ISO time: never "after"
        return datetime.min.replace(tzinfo=UTC)
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)

