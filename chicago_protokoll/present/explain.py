"""`explain`: the replay told back, deal by deal or player by player.

Everything here turns `Standings` into lines of text in the current language
(``tr``); nothing prints, reads a file or imports Rich.  Each point is told
with the rule and the house-rules key that gave it, so a dispute is settled
by the same replay that computed the totals.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import assert_never

from ..core.errors import ChicagoError
from ..core.events import (
    BuyWinner,
    ChicagoBroken,
    ChicagoDeclared,
    ChicagoWon,
    Correction,
    Event,
    Exchange,
    Forfeit,
    LastTrick,
    Note,
    Penalty,
    RevisorEvent,
    Royal,
    Showdown,
    named_player,
    opponent,
)
from ..core.session import resolve_player
from ..core.standings import Award, DealRecord, Standings
from ..i18n.language import Msg, language, t, tn
from .narrate import (
    describe_award,
    describe_correction,
    describe_event,
    describe_in_deal,
    moment_name,
)
from .rules_text import rules_line, toml_value
from .views import moment_text
from .width import visible

INDENT = "  "
AWARD_INDENT = "      "


# -- small pieces ------------------------------------------------------------------


def totals_text(names: Sequence[str], totals: Sequence[int]) -> str:
    """``Anna 4, Bo 2, Cilla 5``: the way the seeds write a standing."""
    return ", ".join(f"{name} {total}" for name, total in zip(names, totals, strict=True))


def player_names(standings: Standings) -> list[str]:
    """The players' names in seat order."""
    return [p.name for p in standings.players]


def deal_record(standings: Standings, deal: int) -> DealRecord:
    """Deal number ``deal``; refused, naming the deals there are, if there is none."""
    for record in standings.deals:
        if record.number == deal:
            return record
    played = len(standings.deals)
    if played == 0:
        raise ChicagoError(
            Msg("there is no deal {deal}: nothing is recorded yet", deal=deal),
        )
    raise ChicagoError(
        Msg.counted(
            "there is no deal {deal}: the protocol has deal 1 only",
            "there is no deal {deal}: the protocol has deals 1 to {n}",
            played,
            deal=deal,
        ),
    )


def _running(
    previous: Sequence[int], entry_awards: Sequence[Award], names: Sequence[str]
) -> tuple[list[tuple[Award, int]], list[int]]:
    """Each award with the player's total right after it (two awards to one player in one
    event, e.g. a last trick and a reset by ``chicago.required_to_win``, each get their own)."""
    totals = list(previous)
    told: list[tuple[Award, int]] = []
    for award in entry_awards:
        index = names.index(award.player)
        totals[index] += award.points
        told.append((award, totals[index]))
    return told, totals


def _told_when_pointless(event: Event) -> bool:
    """Whether ``explain --player`` tells an event of the player's that gave them no points:
    a declaration, a Chicago broken, a hand that scored nothing say something about the
    player; an exchange (how many cards) does not."""
    match event:
        case Exchange():
            return False
        case BuyWinner() | Showdown() | ChicagoDeclared() | ChicagoWon() | ChicagoBroken():
            return True
        case LastTrick() | Royal():
            return True
        case Penalty() | Forfeit():
            return True  # the revisor's ruling on the player, whatever the floor left
        case Note():
            return False  # it names nobody
        case _:
            assert_never(event)


def _event_notes(standings: Standings, event: Event, before: Sequence[int]) -> list[str]:
    """The rule behind an event that gave nobody a point, or that changed what follows."""
    rules = standings.rules
    names = player_names(standings)
    after_chicago = t(
        "after a Chicago nothing more is scored in the deal: no last trick, no showdown"
    )
    taken = opponent(event)
    if taken is not None:
        return [_taken_note(named_player(event) or "", taken)]
    match event:
        case BuyWinner() | Showdown():
            if event.tie and rules.hands.ties == "none":
                return [
                    t(
                        'equal best hands score nothing; suits do not break the tie (hands.ties = "none")'
                    )
                ]
            return []
        case ChicagoDeclared():
            score = before[names.index(event.player)]
            minimum = rules.chicago.min_score
            if minimum == 0:
                return [t("Chicago may be declared at any score (chicago.min_score = 0)")]
            return [
                tn(
                    "{player} had {n} point; declaring takes at least {minimum} (chicago.min_score)",
                    "{player} had {n} points; declaring takes at least {minimum} (chicago.min_score)",
                    score,
                    player=event.player,
                    minimum=minimum,
                )
            ]
        case ChicagoWon():
            return [after_chicago]
        case ChicagoBroken():
            if rules.chicago.breaker_bonus:
                return [after_chicago]
            return [
                after_chicago,
                t(
                    "{breaker} gets nothing for breaking it (chicago.breaker_bonus = 0)",
                    breaker=event.player,
                ),
            ]
        case Exchange() | LastTrick() | Royal():
            # Their awards (or, for an exchange, the lack of any) say it all.
            return []
        case Penalty():
            return [t("a penalty never ends the game by itself")]
        case Forfeit():
            return [
                t(
                    "{player} is placed last and counts as 0 points in the settlement; the winners are the best totals among the others",
                    player=event.player,
                )
            ]
        case Note():
            return []
        case _:
            assert_never(event)


