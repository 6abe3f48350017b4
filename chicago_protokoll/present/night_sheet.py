"""The club night's sheets: the evening's standings and every table's result, round by
round, as Markdown, as one standalone HTML page and as CSV (`night status --format`).

Each is a pure function of the object `night status --json` prints (docs/cli.md, "The
club night"), so the file, the live room's page and a script all read the same facts.
The HTML page is the session sheet's document (`html_sheet.page`, `sheet_style`) with a
few rules of its own; the printable table cards are in `night_cards`.

Names come from files anyone can edit: every one goes through `html.escape` in HTML, and
through `visible` (no terminal escape) and the Markdown export's escaping (no table pipe,
no markup) in Markdown.  CSV cells are made spreadsheet-safe by `export.csv_text`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from html import escape
from typing import Any, NamedTuple

from ..i18n.language import number, t, tn
from .export import csv_text
from .html_sheet import page
from .markdown import markdown_text
from .night_cards import night_cards_html, round_title
from .width import visible

__all__ = ["night_cards_html", "night_csv", "night_html", "night_markdown", "placement_points"]

Status = Mapping[str, Any]
Table = Mapping[str, Any]


# -- the facts every sheet shows -----------------------------------------------------------


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


def _night_state(status: Status) -> str:
    """Where the evening is: a round of so many, the final, or over."""
    if status["finished"]:
        return t("The night is over.")
    return round_title(int(status["round"]), int(status["rounds"]))


def _facts(status: Status) -> list[str]:
    """The scheme under the title: how many play, the points per place, the draws."""
    players = list(status.get("players", ()))
    facts = [tn("{n} player", "{n} players", len(players))]
    scheme = ", ".join(placement_points(p) for p in status.get("points", ()))
    if scheme:
        facts.append(t("placement points by place: {scheme}", scheme=scheme))
    if "result" in status:
        facts.append(
            t("result: final") if status["result"] == "final" else t("result: provisional")
        )
    if "repeated_pairs" in status:
        repeated = int(status["repeated_pairs"])
        facts.append(
            tn("{n} pair met again", "{n} pairs met again", repeated)
            if repeated
            else t("no pair met again")
        )
    return facts


def _rounds(status: Status) -> list[tuple[str, list[Table]]]:
    """Every table so far, grouped by round in order (the final last), tables by number;
    on a night of stages by stage and game."""
    if "stage" in status:
        staged: dict[tuple[int, int], list[Table]] = {}
        for table in status.get("results", ()):
            staged.setdefault((int(table["stage"]), int(table["game"])), []).append(table)
        return [
            (
                t("Stage {stage}, game {game}", stage=stage, game=game),
                sorted(tables, key=lambda table: int(table["table"])),
            )
            for (stage, game), tables in sorted(staged.items())
        ]
    grouped: dict[int, list[Table]] = {}
    for table in status.get("results", ()):
        grouped.setdefault(int(table["round"]), []).append(table)
    rounds = int(status["rounds"])
    return [
        (_round_heading(number_, rounds), sorted(tables, key=lambda table: int(table["table"])))
        for number_, tables in sorted(grouped.items())
    ]


def _round_heading(round_: int, rounds: int) -> str:
    return t("The final") if round_ > rounds else t("Round {round}", round=round_)


def _table_heading(table: Table) -> str:
    return t("Table {table}", table=int(table["table"]))


def _table_state(table: Table) -> str:
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


def _table_rows(table: Table) -> list[Row]:
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


def _standings_heads(staged: bool = False) -> list[str]:
    """The standings' columns; at a night of stages the last is the stage each player
    reached, which is what ranks them first (a player out after stage 1 with more points
    stands below everyone who went on)."""
    heads = [t("Rank"), t("Player"), t("Placement points"), t("Games"), t("Wins"), t("Game points")]
    return [*heads, t("Stage")] if staged else heads


def _standings_numeric(staged: bool = False) -> list[bool]:
    return [True, False, True, True, True, True] + ([True] if staged else [])


def _staged(status: Mapping[str, Any]) -> bool:
    return bool(status.get("games_per_table"))


def _table_heads() -> list[str]:
    return [t("Place"), t("Player"), t("Game points"), t("Placement points")]


def _standing_cells(row: Mapping[str, Any]) -> list[str]:
    return [
        str(row["rank"]),
        str(row["name"]),
        placement_points(row["points"]),
        str(row["games"]),
        str(row["wins"]),
        str(row["game_points"]),
        *([str(row["stage_reached"])] if "stage_reached" in row else []),
    ]


def _title(status: Status) -> str:
    return t("Club night: {night}", night=str(status["night"]))


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
    lines = [f"# {_md_text(_title(status))}", ""]
    lines.append(f"**{_md_text(_night_state(status))}** · " + _md_text(" · ".join(_facts(status))))
    absent = list(status.get("absent", ()))
    if absent:
        lines.append("")
        lines.append(_md_text(t("Absent: {names}", names=", ".join(absent))))
    lines += ["", f"## {t('Standings')}", ""]
    rows = [
        [cell if index != 1 else _md_text(cell) for index, cell in enumerate(_standing_cells(row))]
        for row in status.get("standings", ())
    ]
    if rows:
        staged = _staged(status)
        lines += _md_table(_standings_heads(staged), rows, _standings_numeric(staged))
    else:
        lines.append(t("No game is finished yet."))
    for heading, tables in _rounds(status):
        lines += ["", f"## {_md_text(heading)}"]
        for table in tables:
            lines += [
                "",
                f"### {_md_text(_table_heading(table))} · {_md_text(str(table['session']))}"
                f" · {_md_text(_table_state(table))}",
                "",
            ]
            shown = []
            for row in _table_rows(table):
                who = f"**{_md_text(row.name)}**" if row.winner else _md_text(row.name)
                if row.marks():
                    who += " (" + _md_text(", ".join(row.marks())) + ")"
                shown.append([row.place, who, row.total, row.points])
            lines += _md_table(_table_heads(), shown, [True, False, True, True])
            if said := forfeit_note(table):
                lines += ["", _md_text(said)]
    return "\n".join(lines) + "\n"


def forfeit_note(table: Table) -> str:
    """What a forfeit at this table means for the night (rules.md, "Forfeit"): the player
    is placed last and counts 0 game points, whatever the total recorded."""
    forfeited = list(table.get("forfeited", ()))
    if not forfeited:
        return ""
    return t(
        "{player} forfeited: placed last, counts 0 game points.", player=" & ".join(forfeited)
    )


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

# After the session sheet's stylesheet (sheet_style): the standings' and tables' names may
# wrap (a 40-letter name must not widen a phone's page), each round's tables side by side
# where there is room, and a table never split across two printed pages.
NIGHT_STYLE = """
h3 { font-size: 1em; margin: 12px 0 4px; overflow-wrap: anywhere; }
h3 .state { font-weight: normal; color: var(--muted); }
.night td.name { white-space: normal; overflow-wrap: anywhere; min-width: 5em; }
.night thead th { white-space: normal; }
.night table.evening { width: auto; min-width: 60%; }
.night tr.winner td { background: var(--win); }
.night .mark { display: inline-block; font-size: 0.8em; padding: 0 0.35em;
  border-radius: 0.3em; background: var(--head); color: var(--ink); white-space: nowrap; }
