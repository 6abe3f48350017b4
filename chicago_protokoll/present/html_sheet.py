"""One self-contained, printable protocol sheet: table, score race as inline SVG, winners,
settlement.

No script, no external stylesheet, font or image: the file opens and prints the same
anywhere, offline.  The sheet is the template ``sheet.html`` (its inner part
``sheet/body.html``, the score race ``chart.html``) with the stylesheet
``static/sheet.css`` inline under a hashed policy (`documents`); this module gathers the
facts the templates lay out (`sheet_context`), every one of them plain text that the
template engine escapes.

`chicago serve` shows the same sheet: `sheet_body` is the inner part its script swaps when
the game changes (or a template of serve's includes ``sheet/body.html`` with
`sheet_context`), `problem_body` the part when a session cannot be read; serve's
``room/page.html`` is the page around them.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from ..core.events import Correction
from ..core.settle import amount_json, amount_text, settle_standings
from ..core.standings import Standings
from ..i18n.language import number as local_number
from ..i18n.language import t, tn
from .chart import COLOURS, DASHES, race_drawing, score_race
from .export import chicago_legend, chicago_mark, protocol_rows, revisor_entries
from .rules_text import rules_in_words
from .short_names import told_apart
from .templating import render
from .views import marks, moment_text

__all__ = [
    "COLOURS",
    "DASHES",
    "export_html",
    "problem_body",
    "sheet_body",
    "sheet_context",
    "sheet_title",
]

#: The dealer's name in the protocol on a phone, cut to this many characters (told apart).
DEALER_NAME = 9


def export_html(
    standings: Standings,
    session_name: str,
    stake: str = "1",
    corrections: Sequence[Correction] = (),
) -> str:
    """The whole sheet as one HTML document."""
    from .documents import standalone

    return standalone(
        "sheet.html",
        title=sheet_title(session_name),
        stylesheets=("sheet.css",),
        sheet=sheet_context(standings, session_name, stake, corrections),
    )


def sheet_title(session_name: str) -> str:
    return t("Chicago protocol: {session_name}", session_name=session_name)


def sheet_body(
    standings: Standings,
    session_name: str,
    stake: str = "1",
    corrections: Sequence[Correction] = (),
) -> str:
    """What is inside ``<main class="sheet">``: the live page swaps exactly this."""
    return render(
        "sheet/body.html", sheet=sheet_context(standings, session_name, stake, corrections)
    )


def problem_body(session_name: str, message: str) -> str:
    """The sheet's place when the session cannot be read: the reason, in plain words."""
    return render("sheet/problem.html", session_name=session_name, message=message)


# -- what the sheet shows ------------------------------------------------------------------


def sheet_context(
    standings: Standings,
    session_name: str,
    stake: str = "1",
    corrections: Sequence[Correction] = (),
) -> dict[str, Any]:
    """The facts of the sheet, in words, for ``sheet/body.html``."""
    played = len([d for d in standings.deals if d.complete])
    return {
        "session": session_name,
        "meta": t(
            "Players: {players} · {deals}",
            players=", ".join(p.name for p in standings.players),
            deals=tn("{n} deal", "{n} deals", played),
        ),
        "standings": _standings(standings),
        "protocol": _protocol(standings, corrections),
        "revisor": [
            {"deal": t("Deal {deal}", deal=record.number), "text": text}
            for record in standings.deals
            for text in revisor_entries(record)
        ],
        "taken": _taken(standings),
        "chart": _chart(standings),
        "result": _result(standings, stake),
        "rules": rules_in_words(standings.rules),
    }


def _standings(standings: Standings) -> dict[str, Any]:
    """Who has how many points, and the marks the table asks about: dealer, förhand,
    köpstopp, who may declare Chicago; then what comes next."""
    if standings.finished:
        after = tn(
            "The game is over after deal {deal}. Winner: {winners}",
            "The game is over after deal {deal}. Winners: {winners}",
            len(standings.winners),
            deal=standings.deal,
            winners=" & ".join(standings.winners),
        )
    else:
        after = t("Deal {deal}, next: {standings}", deal=standings.deal, standings=moment_text(standings))
    return {
        "over": standings.finished,
        "rows": [
            {
                "name": player.name,
                "score": player.score,
                "marks": marks(standings, player.name),
                "winner": player.name in standings.winners,
            }
            for player in standings.players
        ],
        "next": after,
    }


def _protocol(standings: Standings, corrections: Sequence[Correction]) -> dict[str, Any]:
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
    short = told_apart(names, DEALER_NAME)
    rows = []
    for record, cells in protocol_rows(standings):
        won = game_winning_award(record)
        rows.append(
            {
                "number": str(record.number) + ("" if record.complete else "…"),
                "corrected": CORRECTED if record.number in corrected else "",
                "dealer": record.dealer,
                "dealer_short": short.get(record.dealer, record.dealer),
                "cells": [
                    {
                        "points": f"{points:+d}" if points else "–",
                        "chicago": chicago_mark(record, name),
                        "stop": BUY_STOP if name in record.buy_stop else "",
                        "won": WON_THE_GAME if won is not None and won.player == name else "",
                        "won_key": won.key if won is not None else "",
                        "total": total,
                    }
                    for name, (points, total) in zip(names, cells, strict=True)
                ],
            }
        )
    return {
        "names": names,
        "rows": rows,
        "totals": [{"score": p.score, "winner": p.name in standings.winners} for p in standings.players],
        # The köpstopp mark ⊘ is explained in the footnotes, as in every text output.
        "note": t("Each cell: the points of the deal, then the running total.") + " " + chicago_legend(),
        "footnotes": footnotes(standings, corrections),
    }


def _taken(standings: Standings) -> list[str]:
    """The scorings taken off an opponent's total (scoring.take_from_opponent), each with
    whose points they were; none in a game without any."""
    from .narrate import taken_lines

    return list(taken_lines(standings.deals))


def _chart(standings: Standings) -> Any:
    race = score_race(standings)
    return race_drawing(race) if len(race.deals) > 1 else None


def _result(standings: Standings, stake: str) -> dict[str, Any]:
    if not standings.finished:
        return {"finished": False}
    best = max(standings.scores[w] for w in standings.winners)
    payments = settle_standings(standings, stake)
    return {
        "finished": True,
        "heading": t("Winner") if len(standings.winners) == 1 else t("Winners"),
        "winners": " & ".join(standings.winners),
        "best": tn("{n} point", "{n} points", best),
        "forfeited": t(
            "{player} forfeited: placed last, 0 points in the settlement.",
            player=" & ".join(standings.forfeited),
        )
        if standings.forfeited
        else "",
        "stake": t("stake {stake_shown} per point", stake_shown=local_number(amount_json(Decimal(stake)))),
        "payments": [
            {"payer": p.payer, "payee": p.payee, "amount": local_number(amount_text(p.amount))}
            for p in payments
        ],
    }
