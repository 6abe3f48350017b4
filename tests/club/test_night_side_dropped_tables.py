"""Keeping one side of a night drawn differently names the tables only the other side
drew (issue 37, item 4; docs/club.md, "A conflict"): their games go with the side not
kept, and what is printed says which they were."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_night_drawn_twice import draw, seats

from club_support import Club, git, make_club

EIGHT = ("Anna", "Bo", "Cilla", "Dag", "Eva", "Fia", "Gun", "Hans")
EARLY, LATE = "2026-12-04T19:00:00+00:00", "2026-12-04T19:03:00+00:00"


def drawn_apart(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, *, first: str = "a") -> Club:
    """Round 1 played on both; then A draws round 2 for eight players (two tables of
    four) and B, with Kim joined, for nine (three tables of three); ``first`` syncs
    first, the other meets the conflict."""
    club = make_club(tmp_path, monkeypatch)
    club.a.ok("night", "new", "klubb", *EIGHT, "--seed", "5")
    for table in (1, 2):
        club.a.ok("royal", seats(club.a, f"klubb-r1-t{table}")[0], "--session", f"klubb-r1-t{table}")
    club.a.ok("club", "sync")
    club.b.ok("club", "sync")
    club.b.ok("night", "join", "Kim", "klubb")
    draw(club.a, monkeypatch, EARLY)
    draw(club.b, monkeypatch, LATE)
    assert club.b.file("klubb-r2-t3").exists() and not club.a.file("klubb-r2-t3").exists()
    one, other = (club.a, club.b) if first == "a" else (club.b, club.a)
    one.ok("club", "sync")
    assert other.run("club", "sync").exit_code == 1
    return club


def test_keeping_the_other_sides_night_names_and_drops_the_table_only_this_side_drew(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    club = drawn_apart(tmp_path, monkeypatch)
    told = club.b.ok("club", "keep", "klubb", "--theirs")
    assert "klubb-r2-t3" in told and "dropped klubb-r2-t3: only this machine's draw of klubb had that table" in told
    assert not club.b.file("klubb-r2-t3").exists()
    club.a.ok("club", "sync")
    assert not club.a.file("klubb-r2-t3").exists()
    assert club.a.head() == club.b.head()


def test_keeping_this_sides_night_names_and_leaves_out_the_table_only_the_other_side_drew(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    club = drawn_apart(tmp_path, monkeypatch, first="b")
    told = club.a.ok("club", "keep", "klubb", "--ours")  # A's night of two tables
    assert "dropped klubb-r2-t3: only the other machine's draw of klubb had that table" in told
    assert not club.a.file("klubb-r2-t3").exists()
    assert "sessions/klubb-r2-t3.toml" not in git(club.origin, "ls-tree", "-r", "--name-only", "main").stdout
    club.b.ok("club", "sync")
    assert not club.b.file("klubb-r2-t3").exists()
    assert club.a.head() == club.b.head() == club.origin_head()
