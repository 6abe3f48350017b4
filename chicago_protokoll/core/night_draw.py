"""The draw of a club night: each round's seats by lot, with as few pairs meeting again
as the tries find, and the final's table of the best so far (core/night.py holds the
night itself, core/night_results.py its placement points)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

from ..i18n.language import Joined, Msg
from .claims import refuse_modifier_names
from .names import check_player_names, refuse_lookalikes
from .night import (
    DEFAULT_POINTS,
    DEFAULT_ROUNDS,
    DEFAULT_TABLE_SIZE,
    GameResult,
    Night,
    NightError,
    NightTable,
    check_games_per_table,
    check_points,
    check_rounds,
    current_stage,
    final_session,
    refuse_draw_when_closed,
    smallest_table,
    stage_session,
    table_session,
    table_sizes,
)
from .night_results import night_standings
from .rules import HouseRules

# How many candidate draws are tried: a few hundred for a small night, fewer for a big one,
# so a draw of 80 players still takes a fraction of a second (each candidate is improved by
# swapping players, which costs about the square of the players).
_MOST_TRIES = 300
_FEWEST_TRIES = 8
_TRY_BUDGET = 40_000


# -- a new night, the draw ----------------------------------------------------------------


def new_night(
    name: str,
    players: Sequence[str],
    *,
    rounds: int = DEFAULT_ROUNDS,
    table_size: int = DEFAULT_TABLE_SIZE,
    points: Sequence[int] = DEFAULT_POINTS,
    seed: int = 0,
    rules: HouseRules | None = None,
    created: str = "",
    games_per_table: int = 0,
) -> Night:
    """A night with its first round drawn (with ``games_per_table``: its first stage,
    core/stages.py); refuses names, a scheme or a number of players that cannot make one."""
    rules = rules or HouseRules()
    names = check_player_names(players)
    refuse_lookalikes(names)
    refuse_modifier_names(names)
    check_rounds(rounds)
    if games_per_table:
        check_games_per_table(games_per_table)
    night = Night(
        name=name,
        players=names,
        rounds=games_per_table or rounds,
        table_size=table_size,
        points=check_points(points),
        seed=seed,
        rules=rules,
        created=created,
        games_per_table=games_per_table,
    )
    if games_per_table:
        return draw_stage(night, 1, names)
    return _with_round(night, 1)


def draw_stage(night: Night, stage: int, players: Sequence[str]) -> Night:
    """The night with ``stage`` drawn: ``players`` at tables by lot (the fewest pairs
    meeting again over the night so far), each table's first game."""
    sizes = table_sizes(len(players), night.table_size, night.rules)
    rng = random.Random(f"chicago-protokoll night {night.seed} stage {stage}")
    earlier = (t for t in night.tables if t.game == 1)  # a stage's table met once
    seats = draw_tables(players, sizes, meetings(earlier), rng)
    drawn = tuple(
        NightTable(
            1, number, stage_session(night.name, stage, number, 1), seated, stage=stage, game=1
        )
        for number, seated in enumerate(seats, start=1)
    )
    return replace(night, tables=(*night.tables, *drawn))


def draw_next(night: Night, results: Mapping[str, GameResult]) -> Night:
    """The night with its next round drawn, once every game of this one is finished."""
    refuse_draw_when_closed(night)
    if night.final is not None:
        raise NightError(
            Msg("the night {night} is over: its final is drawn", night=night.name),
        )
    if night.round >= night.rounds:
        raise NightError(
            Msg(
                "the night {night} has played its last round ({rounds} of {rounds}); `chicago night final` draws a final",
                night=night.name,
                rounds=night.rounds,
            ),
        )
    refuse_unfinished(night, results)
    return _with_round(night, night.round + 1)


def refuse_unfinished(night: Night, results: Mapping[str, GameResult]) -> None:
    """Refuses while a game of the current round is still being played, naming its tables."""
    playing = [t for t in night.current if not results[t.session].finished]
    if playing:
        raise NightError(
            Msg.counted(
                "round {round} is not over: table {tables} is still playing",
                "round {round} is not over: tables {tables} are still playing",
                len(playing),
                round=night.round,
                tables=Joined([f"{t.table} ({t.session})" for t in playing], ", "),
            ),
        )


def _with_round(night: Night, number: int) -> Night:
    present = night.present
    sizes = table_sizes(len(present), night.table_size, night.rules)
    rng = random.Random(f"chicago-protokoll night {night.seed} round {number}")
    seats = draw_tables(present, sizes, meetings(night.tables), rng)
    drawn = tuple(
        NightTable(number, index, table_session(night.name, number, index), players)
        for index, players in enumerate(seats, start=1)
    )
    return replace(night, tables=(*night.tables, *drawn))


def meetings(tables: Iterable[NightTable]) -> dict[frozenset[str], int]:
    """How often each pair of players has sat at one table."""
    met: dict[frozenset[str], int] = {}
    for table in tables:
        for i, a in enumerate(table.players):
            for b in table.players[i + 1 :]:
                pair = frozenset((a, b))
                met[pair] = met.get(pair, 0) + 1
    return met


