"""The one reader for a stake typed by a person: ``settle``, ``export``, ``play`` and
``stats`` all take their ``--stake`` through `parse_stake`, so ``0,5`` means the same
everywhere and no number can reach the arithmetic that it cannot handle.

A stake is an amount of money per point: plain decimal digits, at most two decimals
(öre), a decimal point or a decimal comma, from 0 up to `MAX_STAKE`.  Exponents
(``1e3``), signs, ``NaN``, ``inf``, thousands separators and non-ASCII digits are
refused: a person at the table never means them, and ``1e999999`` or a 40-digit amount
would otherwise turn into an overflow deep inside the settlement.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from decimal import Decimal, localcontext
from typing import ParamSpec, TypeVar

from ..i18n.language import Msg
from .errors import ChicagoError

#: The largest stake per point: a million is far beyond any table and keeps every
#: settlement (at most a few thousand points of difference) well inside exact decimals.
MAX_STAKE = Decimal(1_000_000)
#: Decimals a stake may have: whole öre.
STAKE_DECIMALS = 2
#: Longer texts are refused before any conversion (a 40-digit amount, a pasted essay).
_MAX_TEXT = 20

_AMOUNT = re.compile(r"(?P<whole>[0-9]*)(?:[.,](?P<fraction>[0-9]*))?", re.ASCII)


#: Digits the money arithmetic keeps.  New input is bounded (a stake by `MAX_STAKE`, a
#: penalty by `rules.LIMIT`), but a file an earlier release wrote may hold any whole number
#: Python reads (up to 4,300 digits): its money must come out exact too, never as an
#: InvalidOperation from the default context's 28 digits.  Small amounts cost no more.
MONEY_DIGITS = 10_000

_P = ParamSpec("_P")
_R = TypeVar("_R")


def exact_money(function: Callable[_P, _R]) -> Callable[_P, _R]:
    """``function`` run with `MONEY_DIGITS` of precision: sums, quantizing to öre and
    dividing into shares stay exact for any total a file can hold.  A local context, so
    each thread (the phone's server) gets it too, and nothing outside changes."""

    @functools.wraps(function)
    def exactly(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        with localcontext(prec=MONEY_DIGITS):
            return function(*args, **kwargs)

    return exactly


@exact_money
def to_ore(amount: Decimal) -> Decimal:
    """An amount of money as it is paid: whole amounts without a fraction (``12``), others
    to two decimals, whole öre (``2.50``).  The settlement of a game and of an evening
    round alike."""
    if amount == amount.to_integral_value():
        return amount.quantize(Decimal(1))
    return amount.quantize(Decimal("0.01"))


class StakeError(ChicagoError, ValueError):
    """A stake that is not an amount of money the settlement can use."""


def parse_stake(text: str) -> Decimal:
    """``text`` as a stake: a finite `Decimal` from 0 to `MAX_STAKE` with at most two
    decimals.  Raises `StakeError` saying why otherwise."""
    shown = _shown(text)
    stripped = text.strip()
    match = _AMOUNT.fullmatch(stripped) if len(stripped) <= _MAX_TEXT else None
    if match is None or not (match["whole"] or match["fraction"]):
        raise StakeError(
            Msg(
                "'{shown}' is not a stake: give an amount of 0 or more, like 1, 0.5 or 0,5",
                shown=shown,
            ),
        )
    fraction = (match["fraction"] or "").rstrip("0")
    if len(fraction) > STAKE_DECIMALS:
        raise StakeError(
            Msg(
                "'{shown}' is not a stake: at most {stake_decimals} decimals (whole öre)",
                shown=shown,
                stake_decimals=STAKE_DECIMALS,
            ),
        )
    value = Decimal(f"{match['whole'] or '0'}.{fraction or '0'}")
    if value > MAX_STAKE:
        raise StakeError(
            Msg(
                "'{shown}' is not a stake: at most {max_stake} per point",
                shown=shown,
                max_stake=MAX_STAKE,
            ),
        )
    return tidy_stake(value)


def check_stake(stake: Decimal) -> Decimal:
    """A stake given as a number (by code, not typed): finite, 0 to `MAX_STAKE`."""
    if not stake.is_finite() or stake < 0 or stake > MAX_STAKE:
        raise StakeError(
            Msg("the stake must be an amount from 0 to {max_stake}", max_stake=MAX_STAKE),
        )
    return stake


def tidy_stake(value: Decimal) -> Decimal:
    """Whole stakes without a fraction (``2``), others with their öre (``0.5``, ``1.25``)."""
    if value == value.to_integral_value():
        return value.quantize(Decimal(1))
    return value.normalize()


def _shown(text: str) -> str:
    """The text as it may be quoted back: printable and short (it may be anything)."""
    kept = "".join(ch if ch.isprintable() else "?" for ch in text[: _MAX_TEXT + 1])
    return kept + ("…" if len(text) > _MAX_TEXT + 1 else "")
