"""One self-contained, printable protocol sheet: table, score race as inline SVG, winners,
settlement.

No script, no external stylesheet, font or image: the file opens and prints the same
anywhere, offline.  Every text from the session (player and session names) goes
through `html.escape`.
"""

from __future__ import annotations

from decimal import Decimal
from html import escape

from ..core.game import Standings
from ..core.settle import amount_json, settle
from ..i18n.language import language, tr
from .chart import Race, score_race
from .export import protocol_rows
from .rules_text import rule_changes

# Okabe-Ito colours (told apart with colour blindness) and a dash each, for a
# black-and-white printer.
COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9")
DASHES = ("", "7 4", "2 3", "9 3 2 3", "1 4", "12 5")

STYLE = """
:root { color-scheme: light; }
* { box-sizing: border-box; }
body { margin: 0; background: #e9e6df; color: #1b1b1b;
  font: 15px/1.4 "DejaVu Sans", "Segoe UI", Helvetica, Arial, sans-serif; }
.sheet { max-width: 210mm; margin: 16px auto; padding: 14mm 14mm 10mm; background: #fff;
  box-shadow: 0 1px 6px rgba(0, 0, 0, 0.25); }
h1 { font-size: 1.6em; margin: 0 0 2px; }
h2 { font-size: 1.1em; margin: 18px 0 6px; border-bottom: 1px solid #999; }
.meta { margin: 0; color: #444; }
table { border-collapse: collapse; width: 100%; }
th, td { border: 1px solid #bbb; padding: 2px 6px; }
th { background: #f1efe9; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
.protocol td.player { text-align: right; font-variant-numeric: tabular-nums; }
.protocol .points { color: #555; font-size: 0.85em; }
.protocol .total { font-weight: bold; }
.protocol td.buy-stop { background: #fff4d6; }
.protocol tfoot td { font-weight: bold; border-top: 2px solid #333; }
.protocol .winner { background: #dff0d8; }
.note { color: #555; font-size: 0.85em; margin: 4px 0 0; }
.chart svg { width: 100%; height: auto; display: block; }
.chart .grid { stroke: #e2e2e2; stroke-width: 1; }
.chart .axis { stroke: #333; stroke-width: 1; }
.chart .target { stroke: #1b1b1b; stroke-width: 2; }
.chart .buy-stop { stroke: #b8860b; stroke-width: 1.5; stroke-dasharray: 6 4; }
.chart text { font-size: 12px; fill: #333; }
.chart polyline.player { fill: none; stroke-width: 2.5; stroke-linejoin: round; }
.winners { font-size: 1.2em; font-weight: bold; margin: 4px 0; }
.settlement { width: auto; min-width: 50%; }
footer { margin-top: 16px; color: #777; font-size: 0.8em; }
@page { size: A4; margin: 12mm; }
@media print {
  body { background: #fff; font-size: 10.5pt; }
  .sheet { margin: 0; padding: 0; max-width: none; box-shadow: none; }
  section { break-inside: avoid; }
  th { background: #eee; }
  .protocol td.buy-stop { background: none; font-style: italic; }
  .protocol .winner { background: none; text-decoration: underline; }
  * { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
}
"""


def export_html(standings: Standings, session_name: str, stake: str = "1") -> str:
    """The whole sheet as one HTML document."""
    name = escape(session_name)
    title = tr(f"Chicago protocol: {session_name}", f"Chicagoprotokoll: {session_name}")
    parts = [
        "<!DOCTYPE html>",
        f'<html lang="{language()}">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{escape(title)}</title>",
        f"<style>{STYLE}</style>",
        "</head>",
        "<body>",
        '<main class="sheet">',
        "<header>",
        f"<h1>{tr('Chicago protocol', 'Chicagoprotokoll')}: {name}</h1>",
        f'<p class="meta">{_meta(standings)}</p>',
        "</header>",
        _protocol_section(standings),
        _chart_section(standings),
        _result_section(standings, stake),
        f"<footer>{escape(_rules_text(standings))}</footer>",
        "</main>",
        "</body>",
        "</html>",
    ]
    return "\n".join(parts) + "\n"


def _meta(standings: Standings) -> str:
    players = ", ".join(escape(p.name) for p in standings.players)
    played = len([d for d in standings.deals if d.complete])
    deals = tr(f"{played} deals", f"{played} givar") if played != 1 else tr("1 deal", "1 giv")
    return tr(f"Players: {players} · {deals}", f"Spelare: {players} · {deals}")


def _rules_text(standings: Standings) -> str:
    changes = rule_changes(standings.rules)
    if not changes:
        return tr("House rules: the main rule.", "Husregler: huvudregeln.")
    return tr("House rules: ", "Husregler: ") + ", ".join(changes) + "."


