"""The club night's sheets: the evening's standings and every table's result, round by
round (or stage by stage), as Markdown, as one standalone HTML page and as CSV (`night
status --format`).

Each is a pure function of the object `night status --json` prints (docs/cli.md, "The
club night"), so the file, the live room's page and a script all read the same facts
(`night_facts` says them in words).  The HTML page is the template ``night.html`` with the
stylesheets ``sheet.css`` and ``night.css`` inline (`documents`); the printable table
cards are in `night_cards`.

Names come from files anyone can edit: in HTML the template engine escapes every one; in
Markdown they go through `visible` (no terminal escape) and the Markdown export's
escaping (no table pipe, no markup).  CSV cells are made spreadsheet-safe by
`export.csv_text`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..i18n.language import t
from .export import csv_text
from .markdown import markdown_text
from .night_cards import night_cards_html
from .night_facts import (
    Status,
    facts,
    forfeit_note,
    night_state,
    placement_points,
    points_value,
    rounds,
    staged,
    standing_cells,
    standings_heads,
    standings_numeric,
    table_heading,
    table_heads,
    table_rows,
    table_state,
    title,
)
from .width import visible

__all__ = [
    "forfeit_note",
    "night_cards_html",
    "night_context",
    "night_csv",
    "night_html",
    "night_markdown",
    "placement_points",
    "points_value",
]


# -- Markdown ----------------------------------------------------------------------------


def _md_text(text: str) -> str:
    """Text from a file as Markdown shows it: no terminal escape, no markup, no table pipe."""
    return markdown_text(visible(text))


def _md_table(
    heads: Sequence[str], rows: Sequence[Sequence[str]], numeric: Sequence[bool]
) -> list[str]:
    lines = ["| " + " | ".join(heads) + " |"]
    lines.append("|" + "".join("---:|" if right else "---|" for right in numeric))
    lines.extend("| " + " | ".join(row) + " |" for row in rows)
    return lines


def night_markdown(status: Status) -> str:
    """The night as a Markdown document: the standings, then each round's tables."""
    lines = [f"# {_md_text(title(status))}", ""]
    lines.append(f"**{_md_text(night_state(status))}** · " + _md_text(" · ".join(facts(status))))
    absent = list(status.get("absent", ()))
    if absent:
        lines.append("")
        lines.append(_md_text(t("Absent: {names}", names=", ".join(absent))))
    lines += ["", f"## {t('Standings')}", ""]
    rows = [
        [cell if index != 1 else _md_text(cell) for index, cell in enumerate(standing_cells(row))]
        for row in status.get("standings", ())
    ]
    if rows:
        is_staged = staged(status)
        lines += _md_table(standings_heads(is_staged), rows, standings_numeric(is_staged))
    else:
        lines.append(t("No game is finished yet."))
    for heading, tables in rounds(status):
        lines += ["", f"## {_md_text(heading)}"]
        for table in tables:
            lines += [
                "",
                f"### {_md_text(table_heading(table))} · {_md_text(str(table['session']))}"
                f" · {_md_text(table_state(table))}",
                "",
            ]
            shown = []
            for row in table_rows(table):
                who = f"**{_md_text(row.name)}**" if row.winner else _md_text(row.name)
                if row.marks():
                    who += " (" + _md_text(", ".join(row.marks())) + ")"
                shown.append([row.place, who, row.total, row.points])
            lines += _md_table(table_heads(), shown, [True, False, True, True])
            if said := forfeit_note(table):
                lines += ["", _md_text(said)]
    return "\n".join(lines) + "\n"


# -- CSV -----------------------------------------------------------------------------------

#: The columns of `night status --format csv`, as docs/cli.md names them (the JSON keys, so a
#: script reads the same names in either format).
CSV_COLUMNS = ("rank", "name", "points", "games", "wins", "game_points")


def night_csv(status: Status, dialect: str = "plain") -> str:
    """One row per player of the standings: rank, name, points, games, wins, game_points."""
    rows: list[list[object]] = [list(CSV_COLUMNS)]
    for row in status.get("standings", ()):
        rows.append(
            [
                int(row["rank"]),
                str(row["name"]),
                points_value(row["points"]),
                int(row["games"]),
                int(row["wins"]),
                int(row["game_points"]),
            ]
        )
    return csv_text(rows, dialect)


# -- HTML ----------------------------------------------------------------------------------


def night_html(status: Status) -> str:
    """The night as one standalone HTML page (no script, no external file), printable."""
    from .documents import standalone

    return standalone(
        "night.html",
        title=title(status),
        stylesheets=("sheet.css", "night.css"),
        night=night_context(status),
    )


def night_context(status: Status, link: Any = None) -> dict[str, Any]:
    """The night's facts in words for the templates (``night/parts.html``): the state, the
    scheme, the standings and every round's (or stage's) tables.  ``link`` (on the
    published site): a function from what a name or session is to the relative address
    of its page, or None where it has none."""

    def to(kind: str, name: str) -> str | None:
        return link(kind, name) if link is not None else None

    is_staged = staged(status)
    heads = standings_heads(is_staged)
    numeric = standings_numeric(is_staged)
    standings = []
    for row in status.get("standings", ()):
        cells = standing_cells(row)
        standings.append(
            {
                "rank": cells[0],
                "name": cells[1],
                "href": to("player", cells[1]),
                "figures": [
                    {"label": label, "value": value, "stage": is_staged and index == len(cells) - 3}
                    for index, (label, value) in enumerate(zip(heads[2:], cells[2:], strict=True))
                ],
            }
        )
    return {
        "title": title(status),
        "state": night_state(status),
        "facts": " · ".join(facts(status)),
        "absent": list(status.get("absent", ())),
        "staged": is_staged,
        "heads": heads,
        "numeric": numeric,
        "standings": standings,
        "rounds": [
            {"heading": heading, "tables": [_table_context(table, to) for table in tables]}
            for heading, tables in rounds(status)
        ],
    }


def _table_context(table: Mapping[str, Any], to: Any) -> dict[str, Any]:
    session = str(table["session"])
    return {
        "heading": table_heading(table),
        "session": session,
        "session_href": to("game", session),
        "state": table_state(table),
        "finished": bool(table["finished"]),
        "heads": table_heads(),
        "rows": [
            {
                "place": row.place,
                "name": row.name,
                "href": to("player", row.name),
                "total": row.total,
                "points": row.points,
                "winner": row.winner,
                "forfeited": row.forfeited,
            }
            for row in table_rows(table)
        ],
        "forfeit": forfeit_note(table),
    }
