"""Night files (``nights/NAME.toml`` in the data directory): read, validated, written
atomically under the lock, as session files are; and the sessions a night's round plays.

- A night file is read whole and validated before anything is done with it; one that is
  damaged, cut short or written by a newer release is refused by name (`NightFileError`)
  and never written over: every write (`create_night`, `transact_night`) loads the old
  file first, under the lock of the nights directory.
- A round's sessions are made all or nothing (`create_round`): every name is checked
  free before the first file is written, and those written are removed again if a later
  one cannot be.  They are ordinary session files, made by `sessionfile.create_session`
  as ``chicago new`` makes them, and never change the current session.
- Which night was made last (the default NAME) is a pointer beside the current-session
  pointer, ``current-night``; the current session is not touched.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from contextlib import suppress
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar

from ..core.errors import ChicagoError, RulesFileError, SessionFileError
from ..core.names import PlayerNameError
from ..core.night import (
    GameResult,
    Move,
    MoveKind,
    Night,
    NightError,
    NightTable,
    check_points,
    check_table_size,
    final_session,
    night_of_session,
    result_of,
    table_session,
)
from ..core.rules import HouseRules
from ..core.session import Session, new_session
from ..i18n.language import Joined, Msg
from .atomic import LOCK_TIMEOUT, fsync_dir, locked, make_dir, write_atomic
from .catalogue import write_pointer
from .fileformat import check_end_line, check_version, parse_file_toml, rules_table
from .locations import (
    check_session_name,
    data_dir,
    display_path,
    read_pointer,
    real_path,
    session_name_problem,
    session_path,
)
from .sessionfile import create_session, load_session, read_text_file, replay_file

T = TypeVar("T")

FORMAT = "chicago-protokoll/night"
VERSION = 1
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
)
_OPTIONAL = ("moves", "tables")
#: A night file holds names and numbers: a long night is a few kilobytes.
NIGHT_LIMIT = 1024 * 1024


class NightFileError(SessionFileError):
    """A night file that cannot be read safely (damaged, cut short, newer format)."""


class NightExistsError(ChicagoError):
    """A new night would take a name a night already has."""


# -- where nights live ---------------------------------------------------------------------


def nights_dir() -> Path:
    return data_dir() / "nights"


def night_path(name: str) -> Path:
    """``data_dir()/nights/NAME.toml``.  A night's name makes its sessions' names, so it
    must be a session name, and so must the longest one it makes."""
    name = check_session_name(name)
    longest = f"{name}-r99-t99"
    problem = session_name_problem(longest)
    if problem:
        raise ChicagoError(
            Msg(
                "{name!r} cannot name a night: its tables' sessions ({longest}) would not be session names: {problem}",
                name=name,
                longest=longest,
                problem=problem,
            ),
        )
    return nights_dir() / f"{name}.toml"


def current_night_file() -> Path:
    return data_dir() / "current-night"


def get_current_night() -> str | None:
    return read_pointer(current_night_file())


def set_current_night(name: str) -> None:
    """Make ``name`` the default night (the current session stays as it is)."""
    write_pointer(current_night_file(), name)


def resolve_night(name: str | None) -> Path:
    """The night file a command works on: NAME, else the night made last."""
    if name is None:
        name = get_current_night()
        if name is None:
            raise ChicagoError(
                Msg(
                    "there is no night yet: `chicago night new NAME PLAYER PLAYER PLAYER ...` starts one",
                ),
            )
    path = night_path(name)
    if not os.path.lexists(path):
        raise ChicagoError(
            Msg(
                "there is no night '{name}'; `chicago night new {name} PLAYER PLAYER PLAYER ...` starts one",
                name=name,
            ),
        )
    return path


def list_nights() -> list[tuple[str, Path]]:
    try:
        entries = list(os.scandir(nights_dir()))
    except FileNotFoundError:
        return []
    found = []
    for entry in entries:
        stem, dot, suffix = entry.name.rpartition(".")
        if dot and suffix == "toml" and session_name_problem(stem) is None and entry.is_file():
            found.append((stem, nights_dir() / entry.name))
    return sorted(found)


def night_of(session_name: str) -> Night | None:
    """The night that plays the session ``session_name``, or None.  Only the night its
    name points to is read (``fredag-r2-t1`` -> ``nights/fredag.toml``)."""
    name = night_of_session(session_name)
    if name is None or session_name_problem(name) is not None:
        return None
    path = nights_dir() / f"{name}.toml"
    if not os.path.lexists(path):
        return None
    night = load_night(path)
    return night if session_name in night.sessions() else None


# -- the file format -----------------------------------------------------------------------


def dumps_night(night: Night) -> str:
    """The night as the text of its file (TOML), ending with `END_LINE`."""
    import tomli_w

    head: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "name": night.name,
        "created": night.created,
        "players": list(night.players),
        "rounds": night.rounds,
        "table_size": night.table_size,
        "points": list(night.points),
        "seed": night.seed,
        "rules": rules_table(night.rules),
    }
    parts = [_HEADER, tomli_w.dumps(head)]
    for move in night.moves:
        parts.append("\n[[moves]]\n")
        parts.append(
            tomli_w.dumps({"player": move.player, "move": move.kind.value, "round": move.round})
        )
    for table in night.tables:
        parts.append("\n[[tables]]\n")
        parts.append(
            tomli_w.dumps(
                {
                    "round": table.round,
                    "table": table.table,
                    "session": table.session,
                    "players": list(table.players),
                }
            )
        )
    parts.append(f"\n{END_LINE}\n")
    return "".join(parts)


def loads_night(text: str, source: str, *, stem: str | None = None) -> Night:
    """Read and validate the text of a night file; ``source`` names it in every refusal,
    ``stem`` is the name its file has (the night's name must be it)."""
    try:
        return _loads_night(text, source, stem)
    except RecursionError:
        raise _refusal(source, Msg("its tables or lists are nested too deeply")) from None


def _refusal(source: str, reason: Msg) -> NightFileError:
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
        return _refusal(source, reason)

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
    for key in data:
        if key not in _FIELDS:
            raise refuse(Msg("it has an unknown field '{key}'", key=key))
    for key in _FIELDS:
        if key not in data and key not in _OPTIONAL:
            raise refuse(Msg("it has no '{key}'", key=key))
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

        names = check_player_names(players)
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
    tables = _read_tables(data.get("tables", []), name, names, rounds, refuse)
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
        if not isinstance(item, dict) or set(item) != {"round", "table", "session", "players"}:
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
        tables.append(NightTable(round_number, table, session, tuple(seated)))
    return tuple(tables)


# -- reading and writing ---------------------------------------------------------------------


def _read_text(path: Path, source: str) -> str:
    return read_text_file(
        path,
        source,
        limit=NIGHT_LIMIT,
        follow=False,
        not_a_file=lambda what: NightFileError(
            Msg("{source} is not a night file: {what}", source=source, what=what)
        ),
        not_text=_refusal(source, Msg("it is not UTF-8 text; it may be damaged")),
    )


def load_night(path: Path) -> Night:
    """Read and validate the night file at ``path``; `NightFileError` names the file."""
    source = display_path(path)
    return loads_night(_read_text(path, source), source, stem=path.stem)


def _write_night(real: Path, night: Night, source: str) -> None:
    try:
        write_atomic(real, dumps_night(night).encode())
    except OSError as error:
        raise ChicagoError(
            Msg(
                "could not write {source}: {strerror}; the file on disk is unchanged",
                source=source,
                strerror=error.strerror,
            ),
        ) from None


def create_night(path: Path, night: Night) -> Night:
    """Write a new night file and its first round's sessions under the lock, refusing
    (`NightExistsError`) a name taken; all or nothing."""
    if not night.created:
        night = replace(night, created=_now())
    real = real_path(path)
    source = display_path(path)
    make_dir(real.parent)
    with locked(real.parent):
        if os.path.lexists(real):
            raise NightExistsError(
                Msg(
                    "there is a night called '{name}' already ({source}): choose another name",
                    name=night.name,
                    source=source,
                ),
            )
        _with_sessions(round_sessions(night, night.tables), lambda: _write_night(real, night, source))
    return night


def transact_night(
    path: Path, change: Callable[[Night], tuple[Night, T]], *, timeout: float = LOCK_TIMEOUT
) -> tuple[Night, T]:
    """Load, ``change``, save, all under the lock of the nights directory; returns the
    night as saved and what ``change`` told.  A table ``change`` adds gets its session,
    made with the file, all or nothing.  A file that does not load, or a ``change`` that
    raises, writes nothing; an unchanged night is not written."""
    real = real_path(path)
    source = display_path(path)
    with locked(real.parent, timeout=timeout):
        old = loads_night(_read_text(real, source), source, stem=path.stem)
        new, told = change(old)
        if new != old:
            added = [table for table in new.tables if table not in old.tables]
            _with_sessions(round_sessions(new, added), lambda: _write_night(real, new, source))
        return new, told


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


# -- the games a night plays ---------------------------------------------------------------------


def round_sessions(night: Night, tables: Iterable[NightTable]) -> list[tuple[Path, Session]]:
    """The session of each table: its seats in drawn order, the first dealing first, the
    night's house rules."""
    created = _now()
    return [
        (
            session_path(table.session),
            new_session(table.players, night.rules, name=table.session, created=created),
        )
        for table in tables
    ]


def _with_sessions(sessions: list[tuple[Path, Session]], then: Callable[[], None]) -> None:
    """Write every session of a round and then (``then``) the night file, or nothing:
    each name is checked free first, and if a later file cannot be written the sessions
    written are removed again."""
    # A draw (or `night new`) killed between its sessions and the night file left them
    # unnamed; the draw is the same again (seeded), so exactly those empty games are its own.
    left = [path for path, session in sessions if _left_by_a_killed_draw(path, session)]
    sessions = [(path, session) for path, session in sessions if path not in left]
    taken = [path for path, _ in sessions if os.path.lexists(path)]
    if taken:
        raise ChicagoError(
            Msg.counted(
                "the night would make the session {sessions}, which exists already; remove or rename it first, nothing was written",
                "the night would make the sessions {sessions}, which exist already; remove or rename them first, nothing was written",
                len(taken),
                sessions=", ".join(path.stem for path in taken),
            ),
        )
    written: list[Path] = []
    try:
        for path, session in sessions:
            create_session(path, session)
            written.append(path)
        then()
    except BaseException:
        if written:
            with locked(written[0].parent):
                for path in written:
                    with suppress(FileNotFoundError):
                        path.unlink()
                fsync_dir(written[0].parent)
        raise


def _left_by_a_killed_draw(path: Path, session: Session) -> bool:
    """Whether ``path`` holds exactly ``session`` as a draw writes it, nothing recorded
    (its time of writing aside): what a draw killed before its night file leaves."""
    if not os.path.isfile(path):
        return False
    try:
        found = load_session(path)
    except (ChicagoError, OSError):
        return False
    return replace(found, created="") == replace(session, created="")


def night_results(night: Night, *, indexed: bool = False) -> dict[str, GameResult]:
    """Every table's game of the night, replayed from its session file (``indexed``: through
    the league's index, store/index.py, which replays only what changed).  A session that
    is gone or does not load is refused by name."""
    paths = []
    for table in night.tables:
        path = session_path(table.session)
        if not os.path.lexists(path):
            raise ChicagoError(
                Msg(
                    "the night {night} plays {session} at table {table} of round {round}, and that session is gone from the data directory",
                    night=night.name,
                    session=table.session,
                    table=table.table,
                    round=table.round,
                ),
            )
        paths.append(path)
    games = _indexed_results(paths) if indexed else [_replayed_result(path) for path in paths]
    results: dict[str, GameResult] = {}
    for table, result in zip(night.tables, games, strict=True):
        if sorted(result.players) != sorted(table.players):
            raise ChicagoError(
                Msg(
                    "{session} does not seat the players the night {night} drew for it ({players}); was it replaced by another session?",
                    session=table.session,
                    night=night.name,
                    players=", ".join(table.players),
                ),
            )
        results[table.session] = result
    return results


def _replayed_result(path: Path) -> GameResult:
    session = load_session(path)
    return result_of(replay_file(session, path).standings())


def _indexed_results(paths: list[Path]) -> list[GameResult]:
    from .index import open_index

    with open_index() as index:
        found = index.summaries(paths)
    results = []
    for item in found:
        if item.summary is None:
            assert item.error is not None
            raise item.error
        summary = item.summary
        results.append(
            GameResult(
                players=summary.players,
                totals=dict(zip(summary.players, summary.scores, strict=True)),
                winners=summary.winners,
                forfeited=summary.forfeited,
                finished=summary.finished,
                deal=summary.deal,
            )
        )
    return results
