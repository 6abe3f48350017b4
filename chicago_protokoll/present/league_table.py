"""The league (``chicago stats``) as plain tables for a person at a terminal, drawn like
the standings and the protocol (`render.table_lines`)."""

from __future__ import annotations

from collections.abc import Sequence

from ..core.cards import CATEGORIES
from ..core.settle import amount_json, amount_text
from ..core.stats import League, PlayerStats
from ..i18n.language import language, number, t, tn
from .league import (
    MIN_RATED,
    order_note,
    percent,
    rated_note,
    record_label,
    shown_hands,
    shown_pairs,
    shown_players,
)
from .render import Painter, painter, plain, print_lines, table_lines
from .width import visible


def league_lines(
    result: League,
    chosen: Sequence[str],
    min_games: int,
    unfinished: int,
    paint: Painter,
    min_rated: int = MIN_RATED,
) -> list[str]:
    count = len(result.games)
    stake = number(amount_json(result.stake))
    players = shown_players(result, chosen, min_games)
    # Ten columns in 80: cells without the spaces either side (pad=0).
    lines = table_lines(
        tn(
            "The league — {n} finished game, by rating (money at {stake} per point)",
            "The league — {n} finished games, by rating (money at {stake} per point)",
            count,
            stake=stake,
        ),
        [
            t("Player"),
            t("Games"),
            t("Wins"),
            t("Win%"),
            t("Avg"),
            t("Best"),
            "Chicago",
            "Köpstopp",
            t("Money"),
            "μ−3σ",
        ],
        [False, *([True] * 9)],
        [[plain(cell) for cell in _row(player, min_rated)] for player in players],
        paint,
        pad=0,
    )
    if not players:
        lines.append(
            t("No finished games to count yet.")
            if not result.games
            else t("Nobody to show with these filters.")
        )
    else:
        lines += _figure_lines(players, min_rated, paint)
    pairs = shown_pairs(result, chosen, min_games)
    if pairs:
        counts = [
            [plain(str(n)) for n in (pair.games, pair.a_ahead, pair.b_ahead, pair.even)]
            for pair in pairs
        ]
        if len(chosen) == 1:
            me = chosen[0]
            lines += table_lines(
                t("{player} against each opponent", player=me),
                [
                    t("Opponent"),
                    t("Games"),
                    t("{player} ahead", player=me),
                    t("Opponent ahead"),
                    t("Even"),
                ],
                [False, True, True, True, True],
                [[plain(pair.b), *row] for pair, row in zip(pairs, counts, strict=True)],
                paint,
            )
        else:
            lines += table_lines(
                t("Head to head"),
                [
                    "A",
                    "B",
                    t("Games"),
                    t("A ahead"),
                    t("B ahead"),
                    t("Even"),
                ],
                [False, False, True, True, True, True],
                [
                    [plain(pair.a), plain(pair.b), *row]
                    for pair, row in zip(pairs, counts, strict=True)
                ],
                paint,
            )
    if result.records and not chosen:
        lines += table_lines(
            t("The club records"),
            [t("Record"), t("Held by"), t("Figure"), t("Game")],
            [False, False, True, False],
            [
                [
                    plain(record_label(r.kind)),
                    plain(" & ".join(r.players)),
                    plain(str(r.value)),
                    plain(r.game),
                ]
                for r in result.records
            ],
            paint,
        )
    if unfinished:
        lines.append(
            tn(
                "{n} unfinished session not counted.",
                "{n} unfinished sessions not counted.",
                unfinished,
            )
        )
    lines.append(
        t("Chicago: declared/won/failed. Köpstopp: deals begun in köpstopp.")
    )
    import textwrap

    lines += textwrap.wrap(order_note() + " " + rated_note(min_rated), 80)
    lines.append(
        t("Rating: μ±σ, openskill's Plackett-Luce model (see the README).")
    )
    return lines


def _figure_lines(players: Sequence[PlayerStats], min_rated: int, paint: Painter) -> list[str]:
    """The figures a club argues about, then the hands that scored, one row per player."""
    lines = table_lines(
        t("What the club argues about"),
        [
            t("Player"),
            t("Chicago%"),
            t("+won/−lost"),
            t("Stop wins"),
            t("Last (two)"),
            t("Royal"),
            t("Deals"),
            t("Comeback"),
        ],
        [False, *([True] * 7)],
        [
            [
                plain(cell)
                for cell in (
                    p.name,
                    percent(p.chicago_rate if p.games >= min_rated else None),
                    f"+{p.chicago_points_won}/−{p.chicago_points_lost}",
                    str(p.buy_stop_wins),
                    f"{p.last_tricks} ({p.last_tricks_with_two})",
                    str(p.royals),
                    number(f"{p.avg_deals:.1f}") if p.games >= min_rated else "–",
                    str(p.comebacks),
                )
            ]
            for p in players
        ],
        paint,
        pad=0,
    )
    shown = shown_hands(players)
    if shown:
        lang = language()
        lines.append(t("Best hands that scored:"))
        for p in players:
            counts = [
                f"{CATEGORIES[i].localized(lang)} {p.hands[i]}"
                for i in shown
                if p.hands and p.hands[i]
            ]
            if counts:
                lines.append(visible(f"  {p.name}: " + ", ".join(counts)))
        lines.append("")
    return lines


def _row(player: PlayerStats, min_rated: int) -> list[str]:
    rated = player.games >= min_rated
    return [
        player.name,
        str(player.games),
        str(player.wins),
        percent(player.win_rate if rated else None),
        number(f"{player.avg_points:.1f}") if rated else "–",
        str(player.best),
        f"{player.chicagos_declared}/{player.chicagos_won}/{player.chicagos_failed}",
        str(player.buy_stop_deals),
        number(("+" if player.money > 0 else "") + amount_text(player.money) if player.money else "0"),
        number(f"{player.rating.conservative:.1f}"),
    ]


def print_league(
    result: League,
    chosen: Sequence[str],
    min_games: int,
    unfinished: int = 0,
    min_rated: int = MIN_RATED,
) -> None:
    print_lines(league_lines(result, chosen, min_games, unfinished, painter(), min_rated))
