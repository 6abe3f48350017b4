"""``GET /`` and ``GET /tv`` with ``--night``: the room's board, and the night's standings
in large type.

The board: left, every table of the current round (its players and totals, the deal
being played, the leader marked while it plays, the winner(s) when it is over); right,
the night's standings by placement points (rank, name, points, games, wins).  ``/tv``:
the same two parts the other way round, the standings first and larger.

Laid out for what it holds, never squeezed: the names' column takes what the numbers
leave (the numbers' columns are as wide as their figures, never a fixed width), and
the type never gets smaller than ``--room-type`` (24 px) for the players' names and
totals, however many players.  What does not fit turns page: the page's script
(``static/board.js``) measures how many tables and how many standings rows the screen holds,
shows a page of each and turns to the next every ROTATE_SECONDS, saying "page 2 of 3";
``?page=N`` shows page N and stays there.  On a phone (narrower than 700 px) the board
is one column that scrolls, every table and every row shown, the type 16 px.

``--hide-standings-last N`` keeps the night's standings off both in the last N rounds
(`standings_hidden`); the tables stay.

On a night of stages each table's box says its game ("Table 1, game 2 of 3") and the
standings have a Stage column: they rank by the last stage a player reached, then by
points, so "6 Jon 18" above "7 Eva 24" is explained on the screen.

Here the night becomes the template's values (``templates/room/board_body.html``); the
markup, and the escaping of every name, is the template's.  The style is
``static/room.css``, the family one session's TV shares.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..i18n.language import t
from ..present.marks import CORRECTED
from ..present.night_sheet import placement_points
from ..present.night_status import round_title, table_name
from ..present.templating import render

ROTATE_SECONDS = 12


def board_title(night: str) -> str:
    return t("Club night: {night}", night=night)


def tv_title(night: str) -> str:
    return t("Club night: {night} — standings", night=night)


def standings_hidden(status: Mapping[str, Any], last: int) -> bool:
    """``--hide-standings-last N``: the standings stay off in the night's last N rounds
    (the final counts as the round after the last)."""
    return last > 0 and int(status["round"]) > int(status["rounds"]) - last


def _table(table: Mapping[str, Any], status: Mapping[str, Any], corrected: bool) -> dict[str, Any]:
    players: Sequence[str] = table["players"]
    totals: Mapping[str, int] = table["totals"]
    winners = set(table["winners"])
    best = max(totals.values(), default=0)
    leaders = [p for p in players if totals[p] == best]
    leader = leaders[0] if len(leaders) == 1 and best > 0 and not table["finished"] else None
    if table["finished"]:
        state = t("won by {winners}", winners=" & ".join(table["winners"]))
    else:
        state = t("deal {deal}", deal=table["deal"])
        if leader is not None:
            state += " · " + t("{player} leads", player=leader)
    if corrected:
        state = f"{CORRECTED} {state}"
    return {
        "number": int(table["table"]),
        "heading": table_name(table, status),
        "state": state,
        "over": bool(table["finished"]),
        "rows": [
            {
                "name": name,
                "total": totals[name],
                "kind": "winner" if name in winners else "leader" if name == leader else "",
            }
            for name in players
        ],
    }


def _standings(rows: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    return [
        {
            "rank": row["rank"],
            "name": str(row["name"]),
            "stage": row.get("stage_reached", ""),
            "points": placement_points(row["points"]),
            "games": row["games"],
            "wins": row["wins"],
        }
        for row in rows
    ]


def board_body(
    status: Mapping[str, Any] | None,
    night: str,
    problem: str | None,
    *,
    tv: bool = False,
    hide_last: int = 0,
    corrected: frozenset[str] = frozenset(),
) -> str:
    """What goes inside the board's (or, ``tv``, the night's ``/tv``) ``<main>``; the
    stream swaps exactly this.  ``corrected``: the sessions with a corrected deal."""
    title = tv_title(night) if tv else board_title(night)
    if status is None:
        return render("room/board_body.html", title=title, problem=problem or "")
    tables = sorted(status["tables"], key=lambda table: int(table["table"]))
    sub = round_title(status)
    if status["finished"]:
        sub += " · " + t("the night is over")
    # The room sees whether the result may still change (cli.md: provisional until
    # `night close`, final after), as the sheets and exports say it.
    sub += " · " + (t("result: final") if status.get("result") == "final" else t("result: provisional"))
    hidden = standings_hidden(status, hide_last)
    return render(
        "room/board_body.html",
        title=title,
        problem=None,
        sub=sub,
        # the page's script fills in the numbers: the placeholders are handed on as they are
        page_words=t("page {page} of {pages}", page="{page}", pages="{pages}"),
        hidden=hidden,
        grid="nb-grid" + (" alone" if hidden else " tv" if tv else ""),
        tables=[_table(table, status, table["session"] in corrected) for table in tables],
        staged="stage" in status,
        standings=_standings(status["standings"]),
    )
