"""`club sync` keeps this machine's own commit (shared/docs/cli.md, fifth round, "Changed,
and why"): on a conflict, and when the other side's file does not load or comes from a
newer release; only the merge is left undone, the file is named with where it came from,
and what the sync printed is true when it ends."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from chicago_protokoll.store import club as club_store
from club_support import Club, git, make_club

PLAYERS = ("Anna", "Bo", "Cilla")
DEAL = ("deal", "--buy", "pass", "--buy", "Bo:par", "--last-trick", "Anna", "--showdown", "pass")


def push_from_b(club: Club, change: tuple[str, str], release: str) -> str:
    """B commits ``change`` (old, new) to fredag as the release ``release`` would, and
    pushes it; its short commit id."""
    path = club.b.file("fredag")
    path.write_text(path.read_text().replace(*change, 1))
    git(club.b.home, "add", "-A")
    git(
        club.b.home, "-c", "user.name=B", "-c", "user.email=b@b", "commit", "-q",
        "-m", f"sessions fredag\n\n{club_store.RELEASE_TRAILER}: {release}\n",
    )
    git(club.b.home, "push", "-q", "origin", "main")
    return git(club.b.home, "rev-parse", "--short", "HEAD").stdout.strip()


def test_a_newer_file_from_the_remote_is_named_with_where_it_came_from_and_this_machines_commit_stays(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    club = make_club(tmp_path, monkeypatch, *PLAYERS)
    commit = push_from_b(club, ("\nversion = ", "\nversion = 9"), "9.0.0")
    club.a.ok(*DEAL, "--session", "fredag")
    mine, head, origin = club.a.file("fredag").read_bytes(), club.a.head(), club.origin_head()
    result = club.a.run("club", "sync")
    assert result.exit_code == 1
    assert result.stderr.count("\n") == 1
    assert f"sessions/fredag.toml from origin/main, commit {commit} was written by chicago-protokoll 9.0.0" in result.stderr
    assert "install chicago-protokoll 9.0.0 or later here, then run `chicago club sync` again" in result.stderr
    assert "this machine's commit is kept" in result.stderr
    # It said it committed, and it did: the deal is in this machine's commit, which stays.
    assert "committed: sessions fredag" in result.stdout
    assert club.a.head() != head and club.a.committed("sessions/fredag.toml") == mine
    assert git(club.a.home, "rev-parse", "HEAD~1").stdout.strip() == head
    assert club.a.file("fredag").read_bytes() == mine and club.a.clean() and club.a.status() == ""
    assert club.origin_head() == origin


def test_a_damaged_file_from_the_remote_is_named_with_where_it_came_from_and_nothing_changes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    club = make_club(tmp_path, monkeypatch, *PLAYERS)
    commit = push_from_b(club, ("# end of", "# cut short"), club_store.release())
    mine, head = club.a.file("fredag").read_bytes(), club.a.head()
    result = club.a.run("club", "sync")
    assert result.exit_code == 1
    assert re.search(
        rf"sessions/fredag\.toml from origin/main, commit {commit} does not load: .*; this machine's commit is kept and nothing was pushed",
        result.stderr,
    )
    assert "git " not in result.stderr
    assert club.a.head() == head and club.a.file("fredag").read_bytes() == mine and club.a.clean()


def test_a_conflict_leaves_this_machines_commit_and_every_line_printed_true(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    club = make_club(tmp_path, monkeypatch, *PLAYERS)
    club.a.ok(*DEAL, "--session", "fredag")
    club.a.ok("club", "sync")
    club.b.ok("deal", "--buy", "Cilla:två par", "--buy", "pass", "--last-trick", "Bo", "--showdown", "pass", "--session", "fredag")
    mine, head = club.b.file("fredag").read_bytes(), club.b.head()
    result = club.b.run("club", "sync")
    assert result.exit_code == 1 and "deal 1" in result.stderr
    # "committed: sessions fredag" — and it is committed, and stays so, once the sync ended.
    assert result.stdout.splitlines()[-1] == "committed: sessions fredag"
    assert git(club.b.home, "log", "-1", "--format=%s").stdout.strip() == "sessions fredag"
    assert git(club.b.home, "rev-parse", "HEAD~1").stdout.strip() == head
    assert club.b.committed("sessions/fredag.toml") == mine == club.b.file("fredag").read_bytes()
    assert club.b.clean() and club.b.status() == ""
