"""A table's paper protocol (`export --format protocol`): the protocol a table keeps
scoring on when the phone dies, with the rows recorded so far written in and the rest
blank, what `chicago import` later reads back when typed up.

The columns are the night's blank protocol's (`core.paper.paper_columns` decides them from
the house rules): the deal, the dealer, a cell per scored köp, the Chicago (✓ or broken
by), the last trick (with a two), the showdown and a running total per player; under
``scoring.take_from_opponent`` each blank hand cell has a "from" box.  One A4 page per
`ROWS` deals: the blank rows go on to a multiple of it, and a game still being played
whose pages are full gets one more.  The last page has the penalties and forfeits and
the revisor's signature.

The page is the template ``templates/paper_protocol.html`` (one page of paper is
``templates/paper/parts.html``, the night's blank protocol's too) with the stylesheets
``sheet.css`` and ``paper_protocol.css`` inline and the columns' widths in the same hashed
style (`paper_style`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from ..core.events import Correction, Forfeit, Penalty
from ..core.paper import paper_columns, paper_takes_from, typed_headers
from ..core.rules import HouseRules
from ..core.standings import DealRecord, Standings
from ..i18n.language import language, t
from .narrate import describe_correction, describe_in_deal
from .night_cards import LONG_NAME
from .width import text_width

#: Deals on one A4 page, as on the night's blank protocol.
ROWS = 20
#: Rows for penalties and forfeits at the least; more when the game has more.
ENTRY_ROWS = 3

#: The share of the width (per cent) of each kind of deal cell: the deal number narrow,
#: the players' totals share what is left.
WIDTHS = {"deal": 6.0, "dealer": 14.0, "buy": 11.0, "chicago": 12.0, "last_trick": 11.0, "showdown": 12.0}


class Head(NamedTuple):  # a record the template reads: cheaper to make than a dataclass
    """One column of the paper: its `core.paper` name, its heading and width (per cent)."""

    name: str
    text: str
    width: float
    total: bool = False


def column_heads(rules: HouseRules, players: Sequence[str]) -> list[Head]:
    """The paper's columns under ``rules``, headed in the current language."""
    texts = {
        "deal": t("Deal"),
        "dealer": t("Dealer"),
        "chicago": t("Chicago"),
        "last_trick": t("Last trick"),
        "showdown": t("Showdown"),
    }
    heads = []
    for name in paper_columns(rules):
        if name.startswith("buy"):
            heads.append(Head(name, t("Köp {buy}", buy=int(name.removeprefix("buy"))), WIDTHS["buy"]))
        else:
            heads.append(Head(name, texts[name], WIDTHS[name]))
    left = max(100 - sum(head.width for head in heads), 6 * len(players))
    return heads + [Head(f"total:{name}", name, left / len(players), total=True) for name in players]


def _written(record: DealRecord, rules: HouseRules) -> dict[str, str]:
    """A recorded deal's cells, as `chicago deal` takes them (so as `import` reads them)."""
    from ..core.recorded import recorded_entry

    entry = recorded_entry([e.event for e in record.entries])
    cells = {"deal": str(record.number), "dealer": record.dealer}
    for buy, column in enumerate(c for c in paper_columns(rules) if c.startswith("buy")):
        cells[column] = entry.buys[buy].text() if buy < len(entry.buys) else ""
    if entry.chicago:
        cells["chicago"] = (
            t("{declarer} broken by {breaker}", declarer=entry.chicago, breaker=entry.broken_by)
            if entry.broken_by
            else f"{entry.chicago} ✓"
        )
    if entry.last_trick:
        two = f" · {t('with a two')} ✓" if entry.with_two else ""
        cells["last_trick"] = entry.last_trick.text() + two
    showdown = [entry.showdown.text()] if entry.showdown else []
    if entry.royal:
        showdown.append(t("royal straight flush: {player}", player=entry.royal))
    cells["showdown"] = " · ".join(showdown)
    return cells


