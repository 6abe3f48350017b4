"""Events and awards told in the table's words, Swedish or English.

`undo`, `log` and `explain` all speak through here, so one event is always
described the same way.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.cards import Category
from ..core.events import (
    BuyWinner,
    ChicagoBroken,
    ChicagoDeclared,
    ChicagoWon,
    Correction,
    Event,
    Exchange,
    HandEvent,
    LastTrick,
    Royal,
    Showdown,
)
from ..core.game import Award
from ..i18n.language import tr


def hand_name(category: Category | None) -> str:
    if category is None:
        return ""
    return tr(category.english, category.swedish)


def moment_name(event: Event) -> str:
    """Köp 1, köp 2, showdown...: the line of the paper protocol the event belongs on."""
    if isinstance(event, BuyWinner):
        return f"köp {event.buy}"
    if isinstance(event, Showdown):
        return tr("showdown", "bästa hand efter sticken")
    if isinstance(event, LastTrick):
        return tr("last trick", "sista sticket")
    if isinstance(event, ChicagoDeclared | ChicagoWon | ChicagoBroken):
        return "Chicago"
    if isinstance(event, Royal):
        return "royal straight flush"
    return tr(f"köp {event.buy} exchange", f"köp {event.buy}, byte")


def _hand(event: HandEvent) -> str:
    if event.tie:
        hand = f" ({hand_name(event.hand)})" if event.hand else ""
        return tr(f"exact tie{hand}: nobody scores", f"exakt lika{hand}: ingen får poäng")
    if event.player is None:
        return tr("pass: nobody had a hand", "pass: ingen hade en hand")
    cards = f" [{event.cards}]" if event.cards else ""
    zero = tr(", zeroing the others", ", nollar de andra") if event.zero else ""
    return f"{event.player}: {hand_name(event.hand)}{cards}{zero}"


def describe_event(event: Event) -> str:
    """One line: what was recorded, e.g. ``deal 1, köp 2: Anna: two pair``."""
    return tr(f"deal {event.deal}, ", f"giv {event.deal}, ") + describe_in_deal(event)


def describe_in_deal(event: Event) -> str:
    """The event without its deal number, for lines grouped under a deal: ``köp 2: Anna: two pair``."""
    where = moment_name(event)
    if isinstance(event, HandEvent):
        return f"{where}: {_hand(event)}"
    if isinstance(event, Exchange):
        return tr(
            f"{where}: {event.player} exchanged {event.count}",
            f"{where}: {event.player} bytte {event.count}",
        )
    if isinstance(event, ChicagoDeclared):
        return tr(f"{where}: {event.player} declares", f"{where}: {event.player} ropar Chicago")
    if isinstance(event, ChicagoWon):
        return tr(
            f"{where}: {event.player} took all five tricks",
            f"{where}: {event.player} tog alla fem stick",
        )
    if isinstance(event, ChicagoBroken):
        return tr(
            f"{where}: broken by {event.breaker}",
            f"{where}: bruten av {event.breaker}",
        )
    if isinstance(event, LastTrick):
        two = tr(" (with a two)", " (med en tvåa)") if event.with_two else ""
        return f"{where}: {event.player}{two}"
    if isinstance(event, Royal):
        return f"{where}: {event.player}"
    return where  # pragma: no cover - every event type is handled above


_RULE_TEXT = {
    "buy1_hand": ("best hand after köp 1", "bästa hand efter köp 1"),
    "buy2_hand": ("best hand after köp 2", "bästa hand efter köp 2"),
    "buy3_hand": ("best hand after köp 3", "bästa hand efter köp 3"),
    "showdown_hand": ("best hand after the tricks", "bästa hand efter sticken"),
    "last_trick": ("the last trick", "sista sticket"),
    "last_trick_with_two": ("the last trick, won with a two", "sista sticket, taget med en tvåa"),
    "chicago_won": ("Chicago: all five tricks", "Chicago: alla fem stick"),
    "chicago_broken": ("a broken Chicago", "bruten Chicago"),
    "breaker_bonus": ("breaking a Chicago", "bröt en Chicago"),
    "zeroed": ("zeroed by a four of a kind", "nollad av ett fyrtal"),
    "royal": ("royal straight flush: the game is won", "royal straight flush: partiet är vunnet"),
    "instant_win": ("a hand that wins the game at once", "en hand som vinner partiet direkt"),
    "required_to_win": (
        "reached the target without a successful Chicago: back to 0",
        "nådde målet utan en lyckad Chicago: tillbaka till 0",
    ),
}


def rule_text(rule: str) -> str:
    en, sv = _RULE_TEXT.get(rule, (rule, rule))
    return tr(en, sv)


def describe_award(award: Award, total: int | None = None) -> str:
    """``Anna +2 (best hand after köp 2; hands.two_pair)``, with the floor's clipping said.

    With ``total`` (the player's total after the award): ``Anna +2 → 4 (...)``."""
    sign = f"{award.points:+d}" + (f" → {total}" if total is not None else "")
    clipped = ""
    if award.points != award.nominal:
        clipped = tr(
            f", {award.nominal:+d} stopped at the zero floor (scoring.floor)",
            f", {award.nominal:+d} stoppat vid nollgränsen (scoring.floor)",
        )
    return f"{award.player} {sign} ({rule_text(award.rule)}; {award.key}{clipped})"


# -- corrections ------------------------------------------------------------------


def deal_parts(events: Sequence[Event]) -> dict[str, str]:
    """A deal's events as the parts a correction names, in deal order: ``{"last trick":
    "Bo", "Chicago": "Anna, broken by Bo", ...}``."""
    parts: dict[str, str] = {}
    for event in events:
        where = moment_name(event)
        if isinstance(event, HandEvent):
            parts[where] = _hand(event)
        elif isinstance(event, Exchange):
            parts[f"{where} {event.player}"] = str(event.count)
        elif isinstance(event, ChicagoDeclared):
            parts[where] = event.player
        elif isinstance(event, ChicagoWon):
            parts[where] = tr(f"{event.player}, all five", f"{event.player}, alla fem")
        elif isinstance(event, ChicagoBroken):
            declarer = parts.get(where, "?")
            parts[where] = tr(
                f"{declarer}, broken by {event.breaker}", f"{declarer}, bruten av {event.breaker}"
            )
        elif isinstance(event, LastTrick):
            parts[where] = event.player + (tr(" with a two", " med en tvåa") if event.with_two else "")
        else:
            parts[where] = event.player
    return parts


def correction_changes(correction: Correction) -> list[str]:
    """What a correction changed, part by part: ``last trick Bo → Cilla``."""
    before, after = deal_parts(correction.before), deal_parts(correction.after)
    none = tr("none", "inget")
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
    """``deal 3 corrected at 21:04: last trick Bo → Cilla``."""
    changes = "; ".join(correction_changes(correction)) or tr("the order", "ordningen")
    when = correction_time(correction)
    return tr(
        f"deal {correction.deal} corrected at {when}: {changes}",
        f"giv {correction.deal} rättad {when}: {changes}",
    )