def _taken_note(scorer: str, taken: str) -> str:
    return t(
        "{player}'s total does not change: the points are taken off {opponent}'s total instead (scoring.take_from_opponent)",
        player=scorer,
        opponent=taken,
    )


# -- explain -----------------------------------------------------------------------


def explain_lines(
    standings: Standings,
    session_name: str,
    *,
    deal: int | None = None,
    player: str | None = None,
    corrections: Sequence[Correction] = (),
) -> list[str]:
    """The replay narrated deal by deal, or (``player``) every point one player got or lost."""
    names = player_names(standings)
    records = list(standings.deals) if deal is None else [deal_record(standings, deal)]
    if player is not None:
        return _player_lines(
            standings, session_name, resolve_player(player, names, allow_prefix=True), records, deal
        )
    lines = [
        t("Protocol {session_name}: {names}.", session_name=session_name, names=', '.join(names)),
        rules_line(standings.rules),
    ]
    if not standings.deals:
        lines.append(t("Nothing is recorded yet."))
    for record in records:
        lines.append("")
        lines.extend(_deal_lines(standings, record))
        for correction in corrections:
            if correction.deal == record.number:
                lines.append(INDENT + "✎ " + describe_correction(correction))
    last = standings.deals[-1].number if standings.deals else 0
    if deal is None or deal == last:
        lines.append("")
        lines.append(outcome_line(standings))
    return lines


def deal_heading(standings: Standings, record: DealRecord) -> str:
    heading = t(
        "Deal {number} — dealer {dealer}, forehand {forehand}",
        number=record.number,
        dealer=record.dealer,
        forehand=record.forehand,
    )
    if record.buy_stop:
        threshold = standings.rules.buy_stop.threshold
        who = ", ".join(record.buy_stop)
        heading += t(
            "; köpstopp: {who} (buy_stop.threshold = {threshold})",
            who=who,
            threshold=toml_value(threshold),
        )
    if not record.complete:
        heading += t(" (in progress)")
    return heading


def _deal_lines(standings: Standings, record: DealRecord) -> list[str]:
    names = player_names(standings)
    lines = [deal_heading(standings, record)]
    totals = list(record.start) if record.start else [0] * len(names)
    played = [i for i, e in enumerate(record.entries) if not isinstance(e.event, RevisorEvent)]
    for position, entry in enumerate(record.entries):
        lines.append(INDENT + describe_in_deal(entry.event))
        notes = _event_notes(standings, entry.event, totals)
        after_play = record.complete and bool(played) and position > played[-1]
        if isinstance(entry.event, Penalty) and after_play and not standings.finished:
            notes.append(
                t(
                    "recorded after the deal: deal {next_deal} starts from the lowered total, köpstopp included",
                    next_deal=record.number + 1,
                )
            )
        told, totals = _running(totals, entry.awards, names)
        for award, total in told:
            lines.append(AWARD_INDENT + describe_award(award, total))
        lines.extend(AWARD_INDENT + note for note in notes)
    standing = totals_text(names, record.totals)
    if record.complete:
        lines.append(
            INDENT
            + t("After deal {number}: {standing}", number=record.number, standing=standing)
        )
    else:
        lines.append(
            INDENT
            + t("So far in deal {number}: {standing}", number=record.number, standing=standing)
        )
    return lines