def _protocol_section(standings: Standings) -> str:
    names = [p.name for p in standings.players]
    head = "".join(f'<th scope="col" class="num">{escape(n)}</th>' for n in names)
    rows: list[str] = []
    for record, cells in protocol_rows(standings):
        tds: list[str] = []
        for name, (points, total) in zip(names, cells, strict=True):
            shown = f"{points:+d}" if points else "–"
            css = "player buy-stop" if name in record.buy_stop else "player"
            mark = (
                f' title="{escape(tr("köpstopp in this deal", "köpstopp i given"))}"'
                if name in record.buy_stop
                else ""
            )
            tds.append(
                f'<td class="{css}"{mark}><span class="points">{shown}</span> '
                f'<span class="total">{total}</span></td>'
            )
        number = str(record.number) + ("" if record.complete else "…")
        rows.append(
            f'<tr><td class="num">{number}</td><td>{escape(record.dealer)}</td>'
            + "".join(tds)
            + "</tr>"
        )
    totals = "".join(
        f'<td class="num{" winner" if p.name in standings.winners else ""}">{p.score}</td>'
        for p in standings.players
    )
    body = (
        "\n".join(rows)
        if rows
        else (
            f'<tr><td colspan="{len(names) + 2}">{tr("Nothing is recorded yet.", "Inget är fört ännu.")}'
            "</td></tr>"
        )
    )
    note = tr(
        "Each cell: the points of the deal, then the running total. Shaded: köpstopp in that "
        "deal (buy_stop.threshold).",
        "Varje ruta: given poäng, sedan ställningen. Skuggad: köpstopp i den given "
        "(buy_stop.threshold).",
    )
    return "\n".join(
        [
            '<section class="protocol">',
            f"<h2>{tr('Protocol', 'Protokoll')}</h2>",
            "<table>",
            f'<thead><tr><th scope="col" class="num">{tr("Deal", "Giv")}</th>'
            f'<th scope="col">{tr("Dealer", "Givare")}</th>{head}</tr></thead>',
            f"<tbody>\n{body}\n</tbody>",
            f'<tfoot><tr><td colspan="2">{tr("Total", "Summa")}</td>{totals}</tr></tfoot>',
            "</table>",
            f'<p class="note">{escape(note)}</p>',
            "</section>",
        ]
    )


