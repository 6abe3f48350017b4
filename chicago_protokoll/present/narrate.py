"""Events and awards told in the table's words, Swedish or English.

`undo`, `log` and `explain` all speak through here, so one event is always
described the same way.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import assert_never

from ..core.cards import Category
from ..core.claims import Claim, taken_words
from ..core.events import (
    BuyWinner,
    ChicagoBroken,
    ChicagoDeclared,
    ChicagoWon,
    Correction,
    Event,
    Exchange,
    Forfeit,
    HandEvent,
    LastTrick,
    Note,
    Penalty,
    RevisorEvent,
    Royal,
    Showdown,
    opponent,
)
from ..core.session import Session
from ..core.standings import Award, DealRecord
from ..i18n.language import language, t
from .width import visible


def hand_name(category: Category | None) -> str:
    if category is None:
        return ""
    return category.localized(language())


def moment_name(event: Event) -> str:
    """Köp 1, köp 2, showdown...: the line of the paper protocol the event belongs on."""
    match event:
        case BuyWinner():
            return f"köp {event.buy}"
        case Exchange():
            return t("köp {buy} exchange", buy=event.buy)
        case Showdown():
            return t("showdown")
        case LastTrick():
            return t("last trick")
        case ChicagoDeclared() | ChicagoWon() | ChicagoBroken():
            return "Chicago"
        case Royal():
            return "royal straight flush"
        case Penalty():
            return t("penalty")
        case Forfeit():
            return t("forfeit")
        case Note():
            return t("note")
        case _:
            assert_never(event)


def _hand(event: HandEvent) -> str:
    return Claim.of(event).words(language())


def _taken(event: HandEvent | LastTrick) -> str:
    """``, taken from Bo`` when the points went off an opponent's total instead."""
    return taken_words(event.opponent, language())


def describe_event(event: Event) -> str:
    """One line: what was recorded, e.g. ``deal 1, köp 2: Anna: two pair``."""
    return t("deal {deal}, ", deal=event.deal) + describe_in_deal(event)


def describe_in_deal(event: Event) -> str:
    """The event without its deal number, for lines grouped under a deal: ``köp 2: Anna: two pair``."""
    where = moment_name(event)
    match event:
        case BuyWinner() | Showdown():
            return f"{where}: {_hand(event)}"
        case Exchange():
            return t(
                "{where}: {player} exchanged {count}",
                where=where,
                player=event.player,
                count=event.count,
            )
        case ChicagoDeclared():
            return t("{where}: {player} declares", where=where, player=event.player)
        case ChicagoWon():
            return t("{where}: {player} took all five tricks", where=where, player=event.player)
        case ChicagoBroken():
            return t("{where}: broken by {breaker}", where=where, breaker=event.player)
        case LastTrick():
            two = t(" (with a two)") if event.with_two else ""
            return f"{where}: {event.player}{two}{_taken(event)}"
        case Royal():
            return f"{where}: {event.player}"
        case Penalty() if event.after_end:
            # An amendment after the night's close: said so, with when it was written.
            return t(
                "Penalty after the result{when}: {player} −{points} ({reason})",
                when=_written(event.at),
                player=event.player,
                points=event.points,
                reason=visible(event.reason),
            )
        case Penalty():
            # The points the table ruled; the floor's clipping is told with the award.
            return t(
                "Penalty: {player} −{points} ({reason})",
                player=event.player,
                points=event.points,
                reason=visible(event.reason),
            )
        case Forfeit() if event.after_end:
            return t(
                "{player} forfeits after the result{when} ({reason}): placed last",
                when=_written(event.at),
                player=event.player,
                reason=visible(event.reason),
            )
        case Forfeit():
            return t(
                "{player} forfeits ({reason}): the game is over",
                player=event.player,
                reason=visible(event.reason),
            )
        case Note():
            # Escaped here, where every output takes its words (the lines after a
            # recording, undo, explain, log, the exports, the phone): a file written by
            # hand, or by a release before the entry check, may hold an escape or a
            # bidirectional override in a note or a reason.
            return t("Note: {text}", text=visible(event.text))
        case _:
            assert_never(event)


def _written(at: str) -> str:
    """``, 2026-12-04 21:04``: when an amendment was written, on this machine's clock (it
    may come days after the night); "" for one a release kept no time for."""
    if not at:
        return ""
    from datetime import datetime

    try:
        return ", " + datetime.fromisoformat(at).astimezone().strftime("%Y-%m-%d %H:%M")
    except ValueError:
        return ", " + visible(at)


