"""Money settlement of a finished game (seed 004): each loser pays the difference
to the winning total times the stake; several winners share it equally."""

from __future__ import annotations

from decimal import Decimal

import pytest

from chicago_protokoll.core.settle import Payment, amount_json, settle
from chicago_table import Table


def paid(payments: list[Payment]) -> dict[tuple[str, str], Decimal]:
    return {(p.payer, p.payee): p.amount for p in payments}


def total_paid_by(payments: list[Payment], payer: str) -> Decimal:
    return sum((p.amount for p in payments if p.payer == payer), Decimal(0))


def test_each_loser_pays_the_difference_times_the_stake() -> None:
    """Every other player pays the winner (winner's total - own total) × stake."""
    scores = {"Anna": 55, "Bo": 30, "Cilla": 12}
    assert paid(settle(scores, ["Anna"])) == {("Bo", "Anna"): 25, ("Cilla", "Anna"): 43}
    assert paid(settle(scores, ["Anna"], 2)) == {("Bo", "Anna"): 50, ("Cilla", "Anna"): 86}


def test_payments_come_in_seat_order_and_winners_pay_nothing() -> None:
    """One payment per loser, in seat order; no winner pays and nobody pays themselves."""
    payments = settle({"Bo": 30, "Anna": 55, "Cilla": 12}, ["Anna"])
    assert [(p.payer, p.payee) for p in payments] == [("Bo", "Anna"), ("Cilla", "Anna")]


def test_several_winners_share_what_each_loser_pays() -> None:
    """With two winners each loser pays the difference once, half to each winner."""
    payments = settle({"Anna": 52, "Bo": 52, "Cilla": 40, "Dan": 31}, ["Anna", "Bo"])
    assert paid(payments) == {
        ("Cilla", "Anna"): 6,
        ("Cilla", "Bo"): 6,
        ("Dan", "Anna"): Decimal("10.5"),
        ("Dan", "Bo"): Decimal("10.5"),
    }
    assert total_paid_by(payments, "Cilla") == 12
    assert total_paid_by(payments, "Dan") == 21
    assert not any(p.payer in ("Anna", "Bo") for p in payments)


def test_a_share_that_does_not_divide_evenly_still_adds_up_to_the_difference() -> None:
    """10 kr shared by three winners is 3.34 + 3.33 + 3.33: the loser pays exactly 10."""
    payments = settle({"A": 60, "B": 60, "C": 60, "D": 50}, ["A", "B", "C"])
    assert [p.amount for p in payments] == [Decimal("3.34"), Decimal("3.33"), Decimal("3.33")]
    assert total_paid_by(payments, "D") == 10


@pytest.mark.parametrize(
    ("stake", "amount"),
    [
        ("0.5", Decimal("12.5")),
        (Decimal("0.25"), Decimal("6.25")),
        ("0.10", Decimal("2.5")),
        ("1.5", Decimal("37.5")),
        (Decimal("0.125"), Decimal("3.12")),
    ],
)
def test_a_fractional_stake_gives_amounts_in_ore(stake: str | Decimal, amount: Decimal) -> None:
    """A stake in öre multiplies exactly and is rounded to whole öre."""
    (payment,) = settle({"Anna": 55, "Bo": 30}, ["Anna"], stake)
    assert payment.amount == amount


def test_whole_amounts_have_no_fraction() -> None:
    """An amount that is whole kronor reads as a whole number."""
    (payment,) = settle({"Anna": 55, "Bo": 30}, ["Anna"], "0.40")
    assert payment.amount == 10
    assert str(payment.amount) == "10"
    assert amount_json(payment.amount) == 10
    assert amount_json(Decimal("2.50")) == 2.5


def test_an_equal_total_pays_nothing() -> None:
    """A loser level with the winning total pays nothing (and no zero payment is listed)."""
    assert settle({"Anna": 52, "Bo": 52}, ["Anna"]) == []
    assert settle({"Anna": 55, "Bo": 30}, ["Anna"], 0) == []


def test_a_total_below_zero_pays_the_whole_difference() -> None:
    """Without the zero floor a negative total pays the difference from below zero."""
    assert paid(settle({"Anna": 52, "Bo": -3}, ["Anna"])) == {("Bo", "Anna"): 55}


def test_a_royal_winner_below_another_total_is_paid_only_by_those_below_them() -> None:
    """After a royal straight flush a player above the winner's total pays nothing."""
    payments = settle({"Anna": 52, "Bo": 57, "Cilla": 10}, ["Anna"])
    assert paid(payments) == {("Cilla", "Anna"): 42}


def test_no_winner_settles_nothing() -> None:
    """A game without winners (not finished) has no payments."""
    assert settle({"Anna": 40, "Bo": 30}, []) == []


def test_a_negative_stake_is_refused() -> None:
    """The stake cannot be negative."""
    with pytest.raises(ValueError, match="stake"):
        settle({"Anna": 52, "Bo": 30}, ["Anna"], -1)


def test_a_finished_game_settles_from_its_standings() -> None:
    """The standings of a finished game feed settle() directly."""
    table = Table()
    table.bring("Bo", 20)
    table.bring("Anna", 52)
    standings = table.standings()
    assert standings.finished
    payments = settle(standings.scores, standings.winners, "0.5")
    assert paid(payments) == {("Bo", "Anna"): 16, ("Cilla", "Anna"): 26}
