"""A running `chicago serve --session NAME` follows its game when another machine's
`club keep NAME --both` renamed it (issue 37, item 3): at this machine's next sync the
game moves to ``NAME_2`` and the name holds the other game; the served board (what every
page and the recording page read) moves with its game, and the server says so."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from test_many_clones import clock

from chicago_protokoll.cli import record
from chicago_protokoll.serve.board import Board
from chicago_protokoll.store import sessionfile
from club_support import make_club


def test_serve_with_a_session_follows_its_game_renamed_by_the_other_machines_keep_both(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    club = make_club(tmp_path, monkeypatch)
    # A's game started first; B's, a minute later, is the one renamed.
    for machine, at, players in ((club.a, 0, ("Anna", "Bo", "Cilla")), (club.b, 60, ("Dag", "Eva", "Fia"))):
        with monkeypatch.context() as patched:
            for module in (record, sessionfile):
                patched.setattr(module, "datetime", clock(at))
            machine.ok("new", "lordag", *players)
    club.b.ok("deal", "--buy", "Eva:par", "--buy", "pass", "--last-trick", "Fia", "--showdown", "pass")
    monkeypatch.setenv("CHICAGO_PROTOKOLL_HOME", str(club.b.home))
    board = Board(club.b.file("lordag"), "1")  # `chicago serve --session lordag` on B
    assert board.snapshot.name == "lordag"
    club.b.ok("club", "sync")
    assert club.a.run("club", "sync").exit_code == 1
    assert "is now lordag_2" in club.a.ok("club", "keep", "lordag", "--both")
    club.b.ok("note", "spelat vidare", "--session", "lordag")
    synced = club.b.ok("club", "sync")
    capsys.readouterr()
    monkeypatch.setenv("CHICAGO_PROTOKOLL_HOME", str(club.b.home))
    asyncio.run(board.refresh())
    said = capsys.readouterr().err
    assert "is now lordag_2" in synced
    assert board.path == club.b.file("lordag_2")
    assert board.current_path() == (club.b.file("lordag_2"), None)  # the recording page's too
    assert board.snapshot.name == "lordag_2"
    assert "lordag now holds another game" in said and "follows its game to lordag_2" in said
    players = {p["name"] for p in (board.snapshot.status or {})["players"]}
    assert players == {"Dag", "Eva", "Fia"}
    # The name's other game changes nothing for this board any more.
    club.b.ok("note", "hos A", "--session", "lordag")
    asyncio.run(board.refresh())
    assert board.path == club.b.file("lordag_2")
