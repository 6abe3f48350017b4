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
from ..i18n.language import tr
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
            f"there is no deal {deal}: nothing is recorded yet",
            sv=f"det finns ingen giv {deal}: inget är fört ännu",
        )
    raise ChicagoError(
        f"there is no deal {deal}: the protocol has deals 1 to {played}",
        sv=f"det finns ingen giv {deal}: protokollet har giv 1 till {played}",
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
            tr(
                'equal best hands score nothing; suits do not break the tie (hands.ties = "none")',
                'lika bästa händer ger ingen poäng; färgen avgör inte (hands.ties = "none")',
            )
        ]
    if isinstance(event, ChicagoDeclared):
        score = before[names.index(event.player)]
        minimum = rules.chicago.min_score
        if minimum == 0:
            return [
                tr(
                    "Chicago may be declared at any score (chicago.min_score = 0)",
                    "Chicago får ropas med vilken poäng som helst (chicago.min_score = 0)",
                )
            ]
        return [
            tr(
                f"{event.player} had {score} points; declaring takes at least {minimum} "
                "(chicago.min_score)",
                f"{event.player} hade {score} poäng; det krävs minst {minimum} för att ropa "
                "(chicago.min_score)",
            )
        ]
    if isinstance(event, ChicagoWon | ChicagoBroken):
        notes = [
            tr(
                "after a Chicago nothing more is scored in the deal: no last trick, no showdown",
                "efter en Chicago får ingen mer poäng i given: inget sista stick, ingen visning",
            )
        ]
        if isinstance(event, ChicagoBroken) and not rules.chicago.breaker_bonus:
            notes.append(
                tr(
                    f"{event.breaker} gets nothing for breaking it (chicago.breaker_bonus = 0)",
                    f"{event.breaker} får inget för att ha brutit den (chicago.breaker_bonus = 0)",
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
        tr(
            f"Protocol {session_name}: {', '.join(names)}.",
            f"Protokoll {session_name}: {', '.join(names)}.",
        ),
        rules_line(standings.rules),
    ]
    if not standings.deals:
        lines.append(tr("Nothing is recorded yet.", "Inget är fört ännu."))
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
    heading = tr(
        f"Deal {record.number} — dealer {record.dealer}, forehand {record.forehand}",
        f"Giv {record.number} — givare {record.dealer}, förhand {record.forehand}",
    )
    if record.buy_stop:
        threshold = standings.rules.buy_stop.threshold
        who = ", ".join(record.buy_stop)
        heading += tr(
            f"; köpstopp: {who} (buy_stop.threshold = {toml_value(threshold)})",
            f"; köpstopp: {who} (buy_stop.threshold = {toml_value(threshold)})",
        )
    if not record.complete:
        heading += tr(" (in progress)", " (pågår)")
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
            + tr(
                f"After deal {record.number}: {standing}", f"Efter giv {record.number}: {standing}"
            )
        )
    else:
        lines.append(
            INDENT
            + tr(
                f"So far in deal {record.number}: {standing}",
                f"Hittills i giv {record.number}: {standing}",
            )
        )
    return lines


