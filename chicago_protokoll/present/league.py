"""The league (``chicago stats``) for scripts and for a page: the ``--json`` object and
one self-contained HTML page (the table, the head-to-head matrix, each player's rating
over time as inline SVG).

The page has no script and no external stylesheet, font or image: it opens the same
anywhere, offline.  Every name goes through `html.escape`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from html import escape
from typing import Any

from ..core.settle import amount_json, amount_text
from ..core.stats import HeadToHead, League, PlayerStats, Record
from ..core.summary import CATEGORIES
from ..i18n.language import language, t, tn
from ..i18n.language import number as local_number
from .html_sheet import COLOURS, DASHES, page

#: Below this many finished games a player's rates and averages are not shown (--min-rated).
MIN_RATED = 3


def shown_players(result: League, chosen: Sequence[str], min_games: int) -> list[PlayerStats]:
    """The rows to show: the chosen players (all when none), with at least ``min_games``."""
    return [p for p in result.players if (not chosen or p.name in chosen) and p.games >= min_games]


def shown_pairs(result: League, chosen: Sequence[str], min_games: int) -> list[HeadToHead]:
    """The head-to-head records to show: with chosen players, each chosen player's against
    every opponent (the chosen one as ``a``); else every pair of players shown."""
    if chosen:
        return [
            pair
            for name in chosen
            for pair in result.against(name)
            if result.player(pair.b).games >= min_games and result.player(name).games >= min_games
        ]
    shown = {p.name for p in shown_players(result, (), min_games)}
    return [pair for pair in result.head_to_head if pair.a in shown and pair.b in shown]


def player_dict(player: PlayerStats, min_rated: int = 0) -> dict[str, Any]:
    """One player's row of ``--json``; below ``min_rated`` games the rates and averages are
    None (``null``): two games say little about a rate."""
    rated = player.games >= min_rated

    def rate(value: float | None, digits: int) -> float | None:
        # JSON has no infinity: an average beyond a float (a huge penalty in an old file) is null.
        if not rated or value is None or not math.isfinite(value):
            return None
        return round(value, digits)

    return {
        "name": player.name,
        "games": player.games,
        "wins": player.wins,
        "win_rate": rate(player.win_rate, 3),
        "avg_points": rate(player.avg_points, 1),
        "best_points": player.best,
        "chicagos": {
            "declared": player.chicagos_declared,
            "won": player.chicagos_won,
            "failed": player.chicagos_failed,
            "success_rate": rate(player.chicago_rate, 3),
            "points_won": player.chicago_points_won,
            "points_lost": player.chicago_points_lost,
        },
        "buy_stop_deals": player.buy_stop_deals,
        "buy_stop_wins": player.buy_stop_wins,
        "last_tricks": {"taken": player.last_tricks, "with_two": player.last_tricks_with_two},
        "hands": player.hand_counts(),
        "royal_straight_flushes": player.royals,
        "avg_deals": rate(player.avg_deals, 1),
        "comebacks": player.comebacks,
        "money": amount_json(player.money),
        "rating": {
            "mu": round(player.rating.mu, 2),
            "sigma": round(player.rating.sigma, 2),
            "conservative": round(player.rating.conservative, 2),
        },
    }


def record_dict(record: Record) -> dict[str, Any]:
    return {
        "record": record.kind,
        "players": list(record.players),
        "value": record.value,
        "session": record.game,
        "created": record.created,
    }


def pair_dict(pair: HeadToHead) -> dict[str, Any]:
    return {
        "a": pair.a,
        "b": pair.b,
        "games": pair.games,
        "a_ahead": pair.a_ahead,
        "b_ahead": pair.b_ahead,
        "even": pair.even,
    }


def league_dict(
    result: League,
    chosen: Sequence[str] = (),
    min_games: int = 0,
    unfinished: int = 0,
    skipped: Sequence[str] = (),
    min_rated: int = MIN_RATED,
) -> dict[str, Any]:
    """The object ``chicago stats --json`` prints (docs/cli.md, "The evening and the club")."""
    return {
        "games": len(result.games),
        "unfinished": unfinished,
        "skipped": list(skipped),
        "stake": amount_json(result.stake),
        "min_rated": min_rated,
        "players": [player_dict(p, min_rated) for p in shown_players(result, chosen, min_games)],
        "head_to_head": [pair_dict(p) for p in shown_pairs(result, chosen, min_games)],
        "records": [record_dict(r) for r in result.records],
    }


def order_note() -> str:
    """What the league's order means: one line on the page, under the table and in --help."""
    return t(
        "Ranked by the rating's conservative estimate μ − 3σ (a skill the player is almost surely above), then by wins."
    )


def rated_note(min_rated: int) -> str:
    return tn(
        "Rates and averages are shown from {n} finished game on.",
        "Rates and averages are shown from {n} finished games on.",
        min_rated,
    )


