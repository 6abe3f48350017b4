"""The league (``chicago stats``) as plain tables for a person at a terminal, drawn like
the standings and the protocol (`render.table_lines`)."""

from __future__ import annotations

from collections.abc import Sequence

from ..core.settle import amount_json
from ..core.stats import League, PlayerStats
from ..i18n.language import number, tr
from .league import shown_pairs, shown_players
from .render import Painter, _print, painter, plain, table_lines


def league_lines(
    result: League, chosen: Sequence[str], min_games: int, unfinished: int, paint: Painter
) -> list[str]:
    count = len(result.games)
    stake = number(amount_json(result.stake))
    players = shown_players(result, chosen, min_games)
    # Ten columns in 80: cells without the spaces either side (pad=0).
    lines = table_lines(
        tr(
            f"The league — {count} finished game{'s' if count != 1 else ''}, by rating "
            f"(money at {stake} per point)",
            f"Ligan — {count} färdigspelade partier, efter rankning (pengar vid {stake} per poäng)",
        ),
        [
            tr("Player", "Spelare"),
            tr("Games", "Partier"),
            tr("Wins", "Vinster"),
            tr("Win%", "Vinst%"),
            tr("Avg", "Snitt"),
            tr("Best", "Bästa"),
            "Chicago",
            "Köpstopp",
            tr("Money", "Pengar"),
            tr("Rating", "Rankning"),
        ],
        [False, *([True] * 9)],
        [[plain(cell) for cell in _row(player)] for player in players],
        paint,
        pad=0,
    )
    if not players:
        lines.append(
            tr("No finished games to count yet.", "Inga färdigspelade partier att räkna än.")
            if not result.games
            else tr("Nobody to show with these filters.", "Ingen att visa med de här valen.")
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
                tr(f"{me} against each opponent", f"{me} mot varje motståndare"),
                [
                    tr("Opponent", "Motståndare"),
                    tr("Games", "Partier"),
                    tr(f"{me} ahead", f"{me} före"),
                    tr("Opponent ahead", "Motståndaren före"),
                    tr("Even", "Lika"),
                ],
                [False, True, True, True, True],
                [[plain(pair.b), *row] for pair, row in zip(pairs, counts, strict=True)],
                paint,
            )
        else:
            lines += table_lines(
                tr("Head to head", "Inbördes möten"),
                [
                    "A",
                    "B",
                    tr("Games", "Partier"),
                    tr("A ahead", "A före"),
                    tr("B ahead", "B före"),
                    tr("Even", "Lika"),
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
            tr(
                f"{unfinished} unfinished session{'s' if unfinished != 1 else ''} not counted.",
                f"{unfinished} ofärdiga protokoll räknas inte.",
            )
        )
    lines.append(
        tr(
            "Chicago: declared/won/failed. Köpstopp: deals begun in köpstopp.",
            "Chicago: sagda/vunna/spruckna. Köpstopp: givar som började i köpstopp.",
        )
    )
    lines.append(
        tr(
            "Rating: μ±σ, openskill's Plackett-Luce model (see the README).",
            "Rankning: μ±σ, openskills Plackett-Luce-modell (se README).",
        )
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
    _print(league_lines(result, chosen, min_games, unfinished, painter()))