def outcome_line(standings: Standings) -> str:
    """Who won and by which rule, or what comes next."""
    if not standings.finished:
        return tr(
            f"Next: deal {standings.deal}, {moment_text(standings)}.",
            f"Nästa: giv {standings.deal}, {moment_text(standings)}.",
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
        return tr(
            f"Winner: {winners}: {rule_text(award.rule)} ({award.key}).",
            f"Vinnare: {winners}: {rule_text(award.rule)} ({award.key}).",
        )
    target = standings.rules.game.target
    if len(standings.winners) > 1:
        return tr(
            f"Winners: {winners}, {best} points each: {target} or more at the end of a deal ends "
            "the game (game.target), and equal highest totals share the win.",
            f"Vinnare: {winners}, {best} poäng var: {target} eller mer vid slutet av en giv "
            "avslutar partiet (game.target), och lika högsta poäng delar segern.",
        )
    return tr(
        f"Winner: {winners} with {best} points: {target} or more at the end of a deal ends the "
        "game (game.target), and the highest total wins.",
        f"Vinnare: {winners} med {best} poäng: {target} eller mer vid slutet av en giv avslutar "
        "partiet (game.target), och högst poäng vinner.",
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
        tr(
            f"{name} in {session_name}: every point won or lost, with its rule.",
            f"{name} i {session_name}: varje poäng vunnen eller förlorad, med sin regel.",
        )
    ]
    told_any = False
    for record in records:
        totals = list(record.start) if record.start else [0] * len(names)
        for entry in record.entries:
            told, after = _running(totals, entry.awards, names)
            mine = [(award, total) for award, total in told if award.player == name]
            where = tr(f"deal {record.number}, ", f"giv {record.number}, ") + moment_name(
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
            + tr(
                f"{name} has won or lost no points here.",
                f"{name} har inte vunnit eller förlorat några poäng här.",
            )
        )
    stops = [record.number for record in records if name in record.buy_stop]
    if stops:
        shown = _ranges(stops)
        lines.append(
            INDENT
            + tr(
                f"köpstopp in deal {shown} (buy_stop.threshold)",
                f"köpstopp i giv {shown} (buy_stop.threshold)",
            )
        )
    if deal is None:
        score = standings.players[index].score
        lines.append(tr(f"{name} has {score} points.", f"{name} har {score} poäng."))
    else:
        record = records[0]
        change = record.points_of(index)
        lines.append(
            tr(
                f"{name} in deal {deal}: {change:+d}, from {record.start[index]} to "
                f"{record.totals[index]}.",
                f"{name} i giv {deal}: {change:+d}, från {record.start[index]} till "
                f"{record.totals[index]}.",
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
    return [Condition(c.met or c.pending, tr(c.en, c.sv), pending=c.pending) for c in checks]


def why_declare(standings: Standings, name: str) -> list[str]:
    """May ``name`` declare Chicago now?  Every rule that decides it, met or not."""
    conditions = declare_conditions(standings, name)
    allowed = all(c.met for c in conditions)
    question = tr(
        f"May {name} declare Chicago now (deal {standings.deal})?",
        f"Får {name} ropa Chicago nu (giv {standings.deal})?",
    )
    if standings.finished:
        return [question, tr("No.", "Nej."), *[c.line() for c in conditions]]
    if allowed and standings.moment is Moment.BUY:
        verdict = tr(
            f"Yes, once köp {standings.buy} is recorded.", f"Ja, när köp {standings.buy} är förd."
        )
    else:
        verdict = tr("Yes.", "Ja.") if allowed else tr("No.", "Nej.")
    lines = [question, verdict, *[c.line() for c in conditions]]
    rules = standings.rules.chicago
    stake = tr(
        f"At stake: {rules.success:+d} for all five tricks (chicago.success), {rules.failure:+d} "
        "if another player takes a trick (chicago.failure)",
        f"Insats: {rules.success:+d} för alla fem stick (chicago.success), {rules.failure:+d} "
        "om någon annan tar ett stick (chicago.failure)",
    )
    if rules.breaker_bonus:
        stake += tr(
            f"; the breaker gets {rules.breaker_bonus:+d} (chicago.breaker_bonus)",
            f"; den som bryter får {rules.breaker_bonus:+d} (chicago.breaker_bonus)",
        )
    lines.append(stake + ".")
    if rules.required_to_win:
        won = next(p.chicagos_won for p in standings.players if p.name == name)
        lines.append(
            tr(
                f"A successful Chicago is needed to win (chicago.required_to_win); {name} has "
                f"{won}.",
                f"En lyckad Chicago krävs för att vinna (chicago.required_to_win); {name} har "
                f"{won}.",
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
            tr(
                f"This table plays without köpstopp (buy_stop.threshold = false): {name} may "
                "always exchange cards.",
                f"Det här bordet spelar utan köpstopp (buy_stop.threshold = false): {name} får "
                "alltid byta kort.",
            )
        ]
    lines = [
        tr(
            f"Köpstopp: a player with {threshold} or more at the end of a deal may not exchange "
            f"cards in the following deals, but still may in the deal where {threshold} is "
            f"reached (buy_stop.threshold = {threshold}).",
            f"Köpstopp: den som har {threshold} poäng eller mer vid slutet av en giv får inte "
            f"köpa i de följande givarna, men får det i den giv där {threshold} nås "
            f"(buy_stop.threshold = {threshold}).",
        )
    ]
    history = buy_stop_history(standings, name)
    for position, item in enumerate(history):
        before = history[position - 1] if position else None
        if item.under and (before is None or not before.under):
            lines.append(
                INDENT
                + tr(
                    f"{name} had {item.start} at the end of deal {item.number - 1}, so köpstopp "
                    f"began in deal {item.number}.",
                    f"{name} hade {item.start} poäng efter giv {item.number - 1}, så köpstoppet "
                    f"började i giv {item.number}.",
                )
            )
        if not item.under and before is not None and before.under:
            lines.append(
                INDENT
                + tr(
                    f"{name} had {item.start}, under {threshold}, at the end of deal "
                    f"{before.number}, so köpstopp ended: {name} could exchange again in deal "
                    f"{item.number}.",
                    f"{name} hade {item.start} poäng, under {threshold}, efter giv "
                    f"{before.number}, så köpstoppet upphörde: {name} fick köpa igen i giv "
                    f"{item.number}.",
                )
            )
    player = next(p for p in standings.players if p.name == name)
    deal = standings.deal
    if standings.finished:
        lines.append(tr("The game is over.", "Partiet är slut."))
    elif player.buy_stop:
        start = history[-1].start
        lines.append(
            tr(
                f"{name} is under köpstopp in deal {deal} (had {start} when it began): {name} may "
                "not exchange cards.",
                f"{name} har köpstopp i giv {deal} (hade {start} poäng när den började): {name} "
                "får inte byta kort.",
            )
        )
    elif player.score >= threshold:
        lines.append(
            tr(
                f"{name} has {player.score} now, in deal {deal}, but köpstopp is judged by the "
                f"total when a deal begins: {name} may still exchange in deal {deal}, and "
                f"köpstopp begins in deal {deal + 1} if {name} still has {threshold} or more "
                f"when deal {deal} ends.",
                f"{name} har {player.score} poäng nu, i giv {deal}, men köpstopp avgörs av "
                f"poängen när en giv börjar: {name} får fortfarande köpa i giv {deal}, och "
                f"köpstoppet börjar i giv {deal + 1} om {name} har {threshold} eller mer när "
                f"giv {deal} är slut.",
            )
        )
    else:
        short = threshold - player.score
        lines.append(
            tr(
                f"{name} has {player.score}, {short} short of {threshold}: köpstopp begins in "
                f"the deal after one that ends with {name} at {threshold} or more.",
                f"{name} har {player.score} poäng, {short} från {threshold}: köpstoppet börjar "
                f"i given efter en giv som slutar med {name} på {threshold} eller mer.",
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
                tr("No deal has reached the tricks yet.", "Ingen giv har kommit till sticken än.")
            ]
        record = settled[-1]
    rules = standings.rules.scoring
    number = record.number
    lines = [
        tr(
            f"The last trick of deal {number}, and {name}:",
            f"Sista sticket i giv {number}, och {name}:",
        ),
        INDENT
        + tr(
            f"only the last trick scores: {rules.last_trick} points (scoring.last_trick)",
            f"bara sista sticket ger poäng: {rules.last_trick} (scoring.last_trick)",
        )
        + (
            tr(
                f", {rules.last_trick_with_two} when won with a two (scoring.last_trick_with_two)",
                f", {rules.last_trick_with_two} om det tas med en tvåa "
                "(scoring.last_trick_with_two)",
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
                + tr(f"{name} took the last trick: {shown}.", f"{name} tog sista sticket: {shown}.")
            )
            after = events[events.index(last) + 1 :]
            for event in after:
                for award in awards[id(event)]:
                    if award.player == name and award.points < 0:
                        lines.append(
                            INDENT
                            + tr(
                                f"Later in deal {number}: {describe_award(award)}.",
                                f"Senare i giv {number}: {describe_award(award)}.",
                            )
                        )
        else:
            lines.append(
                INDENT
                + tr(
                    f"The protocol has {last.player} taking the last trick, not {name}: {shown}. "
                    "If that is wrong, the protocol must be corrected.",
                    f"Protokollet säger att {last.player} tog sista sticket, inte {name}: "
                    f"{shown}. Stämmer det inte måste protokollet rättas.",
                )
            )
    elif declared is not None and isinstance(outcome, ChicagoWon):
        shown = "; ".join(describe_award(a) for a in awards[id(outcome)])
        lines.append(
            INDENT
            + tr(
                f"{declared.player} declared Chicago and took all five tricks: {shown}. After a "
                "Chicago nothing more is scored in the deal: no last trick, no showdown.",
                f"{declared.player} ropade Chicago och tog alla fem stick: {shown}. Efter en "
                "Chicago får ingen mer poäng i given: inget sista stick, ingen visning.",
            )
        )
    elif declared is not None and isinstance(outcome, ChicagoBroken):
        shown = "; ".join(describe_award(a) for a in awards[id(outcome)])
        lines.append(
            INDENT
            + tr(
                f"{declared.player} declared Chicago and {outcome.breaker} broke it by taking a "
                "trick. That ends the deal at once: no last trick and no showdown after a "
                f"Chicago. {shown}.",
                f"{declared.player} ropade Chicago och {outcome.breaker} bröt den genom att ta "
                "ett stick. Då tar given slut direkt: inget sista stick och ingen visning efter "
                f"en Chicago. {shown}.",
            )
        )
        if outcome.breaker == name and not standings.rules.chicago.breaker_bonus:
            lines.append(
                INDENT
                + tr(
                    f"Breaking a Chicago gives {name} nothing at this table "
                    "(chicago.breaker_bonus = 0).",
                    f"Att bryta en Chicago ger {name} inget vid det här bordet "
                    "(chicago.breaker_bonus = 0).",
                )
            )
    elif declared is not None:
        lines.append(
            INDENT
            + tr(
                f"{declared.player} has declared Chicago and its tricks are not recorded yet; "
                "after a Chicago no last trick is scored in the deal.",
                f"{declared.player} har ropat Chicago och sticken är inte förda än; efter en "
                "Chicago får sista sticket ingen poäng i given.",
            )
        )
    elif royal is not None:
        lines.append(
            INDENT
            + tr(
                f"{royal.player} showed a royal straight flush in deal {number}: the game was "
                "won at once (hands.royal_straight_flush), before any trick.",
                f"{royal.player} visade royal straight flush i giv {number}: partiet vanns "
                "direkt (hands.royal_straight_flush), före sticken.",
            )
        )
    elif record.complete:
        lines.append(
            INDENT
            + tr(
                f"Deal {number} ended before the tricks: no last trick was played.",
                f"Giv {number} tog slut före sticken: inget sista stick spelades.",
            )
        )
    else:
        lines.append(
            INDENT
            + tr(
                f"The tricks of deal {number} are not recorded yet.",
                f"Sticken i giv {number} är inte förda än.",
            )
        )
    return lines
