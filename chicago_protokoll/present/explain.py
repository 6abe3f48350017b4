"""`explain` and `why`: the replay told back, and the questions asked at a table.

Everything here turns `Standings` into lines of text in the current language
(``tr``); nothing prints, reads a file or imports Rich.  Each point is told
with the rule and the house-rules key that gave it, so a dispute is settled
by the same replay that computed the totals.
"""

from __future__ import annotations

import enum
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from ..core.errors import ChicagoError
from ..core.events import (
    ChicagoBroken,
    ChicagoDeclared,
    ChicagoWon,
    Correction,
    Event,
    Exchange,
    HandEvent,
    LastTrick,
    Royal,
)
from ..core.game import Award, DealRecord, Moment, Standings, declare_checks, resolve_player
from ..i18n.language import Msg, language, t, tn
from .narrate import (
    describe_award,
    describe_correction,
    describe_event,
    describe_in_deal,
    moment_name,
    rule_text,
)
from .rules_text import rules_line, toml_value
from .views import moment_text
from .width import text_width, wrap

INDENT = "  "
AWARD_INDENT = "      "


# -- small pieces ------------------------------------------------------------------


def totals_text(names: Sequence[str], totals: Sequence[int]) -> str:
    """``Anna 4, Bo 2, Cilla 5``: the way the seeds write a standing."""
    return ", ".join(f"{name} {total}" for name, total in zip(names, totals, strict=True))


