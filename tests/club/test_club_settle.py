"""Settling a club folder's conflicts through real git (shared/docs/cli.md, "Settling
conflicts"): a conflict in words, one name at a time, the push after the last, `--all`,
two games kept both, the same correction on both sides, and the machine whose work a
settlement dropped told so at its next sync."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from chicago_protokoll.store.fileformat import loads_session
from club_support import Club, Machine, git, make_club

DEAL = ("deal", "--buy", "Dag:par", "--buy", "pass", "--last-trick", "Cilla", "--showdown", "pass")
OTHER = ("deal", "--buy", "Anna:par", "--buy", "pass", "--last-trick", "Bo", "--showdown", "pass")
PLAYERS = ("Anna", "Bo", "Cilla", "Dag")


def two_names_in_conflict(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Club:
    """fredag and lordag, one deal each on both machines; then deal 2 of each recorded
    differently on A (pushed) and on B."""
    club = make_club(tmp_path, monkeypatch, *PLAYERS)
    club.a.ok("new", "lordag", *PLAYERS)
    for name in ("fredag", "lordag"):
        club.a.ok(*DEAL, "--session", name)
    club.a.ok("club", "sync")
    club.b.ok("club", "sync")
    for name in ("fredag", "lordag"):
        club.a.ok(*DEAL, "--session", name)
        club.b.ok(*OTHER, "--session", name)
    club.a.ok("club", "sync")
    result = club.b.run("club", "sync")
    assert result.exit_code == 1
    return club


def theirs(machine: Machine, name: str) -> Path:
    return machine.home / "sessions" / f"{name}.theirs.toml"


def test_a_conflict_says_what_differs_deal_by_deal_and_keep_all_settles_every_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    club = two_names_in_conflict(tmp_path, monkeypatch)
    said = club.b.ok("club", "conflicts")
    assert "deal 2: köp 1 Anna: pair here, Dag: pair there; last trick Bo here, Cilla there" in said
    assert "sessions/fredag.toml" in said and "sessions/lordag.toml" in said
    assert "buy, buy" not in said and "last-trick" not in said
    document = json.loads(club.b.ok("club", "conflicts", "--json"))
    by_name = {c["name"]: c for c in document["conflicts"]}
    assert set(by_name) == {"fredag", "lordag"}
    fredag = by_name["fredag"]
    assert fredag["kind"] == "deal" and [d["deal"] for d in fredag["deals"]] == [2]
    deal = fredag["deals"][0]
    assert deal["ours"][0]["type"] == "buy" and deal["ours"][0]["player"] == "Anna"
    assert deal["theirs"][0]["player"] == "Dag"
    # the sync's own refusal says it in the same words
    result = club.b.run("club", "sync")
    assert "last trick Bo here, Cilla there" in result.stderr
    # --all settles both one way, and the push follows.
    told = club.b.ok("club", "keep", "--all", "--theirs")
    assert "in step with origin" in told
    assert club.origin_head() == club.b.head()
    for name in ("fredag", "lordag"):
        assert club.b.file(name).read_bytes() == club.a.file(name).read_bytes()
        assert not theirs(club.b, name).exists()
    assert "no open conflicts" in club.b.ok("club", "conflicts")
    assert "replaced" not in club.a.ok("club", "sync")  # A's own deals were kept


def test_two_names_are_settled_one_at_a_time_and_pushed_after_the_last(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    club = two_names_in_conflict(tmp_path, monkeypatch)
    origin = club.origin_head()
    told = club.b.ok("club", "keep", "fredag", "--theirs")
    assert "still open: lordag" in told
    assert club.origin_head() == origin  # nothing pushed while lordag is open
    assert not theirs(club.b, "fredag").exists() and theirs(club.b, "lordag").exists()
    assert club.b.file("fredag").read_bytes() == club.a.file("fredag").read_bytes()
    assert "fredag" not in git(club.b.home, "status", "--porcelain").stdout
    # A later sync raises only the name still open.
    result = club.b.run("club", "sync")
    assert result.exit_code == 1
    assert "lordag" in result.stderr and "sessions/fredag.toml" not in result.stderr
    mine = club.b.file("lordag").read_bytes()
    told = club.b.ok("club", "keep", "lordag", "--ours")
    assert "in step with origin" in told and "dropped the other machine's deal 2 of lordag" in told
    assert club.origin_head() == club.b.head() and club.b.clean()
    assert not theirs(club.b, "lordag").exists()
    # A is told that its deal 3 of lordag gave way, and ends with B's files.
    told = club.a.ok("club", "sync")
    assert "lordag deal 2 as recorded here was replaced by the other machine's" in told
    assert "fredag deal" not in told  # A's fredag was kept
    for name in ("fredag", "lordag"):
        assert club.a.file(name).read_bytes() == club.b.file(name).read_bytes()
    assert club.a.file("lordag").read_bytes() == mine
    assert club.a.head() == club.origin_head()
    # Both machines list the settlements and what they dropped.
    settled = club.a.ok("club", "conflicts", "--settled")
    assert "lordag:" in settled and "kept its own version; dropped deal 2 (4 entries)" in settled
    assert "fredag:" in settled and "kept the other machine's version" in settled
    items = json.loads(club.a.ok("club", "conflicts", "--settled", "--json"))["settlements"]
    assert {item["name"]: len(item["dropped"]) for item in items} == {"fredag": 4, "lordag": 4}


def test_settlements_are_committed_without_the_clones_hooks_and_built_into_the_syncs_merge(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``club keep`` commits under the data directory's lock as a sync does: a clone's
    hook that refuses every commit, or would run after one, never runs; the sync's merge
    (made in git's objects) takes each settled name as settled."""
    club = two_names_in_conflict(tmp_path, monkeypatch)
    hooks = club.b.home / ".git" / "hooks"
    ran = tmp_path / "hooks-ran"
    for name, end in (("pre-commit", "exit 1"), ("commit-msg", "exit 1"), ("post-commit", ""), ("post-merge", "")):
        hook = hooks / name
        hook.write_text(f"#!/bin/sh\necho {name} >> '{ran}'\n{end}\n")
        hook.chmod(0o755)
    lordag_here = club.b.file("lordag").read_bytes()
    assert "still open: lordag" in club.b.ok("club", "keep", "fredag", "--theirs")
    assert "in step with origin" in club.b.ok("club", "keep", "lordag", "--ours")
    assert not ran.exists()
    assert club.origin_head() == club.b.head()
    assert git(club.b.home, "rev-list", "--parents", "-n1", "HEAD").stdout.count(" ") == 2  # a merge
    assert club.b.file("lordag").read_bytes() == lordag_here
    assert club.b.status() == ""
    club.a.ok("club", "sync")
    assert club.a.file("fredag").read_bytes() == club.b.file("fredag").read_bytes()
    assert club.a.file("lordag").read_bytes() == lordag_here


