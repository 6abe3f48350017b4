"""What a protocol's rows say besides their numbers, the same on every sheet (`log`, the
Markdown and HTML exports, the live page): a corrected deal (✎, and what changed), the
hand that won the game (★, a +52 never stands without its reason), and who began a deal
in köpstopp (⊘ in text; the HTML sheet shades the cell).  The revisor's entries are
listed with their reasons by `narrate.revisor_lines` and `export.revisor_entries`."""

from __future__ import annotations

from collections.abc import Sequence

from ..core.events import Correction, HandEvent, Royal
from ..core.standings import Award, DealRecord, Standings
from ..i18n.language import language, t

CORRECTED = "✎"
WON_THE_GAME = "★"
BUY_STOP = "⊘"

# The award rules `core.game` gives a hand that wins the game at once.


def corrected_deals(corrections: Sequence[Correction]) -> set[int]:
    return {correction.deal for correction in corrections}


def game_winning_award(record: DealRecord) -> Award | None:
    """The award of a royal straight flush (or a hand the house rules make win) in this deal."""
    for entry in record.entries:
        for award in entry.awards:
            if award.reason.wins_the_game:
                return award
    return None


def game_winning_note(record: DealRecord) -> str | None:
    """``★ deal 4: Cilla won the game with a royal straight flush (hands.royal_straight_flush)``."""
    for entry in record.entries:
        award = next((a for a in entry.awards if a.reason.wins_the_game), None)
        if award is None:
            continue
        event = entry.event
        if isinstance(event, HandEvent) and event.hand is not None:
            hand = event.hand.localized(language())
        elif isinstance(event, Royal):
            hand = t("a royal straight flush")
        else:  # pragma: no cover - only hands win a game at once
            hand = award.words(language())
        return f"{WON_THE_GAME} " + t(
            "deal {deal}: {player} won the game with {hand} ({key})",
            deal=record.number,
            player=award.player,
            hand=hand,
            key=award.key,
        )
    return None


def cell_marks(record: DealRecord, name: str) -> str:
    """The text marks of one player's cell: ⊘ köpstopp, ★ the hand that won the game."""
    marks = BUY_STOP if name in record.buy_stop else ""
    award = game_winning_award(record)
    if award is not None and award.player == name:
        marks += WON_THE_GAME
    return marks


def correction_notes(corrections: Sequence[Correction]) -> list[str]:
    """``✎ deal 3 corrected at 21:04: last trick Bo → Cilla``, one per correction."""
    from .narrate import describe_correction

    return [f"{CORRECTED} {describe_correction(correction)}" for correction in corrections]


def footnotes(standings: Standings, corrections: Sequence[Correction]) -> list[str]:
    """Every footnote of a protocol: what each correction changed, the hand that won the
    game, and the köpstopp mark's meaning when a cell carries it."""
    notes = correction_notes(corrections)
    notes += [note for record in standings.deals if (note := game_winning_note(record))]
    if any(record.buy_stop for record in standings.deals):
        notes.append(
            t("{mark}: köpstopp in that deal (buy_stop.threshold)", mark=BUY_STOP)
        )
    return notes
