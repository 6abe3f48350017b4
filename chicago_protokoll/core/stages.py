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
- **Standings** (`staged_standings`): everyone who reached the last stage first, by that
  stage's figures; below them those out after the stage before, by its figures, and so
  on.  Players level on all three figures of their stage share the rank.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from ..i18n.language import Joined, Msg
from .night import (
    GameResult,
    Night,
    NightError,
    NightStanding,
    NightTable,
    draw_tables,
    game_points,
    meetings,
    placements,
    smallest_table,
    table_sizes,
)

#: SM i Chicago plays 3 games at a table in a stage.
DEFAULT_GAMES_PER_TABLE = 3


def stage_session(night_name: str, stage: int, table: int, game: int) -> str:
    """The session of a table's game in a stage: ``NAME-sS-tT-gG``."""
    return f"{night_name}-s{stage}-t{table}-g{game}"


def parse_stage_session(session: str) -> tuple[str, int, int, int] | None:
    """``fredag-s2-t1-g3`` -> ("fredag", 2, 1, 3); None for any other name."""
    head, dash_g, game = session.rpartition("-g")
    head, dash_t, table = head.rpartition("-t")
    night, dash_s, stage = head.rpartition("-s")
    numbers = (stage, table, game)
    if dash_g and dash_t and dash_s and night and all(n.isascii() and n.isdecimal() for n in numbers):
        return night, int(stage), int(table), int(game)
    return None


def check_games_per_table(games: int) -> None:
    if games < 1:
        raise NightError(
            Msg("a table plays at least one game in a stage, not {games}", games=games)
        )


def current_stage(night: Night) -> int:
    return max((t.stage for t in night.tables), default=0)


def stage_tables(night: Night, stage: int) -> tuple[NightTable, ...]:
    """Every game of every table of ``stage``, in the order they were drawn."""
    return tuple(t for t in night.tables if t.stage == stage)


def latest_games(night: Night, stage: int | None = None) -> tuple[NightTable, ...]:
    """The last game drawn at each table of ``stage`` (default: the current one), by table."""
    stage = current_stage(night) if stage is None else stage
    last: dict[int, NightTable] = {}
    for table in stage_tables(night, stage):
        if table.table not in last or table.game > last[table.table].game:
            last[table.table] = table
    return tuple(last[number] for number in sorted(last))


def stage_players(night: Night, stage: int) -> tuple[str, ...]:
    """Who plays ``stage``, table by table in seat order of the stage's first games."""
    return tuple(
        p for t in stage_tables(night, stage) if t.game == 1 for p in t.players
    )


# -- the first stage, and the next game at each table --------------------------------------------


def _seats_by_lot(night: Night, stage: int, table: int, game: int, players: Sequence[str]) -> tuple[str, ...]:
    seats = list(players)
    random.Random(
        f"chicago-protokoll night {night.seed} stage {stage} table {table} game {game}"
    ).shuffle(seats)
    return tuple(seats)


def draw_stage(night: Night, stage: int, players: Sequence[str]) -> Night:
    """The night with ``stage`` drawn: ``players`` at tables by lot (the fewest pairs
    meeting again), each table's first game."""
    sizes = table_sizes(len(players), night.table_size, night.rules)
    rng = random.Random(f"chicago-protokoll night {night.seed} stage {stage}")
    seats = draw_tables(players, sizes, meetings(night.tables), rng)
    drawn = tuple(
        NightTable(
            1, number, stage_session(night.name, stage, number, 1), seated, stage=stage, game=1
        )
        for number, seated in enumerate(seats, start=1)
    )
    return replace(night, tables=(*night.tables, *drawn))


def draw_games(night: Night, results: Mapping[str, GameResult]) -> tuple[Night, tuple[NightTable, ...]]:
    """The next game of every table whose game is over and that has played fewer than
    ``games_per_table`` (the others go on), its seats drawn by lot; and the games drawn.
    Refused, naming why, when no table can draw."""
    stage = current_stage(night)
    drawn: list[NightTable] = []
    playing: list[NightTable] = []
    for table in latest_games(night):
        if not results[table.session].finished:
            playing.append(table)
        elif table.game < night.games_per_table:
            game = table.game + 1
            drawn.append(
                NightTable(
                    game,
                    table.table,
                    stage_session(night.name, stage, table.table, game),
                    _seats_by_lot(night, stage, table.table, game, table.players),
                    stage=stage,
                    game=game,
                )
            )
    if drawn:
        return replace(night, tables=(*night.tables, *drawn)), tuple(drawn)
    if playing:
        raise NightError(
            Msg.counted(
                "no table of stage {stage} has finished a game it can follow: table {tables} is still playing",
                "no table of stage {stage} has finished a game it can follow: tables {tables} are still playing",
                len(playing),
                stage=stage,
                tables=Joined([f"{t.table} ({t.session})" for t in playing], ", "),
            ),
        )
    if len(latest_games(night)) == 1:
        raise NightError(
            Msg(
                "the night {night} is over: its last table has played its {games} games",
                night=night.name,
                games=night.games_per_table,
            ),
        )
    raise NightError(
        Msg(
            "every table of stage {stage} has played its {games} games; `chicago night advance --per-table K` draws the next stage",
            stage=stage,
            games=night.games_per_table,
        ),
    )