def outcome_line(standings: Standings) -> str:
    """Who won and by which rule, or what comes next."""
    if not standings.finished:
        return t(
            "Next: deal {deal}, {standings}.",
            deal=standings.deal,
            standings=moment_text(standings),
        )
    winners = " & ".join(standings.winners)
    best = max(standings.scores[name] for name in standings.winners)
    final = standings.deals[-1]
    forfeit = next((e.event for e in final.entries if isinstance(e.event, Forfeit)), None)
    if forfeit is not None:
        return tn(
            "{player} forfeited ({reason}): the game ended at once, and the best total among the others wins. Winner: {winners} with {n} point.",
            "{player} forfeited ({reason}): the game ended at once, and the best total among the others wins. Winner: {winners} with {n} points.",
            best,
            player=forfeit.player,
            reason=visible(forfeit.reason),  # a file may hold a control (narrate)
            winners=winners,
        )
    instant = [
        award
        for entry in final.entries
        for award in entry.awards
        if award.reason.wins_the_game
    ]
    if instant:
        award = instant[-1]
        return t(
            "Winner: {winners}: {rule} ({key}).",
            winners=winners,
            rule=award.words(language()),
            key=award.key,
        )
    target = standings.rules.game.target
    if len(standings.winners) > 1:
        return t(
            "Winners: {winners}, {total} points each: {target} or more at the end of a deal ends the game (game.target), and equal highest totals share the win.",
            winners=winners,
            total=best,
            target=target,
        )
    return t(
        "Winner: {winners} with {total} points: {target} or more at the end of a deal ends the game (game.target), and the highest total wins.",
        winners=winners,
        total=best,
        target=target,
    )


def _player_lines(
    standings: Standings,
    session_name: str,
    name: str,
    records: Sequence[DealRecord],
    deal: int | None,
) -> list[str]:
    names = player_names(standings)
    index = names.index(name)
    lines = [
        t(
            "{name} in {session_name}: every point won or lost, with its rule.",
            name=name,
            session_name=session_name,
        )
    ]
    told_any = False
    for record in records:
        totals = list(record.start) if record.start else [0] * len(names)
        for entry in record.entries:
            told, after = _running(totals, entry.awards, names)
            mine = [(award, total) for award, total in told if award.player == name]
            where = t("deal {number}, ", number=record.number) + moment_name(
                entry.event
            )
            for award, total in mine:
                lines.append(INDENT + f"{where}: " + describe_award(award, total))
                told_any = True
            if mine and isinstance(entry.event, Penalty):  # the table's reason beside it
                lines.append(AWARD_INDENT + describe_in_deal(entry.event))
            if mine and opponent(entry.event) == name:  # whose points they were
                lines.append(AWARD_INDENT + describe_in_deal(entry.event))
            pointless = _told_when_pointless(entry.event)
            if not mine and named_player(entry.event) == name and pointless:
                # An event of theirs that gave them nothing: a declaration, a broken Chicago...
                lines.append(INDENT + describe_event(entry.event))
                for note in _event_notes(standings, entry.event, totals):
                    lines.append(AWARD_INDENT + note)
            totals = after
    if not told_any:
        lines.append(
            INDENT
            + t("{name} has won or lost no points here.", name=name)
        )
    stops = [record.number for record in records if name in record.buy_stop]
    if stops:
        shown = _ranges(stops)
        lines.append(
            INDENT
            + t("köpstopp in deal {deals} (buy_stop.threshold)", deals=shown)
        )
    if deal is None:
        score = standings.players[index].score
        lines.append(tn("{name} has {n} point.", "{name} has {n} points.", score, name=name))
    else:
        record = records[0]
        change = record.points_of(index)
        lines.append(
            t(
                "{name} in deal {deal}: {change:+d}, from {start} to {totals}.",
                name=name,
                deal=deal,
                change=change,
                start=record.start[index],
                totals=record.totals[index],
            )
        )
    return lines


def _ranges(numbers: Sequence[int]) -> str:
    """``3–5, 8``."""
    parts: list[str] = []
    start = prev = numbers[0]
    for number in [*numbers[1:], None]:
        if number is not None and number == prev + 1:
            prev = number
            continue
        parts.append(str(start) if start == prev else f"{start}–{prev}")
        if number is not None:
            start = prev = number
    return ", ".join(parts)
