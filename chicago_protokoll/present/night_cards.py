"""The club night's table cards (`night cards -o cards.html`): one card per table of the
current round, to print on A4 and cut apart, two cards to a sheet.

A card shows the table's number (large, to read across the room), the seats clockwise
around the table with the first dealer marked, the round and the session's name (what
`--session` takes).  `chicago serve --night` serves the same page at ``/cards`` and passes
each table's read-only QR code (``qr``: session name -> inline SVG); without it, no QR.

Printing: every A4 sheet is its own box (``.card-page``) holding at most two cards, with a
page break after it, so a card is never split and the page count is the number of boxes.
On a screen the cards simply stack.  Every name goes through `html.escape`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

from ..i18n.language import t
from .html_sheet import page

#: Cards on one A4 sheet: two halves of 273 mm are large enough for a 40-letter name in
#: 16 pt and a table number a room can read.
CARDS_PER_PAGE = 2

#: The seats' places around the table, clockwise from the top: the eight cells round the
#: centre of a 3 x 3 grid (grid-area names in CARDS_STYLE).
RING = ("n", "ne", "e", "se", "s", "sw", "w", "nw")


def round_title(round_: int, rounds: int) -> str:
    """``Round 2 of 3``, or ``The final`` for the round after the last."""
    if round_ > rounds:
        return t("The final")
    return t("Round {round} of {rounds}", round=round_, rounds=rounds)


def seat_places(count: int) -> list[str]:
    """Where each of ``count`` seats sits around the table, clockwise and evenly spread:
    4 seats at the four sides, 3 at the top and the two lower corners."""
    return [RING[round(index * len(RING) / count) % len(RING)] for index in range(count)]


CARDS_STYLE = """
.cards-note { color: var(--muted); margin: 0 0 10px; }
.card { border: 1.5px dashed var(--axis); padding: 12px; margin: 0 0 16px;
  display: flex; flex-direction: column; gap: 10px; }
.card-head { display: flex; flex-wrap: wrap; justify-content: space-between; gap: 0 1em;
  font-size: 1.1em; }
.card-head .round { font-weight: bold; }
.card-head .night { overflow-wrap: anywhere; min-width: 0; }
.card-body { display: flex; flex-wrap: wrap; gap: 12px; align-items: center; flex: 1; }
.seating { flex: 1 1 16em; min-width: 0; display: grid; gap: 8px;
  grid-template-columns: minmax(0, 1fr) minmax(0, 1.2fr) minmax(0, 1fr);
  grid-template-areas: "nw n ne" "w table e" "sw s se"; align-items: center; }
.seating ol { display: contents; }
.seat { list-style: none; border: 1px solid var(--rule); border-radius: 6px; padding: 4px 6px;
  text-align: center; overflow-wrap: anywhere; min-width: 0; }
.seat .number { display: block; color: var(--muted); font-size: 0.8em; }
.seat .name { font-weight: bold; font-size: 1.15em; }
.seat.first { border: 3px solid var(--ink); }
.seat .deals-first { display: block; font-size: 0.8em; }
.seat.n { grid-area: n; } .seat.ne { grid-area: ne; } .seat.e { grid-area: e; }
.seat.se { grid-area: se; } .seat.s { grid-area: s; } .seat.sw { grid-area: sw; }
.seat.w { grid-area: w; } .seat.nw { grid-area: nw; }
.table-number { grid-area: table; margin: 0; text-align: center; border: 2px solid var(--axis);
  border-radius: 12px; padding: 6px 4px; line-height: 1; }
