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
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from ..i18n.language import Msg
from .claims import refuse_modifier_names
from .errors import ChicagoError
from .names import (
    check_player_name,
    check_player_names,
    refuse_lookalikes,
    shown,
    typed_name,
)
from .rules import HouseRules
from .standings import Standings

#: The championship's placement points: 1st 20, 2nd 12, 3rd 8, 4th 5.
DEFAULT_POINTS = (20, 12, 8, 5)
DEFAULT_ROUNDS = 3
DEFAULT_TABLE_SIZE = 4
#: The smallest table a night seats (or ``game.min_players`` if that is more).
SMALLEST_TABLE = 3



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
    #: When it was drawn (ISO 8601; "" in files of earlier releases): `night check` tells
    #: a correction made after a later draw by it.
    drawn: str = field(default="", compare=False)


@dataclass(frozen=True, slots=True)
class Move:
    """``player`` left or joined; it changes who is drawn from round ``round`` on."""

    player: str
    kind: MoveKind
    round: int


class CloseKind(enum.StrEnum):
    """``night close``, or ``night close --reopen``."""

    CLOSE = "close"
    REOPEN = "reopen"


@dataclass(frozen=True, slots=True)
class Close:
    """The night's result made final (or a close taken back), when and why.  ``held``
    says, per session of the night at that moment, how many corrections and revisor's
    entries (penalties, forfeits) it held: whatever comes after is an amendment, listed
    after the result (cli.md, "The night's stages, its check and its close")."""

    kind: CloseKind
    at: str
    reason: str = ""
    held: tuple[tuple[str, int, int], ...] = ()


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
    #: (core/stages.py; ``rounds`` then holds the same number); 0 on a night of rounds.
    games_per_table: int = 0
    closes: tuple[Close, ...] = ()

    @property
    def closed(self) -> Close | None:
        """The close in force: the last ``night close`` unless a reopen came after it."""
        if self.closes and self.closes[-1].kind is CloseKind.CLOSE:
            return self.closes[-1]
        return None

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
            return latest_games(self)
        return self.tables_of(self.round)

    def sessions(self) -> tuple[str, ...]:
        return tuple(t.session for t in self.tables)


def table_session(night_name: str, round_number: int, table: int) -> str:
    """The session a table plays: ``NAME-rR-tT``."""
    return f"{night_name}-r{round_number}-t{table}"


def final_session(night_name: str) -> str:
    return f"{night_name}-final"


def stage_session(night_name: str, stage: int, table: int, game: int) -> str:
    """The session of a table's g-th game in stage s (cli.md, "The night's stages"):
    ``NAME-sS-tT-gG``."""
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


# -- a night of stages: which tables are being played --------------------------------------


def current_stage(night: Night) -> int:
    """The stage being played (0 on a night of rounds)."""
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


def still_seated(night: Night, table: NightTable) -> tuple[str, ...]:
    """``table``'s players who are still at the night, in seat order: a table's next game
    of a stage seats only them (a player who left is never drawn again)."""
    gone = set(night.absent)
    return tuple(p for p in table.players if p not in gone)


def stage_games(night: Night, table: NightTable) -> int:
    """How many games ``table`` (a table's latest game) plays in its stage:
    ``games_per_table``, unless so many of its players have left that the rest cannot
    seat another game (fewer than the house rules' ``game.min_players``); then its stage
    ends with the game it has."""
    if len(still_seated(night, table)) < night.rules.game.min_players:
        return min(table.game, night.games_per_table)
    return night.games_per_table


def night_of_session(session: str) -> str | None:
    """The night a session's name says it belongs to (``fredag-r2-t1``, ``fredag-final``),
    or None: where to look, not yet whether the night lists it."""
    if session.endswith("-final") and len(session) > len("-final"):
        return session[: -len("-final")]
    staged = parse_stage_session(session)
    if staged is not None:
        return staged[0]
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


# -- a closed night ----------------------------------------------------------------------


def refuse_draw_when_closed(night: Night) -> None:
    """After ``night close`` nothing more is drawn (a draw, the final, a next stage): the
    final standings would change silently, and the new games could never be recorded."""
    closed = night.closed
    if closed is not None:
        raise NightError(
            Msg(
                "the night {night} was closed at {at}: its result is final, so nothing more is drawn until the close is taken back (`chicago night close --reopen --reason TEXT`); nothing was changed",
                night=night.name,
                at=closed.at,
            ),
        )


def refuse_move_when_closed(night: Night) -> None:
    """After ``night close`` nobody leaves or joins: the night's players are final too."""
    closed = night.closed
    if closed is not None:
        raise NightError(
            Msg(
                "the night {night} was closed at {at}: its result is final, so nobody joins or leaves it until the close is taken back (`chicago night close --reopen --reason TEXT`); nothing was changed",
                night=night.name,
                at=closed.at,
            ),
        )


# -- leaving and arriving -----------------------------------------------------------------


def _named(night: Night, text: str) -> str | None:
    wanted = typed_name(text)
    if wanted in night.players:
        return wanted
    folded = [p for p in night.players if p.casefold() == wanted.casefold()]
    return folded[0] if folded else None


def leave(night: Night, text: str) -> Night:
    """``text`` is not drawn from the next round on (on a night of stages: into no later
    game, of this stage or another)."""
    refuse_move_when_closed(night)
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
    refuse_move_when_closed(night)
    player = _named(night, text)
    if player is not None and player not in night.absent:
        raise NightError(
            Msg("{player} is already in the night {night}", player=player, night=night.name),
        )
    if night.games_per_table:
        raise NightError(
            Msg.counted(
                "the night {night} keeps its tables together for {n} game and advances the best of each: nobody can join it once it has begun",
                "the night {night} keeps its tables together for {n} games and advances the best of each: nobody can join it once it has begun",
                night.games_per_table,
                night=night.name,
            ),
        )
    if player is None:
        player = check_player_name(text)
        check_player_names((*night.players, player), new=False)  # the one check: no two alike
        refuse_lookalikes((*night.players, player))
        refuse_modifier_names((player,))
        night = replace(night, players=(*night.players, player))
    return replace(night, moves=(*night.moves, Move(player, MoveKind.JOIN, night.round + 1)))


def playing_now(night: Night, player: str, results: Mapping[str, GameResult]) -> NightTable | None:
    """The table of the current round where ``player`` sits in a game not yet over."""
    for table in night.current:
        if player in table.players and not results[table.session].finished:
            return table
    return None


# -- what the night needs of one game ---------------------------------------------------------


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


