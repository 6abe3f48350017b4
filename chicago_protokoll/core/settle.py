"""Money settlement of a finished game (seed 004).

Each loser pays the difference between the winning total and their own,
times the stake, rounded to whole öre.  With several winners each loser pays
that difference once and the winners share it equally (to the öre).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .standings import Standings

from .stake import check_stake, exact_money, parse_stake, to_ore


@dataclass(frozen=True, slots=True)
class Payment:
    """``payer`` pays ``payee`` ``amount`` (in the stake's currency)."""

    payer: str
    payee: str
    amount: Decimal


@exact_money
def settle(
    scores: Mapping[str, int], winners: Sequence[str], stake: Decimal | int | str = 1
) -> list[Payment]:
    """The payments that settle a game: one per loser and winner, in seat order."""
    # Text goes through the one stake reader; a number given by code is checked the same way.
    stake = parse_stake(stake) if isinstance(stake, str) else check_stake(Decimal(stake))
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
        for winner, share in zip(winners, _shares(owed, len(winners)), strict=True):
            payments.append(Payment(loser, winner, share))
    return payments


def settle_standings(standings: Standings, stake: Decimal | int | str = 1) -> list[Payment]:
    """The payments that settle the game of ``standings``; none until the game is over
    (its winners are empty until then).  A forfeiting player counts as 0 points."""
    return settle(standings.counted_scores, standings.winners, stake)


def _shares(owed: Decimal, count: int) -> list[Decimal]:
    """``owed`` split equally in whole öre, adding up to it exactly: an öre that does
    not divide goes to the first winners in seat order (10 kr to three: 3.34, 3.33, 3.33)."""
    ore = int((owed * 100).to_integral_value())
    base, extra = divmod(ore, count)
    return [to_ore(Decimal(base + (1 if i < extra else 0)) / 100) for i in range(count)]


#: Beyond this a float no longer holds every öre (2**53 hundredths).
_FLOAT_ORE = Decimal(2**53) / 100


@exact_money
def amount_json(amount: Decimal) -> int | float:
    """An amount for JSON: an int when whole (``12``), else a float (``2.5``).  An amount
    past a float's öre (only a huge penalty in a file an earlier release wrote gives one)
    is its whole part: exact in every digit a float would round, and never ``Infinity``,
    which JSON cannot hold."""
    if amount == amount.to_integral_value():
        return int(amount)
    if abs(amount) >= _FLOAT_ORE:
        return int(amount)
    return float(amount)


@exact_money
def amount_text(amount: Decimal) -> str:
    """An amount as text, exact however large: ``12``, ``2.5``, ``17.16``.  What
    ``str(amount_json(amount))`` gives for any amount a float holds; a float's ``3.3e+27``
    never reaches a person (a file an earlier release wrote may hold a huge penalty)."""
    if amount == amount.to_integral_value():
        return str(int(amount))
    return format(amount, "f").rstrip("0")