def record_label(kind: str) -> str:
    labels = {
        "highest_total": t("Highest final total"),
        "biggest_comeback": t("Biggest comeback (points behind at halfway)"),
        "fastest_game": t("Fastest game to the target (deals)"),
        "longest_streak": t("Longest streak of wins"),
        "most_chicagos": t("Most Chicagos won in one game"),
    }
    return labels[kind]


def percent(value: float | None) -> str:
    return "–" if value is None else f"{value:.0%}"


def shown_hands(players: Sequence[PlayerStats]) -> list[int]:
    """The categories (indices into CATEGORIES) that scored for any of ``players``."""
    return [
        index
        for index in range(len(CATEGORIES))
        if any(p.hands and p.hands[index] for p in players)
    ]


# -- the page ----------------------------------------------------------------------

# After the sheet's stylesheet (sheet_style): the league is wider than a protocol, names
# stay on one line, and the matrix is centred.  The rating chart uses the sheet's .chart.
# On a phone each player's row becomes a card (every figure labelled, nothing cut off),
# and what stays wider than the phone (the matrix, the chart) scrolls inside a box whose
# scroll bar is drawn; the chart keeps a width at which its text is at least 11 px.
LEAGUE_STYLE = """
.sheet { max-width: 297mm; }
.cards td.name, .matrix th[scope=row] { text-align: left; }
.cards thead th { white-space: normal; }
.matrix td { text-align: center; font-variant-numeric: tabular-nums; }
.matrix td.self { background: var(--head); }
.wide { scrollbar-width: thin; scrollbar-color: var(--axis) var(--head); }
.wide::-webkit-scrollbar { height: 8px; background: var(--head); }
.wide::-webkit-scrollbar-thumb { background: var(--axis); border-radius: 4px; }
.order { margin: 4px 0 8px; }
.scroll-hint { display: none; }
@media screen and (max-width: 640px) {
  .cards thead { display: none; }
  .cards table, .cards tbody, .cards tr, .cards td { display: block; width: auto; }
  .cards tr { border: 1px solid var(--rule); border-radius: 6px; margin: 0 0 8px;
    padding: 4px 8px; }
  .cards td { display: flex; justify-content: space-between; gap: 12px; border: 0;
    padding: 2px 0; text-align: right; white-space: normal; }
  .cards td::before { content: attr(data-label); color: var(--muted); text-align: left; }
  .cards td.name { font-weight: bold; font-size: 1.1em; }
  .cards td.name::before { content: none; }
  .ratings .wide svg { min-width: 760px; }
  .scroll-hint { display: block; }  /* 15 px text in a 960 wide view: 11.9 px */
}
"""


def league_html(
    result: League, chosen: Sequence[str] = (), min_games: int = 0, min_rated: int = MIN_RATED
) -> str:
    """The whole league as one HTML document."""
    title = t("Chicago league")
    players = shown_players(result, chosen, min_games)
    count = len(result.games)
    meta = tn(
        "{n} finished game; money at stake {stake} per point",
        "{n} finished games; money at stake {stake} per point",
        count,
        stake=amount_json(result.stake),
    )
    body = "\n".join(
        [
            f"<header><h1>{escape(title)}</h1>",
            f'<p class="meta">{escape(meta)}</p></header>',
            _table_section(players, min_rated),
            _figures_section(players, min_rated),
            _hands_section(players),
            _records_section(result),
            _matrix_section(result, players),
            _ratings_section(result, players),
            f"<footer>{escape(rated_note(min_rated))} {escape(_rating_note())}</footer>",
        ]
    )
    return page(title, body, style=LEAGUE_STYLE).rstrip("\n")


def _rating_note() -> str:
    return t(
        "Rating: openskill's Plackett-Luce model, each game a ranking by final points (equal points, equal place); μ is the estimated skill, σ how unsure it still is.",
    )


def _num(value: object) -> str:
    return local_number(value, language())


def _cards(
    kind: str,
    heading: str,
    heads: Sequence[str],
    rows: Sequence[tuple[str, Sequence[str]]],
    empty: str,
    before: str = "",
) -> str:
    """A table of one row per player that a phone shows as one card per player: every
    cell carries its column's heading (``data-label``)."""
    head = "".join(
        f'<th scope="col"{"" if i == 0 else " class=num"}>{escape(text)}</th>'
        for i, text in enumerate(heads)
    )
    lines = [
        f'<tr><td class="name">{escape(name)}</td>'
        + "".join(
            f'<td class="num" data-label="{escape(label)}">{escape(cell)}</td>'
            for label, cell in zip(heads[1:], cells, strict=True)
        )
        + "</tr>"
        for name, cells in rows
    ]
    body = "\n".join(lines) or f'<tr><td colspan="{len(heads)}">{escape(empty)}</td></tr>'
    return (
        f'<section class="{kind} cards">\n'
        f"<h2>{escape(heading)}</h2>\n{before}"
        f'{_scrolls(heading)}<table><thead><tr>{head}</tr></thead>\n<tbody>\n{body}\n'
        "</tbody></table></div>\n"
        "</section>"
    )


