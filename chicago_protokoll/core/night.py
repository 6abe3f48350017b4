"""A club night: several tables, rounds, seats drawn by lot, placement points, a final.

Modelled on the Swedish championship (rules.md, "Club nights and the revisor"; cli.md,
"The club night").  Pure: the night is a value, each command a function from the night
(and the results of its games, read by the caller) to the next night or a refusal.

- **Tables**: at most ``table_size`` players, at least three (or ``game.min_players``):
  the fewest tables, then as even as possible (`table_sizes`).
- **The draw**: seats by lot every round from a `random.Random` seeded with the night's
  seed and the round, so the same seed gives the same draws in the same release.  Many
  candidate draws are tried and the one with the fewest pairs meeting again is kept
  (`draw_tables`).
- **Placement points** per finished game (`placements`): the game's winners take the
  first places, the others follow by total, a forfeiting player is last; players level
  share the places they cover and split those places' points, kept as exact fractions.
- **Standings** (`night_standings`): placement points, then games won, then game
  points; level on all three share the rank (1, 1, 3).  A final's players rank above
  everyone else, in the final's order.
"""

from __future__ import annotations

import enum
import itertools
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction

from ..i18n.language import Joined, Msg
from .errors import ChicagoError
from .names import check_player_name, check_player_names, shown, typed_name
from .rules import HouseRules
from .standings import Standings

#: The championship's placement points: 1st 20, 2nd 12, 3rd 8, 4th 5.
DEFAULT_POINTS = (20, 12, 8, 5)
DEFAULT_ROUNDS = 3
DEFAULT_TABLE_SIZE = 4
#: The smallest table a night seats (or ``game.min_players`` if that is more).
SMALLEST_TABLE = 3

# How many candidate draws are tried: a few hundred for a small night, fewer for a big one,
# so a draw of 80 players still takes a fraction of a second (each candidate is improved by
# swapping players, which costs about the square of the players).
_MOST_TRIES = 300
_FEWEST_TRIES = 8
_TRY_BUDGET = 40_000


class NightError(ChicagoError):
    """A night command that the night's scheme refuses (one plain sentence, exit 1)."""


class MoveKind(enum.StrEnum):
    """A player leaving the night, or arriving (``night leave`` / ``night join``)."""

    LEAVE = "leave"
    JOIN = "join"


@dataclass(frozen=True, slots=True)
class NightTable:
    """One table of one round: its session and its players in seat order (the first
    deals first).  The final is round ``rounds + 1``, table 1."""

    round: int
    table: int
    session: str
    players: tuple[str, ...]
    #: Under ``--games-per-table`` (cli.md, "The night's stages"): the stage and the
    #: table's game in it (``round`` is then the game); 0 on a night of rounds.
    stage: int = 0
    game: int = 0


@dataclass(frozen=True, slots=True)
class Move:
    """``player`` left or joined; it changes who is drawn from round ``round`` on."""

    player: str
    kind: MoveKind
    round: int


@dataclass(frozen=True, slots=True)
class Night:
    """A club night as its file holds it: nothing derived but the draws themselves."""

    name: str
    players: tuple[str, ...]  # everyone ever in the night, in the order given (joins last)
    rounds: int = DEFAULT_ROUNDS
    table_size: int = DEFAULT_TABLE_SIZE
    points: tuple[int, ...] = DEFAULT_POINTS
    seed: int = 0
    rules: HouseRules = field(default_factory=HouseRules)
    tables: tuple[NightTable, ...] = ()
    moves: tuple[Move, ...] = ()
    created: str = ""
    #: Stages instead of rounds: each table keeps its players for this many games
    #: (core/stages.py); 0 on a night of rounds.
    games_per_table: int = 0

    @property
    def absent(self) -> tuple[str, ...]:
        """Who has left and not come back, in the night's order."""
        last: dict[str, MoveKind] = {}
        for move in self.moves:
            last[move.player] = move.kind
        return tuple(p for p in self.players if last.get(p) is MoveKind.LEAVE)

    @property
    def present(self) -> tuple[str, ...]:
        gone = set(self.absent)
        return tuple(p for p in self.players if p not in gone)

    @property
    def round(self) -> int:
        """The round being played: the last one drawn (the final is ``rounds + 1``); on a
        night of stages the highest game number drawn in the current stage."""
        if self.games_per_table:
            return max((t.game for t in self.current), default=0)
        return max((t.round for t in self.tables), default=0)

    @property
    def final(self) -> NightTable | None:
        """The final table of a night of rounds (a night of stages has none: its last
        stage is its final)."""
        if self.games_per_table:
            return None
        return next((t for t in self.tables if t.round == self.rounds + 1), None)

    def tables_of(self, number: int) -> tuple[NightTable, ...]:
        return tuple(t for t in self.tables if t.round == number)

    @property
    def current(self) -> tuple[NightTable, ...]:
        """The tables being played: the current round's, or on a night of stages the
        latest game of each table of the current stage."""
        if self.games_per_table:
            stage = max((t.stage for t in self.tables), default=0)
            last: dict[int, NightTable] = {}
            for table in self.tables:
                if table.stage == stage and (
                    table.table not in last or table.game > last[table.table].game
                ):
                    last[table.table] = table
            return tuple(last[number] for number in sorted(last))
        return self.tables_of(self.round)

    def sessions(self) -> tuple[str, ...]:
        return tuple(t.session for t in self.tables)


