"""One self-contained, printable protocol sheet: table, score race as inline SVG, winners,
settlement.

No script, no external stylesheet, font or image: the file opens and prints the same
anywhere, offline.  `chicago serve` shows the same sheet (`sheet_body`) in the same
document (`page`), with a script that swaps the sheet when the game changes; the
layout for every screen is in `sheet_style`.  Every text from the session (player and session names) goes
through `html.escape`.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from html import escape

from ..core.events import Correction
from ..core.settle import amount_json, amount_text, settle_standings
from ..core.standings import Standings
from ..i18n.language import language, t, tn
from ..i18n.language import number as local_number
from .chart import Race, score_race
from .export import chicago_legend, chicago_mark, protocol_rows, revisor_entries
from .rules_text import rules_in_words
from .sheet_style import STYLE
from .views import marks, moment_text

# Okabe-Ito colours (told apart with colour blindness) and a dash each, for a
# black-and-white printer.
COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9")
DASHES = ("", "7 4", "2 3", "9 3 2 3", "1 4", "12 5")


def export_html(
    standings: Standings,
    session_name: str,
    stake: str = "1",
    corrections: Sequence[Correction] = (),
) -> str:
    """The whole sheet as one HTML document."""
    return page(
        sheet_title(session_name), sheet_body(standings, session_name, stake, corrections)
    )


def sheet_title(session_name: str) -> str:
    return t("Chicago protocol: {session_name}", session_name=session_name)


def page(title: str, body: str, *, before: str = "", script: str = "", style: str = "") -> str:
    """A document around the sheet: ``body`` goes inside ``<main class="sheet">``; ``before``
    (HTML) and ``script`` (JavaScript) are for the live page, the export has neither;
    ``style`` is CSS after the sheet's own (the league page's tables)."""
    return document(title, body, style=STYLE + style, main="sheet", before=before, script=script)


def document(
    title: str,
    body: str,
    *,
    style: str,
    main: str,
    before: str = "",
    script: str = "",
    head: str = "",
) -> str:
    """One standalone page of ours (the sheet, the TV, the phone's recording page, the
    room's board): ``body`` inside ``<main class=MAIN>``, ``style`` and ``script`` inline,
    ``before`` (HTML) ahead of the main part, ``head`` more of the head."""
    parts = [
        "<!DOCTYPE html>",
        f'<html lang="{language()}">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        *([head] if head else []),
        f"<title>{escape(title)}</title>",
        f"<style>{style}</style>",
        "</head>",
        "<body>",
        *([before] if before else []),
        f'<main class="{main}">\n{body}\n</main>',
        *([f"<script>{script}</script>"] if script else []),
        "</body>",
        "</html>",
    ]
    return "\n".join(parts) + "\n"


def sheet_body(
    standings: Standings,
    session_name: str,
    stake: str = "1",
    corrections: Sequence[Correction] = (),
) -> str:
    """What is inside ``<main class="sheet">``: the live page swaps exactly this."""
    name = escape(session_name)
    return "\n".join(
        [
            "<header>",
            f"<h1>{t('Chicago protocol')}: {name}</h1>",
            f'<p class="meta">{_meta(standings)}</p>',
            "</header>",
            # Two columns on a big screen (sheet_style), one everywhere else.
            '<div class="columns">',
            '<div class="column">',
            _standings_section(standings),
            _protocol_section(standings, corrections),
            _revisor_section(standings),
            _taken_section(standings),
            "</div>",
            '<div class="column">',
            _chart_section(standings),
            _result_section(standings, stake),
            "</div>",
            "</div>",
            f"<footer>{escape(_rules_text(standings))}</footer>",
        ]
    )


def problem_body(session_name: str, message: str) -> str:
    """The sheet's place when the session cannot be read: the reason, in plain words."""
    return "\n".join(
        [
            "<header>",
            f"<h1>{t('Chicago protocol')}: {escape(session_name)}</h1>",
            "</header>",
            f'<p class="problem" role="alert">{escape(message)}</p>',
        ]
    )


def _standings_section(standings: Standings) -> str:
    """Who has how many points, and the marks the table asks about: dealer, förhand,
    köpstopp, who may declare Chicago; then what comes next."""
    rows = []
    for player in standings.players:
        css = ' class="winner"' if player.name in standings.winners else ""
        rows.append(
            f"<tr{css}><td>{escape(player.name)}</td>"
            f'<td class="num score">{player.score}</td>'
            f'<td class="marks">{escape(marks(standings, player.name))}</td></tr>'
        )
    if standings.finished:
        winners = " & ".join(standings.winners)
        after = tn(
            "The game is over after deal {deal}. Winner: {winners}",
            "The game is over after deal {deal}. Winners: {winners}",
            len(standings.winners),
            deal=standings.deal,
            winners=winners,
        )
    else:
        after = t(
            "Deal {deal}, next: {standings}",
            deal=standings.deal,
            standings=moment_text(standings),
        )
    return "\n".join(
        [
            f'<section class="standings{" over" if standings.finished else ""}">',
            f"<h2>{t('Standings')}</h2>",
            '<div class="wide"><table class="standings">',
            f'<thead><tr><th scope="col">{t("Player")}</th>'
            f'<th scope="col" class="num">{t("Points")}</th>'
            f'<th scope="col">{t("Now")}</th></tr></thead>',
            "<tbody>\n" + "\n".join(rows) + "\n</tbody>",
            "</table></div>",
            f'<p class="next">{escape(after)}</p>',
            "</section>",
        ]
    )


def _meta(standings: Standings) -> str:
    players = ", ".join(escape(p.name) for p in standings.players)
    played = len([d for d in standings.deals if d.complete])
    deals = tn("{n} deal", "{n} deals", played)
    return t("Players: {players} · {deals}", players=players, deals=deals)


def _rules_text(standings: Standings) -> str:
    return rules_in_words(standings.rules)


def _protocol_section(standings: Standings, corrections: Sequence[Correction] = ()) -> str:
    from .marks import (
        BUY_STOP,
        CORRECTED,
        WON_THE_GAME,
        corrected_deals,
        footnotes,
        game_winning_award,
    )

    corrected = corrected_deals(corrections)
    names = [p.name for p in standings.players]
    head = "".join(f'<th scope="col" class="num">{escape(n)}</th>' for n in names)
    rows: list[str] = []
    for record, cells in protocol_rows(standings):
        tds: list[str] = []
        for name, (points, total) in zip(names, cells, strict=True):
            shown = f"{points:+d}" if points else "–"
            if chicago := chicago_mark(record, name):
                shown += f' <span class="chicago">{chicago}</span>'
            if name in record.buy_stop:
                # the mark the footnote explains, on screen and on paper alike (the shade
                # alone is lost in print, and a legend must name what the cells show)
                shown += f' <span class="stop">{BUY_STOP}</span>'
            if (won := game_winning_award(record)) is not None and won.player == name:
                shown += f' <span class="won" title="{escape(won.key)}">{WON_THE_GAME}</span>'
            css = "player buy-stop" if name in record.buy_stop else "player"
            mark = (
                f' title="{escape(t("köpstopp in this deal"))}"'
                if name in record.buy_stop
                else ""
            )
            tds.append(
                f'<td class="{css}"{mark}><span class="points">{shown}</span> '
                f'<span class="total">{total}</span></td>'
            )
        number = str(record.number) + ("" if record.complete else "…")
        if record.number in corrected:
            number += f' <span class="corrected" title="{escape(t("corrected afterwards"))}">{CORRECTED}</span>'
        rows.append(
            f'<tr><td class="num">{number}</td>'
            f'<td class="dealer" title="{escape(record.dealer)}">{escape(record.dealer)}</td>'
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
            f'<tr><td colspan="{len(names) + 2}">{t("Nothing is recorded yet.")}'
            "</td></tr>"
        )
    )
    # The köpstopp mark ⊘ is explained in the footnotes, as in every text output.
    note = t("Each cell: the points of the deal, then the running total.")
    note += " " + chicago_legend()
    notes = footnotes(standings, corrections)
    return "\n".join(
        [
            '<section class="protocol">',
            f"<h2>{t('Protocol')}</h2>",
            '<div class="wide"><table>',
            f'<thead><tr><th scope="col" class="num">{t("Deal")}</th>'
            f'<th scope="col">{t("Dealer")}</th>{head}</tr></thead>',
            f"<tbody>\n{body}\n</tbody>",
            f'<tfoot><tr><td colspan="2">{t("Total")}</td>{totals}</tr></tfoot>',
            "</table></div>",
            f'<p class="note">{escape(note)}</p>',
            *(
                ['<ul class="footnotes">', *(f"<li>{escape(text)}</li>" for text in notes), "</ul>"]
                if notes
                else []
            ),
            "</section>",
        ]
    )


