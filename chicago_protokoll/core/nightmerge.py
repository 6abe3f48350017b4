"""A night file merged three-way by key (docs/club.md, "A conflict"): pure, symmetric.

- a join or leave is known by (player, round) — and, for a player who left and came back
  within one round, by how many moves of that player and round came before it;
- a table by (round, table): each side's tables are kept, the same table drawn
  differently is a conflict, and a round drawn on both sides must be the same draw;
- the night's scheme (rounds, table size, points, seed, rules) three-way per field.

The keys are declared once, in `TABLE_KEY` and `MOVE_KEY`, so that a night with more
parts (stages, several games at a table) adds its part there.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import replace

from ..i18n.language import Msg
from .logmerge import MergeConflict, merge_keyed, merge_log
from .night import Move, Night, NightTable

#: What makes a table one table: its round and its number (on a night of stages its
#: stage, its number and its game; ``stage`` and ``game`` are 0 on a night of rounds).
TABLE_KEY: Callable[[NightTable], tuple[int, int, int, int]] = lambda table: (  # noqa: E731
    table.stage, table.round, table.table, table.game
)


def TABLE_GROUP(table: NightTable) -> Hashable:
    """What is drawn at once: a round's tables; a stage's first games; a later game of
    a stage's table on its own."""
    if table.stage == 0 or table.game == 1:
        return (table.stage, table.round)
    return (table.stage, table.game, table.table)


_SCHEME = ("rounds", "table_size", "points", "seed", "rules", "games_per_table", "closes")


def _moves_keyed(moves: tuple[Move, ...]) -> list[tuple[str, Move]]:
    """Each move with its key: player, round and how many such moves came before."""
    counted: dict[tuple[str, int], int] = {}
    keyed = []
    for move in moves:
        n = counted.get((move.player, move.round), 0)
        counted[(move.player, move.round)] = n + 1
        keyed.append((MOVE_KEY(move, n), move))
    return keyed


def MOVE_KEY(move: Move, n: int) -> str:
    """A join or leave by (player, round), and its place among that player's moves of
    the round."""
    return f"{move.player}\x00{move.round}\x00{n}"


def merge_nights(base: Night | None, ours: Night, theirs: Night) -> Night:
    """The night both sides lead to from ``base`` (None: the file is new on both)."""
    if base is None:
        if ours.created != theirs.created:
            raise MergeConflict(
                Msg(
                    "two different nights were started under the name {name}: one at {ours}, the other at {theirs}",
                    name=ours.name,
                    ours=ours.created or "?",
                    theirs=theirs.created or "?",
                ),
            )
        # The same night on both (a copy): what both hold alike is the common start.
        common = 0
        while common < min(len(ours.players), len(theirs.players)) and (
            ours.players[common] == theirs.players[common]
        ):
            common += 1
        base = replace(ours, players=ours.players[:common], tables=(), moves=())
    scheme = {}
    for field in _SCHEME:
        was, one, two = getattr(base, field), getattr(ours, field), getattr(theirs, field)
        if two in (one, was):
            scheme[field] = one
        elif one == was:
            scheme[field] = two
        else:
            raise MergeConflict(
                Msg(
                    "the night {name}'s {field} was changed on both sides, differently",
                    name=ours.name,
                    field=field,
                ),
            )
    moves = merge_log(
        _moves_keyed(base.moves),
        _moves_keyed(ours.moves),
        _moves_keyed(theirs.moves),
        ident=lambda item: item[0],
        order=lambda item: item[1].round,
        changed=lambda one, other: Msg(
            "{player}'s moves in round {round} of the night {name} differ on the two sides",
            player=one[1].player,
            round=one[1].round,
            name=ours.name,
        ),
    )
    tables = merge_keyed(
        base.tables,
        ours.tables,
        theirs.tables,
        key=TABLE_KEY,
        group=TABLE_GROUP,
        order=TABLE_KEY,
        different=lambda one, _other: Msg(
            "round {round}, table {table} of the night {name} was drawn differently on the two sides",
            round=one.round,
            table=one.table,
            name=ours.name,
        ),
        removed_and_changed=lambda table: Msg(
            "round {round}, table {table} of the night {name} was removed on one side and changed on the other",
            round=table.round,
            table=table.table,
            name=ours.name,
        ),
        group_differs=lambda group: Msg(
            "round {round} of the night {name} was drawn on both sides, with different tables",
            round=group[1] if isinstance(group, tuple) else group,
            name=ours.name,
        ),
    )
    # The same draw made on both sides at different moments is one draw (``drawn`` is
    # not part of a table's equality); it keeps the earlier moment, whichever side is which.
    when: dict[tuple[int, int, int, int], list[str]] = {}
    for table in (*ours.tables, *theirs.tables):
        if table.drawn:
            when.setdefault(TABLE_KEY(table), []).append(table.drawn)
    tables = [
        replace(t, drawn=min(when[TABLE_KEY(t)])) if TABLE_KEY(t) in when else t for t in tables
    ]
    # Everyone ever in the night: BASE's order, then those who joined on either side by
    # the round they joined and their name (the same whichever side is which).
    joined_round = {move.player: move.round for _, move in reversed(moves)}
    known = set(base.players)
    new = {p for p in (*ours.players, *theirs.players) if p not in known}
    players = (
        *base.players,
        *sorted(new, key=lambda p: (joined_round.get(p, 0), p.casefold(), p)),
    )
    return replace(
        ours,
        players=players,
        moves=tuple(move for _, move in moves),
        tables=tuple(tables),
        **scheme,
    )
