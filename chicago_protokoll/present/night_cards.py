"""The club night's table cards (`night cards -o cards.html`): one card per table of the
current round (or stage), to print on A4 and cut apart, two cards to a sheet.

A card shows the table's number (large, to read across the room), the seats clockwise
around the table with the first dealer marked, the round (or stage and game) and the
session's name (what `--session` takes).  `chicago serve --night` serves the same page at
``/cards`` and passes each table's read-only QR code (``qr``: session name -> inline SVG
made by segno); without it, no QR.

Printing: every A4 sheet is its own box (``.card-page``) holding at most two cards, with a
page break after it, so a card is never split and the page count is the number of boxes.
On a screen the cards simply stack.  The page is the template ``cards.html`` with
``sheet.css`` and ``cards.css`` inline (`CARDS_STYLE`: the served page's policy hashes the
same text).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..i18n.language import t
from .night_facts import round_title, table_round
from .templating import static_text
from .width import text_width

__all__ = ["CARDS_STYLE", "LONG_NAME", "RING", "night_cards_html", "qr_markup", "round_title", "seat_places"]

#: Cards on one A4 sheet: two halves of 273 mm are large enough for a 40-letter name in
#: 16 pt and a table number a room can read.
CARDS_PER_PAGE = 2

#: Beyond this many columns (`text_width`: a CJK letter is two) a name is set smaller on
#: paper, so that six of them fit a card.
LONG_NAME = 16

#: The seats' places around the table, clockwise from the top: the eight cells round the
#: centre of a 3 x 3 grid (grid-area names in cards.css).
RING = ("n", "ne", "e", "se", "s", "sw", "w", "nw")

#: The cards' own rules, after the sheet's (`sheet_style.STYLE`).
CARDS_STYLE = static_text("cards.css")


def seat_places(count: int) -> list[str]:
    """Where each of ``count`` seats sits around the table, clockwise and evenly spread:
    4 seats at the four sides, 3 at the top and the two lower corners."""
    return [RING[round(index * len(RING) / count) % len(RING)] for index in range(count)]


def qr_markup(svg: str | None) -> Any:
    """The one place a QR code's SVG goes into a page as it is: segno made it from our
    own address (no text from a file is in it), so it is markup, not text to escape."""
    from markupsafe import Markup

    return Markup(svg) if svg else None


def long_names(players: Sequence[str]) -> bool:
    return max(map(text_width, players), default=0) > LONG_NAME


def _card(status: Mapping[str, Any], table: Mapping[str, Any], qr: Mapping[str, str] | None) -> dict[str, Any]:
    players: Sequence[str] = table["players"]
    dealer = table.get("dealer") or (players[0] if players else "")
    session = str(table["session"])
    return {
        "session": session,
        "number": int(table["table"]),
        "round": table_round(status, table),
        "seats": [
            {"name": name, "number": index + 1, "place": place, "first": name == dealer}
            for index, (name, place) in enumerate(zip(players, seat_places(len(players)), strict=True))
        ],
        "long_names": long_names(players),
        "qr": qr_markup((qr or {}).get(session)),
    }


def night_cards_html(status: Mapping[str, Any], qr: Mapping[str, str] | None = None) -> str:
    """The current round's table cards as one standalone, printable HTML page.  ``qr`` maps
    a session name to the inline SVG of its read-only QR code (made by the program, put in
    as it is); a table without one has no QR."""
    from .documents import standalone

    night = str(status["night"])
    tables = sorted(status.get("tables", ()), key=lambda table: int(table["table"]))
    cards = [_card(status, table, qr) for table in tables]
    return standalone(
        "cards.html",
        title=t("Table cards: {night}", night=night),
        stylesheets=("sheet.css", "cards.css"),
        night=night,
        pages=[cards[start : start + CARDS_PER_PAGE] for start in range(0, len(cards), CARDS_PER_PAGE)],
    )
