"""`why`: the questions asked at a table, each answered with the rules and keys behind it.

The answers are lines of text in the current language (``tr``), computed from
the same replay as the totals; nothing prints, reads a file or imports Rich.
"""

from __future__ import annotations

import enum
import unicodedata
from dataclasses import dataclass
from typing import assert_never

from ..core.declare import Check, declare_checks
from ..core.events import (
    BuyWinner,
    ChicagoBroken,
    ChicagoDeclared,
    ChicagoWon,
    Event,
    Exchange,
    Forfeit,
    LastTrick,
    Note,
    Penalty,
    Royal,
    Showdown,
)
from ..core.session import resolve_player
from ..core.standings import DealRecord, Moment, Standings
from ..i18n.language import N_, language, t, tn
from .explain import INDENT, deal_record, explain_lines, player_names
from .narrate import describe_award
from .width import visible


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

QUESTION_HELP = N_(
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
    name = resolve_player(player, player_names(standings), allow_prefix=True)
    if question is Question.DECLARE:
        return why_declare(standings, name)
    if question is Question.BUY_STOP:
        return why_buy_stop(standings, name)
    if question is Question.LAST_TRICK:
        return why_last_trick(standings, name, deal=deal)
    return explain_lines(standings, session_name, deal=deal, player=name)


def answer_dict(
    standings: Standings, session_name: str, question: Question, player: str, *, deal: int | None = None
) -> dict[str, object]:
    """`why --json`: the question, the player, the short answer, the checks behind it and
    the lines the terminal shows.  ``answer`` is: may declare now (declare), under
    köpstopp now (köpstopp), got the last trick's points in that deal (last-trick), the
    total (points)."""
    name = resolve_player(player, player_names(standings), allow_prefix=True)
    lines = answer(standings, session_name, question, name, deal=deal)
    checks: list[dict[str, object]] = []
    reply: object
    me = next(p for p in standings.players if p.name == name)
    if question is Question.DECLARE:
        conditions = _declare_checks(standings, name)
        checks = [
            {"rule": str(c.rule), "key": c.key, "ok": c.met or c.pending, "pending": c.pending,
             "text": c.text.localized(language())}
            for c in conditions
        ]
        reply = not standings.finished and all(c["ok"] for c in checks)
    elif question is Question.BUY_STOP:
        reply = me.buy_stop
    elif question is Question.LAST_TRICK:
        settled = [r for r in standings.deals if _tricks_settled(r)]
        record = deal_record(standings, deal) if deal is not None else (settled[-1] if settled else None)
        reply = record is not None and any(
            award.player == name and award.key.startswith("scoring.last_trick")
            for entry in record.entries for award in entry.awards
        )
    else:
        reply = me.score
    return {
        "question": question.value, "player": name, "answer": reply, "checks": checks,
        "lines": [line.strip() for line in lines],
    }


def _declare_checks(standings: Standings, name: str) -> list[Check]:
    player = next(p for p in standings.players if p.name == name)
    return declare_checks(
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


def declare_conditions(standings: Standings, name: str) -> list[Condition]:
    """Every rule between ``name`` and a Chicago declaration, each met or not: the engine's
    own checks (`core.game.declare_checks`), the ones that refuse a declaration."""
    checks = _declare_checks(standings, name)
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
    index = player_names(standings).index(name)
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
    if threshold is None:
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
    for record in standings.deals:
        for entry in record.entries:
            event = entry.event
            if isinstance(event, Penalty) and event.player == name:
                lines.append(
                    INDENT
                    + t(
                        "{name}'s penalty in deal {deal} ({reason}, {points:+d}) counts in the total deal {deal} ends with, so in the köpstopp of deal {next_deal}.",
                        name=name,
                        deal=record.number,
                        reason=visible(event.reason),  # a file may hold a control (narrate)
                        points=entry.awards[0].points,
                        next_deal=record.number + 1,
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


def _settles_tricks(event: Event) -> bool:
    """Whether, once ``event`` is recorded, the deal's tricks are decided (taken, or never
    to be played)."""
    match event:
        case LastTrick() | ChicagoWon() | ChicagoBroken() | Royal():
            return True
        case BuyWinner() | Exchange() | ChicagoDeclared() | Showdown():
            return False
        case Penalty() | Forfeit() | Note():
            return False  # beside the play: a forfeit ends the game, not the tricks
        case _:
            assert_never(event)


def _tricks_settled(record: DealRecord) -> bool:
    return any(_settles_tricks(entry.event) for entry in record.entries) or record.complete


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
        + tn(
            "only the last trick scores: {n} point (scoring.last_trick)",
            "only the last trick scores: {n} points (scoring.last_trick)",
            rules.last_trick,
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
    last: LastTrick | None = None
    declared: ChicagoDeclared | None = None
    outcome: ChicagoWon | ChicagoBroken | None = None
    royal: Royal | None = None
    for event in events:  # the first of each, in the order the deal recorded them
        match event:
            case LastTrick():
                last = last or event
            case ChicagoDeclared():
                declared = declared or event
            case ChicagoWon() | ChicagoBroken():
                outcome = outcome or event
            case Royal():
                royal = royal or event
            case BuyWinner() | Exchange() | Showdown():
                pass  # the köp and the showdown come before or after the tricks, not in them
            case Penalty() | Forfeit() | Note():
                pass  # a penalty after the last trick is told below, with the later awards
            case _:
                assert_never(event)
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
                breaker=outcome.player,
                shown=shown,
            )
        )
        if outcome.player == name and not standings.rules.chicago.breaker_bonus:
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
