"""The parts of a night file that a night of stages and a closed night add (cli.md,
"The night's stages, its check and its close"): each table's stage and game, when a
table was drawn, and the closes.  nightformat.py reads and writes the rest."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core.errors import SessionFileError
from ..core.night import Close, CloseKind, NightTable, stage_session
from ..i18n.language import Msg

_STAGED_KEYS = {"stage", "table", "game", "session", "players"}


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def staged_table_dict(table: NightTable) -> dict[str, Any]:
    data: dict[str, Any] = {
        "stage": table.stage,
        "table": table.table,
        "game": table.game,
        "session": table.session,
        "players": list(table.players),
    }
    if table.drawn:
        data["drawn"] = table.drawn
    return data


def read_drawn(item: dict[str, Any], refuse: Callable[[Msg], SessionFileError], number: int) -> str:
    drawn = item.get("drawn", "")
    if not isinstance(drawn, str):
        raise refuse(
            Msg("table {number}: drawn must be a date and time in quotes, not {value!r}", number=number, value=drawn)
        )
    return drawn


def read_staged_tables(
    items: object,
    night: str,
    players: tuple[str, ...],
    games_per_table: int,
    refuse: Callable[[Msg], SessionFileError],
) -> tuple[NightTable, ...]:
    """The tables of a night of stages, in the order they were drawn: stage 1's first
    games numbered from 1, a table's next game only after its game before with the same
    players, a stage only after the one before it, nobody at two tables of one stage."""
    if not isinstance(items, list):
        raise refuse(Msg("tables must be a list of [[tables]] tables"))
    tables: list[NightTable] = []
    for number, item in enumerate(items, start=1):
        if not isinstance(item, dict) or not _STAGED_KEYS <= set(item) <= _STAGED_KEYS | {"drawn"}:
            raise refuse(
                Msg(
                    "table {number} must have a stage, a table, a game, a session and players: {value!r}",
                    number=number,
                    value=item,
                ),
            )
        stage, table, game, session, seated = (
            item["stage"], item["table"], item["game"], item["session"], item["players"]
        )  # fmt: skip
        if not (_is_int(stage) and _is_int(table) and _is_int(game)) or min(stage, table, game) < 1:
            raise refuse(
                Msg("table {number}: its stage, table and game must be whole numbers from 1", number=number)
            )
        last_stage = tables[-1].stage if tables else 1
        in_stage = [t for t in tables if t.stage == stage]
        before = next((t for t in in_stage if t.table == table and t.game == game - 1), None)
        starts = game == 1 and stage in (last_stage, last_stage + 1) and (
            table == 1 + max((t.table for t in in_stage if t.game == 1), default=0)
        )
        if (
            game > games_per_table
            or any(t.table == table and t.game == game for t in in_stage)
            or not (starts or (before is not None and stage == last_stage))
            or (stage > last_stage and game != 1)
        ):
            raise refuse(
                Msg(
                    "table {number} (stage {stage}, table {table}, game {game}) is out of order",
                    number=number,
                    stage=stage,
                    table=table,
                    game=game,
                ),
            )
        wanted = stage_session(night, stage, table, game)
        if session != wanted:
            raise refuse(
                Msg(
                    "stage {stage}, table {table}, game {game} must play the session {wanted}, not {session!r}",
                    stage=stage,
                    table=table,
                    game=game,
                    wanted=wanted,
                    session=session,
                ),
            )
        elsewhere = {p for t in in_stage if t.table != table for p in t.players}
        if (
            not isinstance(seated, list)
            or not seated
            or any(not isinstance(p, str) or p not in players or p in elsewhere for p in seated)
            or len(set(seated)) != len(seated)
            or (before is not None and not set(seated) <= set(before.players))
        ):
            raise refuse(
                Msg(
                    "stage {stage}, table {table}, game {game}: its players must be players of the night, those of the table's game before (less any who left) and at one table of the stage, not {value!r}",
                    stage=stage,
                    table=table,
                    game=game,
                    value=seated,
                ),
            )
        tables.append(
            NightTable(
                game, table, session, tuple(seated), stage=stage, game=game,
                drawn=read_drawn(item, refuse, number),
            )
        )  # fmt: skip
    return tuple(tables)


def seats_fewer(tables: tuple[NightTable, ...]) -> bool:
    """Whether a table's game of a stage seats fewer than its game before (a player left
    during the stage): format 3, which a release that keeps a table's players for every
    game refuses by name."""
    seated = {(t.stage, t.table, t.game): len(t.players) for t in tables}
    return any(
        t.game > 1 and len(t.players) < seated.get((t.stage, t.table, t.game - 1), 0)
        for t in tables
    )


def close_dict(close: Close) -> dict[str, Any]:
    return {
        "close": close.kind.value,
        "at": close.at,
        "reason": close.reason,
        "held": [[session, corrections, entries] for session, corrections, entries in close.held],
    }


def read_closes(
    items: object, refuse: Callable[[Msg], SessionFileError]
) -> tuple[Close, ...]:
    """``[[closes]]``: each a close or a reopen, its time, its reason and what the
    sessions held then; a reopen only after a close, and a close only when open."""
    if not isinstance(items, list):
        raise refuse(Msg("closes must be a list of [[closes]] tables"))
    closes: list[Close] = []
    for number, item in enumerate(items, start=1):
        kinds = tuple(CloseKind)
        wanted = CloseKind.REOPEN if closes and closes[-1].kind is CloseKind.CLOSE else CloseKind.CLOSE
        held = item.get("held") if isinstance(item, dict) else None
        if (
            not isinstance(item, dict)
            or set(item) != {"close", "at", "reason", "held"}
            or item["close"] not in kinds
            or CloseKind(item["close"]) is not wanted
            or not isinstance(item["at"], str)
            or not isinstance(item["reason"], str)
            or not isinstance(held, list)
            or not all(
                isinstance(row, list)
                and len(row) == 3
                and isinstance(row[0], str)
                and _is_int(row[1])
                and _is_int(row[2])
                and min(row[1], row[2]) >= 0
                for row in held
            )
        ):
            raise refuse(
                Msg(
                    "close {number} must be a close or, after one, a reopen, with a time, a reason and what each session held: {value!r}",
                    number=number,
                    value=item,
                ),
            )
        closes.append(
            Close(
                CloseKind(item["close"]),
                item["at"],
                item["reason"],
                tuple((row[0], row[1], row[2]) for row in held),
            )
        )
    return tuple(closes)
