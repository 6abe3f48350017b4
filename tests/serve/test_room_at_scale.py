"""What a tap costs the server at a night (issue 39, item 8): a tap at one table wakes
only the streams whose page it changed, the board's and the TV's bodies are rendered
again only when what they show changed, and the night file is parsed again only when it
changed; what every page is sent stays what a board reading the files afresh renders."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from chicago_protokoll.serve import nightboard
from chicago_protokoll.serve.board import make_view
from chicago_protokoll.store import locations, nightfile
from cli_support import ok

VIEWS = ("board", "tv", "t1", "t2", "t3")


def _night() -> tuple[Path, list[dict[str, Any]]]:
    ok("night", "new", "klubb", *(f"Spelare {n}" for n in range(1, 13)))
    status = json.loads(ok("night", "status", "klubb", "--json"))
    return nightfile.night_path("klubb"), status["tables"]


def _woken(board: nightboard.NightBoard, *command: str) -> set[str]:
    """The views whose streams `command` (run while they wait) wakes at the next look."""

    async def look() -> set[str]:
        waiting = {view: board.next_change(view) for view in VIEWS}
        ok(*command)
        await board.refresh()
        return {view for view, future in waiting.items() if future.done()}

    return asyncio.run(look())


def _bodies(board: nightboard.NightBoard) -> dict[str, tuple[str, bytes]]:
    return {
        view: (board.snapshot.views[view].body, board.snapshot.views[view].event)
        for view in VIEWS
    }


def _afresh(path: Path) -> dict[str, str]:
    """Each view's body as a new board renders it."""
    return {view: body for view, (body, _) in _bodies(nightboard.NightBoard(path, "1")).items()}


def test_a_tap_at_one_table_wakes_its_phones_and_the_room_screens_and_no_other_table(
    chicago_home: Path,
) -> None:
    path, tables = _night()
    board = nightboard.NightBoard(path, "1")
    first = tables[0]
    # A köp's pass changes table 1's sheet and not the standings: the room's screens are
    # still told (every page hears of every change at its table, the keeper's of all).
    assert _woken(board, "buy", "--session", first["session"], "pass") == {"t1", "board", "tv"}
    deal = ("deal", "--session", tables[1]["session"], "--royal", tables[1]["players"][0])
    assert _woken(board, *deal) == {"t2", "board", "tv"}


def test_every_page_after_a_tap_is_what_a_board_reading_afresh_renders(
    chicago_home: Path,
) -> None:
    path, tables = _night()
    board = nightboard.NightBoard(path, "1")
    first = tables[0]["session"]
    before = _bodies(board)
    for command in (
        ("buy", "--session", first, "pass"),  # the standings as they were
        ("undo", "--session", first),
        ("deal", "--session", first, "--buy", "pass", "--last-trick", tables[0]["players"][1]),
        ("deal", "--session", tables[2]["session"], "--royal", tables[2]["players"][0]),
    ):
        ok(*command)
        asyncio.run(board.refresh())
        now = _bodies(board)
        assert {view: body for view, (body, _) in now.items()} == _afresh(path)
        ident = board.snapshot.id
        for view in ("board", "tv"):  # a new view each change, whatever its body
            shown = board.snapshot.views[view]
            assert now[view][1] == make_view(ident, shown.title, shown.body).event
            assert now[view][1] != before[view][1]
        before = now


def test_a_table_asks_its_session_of_the_night_file_as_it_is_after_a_draw(
    chicago_home: Path,
) -> None:
    path, tables = _night()
    board = nightboard.NightBoard(path, "1")
    assert board.table_session(1)[0] == locations.session_path(tables[0]["session"])
    for table in tables:
        ok("deal", "--session", table["session"], "--royal", table["players"][0])
    ok("night", "draw", "klubb")
    drawn = json.loads(ok("night", "status", "klubb", "--json"))["tables"]
    # No look by the watcher in between: the recording page asks the file itself.
    assert drawn[0]["session"] != tables[0]["session"]
    assert board.table_session(1)[0] == locations.session_path(drawn[0]["session"])
