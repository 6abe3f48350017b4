"""A phone's recording page open on a night's table while a club sync settles that
table's ``created`` (shared/docs/cli.md, "Added in the fifth round": two machines that
drew one round made each table's game twice; the merge keeps the earlier ``created``):
the page drawn before the sync saves its next tap after it.  Real git, a bare origin and
two clones; the server in its own process, as on the keeper's laptop."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from serve_support import Served, page_fields

from chicago_protokoll.store import nightfile
from chicago_protokoll.store.fileformat import loads_session
from chicago_protokoll.store.locations import HOME_ENV
from club_support import Machine, make_club

SIX = ("Anna", "Bo", "Cilla", "Dag", "Eva", "Fia")
EARLY, LATE = "2026-12-04T19:00:00+00:00", "2026-12-04T19:03:00+00:00"


def seats(machine: Machine, session: str) -> list[str]:
    status = json.loads(machine.ok("status", "--json", "--session", session))
    return [player["name"] for player in status["players"]]


def test_a_page_drawn_before_the_sync_saves_its_next_tap_after_created_is_settled(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    club = make_club(tmp_path, monkeypatch)
    club.a.ok("night", "new", "klubb", *SIX, "--seed", "3")
    for table in (1, 2):
        club.a.ok("royal", seats(club.a, f"klubb-r1-t{table}")[0], "--session", f"klubb-r1-t{table}")
    club.a.ok("club", "sync")
    club.b.ok("club", "sync")
    # B draws round 2 first; A draws it a little later: A's table files hold the later time.
    for machine, at in ((club.b, EARLY), (club.a, LATE)):
        with monkeypatch.context() as patched:
            patched.setattr(nightfile, "_now", lambda at=at: at)
            machine.ok("night", "draw", "klubb")
    table = "klubb-r2-t1"
    server = Served("--session", table, "--record", env={HOME_ENV: str(club.a.home)})
    try:
        path = server.recording()[1]
        code, page = server.get(path)
        assert code == 200
        fields = page_fields(page)
        assert fields["created"] == LATE
        club.b.ok("club", "sync")
        club.a.ok("club", "sync")
        settled = loads_session(club.a.file(table).read_text(), table)
        assert settled.created == EARLY
        who = seats(club.a, table)[1]
        code, body = server.post(path, {**fields, "do": "buy", "who": who, "hand": "pair"})
        assert code == 200, body
        assert f"Saved: deal 1, köp 1: {who}: pair" in body
        assert len(loads_session(club.a.file(table).read_text(), table).events) == 1
    finally:
        assert server.stop()[0] == 0