# -- a stage's figures ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class StageRow:
    """A player's figures in one stage: placement points, games, wins, game points."""

    name: str
    points: Fraction
    games: int
    wins: int
    game_points: int

    @property
    def key(self) -> tuple[Fraction, int, int]:
        """What orders a stage: placement points, then games won, then game points."""
        return (-self.points, -self.wins, -self.game_points)


def stage_rows(
    night: Night,
    tables: Sequence[NightTable],
    players: Sequence[str],
    results: Mapping[str, GameResult],
) -> list[StageRow]:
    """``players``' figures over the finished games of ``tables``, best first (level
    players in the order given)."""
    points = {p: Fraction(0) for p in players}
    games = dict.fromkeys(players, 0)
    wins = dict.fromkeys(players, 0)
    total = dict.fromkeys(players, 0)
    for table in tables:
        result = results[table.session]
        if not result.finished:
            continue
        for name, placement in placements(result, night.points).items():
            if name not in points:
                continue
            points[name] += placement.points
            games[name] += 1
            wins[name] += name in result.winners
            total[name] += game_points(result, name)
    rows = [StageRow(p, points[p], games[p], wins[p], total[p]) for p in players]
    rows.sort(key=lambda row: row.key)
    return rows


# -- advancing ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TableCut:
    """A tie at a table's cut, broken by lot: who was level, who went on."""

    stage: int
    table: int
    level: tuple[str, ...]
    chosen: tuple[str, ...]


def refuse_unplayed_stage(night: Night, results: Mapping[str, GameResult]) -> None:
    """Refuses while a table of the current stage has games to play, naming the tables."""
    stage = current_stage(night)
    waiting = [
        t
        for t in latest_games(night)
        if t.game < night.games_per_table or not results[t.session].finished
    ]
    if waiting:
        raise NightError(
            Msg.counted(
                "stage {stage} is not over: table {tables} has not finished its {games} games",
                "stage {stage} is not over: tables {tables} have not finished their {games} games",
                len(waiting),
                stage=stage,
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
    smallest = min(len(t.players) for t in tables)
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
            Msg(
                "{count} players would go on, and a table seats at least {low}: give a larger --per-table",
                count=len(through),
                low=low,
            ),
        )
    return draw_stage(night, stage + 1, through), tuple(cuts)


# -- the standings -------------------------------------------------------------------------------


def stage_reached(night: Night) -> dict[str, int]:
    """The last stage each player of the night sat at a table in (0: never seated)."""
    reached = dict.fromkeys(night.players, 0)
    for table in night.tables:
        for name in table.players:
            reached[name] = max(reached[name], table.stage)
    return reached


def staged_standings(night: Night, results: Mapping[str, GameResult]) -> list[NightStanding]:
    """The night's standings: those in the last stage first, by its figures; then those
    out after each earlier stage, below everyone who went further, by that stage's
    figures.  The figures shown are those of the stage that ranks the player."""
    reached = stage_reached(night)
    ranked: list[NightStanding] = []
    for stage in range(current_stage(night), -1, -1):
        players = [p for p in night.players if reached[p] == stage]
        if not players:
            continue
        rows = stage_rows(night, stage_tables(night, stage), players, results)
        offset = len(ranked)
        previous: StageRow | None = None
        rank = 0
        for position, row in enumerate(rows):
            if previous is None or previous.key != row.key:
                rank = offset + position + 1
            ranked.append(
                NightStanding(row.name, rank, row.points, row.games, row.wins, row.game_points)
            )
            previous = row
    return ranked


def staged_finished(night: Night, results: Mapping[str, GameResult]) -> bool:
    """Played out: the last stage is one table, and it has played its games."""
    tables = latest_games(night)
    return (
        len(tables) == 1
        and tables[0].game >= night.games_per_table
        and results[tables[0].session].finished
    )


def game_in_play(night: Night, results: Mapping[str, GameResult]) -> int:
    """``night status``'s "round" of a staged night: the lowest game number still being
    played at a table of the current stage (the highest played, when none is)."""
    tables = latest_games(night)
    playing = [t.game for t in tables if not results[t.session].finished]
    if playing:
        return min(playing)
    return max((t.game for t in tables), default=0)