def _revisor_section(standings: Standings) -> str:
    """The penalties, a forfeit and the notes, deal by deal with their reasons; nothing in
    a game without any."""
    items = [
        f'<li><span class="deal">{escape(t("Deal {deal}", deal=record.number))}:</span> '
        f"{escape(text)}</li>"
        for record in standings.deals
        for text in revisor_entries(record)
    ]
    if not items:
        return ""
    return "\n".join(
        [
            '<section class="revisor">',
            f"<h2>{t('Penalties and notes')}</h2>",
            '<ul class="revisor">',
            *items,
            "</ul>",
            "</section>",
        ]
    )


def _taken_section(standings: Standings) -> str:
    """The scorings taken off an opponent's total (scoring.take_from_opponent), each with
    whose points they were; nothing in a game without any."""
    from .narrate import taken_lines

    items = [f"<li>{escape(line)}</li>" for line in taken_lines(standings.deals)]
    if not items:
        return ""
    return "\n".join(
        [
            '<section class="taken">',
            f"<h2>{escape(t('Taken from an opponent'))}</h2>",
            '<ul class="revisor">',
            *items,
            "</ul>",
            "</section>",
        ]
    )


def chart_svg(race: Race, *, width: int = 480, plot_height: int = 230) -> str:
    """The race as inline SVG: a polyline per player, the target and köpstopp lines, and the
    legend under the plot.

    Narrow on purpose (480 units): on a 390 px phone the 15-unit labels are still about
    12 px tall, and the plot has the whole width because the legend sits below it.
    """
    left, right, top = 38, 12, 12
    plot_w, plot_h = width - left - right, plot_height
    # Legend entries a row: three short names, or two longer ones (cut at 16 letters).
    longest = max(
        len(f"{name} {max(totals)}") for name, totals in zip(race.players, race.totals, strict=True)
    )
    per_row = 3 if longest <= 11 else 2
    legend_top = top + plot_h + 56
    height = legend_top + 22 * -(-len(race.players) // per_row)
    count = max(1, len(race.deals) - 1)
    # Room above the target, so its line never doubles as the frame of the plot.
    low, high = race.low, 10 * -(-(race.high + 4) // 10)
    y_step = 10 * -(-(high - low) // 80)  # at most about 8 grid lines, however long the game

    def x(position: int) -> float:
        return left + position * plot_w / count

    def y(value: float) -> float:
        return top + plot_h - (value - low) / (high - low) * plot_h

    label = escape(t("Score race, deal by deal"))
    out = [
        f'<svg viewBox="0 0 {width} {height}" role="img" aria-label="{label}" '
        f'preserveAspectRatio="xMidYMid meet">'
    ]
    for value in range(y_step * -(-low // y_step), high + 1, y_step):
        out.append(
            f'<line class="grid" x1="{left}" y1="{y(value):.1f}" x2="{left + plot_w}" '
            f'y2="{y(value):.1f}"/>'
            f'<text x="{left - 6}" y="{y(value) + 5:.1f}" text-anchor="end">{value}</text>'
        )
    step = max(1, -(-count * 30 // plot_w))  # deal numbers at least 30 units apart
    for position, number in enumerate(race.deals):
        if position % step and position != count:
            continue
        out.append(
            f'<text x="{x(position):.1f}" y="{top + plot_h + 18}" '
            f'text-anchor="middle">{number}</text>'
        )
    out.append(
        f'<text x="{left + plot_w / 2:.1f}" y="{top + plot_h + 38}" text-anchor="middle">'
        f"{escape(t('deal'))}</text>"
    )
    out.append(
        f'<line class="axis" x1="{left}" y1="{top}" x2="{left}" y2="{top + plot_h}"/>'
        f'<line class="axis" x1="{left}" y1="{top + plot_h}" x2="{left + plot_w}" '
        f'y2="{top + plot_h}"/>'
    )
    # The target and köpstopp labels sit at the left, where every line is still low.
    target_y = y(race.target)
    out.append(
        f'<line class="target" x1="{left}" y1="{target_y:.1f}" x2="{left + plot_w}" '
        f'y2="{target_y:.1f}"><title>game.target</title></line>'
        f'<text class="label" x="{left + 6}" y="{target_y - 5:.1f}">'
        f"{escape(t('target'))} {race.target}</text>"
    )
    if race.buy_stop is not None:
        stop_y = y(race.buy_stop)
        # below its line when the target's label is just above
        label_y = stop_y + 16 if abs(stop_y - target_y) < 24 else stop_y - 5
        out.append(
            f'<line class="buy-stop" x1="{left}" y1="{stop_y:.1f}" x2="{left + plot_w}" '
            f'y2="{stop_y:.1f}"><title>buy_stop.threshold</title></line>'
            f'<text class="label" x="{left + 6}" y="{label_y:.1f}">köpstopp {race.buy_stop}</text>'
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
    # The legend under the plot, three to a row.
    column = (width - 8) / per_row
    for index, name in enumerate(race.players):
        colour = COLOURS[index % len(COLOURS)]
        dash = DASHES[index % len(DASHES)]
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        legend_x = 8 + column * (index % per_row)
        legend_y = legend_top + 22 * (index // per_row) - 5
        total = race.totals[index][-1]
        shown = name if len(name) <= 16 else name[:15] + "…"
        out.append(
            f'<g class="legend"><title>{escape(name)}</title><line x1="{legend_x:.1f}" y1="{legend_y}" '
            f'x2="{legend_x + 24:.1f}" y2="{legend_y}" stroke="{colour}" stroke-width="3"'
            f'{dash_attr}/><text x="{legend_x + 29:.1f}" y="{legend_y + 5}">'
            f"{escape(shown)} {total}</text></g>"
        )
    out.append("</svg>")
    return "".join(out)


def _chart_section(standings: Standings) -> str:
    race = score_race(standings)
    heading = t("Score race")
    if len(race.deals) == 1:
        content = f'<p class="note">{t("Nothing is recorded yet.")}</p>'
    else:
        content = chart_svg(race)
    return f'<section class="chart">\n<h2>{heading}</h2>\n{content}\n</section>'


def _result_section(standings: Standings, stake: str) -> str:
    parts = ['<section class="result">']
    if not standings.finished:
        parts.append(f"<h2>{t('Result')}</h2>")
        parts.append(
            f'<p class="winners">{t("The game is not over yet.")}</p>'
        )
        parts.append("</section>")
        return "\n".join(parts)
    winners = " &amp; ".join(escape(w) for w in standings.winners)
    best = max(standings.scores[w] for w in standings.winners)
    heading = t("Winner") if len(standings.winners) == 1 else t("Winners")
    parts.append(f"<h2>{heading}</h2>")
    parts.append(f'<p class="winners">{winners} — {tn("{n} point", "{n} points", best)}</p>')
    if standings.forfeited:
        forfeited = " & ".join(escape(name) for name in standings.forfeited)
        parts.append(
            f'<p class="note">{t("{player} forfeited: placed last, 0 points in the settlement.", player=forfeited)}</p>'
        )
    payments = settle_standings(standings, stake)
    stake_shown = local_number(amount_json(Decimal(stake)))
    parts.append(
        f"<h2>{t('Settlement')} "
        f"({t('stake {stake_shown} per point', stake_shown=stake_shown)})</h2>"
    )
    if payments:
        parts.append('<table class="settlement">')
        parts.append(
            f'<thead><tr><th scope="col">{t("Pays")}</th>'
            f'<th scope="col">{t("To")}</th>'
            f'<th scope="col" class="num">{t("Amount")}</th></tr></thead>'
        )
        parts.append("<tbody>")
        for payment in payments:
            parts.append(
                f"<tr><td>{escape(payment.payer)}</td><td>{escape(payment.payee)}</td>"
                f'<td class="num">{local_number(amount_text(payment.amount))}</td></tr>'
            )
        parts.append("</tbody></table>")
    else:
        parts.append(f"<p>{t('Nobody pays anything.')}</p>")
    parts.append("</section>")
    return "\n".join(parts)
