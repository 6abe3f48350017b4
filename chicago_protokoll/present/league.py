"""The league (``chicago stats``) for scripts and for a page: the ``--json`` object and
one self-contained HTML page (the table, the head-to-head matrix, each player's rating
over time as inline SVG).

The page (the template ``league.html``, the chart ``chart.html``) has no script and no
external stylesheet, font or image: it opens the same anywhere, offline.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from ..core.cards import CATEGORIES
from ..core.settle import amount_json, amount_text
from ..core.stats import HeadToHead, League, PlayerStats, Record
from ..i18n.language import language, t, tn
from ..i18n.language import number as local_number
from .chart import COLOURS, DASHES, Drawing, Key, Label, Line, Series

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


def league_html(
    result: League,
    chosen: Sequence[str] = (),
    min_games: int = 0,
    min_rated: int = MIN_RATED,
    *,
    nav: Sequence[Mapping[str, str]] = (),
    site: bool = False,
) -> str:
    """The whole league as one HTML document (the template ``league.html`` with
    ``sheet.css`` and ``league.css`` inline); ``nav``: the published site's links above
    it (with ``site``, its stylesheet too)."""
    from .documents import standalone

    players = shown_players(result, chosen, min_games)
    count = len(result.games)
    styles = ("sheet.css", "league.css", "site.css") if site else ("sheet.css", "league.css")
    return standalone(
        "league.html",
        title=t("Chicago league"),
        stylesheets=styles,
        nav=list(nav),
        meta=tn(
            "{n} finished game; money at stake {stake} per point",
            "{n} finished games; money at stake {stake} per point",
            count,
            stake=amount_json(result.stake),
        ),
        order=order_note(),
        tables=[_table_section(players, min_rated), _figures_section(players, min_rated), _hands_section(players)],
        records=[
            {"label": record_label(r.kind), "players": " & ".join(r.players), "value": r.value, "game": r.game}
            for r in result.records
        ],
        matrix=_matrix(result, players),
        ratings=rating_drawing(result, players) if players else None,
        footer=f"{rated_note(min_rated)} {_rating_note()}",
    ).rstrip("\n")


def _rating_note() -> str:
    return t(
        "Rating: openskill's Plackett-Luce model, each game a ranking by final points (equal points, equal place); μ is the estimated skill, σ how unsure it still is.",
    )


def _num(value: object) -> str:
    return local_number(value, language())


def _cards(
    kind: str, heading: str, heads: Sequence[str], rows: Sequence[tuple[str, Sequence[str]]], empty: str
) -> dict[str, Any]:
    """A table of one row per player that a phone shows as one card per player: every
    cell carries its column's heading (``data-label``)."""
    return {
        "kind": kind,
        "heading": heading,
        "heads": list(heads),
        "rows": [
            {"name": name, "cells": list(zip(heads[1:], cells, strict=True))} for name, cells in rows
        ],
        "empty": empty,
    }


def _table_section(players: Sequence[PlayerStats], min_rated: int) -> dict[str, Any]:
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
    return _cards("league", t("Players, by rating"), heads, rows, t("No finished games yet."))


def _figures_section(players: Sequence[PlayerStats], min_rated: int) -> dict[str, Any]:
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


def _hands_section(players: Sequence[PlayerStats]) -> dict[str, Any]:
    shown = shown_hands(players)
    heads = [t("Player"), *(CATEGORIES[i].localized(language()) for i in shown)]
    rows = [(p.name, [str(p.hands[i]) if p.hands else "0" for i in shown]) for p in players]
    return _cards("hands", t("Best hands that scored"), heads, rows if shown else [], t("No hand has scored yet."))


def _matrix(result: League, players: Sequence[PlayerStats]) -> dict[str, Any]:
    """Each row's player against each column's: placed above, below, level."""
    names = [p.name for p in players]
    records = {(pair.a, pair.b): pair for pair in result.head_to_head}
    rows = []
    for row in names:
        cells: list[dict[str, Any]] = []
        for column in names:
            pair = records.get((row, column)) or records.get((column, row))
            if row == column:
                cells.append({"self": True})
            elif pair is None:
                cells.append({"self": False, "games": None})
            else:
                mine = pair.facing(row)
                cells.append(
                    {"self": False, "games": mine.games, "text": f"{mine.a_ahead}–{mine.b_ahead}–{mine.even}"}
                )
        rows.append({"name": row, "cells": cells})
    return {"names": names, "rows": rows}


def _pen(index: int) -> tuple[str, str]:
    """A colour and a dash for a line: a club has more players than the sheet's six
    colours, so past six the dash moves on and no two of 36 lines look alike."""
    return COLOURS[index % len(COLOURS)], DASHES[(index + index // len(COLOURS)) % len(DASHES)]


def rating_drawing(
    result: League, players: Sequence[PlayerStats], *, width: int = 960, height: int = 360
) -> Drawing:
    """Each player's μ after each of their games, over the league's games, laid out for
    the SVG chart (``chart.html``)."""
    left, right, top, bottom = 44, 150, 14, 36
    plot_w, plot_h = width - left - right, height - top - bottom
    count = max(1, len(result.games))
    values = [point.rating.mu for p in players for point in result.history[p.name]]
    low = 5 * int(min([*values, 25.0]) // 5)
    high = 5 * -int(-max([*values, 25.0]) // 5)
    high = max(high, low + 5)

    def x(game: float) -> float:
        return round(left + game * plot_w / count, 1)

    def y(value: float) -> float:
        return round(top + plot_h - (value - low) / (high - low) * plot_h, 1)

    drawing = Drawing(width, height, t("Rating over time"), [], [], [], [])
    step = max(5, 5 * round((high - low) / 40))
    for value in range(low, high + 1, step):
        drawing.lines.append(Line("grid", left, y(value), left + plot_w, y(value)))
        drawing.labels.append(Label(left - 6, round(y(value) + 4, 1), str(value), "end"))
    drawing.lines.append(Line("axis", left, top, left, top + plot_h))
    drawing.lines.append(Line("axis", left, top + plot_h, left + plot_w, top + plot_h))
    drawing.labels.append(
        Label(round(left + plot_w / 2, 1), height - 4, t("game (1 to {count})", count=count), "middle")
    )
    for index, player in enumerate(players):
        colour, dash = _pen(index)
        # Everyone starts at the model's μ = 25 before their first game.
        history = result.history[player.name]
        points = [(history[0].game - 1, 25.0)] + [(p.game, p.rating.mu) for p in history]
        drawing.series.append(Series(player.name, colour, dash, tuple((x(g), y(v)) for g, v in points)))
        legend_y = top + 18 * index + 8
        drawing.keys.append(
            Key(player.name, colour, dash, left + plot_w + 6, legend_y - 1, f"{player.name} {player.rating.mu:.1f}", 2.5)
        )
    return drawing