def _names(standings: Standings) -> list[str]:
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
        Msg(
            "there is no deal {deal}: the protocol has deals 1 to {last_deal}",
            deal=deal,
            last_deal=played,
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


def _actor(event: Event) -> str | None:
    if isinstance(event, ChicagoBroken):
        return event.breaker
    if isinstance(event, HandEvent):
        return event.player
    return event.player


def _event_notes(standings: Standings, event: Event, before: Sequence[int]) -> list[str]:
    """The rule behind an event that gave nobody a point, or that changed what follows."""
    rules = standings.rules
    names = _names(standings)
    if isinstance(event, HandEvent) and event.tie and rules.hands.ties == "none":
        return [
            t('equal best hands score nothing; suits do not break the tie (hands.ties = "none")')
        ]
    if isinstance(event, ChicagoDeclared):
        score = before[names.index(event.player)]
        minimum = rules.chicago.min_score
        if minimum == 0:
            return [
                t("Chicago may be declared at any score (chicago.min_score = 0)")
            ]
        return [
            tn(
                "{player} had {n} point; declaring takes at least {minimum} (chicago.min_score)",
                "{player} had {n} points; declaring takes at least {minimum} (chicago.min_score)",
                score,
                player=event.player,
                minimum=minimum,
            )
        ]
    if isinstance(event, ChicagoWon | ChicagoBroken):
        notes = [
            t("after a Chicago nothing more is scored in the deal: no last trick, no showdown")
        ]
        if isinstance(event, ChicagoBroken) and not rules.chicago.breaker_bonus:
            notes.append(
                t(
                    "{breaker} gets nothing for breaking it (chicago.breaker_bonus = 0)",
                    breaker=event.breaker,
                )
            )
        return notes
    return []


def wrap_lines(lines: Sequence[str], width: int) -> list[str]:
    """Lines folded to ``width``; a folded line goes on under its own indent, two further in."""
    folded: list[str] = []
    for line in lines:
        if text_width(line) <= width:
            folded.append(line)
            continue
        indent = line[: len(line) - len(line.lstrip())]
        folded.extend(wrap(line.strip(), width, indent, indent + "  "))
    return folded


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
    names = _names(standings)
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
    names = _names(standings)
    lines = [deal_heading(standings, record)]
    totals = list(record.start) if record.start else [0] * len(names)
    for entry in record.entries:
        lines.append(INDENT + describe_in_deal(entry.event))
        notes = _event_notes(standings, entry.event, totals)
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
    instant = [
        award
        for entry in final.entries
        for award in entry.awards
        if award.rule in ("royal", "instant_win")
    ]
    if instant:
        award = instant[-1]
        return t(
            "Winner: {winners}: {rule} ({key}).",
            winners=winners,
            rule=rule_text(award.rule),
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
    names = _names(standings)
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
            if not mine and not isinstance(entry.event, Exchange) and _actor(entry.event) == name:
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


# -- why: the questions asked at a table ------------------------------------------------


class Question(enum.Enum):
    DECLARE = "declare"
    BUY_STOP = "köpstopp"
    LAST_TRICK = "last-trick"
    POINTS = "points"


_QUESTION_WORDS = {
    "declare": Question.DECLARE,
    "chicago": Question.DECLARE,
    "ropa": Question.DECLARE,
    "kopstopp": Question.BUY_STOP,
    "buystop": Question.BUY_STOP,
    "stop": Question.BUY_STOP,
    "exchange": Question.BUY_STOP,
    "kop": Question.BUY_STOP,
    "lasttrick": Question.LAST_TRICK,
    "sistasticket": Question.LAST_TRICK,
    "sistastick": Question.LAST_TRICK,
    "spelet": Question.LAST_TRICK,
    "tricks": Question.LAST_TRICK,
    "trick": Question.LAST_TRICK,
    "points": Question.POINTS,
    "poang": Question.POINTS,
    "score": Question.POINTS,
}

QUESTION_HELP = (
    "declare (may PLAYER declare Chicago now?), köpstopp (when does PLAYER's köpstopp "
    "start?), last-trick (why did PLAYER get, or not get, the last trick's points?), points "
    "(every point PLAYER got or lost)"
)


def _fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(ch for ch in decomposed if ch.isalnum() and not unicodedata.combining(ch))


def parse_question(text: str) -> Question | None:
    """The question meant by a word typed in English or Swedish, with or without å ä ö."""
    return _QUESTION_WORDS.get(_fold(text))


@dataclass(frozen=True)
class Condition:
    """One rule a declaration must meet, whether it is met, and why.

    ``met`` is False when the rule rules the declaration out in this deal (the verdict is
    "No").  ``pending`` marks a rule that is not met yet but will be by the game's own
    course, the timing during the scored köp: it does not decide the verdict ("Yes, once
    köp N is recorded"), and its line is marked ``○``, neither ✓ nor ✗.
    """

    met: bool
    text: str
    pending: bool = False

    @property
    def mark(self) -> str:
        if self.pending:
            return "○"
        return "✓" if self.met else "✗"

    def line(self) -> str:
        return f"{INDENT}{self.mark} {self.text}"


def answer(
    standings: Standings,
    session_name: str,
    question: Question,
    player: str,
    *,
    deal: int | None = None,
) -> list[str]:
    name = resolve_player(player, _names(standings), allow_prefix=True)
    if question is Question.DECLARE:
        return why_declare(standings, name)
    if question is Question.BUY_STOP:
        return why_buy_stop(standings, name)
    if question is Question.LAST_TRICK:
        return why_last_trick(standings, name, deal=deal)
    return explain_lines(standings, session_name, deal=deal, player=name)


def declare_conditions(standings: Standings, name: str) -> list[Condition]:
    """Every rule between ``name`` and a Chicago declaration, each met or not: the engine's
    own checks (`core.game.declare_checks`), the ones that refuse a declaration."""
    player = next(p for p in standings.players if p.name == name)
    checks = declare_checks(
        standings.rules,
        name=name,
        score=player.score,
        declared=player.chicagos_declared,
        moment=standings.moment,
        chicago=standings.chicago,
        deal=standings.deal,
        buy=standings.buy,
        winners=standings.winners,
    )
    # The timing during the köp is not met yet, but not against the declaration either:
    # the verdict says "Yes, once köp N is recorded", as the replay's may_declare does.
    return [Condition(c.met or c.pending, c.text.localized(language()), pending=c.pending) for c in checks]


def why_declare(standings: Standings, name: str) -> list[str]:
    """May ``name`` declare Chicago now?  Every rule that decides it, met or not."""
    conditions = declare_conditions(standings, name)
    allowed = all(c.met for c in conditions)
    question = t("May {name} declare Chicago now (deal {deal})?", name=name, deal=standings.deal)
    if standings.finished:
        return [question, t("No."), *[c.line() for c in conditions]]
    if allowed and standings.moment is Moment.BUY:
        verdict = t("Yes, once köp {buy} is recorded.", buy=standings.buy)
    else:
        verdict = t("Yes.") if allowed else t("No.")
    lines = [question, verdict, *[c.line() for c in conditions]]
    rules = standings.rules.chicago
    stake = t(
        "At stake: {success:+d} for all five tricks (chicago.success), {failure:+d} if another player takes a trick (chicago.failure)",
        success=rules.success,
        failure=rules.failure,
    )
    if rules.breaker_bonus:
        stake += t(
            "; the breaker gets {breaker_bonus:+d} (chicago.breaker_bonus)",
            breaker_bonus=rules.breaker_bonus,
        )
    lines.append(stake + ".")
    if rules.required_to_win:
        won = next(p.chicagos_won for p in standings.players if p.name == name)
        lines.append(
            t(
                "A successful Chicago is needed to win (chicago.required_to_win); {name} has {chicagos_won}.",
                name=name,
                chicagos_won=won,
            )
        )
    return lines


@dataclass(frozen=True)
class BuyStopDeal:
    number: int
    start: int
    under: bool


def buy_stop_history(standings: Standings, name: str) -> list[BuyStopDeal]:
    """Each deal with ``name``'s total when it began and whether köpstopp applied."""
    index = _names(standings).index(name)
    history = [
        BuyStopDeal(record.number, record.start[index], name in record.buy_stop)
        for record in standings.deals
    ]
    in_records = bool(standings.deals) and standings.deals[-1].number == standings.deal
    if not standings.finished and not in_records:
        player = standings.players[index]
        history.append(BuyStopDeal(standings.deal, player.score, player.buy_stop))
    return history


def why_buy_stop(standings: Standings, name: str) -> list[str]:
    """When ``name``'s köpstopp starts (or started, and ended), by ``buy_stop.threshold``."""
    threshold = standings.rules.buy_stop.threshold
    if threshold is False:
        return [
            t(
                "This table plays without köpstopp (buy_stop.threshold = false): {name} may always exchange cards.",
                name=name,
            )
        ]
    lines = [
        t(
            "Köpstopp: a player with {threshold} or more at the end of a deal may not exchange cards in the following deals, but still may in the deal where {threshold} is reached (buy_stop.threshold = {threshold}).",
            threshold=threshold,
        )
    ]
    history = buy_stop_history(standings, name)
    for position, item in enumerate(history):
        before = history[position - 1] if position else None
        if item.under and (before is None or not before.under):
            lines.append(
                INDENT
                + t(
                    "{name} had {start} at the end of deal {number}, so köpstopp began in deal {next_deal}.",
                    name=name,
                    start=item.start,
                    number=item.number - 1,
                    next_deal=item.number,
                )
            )
        if not item.under and before is not None and before.under:
            lines.append(
                INDENT
                + t(
                    "{name} had {start}, under {threshold}, at the end of deal {number}, so köpstopp ended: {name} could exchange again in deal {next_deal}.",
                    name=name,
                    start=item.start,
                    threshold=threshold,
                    number=before.number,
                    next_deal=item.number,
                )
            )
    player = next(p for p in standings.players if p.name == name)
    deal = standings.deal
    if standings.finished:
        lines.append(t("The game is over."))
    elif player.buy_stop:
        start = history[-1].start
        lines.append(
            t(
                "{name} is under köpstopp in deal {deal} (had {start} when it began): {name} may not exchange cards.",
                name=name,
                deal=deal,
                start=start,
            )
        )
    elif player.score >= threshold:
        lines.append(
            t(
                "{name} has {score} now, in deal {deal}, but köpstopp is judged by the total when a deal begins: {name} may still exchange in deal {deal}, and köpstopp begins in deal {next_deal} if {name} still has {threshold} or more when deal {deal} ends.",
                name=name,
                score=player.score,
                deal=deal,
                next_deal=deal + 1,
                threshold=threshold,
            )
        )
    else:
        short = threshold - player.score
        lines.append(
            t(
                "{name} has {score}, {points_short} short of {threshold}: köpstopp begins in the deal after one that ends with {name} at {threshold} or more.",
                name=name,
                score=player.score,
                points_short=short,
                threshold=threshold,
            )
        )
    return lines


def _tricks_settled(record: DealRecord) -> bool:
    return (
        any(
            isinstance(entry.event, LastTrick | ChicagoWon | ChicagoBroken | Royal)
            for entry in record.entries
        )
        or record.complete
    )


def why_last_trick(standings: Standings, name: str, *, deal: int | None = None) -> list[str]:
    """Who got the last trick's points in a deal, or why nobody did, as it concerns ``name``.

    Without ``deal``: the latest deal whose tricks are recorded."""
    if deal is not None:
        record = deal_record(standings, deal)
    else:
        settled = [r for r in standings.deals if _tricks_settled(r)]
        if not settled:
            return [
                t("No deal has reached the tricks yet.")
            ]
        record = settled[-1]
    rules = standings.rules.scoring
    number = record.number
    lines = [
        t("The last trick of deal {number}, and {name}:", number=number, name=name),
        INDENT
        + t(
            "only the last trick scores: {last_trick} points (scoring.last_trick)",
            last_trick=rules.last_trick,
        )
        + (
            t(
                ", {last_trick_with_two} when won with a two (scoring.last_trick_with_two)",
                last_trick_with_two=rules.last_trick_with_two,
            )
            if rules.last_trick_with_two != rules.last_trick
            else ""
        )
        + ".",
    ]
    events = [entry.event for entry in record.entries]
    awards = {id(entry.event): entry.awards for entry in record.entries}
    last = next((e for e in events if isinstance(e, LastTrick)), None)
    declared = next((e for e in events if isinstance(e, ChicagoDeclared)), None)
    outcome = next((e for e in events if isinstance(e, ChicagoWon | ChicagoBroken)), None)
    royal = next((e for e in events if isinstance(e, Royal)), None)
    if last is not None:
        given = awards[id(last)]
        shown = "; ".join(describe_award(a) for a in given)
        if last.player == name:
            lines.append(
                INDENT
                + t("{name} took the last trick: {shown}.", name=name, shown=shown)
            )
            after = events[events.index(last) + 1 :]
            for event in after:
                for award in awards[id(event)]:
                    if award.player == name and award.points < 0:
                        lines.append(
                            INDENT
                            + t(
                                "Later in deal {number}: {award}.",
                                number=number,
                                award=describe_award(award),
                            )
                        )
        else:
            lines.append(
                INDENT
                + t(
                    "The protocol has {player} taking the last trick, not {name}: {shown}. If that is wrong, the protocol must be corrected.",
                    player=last.player,
                    name=name,
                    shown=shown,
                )
            )
    elif declared is not None and isinstance(outcome, ChicagoWon):
        shown = "; ".join(describe_award(a) for a in awards[id(outcome)])
        lines.append(
            INDENT
            + t(
                "{player} declared Chicago and took all five tricks: {shown}. After a Chicago nothing more is scored in the deal: no last trick, no showdown.",
                player=declared.player,
                shown=shown,
            )
        )
    elif declared is not None and isinstance(outcome, ChicagoBroken):
        shown = "; ".join(describe_award(a) for a in awards[id(outcome)])
        lines.append(
            INDENT
            + t(
                "{player} declared Chicago and {breaker} broke it by taking a trick. That ends the deal at once: no last trick and no showdown after a Chicago. {shown}.",
                player=declared.player,
                breaker=outcome.breaker,
                shown=shown,
            )
        )
        if outcome.breaker == name and not standings.rules.chicago.breaker_bonus:
            lines.append(
                INDENT
                + t(
                    "Breaking a Chicago gives {name} nothing at this table (chicago.breaker_bonus = 0).",
                    name=name,
                )
            )
    elif declared is not None:
        lines.append(
            INDENT
            + t(
                "{player} has declared Chicago and its tricks are not recorded yet; after a Chicago no last trick is scored in the deal.",
                player=declared.player,
            )
        )
    elif royal is not None:
        lines.append(
            INDENT
            + t(
                "{player} showed a royal straight flush in deal {number}: the game was won at once (hands.royal_straight_flush), before any trick.",
                player=royal.player,
                number=number,
            )
        )
    elif record.complete:
        lines.append(
            INDENT
            + t("Deal {number} ended before the tricks: no last trick was played.", number=number)
        )
    else:
        lines.append(
            INDENT
            + t("The tricks of deal {number} are not recorded yet.", number=number)
        )
    return lines
