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
from .width import text_width

#: Cards on one A4 sheet: two halves of 273 mm are large enough for a 40-letter name in
#: 16 pt and a table number a room can read.
CARDS_PER_PAGE = 2

#: The seats' places around the table, clockwise from the top: the eight cells round the
#: centre of a 3 x 3 grid (grid-area names in CARDS_STYLE).
#: Beyond this many columns (`text_width`: a CJK letter is two) a name is set smaller on paper, so that six of them fit a card.
LONG_NAME = 16

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
.card-head { display: flex; flex-wrap: wrap; justify-content: space-between;
  align-items: flex-start; gap: 8px 16px; }
.card-head p { margin: 0; flex: 1 1 14em; min-width: 0; overflow-wrap: anywhere;
  color: var(--muted); font-size: 0.9em; }
.card-head .round { font-weight: bold; color: var(--ink); font-size: 1.2em; }
.card-head .night { color: var(--ink); font-size: 1.2em; }
.card-head code { font-size: 1.15em; font-weight: bold; color: var(--ink); }
.seating { flex: 1; min-width: 0; display: grid; gap: 8px; align-content: center;
  grid-template-columns: minmax(0, 1fr) minmax(6.5em, 0.8fr) minmax(0, 1fr);
  grid-template-areas: "nw n ne" "w table e" "sw s se"; align-items: center; }
/* up to four seats, the top and bottom ones have the whole width for a long name */
.seating.seats-2 { grid-template-areas: "n n n" ". table ." "s s s"; }
.seating.seats-3 { grid-template-areas: "n n n" ". table ." "sw . se"; }
.seating.seats-4 { grid-template-areas: "n n n" "w table e" "s s s"; }
.seats-2 .seat.n, .seats-2 .seat.s, .seats-3 .seat.n, .seats-4 .seat.n, .seats-4 .seat.s {
  justify-self: center; min-width: 45%; }
.seating ol { display: contents; }
.seat { list-style: none; border: 1px solid var(--rule); border-radius: 6px; padding: 4px 6px;
  text-align: center; overflow-wrap: anywhere; min-width: 0; }
.seat .number { display: block; color: var(--muted); font-size: 0.8em; }
.seat .name { font-weight: bold; font-size: 1.15em; }
.long-names .seat .name { font-size: 1em; }
.seat.first { border: 3px solid var(--ink); }
.seat .deals-first { color: var(--ink); }
.seat.n { grid-area: n; } .seat.ne { grid-area: ne; } .seat.e { grid-area: e; }
.seat.se { grid-area: se; } .seat.s { grid-area: s; } .seat.sw { grid-area: sw; }
.seat.w { grid-area: w; } .seat.nw { grid-area: nw; }
.table-number { grid-area: table; margin: 0; text-align: center; border: 2px solid var(--axis);
  border-radius: 12px; padding: 6px 4px; line-height: 1; }
.table-number .label { display: block; font-size: 0.9em; }
.table-number .number { display: block; font-size: 3.2em; font-weight: bold; }
.qr { flex: 0 0 auto; }
.qr svg { display: block; width: 110px; height: 110px; }
@media print {
  body { font-size: 13pt; }
  .cards-intro { display: none; }
  /* each sheet of paper is one box of A4's height less the @page margins (273 mm) */
  .card-page { height: 270mm; display: flex; flex-direction: column; gap: 6mm;
    break-after: page; break-inside: avoid; }
  .card-page:last-child { break-after: auto; }
  .card { flex: 0 0 calc((270mm - 6mm) / 2); margin: 0; padding: 5mm; gap: 3mm; overflow: hidden;
    break-inside: avoid; }
  .seating { gap: 2.5mm; }
  .seat { padding: 1mm 2mm; }
  .seat .name { font-size: 16pt; }
  /* a 40-letter name at every seat of six still fits its half of the sheet */
  .long-names .seat .name { font-size: 12pt; }
  .table-number .number { font-size: 50pt; }
  .qr svg { width: 28mm; height: 28mm; }
}
"""


def _seat(name: str, index: int, place: str, first: bool) -> str:
    # the first dealer's mark on the seat number's line: a card has no height to spare
    mark = f' · <strong class="deals-first">{escape(t("deals first"))}</strong>' if first else ""
    return (
        f'<li class="seat {place}{" first" if first else ""}">'
        f'<span class="number">{escape(t("seat {seat}", seat=index + 1))}{mark}</span>'
        f'<span class="name">{escape(name)}</span></li>'
    )


def _card(status: Mapping[str, Any], table: Mapping[str, Any], qr: Mapping[str, str] | None) -> str:
    players: Sequence[str] = table["players"]
    dealer = table.get("dealer") or (players[0] if players else "")
    session = str(table["session"])
    seats = "".join(
        _seat(name, index, place, name == dealer)
        for index, (name, place) in enumerate(zip(players, seat_places(len(players)), strict=True))
    )
    long = " long-names" if max(map(text_width, players), default=0) > LONG_NAME else ""
    code = (qr or {}).get(session)
    scan = f"<br>{escape(t('Scan the code to follow this table.'))}" if code else ""
    figure = f'<div class="qr">{code}</div>' if code else ""
    number = int(table["table"])
    round_ = round_title(int(table["round"]), int(status["rounds"]))
    return "\n".join(
        [
            f'<article class="card" data-session="{escape(session)}" data-table="{number}">',
            '<header class="card-head">',
            f'<p><span class="round">{escape(round_)}</span> · '
            f'<span class="night">{escape(str(status["night"]))}</span><br>'
            f"{escape(t('Session'))}: <code>{escape(session)}</code><br>"
            f"{escape(t('Seats clockwise from seat 1; seat 1 deals first.'))}{scan}</p>",
            figure,
            "</header>",
            f'<div class="seating seats-{len(players)}{long}">',
            f'<p class="table-number"><span class="label">{escape(t("Table"))}</span>'
            f'<span class="number">{number}</span></p>',
            f'<ol aria-label="{escape(t("Seats, clockwise"))}">{seats}</ol>',
            "</div>",
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
