"""The league (``chicago stats``) for scripts and for a page: the ``--json`` object and
one self-contained HTML page (the table, the head-to-head matrix, each player's rating
over time as inline SVG).

The page has no script and no external stylesheet, font or image: it opens the same
anywhere, offline.  Every name goes through `html.escape`.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from ..core.settle import amount_json
from ..core.stats import HeadToHead, League, PlayerStats
from ..i18n.language import t, tn
from .html_sheet import COLOURS, DASHES, page


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


def player_dict(player: PlayerStats) -> dict[str, Any]:
    return {
        "name": player.name,
        "games": player.games,
        "wins": player.wins,
        "win_rate": round(player.win_rate, 3),
        "avg_points": round(player.avg_points, 1),
        "best_points": player.best,
        "chicagos": {
            "declared": player.chicagos_declared,
            "won": player.chicagos_won,
            "failed": player.chicagos_failed,
        },
        "buy_stop_deals": player.buy_stop_deals,
        "money": amount_json(player.money),
        "rating": {"mu": round(player.rating.mu, 2), "sigma": round(player.rating.sigma, 2)},
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
) -> dict[str, Any]:
    """The object ``chicago stats --json`` prints (docs/cli.md, "The evening and the club")."""
    return {
        "games": len(result.games),
        "unfinished": unfinished,
        "skipped": list(skipped),
        "stake": amount_json(result.stake),
        "players": [player_dict(p) for p in shown_players(result, chosen, min_games)],
        "head_to_head": [pair_dict(p) for p in shown_pairs(result, chosen, min_games)],
    }


# -- the page ----------------------------------------------------------------------

# After the sheet's stylesheet (sheet_style): the league is wider than a protocol, names
# stay on one line, and the matrix is centred.  The rating chart uses the sheet's .chart.
LEAGUE_STYLE = """
.sheet { max-width: 297mm; }
.league td.name, .matrix th[scope=row] { text-align: left; }
.league thead th { white-space: normal; }
.matrix td { text-align: center; font-variant-numeric: tabular-nums; }
.matrix td.self { background: var(--head); }
"""


def league_html(result: League, chosen: Sequence[str] = (), min_games: int = 0) -> str:
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
            _table_section(players),
            _matrix_section(result, players),
            _ratings_section(result, players),
            f"<footer>{escape(_rating_note())}</footer>",
        ]
    )
    return page(title, body, style=LEAGUE_STYLE).rstrip("\n")


def _rating_note() -> str:
    return t(
        "Rating: openskill's Plackett-Luce model, each game a ranking by final points (equal points, equal place); μ is the estimated skill, σ how unsure it still is.",
    )


def _table_section(players: Sequence[PlayerStats]) -> str:
    heads = [
        (t("Player"), ""),
        (t("Games"), "num"),
        (t("Wins"), "num"),
        (t("Win rate"), "num"),
        (t("Avg points"), "num"),
        (t("Best"), "num"),
        (t("Chicago declared / won / failed"), "num"),
        (t("Deals in köpstopp"), "num"),
        (t("Money"), "num"),
        (t("Rating μ ± σ"), "num"),
    ]
    head = "".join(
        f'<th scope="col"{f" class={css!r}" if css else ""}>{escape(text)}</th>'
        for text, css in heads
    )
    rows = []
    for player in players:
        cells = [
            player.games,
            player.wins,
            f"{player.win_rate:.0%}",
            f"{player.avg_points:.1f}",
            player.best,
            f"{player.chicagos_declared} / {player.chicagos_won} / {player.chicagos_failed}",
            player.buy_stop_deals,
            f"{amount_json(player.money):+}" if player.money else "0",
            f"{player.rating.mu:.1f} ± {player.rating.sigma:.1f}",
        ]
        rows.append(
            f'<tr><td class="name">{escape(player.name)}</td>'
            + "".join(f'<td class="num">{escape(str(cell))}</td>' for cell in cells)
            + "</tr>"
        )
    body = "\n".join(rows) or (
        f'<tr><td colspan="{len(heads)}">'
        f"{escape(t('No finished games yet.'))}</td></tr>"
    )
    return (
        '<section class="league">\n'
        f"<h2>{escape(t('Players, by rating'))}</h2>\n"
        f'<div class="wide"><table><thead><tr>{head}</tr></thead>\n<tbody>\n{body}\n'
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
        "Each cell: the games the row's player finished ahead of the column's, behind, level.",
    )
    return (
        '<section class="matrix">\n'
        f"<h2>{escape(t('Head to head'))}</h2>\n"
        f'<div class="wide"><table><thead><tr><th scope="col"></th>{head}</tr></thead>\n'
        f"<tbody>\n{chr(10).join(rows)}\n</tbody></table></div>\n"
        f'<p class="note">{escape(note)}</p>\n'
        "</section>"
    )


def _ratings_section(result: League, players: Sequence[PlayerStats]) -> str:
    heading = escape(t("Rating over time"))
    if not players:
        return f'<section class="ratings chart"><h2>{heading}</h2></section>'
    return (
        f'<section class="ratings chart">\n<h2>{heading}</h2>\n{rating_svg(result, players)}\n</section>'
    )


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
