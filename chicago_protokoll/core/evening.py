"""The evening's money (`chicago settle --evening`): every finished game of the evening
settled at the stake, netted per player, and paid with as few transfers as possible.

Pure: it takes finished games (`core.stats.Played`) and returns amounts.  Each game is
settled exactly as `chicago settle` settles it (`core.settle.settle`), so the evening
is the sum of its games; only then are the nets rounded (``round_to``) and paid.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from decimal import ROUND_FLOOR, Decimal

from .settle import Payment, settle
from .stake import exact_money, to_ore
from .stats import Played

#: Up to this many players who owe or are owed, the payments are the fewest possible
#: (a search over every group of them: 2**12 = 4096 groups); beyond, at most one fewer
#: than their number, which is what one payment per debtor in turn gives.
EXACT_UP_TO = 12


@dataclass(frozen=True, slots=True)
class Evening:
    games: int
    stake: Decimal
    net: dict[str, Decimal]  # each player's winnings (negative: owes), as settled
    payments: tuple[Payment, ...]


@exact_money
def nets(games: Iterable[Played], stake: Decimal | int = 1) -> dict[str, Decimal]:
    """What each player won (or, negative, lost) over ``games`` at ``stake``, in the order
    the players first appear."""
    total: dict[str, Decimal] = {}
    for game in games:
        for name in game.players:
            total.setdefault(name, Decimal(0))
        for payment in settle(dict(zip(game.players, game.scores, strict=True)), game.winners, stake):
            total[payment.payer] -= payment.amount
            total[payment.payee] += payment.amount
    return {name: to_ore(amount) for name, amount in total.items()}


@exact_money
def rounded(net: Mapping[str, Decimal], unit: Decimal) -> dict[str, Decimal]:
    """The nets in whole ``unit``s by largest remainder: each player within one unit of
    their exact net, and the rounded nets still add up to nothing.  Units left over go to
    the largest remainders, ties by name."""
    if unit <= 0:
        raise ValueError("the unit must be more than 0")
    floors = {name: (amount / unit).to_integral_value(rounding=ROUND_FLOOR) for name, amount in net.items()}
    left_over = int(-sum(floors.values()))  # sum(net) == 0, so this many units are owed back
    by_remainder = sorted(net, key=lambda name: (-(net[name] / unit - floors[name]), name))
    extra = set(by_remainder[:left_over])
    return {
        name: to_ore((floors[name] + (1 if name in extra else 0)) * unit) for name in net
    }


@exact_money
def fewest_payments(net: Mapping[str, Decimal]) -> list[Payment]:
    """Payments that settle ``net`` (adding up to nothing): the players are split into as
    many groups that settle among themselves as possible, and each group of k players
    pays with k - 1 payments, the largest debtor to the largest creditor first."""
    open_ = [name for name, amount in net.items() if amount != 0]
    groups = _zero_sum_groups(open_, net) if len(open_) <= EXACT_UP_TO else [open_]
    payments: list[Payment] = []
    for group in groups:
        payments.extend(_pay_within(group, net))
    return payments


def _zero_sum_groups(names: list[str], net: Mapping[str, Decimal]) -> list[list[str]]:
    """The most groups of ``names`` each adding up to nothing (dynamic programming over
    the subsets): best[mask] is the most complete groups an order of mask's players
    can close, and a group closes wherever the running sum is zero."""
    count = len(names)
    full = (1 << count) - 1
    sums = [Decimal(0)] * (1 << count)
    best = [0] * (1 << count)
    for mask in range(1, full + 1):
        low = (mask & -mask).bit_length() - 1
        sums[mask] = sums[mask & (mask - 1)] + net[names[low]]
        best[mask] = max(best[mask ^ (1 << i)] for i in range(count) if mask >> i & 1) + (
            sums[mask] == 0
        )
    order: list[int] = []
    mask = full
    while mask:
        closes = sums[mask] == 0
        i = next(
            i for i in range(count) if mask >> i & 1 and best[mask ^ (1 << i)] + closes == best[mask]
        )
        order.append(i)
        mask ^= 1 << i
    order.reverse()  # the order in which the players are added
    groups: list[list[str]] = []
    current: list[str] = []
    running = Decimal(0)
    for i in order:
        current.append(names[i])
        running += net[names[i]]
        if running == 0:
            groups.append(current)
            current = []
    if current:  # only when the nets do not add up to nothing
        groups.append(current)
    return groups


def _pay_within(group: list[str], net: Mapping[str, Decimal]) -> list[Payment]:
    owes = {name: -net[name] for name in group if net[name] < 0}
    owed = {name: net[name] for name in group if net[name] > 0}
    payments: list[Payment] = []
    while owes and owed:
        payer = max(owes, key=lambda name: (owes[name], name))
        payee = max(owed, key=lambda name: (owed[name], name))
        amount = min(owes[payer], owed[payee])
        payments.append(Payment(payer, payee, to_ore(amount)))
        for side, name in ((owes, payer), (owed, payee)):
            side[name] -= amount
            if side[name] == 0:
                del side[name]
    return payments


@exact_money
def evening(
    games: Iterable[Played], stake: Decimal | int = 1, *, round_to: Decimal | None = None
) -> Evening:
    """The evening of ``games``: the nets at ``stake`` (rounded to whole ``round_to``
    units when given) and the fewest payments that settle them."""
    played = list(games)
    stake = Decimal(stake)
    net = nets(played, stake)
    if round_to is not None:
        net = rounded(net, round_to)
    return Evening(len(played), stake, net, tuple(fewest_payments(net)))
