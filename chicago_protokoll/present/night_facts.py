"""The facts every sheet of a club night shows, in words: the night's state, the scheme
under its title, the rounds or stages with their tables, each table's rows by place, the
standings' columns.

One module for every format that shows a night: the Markdown, HTML and CSV sheets
(`night_sheet`), the table cards and paper protocols (`night_cards`, `protocol_cards`) and
the published site (`publish_pages`).  Each is a pure function of the object ``night
status --json`` prints, so the file, the live room's page and a script read the same
facts.  No markup here: the templates lay the words out.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any, NamedTuple

from ..i18n.language import number, t, tn

Status = Mapping[str, Any]
Table = Mapping[str, Any]


def points_value(value: object) -> int | Decimal:
    """Placement points as shown: whole points as an int, a shared place's fraction rounded
    to at most two decimals (``44/3`` or ``14.666…`` -> ``14.67``; ``16.5`` stays)."""
    if isinstance(value, Decimal):
        exact = value
    elif isinstance(value, (int, float)):
        exact = Decimal(str(value))  # a float's shortest spelling: 14.67, not 14.669999…
    else:  # an exact fraction (the core keeps them so), or the text of one
        from fractions import Fraction

        fraction = Fraction(str(value))
        exact = Decimal(fraction.numerator) / Decimal(fraction.denominator)
    rounded = exact.quantize(Decimal("0.01"))
    if rounded == rounded.to_integral_value():  # whole, or within a half hundredth of it
        return int(rounded)
    return rounded.normalize()  # 16.50 -> 16.5


def placement_points(value: object) -> str:
    """Placement points in the reader's language: ``14.67`` in English, ``14,67`` in Swedish."""
    return number(points_value(value))


def staged(status: Status) -> bool:
    """A night of stages (each table plays its own games), not of rounds."""
    return bool(status.get("games_per_table"))


def round_title(round_: int, rounds: int) -> str:
    """``Round 2 of 3``, or ``The final`` for the round after the last."""
    if round_ > rounds:
        return t("The final")
    return t("Round {round} of {rounds}", round=round_, rounds=rounds)


def table_round(status: Status, table: Table) -> str:
    """What a table is playing, as its card and its paper say it: ``Round 2 of 3``, ``The
    final``, or on a night of stages ``Stage 1, game 2 of 3`` (a stage's tables are each on
    their own game, so "round 2 of 2" would name a round the night does not have)."""
    if "stage" in table and staged(status):
        return t(
            "Stage {stage}, game {game} of {games}",
            stage=int(table["stage"]),
            game=int(table["game"]),
            games=int(status["games_per_table"]),
        )
    return round_title(int(table["round"]), int(status["rounds"]))


def night_state(status: Status) -> str:
    """Where the evening is: a round of so many, the final, a stage, or over."""
    if status["finished"]:
        return t("The night is over.")
    if "stage" in status:
        return t("Stage {stage}", stage=int(status["stage"]))
    return round_title(int(status["round"]), int(status["rounds"]))


def facts(status: Status) -> list[str]:
    """The scheme under the title: how many play, the points per place, the draws."""
    players = list(status.get("players", ()))
    said = [tn("{n} player", "{n} players", len(players))]
    scheme = ", ".join(placement_points(p) for p in status.get("points", ()))
    if scheme:
        said.append(t("placement points by place: {scheme}", scheme=scheme))
    if "result" in status:
        said.append(t("result: final") if status["result"] == "final" else t("result: provisional"))
    if "repeated_pairs" in status:
        repeated = int(status["repeated_pairs"])
        said.append(
            tn("{n} pair met again", "{n} pairs met again", repeated)
            if repeated
            else t("no pair met again")
        )
    return said


def rounds(status: Status) -> list[tuple[str, list[Table]]]:
    """Every table so far, grouped by round in order (the final last), tables by number;
    on a night of stages by stage and game."""
    if "stage" in status:
        by_game: dict[tuple[int, int], list[Table]] = {}
        for table in status.get("results", ()):
            by_game.setdefault((int(table["stage"]), int(table["game"])), []).append(table)
        return [
            (
                t("Stage {stage}, game {game}", stage=stage, game=game),
                sorted(tables, key=lambda table: int(table["table"])),
            )
            for (stage, game), tables in sorted(by_game.items())
        ]
    grouped: dict[int, list[Table]] = {}
    for table in status.get("results", ()):
        grouped.setdefault(int(table["round"]), []).append(table)
    count = int(status["rounds"])
    return [
        (round_heading(number_, count), sorted(tables, key=lambda table: int(table["table"])))
        for number_, tables in sorted(grouped.items())
    ]


def round_heading(round_: int, rounds: int) -> str:
    return t("The final") if round_ > rounds else t("Round {round}", round=round_)


def table_heading(table: Table) -> str:
    return t("Table {table}", table=int(table["table"]))


def table_state(table: Table) -> str:
    deal = int(table["deal"])
    if table["finished"]:
        return t("over after deal {deal}", deal=deal)
    return t("playing deal {deal}", deal=deal)


class Row(NamedTuple):
    """One player's line in a table's result, as shown (``–`` where nothing is known yet)."""

    place: str
    name: str
    total: str
    points: str
    winner: bool
    forfeited: bool

    def marks(self) -> list[str]:
        return [t("winner")] * self.winner + [t("forfeited")] * self.forfeited


def table_rows(table: Table) -> list[Row]:
    """A finished table by place (seat order among shared places), a table still playing in
    seat order."""
    seats: Sequence[str] = table["players"]
    places: Mapping[str, int] = table.get("places") or {}
    awarded: Mapping[str, object] = table.get("placement_points") or {}
    totals: Mapping[str, int] = table.get("totals") or {}
    winners = set(table.get("winners", ()))
    forfeited = set(table.get("forfeited", ()))
    order = list(seats)
    if table["finished"] and places:
        order.sort(key=lambda name: (int(places.get(name, len(seats))), seats.index(name)))
    return [
        Row(
            str(places[name]) if name in places else "–",
            name,
            str(totals[name]) if name in totals else "–",
            placement_points(awarded[name]) if name in awarded else "–",
            name in winners,
            name in forfeited,
        )
        for name in order
    ]


def standings_heads(is_staged: bool = False) -> list[str]:
    """The standings' columns; at a night of stages the last is the stage each player
    reached, which is what ranks them first (a player out after stage 1 with more points
    stands below everyone who went on)."""
    heads = [t("Rank"), t("Player"), t("Placement points"), t("Games"), t("Wins"), t("Game points")]
    return [*heads, t("Stage")] if is_staged else heads


def standings_numeric(is_staged: bool = False) -> list[bool]:
    return [True, False, True, True, True, True] + ([True] if is_staged else [])


def table_heads() -> list[str]:
    return [t("Place"), t("Player"), t("Game points"), t("Placement points")]


def standing_cells(row: Mapping[str, Any]) -> list[str]:
    return [
        str(row["rank"]),
        str(row["name"]),
        placement_points(row["points"]),
        str(row["games"]),
        str(row["wins"]),
        str(row["game_points"]),
        *([str(row["stage_reached"])] if "stage_reached" in row else []),
    ]


def title(status: Status) -> str:
    return t("Club night: {night}", night=str(status["night"]))


def forfeit_note(table: Table) -> str:
    """What a forfeit at this table means for the night (rules.md, "Forfeit"): the player
    is placed last and counts 0 game points, whatever the total recorded."""
    forfeited = list(table.get("forfeited", ()))
    if not forfeited:
        return ""
    return t(
        "{player} forfeited: placed last, counts 0 game points.", player=" & ".join(forfeited)
    )
