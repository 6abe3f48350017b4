"""``chicago nights`` (also ``chicago night list``): every club night in the data directory.

One line a night, as ``sessions`` lists the sessions: its name, the date it was made, its
players, the round (or stage and game) it is at, and whether it is open or closed; the
night made last (the default NAME of the ``night`` commands) is marked ``*``.  ``--json``
gives a list of objects with those fields.  A night file that does not load is listed
with the reason, as ``sessions`` lists a damaged session: the list is still useful.

The night files are read only when the command runs: ``chicago nights --help`` loads no
part of the core (tests/cli/test_latency_imports.py).
"""

from __future__ import annotations

from typing import Any

import typer

from ..i18n.language import t
from .examples import example
from .options import JsonOption

# The command's help is declared here; `chicago --help` lists it from `listing`, without this module.
app = typer.Typer(rich_markup_mode=None)

OPEN = "open"
CLOSED = "closed"


def night_row(night: Any, current: bool) -> dict[str, Any]:
    """The ``--json`` object of one night: ``stage`` is null on a night of rounds; there
    ``round`` is the round drawn last (``rounds + 1``: the final) of ``rounds``; on a night
    of stages ``round`` is the game being played at the tables and ``rounds`` the games a
    table plays in a stage."""
    from ..core.night import current_stage

    staged = bool(night.games_per_table)
    return {
        "name": night.name,
        "date": night.created[:10] or None,
        "players": list(night.players),
        "stage": current_stage(night) if staged else None,
        "round": night.round,
        "rounds": night.games_per_table if staged else night.rounds,
        "state": CLOSED if night.closed is not None else OPEN,
        "current": current,
    }


def _where(row: dict[str, Any]) -> str:
    """Where a night is, in words: its round, the final, or its stage and game."""
    if row["stage"] is not None:
        return t(
            "stage {stage}, game {game} of {games}",
            stage=row["stage"],
            game=row["round"],
            games=row["rounds"],
        )
    if row["round"] > row["rounds"]:
        return t("the final")
    return t("round {round} of {rounds}", round=row["round"], rounds=row["rounds"])


def list_nights(as_json: bool) -> None:
    """Print the list of nights (``nights`` and ``night list`` are this one function)."""
    from ..core.errors import ChicagoError
    from ..i18n.language import language
    from ..present.width import pad, visible
    from ..store import nightfile

    current = nightfile.get_current_night()
    rows: list[dict[str, Any]] = []
    for name, path in nightfile.list_nights():
        try:
            night = nightfile.load_night(path)
        except ChicagoError as error:
            rows.append({"name": name, "error": error.localized(language()), "current": name == current})
            continue
        rows.append(night_row(night, name == current))
    if as_json:
        import json

        print(json.dumps(rows, ensure_ascii=False, indent=2))
        return
    if not rows:
        print(t("No nights yet: chicago night new NAME PLAYER PLAYER PLAYER ..."))
        return
    for row in rows:
        mark = "*" if row["current"] else " "
        if "error" in row:
            print(visible(f"{mark} {pad(row['name'], 16)} {row['error']}"))
            continue
        state = t("closed") if row["state"] == CLOSED else t("open")
        date = row["date"] or ""
        players = ", ".join(row["players"])
        print(visible(f"{mark} {pad(row['name'], 16)} {date:<10}  {players}  {_where(row)}  {state}"))


@app.command(
    "nights",
    help="List the club nights: date, players, round or stage, open or closed.",
    epilog=example("chicago nights --json"),
)
def nights(
    as_json: JsonOption = False,
) -> None:
    """List the club nights: date, players, round or stage, open or closed."""
    list_nights(as_json)
