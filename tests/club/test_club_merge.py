"""One session changed on two machines, through real git (the issue's cases a-c): the
merge by event id, a conflict that names the deal with nothing committed or pushed, and
`club keep`; two games made under one name."""

from __future__ import annotations

from pathlib import Path

import pytest

from chicago_protokoll.store.fileformat import loads_session
from club_support import make_club

DEAL = ("deal", "--buy", "pass", "--buy", "Bo:par", "--last-trick", "Anna", "--showdown", "pass")
OTHER_DEAL = ("deal", "--buy", "Cilla:två par", "--buy", "pass", "--last-trick", "Bo", "--showdown", "pass")
PLAYERS = ("Anna", "Bo", "Cilla")


def events_of(path: Path) -> list[tuple[str, int]]:
    return [(e.kind, e.deal) for e in loads_session(path.read_text(), str(path)).events]


def four_deals_on_both(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    club = make_club(tmp_path, monkeypatch, *PLAYERS)
    for _ in range(4):
        club.a.ok(*DEAL, "--session", "fredag")
    club.a.ok("club", "sync")
    club.b.ok("club", "sync")
    assert club.b.file("fredag").read_bytes() == club.a.file("fredag").read_bytes()
    return club


def test_a_deal_on_one_machine_and_a_note_and_penalty_on_the_other_are_all_kept_in_order(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    club = four_deals_on_both(tmp_path, monkeypatch)
    club.a.ok(*DEAL, "--session", "fredag")
    club.b.ok("note", "felgiv i giv 4", "--session", "fredag")
    club.b.ok("penalty", "Bo", "2", "--reason", "visade kort", "--session", "fredag")
    club.a.ok("club", "sync")
    club.b.ok("club", "sync")
    club.a.ok("club", "sync")
    a_bytes = club.a.file("fredag").read_bytes()
    assert club.b.file("fredag").read_bytes() == a_bytes
    merged = loads_session(a_bytes.decode(), "fredag")
    ids = [e.id for e in merged.events]
    assert len(ids) == len(set(ids))
    # The note and the penalty came after deal 4 on B: after deal 4, before A's deal 5.
    assert [(e.kind, e.deal) for e in merged.events][-10:] == [
        *[(kind, 4) for kind in ("buy", "buy", "last-trick", "showdown")],
        ("note", 4),
        ("penalty", 4),
        *[(kind, 5) for kind in ("buy", "buy", "last-trick", "showdown")],
    ]
    assert club.a.head() == club.b.head() == club.origin_head()
    assert club.b.ok("status", "--session", "fredag") == club.a.ok("status", "--session", "fredag")


def test_deal_5_recorded_differently_is_a_conflict_naming_it_resolved_by_keep(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    club = four_deals_on_both(tmp_path, monkeypatch)
    club.a.ok(*DEAL, "--session", "fredag")
    club.b.ok(*OTHER_DEAL, "--session", "fredag")
    club.a.ok("club", "sync")
    b_before, b_head, origin = club.b.file("fredag").read_bytes(), club.b.head(), club.origin_head()
    result = club.b.run("club", "sync")
    assert result.exit_code == 1
    assert "deal 5" in result.stderr
    assert "club keep fredag --ours" in result.stderr
    # B's deal 5 is committed, as it said, and stays so; the merge is not committed and
    # nothing was pushed; the file as B had it, the other side beside it.
    assert "committed: sessions fredag" in result.stdout
    assert club.b.head() != b_head and club.origin_head() == origin and club.b.clean()
    assert club.b.file("fredag").read_bytes() == b_before == club.b.committed("sessions/fredag.toml")
    theirs = club.b.home / "sessions" / "fredag.theirs.toml"
    assert theirs.read_bytes() == club.a.file("fredag").read_bytes()
    loads_session(theirs.read_text(), "theirs")  # both versions load
    club.b.ok("status", "--session", "fredag")
    assert "fredag.theirs" not in club.b.ok("sessions")
    # Nothing is left uncommitted; the copy is ignored.
    assert club.b.status() == ""
    # B keeps A's deal 5: the same bytes everywhere, the copy gone.
    club.b.ok("club", "keep", "fredag", "--theirs")
    assert club.b.file("fredag").read_bytes() == club.a.file("fredag").read_bytes()
    assert not theirs.exists()
    club.a.ok("club", "sync")
    assert club.a.head() == club.b.head() == club.origin_head()


def test_keep_ours_makes_this_machines_version_the_clubs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    club = four_deals_on_both(tmp_path, monkeypatch)
    club.a.ok(*DEAL, "--session", "fredag")
    club.b.ok(*OTHER_DEAL, "--session", "fredag")
    club.a.ok("club", "sync")
    assert club.b.run("club", "sync").exit_code == 1
    mine = club.b.file("fredag").read_bytes()
    club.b.ok("club", "keep", "fredag", "--ours")
    club.a.ok("club", "sync")
    assert club.a.file("fredag").read_bytes() == mine == club.b.file("fredag").read_bytes()


def test_correcting_one_side_to_agree_and_syncing_again_resolves_the_conflict(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    club = four_deals_on_both(tmp_path, monkeypatch)
    club.a.ok(*DEAL, "--session", "fredag")
    club.b.ok(*DEAL[:3], "--buy", "Cilla:par", *DEAL[5:], "--session", "fredag")  # köp 2 differs
    club.a.ok("club", "sync")
    assert club.b.run("club", "sync").exit_code == 1
    club.b.ok("edit", "5", "--buy", "pass", "--buy", "Bo:par", "--session", "fredag")
    club.b.ok("club", "sync")
    club.a.ok("club", "sync")
    assert club.a.file("fredag").read_bytes() == club.b.file("fredag").read_bytes()
    kinds = events_of(club.a.file("fredag"))
    assert sum(1 for kind, deal in kinds if deal == 5 and kind == "showdown") == 1
    assert not (club.b.home / "sessions" / "fredag.theirs.toml").exists()


def test_the_same_session_name_created_on_both_machines_is_a_conflict(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    club = make_club(tmp_path, monkeypatch)
    club.a.ok("new", "lordag", "Anna", "Bo", "Cilla")
    club.b.ok("new", "lordag", "Dag", "Eva", "Fia")
    club.a.ok("club", "sync")
    b_before, b_head = club.b.file("lordag").read_bytes(), club.b.head()
    result = club.b.run("club", "sync")
    assert result.exit_code == 1
    assert "two different games were created under the name lordag" in result.stderr
    assert club.b.file("lordag").read_bytes() == b_before == club.b.committed("sessions/lordag.toml")
    assert club.b.head() != b_head and club.b.clean() and club.b.status() == ""