def _table_section(players: Sequence[PlayerStats], min_rated: int) -> str:
    heads = [
        t("Player"),
        t("Rating μ − 3σ"),
        t("Games"),
        t("Wins"),
        t("Win rate"),
        t("Avg points"),
        t("Best"),
        t("Chicago declared / won / failed"),
        t("Deals in köpstopp"),
        t("Money"),
        t("Rating μ ± σ"),
    ]
    rows = []
    for player in players:
        rated = player.games >= min_rated
        rows.append(
            (
                player.name,
                [
                    _num(f"{player.rating.conservative:.1f}"),
                    str(player.games),
                    str(player.wins),
                    percent(player.win_rate if rated else None),
                    _num(f"{player.avg_points:.1f}") if rated else "–",
                    str(player.best),
                    f"{player.chicagos_declared} / {player.chicagos_won} / {player.chicagos_failed}",
                    str(player.buy_stop_deals),
                    _num(("+" if player.money > 0 else "") + amount_text(player.money) if player.money else "0"),
                    _num(f"{player.rating.mu:.1f}") + " ± " + _num(f"{player.rating.sigma:.1f}"),
                ],
            )
        )
    return _cards(
        "league",
        t("Players, by rating"),
        heads,
        rows,
        t("No finished games yet."),
        before=f'<p class="note order">{escape(order_note())}</p>\n',
    )


def _figures_section(players: Sequence[PlayerStats], min_rated: int) -> str:
    heads = [
        t("Player"),
        t("Chicago success"),
        t("Chicago points won / lost"),
        t("Köpstopp: deals / games won"),
        t("Last tricks (with a two)"),
        t("Royal straight flushes"),
        t("Deals per game"),
        t("Comebacks"),
    ]
    rows = []
    for player in players:
        rated = player.games >= min_rated
        rows.append(
            (
                player.name,
                [
                    percent(player.chicago_rate if rated else None),
                    f"+{player.chicago_points_won} / −{player.chicago_points_lost}",
                    f"{player.buy_stop_deals} / {player.buy_stop_wins}",
                    f"{player.last_tricks} ({player.last_tricks_with_two})",
                    str(player.royals),
                    _num(f"{player.avg_deals:.1f}") if rated else "–",
                    str(player.comebacks),
                ],
            )
        )
    return _cards("figures", t("What the club argues about"), heads, rows, t("No finished games yet."))


def _hands_section(players: Sequence[PlayerStats]) -> str:
    shown = shown_hands(players)
    heads = [t("Player"), *(CATEGORIES[i].localized(language()) for i in shown)]
    rows = [(p.name, [str(p.hands[i]) if p.hands else "0" for i in shown]) for p in players]
    return _cards(
        "hands",
        t("Best hands that scored"),
        heads,
        rows if shown else [],
        t("No hand has scored yet."),
    )


def _records_section(result: League) -> str:
    rows = "\n".join(
        f"<tr><th scope=\"row\">{escape(record_label(r.kind))}</th>"
        f"<td>{escape(' & '.join(r.players))}</td>"
        f'<td class="num">{r.value}</td><td>{escape(r.game)}</td></tr>'
        for r in result.records
    ) or f'<tr><td colspan="4">{escape(t("No finished games yet."))}</td></tr>'
    heads = "".join(
        f'<th scope="col">{escape(text)}</th>'
        for text in (t("Record"), t("Held by"), t("Figure"), t("Game"))
    )
    return (
        '<section class="records">\n'
        f"<h2>{escape(t('The club records'))}</h2>\n"
        f'{_scrolls(t("The club records"))}<table><thead><tr>{heads}</tr></thead>\n<tbody>\n{rows}\n'
        "</tbody></table></div>\n"
        "</section>"
    )


def _matrix_section(result: League, players: Sequence[PlayerStats]) -> str:
    names = [p.name for p in players]
    records = {(pair.a, pair.b): pair for pair in result.head_to_head}
    head = "".join(f'<th scope="col">{escape(name)}</th>' for name in names)
    rows = []
    for row in names:
        cells = []
        for column in names:
            if row == column:
                cells.append('<td class="self">–</td>')
                continue
            pair = records.get((row, column)) or records.get((column, row))
            if pair is None:
                cells.append("<td></td>")
                continue
            mine = pair.facing(row)
            cells.append(
                f'<td data-games="{mine.games}">{mine.a_ahead}–{mine.b_ahead}–{mine.even}</td>'
            )
        rows.append(f'<tr><th scope="row">{escape(row)}</th>{"".join(cells)}</tr>')
    note = t(
        "Each cell: the games the row's player was placed above the column's, below, level.",
    )
    return (
        '<section class="matrix">\n'
        f"<h2>{escape(t('Head to head'))}</h2>\n"
        f'{_scrolls(t("Head to head"))}<table><thead><tr><td></td>{head}</tr></thead>\n'
        f"<tbody>\n{chr(10).join(rows)}\n</tbody></table></div>\n"
        f'<p class="note">{escape(note)}</p>\n'
        "</section>"
    )