def table_session(night_name: str, round_number: int, table: int) -> str:
    """The session a table plays: ``NAME-rR-tT``."""
    return f"{night_name}-r{round_number}-t{table}"


def final_session(night_name: str) -> str:
    return f"{night_name}-final"


def night_of_session(session: str) -> str | None:
    """The night a session's name says it belongs to (``fredag-r2-t1``, ``fredag-final``),
    or None: where to look, not yet whether the night lists it."""
    if session.endswith("-final") and len(session) > len("-final"):
        return session[: -len("-final")]
    head, dash_t, table = session.rpartition("-t")
    night, dash_r, round_number = head.rpartition("-r")
    if dash_t and dash_r and night and table.isdecimal() and round_number.isdecimal():
        return night
    return None


# -- the scheme -------------------------------------------------------------------------


def smallest_table(rules: HouseRules) -> int:
    return max(SMALLEST_TABLE, rules.game.min_players)


def check_table_size(table_size: int, rules: HouseRules) -> None:
    """A table size the house rules allow and a night can seat (3 or more)."""
    low, high = smallest_table(rules), rules.game.max_players
    if table_size > high:
        raise NightError(
            Msg(
                "a table of {size} is more than the house rules allow: at most {high} players at a table (house rule game.max_players); --preset big-table allows 6",
                size=table_size,
                high=high,
            ),
        )
    if table_size < low:
        raise NightError(
            Msg(
                "a night's tables seat at least {low} players, so the table size cannot be {size}",
                low=low,
                size=table_size,
            ),
        )


def check_points(points: Sequence[int]) -> tuple[int, ...]:
    """Placement points: a falling list of whole numbers, 0 or more (a later place never
    gets more than an earlier one; two places may get the same)."""
    if not points:
        raise NightError(Msg("placement points need at least one number, as in 20,12,8,5"))
    for value in points:
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise NightError(
                Msg(
                    "placement points must be whole numbers, 0 or more, not {value!r}",
                    value=value,
                ),
            )
    for earlier, later in itertools.pairwise(points):
        if later > earlier:
            raise NightError(
                Msg(
                    "placement points must fall from the first place to the last (as in 20,12,8,5): {later} after {earlier} rises",
                    later=later,
                    earlier=earlier,
                ),
            )
    return tuple(points)


def parse_points(text: str) -> tuple[int, ...]:
    """``--points`` as typed, ``20,12,8,5``: whole numbers separated by commas, falling."""
    values = []
    for part in text.split(","):
        word = part.strip()
        if not (word.isascii() and word.isdecimal()) or len(word) > 9:  # a billion is plenty
            raise NightError(
                Msg(
                    "placement points must be whole numbers, 0 or more, separated by commas (as in 20,12,8,5), not {word!r}",
                    word=word,
                ),
            )
        values.append(int(word))
    return check_points(values)


def check_rounds(rounds: int) -> None:
    if rounds < 1:
        raise NightError(Msg("a night has at least one round, not {rounds}", rounds=rounds))