.night .mark.forfeited { background: var(--problem); }
.night .tables { display: grid; column-gap: 1.5em;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 20em), 1fr)); }
.night .table.playing h3 .state { font-style: italic; }
@media screen and (max-width: 640px) {
  .night thead th { font-size: 0.85em; }
  .night table.evening { width: 100%; }
}
@media print {
  section.round { break-inside: auto; }
  .night .table { break-inside: avoid; }
  .night tr.winner td { background: none; font-weight: bold; }
}
"""


def _html_table(
    heads: Sequence[str], rows: Sequence[str], numeric: Sequence[bool], css: str = ""
) -> str:
    head = "".join(
        f'<th scope="col" class="num">{escape(text)}</th>'
        if right
        else f'<th scope="col">{escape(text)}</th>'
        for text, right in zip(heads, numeric, strict=True)
    )
    return (
        f'<div class="wide"><table{f" class={css!r}" if css else ""}>'
        f"<thead><tr>{head}</tr></thead>\n<tbody>\n" + "\n".join(rows) + "\n</tbody></table></div>"
    )


def _standings_html(status: Status) -> str:
    rows = []
    for row in status.get("standings", ()):
        rank, name, *numbers = _standing_cells(row)
        rows.append(
            f'<tr><td class="num">{rank}</td><td class="name">{escape(name)}</td>'
            + "".join(f'<td class="num">{escape(cell)}</td>' for cell in numbers)
            + "</tr>"
        )
    body = (
        _html_table(
            _standings_heads(_staged(status)), rows, _standings_numeric(_staged(status)), "evening"
        )
        if rows
        else f'<p class="note">{escape(t("No game is finished yet."))}</p>'
    )
    return (
        f'<section class="night-standings">\n<h2>{escape(t("Standings"))}</h2>\n{body}\n</section>'
    )


def _table_html(table: Table) -> str:
    rows = []
    for row in _table_rows(table):
        css = " ".join(["winner"] * row.winner + ["forfeited"] * row.forfeited)
        marks = "".join(
            f' <span class="mark {kind}">{escape(text)}</span>'
            for kind, text, shown in (
                ("winner", t("winner"), row.winner),
                ("forfeited", t("forfeited"), row.forfeited),
            )
            if shown
        )
        rows.append(
            f'<tr{f" class={css!r}" if css else ""}><td class="num">{row.place}</td>'
            f'<td class="name">{escape(row.name)}{marks}</td>'
            f'<td class="num">{row.total}</td><td class="num">{escape(row.points)}</td></tr>'
        )
    state = "finished" if table["finished"] else "playing"
    return "\n".join(
        [
            f'<div class="table {state}" data-session="{escape(str(table["session"]))}">',
            f"<h3>{escape(_table_heading(table))} · {escape(str(table['session']))} "
            f'<span class="state">· {escape(_table_state(table))}</span></h3>',
            _html_table(_table_heads(), rows, [True, False, True, True]),
            *([f'<p class="note">{escape(said)}</p>'] if (said := forfeit_note(table)) else []),
            "</div>",
        ]
    )


def night_html(status: Status) -> str:
    """The night as one standalone HTML page (no script, no external file), printable."""
    title = _title(status)
    absent = list(status.get("absent", ()))
    parts = [
        "<header>",
        f"<h1>{escape(title)}</h1>",
        f'<p class="meta"><strong>{escape(_night_state(status))}</strong> · '
        f"{escape(' · '.join(_facts(status)))}</p>",
        *(
            [f'<p class="meta">{escape(t("Absent: {names}", names=", ".join(absent)))}</p>']
            if absent
            else []
        ),
        "</header>",
        '<div class="night">',
        _standings_html(status),
    ]
    for heading, tables in _rounds(status):
        parts.append(f'<section class="round">\n<h2>{escape(heading)}</h2>\n<div class="tables">')
        parts.extend(_table_html(table) for table in tables)
        parts.append("</div>\n</section>")
    parts.append("</div>")
    return page(title, "\n".join(parts), style=NIGHT_STYLE)
