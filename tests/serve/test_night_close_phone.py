"""A closed night's table on the phone (cli.md, "Added in the fifth round"): after `night
close` the page offers no note and no undo (every entry is refused then, a note and an
undo included), says the
result is final, and a note sent anyway (a page drawn before the close) is refused in
the phone's words, naming the close, the file unchanged."""

from __future__ import annotations

import json
from pathlib import Path

from serve_support import Served, alert, page_fields, wait_for

from cli_support import ok, session_file

SIX = ("Anna", "Bo", "Cilla", "Dag", "Eva", "Fia")


def test_a_closed_nights_table_offers_no_note_or_undo_and_refuses_a_note_naming_the_close(
    chicago_home: Path,
) -> None:
    ok("night", "new", "kväll", *SIX, "--rounds", "1", "--seed", "2")
    night = json.loads(ok("night", "status", "kväll", "--json"))
    for table in night["tables"]:
        ok("royal", table["players"][0], "--session", table["session"])
    first = night["tables"][0]["session"]
    server = Served("--night", "kväll", "--record")
    try:
        path = server.recording()[1]
        code, before = server.get(path)
        # open: a note and an undo (of the royal) are offered
        assert code == 200 and 'name="do" value="note"' in before and 'value="undo"' in before
        ok("night", "close", "kväll")
        wait_for(lambda: 'name="do" value="note"' not in server.get(path)[1])
        code, after = server.get(path)
        assert code == 200 and "The night is closed: its result is final" in after
        assert 'value="undo"' not in after
        file = session_file(first)
        text = file.read_bytes()
        # A note from the page drawn before the close: refused, naming the close.
        code, body = server.post(path, {**page_fields(before), "do": "note", "text": "sen anteckning"})
        assert code != 200
        said = alert(body)
        assert "the night kväll was closed at" in said and first in said
        assert "chicago night" not in said  # a phone has no terminal: no command to type
        assert file.read_bytes() == text
    finally:
        assert server.stop()[0] == 0