def _seatable(count: int, low: int, high: int) -> bool:
    tables = -(-count // high)
    return count >= low and tables * low <= count


def table_sizes(count: int, table_size: int, rules: HouseRules) -> tuple[int, ...]:
    """How ``count`` players sit: the fewest tables of at most ``table_size`` and at
    least three (or ``game.min_players``), then as even as possible, the larger tables
    first: 10 -> (4, 3, 3), 12 -> (4, 4, 4).  A count that cannot be seated so is
    refused, naming the counts that can."""
    check_table_size(table_size, rules)
    low, high = smallest_table(rules), table_size
    if not _seatable(count, low, high):
        raise NightError(
            Msg(
                "{count} players cannot sit at tables of {low} to {high}; {counts} can",
                count=count,
                low=low,
                high=high,
                counts=seatable_counts(low, high),
            ),
        )
    tables = -(-count // high)
    base, extra = divmod(count, tables)
    return tuple(base + 1 if number < extra else base for number in range(tables))


def seatable_counts(low: int, high: int) -> Msg:
    """The counts of players that tables of ``low`` to ``high`` seat, in words: "3, 4 or
    any number from 6" (from some count on every count seats when ``high > low``)."""
    if high > low:
        # k tables seat k*low .. k*high: from k = ceil((low-1)/(high-low)) on, the ranges meet.
        joined_from = -(-(low - 1) // (high - low)) * low
        listed = [n for n in range(low, joined_from) if _seatable(n, low, high)]
        if not listed:
            return Msg("any number from {start}", start=joined_from)
        return Msg(
            "{counts} or any number from {start}",
            counts=", ".join(map(str, listed)),
            start=joined_from,
        )
    return Msg(
        "{first}, {second}, {third} and so on (multiples of {size})",
        first=low,
        second=2 * low,
        third=3 * low,
        size=low,
    )


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
    """A night with its first round drawn (with ``games_per_table``: its first stage);
    refuses names, a scheme or a number of players that cannot make one."""
    rules = rules or HouseRules()
    names = check_player_names(players)
    check_rounds(rounds)
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
        from .stages import check_games_per_table, draw_stage

        check_games_per_table(games_per_table)
        return draw_stage(night, 1, names)
    return _with_round(night, 1)


def draw_next(night: Night, results: Mapping[str, GameResult]) -> Night:
    """The night with its next round drawn, once every game of this one is finished."""
    if night.games_per_table:
        from .stages import draw_games

        return draw_games(night, results)[0]
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
    for number in range(1, night.round + 1):
        met = meetings(night.tables_of(number))  # the tables of a round share nobody
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


# -- leaving and arriving -----------------------------------------------------------------


def _named(night: Night, text: str) -> str | None:
    wanted = typed_name(text)
    if wanted in night.players:
        return wanted
    folded = [p for p in night.players if p.casefold() == wanted.casefold()]
    return folded[0] if folded else None


def leave(night: Night, text: str) -> Night:
    """``text`` is not drawn from the next round on."""
    player = _named(night, text)
    if player is None:
        raise NightError(
            Msg(
                "'{name}' is not in the night {night}; its players are {players}",
                name=shown(text),
                night=night.name,
                players=", ".join(night.players),
            ),
        )
    if player in night.absent:
        raise NightError(
            Msg("{player} has already left the night {night}", player=player, night=night.name),
        )
    return replace(night, moves=(*night.moves, Move(player, MoveKind.LEAVE, night.round + 1)))


def join(night: Night, text: str) -> Night:
    """``text`` is drawn from the next round on: a new player, or one who left coming back."""
    player = _named(night, text)
    if player is not None and player not in night.absent:
        raise NightError(
            Msg("{player} is already in the night {night}", player=player, night=night.name),
        )
    if night.games_per_table:
        raise NightError(
            Msg(
                "the night {night} keeps its tables together for {games} games and advances the best of each: nobody can join it once it has begun",
                night=night.name,
                games=night.games_per_table,
            ),
        )
    if player is None:
        player = check_player_name(text)
        check_player_names((*night.players, player))  # the one check: no two alike
        night = replace(night, players=(*night.players, player))
    return replace(night, moves=(*night.moves, Move(player, MoveKind.JOIN, night.round + 1)))


def playing_now(night: Night, player: str, results: Mapping[str, GameResult]) -> NightTable | None:
    """The table of the current round where ``player`` sits in a game not yet over."""
    for table in night.current:
        if player in table.players and not results[table.session].finished:
            return table
    return None


# -- results and placement points ---------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GameResult:
    """What the night needs of one table's game (from its replayed `Standings`)."""

    players: tuple[str, ...]
    totals: Mapping[str, int]
    winners: tuple[str, ...]
    forfeited: tuple[str, ...]
    finished: bool
    deal: int


def result_of(standings: Standings) -> GameResult:
    return GameResult(
        players=tuple(p.name for p in standings.players),
        totals=standings.scores,
        winners=standings.winners,
        forfeited=standings.forfeited,
        finished=standings.finished,
        deal=standings.deal,
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
    night: Night, tables: Iterable[NightTable], results: Mapping[str, GameResult]
) -> list[NightStanding]:
    """Every player of the night, totalled over the finished games of ``tables``, in
    standings order (level players in the night's order), ranked 1, 1, 3."""
    points = {p: Fraction(0) for p in night.players}
    games = dict.fromkeys(night.players, 0)
    wins = dict.fromkeys(night.players, 0)
    total = dict.fromkeys(night.players, 0)
    for table in tables:
        result = results[table.session]
        if not result.finished:
            continue
        for name, placement in placements(result, night.points).items():
            points[name] += placement.points
            games[name] += 1
            wins[name] += name in result.winners
            total[name] += game_points(result, name)
    rows = [NightStanding(p, 0, points[p], games[p], wins[p], total[p]) for p in night.players]
    rows.sort(key=lambda row: row.key)
    return _ranked(rows, lambda row: row.key)


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
    ranks by the stage each player reached (core/stages.py)."""
    if night.games_per_table:
        from .stages import staged_standings

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
    night of stages, the last table's games."""
    if night.games_per_table:
        from .stages import staged_finished

        return staged_finished(night, results)
    if night.round < night.rounds:
        return False
    return all(results[t.session].finished for t in night.current)


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