@pytest.mark.parametrize("settler", ["earlier", "later"])
def test_keep_both_renames_the_later_game_alike_whichever_machine_settles(
    settler: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    club = make_club(tmp_path, monkeypatch)
    club.a.ok("new", "lordag", "Anna", "Bo", "Cilla")  # created first
    club.b.ok("new", "lordag", "Dag", "Eva", "Fia")  # created later: the one renamed
    club.b.ok("deal", "--buy", "Eva:par", "--buy", "pass", "--last-trick", "Fia", "--showdown", "pass")
    first, second = (club.b, club.a) if settler == "earlier" else (club.a, club.b)
    first.ok("club", "sync")
    assert second.run("club", "sync").exit_code == 1
    assert "--both" in second.ok("club", "conflicts")
    told = second.ok("club", "keep", "lordag", "--both")
    assert "lordag_2" in told
    if settler == "later":  # B's own current game moved: said at once
        assert "the current session follows it: lordag_2" in told
        assert "lordag_2" not in club.a.ok("club", "sync")  # A's game kept its name
    else:
        # B recorded in its game after the push; its next sync follows it, and says so.
        club.b.ok("note", "spelat vidare", "--session", "lordag")
        told = club.b.ok("club", "sync")
        assert "is now lordag_2" in told and "the current session follows it: lordag_2" in told
        second.ok("club", "sync")
    for machine in (club.a, club.b):
        kept = loads_session(machine.file("lordag").read_text(), "lordag")
        moved = loads_session(machine.file("lordag_2").read_text(), "lordag_2")
        assert kept.players == ("Anna", "Bo", "Cilla")
        assert moved.players == ("Dag", "Eva", "Fia") and moved.name == "lordag_2"
        assert len(moved.events) == (5 if settler == "earlier" else 4)
    assert (club.b.home / "current").read_text().strip() == "lordag_2"
    assert club.a.file("lordag_2").read_bytes() == club.b.file("lordag_2").read_bytes()
    assert club.a.head() == club.b.head() == club.origin_head()


def test_keep_both_is_refused_for_a_nights_table(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    club = make_club(tmp_path, monkeypatch)
    club.a.ok("night", "new", "klubb", *PLAYERS, "--seed", "3")
    club.a.ok("club", "sync")
    club.b.ok("club", "sync")
    status = json.loads(club.a.ok("status", "--json", "--session", "klubb-r1-t1"))
    seat = [player["name"] for player in status["players"]]
    for machine, who in ((club.a, seat[0]), (club.b, seat[1])):
        machine.ok("deal", "--buy", f"{who}:par", "--buy", "pass", "--last-trick", who, "--showdown", "pass", "--session", "klubb-r1-t1")
    club.a.ok("club", "sync")
    assert club.b.run("club", "sync").exit_code == 1
    table = club.b.file("klubb-r1-t1")
    before = table.read_bytes(), club.b.head()
    result = club.b.run("club", "keep", "klubb-r1-t1", "--both")
    assert result.exit_code == 1
    assert "table of the night klubb" in result.stderr and result.stderr.count("\n") == 1
    assert (table.read_bytes(), club.b.head()) == before
    assert theirs(club.b, "klubb-r1-t1").exists()


def test_the_same_correction_made_on_both_machines_is_one_correction(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    club = make_club(tmp_path, monkeypatch, *PLAYERS)
    for _ in range(3):
        club.a.ok(*DEAL)
    club.a.ok("club", "sync")
    club.b.ok("club", "sync")
    for machine in (club.a, club.b):
        machine.ok("edit", "3", "--last-trick", "Bo", "--session", "fredag")
    club.a.ok("club", "sync")
    club.b.ok("club", "sync")
    club.a.ok("club", "sync")
    assert club.a.file("fredag").read_bytes() == club.b.file("fredag").read_bytes()
    merged = loads_session(club.a.file("fredag").read_text(), "fredag")
    assert len(merged.corrections) == 1
    assert sum(1 for e in merged.events if e.deal == 3) == 4
    # One undo takes the one correction back: the protocol lists none not in effect.
    club.a.ok("undo", "--session", "fredag")
    log = club.a.ok("log", "--session", "fredag")
    assert "corrected" not in log
    undone = loads_session(club.a.file("fredag").read_text(), "fredag")
    assert not undone.corrections and len(undone.events) == 12
