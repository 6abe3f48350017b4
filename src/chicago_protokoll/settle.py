"""Money settlement of a finished game (seed 004).

Each loser pays the difference between the winning total and their own,
times the stake.  With several winners each loser pays that difference once
and the winners share it equally.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal


@dataclass(frozen=True)
class Payment:
    """``payer`` pays ``payee`` ``amount`` (in the stake's currency)."""

    payer: str
    payee: str
    amount: Decimal


def settle(
    scores: Mapping[str, int], winners: Sequence[str], stake: Decimal | int | str = 1
) -> list[Payment]:
    """The payments that settle a game: one per loser and winner, in seat order."""
    stake = Decimal(str(stake))
    if stake < 0:
        raise ValueError("the stake cannot be negative")
    if not winners:
        return []
    winning_total = max(scores[name] for name in winners)
    payments: list[Payment] = []
    for loser, score in scores.items():
        if loser in winners:
            continue
        owed = max(0, winning_total - score) * stake
        if owed == 0:
            continue
        share = owed / len(winners)
        for winner in winners:
            payments.append(Payment(loser, winner, _tidy(share)))
    return payments


def _tidy(amount: Decimal) -> Decimal:
    """Whole amounts without a fraction; others to two decimals (öre)."""
    if amount == amount.to_integral_value():
        return amount.quantize(Decimal(1))
    return amount.quantize(Decimal("0.01"))


def amount_json(amount: Decimal) -> int | float:
    """An amount for JSON: an int when whole (``12``), else a float (``2.5``)."""
    return int(amount) if amount == amount.to_integral_value() else float(amount)
