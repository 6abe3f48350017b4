"""The league (``chicago stats``) as plain tables for a person at a terminal, drawn like
the standings and the protocol (`render.table_lines`)."""

from __future__ import annotations

from collections.abc import Sequence

from ..core.settle import amount_json
from ..core.stats import League, PlayerStats
from ..i18n.language import number, t, tn
from .league import shown_pairs, shown_players
from .render import Painter, painter, plain, print_lines, table_lines


def league_lines(
    result: League, chosen: Sequence[str], min_games: int, unfinished: int, paint: Painter
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
            t("Rating"),
        ],
        [False, *([True] * 9)],
        [[plain(cell) for cell in _row(player)] for player in players],
        paint,
        pad=0,
    )
    if not players:
        lines.append(
            t("No finished games to count yet.")
            if not result.games
            else t("Nobody to show with these filters.")
        )
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
    lines.append(
        t("Rating: μ±σ, openskill's Plackett-Luce model (see the README).")
    )
    return lines


def _row(player: PlayerStats) -> list[str]:
    money = amount_json(player.money)
    return [
        player.name,
        str(player.games),
        str(player.wins),
        f"{player.win_rate:.0%}",
        number(f"{player.avg_points:.1f}"),
        str(player.best),
        f"{player.chicagos_declared}/{player.chicagos_won}/{player.chicagos_failed}",
        str(player.buy_stop_deals),
        number(f"{money:+}" if money else "0"),
        number(f"{player.rating.mu:.1f}") + "±" + number(f"{player.rating.sigma:.1f}"),
    ]


def print_league(
    result: League, chosen: Sequence[str], min_games: int, unfinished: int = 0
) -> None:
    print_lines(league_lines(result, chosen, min_games, unfinished, painter()))