def _ratings_section(result: League, players: Sequence[PlayerStats]) -> str:
    heading = escape(t("Rating over time"))
    if not players:
        return f'<section class="ratings chart"><h2>{heading}</h2></section>'
    return (
        f'<section class="ratings chart">\n<h2>{heading}</h2>\n'
        f'{_scrolls(t("Rating over time"))}{rating_svg(result, players)}</div>\n'
        # A phone draws no scroll bar until one scrolls: say that the chart goes on.
        f'<p class="note scroll-hint">{escape(t("The chart is wider than the screen: swipe it sideways."))}</p>\n'
        "</section>"
    )


def _scrolls(label: str) -> str:
    """The box a wide table or chart scrolls in on a phone: focusable, so that it scrolls
    from the keyboard too (axe-core's scrollable-region-focusable), and named."""
    return f'<div class="wide" tabindex="0" role="group" aria-label="{escape(label)}">'


def _pen(index: int) -> tuple[str, str]:
    """A colour and a dash for a line: a club has more players than the sheet's six
    colours, so past six the dash moves on and no two of 36 lines look alike."""
    return COLOURS[index % len(COLOURS)], DASHES[(index + index // len(COLOURS)) % len(DASHES)]


def rating_svg(
    result: League, players: Sequence[PlayerStats], *, width: int = 960, height: int = 360
) -> str:
    """Each player's μ after each of their games, over the league's games, as inline SVG."""
    left, right, top, bottom = 44, 150, 14, 36
    plot_w, plot_h = width - left - right, height - top - bottom
    count = max(1, len(result.games))
    values = [point.rating.mu for p in players for point in result.history[p.name]]
    low = 5 * int(min([*values, 25.0]) // 5)
    high = 5 * -int(-max([*values, 25.0]) // 5)
    high = max(high, low + 5)

    def x(game: float) -> float:
        return left + game * plot_w / count

    def y(value: float) -> float:
        return top + plot_h - (value - low) / (high - low) * plot_h

    label = escape(t("Rating over time"))
    out = [
        f'<svg viewBox="0 0 {width} {height}" role="img" aria-label="{label}" '
        'preserveAspectRatio="xMidYMid meet">'
    ]
    step = max(5, 5 * round((high - low) / 40))
    for value in range(low, high + 1, step):
        out.append(
            f'<line class="grid" x1="{left}" y1="{y(value):.1f}" x2="{left + plot_w}" '
            f'y2="{y(value):.1f}"/><text x="{left - 6}" y="{y(value) + 4:.1f}" '
            f'text-anchor="end">{value}</text>'
        )
    out.append(
        f'<line class="axis" x1="{left}" y1="{top}" x2="{left}" y2="{top + plot_h}"/>'
        f'<line class="axis" x1="{left}" y1="{top + plot_h}" x2="{left + plot_w}" '
        f'y2="{top + plot_h}"/>'
        f'<text x="{left + plot_w / 2:.1f}" y="{height - 4}" text-anchor="middle">'
        f"{escape(t('game (1 to {count})', count=count))}</text>"
    )
    for index, player in enumerate(players):
        colour, dash = _pen(index)
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        # Everyone starts at the model's μ = 25 before their first game.
        history = result.history[player.name]
        points = [(history[0].game - 1, 25.0)] + [(p.game, p.rating.mu) for p in history]
        line = " ".join(f"{x(g):.1f},{y(v):.1f}" for g, v in points)
        out.append(
            f'<polyline class="player" data-player="{escape(player.name)}" stroke="{colour}"'
            f'{dash_attr} points="{line}"><title>{escape(player.name)}</title></polyline>'
        )
        legend_y = top + 18 * index + 8
        out.append(
            f'<g class="legend"><line x1="{left + plot_w + 6}" y1="{legend_y}" '
            f'x2="{left + plot_w + 30}" y2="{legend_y}" stroke="{colour}" stroke-width="2.5"'
            f'{dash_attr}/><text x="{left + plot_w + 34}" y="{legend_y + 4}">'
            f"{escape(player.name)} {player.rating.mu:.1f}</text></g>"
        )
    out.append("</svg>")
    return "".join(out)