def _penalties(standings: Standings) -> list[tuple[str, str, str, str]]:
    """The game's penalties and forfeits as the paper's rows: deal, player, points, reason; an
    amendment after the result says so, and when, in its reason's cell (the record shown
    whole, as every export shows it)."""
    rows = []
    for record in standings.deals:
        for entry in record.entries:
            match entry.event:
                case Penalty() as event:
                    said = describe_in_deal(event) if event.after_end else event.reason
                    rows.append((str(record.number), event.player, f"−{event.points}", said))
                case Forfeit() as event:
                    said = describe_in_deal(event) if event.after_end else event.reason
                    rows.append((str(record.number), event.player, t("forfeit"), said))
                case _:
                    pass  # the play, in the deal's row; a note is not the revisor's to sign
    return rows


def _dealers(standings: Standings, count: int) -> list[str]:
    """The dealer of each deal 1..count: as recorded, then clockwise on from the current."""
    names = [p.name for p in standings.players]
    recorded = [record.dealer for record in standings.deals]
    current = names.index(standings.dealer) if standings.dealer in names else 0
    return recorded[:count] + [
        names[(current + deal - standings.deal) % len(names)] for deal in range(len(recorded) + 1, count + 1)
    ]


def paper_rows(standings: Standings) -> int:
    """How many deal rows the paper has: the recorded deals, blank ones to a multiple of
    `ROWS`, and a page more for a game still played whose pages are full."""
    played = len(standings.deals)
    pages = max(1, -(-played // ROWS))
    if played == pages * ROWS and not standings.finished:
        pages += 1
    return pages * ROWS


def paper_style(papers: Sequence[tuple[str, Sequence[Head]]]) -> str:
    """The CSS of each paper's column widths (``templates/paper/columns.css``): ``papers``
    are (the paper's class, its columns) pairs."""
    from .templating import render

    return render("paper/columns.css", papers=papers)


def seat_list(players: Sequence[str]) -> str:
    return ", ".join(
        t("{seat}. {name}", seat=index, name=name) for index, name in enumerate(players, start=1)
    )


def protocol_context(
    standings: Standings, session_name: str, corrections: Sequence[Correction] = ()
) -> dict[str, Any]:
    """What the template shows: the pages and their rows, and the paper's facts."""
    rules = standings.rules
    players = [p.name for p in standings.players]
    heads = column_heads(rules, players)
    count = paper_rows(standings)
    dealers = _dealers(standings, count)
    rows = []
    for deal in range(1, count + 1):
        if deal <= len(standings.deals):
            record = standings.deals[deal - 1]
            written = _written(record, rules)
            totals = [str(total) for total in record.totals]
        else:
            written = {"deal": str(deal), "dealer": dealers[deal - 1]}
            totals = [""] * len(players)
        rows.append({"deal": deal, "written": deal <= len(standings.deals), "cells": written, "totals": totals})
    title = t("Paper protocol: {session}", session=session_name)
    chunks = [rows[start : start + ROWS] for start in range(0, count, ROWS)]
    pages = [
        {
            "number": number,
            "heading": f"{title} · " + t("Page {page} of {pages}", page=number, pages=len(chunks)),
            "rows": chunk,
            "last": number == len(chunks),
        }
        for number, chunk in enumerate(chunks, start=1)
    ]
    penalties = _penalties(standings)
    return {
        "title": title,
        "intro": t("Print on A4: one page per {rows} deals.", rows=ROWS),
        "pages": pages,
        "paper": {
            "session": session_name,
            "table": None,
            "qr": None,
            "columns": "columns-1",
            "heads": heads,
            "taking": paper_takes_from(rules),
            "long_names": max(map(text_width, players), default=0) > LONG_NAME,
            "seat_list": seat_list(players),
            "next_deal": count + 1,
            "entries": penalties + [("", "", "", "")] * max(0, ENTRY_ROWS - len(penalties)),
            "corrections": [describe_correction(correction) for correction in corrections],
            "typed": t(
                "Typed up for chicago import, the header is: {columns}",
                columns=", ".join(typed_headers(rules, players, language())),
            ),
        },
    }


def protocol_html(
    standings: Standings, session_name: str, corrections: Sequence[Correction] = ()
) -> str:
    """The paper protocol of the game as one standalone, printable HTML page."""
    from .documents import standalone

    context = protocol_context(standings, session_name, corrections)
    return standalone(
        "paper_protocol.html",
        stylesheets=("sheet.css", "paper_protocol.css"),
        extra_style=paper_style([("columns-1", context["paper"]["heads"])]),
        **context,
    )