def describe_award(award: Award, total: int | None = None) -> str:
    """``Anna +2 (best hand after köp 2; hands.two_pair)``, with the floor's clipping said.

    With ``total`` (the player's total after the award): ``Anna +2 → 4 (...)``."""
    sign = f"{award.points:+d}" + (f" → {total}" if total is not None else "")
    clipped = ""
    if award.points != award.nominal:
        clipped = t(
            ", {nominal:+d} stopped at the zero floor (scoring.floor)",
            nominal=award.nominal,
        )
    key = f"; {award.key}" if award.key else ""  # a penalty is the table's, no house rule's
    return f"{award.player} {sign} ({award.words(language())}{key}{clipped})"


# -- corrections ------------------------------------------------------------------


def deal_parts(events: Sequence[Event]) -> dict[str, str]:
    """A deal's events as the parts a correction names, in deal order: ``{"last trick":
    "Bo", "Chicago": "Anna, broken by Bo", ...}``."""
    parts: dict[str, str] = {}
    for event in events:
        where = moment_name(event)
        match event:
            case BuyWinner() | Showdown():
                parts[where] = _hand(event)
            case Exchange():
                parts[f"{where} {event.player}"] = str(event.count)
            case ChicagoDeclared() | Royal():
                parts[where] = event.player
            case ChicagoWon():
                parts[where] = t("{player}, all five", player=event.player)
            case ChicagoBroken():
                # The declaration came first in the deal and named the part.
                declarer = parts.get(where, "?")
                parts[where] = t(
                    "{declarer}, broken by {breaker}",
                    declarer=declarer,
                    breaker=event.player,
                )
            case LastTrick():
                two = t(" with a two") if event.with_two else ""
                parts[where] = event.player + two + _taken(event)
            case Penalty() | Forfeit() | Note():
                pass  # a correction keeps them as they are: never a part it changes
            case _:
                assert_never(event)
    return parts


def correction_changes(correction: Correction) -> list[str]:
    """What a correction changed, part by part: ``last trick Bo → Cilla``."""
    before, after = deal_parts(correction.before), deal_parts(correction.after)
    none = t("none")
    changes = []
    for part in [*before, *(p for p in after if p not in before)]:
        old, new = before.get(part, none), after.get(part, none)
        if old != new:
            changes.append(f"{part} {old} → {new}")
    return changes


def correction_time(correction: Correction) -> str:
    """When the correction was made, as the table's clock showed it: ``21:04``."""
    from datetime import datetime

    return datetime.fromisoformat(correction.at).astimezone().strftime("%H:%M")


def describe_correction(correction: Correction) -> str:
    """``deal 3 corrected at 21:04: last trick Bo → Cilla``, and why when a reason was
    given (``edit --reason``): wherever a correction is shown, it is shown whole."""
    changes = "; ".join(correction_changes(correction)) or t("the order")
    when = correction_time(correction)
    if correction.reason:
        return t(
            "deal {deal} corrected at {when}: {changes}; reason: {reason}",
            deal=correction.deal,
            when=when,
            changes=changes,
            reason=visible(correction.reason),
        )
    return t(
        "deal {deal} corrected at {when}: {changes}",
        deal=correction.deal,
        when=when,
        changes=changes,
    )


def describe_undo(session: Session) -> str:
    """What `undo` takes back now, as `store.recording.undo` decides it: the correction
    right after one, else the last event; "" when nothing is recorded.  Said before it is
    done (``u`` in ``play`` asks first; a phone's Undo is labelled so)."""
    from ..core.correct import undoable_correction

    correction = undoable_correction(session)
    if correction is not None:
        return describe_correction(correction)
    return describe_event(session.events[-1]) if session.events else ""


def taken_lines(deals: Sequence[DealRecord]) -> list[str]:
    """Every scoring taken off an opponent's total instead (scoring.take_from_opponent),
    with what it took: ``Deal 2: köp 1: Anna: full house, taken from Bo: Bo −6``.  A sheet
    shows only the opponent's minus; these lines say whose points they were."""
    lines = []
    for record in deals:
        for entry in record.entries:
            if opponent(entry.event) is None:
                continue
            took = ", ".join(f"{award.player} {_minus(award.points)}" for award in entry.awards)
            lines.append(
                t(
                    "Deal {deal}: {entry}: {took}",
                    deal=record.number,
                    entry=describe_in_deal(entry.event),
                    took=took,
                )
            )
    return lines


def _minus(points: int) -> str:
    """``−6`` with a true minus sign, as the protocol writes a deduction; ``±0`` at the floor."""
    return f"−{-points}" if points < 0 else f"{points:+d}".replace("+0", "±0")


def revisor_lines(deals: Sequence[DealRecord]) -> list[str]:
    """The revisor's entries of the deals (penalties, a forfeit, notes), each with its
    deal and reason, in the order of the deals: ``Deal 3: Penalty: Anna −5 (late buy)``."""
    return [
        t("Deal {deal}: {entry}", deal=record.number, entry=describe_in_deal(entry.event))
        for record in deals
        for entry in record.entries
        if isinstance(entry.event, RevisorEvent)
    ]
