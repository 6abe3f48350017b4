"""Club nights of 3, 12 and 40 players with long names, one of them a night of stages,
as `night status --json` would print them: what the written documents' tests show.
Not a test module."""

from __future__ import annotations

from typing import Any

#: Two names that share their first 20 letters, at one table: a cut must tell them apart.
LONG = "Anna-Karin Johansson-Lindqvist"
TWIN = "Anna-Karin Johansson-Berg"
FIRST = ("Maj-Britt", "Karl-Johan", "Eva", "Lars Erik", "Ulla-Stina", "Per", "Gun-Britt", "Sven")
LAST = ("Andersson-Öberg", "Lindqvist", "Bergström-Nilsson", "Holm", "Karlsson", "von Essen")


def names(count: int) -> list[str]:
    """``count`` different names, the first two the long pair."""
    made = [LONG, TWIN]
    index = 0
    while len(made) < count:
        made.append(f"{FIRST[index % len(FIRST)]} {LAST[(index // len(FIRST)) % len(LAST)]}")
        index += 1
    return made[:count]


def _table(number: int, players: list[str], *, finished: bool, staged: bool, session: str) -> dict[str, Any]:
    count = len(players)
    totals = [52 - 9 * index for index in range(count)] if finished else [7 * index for index in range(count)]
    base: dict[str, Any] = {
        "round": 1,
        "table": number,
        "session": session,
        "players": players,
        "dealer": players[0],
        "deal": 9 if finished else 3,
        "finished": finished,
        "totals": dict(zip(players, totals, strict=True)),
        "winners": [players[0]] if finished else [],
        "forfeited": [],
        "places": {name: index + 1 for index, name in enumerate(players)} if finished else {},
        "placement_points": (
            {name: [20, 16, 8, 5][min(index, 3)] for index, name in enumerate(players)} if finished else {}
        ),
    }
    if staged:
        base.update(stage=1, game=2 if finished else 3)
    return base


def club_night(count: int, *, staged: bool = False) -> dict[str, Any]:
    """A night of ``count`` players at tables of four (three where four do not go up):
    round 1 over, round 2 playing; or, ``staged``, stage 1 of 3 games a table."""
    players = names(count)
    tables = []
    start, number = 0, 1
    while start < len(players):
        size = 3 if (len(players) - start) % 4 == 3 or len(players) - start == 3 else 4
        tables.append(players[start : start + size])
        start += size
        number += 1
    night = "sm-dag-1" if staged else "fredag"
    done = [
        _table(index, seats, finished=True, staged=staged, session=f"{night}-t{index}-a")
        for index, seats in enumerate(tables, start=1)
    ]
    playing = [
        _table(index, seats, finished=False, staged=staged, session=f"{night}-t{index}-b")
        for index, seats in enumerate(tables, start=1)
    ]
    for table in playing:
        table["round"] = 2
    standings = [
        {
            "name": name,
            "rank": rank,
            "points": 20 - rank % 16,
            "games": 1,
            "wins": int(rank == 1),
            "game_points": 60 - rank,
            **({"stage_reached": 1} if staged else {}),
        }
        for rank, name in enumerate(players, start=1)
    ]
    status: dict[str, Any] = {
        "night": night,
        "round": 2,
        "rounds": 3,
        "finished": False,
        "final": False,
        "players": players,
        "absent": [],
        "points": [20, 16, 8, 5],
        "tables": playing,
        "results": done + playing,
        "standings": standings,
    }
    if staged:
        status.update(stage=1, games_per_table=3)
    else:
        status["repeated_pairs"] = 0
    return status
