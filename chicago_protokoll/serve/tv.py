"""``GET /tv``: the session on the room's screen, read from the sofa.

Not the sheet made bigger: a TV shows one screenful and nobody scrolls it.  So the page
is laid out in the screen's own units (``vh``/``vw``, the same proportions at 1920×1080
and at 1280×720): the standings in large type on the left, one row a player with the
total in figures a tenth of the screen high, the leader marked while the game runs,
the winner(s) and the settlement when it ends; on the right the newest deals, newest
first, as many as fit.  The deals' box clips what does not fit (oldest at the bottom)
and the page's script hides a row cut in half; the page is never taller or wider than
the screen however long the game.

Here the session becomes the template's values (``templates/room/tv_body.html``); the
markup, and the escaping of every name, is the template's.  Its style is
``static/room.css``, the family the night's board shares.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from ..core.settle import amount_json, amount_text, settle
from ..core.standings import Standings
from ..i18n.language import number as local_number
from ..i18n.language import t
from ..present.export import chicago_mark, protocol_rows
from ..present.marks import CORRECTED
from ..present.short_names import told_apart
from ..present.templating import render
from ..present.views import marks, moment_text

# More deals than any screen holds at this size; the box shows those that fit.
MOST_DEALS = 30
# A name longer than this many characters gets the standings' wider, smaller layout.
LONG_NAME = 14
# The dealer's name in the deals' narrow column, cut to about this many characters and
# told apart ("Anna…vist", "Anna…gren"), as the sheet cuts it.
DEALER_NAME = 9


def tv_title(session_name: str) -> str:
    return t("Chicago scoreboard: {session_name}", session_name=session_name)


def tv_body(
    standings: Standings | None,
    session_name: str,
    stake: str,
    problem: str | None = None,
    corrected: frozenset[int] = frozenset(),
) -> str:
    """What is inside ``<main class="tv">``: the live page swaps exactly this."""
    if standings is None:
        return render("room/tv_body.html", name=session_name, problem=problem or "")
    return render(
        "room/tv_body.html",
        name=session_name,
        problem=None,
        moment=_moment(standings),
        players=_players(standings),
        names=[p.name for p in standings.players],
        long_names=max(len(p.name) for p in standings.players) > LONG_NAME,
        deals=_deals(standings, corrected),
        corrected_mark=CORRECTED,
        result=_result(standings, stake) if standings.finished else None,
    )


def _moment(standings: Standings) -> str:
    if standings.finished:
        return t("The game is over after deal {deal}.", deal=standings.deal)
    return t(
        "Deal {deal}, next: {standings}", deal=standings.deal, standings=moment_text(standings)
    )


def _players(standings: Standings) -> list[dict[str, Any]]:
    """A row a player in seat order (the deals' columns), the leader or winners marked."""
    leader = None if standings.finished else standings.leader
    return [
        {
            "name": player.name,
            "score": player.score,
            "kind": "winner" if player.name in standings.winners
            else "leader" if player.name == leader else "",
            "note": marks(standings, player.name),
        }
        for player in standings.players
    ]


def _deals(standings: Standings, corrected: frozenset[int]) -> list[dict[str, Any]]:
    """The newest deals first; a corrected deal marked; the dealer's name cut so that two
    players at the table stay apart (an ellipsis of the column would make both twins
    "Anna-Kar…")."""
    names = [p.name for p in standings.players]
    dealers = told_apart(names, DEALER_NAME)
    deals = []
    for record, cells in reversed(protocol_rows(standings)[-MOST_DEALS:]):
        shown = []
        for name, (points, total) in zip(names, cells, strict=True):
            text = f"{points:+d}" if points else "–"
            if chicago := chicago_mark(record, name):
                text += f" {chicago}"
            shown.append({"shown": text, "total": total})
        deals.append(
            {
                "number": record.number,
                "complete": record.complete,
                "corrected": record.number in corrected,
                "dealer": dealers.get(record.dealer, record.dealer),
                "cells": shown,
            }
        )
    return deals


def _result(standings: Standings, stake: str) -> dict[str, Any]:
    """The winner(s) with their points, and who pays whom."""
    return {
        "winners": list(standings.winners),
        "best": max(standings.scores[w] for w in standings.winners),
        "stake": local_number(amount_json(Decimal(stake))),
        "payments": [
            {"payer": p.payer, "payee": p.payee, "amount": local_number(amount_text(p.amount))}
            for p in settle(standings.scores, standings.winners, stake)
        ],
    }
