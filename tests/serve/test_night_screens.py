"""A night's other screens (cli.md "The phone through the evening, and the room's
screens"): ``/tv`` (the night's standings in large type, and the round's tables),
``--hide-standings-last N`` (no standings on the board or ``/tv`` in the last N rounds,
the tables stay), and ✎ on a corrected deal in every live view."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from serve_support import Served, chicago, wait_for

from cli_support import ok, usage_error


def _night(players: int = 8) -> dict[str, Any]:
    ok("night", "new", "klubb", *(f"Spelare {n}" for n in range(1, players + 1)))
    data: dict[str, Any] = json.loads(ok("night", "status", "klubb", "--json"))
    return data


def _finish_round() -> None:
    """Every table of the round ends on a royal; the next round is drawn."""
    status = json.loads(ok("night", "status", "klubb", "--json"))
    for table in status["tables"]:
        ok("deal", "--session", table["session"], "--royal", table["players"][0])
    ok("night", "draw", "klubb")


def test_tv_at_a_night_shows_the_standings_first_and_the_tables(chicago_home: Path) -> None:
    night = _night()
    server = Served("--night", "klubb")
    try:
        code, body = server.get("/tv")
        assert code == 200
        assert 'class="nb-grid tv"' in body
        for name in night["players"]:
            assert f'<td class="name">{name}</td>' in body
        for table in night["tables"]:
            assert f'data-table="{table["table"]}"' in body
        assert server.fetch("/events?view=tv", method="HEAD")[0] == 200  # its own stream
    finally:
        assert server.stop()[0] == 0


def test_hide_standings_last_keeps_the_standings_off_in_the_last_rounds(
    chicago_home: Path,
) -> None:
    night = _night()
    assert night["rounds"] == 3
    server = Served("--night", "klubb", "--hide-standings-last", "1")
    try:
        for path in ("/", "/tv"):
            assert '<div class="nb-standings">' in server.get(path)[1]  # round 1 of 3: shown
        _finish_round()
        _finish_round()  # round 3 of 3: the last
        wait_for(lambda: server.status()["round"] == 3)
        for path in ("/", "/tv"):
            body = server.get(path)[1]
            assert '<div class="nb-standings">' not in body
            assert "The standings are kept for the end of the night." in body
            assert body.count('<article class="nb-table') == 2  # the tables stay
        assert server.status()["standings"]  # /status.json is not the room's screen
    finally:
        assert server.stop()[0] == 0


def test_hide_standings_last_without_a_night_is_a_usage_error(chicago_home: Path) -> None:
    ok("new", "fredag", "Anna", "Bo", "Cilla")
    assert "--night" in usage_error("serve", "--hide-standings-last", "1")


def test_a_corrected_deal_is_marked_on_the_board_the_tables_sheet_and_the_tv(
    chicago_home: Path,
) -> None:
    night = _night()
    table = night["tables"][0]
    first, second = table["players"][:2]
    ok("deal", "--session", table["session"], "--buy", f"{first}:pair", "--last-trick", first)
    server = Served("--night", "klubb")
    try:
        assert "✎" not in server.get("/")[1]
        chicago("edit", "1", "--last-trick", second, "--session", table["session"])
        wait_for(lambda: "✎" in server.get("/")[1])
        assert "✎" in server.get("/tv")[1]
        sheet = server.get("/t/1")[1]
        assert 'class="corrected"' in sheet
        assert 'class="corrected"' not in server.get("/t/2")[1]
    finally:
        assert server.stop()[0] == 0
    # and a table's own /tv
    served = Served("--session", table["session"])
    try:
        assert '<span class="corrected"' in served.get("/tv")[1]
    finally:
        assert served.stop()[0] == 0


def test_the_board_and_tv_say_the_result_is_provisional_until_the_night_is_closed(
    chicago_home: Path,
) -> None:
    ok("night", "new", "klubb", *(f"Spelare {n}" for n in range(1, 9)), "--rounds", "1")
    server = Served("--night", "klubb")
    try:
        for path in ("/", "/tv"):
            body = server.get(path)[1]
            assert "result: provisional" in body and "result: final" not in body
        status = json.loads(ok("night", "status", "klubb", "--json"))
        for table in status["tables"]:
            ok("deal", "--session", table["session"], "--royal", table["players"][0])
        ok("night", "close", "klubb")
        wait_for(lambda: server.status()["result"] == "final")
        for path in ("/", "/tv"):
            body = server.get(path)[1]
            assert "result: final" in body and "result: provisional" not in body
    finally:
        assert server.stop()[0] == 0


def test_a_phone_at_a_night_of_stages_says_the_table_plays_its_next_game_together(
    chicago_home: Path,
) -> None:
    """Game 1 of 3 over: the phone says the organiser draws the seats for game 2 (the
    table stays together), not that a next round is drawn."""
    ok("night", "new", "gpt", *(f"Spelare {n}" for n in range(1, 9)), "--games-per-table", "3")
    table = json.loads(ok("night", "status", "gpt", "--json"))["tables"][0]
    ok("deal", "--session", table["session"], "--royal", table["players"][0])
    server = Served("--night", "gpt", "--record")
    try:
        body = server.get(server.recording()[1])[1]
        assert "Game 1 of 3 at this table is over" in body
        assert "next round" not in body
    finally:
        assert server.stop()[0] == 0


def test_a_round_drawn_while_the_board_reads_the_night_is_shown_at_the_next_look(
    chicago_home: Path, monkeypatch: Any
) -> None:
    """The board knows each file by its stat from before it read it: a draw written while
    it was reading the night (the old round read, the new file on disk) is read at the
    next look, not taken as seen for good."""
    import asyncio

    from chicago_protokoll.serve import nightboard
    from chicago_protokoll.store import nightfile

    _night()
    path = nightfile.night_path("klubb")
    board = nightboard.NightBoard(path, "1")
    assert board.snapshot.status is not None and board.snapshot.status["round"] == 1
    status = json.loads(ok("night", "status", "klubb", "--json"))
    for table in status["tables"]:
        ok("deal", "--session", table["session"], "--royal", table["players"][0])
    load_night = nightfile.load_night

    def read_then_drawn(where: Path) -> Any:
        night = load_night(where)  # round 1, all tables done
        ok("night", "draw", "klubb")  # round 2 lands while the board still reads
        return night

    monkeypatch.setattr(nightfile, "load_night", read_then_drawn)
    # The board parses the night file again only when its signature changed: one changed
    # by a touch is read at this look (and the draw lands during that read).
    stat = path.stat()
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns - 10**9))
    asyncio.run(board.refresh())
    monkeypatch.setattr(nightfile, "load_night", load_night)
    assert board.snapshot.status is not None and board.snapshot.status["round"] == 1
    asyncio.run(board.refresh())
    assert board.snapshot.status["round"] == 2
