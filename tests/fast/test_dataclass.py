"""chicago_protokoll.fast.dataclass makes classes that behave as dataclasses.dataclass makes them."""

from __future__ import annotations

import dataclasses
import math
from typing import Any, ClassVar

import pytest
from hypothesis import given
from hypothesis import strategies as st

from chicago_protokoll.core import cards, events, game, rules
from chicago_protokoll.fast import dataclass as _dataclass


def _pair(**options: Any) -> tuple[type, type]:
    """The same class body made by the standard decorator and by ours."""

    def body(decorate: Any) -> type:
        @decorate(**options)
        class Record:
            """A record."""

            deal: int
            player: str | None
            hand: Any = None
            note: str = dataclasses.field(default="", repr=False)
            seen: list[int] = dataclasses.field(default_factory=list, compare=False)
            weight: float = dataclasses.field(default=0.0, hash=False)
            kind: ClassVar[str] = "record"

        return Record

    return body(dataclasses.dataclass), body(_dataclass.dataclass)


OPTIONS = [
    {"frozen": True},
    {},
    {"frozen": True, "eq": False},
    {"repr": False},
    {"frozen": True, "order": True},
]
VALUES = st.tuples(
    st.integers(-3, 3),
    st.one_of(st.none(), st.sampled_from(["Anna", "Åsa", ""])),
    st.one_of(st.none(), st.integers(0, 2), st.just(math.nan), st.text(max_size=3)),
    st.text(max_size=2),
    st.lists(st.integers(0, 2), max_size=2),
    st.sampled_from([0.0, 1.5, math.nan]),
)


@pytest.mark.parametrize("options", OPTIONS, ids=str)
@given(VALUES, VALUES)
def test_repr_eq_and_hash_are_those_of_dataclasses(
    options: dict[str, Any], a: tuple[Any, ...], b: tuple[Any, ...]
) -> None:
    """Text, equality (an object equals itself, NaN included) and hash come out the same."""
    standard, ours = _pair(**options)
    for x, y in ((a, b), (a, a)):
        s1, s2, o1, o2 = standard(*x), standard(*y), ours(*x), ours(*y)
        if options.get("repr", True):
            assert repr(o1) == repr(s1)
        else:
            assert ours.__repr__ is standard.__repr__ is object.__repr__
        assert (o1 == o2) == (s1 == s2)
        assert (o1 != o2) == (s1 != s2)
        assert (o1 == x) == (s1 == x)  # another type: NotImplemented, then identity
        hashable = standard.__hash__ is not None
        assert (ours.__hash__ is not None) == hashable
        if hashable and options.get("frozen") and options.get("eq", True):
            try:
                expected = hash(s1)
            except TypeError:  # an unhashable field value
                with pytest.raises(TypeError):
                    hash(o1)
            else:
                assert hash(o1) == expected


def test_what_dataclasses_records_is_the_same() -> None:
    """Fields, signature, docstring, match args, frozenness and replace() are untouched."""
    standard, ours = _pair(frozen=True)
    assert [f.name for f in dataclasses.fields(ours)] == [
        f.name for f in dataclasses.fields(standard)
    ]
    assert ours.__match_args__ == standard.__match_args__
    assert ours.__doc__ == standard.__doc__
    record = ours(1, "Anna")
    with pytest.raises(dataclasses.FrozenInstanceError):
        record.deal = 2  # type: ignore[misc]
    assert dataclasses.replace(record, deal=2) == ours(2, "Anna")
    assert ours.__repr__.__qualname__ == "_pair.<locals>.body.<locals>.Record.__repr__"


def test_a_recursive_repr_shows_dots() -> None:
    """A record that contains itself prints ... where it recurs, as dataclasses' repr does."""
    standard, ours = _pair()
    s, o = standard(1, "Anna"), ours(1, "Anna")
    s.hand, o.hand = s, o
    assert repr(o) == repr(s)


def test_subclasses_compare_on_their_own_fields() -> None:
    """A record subclass (BuyWinner of HandEvent) equals only its own class."""
    assert events.BuyWinner(1, "Anna", buy=2) == events.BuyWinner(1, "Anna", buy=2)
    assert events.BuyWinner(1, "Anna", buy=2) != events.BuyWinner(1, "Anna", buy=1)
    assert events.Showdown(1, "Anna") != events.HandEvent(1, "Anna")
    assert hash(events.Showdown(1, "Anna")) == hash(events.Showdown(1, "Anna"))
    assert repr(events.LastTrick(3, "Bo")) == "LastTrick(deal=3, player='Bo', with_two=False)"


def test_classes_with_their_own_methods_are_left_to_dataclasses() -> None:
    """ScoringRules defines __eq__ and __hash__; Card asks for order: both are untouched."""
    assert rules.ScoringRules(floor=False) != rules.ScoringRules(floor=0)
    assert cards.parse_card("KH") > cards.parse_card("QS")
    assert game.Session.__eq__.__qualname__ == "Session.__eq__"
