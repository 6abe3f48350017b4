"""A recorded deal read back as values: its claims, and the entry that would record it.

The inverse of `entry` (what is said at the table -> events), used wherever a recorded
deal is shown for a change (a correction's form, the phone's whole deal, the paper
protocol, the CSV); apart from `correct`, which replays what a change makes of it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import assert_never

from . import claims
from .entry import DealEntry, PlayerExchanges
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

__all__ = ["RecordedClaims", "exchanges_text", "recorded_claims", "recorded_entry"]


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
    """A recorded deal as the values that would record it again (``chicago deal``'s
    parts).  An exchange not recorded in a köp before one that is counts 0 (a player's
    counts run from köp 1).  The revisor's entries are no part of it
    (`keep_revisor_entries` keeps them)."""
    buys: list[claims.Claim] = []
    exchanges: dict[str, dict[int, int]] = {}
    seats: dict[str, str | None] = dict.fromkeys(("chicago", "broken_by", "royal"))
    last_trick: claims.Taking | None = None
    showdown: claims.Claim | None = None
    with_two = False
    for event in events:
        match event:
            case BuyWinner():
                buys.append(claims.Claim.of(event))
            case Showdown():
                showdown = claims.Claim.of(event)
            case Exchange():
                exchanges.setdefault(event.player, {})[event.buy] = event.count
            case ChicagoDeclared():
                seats["chicago"] = event.player
            case ChicagoWon():
                pass  # a declared Chicago that nobody broke: it succeeded
            case ChicagoBroken():
                seats["broken_by"] = event.player
            case LastTrick():
                # The two is the entry's own part (``--with-two``), not said twice.
                last_trick = replace(claims.Taking.of(event), with_two=False)
                with_two = event.with_two
            case Royal():
                seats["royal"] = event.player
            case Penalty() | Forfeit() | Note():
                pass  # beside the play, kept by a correction as they are
            case _:
                assert_never(event)
    return DealEntry(
        buys=tuple(buys),
        exchanges=tuple(
            (who, tuple(counts.get(k, 0) for k in range(1, max(counts) + 1)))
            for who, counts in exchanges.items()
        ),
        chicago=seats["chicago"],
        broken_by=seats["broken_by"],
        last_trick=last_trick,
        with_two=with_two,
        showdown=showdown,
        royal=seats["royal"],
    )


def exchanges_text(exchanges: PlayerExchanges) -> str:
    """A player's exchanges as ``chicago deal --exchange`` takes them (``Anna:2,1``): the
    paper protocol's and the CSV's column, written for a person or a later import."""
    who, counts = exchanges
    return f"{who}:{','.join(str(count) for count in counts)}"
