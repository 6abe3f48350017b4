"""The tables for a person at a terminal: the standings, the paper protocol, the settlement.

Drawn in plain characters in the look of the paper protocol (a title, a
header, a heavy rule, a row a player or deal), lined up by display width
(`width`), so CJK and emoji names keep their columns.  Without Rich: importing
its console and table modules cost `status` and `log` about half of
``import typer`` again (docs/latency.md).

On a terminal the title is italic, the headers and running totals bold and a
winner's row bold green; ``NO_COLOR`` drops the colour, and a pipe, a file or
``TERM=dumb`` gets no escape sequences at all (``FORCE_COLOR`` asks for them
anyway).  Every cell passes through `width.visible`: a name never reaches the
terminal as an escape sequence.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence

from ..core.standings import Standings
from ..i18n.language import number, t
from .views import marks, moment_text
from .width import text_width, visible

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..core.events import Correction
    from ..core.settle import Payment

# A cell is a few pieces of text, each with its style ("" for none); so is a line.
Piece = tuple[str, str]
Cell = Sequence[Piece]

RULE = "━"
_SGR = {"bold": "1", "italic": "3", "green": "32"}
_COLOURS = frozenset({"green"})


def _styles_wanted() -> tuple[bool, bool]:
    """(styles at all, colours too) for standard output, as Rich decided them."""
    forced = bool(os.environ.get("FORCE_COLOR"))
    terminal = forced or (hasattr(sys.stdout, "isatty") and sys.stdout.isatty())
    if not terminal or os.environ.get("TERM", "").lower() in ("dumb", "unknown"):
        return False, False
    return True, not os.environ.get("NO_COLOR")


class Painter:
    """Turns styled pieces into text with or without escape sequences."""

    def __init__(self, styles: bool, colours: bool) -> None:
        self.styles = styles
        self.colours = colours

    def paint(self, text: str, style: str) -> str:
        codes = [
            _SGR[word]
            for word in style.split()
            if self.styles and (self.colours or word not in _COLOURS)
        ]
        if not codes or not text:
            return text
        return f"\x1b[{';'.join(codes)}m{text}\x1b[0m"

    def line(self, pieces: Cell) -> str:
        return "".join(self.paint(visible(text), style) for text, style in pieces)


def painter() -> Painter:
    return Painter(*_styles_wanted())


def plain(text: str, style: str = "") -> Cell:
    return ((text, style),)


def table_lines(
    title: str,
    headers: Sequence[str],
    right: Sequence[bool],
    rows: Sequence[Sequence[Cell]],
    paint: Painter,
    row_styles: Sequence[str] = (),
    *,
    pad: int = 1,
) -> list[str]:
    """A table as SIMPLE_HEAVY drew it: title, blank line, header, heavy rule, rows, blank
    line; each cell with a space either side, columns a space apart; no trailing spaces.

    ``right`` says which columns are right-aligned; ``row_styles`` adds a style to every
    piece of a row (a winner's row); ``pad=0`` leaves out the spaces either side of a cell
    (columns still a space apart), for a table of many columns in 80.
    """
    cells = [[[(visible(text), style) for text, style in cell] for cell in row] for row in rows]
    heads = [[(visible(text), "bold")] for text in headers]
    widths = [
        max(sum(text_width(text) for text, _ in row[column]) for row in [heads, *cells])
        for column in range(len(headers))
    ]

    def draw(row: list[list[Piece]], extra: str = "") -> str:
        parts = []
        for column, cell in enumerate(row):
            text = "".join(paint.paint(piece, f"{style} {extra}".strip()) for piece, style in cell)
            gap = " " * (widths[column] - sum(text_width(piece) for piece, _ in cell))
            parts.append(margin + (gap + text if right[column] else text + gap) + margin)
        return (" " + " ".join(parts)).rstrip(" ")

    margin = " " * pad
    lines = [paint.paint(visible(title), "italic"), "", draw(heads)]
    lines.append(" " + RULE * (sum(widths) + (1 + 2 * pad) * len(widths) - 1))
    for index, row in enumerate(cells):
        lines.append(draw(row, row_styles[index] if index < len(row_styles) else ""))
    lines.append("")
    return lines


def print_lines(lines: Sequence[str]) -> None:
    sys.stdout.write("\n".join(lines) + "\n")


def status_lines(standings: Standings, session_name: str, paint: Painter) -> list[str]:
    if standings.finished:
        title = t(
            "{session_name} — the game is over after deal {deal}",
            session_name=session_name,
            deal=standings.deal,
        )
    else:
        title = t("{session_name} — deal {deal}", session_name=session_name, deal=standings.deal)
    target = standings.rules.game.target
    rows = [
        [
            plain(player.name),
            plain(str(player.score)),
            plain(str(max(0, target - player.score))),
            plain(marks(standings, player.name)),
        ]
        for player in standings.players
    ]
    styles = ["bold green" if p.name in standings.winners else "" for p in standings.players]
    lines = table_lines(
        title,
        [
            t("Player"),
            t("Points"),
            t("To go"),
            t("Notes"),
        ],
        [False, True, True, False],
        rows,
        paint,
        styles,
    )
    if standings.finished:
        winners = " & ".join(standings.winners)
        lines.append(paint.line([(winners_label(len(standings.winners)), ""), (winners, "bold")]))
    else:
        lines.append(
            paint.line(
                plain(
                    t(
                        "Dealer {dealer}, forehand {forehand}. Next: {standings}",
                        dealer=standings.dealer,
                        forehand=standings.forehand,
                        standings=moment_text(standings),
                    )
                )
            )
        )
    return lines


def protocol_lines(
    standings: Standings,
    session_name: str,
    paint: Painter,
    corrections: Sequence[Correction] = (),
) -> list[str]:
    """The paper protocol: a row per deal, each player's points and running total; a
    Chicago marked on the declarer's cell, köpstopp and the hand that won the game on the
    player's (`marks`), a corrected deal on its number, and a footnote for each."""
    from .export import chicago_legend, chicago_mark, chicago_outcome, protocol_rows
    from .marks import CORRECTED, cell_marks, corrected_deals, footnotes

    corrected = corrected_deals(corrections)

    if not standings.deals:
        return [paint.line(plain(t("Nothing is recorded yet.")))]
    rows: list[list[Cell]] = []
    for record, totals in protocol_rows(standings):
        number = str(record.number) + ("" if record.complete else "…")
        if record.number in corrected:
            number += f" {CORRECTED}"
        row: list[Cell] = [plain(number), plain(record.dealer)]
        for player, (points, total) in zip(standings.players, totals, strict=True):
            mark = (chicago_mark(record, player.name) + cell_marks(record, player.name)).strip()
            row.append(
                (
                    ((f"{points:+d} " if points else "– "), ""),
                    (str(total), "bold"),
                    ((f" {mark}" if mark else ""), ""),
                )
            )
        rows.append(row)
    players = [p.name for p in standings.players]
    lines = table_lines(
        t("Protocol — {session_name}", session_name=session_name),
        [t("Deal"), t("Dealer"), *players],
        [True, False, *(True for _ in players)],
        rows,
        paint,
    )
    if any(chicago_outcome(record) for record in standings.deals):
        lines.append(paint.line(plain(chicago_legend())))
    lines.extend(paint.line(plain(visible(note))) for note in footnotes(standings, corrections))
    from .narrate import revisor_lines, taken_lines

    # Points taken off an opponent (scoring.take_from_opponent): the table has only the minus.
    lines.extend(paint.line(plain(visible(line))) for line in taken_lines(standings.deals))
    # The revisor's entries, each with its reason: the table above has only their points.
    lines.extend(paint.line(plain(visible(line))) for line in revisor_lines(standings.deals))
    if standings.finished:
        lines.append(
            paint.line(plain(winners_label(len(standings.winners)) + " & ".join(standings.winners)))
        )
    return lines


def settlement_lines(
    session_name: str,
    winners: list[str],
    payments: list[Payment],
    stake: str,
    provisional: bool,
    paint: Painter,
) -> list[str]:
    from ..core.settle import amount_text

    lines = []
    if provisional:
        lines.append(
            t("The game is not over: this is how it would settle if it ended now.")
        )
    lines += table_lines(
        t(
            "Settlement — {session_name} (stake {stake} per point)",
            session_name=session_name,
            stake=number(stake),
        ),
        [t("Pays"), t("To"), t("Amount")],
        [False, False, True],
        [
            [plain(payment.payer), plain(payment.payee), plain(number(amount_text(payment.amount)))]
            for payment in payments
        ],
        paint,
    )
    if not payments:
        lines.append(t("Nobody pays anything."))
    if provisional:
        lines.append(paint.line(plain(t("Leading now: ") + " & ".join(winners))))
    else:
        lines.append(paint.line(plain(winners_label(len(winners)) + " & ".join(winners))))
    return lines


def winners_label(count: int) -> str:
    """"Winner: " for one, "Winners: " for a shared win (Swedish says "Vinnare: " for both)."""
    return t("Winner: ") if count == 1 else t("Winners: ")
