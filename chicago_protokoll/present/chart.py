"""The score race: each player's total over the deals, with the target and köpstopp lines.

`score_race` takes the numbers from the replay; `text_chart` draws them in plain
characters for a terminal (no Rich); `race_drawing` lays the same race out for the SVG
chart of the HTML sheet (the template ``chart.html`` draws a `Drawing`, the league's
rating chart too).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction
from typing import Any, NamedTuple

from ..core.standings import Standings
from ..i18n.language import t
from .short_names import told_apart
from .width import text_width

# One marker per seat, told apart without colour; "#" where lines cross.
MARKERS = ("*", "o", "+", "x", "@", "%")
SEVERAL = "#"
TARGET_LINE = "="
BUY_STOP_LINE = "-"


class Race(NamedTuple):  # a record the chart reads (see the drawing's parts below)
    """Each player's total at the start (0) and after each recorded deal."""

    players: tuple[str, ...]
    totals: tuple[tuple[int, ...], ...]  # per player, one value per point of ``deals``
    deals: tuple[int, ...]  # 0 (the start), then the deal numbers
    target: int
    buy_stop: int | None
    winners: tuple[str, ...]
    in_progress: bool  # the last deal is not finished

    @property
    def low(self) -> int:
        return min(0, *(min(series) for series in self.totals))

    @property
    def high(self) -> int:
        return max(self.target, *(max(series) for series in self.totals))


def score_race(standings: Standings) -> Race:
    players = tuple(p.name for p in standings.players)
    totals = tuple(
        (0, *(record.totals[index] for record in standings.deals)) for index in range(len(players))
    )
    threshold = standings.rules.buy_stop.threshold
    return Race(
        players=players,
        totals=totals,
        deals=(0, *(record.number for record in standings.deals)),
        target=standings.rules.game.target,
        buy_stop=threshold,
        winners=standings.winners,
        in_progress=bool(standings.deals) and not standings.deals[-1].complete,
    )


def marker(index: int) -> str:
    return MARKERS[index % len(MARKERS)]


def text_chart(race: Race, session_name: str, *, width: int = 80, height: int = 15) -> list[str]:
    """The race drawn in ``width`` columns: y axis of points, x axis of deals, a legend."""
    title = t("{session_name}: the score race, deal by deal", session_name=session_name)
    count = len(race.deals) - 1
    if count == 0:
        return [title, t("Nothing is recorded yet.")]
    low, high = race.low, race.high
    target_label = t("target {target}", target=race.target)
    stop_label = f"köpstopp {race.buy_stop}" if race.buy_stop is not None else ""
    label_width = max(len(str(low)), len(str(high)))
    right_width = max(len(target_label), len(stop_label)) + 1
    room = width - label_width - 2 - right_width
    # Wide enough to tell the deals apart, never wider than the terminal allows.
    plot_width = max(2, min(room, max(count * 8, 24) + 1))
    rows = max(5, height)

    def row_of(value: float | Fraction) -> int:
        return round((value - low) / (high - low) * (rows - 1))

    grid = [[" "] * plot_width for _ in range(rows)]
    right = [""] * rows
    target_row = row_of(race.target)
    grid[target_row] = [TARGET_LINE] * plot_width
    right[target_row] = target_label
    if race.buy_stop is not None and low <= race.buy_stop <= high:
        stop_row = row_of(race.buy_stop)
        if stop_row != target_row:
            grid[stop_row] = [BUY_STOP_LINE] * plot_width
            right[stop_row] = stop_label
        else:
            right[stop_row] = f"{target_label}, {stop_label}"

    for index, series in enumerate(race.totals):
        mark = marker(index)
        previous: int | None = None
        for column in range(plot_width):
            # Exact fractions, not floats: a total from a file an earlier release wrote
            # may be beyond a float's range (a huge penalty), and must still draw.
            position = Fraction(column * count, plot_width - 1)
            left = min(math.floor(position), count - 1)
            fraction = position - left
            value = series[left] + (series[left + 1] - series[left]) * fraction
            row = row_of(value)
            span = [row] if previous is None else _between(previous, row)
            for cell in span:
                here = grid[cell][column]
                if here in MARKERS and here != mark:
                    grid[cell][column] = SEVERAL
                elif here != SEVERAL:
                    grid[cell][column] = mark
            previous = row

    labels = _y_labels(race, rows, row_of)
    lines = [title]
    for row in range(rows - 1, -1, -1):
        label = labels.get(row, "")
        plot = "".join(grid[row])
        text = f"{label:>{label_width}} |{plot}"
        if right[row]:
            text += " " + right[row]
        lines.append(text.rstrip())
    lines.append(" " * label_width + " +" + "-" * plot_width)
    lines.append(" " * (label_width + 2) + _x_labels(race, plot_width, count))
    lines.extend(_legend(race, width))
    return lines


