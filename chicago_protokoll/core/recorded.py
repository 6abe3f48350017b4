"""A recorded deal read back as values: its claims, and the entry that would record it.

The inverse of `entry` (what is said at the table -> events), used wherever a recorded
deal is shown for a change (a correction's form, the phone's whole deal, the paper
protocol, the CSV); apart from `correct`, which replays what a change makes of it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import assert_never

from . import claims
from .entry import DealEntry
from .events import (
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

__all__ = ["RecordedClaims", "recorded_claims", "recorded_entry"]


@dataclass(frozen=True, slots=True)
class RecordedClaims:
    """A recorded deal's claims as values: each scored köp's by number, the showdown's
    (a pass when there was none), and the last trick's taking (None after a Chicago)."""

    buys: dict[int, claims.Claim]
    showdown: claims.Claim
    last_trick: claims.Taking | None


def recorded_claims(events: Sequence[Event]) -> RecordedClaims:
    """The claims of deal's recorded ``events`` (`deal_events`), as a correction form
    shows them and compares what was chosen against them."""
    buys = {e.buy: claims.Claim.of(e) for e in events if isinstance(e, BuyWinner)}
    showdown = next((claims.Claim.of(e) for e in events if isinstance(e, Showdown)), None)
    last = next((claims.Taking.of(e) for e in events if isinstance(e, LastTrick)), None)
    return RecordedClaims(buys, showdown or claims.Claim(None), last)


def recorded_entry(events: Sequence[Event]) -> DealEntry:
    """A recorded deal as it would be typed to ``chicago deal``.  An exchange not recorded
    in a köp before one that is reads as 0 (``PLAYER:N,N`` counts from köp 1).  The
    revisor's entries are no part of it (`keep_revisor_entries` keeps them)."""
    buys: list[str] = []
    exchanges: dict[str, dict[int, int]] = {}
    values: dict[str, str | None] = dict.fromkeys(
        ("chicago", "broken_by", "last_trick", "showdown", "royal")
    )
    with_two = False
    for event in events:
        match event:
            case BuyWinner():
                buys.append(claims.Claim.of(event).text())
            case Showdown():
                values["showdown"] = claims.Claim.of(event).text()
            case Exchange():
                exchanges.setdefault(event.player, {})[event.buy] = event.count
            case ChicagoDeclared():
                values["chicago"] = event.player
            case ChicagoWon():
                pass  # a declared Chicago that nobody broke: it succeeded
            case ChicagoBroken():
                values["broken_by"] = event.player
            case LastTrick():
                # The two is the entry's own part (``--with-two``), not said twice.
                values["last_trick"] = replace(claims.Taking.of(event), with_two=False).text()
                with_two = event.with_two
            case Royal():
                values["royal"] = event.player
            case Penalty() | Forfeit() | Note():
                pass  # beside the play, kept by a correction as they are
            case _:
                assert_never(event)
    return DealEntry(
        buys=tuple(buys),
        exchanges=tuple(
            f"{who}:{','.join(str(counts.get(k, 0)) for k in range(1, max(counts) + 1))}"
            for who, counts in exchanges.items()
        ),
        with_two=with_two,
        **values,  # the five one-text fields of DealEntry
    )
