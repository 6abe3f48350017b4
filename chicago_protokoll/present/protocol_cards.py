"""The blank paper protocol of each table (`night cards --protocol`): what a table whose
phone died keeps scoring on, and what `chicago import` later reads back when typed up.

One A4 page per table of the current round: the night, round, table and session; the
names in seat order; a row per deal (`ROWS` of them; a second sheet continues) with
the dealer filled in, a column per scored köp of the house rules, the Chicago (declarer,
✓ or broken by), the last trick (with a two ☐), the showdown, and a running total per
player; under ``scoring.take_from_opponent`` each hand cell has a "from" box.  Below,
rows for penalties and forfeits and the revisor's signature; the table's QR code when
the page is served.  Every name goes through `html.escape`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from pathlib import Path
from typing import Any

from ..core.paper import paper_takes_from
from ..core.rules import HouseRules
from ..i18n.language import t
from .html_sheet import page
from .night_cards import LONG_NAME, round_title
from .paper_protocol import ROWS, column_heads
from .width import text_width

#: Rows for penalties and forfeits under the deals.
ENTRY_ROWS = 3

#: The paper's stylesheet, a file shared with `export --format protocol`'s template.
PROTOCOL_STYLE = (Path(__file__).parent.parent / "static" / "paper_protocol.css").read_text(encoding="utf-8")


def _hand_cell(with_from: bool) -> str:
    return f'<span class="box">{escape(t("from"))} ☐</span>' if with_from else ""


def _paper(
    status: Mapping[str, Any],
    table: Mapping[str, Any],
    rules: HouseRules,
    qr: Mapping[str, str] | None,
) -> str:
    players: Sequence[str] = table["players"]
    session = str(table["session"])
    taking = paper_takes_from(rules)
    heads = column_heads(rules, players)  # the columns of every paper protocol (core.paper)
    cols = "".join(f'<col style="width:{column.width:.2f}%">' for column in heads)
    head = "".join(
        f'<th scope="col" class="total">{escape(column.text)}</th>'
        if column.total
        else f'<th scope="col">{escape(column.text)}</th>'
        for column in heads
    )
    hand = _hand_cell(taking)
    rows = []
    for deal in range(1, ROWS + 1):
        dealer = players[(deal - 1) % len(players)]
        cells = [f'<td class="deal">{deal}</td>', f'<td class="dealer">{escape(dealer)}</td>']
        for column in heads[2:]:
            if column.total:
                break
            if column.name == "chicago":
                cells.append(f'<td><span class="box">✓ ☐ · {escape(t("broken by"))}</span></td>')
            elif column.name == "last_trick":
                cells.append(f'<td><span class="box">{escape(t("with a two"))} ☐</span> {hand}</td>')
            else:  # a köp or the showdown: a hand
                cells.append(f"<td>{hand}</td>")
        cells += ['<td class="total"></td>'] * len(players)
        rows.append("<tr>" + "".join(cells) + "</tr>")
    entries = "".join(
        "<tr><td></td><td></td><td></td></tr>" for _ in range(ENTRY_ROWS)
    )
    seats = ", ".join(
        t("{seat}. {name}", seat=index, name=name) for index, name in enumerate(players, start=1)
    )
    code = (qr or {}).get(session)
    long = " long-names" if max(map(text_width, players), default=0) > LONG_NAME else ""
    number = int(table["table"])
    round_ = round_title(int(table["round"]), int(status["rounds"]))
    return "\n".join(
        [
            f'<section class="paper{long}" data-session="{escape(session)}" data-table="{number}">',
            *([f'<div class="qr">{code}</div>'] if code else []),
            f"<h2>{escape(t('Table {table}', table=number))} · {escape(round_)} · "
            f"{escape(str(status['night']))}</h2>",
            f'<p class="meta">{escape(t("Session"))}: <code>{escape(session)}</code> · '
            f"{escape(t('Write each köp, the Chicago, the last trick and the showdown as chicago deal takes them, and everyone’s total after the deal.'))}</p>",
            f'<p class="seats">{escape(t("Seats clockwise; seat 1 deals first"))}: {escape(seats)}</p>',
            f'<div class="wide" tabindex="0" role="group" aria-label="{escape(t("Deals"))}">',
            f'<table class="deals"><colgroup>{cols}</colgroup>',
            f"<thead><tr>{head}</tr></thead>",
            "<tbody>",
            *rows,
            "</tbody></table></div>",
            f'<p class="note continue">{escape(t("More deals: go on on a second sheet from deal {deal}.", deal=ROWS + 1))}</p>',
            '<table class="entries">',
            f"<caption>{escape(t('Penalties and forfeits'))}</caption>",
            f'<thead><tr><th scope="col">{escape(t("Player"))}</th>'
            f'<th scope="col">{escape(t("Points"))}</th>'
            f'<th scope="col">{escape(t("Reason"))}</th></tr></thead>',
            f"<tbody>{entries}</tbody></table>",
            f'<p class="signature">{escape(t("Revisor’s signature"))}</p>',
            "</section>",
        ]
    )


def protocol_cards_html(
    status: Mapping[str, Any], rules: HouseRules, qr: Mapping[str, str] | None = None
) -> str:
    """The blank protocol of every table of the current round, one A4 page each."""
    night = str(status["night"])
    tables = sorted(status.get("tables", ()), key=lambda table: int(table["table"]))
    title = t("Paper protocols: {night}", night=night)
    parts = [
        '<header class="cards-intro">',
        f"<h1>{escape(title)}</h1>",
        f'<p class="meta">{escape(t("Print on A4: one page per table."))}</p>',
        "</header>",
    ]
    if not tables:
        parts.append(f"<p>{escape(t('No round is being played.'))}</p>")
    parts.extend(_paper(status, table, rules, qr) for table in tables)
    return page(title, "\n".join(parts), style=PROTOCOL_STYLE)