.table-number .label { display: block; font-size: 0.9em; }
.table-number .number { display: block; font-size: 3.2em; font-weight: bold; }
.qr { margin: 0; text-align: center; flex: 0 0 auto; }
.qr svg { display: block; width: 120px; height: 120px; margin: 0 auto; }
.qr figcaption { font-size: 0.8em; color: var(--muted); max-width: 10em; }
.card-foot { font-size: 0.9em; overflow-wrap: anywhere; }
.card-foot code { font-size: 1.1em; font-weight: bold; }
@media print {
  body { font-size: 13pt; }
  .cards-intro { display: none; }
  /* each sheet of paper is one box of A4's height less the @page margins (273 mm) */
  .card-page { height: 270mm; display: flex; flex-direction: column; gap: 6mm;
    break-after: page; break-inside: avoid; }
  .card-page:last-child { break-after: auto; }
  .card { flex: 0 0 calc((270mm - 6mm) / 2); margin: 0; padding: 6mm; overflow: hidden;
    break-inside: avoid; }
  .seating { gap: 4mm; }
  .seat .name { font-size: 16pt; }
  .table-number .number { font-size: 54pt; }
  .qr svg { width: 38mm; height: 38mm; }
}
"""


def _seat(name: str, index: int, place: str, first: bool) -> str:
    mark = f'<span class="deals-first">{escape(t("deals first"))}</span>' if first else ""
    return (
        f'<li class="seat {place}{" first" if first else ""}">'
        f'<span class="number">{escape(t("seat {seat}", seat=index + 1))}</span>'
        f'<span class="name">{escape(name)}</span>{mark}</li>'
    )


def _card(status: Mapping[str, Any], table: Mapping[str, Any], qr: Mapping[str, str] | None) -> str:
    players: Sequence[str] = table["players"]
    dealer = table.get("dealer") or (players[0] if players else "")
    session = str(table["session"])
    seats = "".join(
        _seat(name, index, place, name == dealer)
        for index, (name, place) in enumerate(zip(players, seat_places(len(players)), strict=True))
    )
    code = (qr or {}).get(session)
    figure = (
        f'<figure class="qr">{code}<figcaption>{escape(t("Scan to follow this table"))}'
        "</figcaption></figure>"
        if code
        else ""
    )
    number = int(table["table"])
    return "\n".join(
        [
            f'<article class="card" data-session="{escape(session)}" data-table="{number}">',
            '<header class="card-head">'
            f'<span class="round">{escape(round_title(int(table["round"]), int(status["rounds"])))}</span>'
            f'<span class="night">{escape(str(status["night"]))}</span></header>',
            '<div class="card-body">',
            '<div class="seating">',
            f'<p class="table-number"><span class="label">{escape(t("Table"))}</span>'
            f'<span class="number">{number}</span></p>',
            f'<ol aria-label="{escape(t("Seats, clockwise"))}">{seats}</ol>',
            "</div>",
            figure,
            "</div>",
            f'<footer class="card-foot">{escape(t("Session"))}: <code>{escape(session)}</code> · '
            f"{escape(t('Seats clockwise from seat 1; seat 1 deals first.'))}</footer>",
            "</article>",
        ]
    )


def night_cards_html(status: Mapping[str, Any], qr: Mapping[str, str] | None = None) -> str:
    """The current round's table cards as one standalone, printable HTML page.  ``qr`` maps
    a session name to the inline SVG of its read-only QR code (made by the program, put in
    as it is); a table without one has no QR."""
    night = str(status["night"])
    tables = sorted(status.get("tables", ()), key=lambda table: int(table["table"]))
    title = t("Table cards: {night}", night=night)
    parts = [
        '<header class="cards-intro">',
        f"<h1>{escape(title)}</h1>",
        f'<p class="cards-note">{escape(t("Print on A4 and cut along the dashed lines: two cards to a sheet."))}</p>',
        "</header>",
    ]
    if not tables:
        parts.append(f"<p>{escape(t('No round is being played.'))}</p>")
    for start in range(0, len(tables), CARDS_PER_PAGE):
        parts.append('<div class="card-page">')
        parts.extend(_card(status, table, qr) for table in tables[start : start + CARDS_PER_PAGE])
        parts.append("</div>")
    return page(title, "\n".join(parts), style=CARDS_STYLE)
