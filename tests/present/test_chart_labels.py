"""The chart's y-axis labels: the target, the lowest and highest totals, köpstopp, then every
tenth point where a row and its neighbours are free, however high the target."""

from __future__ import annotations

import math

from hypothesis import given
from hypothesis import strategies as st

from chicago_protokoll.present.chart import Race, _y_labels


def _every_tenth_point(race: Race, rows: int, row_of: object) -> dict[int, str]:
    """The rule as first written: each candidate in turn, every tenth point included."""
    assert callable(row_of)
    wanted = [race.target, race.low, race.high]
    if race.buy_stop is not None:
        wanted.insert(1, race.buy_stop)
    wanted += list(range(10 * math.ceil(race.low / 10), race.high, 10))
    labels: dict[int, str] = {}
    for value in wanted:
        row = row_of(value)
        if not (row in labels or row + 1 in labels or row - 1 in labels) and 0 <= row < rows:
            labels[row] = str(value)
    return labels


@given(
    st.integers(-60, 0),
    st.integers(1, 5000),
    st.one_of(st.none(), st.integers(-60, 5000)),
    st.integers(5, 40),
    st.integers(0, 5000),
)
def test_labels_are_those_of_trying_every_tenth_point(
    low: int, target: int, buy_stop: int | None, rows: int, top: int
) -> None:
    """Trying rows instead of values (a table playing to 1,000,000) labels the same rows."""
    race = Race(("Anna",), ((low, top),), (0, 1), target, buy_stop, (), False)

    def row_of(value: float) -> int:
        return round((value - race.low) / (race.high - race.low) * (rows - 1))

    assert _y_labels(race, rows, row_of) == _every_tenth_point(race, rows, row_of)