def repeated_pairs(night: Night) -> int:
    """How many times, over the rounds drawn so far, a pair sat at one table again
    (a pair meeting in three rounds counts twice)."""
    seen: set[frozenset[str]] = set()
    repeats = 0
    if night.games_per_table:
        # A table keeps its players for the stage's games by design: a stage is one draw.
        draws = [
            tuple(t for t in night.tables if t.stage == stage and t.game == 1)
            for stage in range(1, current_stage(night) + 1)
        ]
    else:
        draws = [night.tables_of(number) for number in range(1, night.round + 1)]
    for tables in draws:
        met = meetings(tables)  # the tables of one draw share nobody
        repeats += sum(1 for pair in met if pair in seen)
        seen.update(met)
    return repeats


def draw_tables(
    players: Sequence[str],
    sizes: Sequence[int],
    met: Mapping[frozenset[str], int],
    rng: random.Random,
) -> tuple[tuple[str, ...], ...]:
    """Seats by lot: tables of ``sizes``, the players in seat order at each.

    Candidate draws are shuffles from ``rng``; each is improved by swapping two players
    of different tables while that lowers the meetings again (a pair that met twice
    costs two), and the first candidate with the fewest is kept.  A draw where nobody
    meets again ends the search.  The swaps keep the lot's seat order: a player takes
    the seat of the one they change places with.
    """
    count = len(players)
    index = {name: i for i, name in enumerate(players)}
    cost = [[0] * count for _ in range(count)]
    for pair, times in met.items():
        a, b = (index.get(name) for name in pair)
        if a is not None and b is not None:
            cost[a][b] = cost[b][a] = times
    tries = max(_FEWEST_TRIES, min(_MOST_TRIES, _TRY_BUDGET // max(count * count, 1)))
    best: list[list[int]] = []
    best_cost = -1
    for _ in range(tries):
        order = list(range(count))
        rng.shuffle(order)
        tables, start = [], 0
        for size in sizes:
            tables.append(order[start : start + size])
            start += size
        total = _improve(tables, cost)
        if best_cost < 0 or total < best_cost:
            best, best_cost = tables, total
        if best_cost == 0:
            break
    return tuple(tuple(players[i] for i in table) for table in best)


def _improve(tables: list[list[int]], cost: list[list[int]]) -> int:
    """Swap players between tables while a swap lowers the total cost; the total."""

    def at(player: int, table: list[int], without: int) -> int:
        row = cost[player]
        return sum(row[other] for other in table if other not in (without, player))

    improved = True
    while improved:
        improved = False
        for a, first in enumerate(tables):
            for second in tables[a + 1 :]:
                for i in range(len(first)):
                    for j in range(len(second)):
                        p, q = first[i], second[j]
                        now = at(p, first, p) + at(q, second, q)
                        after = at(p, second, q) + at(q, first, p)
                        if after < now:
                            first[i], second[j] = q, p
                            improved = True
    return sum(
        cost[table[i]][table[j]]
        for table in tables
        for i in range(len(table))
        for j in range(i + 1, len(table))
    )


# -- the final ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Cut:
    """A tie at the cut of the final, broken by lot: who was level, who went through."""

    level: tuple[str, ...]
    chosen: tuple[str, ...]


def draw_final(
    night: Night, results: Mapping[str, GameResult], top: int | None = None
) -> tuple[Night, Cut | None]:
    """The night with its final drawn: one more table of the ``top`` best so far (of the
    players still at the night), a tie at the cut broken by lot from the seed."""
    refuse_draw_when_closed(night)
    if night.games_per_table:
        raise NightError(
            Msg(
                "the night {night} has stages: `chicago night advance --per-table K` draws the next one, down to one table",
                night=night.name,
            ),
        )
    if night.final is not None:
        raise NightError(Msg("the night {night} has had its final already", night=night.name))
    if night.round < night.rounds:
        raise NightError(
            Msg(
                "the final comes after the last round: the night {night} is at round {round} of {rounds}",
                night=night.name,
                round=night.round,
                rounds=night.rounds,
            ),
        )
    refuse_unfinished(night, results)
    low = smallest_table(night.rules)
    size = night.table_size if top is None else top
    if not low <= size <= night.table_size:
        raise NightError(
            Msg(
                "a final of the night {night} seats {low} to {high} players (the table size), not {top}",
                night=night.name,
                low=low,
                high=night.table_size,
                top=size,
            ),
        )
    present = set(night.present)
    eligible = [row for row in night_standings(night, results) if row.name in present]
    if len(eligible) < size:
        raise NightError(
            Msg(
                "a final of {top} needs {top} players, and {count} are still at the night",
                top=size,
                count=len(eligible),
            ),
        )
    cut_key = eligible[size - 1].key
    through = [row.name for row in eligible if row.key < cut_key]
    level = [row.name for row in eligible if row.key == cut_key]
    cut = None
    if len(through) + len(level) > size:
        lot = random.Random(f"chicago-protokoll night {night.seed} cut")
        chosen = tuple(lot.sample(level, size - len(through)))
        cut = Cut(tuple(level), tuple(p for p in level if p in chosen))
        through += list(cut.chosen)
    else:
        through += level
    seats = list(through)
    random.Random(f"chicago-protokoll night {night.seed} final").shuffle(seats)
    table = NightTable(night.rounds + 1, 1, final_session(night.name), tuple(seats))
    return replace(night, tables=(*night.tables, table)), cut