def chart_svg(race: Race, *, width: int = 720, height: int = 340) -> str:
    """The race as inline SVG: a polyline per player, the target and köpstopp lines."""
    left, right, top, bottom = 44, 120, 14, 36
    plot_w, plot_h = width - left - right, height - top - bottom
    count = max(1, len(race.deals) - 1)
    # Room above the target, so its line never doubles as the frame of the plot.
    low, high = race.low, 10 * -(-(race.high + 4) // 10)

    def x(position: int) -> float:
        return left + position * plot_w / count

    def y(value: float) -> float:
        return top + plot_h - (value - low) / (high - low) * plot_h

    label = escape(tr("Score race, deal by deal", "Poängen giv för giv"))
    out = [
        f'<svg viewBox="0 0 {width} {height}" role="img" aria-label="{label}" '
        f'preserveAspectRatio="xMidYMid meet">'
    ]
    for value in range(10 * -(-low // 10), high + 1, 10):
        out.append(
            f'<line class="grid" x1="{left}" y1="{y(value):.1f}" x2="{left + plot_w}" '
            f'y2="{y(value):.1f}"/>'
            f'<text x="{left - 6}" y="{y(value) + 4:.1f}" text-anchor="end">{value}</text>'
        )
    step = max(1, round(count / 16))
    for position, number in enumerate(race.deals):
        if position % step and position != count:
            continue
        out.append(
            f'<text x="{x(position):.1f}" y="{top + plot_h + 16}" '
            f'text-anchor="middle">{number}</text>'
        )
    out.append(
        f'<text x="{left + plot_w / 2:.1f}" y="{height - 4}" text-anchor="middle">'
        f"{escape(tr('deal', 'giv'))}</text>"
    )
    out.append(
        f'<line class="axis" x1="{left}" y1="{top}" x2="{left}" y2="{top + plot_h}"/>'
        f'<line class="axis" x1="{left}" y1="{top + plot_h}" x2="{left + plot_w}" '
        f'y2="{top + plot_h}"/>'
    )
    target_y = y(race.target)
    out.append(
        f'<line class="target" x1="{left}" y1="{target_y:.1f}" x2="{left + plot_w}" '
        f'y2="{target_y:.1f}"><title>game.target</title></line>'
        f'<text x="{left + plot_w + 6}" y="{target_y + 4:.1f}">'
        f"{escape(tr('target', 'mål'))} {race.target}</text>"
    )
    if race.buy_stop is not None:
        stop_y = y(race.buy_stop)
        out.append(
            f'<line class="buy-stop" x1="{left}" y1="{stop_y:.1f}" x2="{left + plot_w}" '
            f'y2="{stop_y:.1f}"><title>buy_stop.threshold</title></line>'
            f'<text x="{left + plot_w + 6}" y="{stop_y + 4 + (8 if abs(stop_y - target_y) < 12 else 0):.1f}">'
            f"köpstopp {race.buy_stop}</text>"
        )
    for index, name in enumerate(race.players):
        colour = COLOURS[index % len(COLOURS)]
        dash = DASHES[index % len(DASHES)]
        points = " ".join(
            f"{x(position):.1f},{y(value):.1f}" for position, value in enumerate(race.totals[index])
        )
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        out.append(
            f'<polyline class="player" data-player="{escape(name)}" stroke="{colour}"'
            f'{dash_attr} points="{points}"><title>{escape(name)}</title></polyline>'
        )
    if count <= 40:  # a dot on each deal, while there is room to see them
        for index in range(len(race.players)):
            colour = COLOURS[index % len(COLOURS)]
            out.append(
                f'<g class="dots" fill="{colour}">'
                + "".join(
                    f'<circle cx="{x(position):.1f}" cy="{y(value):.1f}" r="2.6"/>'
                    for position, value in enumerate(race.totals[index])
                )
                + "</g>"
            )
    # The legend, beside the plot at the bottom right.
    for index, name in enumerate(race.players):
        colour = COLOURS[index % len(COLOURS)]
        dash = DASHES[index % len(DASHES)]
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        legend_y = top + plot_h - 18 * (len(race.players) - index) + 4
        total = race.totals[index][-1]
        out.append(
            f'<g class="legend"><line x1="{left + plot_w + 6}" y1="{legend_y}" '
            f'x2="{left + plot_w + 30}" y2="{legend_y}" stroke="{colour}" stroke-width="2.5"'
            f'{dash_attr}/><text x="{left + plot_w + 34}" y="{legend_y + 4}">'
            f"{escape(name)} {total}</text></g>"
        )
    out.append("</svg>")
    return "".join(out)


def _chart_section(standings: Standings) -> str:
    race = score_race(standings)
    heading = tr("Score race", "Poängen giv för giv")
    if len(race.deals) == 1:
        content = f'<p class="note">{tr("Nothing is recorded yet.", "Inget är fört ännu.")}</p>'
    else:
        content = chart_svg(race)
    return f'<section class="chart">\n<h2>{heading}</h2>\n{content}\n</section>'


def _result_section(standings: Standings, stake: str) -> str:
    parts = ['<section class="result">']
    if not standings.finished:
        parts.append(f"<h2>{tr('Result', 'Resultat')}</h2>")
        parts.append(
            f'<p class="winners">{tr("The game is not over yet.", "Partiet är inte slut än.")}</p>'
        )
        parts.append("</section>")
        return "\n".join(parts)
    winners = " &amp; ".join(escape(w) for w in standings.winners)
    best = max(standings.scores[w] for w in standings.winners)
    heading = tr("Winner", "Vinnare") if len(standings.winners) == 1 else tr("Winners", "Vinnare")
    parts.append(f"<h2>{heading}</h2>")
    parts.append(f'<p class="winners">{winners} — {tr(f"{best} points", f"{best} poäng")}</p>')
    payments = settle(standings.scores, standings.winners, stake)
    stake_shown = amount_json(Decimal(stake))
    parts.append(
        f"<h2>{tr('Settlement', 'Betalning')} "
        f"({tr(f'stake {stake_shown} per point', f'insats {stake_shown} per poäng')})</h2>"
    )
    if payments:
        parts.append('<table class="settlement">')
        parts.append(
            f'<thead><tr><th scope="col">{tr("Pays", "Betalar")}</th>'
            f'<th scope="col">{tr("To", "Till")}</th>'
            f'<th scope="col" class="num">{tr("Amount", "Belopp")}</th></tr></thead>'
        )
        parts.append("<tbody>")
        for payment in payments:
            parts.append(
                f"<tr><td>{escape(payment.payer)}</td><td>{escape(payment.payee)}</td>"
                f'<td class="num">{amount_json(payment.amount)}</td></tr>'
            )
        parts.append("</tbody></table>")
    else:
        parts.append(f"<p>{tr('Nobody pays anything.', 'Ingen betalar något.')}</p>")
    parts.append("</section>")
    return "\n".join(parts)
