"""The league (``chicago stats``) as Rich tables for a person at a terminal."""

from __future__ import annotations

from collections.abc import Sequence

from ..core.settle import amount_json
from ..core.stats import League
from ..i18n.language import tr
from .league import shown_pairs, shown_players
from .render import _table, console


def print_league(
    result: League, chosen: Sequence[str], min_games: int, unfinished: int = 0
) -> None:
    out = console()
    count = len(result.games)
    stake = amount_json(result.stake)
    table = _table(
        tr(
            f"The league — {count} finished game{'s' if count != 1 else ''}, by rating "
            f"(money at {stake} per point)",
            f"Ligan — {count} färdigspelade partier, efter rankning (pengar vid {stake} per poäng)",
        )
    )
    for heading, justify in (
        (tr("Player", "Spelare"), "left"),
        (tr("Games", "Partier"), "right"),
        (tr("Wins", "Vinster"), "right"),
        (tr("Win%", "Vinst%"), "right"),
        (tr("Avg", "Snitt"), "right"),
        (tr("Best", "Bästa"), "right"),
        (tr("Chicago", "Chicago"), "right"),
        (tr("Köpstopp", "Köpstopp"), "right"),
        (tr("Money", "Pengar"), "right"),
        (tr("Rating", "Rankning"), "right"),
    ):
        table.add_column(heading, justify=justify)  # type: ignore[arg-type]
    # Ten columns in 80: the box's blank column rule is the one space between them.
    table.show_edge = False
    table.padding = (0, 0)
    players = shown_players(result, chosen, min_games)
    for player in players:
        table.add_row(
            player.name,
            str(player.games),
            str(player.wins),
            f"{player.win_rate:.0%}",
            f"{player.avg_points:.1f}",
            str(player.best),
            f"{player.chicagos_declared}/{player.chicagos_won}/{player.chicagos_failed}",
            str(player.buy_stop_deals),
            f"{amount_json(player.money):+}" if player.money else "0",
            f"{player.rating.mu:.1f}±{player.rating.sigma:.1f}",
        )
    out.print(table)
    if not players:
        out.print(
            tr("No finished games to count yet.", "Inga färdigspelade partier att räkna än.")
            if not result.games
            else tr("Nobody to show with these filters.", "Ingen att visa med de här valen.")
        )
    pairs = shown_pairs(result, chosen, min_games)
    if pairs:
        if len(chosen) == 1:
            me = chosen[0]
            title = tr(f"{me} against each opponent", f"{me} mot varje motståndare")
            headings = [
                (tr("Opponent", "Motståndare"), "left"),
                (tr("Games", "Partier"), "right"),
                (tr(f"{me} ahead", f"{me} före"), "right"),
                (tr("Opponent ahead", "Motståndaren före"), "right"),
                (tr("Even", "Lika"), "right"),
            ]
        else:
            title = tr("Head to head", "Inbördes möten")
            headings = [
                ("A", "left"),
                ("B", "left"),
                (tr("Games", "Partier"), "right"),
                (tr("A ahead", "A före"), "right"),
                (tr("B ahead", "B före"), "right"),
                (tr("Even", "Lika"), "right"),
            ]
        h2h = _table(title)
        for heading, justify in headings:
            h2h.add_column(heading, justify=justify)  # type: ignore[arg-type]
        for pair in pairs:
            counts = [str(n) for n in (pair.games, pair.a_ahead, pair.b_ahead, pair.even)]
            h2h.add_row(*([pair.b] if len(chosen) == 1 else [pair.a, pair.b]), *counts)
        out.print(h2h)
    if unfinished:
        out.print(
            tr(
                f"{unfinished} unfinished session{'s' if unfinished != 1 else ''} not counted.",
                f"{unfinished} ofärdiga protokoll räknas inte.",
            )
        )
    out.print(
        tr(
            "Chicago: declared/won/failed. Köpstopp: deals begun in köpstopp. "
            "Rating: μ±σ, openskill's Plackett-Luce model (see the README).",
            "Chicago: sagda/vunna/spruckna. Köpstopp: givar som började i köpstopp. "
            "Rankning: μ±σ, openskills Plackett-Luce-modell (se README).",
        )
    )