def _between(previous: int, row: int) -> list[int]:
    """The rows a line passes through from ``previous`` (drawn) to ``row`` in the next column."""
    if row == previous:
        return [row]
    step = 1 if row > previous else -1
    return list(range(previous + step, row + step, step))


def _y_labels(race: Race, rows: int, row_of: Callable[[int], int]) -> dict[int, str]:
    wanted = [race.target, race.low, race.high]
    if race.buy_stop is not None:
        wanted.insert(1, race.buy_stop)
    labels: dict[int, str] = {}

    def offer(value: int) -> int:
        row = row_of(value)
        if not (row in labels or (row + 1) in labels or (row - 1) in labels) and 0 <= row < rows:
            labels[row] = str(value)
        return row

    for value in wanted:
        offer(value)
    # Then every tenth point; of the values on one row only the first can be its label
    # (the rest find it, or the neighbour that kept it out, taken), so the next one tried
    # is the first on a higher row: a table playing to 1,000,000 tries rows, not 100,000
    # values.  row_of never falls as the value grows.
    # Integer arithmetic, not len(range(...)): a file of an earlier release may play to
    # a target past what a C size can hold (10**28), and the chart must still draw.
    first = 10 * -(-race.low // 10)
    count = max(0, -(-(race.high - first) // 10))

    def tens(index: int) -> int:
        return first + 10 * index

    index = 0
    while index < count:
        row = offer(tens(index))
        low, high = index + 1, count
        while low < high:
            middle = (low + high) // 2
            if row_of(tens(middle)) <= row:
                low = middle + 1
            else:
                high = middle
        index = low
    return labels


def _x_labels(race: Race, plot_width: int, count: int) -> str:
    """Deal numbers under their columns, thinned out so they never run together."""
    line = [" "] * (plot_width + 12)
    end = -2
    for position, number in enumerate(race.deals):
        column = round(position * (plot_width - 1) / count)
        text = str(number)
        if column <= end + 1:
            continue
        line[column : column + len(text)] = text
        end = column + len(text) - 1
    word = t("deal")
    if race.in_progress:
        word += t(" (the last in progress)")
    return "".join(line).rstrip() + "  " + word


def _legend(race: Race, width: int) -> list[str]:
    items = []
    for index, name in enumerate(race.players):
        total = race.totals[index][-1]
        win = t(" (winner)") if name in race.winners else ""
        items.append(f"{marker(index)} {name} {total}{win}")
    items.append(t("{marker} several players", marker=SEVERAL))
    items.append(
        t(
            "{target_line} target {target} (game.target)",
            target_line=TARGET_LINE,
            target=race.target,
        )
    )
    if race.buy_stop is not None:
        items.append(f"{BUY_STOP_LINE} köpstopp {race.buy_stop} (buy_stop.threshold)")
    lines: list[str] = []
    current = ""
    for item in items:
        candidate = f"{current}   {item}" if current else f"  {item}"
        if text_width(candidate) > width and current:
            lines.append(current)
            candidate = f"  {item}"
        current = candidate
    lines.append(current)
    return lines


def chart_dict(standings: Standings) -> dict[str, Any]:
    """``chart --json`` (cli.md, "More JSON"): each player's total after each recorded deal,
    and the deal from which they were in köpstopp (None if never)."""
    race = score_race(standings)
    players = []
    for index, name in enumerate(race.players):
        stopped = [record.number for record in standings.deals if name in record.buy_stop]
        if not stopped and standings.players[index].buy_stop and not standings.finished:
            stopped = [standings.deal]  # in köpstopp from the deal being played
        players.append(
            {
                "name": name,
                "totals": list(race.totals[index][1:]),
                "buy_stop_from": stopped[0] if stopped else None,
            }
        )
    return {
        "target": race.target,
        "buy_stop": race.buy_stop,
        "deals": list(race.deals[1:]),
        "players": players,
    }


# -- the SVG chart ---------------------------------------------------------------------------

# Okabe-Ito colours (told apart with colour blindness) and a dash each, for a
# black-and-white printer.
COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9")
DASHES = ("", "7 4", "2 3", "9 3 2 3", "1 4", "12 5")

# The drawing's parts are named tuples, not frozen dataclasses: records the template reads
# and nothing compares, made by the commands that write HTML only, where each frozen
# slotted dataclass costs about 1.6 % of `import typer` to create at import and a named
# tuple a fifth of that (bench/html_instructions.py; docs/design.md keeps the model, not
# the presentation's records, frozen dataclasses).


class Line(NamedTuple):
    """A straight line of the chart: ``kind`` its class (grid, axis, target, buy-stop),
    ``title`` what it is named on hover (empty: nothing)."""

    kind: str
    x1: float
    y1: float
    x2: float
    y2: float
    title: str = ""


class Label(NamedTuple):
    x: float
    y: float
    text: str
    anchor: str = "start"
    kind: str = ""


class Series(NamedTuple):
    """One player's line: its points, colour and dash, and the dots on each deal (if any)."""

    name: str
    colour: str
    dash: str
    points: tuple[tuple[float, float], ...]
    dots: bool = False


class Key(NamedTuple):
    """One entry of the legend: a short line in the player's pen and the shown text."""

    name: str
    colour: str
    dash: str
    x: float
    y: float
    text: str
    width: float = 3


class Drawing(NamedTuple):
    """Everything the template ``chart.html`` draws, in the units of its viewBox (the
    lists given empty and filled in: a named tuple has no per-instance default)."""

    width: int
    height: int
    label: str
    lines: list[Line]
    labels: list[Label]
    series: list[Series]
    keys: list[Key]


#: A name in the legend of the score race is cut to this many characters.
LEGEND_NAME = 16


def race_drawing(race: Race, *, width: int = 480, plot_height: int = 230) -> Drawing:
    """The race laid out as SVG draws it: a polyline per player, the target and köpstopp
    lines, and the legend under the plot.

    Narrow on purpose (480 units): on a 390 px phone the 15-unit labels are still about
    12 px tall, and the plot has the whole width because the legend sits below it.
    """
    left, right, top = 38, 12, 12
    plot_w, plot_h = width - left - right, plot_height
    # Legend entries a row: three short names, or two longer ones (cut, told apart).
    shown = told_apart(race.players, LEGEND_NAME)
    longest = max(
        len(f"{shown[name]} {max(totals)}") for name, totals in zip(race.players, race.totals, strict=True)
    )
    per_row = 3 if longest <= 11 else 2
    legend_top = top + plot_h + 56
    height = legend_top + 22 * -(-len(race.players) // per_row)
    count = max(1, len(race.deals) - 1)
    # Room above the target, so its line never doubles as the frame of the plot.
    low, high = race.low, 10 * -(-(race.high + 4) // 10)
    y_step = 10 * -(-(high - low) // 80)  # at most about 8 grid lines, however long the game

    def x(position: int) -> float:
        return round(left + position * plot_w / count, 1)

    def y(value: float) -> float:
        return round(top + plot_h - (value - low) / (high - low) * plot_h, 1)

    drawing = Drawing(width, height, t("Score race, deal by deal"), [], [], [], [])
    for value in range(y_step * -(-low // y_step), high + 1, y_step):
        drawing.lines.append(Line("grid", left, y(value), left + plot_w, y(value)))
        drawing.labels.append(Label(left - 6, round(y(value) + 5, 1), str(value), "end"))
    step = max(1, -(-count * 30 // plot_w))  # deal numbers at least 30 units apart
    for position, number in enumerate(race.deals):
        if position % step and position != count:
            continue
        drawing.labels.append(Label(x(position), top + plot_h + 18, str(number), "middle"))
    drawing.labels.append(Label(round(left + plot_w / 2, 1), top + plot_h + 38, t("deal"), "middle"))
    drawing.lines.append(Line("axis", left, top, left, top + plot_h))
    drawing.lines.append(Line("axis", left, top + plot_h, left + plot_w, top + plot_h))
    # The target and köpstopp labels sit at the left, where every line is still low.
    target_y = y(race.target)
    drawing.lines.append(Line("target", left, target_y, left + plot_w, target_y, "game.target"))
    drawing.labels.append(
        Label(left + 6, round(target_y - 5, 1), f"{t('target')} {race.target}", kind="label")
    )
    if race.buy_stop is not None:
        stop_y = y(race.buy_stop)
        # below its line when the target's label is just above
        label_y = stop_y + 16 if abs(stop_y - target_y) < 24 else stop_y - 5
        drawing.lines.append(Line("buy-stop", left, stop_y, left + plot_w, stop_y, "buy_stop.threshold"))
        drawing.labels.append(Label(left + 6, round(label_y, 1), f"köpstopp {race.buy_stop}", kind="label"))
    column = (width - 8) / per_row
    for index, name in enumerate(race.players):
        colour, dash = COLOURS[index % len(COLOURS)], DASHES[index % len(DASHES)]
        points = tuple((x(position), y(value)) for position, value in enumerate(race.totals[index]))
        # a dot on each deal, while there is room to see them
        drawing.series.append(Series(name, colour, dash, points, dots=count <= 40))
        legend_x = round(8 + column * (index % per_row), 1)
        legend_y = legend_top + 22 * (index // per_row) - 5
        total = race.totals[index][-1]
        drawing.keys.append(Key(name, colour, dash, legend_x, legend_y, f"{shown[name]} {total}"))
    return drawing
