"""A club night's placement points and standings, and the nights in the league
(`chicago stats --nights`): what the finished games of a night give each player."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from .night import (
    GameResult,
    Night,
    NightTable,
    current_stage,
    latest_games,
    stage_games,
    stage_tables,
)


@dataclass(frozen=True, slots=True)
class Placement:
    """A player's place at a finished table (the first of the places a level group
    covers: two level first are both 1st) and the placement points it gives."""

    place: int
    points: Fraction


def place_points(points: Sequence[int], place: int) -> int:
    """The points of a place (1 = first); a place past the list gets its last value."""
    return points[min(place, len(points)) - 1]


def placements(result: GameResult, points: Sequence[int]) -> dict[str, Placement]:
    """Each player's place and placement points at a finished game: the winners first (a
    royal's holder whatever the totals), then the others by final total, a forfeiting
    player last; players level share the places they cover and split their points."""

    def rank_key(name: str) -> tuple[int, int]:
        if name in result.forfeited:
            return (2, 0)
        if name in result.winners:
            return (0, 0)
        return (1, -result.totals[name])

    ordered = sorted(result.players, key=rank_key)
    placed: dict[str, Placement] = {}
    start = 0
    while start < len(ordered):
        end = start
        while end < len(ordered) and rank_key(ordered[end]) == rank_key(ordered[start]):
            end += 1
        shared = Fraction(
            sum(place_points(points, place) for place in range(start + 1, end + 1)), end - start
        )
        for name in ordered[start:end]:
            placed[name] = Placement(start + 1, shared)
        start = end
    return placed


def game_points(result: GameResult, player: str) -> int:
    """A player's final total as the night counts it: a forfeiting player's is 0."""
    return 0 if player in result.forfeited else result.totals[player]


@dataclass(frozen=True, slots=True)
class NightStanding:
    name: str
    rank: int
    points: Fraction
    games: int
    wins: int
    game_points: int

    @property
    def key(self) -> tuple[Fraction, int, int]:
        """What orders the night: placement points, then games won, then game points."""
        return (-self.points, -self.wins, -self.game_points)


def _tally(
    night: Night,
    tables: Iterable[NightTable],
    results: Mapping[str, GameResult],
    players: Sequence[str] | None = None,
) -> list[NightStanding]:
    """Every player of the night (or of ``players``), totalled over the finished games of
    ``tables``, in standings order (level players in the night's order), ranked 1, 1, 3."""
    players = night.players if players is None else players
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
    rows = [NightStanding(p, 0, points[p], games[p], wins[p], total[p]) for p in players]
    rows.sort(key=lambda row: row.key)
    return _ranked(rows, lambda row: row.key)


def stage_rows(
    night: Night,
    tables: Iterable[NightTable],
    players: Sequence[str],
    results: Mapping[str, GameResult],
) -> list[NightStanding]:
    """``players``' figures over the finished games of ``tables`` (a stage, or one table's
    games in it), best first, ranked among themselves 1, 1, 3."""
    return _tally(night, tables, results, players)


def stage_reached(night: Night) -> dict[str, int]:
    """The last stage each player of a night of stages sat at a table in (0: never)."""
    reached = dict.fromkeys(night.players, 0)
    for table in night.tables:
        for name in table.players:
            reached[name] = max(reached[name], table.stage)
    return reached


def staged_standings(night: Night, results: Mapping[str, GameResult]) -> list[NightStanding]:
    """A night of stages (cli.md, "The night's stages"): those in the last stage first,
    by its figures; below them those out after each earlier stage, by that stage's
    placement points, wins and game points (level on all three: one rank).  The figures
    shown are those of the stage that ranks the player."""
    reached = stage_reached(night)
    ranked: list[NightStanding] = []
    for stage in range(current_stage(night), -1, -1):
        players = [p for p in night.players if reached[p] == stage]
        if players:
            offset = len(ranked)
            rows = stage_rows(night, stage_tables(night, stage), players, results)
            ranked += [replace(row, rank=row.rank + offset) for row in rows]
    return ranked


def staged_finished(night: Night, results: Mapping[str, GameResult]) -> bool:
    """A night of stages is played out when its last stage is one table and that table
    has played its games."""
    tables = latest_games(night)
    return (
        len(tables) == 1
        and tables[0].game >= stage_games(night, tables[0])
        and results[tables[0].session].finished
    )


def _ranked(
    rows: list[NightStanding], key: Callable[[NightStanding], object]
) -> list[NightStanding]:
    """``rows`` (already in order) with competition ranks: level by ``key`` share one."""
    ranked: list[NightStanding] = []
    for position, row in enumerate(rows):
        if ranked and key(ranked[-1]) == key(row):
            ranked.append(replace(row, rank=ranked[-1].rank))
        else:
            ranked.append(replace(row, rank=position + 1))
    return ranked


def night_standings(night: Night, results: Mapping[str, GameResult]) -> list[NightStanding]:
    """The night's standings over every finished game.  Once the final is over its
    players come first, in the final's order (finalists level there keep their order
    from the standings before it), and everyone else after them.  A night of stages
    ranks by the stage each player reached (`staged_standings`)."""
    if night.games_per_table:
        return staged_standings(night, results)
    everything = _tally(night, night.tables, results)
    final = night.final
    if final is None or not results[final.session].finished:
        return everything
    before = _tally(night, (t for t in night.tables if t.round <= night.rounds), results)
    position = {row.name: number for number, row in enumerate(before)}
    before_key = {row.name: row.key for row in before}
    places = placements(results[final.session], night.points)
    by_name = {row.name: row for row in everything}
    finalists = sorted(final.players, key=lambda p: (places[p].place, position[p]))
    top = [by_name[p] for p in finalists]
    ranked_top = _ranked(top, lambda row: (places[row.name].place, before_key[row.name]))
    others = [row for row in everything if row.name not in set(final.players)]
    ranked_others = [
        replace(row, rank=row.rank + len(top)) for row in _ranked(others, lambda row: row.key)
    ]
    return ranked_top + ranked_others


def finished(night: Night, results: Mapping[str, GameResult]) -> bool:
    """Whether the night is played out: its last round (or its final) is over; on a
    night of stages, its last table's games."""
    if night.games_per_table:
        return staged_finished(night, results)
    if night.round < night.rounds:
        return False
    return all(results[t.session].finished for t in night.current)


# -- nights in the league (`chicago stats --nights`) ----------------------------------------


@dataclass(frozen=True, slots=True)
class NightsRow:
    """A player across the club's nights: the nights they played a finished game in, the
    placement points of all those games, the nights won (a shared first rank counts, only
    in a night played out) and the games."""

    name: str
    nights: int
    night_wins: int
    points: Fraction
    games: int


def nights_league(nights: Iterable[tuple[Night, Mapping[str, GameResult]]]) -> list[NightsRow]:
    """Every player of ``nights``, by placement points, then nights won, then name."""
    played: dict[str, int] = {}
    won: dict[str, int] = {}
    points: dict[str, Fraction] = {}
    games: dict[str, int] = {}
    for night, results in nights:
        over = finished(night, results)
        for standing in night_standings(night, results):
            if standing.games == 0:
                continue
            name = standing.name
            played[name] = played.get(name, 0) + 1
            won[name] = won.get(name, 0) + (over and standing.rank == 1)
            points[name] = points.get(name, Fraction(0)) + standing.points
            games[name] = games.get(name, 0) + standing.games
    league = [NightsRow(name, played[name], won[name], points[name], games[name]) for name in played]
    league.sort(key=lambda row: (-row.points, -row.night_wins, row.name.casefold(), row.name))
    return league
