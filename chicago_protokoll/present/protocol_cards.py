"""The blank paper protocol of each table (`night cards --protocol`): what a table whose
phone died keeps scoring on, and what `chicago import` later reads back when typed up.

One A4 page per table of the current round (or stage): the night, round (or stage and
game), table and session; the names in seat order; a row per deal (`ROWS` of them; a
second sheet continues) with the dealer filled in, a column per scored köp of the house
rules, the Chicago (declarer, ✓ or broken by), the last trick (with a two ☐), the
showdown, and a running total per player; under ``scoring.take_from_opponent`` each hand
cell has a "from" box.  Below, rows for penalties and forfeits and the revisor's
signature; the table's QR code when the page is served.

The page is the template ``protocol_cards.html``, each table's page the one a game's
paper protocol is made of (``paper/parts.html``, `paper_protocol`), with ``sheet.css``
and ``paper_protocol.css`` inline and the columns' widths in the same hashed style.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..core.paper import paper_takes_from
from ..core.rules import HouseRules
from ..i18n.language import t
from .night_cards import long_names, qr_markup
from .night_facts import table_round
from .paper_protocol import ROWS, column_heads, paper_style, seat_list
from .templating import static_text

__all__ = ["PROTOCOL_STYLE", "ROWS", "protocol_cards_html"]

#: Rows for penalties and forfeits under the deals.
ENTRY_ROWS = 3

#: The paper's stylesheet, a file shared with `export --format protocol`.
PROTOCOL_STYLE = static_text("paper_protocol.css")


def _paper(
    status: Mapping[str, Any],
    table: Mapping[str, Any],
    rules: HouseRules,
    qr: Mapping[str, str] | None,
) -> dict[str, Any]:
    players: Sequence[str] = table["players"]
    session = str(table["session"])
    number = int(table["table"])
    heading = " · ".join(
        [t("Table {table}", table=number), table_round(status, table), str(status["night"])]
    )
    return {
        "session": session,
        "table": number,
        "qr": qr_markup((qr or {}).get(session)),
        "columns": f"columns-{number}",
        "heads": column_heads(rules, players),  # the columns of every paper protocol (core.paper)
        "taking": paper_takes_from(rules),
        "long_names": long_names(players),
        "seat_list": seat_list(players),
        "next_deal": ROWS + 1,
        "entries": [("", "", "", "")] * ENTRY_ROWS,
        "corrections": [],
        "typed": "",
        "page": {
            "number": 1,
            "heading": heading,
            "last": True,
            "rows": [
                {
                    "deal": deal,
                    "written": False,
                    "cells": {"deal": str(deal), "dealer": players[(deal - 1) % len(players)]},
                    "totals": [""] * len(players),
                }
                for deal in range(1, ROWS + 1)
            ],
        },
    }


def protocol_cards_html(
    status: Mapping[str, Any], rules: HouseRules, qr: Mapping[str, str] | None = None
) -> str:
    """The blank protocol of every table of the current round, one A4 page each."""
    from .documents import standalone

    night = str(status["night"])
    tables = sorted(status.get("tables", ()), key=lambda table: int(table["table"]))
    papers = [_paper(status, table, rules, qr) for table in tables]
    return standalone(
        "protocol_cards.html",
        title=t("Paper protocols: {night}", night=night),
        stylesheets=("sheet.css", "paper_protocol.css"),
        extra_style=paper_style([(paper["columns"], paper["heads"]) for paper in papers]),
        papers=papers,
    )
