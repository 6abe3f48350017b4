"""A night drawn on two machines (shared/docs/cli.md, "Added in the fifth round"): two
files for the same table of one night are one game, merged against that table's empty
game; a round drawn differently is one conflict, on the night, settled with its tables.
Real git: a bare origin and two clones."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from chicago_protokoll.store import nightfile
from chicago_protokoll.store.clubfiles import merge_texts
from chicago_protokoll.store.fileformat import loads_session
from club_support import Club, Machine, make_club

SIX = ("Anna", "Bo", "Cilla", "Dag", "Eva", "Fia")
#: When each machine's draw of round 2 wrote its tables: B drew first.
EARLY, LATE = "2026-12-04T19:00:00+00:00", "2026-12-04T19:03:00+00:00"


def round_one_played(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Club:
    """The night klubb on both machines, every game of round 1 over (a royal each)."""
    club = make_club(tmp_path, monkeypatch)
    club.a.ok("night", "new", "klubb", *SIX, "--seed", "3")
    for table in (1, 2):
        club.a.ok("royal", seats(club.a, f"klubb-r1-t{table}")[0], "--session", f"klubb-r1-t{table}")
    club.a.ok("club", "sync")
    club.b.ok("club", "sync")
    return club


def seats(machine: Machine, session: str) -> list[str]:
    status = json.loads(machine.ok("status", "--json", "--session", session))
    return [player["name"] for player in status["players"]]


def draw(machine: Machine, monkeypatch: pytest.MonkeyPatch, at: str) -> None:
    """``night draw`` on ``machine``, its games written at ``at`` (two laptops draw at
    different moments)."""
    with monkeypatch.context() as patched:
        patched.setattr(nightfile, "_now", lambda: at)
        machine.ok("night", "draw", "klubb")


def deal(machine: Machine, session: str, *, taker: int) -> None:
    who = seats(machine, session)
    machine.ok(
        "deal", "--buy", f"{who[taker]}:par", "--buy", "pass", "--last-trick", who[taker],
        "--showdown", "pass", "--session", session,
    )


def folder(machine: Machine) -> dict[str, bytes]:
    return {
        str(path.relative_to(machine.home)): path.read_bytes()
        for kind in ("sessions", "nights")
        for path in sorted((machine.home / kind).glob("*.toml"))
    }


def test_a_round_drawn_on_both_machines_is_one_game_per_table_with_the_deal_one_recorded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    club = round_one_played(tmp_path, monkeypatch)
    draw(club.b, monkeypatch, EARLY)
    draw(club.a, monkeypatch, LATE)
    deal(club.a, "klubb-r2-t1", taker=0)  # deal 1 at a table before the sync
    sides = [machine.file("klubb-r2-t1").read_text() for machine in (club.a, club.b)]
    path = "sessions/klubb-r2-t1.toml"
    # The driver's merge is the same bytes whichever machine merges.
    assert merge_texts(None, *sides, path) == merge_texts(None, *reversed(sides), path)
    club.a.ok("club", "sync")
    said = club.b.run("club", "sync")
    assert said.exit_code == 0, said.output
    assert "two different games" not in said.output
    club.a.ok("club", "sync")
    assert folder(club.a) == folder(club.b)
    assert club.a.head() == club.b.head() == club.origin_head()
    table = loads_session(club.b.file("klubb-r2-t1").read_text(), "klubb-r2-t1")
    assert table.created == EARLY  # the earlier draw's moment, on both machines
    assert {event.deal for event in table.events} == {1}
    assert not list((club.b.home / "sessions").glob("*.theirs.toml"))


def test_a_deal_recorded_differently_at_one_table_drawn_on_both_is_a_deal_conflict(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    club = round_one_played(tmp_path, monkeypatch)
    draw(club.a, monkeypatch, EARLY)
    draw(club.b, monkeypatch, LATE)
    deal(club.a, "klubb-r2-t1", taker=0)
    deal(club.b, "klubb-r2-t1", taker=1)
    club.a.ok("club", "sync")
    said = club.b.run("club", "sync")
    assert said.exit_code == 1
    assert "deal 1 was recorded differently" in said.stderr and "two different games" not in said.stderr
    listed = json.loads(club.b.ok("club", "conflicts", "--json"))["conflicts"]
    assert [(c["name"], c["kind"]) for c in listed] == [("klubb-r2-t1", "deal")]
    assert [d["deal"] for d in listed[0]["deals"]] == [1]
    club.b.ok("club", "keep", "klubb-r2-t1", "--theirs")
    club.a.ok("club", "sync")
    assert folder(club.a) == folder(club.b)


def test_a_round_drawn_differently_is_one_conflict_on_the_night_kept_with_its_tables(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    club = round_one_played(tmp_path, monkeypatch)
    club.b.ok("night", "join", "Kim", "klubb")  # B draws round 2 with Kim, A without
    draw(club.a, monkeypatch, EARLY)
    draw(club.b, monkeypatch, LATE)
    deal(club.b, "klubb-r2-t1", taker=0)
    club.a.ok("club", "sync")
    said = club.b.run("club", "sync")
    assert said.exit_code == 1
    assert "round 2" in said.stderr and "two different games" not in said.stderr
    listed = json.loads(club.b.ok("club", "conflicts", "--json"))["conflicts"]
    assert [(c["name"], c["kind"]) for c in listed] == [("klubb", "night")]
    assert listed[0]["tables"] and all(t.startswith("klubb-r2-") for t in listed[0]["tables"])
    # A table alone is not settled apart from its night: nothing changes.
    before = folder(club.b), club.b.head()
    refused = club.b.run("club", "keep", listed[0]["tables"][0], "--ours")
    assert refused.exit_code == 1 and "club keep klubb --ours" in refused.stderr
    assert (folder(club.b), club.b.head()) == before
    mine = folder(club.b)
    club.b.ok("club", "keep", "klubb", "--ours")
    club.a.ok("club", "sync")
    assert folder(club.a) == folder(club.b)
    for name in ("nights/klubb.toml", "sessions/klubb-r2-t1.toml"):
        assert folder(club.a)[name] == mine[name]  # B's night, and its tables with it
    assert any("Kim" in seats(club.a, table) for table in listed[0]["tables"])
