"""A club night through real processes: two keepers recording at two tables at once, and
`night draw` racing a table's last deal, never lose an event."""

from __future__ import annotations

import json
import os
import subprocess
from concurrent.futures import ThreadPoolExecutor

from chicago_protokoll.store import sessionfile
from cli_support import CHICAGO, ENGLISH, run, session_file

EIGHT = ("Anna", "Bo", "Cilla", "Dag", "Eva", "Fia", "Gun", "Hugo")
SIX = EIGHT[:6]


def ok(*args: str) -> str:
    result = run(*args)
    assert result.returncode == 0, f"chicago {' '.join(args)}: {result.returncode}\n{result.stderr}"
    return result.stdout


def tables(night: str) -> list[dict[str, object]]:
    status = json.loads(ok("night", "status", night, "--json"))
    return status["tables"]  # type: ignore[no-any-return]


def test_two_keepers_recording_at_two_tables_at_once_lose_no_event() -> None:
    ok("night", "new", "fredag", *EIGHT, "--seed", "1")
    sessions = [str(t["session"]) for t in tables("fredag")]
    assert len(sessions) == 2
    deals = 6

    def keeper(session: str) -> list[int]:
        path = str(session_file(session))
        codes = []
        for deal in range(deals):
            players = json.loads(ok("status", "--json", "--file", path))["players"]
            taker = players[deal % len(players)]["name"]
            done = run(
                "deal", "--buy", "pass", "--buy", "pass", "--last-trick", taker,
                "--showdown", "pass", "--file", path,
            )  # fmt: skip
            codes.append(done.returncode)
        return codes

    with ThreadPoolExecutor(2) as pool:
        results = list(pool.map(keeper, sessions))
    assert results == [[0] * deals, [0] * deals]
    for session in sessions:
        recorded = sessionfile.load_session(session_file(session))
        assert len(recorded.events) == deals * 4
        status = json.loads(ok("status", "--json", "--session", session))
        assert sum(p["score"] for p in status["players"]) == deals * 5


def test_night_draw_racing_a_last_deal_loses_no_event() -> None:
    for attempt in range(4):
        night = f"natt{attempt}"
        ok("night", "new", night, *SIX, "--seed", str(attempt), "--rounds", "2")
        first, second = tables(night)
        ok("royal", str(first["players"][0]), "--file", str(session_file(str(first["session"]))))  # type: ignore[index]
        last_deal = [
            str(CHICAGO), "royal", str(second["players"][1]),  # type: ignore[index]
            "--file", str(session_file(str(second["session"]))),
        ]  # fmt: skip
        env = {**os.environ, **ENGLISH}
        draw = subprocess.Popen(
            [str(CHICAGO), "night", "draw", night], env=env, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, text=True,
        )  # fmt: skip
        deal = subprocess.Popen(last_deal, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        _, draw_err = draw.communicate(timeout=30)
        _, deal_err = deal.communicate(timeout=30)
        assert deal.returncode == 0, deal_err
        if draw.returncode == 1:  # it read the table before the royal was written
            assert "still playing" in draw_err
            ok("night", "draw", night)
        else:
            assert draw.returncode == 0, draw_err
        recorded = sessionfile.load_session(session_file(str(second["session"])))
        assert len(recorded.events) == 1  # the royal, recorded whoever came first
        status = json.loads(ok("night", "status", night, "--json"))
        assert status["round"] == 2
        assert all(t["finished"] for t in status["results"][:2])
        assert all(not t["finished"] for t in status["tables"])
