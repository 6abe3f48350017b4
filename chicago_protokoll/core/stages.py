"""A night's stages: tables kept together for N games, then the K best of each table on
(cli.md, "The night's stages, its check and its close"; rules.md, "Club nights and the
revisor": SM i Chicago's "Regler och struktur").

Pure, like `core.night`: a staged night is a `Night` whose ``games_per_table`` is set, and
whose tables carry a stage and a game number.

- **A stage** seats the players still in at tables (`table_sizes`, drawn by lot with the
  fewest pairs meeting again); each table keeps its players for ``games_per_table``
  games, its seats drawn by lot again before every game (`draw_games`).  A table's g-th
  game of stage s is the session ``NAME-sS-tT-gG``.  A table whose game is over draws its
  next one without waiting for the slowest table; recording never draws by itself.
- **Advancing** (`advance`): once every table has played its games, the K best of each
  table by placement points in the stage, then wins, then game points go on; a tie at the
  cut is broken by lot from the seed, and the caller says so.
- **Standings** (`night_results.staged_standings`): everyone who reached the last stage
  first, by that stage's figures; below them those out after the stage before, by its
  figures, and so on.  Players level on all three figures of their stage share the rank.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, replace

from ..i18n.language import Joined, Msg
from .night import (
    GameResult,
    Night,
    NightError,
    NightTable,
    current_stage,
    latest_games,
    refuse_draw_when_closed,
    smallest_table,
    stage_games,
    stage_session,
    stage_tables,
    still_seated,
)
from .night_draw import draw_stage
from .night_results import stage_rows


def _seats_by_lot(night: Night, table: NightTable, game: int) -> tuple[str, ...]:
    """A table's seats for its next game, drawn by lot from the night's seed: its players
    still at the night (one who left during the stage is not drawn again)."""
    seats = list(still_seated(night, table))
    random.Random(
        f"chicago-protokoll night {night.seed} stage {table.stage} table {table.table} game {game}"
    ).shuffle(seats)
    return tuple(seats)


def draw_games(
    night: Night, results: Mapping[str, GameResult], only: int | None = None
) -> tuple[Night, tuple[NightTable, ...]]:
    """The next game of every table whose game is over and that has played fewer than
    ``games_per_table`` (the others go on), its seats drawn by lot; and the games drawn.
    Refused, naming why, when no table can draw.  ``only``: table ``only``'s next game
    alone (the keeper's page has a button per table), drawn as it would be with the rest.
    A table whose players have left but for fewer than a game seats has played its stage
    (`stage_games`)."""
    refuse_draw_when_closed(night)
    if only is not None:
        _refuse_table_draw(night, results, only)
    stage = current_stage(night)
    drawn: list[NightTable] = []
    playing: list[NightTable] = []
    for table in latest_games(night):
        if only is not None and table.table != only:
            continue
        if not results[table.session].finished:
            playing.append(table)
        elif table.game < stage_games(night, table):
            game = table.game + 1
            drawn.append(
                NightTable(
                    game,
                    table.table,
                    stage_session(night.name, stage, table.table, game),
                    _seats_by_lot(night, table, game),
                    stage=stage,
                    game=game,
                )
            )
    if drawn:
        return replace(night, tables=(*night.tables, *drawn)), tuple(drawn)
    if playing:
        raise NightError(
            Msg.counted(
                "no table of stage {stage} has a finished game to follow: table {tables} is still playing",
                "no table of stage {stage} has a finished game to follow: tables {tables} are still playing",
                len(playing),
                stage=stage,
                tables=Joined([f"{t.table} ({t.session})" for t in playing], ", "),
            ),
        )
    if len(latest_games(night)) == 1:
        raise NightError(
            Msg.counted(
                "the night {night} is over: its last table has played its {n} game",
                "the night {night} is over: its last table has played its {n} games",
                night.games_per_table,
                night=night.name,
            ),
        )
    raise NightError(
        Msg.counted(
            "every table of stage {stage} has played its {n} game; `chicago night advance --per-table K` draws the next stage",
            "every table of stage {stage} has played its {n} games; `chicago night advance --per-table K` draws the next stage",
            night.games_per_table,
            stage=stage,
        ),
    )


def _refuse_table_draw(night: Night, results: Mapping[str, GameResult], number: int) -> None:
    """Refuses, naming why, when table ``number`` of the stage being played cannot draw its
    next game: there is no such table, its game is being played, or it has played its
    games (then as `night draw` says it for the room)."""
    stage = current_stage(night)
    tables = latest_games(night)
    table = next((t for t in tables if t.table == number), None)
    if table is None:
        raise NightError(
            Msg("stage {stage} of the night {night} has no table {table}", stage=stage, night=night.name, table=number),
        )
    if not results[table.session].finished:
        raise NightError(
            Msg(
                "table {table} is still playing game {game} ({session}): its next game is drawn once that game is over",
                table=number,
                game=table.game,
                session=table.session,
            ),
        )
    if table.game < stage_games(night, table):
        return
    if all(t.game >= stage_games(night, t) and results[t.session].finished for t in tables):
        draw_games(night, results)  # the room's refusal: the night is over, or advance
    if table.game < night.games_per_table:
        raise NightError(
            Msg(
                "table {table} has too few players left to seat game {game} of stage {stage} ({players}): its stage ends with the game it played",
                table=number,
                game=table.game + 1,
                stage=stage,
                players=", ".join(still_seated(night, table)) or "—",
            ),
        )
    raise NightError(
        Msg.counted(
            "table {table} has played its {n} game of stage {stage}: the next stage is drawn (`chicago night advance --per-table K`) once every table has played theirs",
            "table {table} has played its {n} games of stage {stage}: the next stage is drawn (`chicago night advance --per-table K`) once every table has played theirs",
            night.games_per_table,
            table=number,
            stage=stage,
        ),
    )


@dataclass(frozen=True, slots=True)
class TableCut:
    """A tie at a table's cut in `advance`, broken by lot: who was level, who went on."""

    stage: int
    table: int
    level: tuple[str, ...]
    chosen: tuple[str, ...]


def refuse_unplayed_stage(night: Night, results: Mapping[str, GameResult]) -> None:
    """Refuses while a table of the current stage has games to play, naming the tables."""
    waiting = [
        t
        for t in latest_games(night)
        if t.game < stage_games(night, t) or not results[t.session].finished
    ]
    if waiting:
        raise NightError(
            Msg.counted(
                "stage {stage} is not over: table {tables} has not finished its {games} games",
                "stage {stage} is not over: tables {tables} have not finished their {games} games",
                len(waiting),
                stage=current_stage(night),
                games=night.games_per_table,
                tables=Joined([f"{t.table} ({t.session})" for t in waiting], ", "),
            ),
        )


def advance(
    night: Night, results: Mapping[str, GameResult], per_table: int
) -> tuple[Night, tuple[TableCut, ...]]:
    """The night with its next stage drawn from the ``per_table`` best of each table of
    this one (players who left the night do not go on); the ties at the cuts broken by
    lot from the seed."""
    refuse_draw_when_closed(night)
    if not night.games_per_table:
        raise NightError(
            Msg(
                "the night {night} has rounds, not stages (it was made without --games-per-table); `chicago night final` draws a final",
                night=night.name,
            ),
        )
    stage = current_stage(night)
    tables = latest_games(night)
    if len(tables) == 1:
        raise NightError(
            Msg(
                "stage {stage} of the night {night} is its last table: there is no stage to advance to",
                stage=stage,
                night=night.name,
            ),
        )
    refuse_unplayed_stage(night, results)
    # The tables as the stage drew them: a table a player left keeps its cut (those who
    # left do not go on, below, and a table of fewer than K sends all it has).
    smallest = min(len(t.players) for t in stage_tables(night, stage) if t.game == 1)
    if not 1 <= per_table < smallest:
        raise NightError(
            Msg(
                "--per-table must be from 1 to {most} (fewer than the {smallest} players at the smallest table of stage {stage}), not {per_table}",
                most=smallest - 1,
                smallest=smallest,
                stage=stage,
                per_table=per_table,
            ),
        )
    present = set(night.present)
    through: list[str] = []
    cuts: list[TableCut] = []
    for table in tables:
        games = [t for t in stage_tables(night, stage) if t.table == table.table]
        rows = [
            row for row in stage_rows(night, games, table.players, results) if row.name in present
        ]
        if len(rows) <= per_table:
            through += [row.name for row in rows]
            continue
        cut_key = rows[per_table - 1].key
        above = [row.name for row in rows if row.key < cut_key]
        level = [row.name for row in rows if row.key == cut_key]
        if len(above) + len(level) > per_table:
            lot = random.Random(
                f"chicago-protokoll night {night.seed} stage {stage} table {table.table} cut"
            )
            chosen = set(lot.sample(level, per_table - len(above)))
            picked = tuple(p for p in level if p in chosen)
            cuts.append(TableCut(stage, table.table, tuple(level), picked))
            through += above + list(picked)
        else:
            through += above + level
    low = smallest_table(night.rules)
    if len(through) < low:
        raise NightError(
            Msg.counted(
                "{n} player would go on, and a table seats at least {low}: give a larger --per-table",
                "{n} players would go on, and a table seats at least {low}: give a larger --per-table",
                len(through),
                low=low,
            ),
        )
    return draw_stage(night, stage + 1, through), tuple(cuts)


def game_in_play(night: Night, results: Mapping[str, GameResult]) -> int:
    """``night status``'s "round" on a night of stages: the lowest game number still
    being played at a table of the current stage (the highest played, when none is)."""
    tables = latest_games(night)
    playing = [t.game for t in tables if not results[t.session].finished]
    if playing:
        return min(playing)
    return max((t.game for t in tables), default=0)
