"""The night file's format: a `Night` written as TOML (`dumps_night`) and read back
whole and validated (`loads_night`), a damaged, cut-short or newer file refused by name
(`NightFileError`).  Where the files live and their writes under the lock are
nightfile.py's."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core.errors import RulesFileError, SessionFileError
from ..core.names import PlayerNameError
from ..core.night import (
    Move,
    MoveKind,
    Night,
    NightError,
    NightTable,
    check_points,
    check_table_size,
    final_session,
    table_session,
)
from ..core.rules import HouseRules
from ..i18n.language import Joined, Msg
from .fileformat import check_end_line, check_fields, check_version, parse_file_toml, rules_table
from .locations import (
    session_name_problem,
)
from .nightformat_stages import (
    close_dict,
    read_closes,
    read_drawn,
    read_staged_tables,
    seats_fewer,
    staged_table_dict,
)

FORMAT = "chicago-protokoll/night"
#: 2: a night of stages (``games_per_table``, each table's stage and game), when each
#: table was drawn, and the closes.  A file without them is still written as 1, so an
#: earlier release reads every night it could make.  3: a table's game of a stage that
#: seats fewer than its game before (a player left during the stage); written only then.
VERSION = 3
END_LINE = "# end of chicago-protokoll night (a file without this last line was cut short)"
_HEADER = (
    "# chicago-protokoll night: the players, the scheme, the seed and each round's tables.\n"
    "# Each table's game is an ordinary session; the standings come from replaying them.\n"
)
_FIELDS = (
    "format",
    "version",
    "name",
    "created",
    "players",
    "rounds",
    "table_size",
    "points",
    "seed",
    "rules",
    "moves",
    "tables",
    "games_per_table",
    "closes",
)
_OPTIONAL = ("moves", "tables", "games_per_table", "closes")
#: A night file holds names and numbers: a long night is a few kilobytes.
NIGHT_LIMIT = 1024 * 1024


class NightFileError(SessionFileError):
    """A night file that cannot be read safely (damaged, cut short, newer format)."""



# -- the file format -----------------------------------------------------------------------


def dumps_night(night: Night) -> str:
    """The night as the text of its file (TOML), ending with `END_LINE`."""
    import tomli_w

    newer = night.games_per_table or night.closes or any(t.drawn for t in night.tables)
    head: dict[str, Any] = {
        "format": FORMAT,
        "version": 3 if seats_fewer(night.tables) else 2 if newer else 1,
        "name": night.name,
        "created": night.created,
        "players": list(night.players),
        "rounds": night.rounds,
        "table_size": night.table_size,
        "points": list(night.points),
        "seed": night.seed,
        "rules": rules_table(night.rules),
    }
    if night.games_per_table:
        head["games_per_table"] = night.games_per_table
    parts = [_HEADER, tomli_w.dumps(head)]
    for move in night.moves:
        parts.append("\n[[moves]]\n")
        parts.append(
            tomli_w.dumps({"player": move.player, "move": move.kind.value, "round": move.round})
        )
    for table in night.tables:
        parts.append("\n[[tables]]\n")
        if night.games_per_table:
            parts.append(tomli_w.dumps(staged_table_dict(table)))
            continue
        item: dict[str, Any] = {
            "round": table.round,
            "table": table.table,
            "session": table.session,
            "players": list(table.players),
        }
        if table.drawn:
            item["drawn"] = table.drawn
        parts.append(tomli_w.dumps(item))
    for close in night.closes:
        parts.append("\n[[closes]]\n")
        parts.append(tomli_w.dumps(close_dict(close)))
    parts.append(f"\n{END_LINE}\n")
    return "".join(parts)


def loads_night(text: str, source: str, *, stem: str | None = None) -> Night:
    """Read and validate the text of a night file; ``source`` names it in every refusal,
    ``stem`` is the name its file has (the night's name must be it)."""
    try:
        return _loads_night(text, source, stem)
    except RecursionError:
        raise night_refusal(source, Msg("its tables or lists are nested too deeply")) from None


def night_refusal(source: str, reason: Msg) -> NightFileError:
    return NightFileError(
        Msg(
            "{source} is not a chicago-protokoll night file: {reason}",
            source=source,
            reason=reason,
        ),
    )


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _loads_night(text: str, source: str, stem: str | None) -> Night:
    def refuse(reason: Msg) -> NightFileError:
        return night_refusal(source, reason)

    if not text.strip():
        raise refuse(Msg("it is empty"))
    data = parse_file_toml(text, refuse)
    if data.get("format") != FORMAT:
        raise refuse(Msg('it has no line format = "{format}"', format=FORMAT))
    check_version(
        data.get("version"),
        VERSION,
        refuse,
        newer=lambda version: NightFileError(
            Msg(
                "{source} was written by a newer chicago-protokoll (night format {version}); this version reads format {readable_version} — upgrade to open it",
                source=source,
                version=version,
                readable_version=VERSION,
            ),
        ),
    )
    check_end_line(text, END_LINE, refuse, shown=32)
    check_fields(data, _FIELDS, _OPTIONAL, refuse)
    name, created = data["name"], data["created"]
    if not isinstance(name, str) or session_name_problem(name) is not None:
        raise refuse(Msg("name must be a night's name, not {name!r}", name=name))
    if stem is not None and name != stem:
        raise refuse(
            Msg("its name {name!r} is not the name of its file ({stem})", name=name, stem=stem)
        )
    if not isinstance(created, str):
        raise refuse(Msg("created must be a date and time in quotes, not {created!r}", created=created))
    players = data["players"]
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise refuse(Msg("players must be a list of names, not {players!r}", players=players))
    try:
        from ..core.names import check_player_names

        names = check_player_names(players, new=False)  # a name an older release took
    except PlayerNameError as error:
        raise refuse(Msg("its players: {error}", error=error)) from None
    if names != tuple(players):
        raise refuse(Msg("its players' names are not written as the program writes them"))
    rounds, table_size, seed = data["rounds"], data["table_size"], data["seed"]
    for key, value in (("rounds", rounds), ("table_size", table_size), ("seed", seed)):
        if not isinstance(value, int) or isinstance(value, bool) or value < (key != "seed"):
            raise refuse(
                Msg("{key} must be a whole number, not {value!r}", key=key, value=value)
            )
    if not isinstance(data["rules"], dict):
        raise refuse(Msg("rules must be a table of [rules.SECTION] tables"))
    try:
        rules = HouseRules.from_mapping(data["rules"], source="rules", typed=False)
    except RulesFileError as error:
        raise refuse(
            Msg("its house rules are wrong: {problems}", problems=Joined(error.messages))
        ) from None
    points = data["points"]
    try:
        if not isinstance(points, list):
            raise refuse(Msg("points must be a list of whole numbers, not {value!r}", value=points))
        check_points(points)
        check_table_size(table_size, rules)
    except NightError as error:
        raise refuse(error.message) from None
    moves = _read_moves(data.get("moves", []), names, refuse)
    games_per_table = data.get("games_per_table", 0)
    if not _is_int(games_per_table) or games_per_table < ("games_per_table" in data):
        raise refuse(
            Msg("games_per_table must be a whole number from 1, not {value!r}", value=games_per_table)
        )
    if games_per_table:
        tables = read_staged_tables(data.get("tables", []), name, names, games_per_table, refuse)
    else:
        tables = _read_tables(data.get("tables", []), name, names, rounds, refuse)
    closes = read_closes(data.get("closes", []), refuse)
    return Night(
        name=name,
        players=names,
        rounds=rounds,
        table_size=table_size,
        points=tuple(points),
        seed=seed,
        rules=rules,
        tables=tables,
        moves=moves,
        created=created,
        games_per_table=games_per_table,
        closes=closes,
    )


def _read_moves(
    items: object, players: tuple[str, ...], refuse: Callable[[Msg], NightFileError]
) -> tuple[Move, ...]:
    if not isinstance(items, list):
        raise refuse(Msg("moves must be a list of [[moves]] tables"))
    moves = []
    for number, item in enumerate(items, start=1):
        if (
            not isinstance(item, dict)
            or set(item) != {"player", "move", "round"}
            or item["player"] not in players
            or item["move"] not in tuple(MoveKind)
            or not _is_int(item["round"])
            or item["round"] < 1
        ):
            raise refuse(
                Msg(
                    "move {number} must be a player of the night, leave or join, and a round: {value!r}",
                    number=number,
                    value=item,
                ),
            )
        moves.append(Move(item["player"], MoveKind(item["move"]), item["round"]))
    return tuple(moves)


def _read_tables(
    items: object,
    night: str,
    players: tuple[str, ...],
    rounds: int,
    refuse: Callable[[Msg], NightFileError],
) -> tuple[NightTable, ...]:
    if not isinstance(items, list):
        raise refuse(Msg("tables must be a list of [[tables]] tables"))
    tables: list[NightTable] = []
    for number, item in enumerate(items, start=1):
        if not isinstance(item, dict) or not (
            {"round", "table", "session", "players"} <= set(item)
            <= {"round", "table", "session", "players", "drawn"}
        ):
            raise refuse(
                Msg(
                    "table {number} must have a round, a table, a session and players: {value!r}",
                    number=number,
                    value=item,
                ),
            )
        round_number, table, session, seated = (
            item["round"], item["table"], item["session"], item["players"]
        )  # fmt: skip
        previous = tables[-1] if tables else None
        # The rounds come in order from 1, each one's tables numbered from 1; the final
        # (round rounds + 1) is one table.
        expected = (
            (previous.round, previous.table + 1) if previous else (1, 1),
            (previous.round + 1, 1) if previous else (1, 1),
        )
        if (
            not _is_int(round_number)
            or not _is_int(table)
            or (round_number, table) not in expected
            or round_number > rounds + 1
            or (round_number == rounds + 1 and table != 1)
        ):
            raise refuse(
                Msg(
                    "table {number} (round {round}, table {table}) is out of order",
                    number=number,
                    round=round_number,
                    table=table,
                ),
            )
        wanted = (
            final_session(night) if round_number == rounds + 1
            else table_session(night, round_number, table)
        )  # fmt: skip
        if session != wanted:
            raise refuse(
                Msg(
                    "round {round}, table {table} must play the session {wanted}, not {session!r}",
                    round=round_number,
                    table=table,
                    wanted=wanted,
                    session=session,
                ),
            )
        same_round = {p for t in tables if t.round == round_number for p in t.players}
        if (
            not isinstance(seated, list)
            or not seated
            or any(p not in players or p in same_round for p in seated)
            or len(set(seated)) != len(seated)
        ):
            raise refuse(
                Msg(
                    "round {round}, table {table}: its players must be players of the night, each at one table of the round, not {value!r}",
                    round=round_number,
                    table=table,
                    value=seated,
                ),
            )
        drawn = read_drawn(item, refuse, number)
        tables.append(NightTable(round_number, table, session, tuple(seated), drawn=drawn))
    return tuple(tables)


