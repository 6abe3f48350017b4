"""One stake reader (core.stake): a stake is plain digits, a decimal point or comma, at
most two decimals (öre), from 0 to MAX_STAKE; anything else is refused with the reason."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chicago_protokoll.core.settle import settle
from chicago_protokoll.core.stake import MAX_STAKE, StakeError, parse_stake


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("1", Decimal(1)),
        ("0,5", Decimal("0.5")),
        ("0.5", Decimal("0.5")),
        (" 2 ", Decimal(2)),
        ("1,50", Decimal("1.5")),
        (".25", Decimal("0.25")),
        ("3.", Decimal(3)),
        ("0", Decimal(0)),
        ("1000000", MAX_STAKE),
        ("0.100", Decimal("0.1")),
    ],
)
def test_a_stake_reads_with_a_decimal_point_or_comma(text: str, value: Decimal) -> None:
    """`0,5` and `0.5` are the same stake; trailing zeros and spaces do not matter."""
    assert parse_stake(text) == value


NOT_STAKES = [
    "NaN", "nan", "inf", "-inf", "Infinity", "1e999999", "1e3", "9" * 40, "1" + "0" * 39,
    "-1", "+1", "", " ", ".", ",", "1,5,0", "1.5.0", "tio", "0.125", "1000000.01",
    "1 000", "١", "²", "0x10", "1_000", "\x1b[31m1",
]  # fmt: skip


@pytest.mark.parametrize("text", NOT_STAKES)
def test_what_is_not_an_amount_of_money_is_refused_with_the_reason(text: str) -> None:
    """NaN, infinities, exponents, 40 digits, signs, more than two decimals, foreign digits."""
    with pytest.raises(StakeError, match="is not a stake") as caught:
        parse_stake(text)
    assert "\x1b" not in str(caught.value)
    assert "insats" in caught.value.localized("sv")


@settings(max_examples=300)
@given(st.text(max_size=30))
def test_any_text_is_a_sane_stake_or_refused(text: str) -> None:
    """Whatever is typed: a finite stake within bounds in whole öre, or a StakeError."""
    try:
        value = parse_stake(text)
    except StakeError as error:
        assert str(error).isprintable()
        return
    assert value.is_finite() and 0 <= value <= MAX_STAKE
    assert value == value.quantize(Decimal("0.01"))
    # and the settlement can always use it
    settle({"Anna": 52, "Bo": -300}, ["Anna"], value)


@given(st.decimals(min_value=0, max_value=MAX_STAKE, places=2), st.sampled_from([".", ","]))
def test_every_stake_in_ore_round_trips_through_its_text(value: Decimal, point: str) -> None:
    """An amount written with either decimal mark reads back as that amount."""
    assert parse_stake(str(value).replace(".", point)) == value


@pytest.mark.parametrize("stake", [Decimal("NaN"), Decimal("Infinity"), Decimal("1e999999"), -1])
def test_the_settlement_refuses_a_stake_given_by_code_out_of_bounds(stake: Decimal | int) -> None:
    """settle() given a number checks the same bounds as the text reader."""
    with pytest.raises(StakeError):
        settle({"Anna": 52, "Bo": 30}, ["Anna"], stake)
