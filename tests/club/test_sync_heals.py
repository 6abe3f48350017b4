"""A killed sync heals itself (shared/docs/cli.md, fifth round; docs/club.md, "A sync that
was stopped"): the next `club sync` finds what a stopped one left — a git lock no git
process holds, a merge it began itself, the driver's temporary files — and finishes or
redoes its own work, keeping every entry recorded since, never advising a git command.
A merge driver that died is an interrupted merge, not a conflict."""

from __future__ import annotations

import os
import random
import signal
import time
from pathlib import Path

import pytest

from chicago_protokoll.store import club as club_store
from chicago_protokoll.store.fileformat import loads_session
from club_support import Club, git, make_club

PLAYERS = ("Anna", "Bo", "Cilla")
DEAL = ("deal", "--buy", "pass", "--buy", "Bo:par", "--last-trick", "Anna", "--showdown", "pass")
OTHER_DEAL = ("deal", "--buy", "Cilla:två par", "--buy", "pass", "--last-trick", "Bo", "--showdown", "pass")


def notes_of(path: Path) -> list[str]:
    session = loads_session(path.read_text(), str(path))
    return [str(getattr(event, "text", "")) for event in session.events if event.kind == "note"]


def in_step(club: Club) -> None:
    """Sync both ways until neither has anything to say; then both and the origin agree."""
    club.a.ok("club", "sync")
    club.b.ok("club", "sync")
    club.a.ok("club", "sync")
    assert club.a.head() == club.b.head() == club.origin_head()
    assert club.a.file("fredag").read_bytes() == club.b.file("fredag").read_bytes()
    assert club.a.status() == club.b.status() == ""


def test_a_git_lock_no_git_holds_is_removed_and_the_sync_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    club = make_club(tmp_path, monkeypatch, *PLAYERS)
    club.a.ok("note", "after the stop", "--session", "fredag")
    for lock in ("index.lock", "refs/heads/main.lock"):
        (club.a.home / ".git" / lock).write_text("")
    told = club.a.ok("club", "sync")
    assert "removed what a stopped git left: .git/index.lock, .git/refs/heads/main.lock" in told
    assert "after the stop" in git(club.origin, "show", "main:sessions/fredag.toml").stdout
    assert club.a.status() == ""


def test_a_sync_stopped_while_the_folder_moved_to_its_merge_is_taken_up_with_what_was_recorded_since(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    club = make_club(tmp_path, monkeypatch, *PLAYERS)
    club.b.ok("note", "from B", "--session", "fredag")
    club.b.ok("club", "sync")
    club.a.ok("note", "from A", "--session", "fredag")
    head = club.a.head()
    stopped = club.a.spawn("club", "sync", stop="merged")
    stopped.communicate()
    assert stopped.returncode == -signal.SIGKILL
    # The merge's files are in the folder, whole; the branch is still this machine's commit.
    assert sorted(notes_of(club.a.file("fredag"))) == ["from A", "from B"]
    assert (club.a.home / ".git" / "chicago-protokoll-merge").exists()
    assert git(club.a.home, "rev-parse", "HEAD~1").stdout.strip() == head
    club.a.ok("note", "after the stop", "--session", "fredag")
    told = club.a.ok("club", "sync")
    assert "took up the merge a stopped sync had begun" in told
    in_step(club)
    assert sorted(notes_of(club.a.file("fredag"))) == ["after the stop", "from A", "from B"]
    assert not (club.a.home / ".git" / "chicago-protokoll-merge").exists()


def test_a_sync_stopped_in_a_conflict_says_the_conflict_next_time_without_a_git_command(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    club = make_club(tmp_path, monkeypatch, *PLAYERS)
    club.a.ok(*DEAL, "--session", "fredag")
    club.a.ok("club", "sync")
    club.b.ok(*OTHER_DEAL, "--session", "fredag")
    stopped = club.b.spawn("club", "sync", stop="conflict")
    stopped.communicate()
    assert stopped.returncode == -signal.SIGKILL
    club.b.ok("note", "after the stop", "--session", "fredag")
    result = club.b.run("club", "sync")
    assert result.exit_code == 1
    assert "deal 1" in result.stderr and "club keep fredag" in result.stderr
    assert "git merge" not in result.stderr + result.stdout
    # B's deal and the note made after the stop are B's, committed; nothing is half-merged.
    assert club.b.clean() and club.b.status() == ""
    assert "after the stop" in notes_of(club.b.file("fredag"))
    club.b.ok("club", "keep", "fredag", "--ours")
    in_step(club)
    assert notes_of(club.a.file("fredag")) == ["after the stop"]


def test_a_merge_driver_that_died_is_an_interrupted_merge_and_a_rerun_merges(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    club = make_club(tmp_path, monkeypatch, *PLAYERS)
    club.b.ok("note", "from B", "--session", "fredag")
    club.b.ok("club", "sync")
    club.a.ok("note", "from A", "--session", "fredag")
    # The system stops the driver (out of memory): it dies before it writes the merge.
    real_driver = club_store.driver_command
    monkeypatch.setattr(club_store, "driver_command", lambda: "sh -c 'kill -9 $$' %O %A %B %P")
    head = club.a.head()
    result = club.a.run("club", "sync")
    assert result.exit_code == 1
    assert (
        "the merge of sessions/fredag.toml was interrupted (its merge driver stopped before it had merged)"
        in result.stderr
    )
    assert "run `chicago club sync` again" in result.stderr and "conflict" not in result.stderr
    assert "committed: sessions fredag" in result.stdout and club.a.head() != head
    assert club.a.clean() and club.a.status() == ""
    assert not (club.a.home / "sessions" / "fredag.theirs.toml").exists()
    monkeypatch.setattr(club_store, "driver_command", real_driver)
    in_step(club)
    assert sorted(notes_of(club.a.file("fredag"))) == ["from A", "from B"]


def origin_settled(origin: Path) -> None:
    """Wait until no git process works in ``origin`` any more: the other end of a push cut
    off by a kill has given up and let go of its refs (the final state, not a time)."""
    marker = str(origin).encode()

    def working_there(cmdline: Path) -> bool:
        try:
            return marker in cmdline.read_bytes()
        except OSError:  # the process ended while it was looked at
            return False

    while any(working_there(cmdline) for cmdline in Path("/proc").glob("[0-9]*/cmdline")):
        time.sleep(0.05)


def kill_trials(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, trials: int, seed: int) -> dict[str, int]:
    """SIGKILL of a sync's process group at random moments, with a note recorded on both
    machines before each and on the killed one after; then the two clones in step, every
    note once.  What each kill left is counted."""
    club = make_club(tmp_path, monkeypatch, *PLAYERS)
    # The origin stands for another machine: a kill on this laptop never reaches the
    # other end of a push, which sees the connection close and gives up on its own.  On a
    # path remote git would start that end in the sync's process group, where the kill
    # would leave origin's ref locked, as no real server is; its own session keeps it apart.
    git(club.a.home, "config", "remote.origin.receivepack", "setsid git-receive-pack")
    rng = random.Random(seed)
    left = {"index.lock": 0, "its merge mark": 0, "nothing": 0}
    expected: list[str] = []
    span = 0.0
    for trial in range(trials):
        club.b.ok("note", f"b{trial}", "--session", "fredag")
        club.b.ok("club", "sync")
        club.a.ok("note", f"a{trial}", "--session", "fredag")
        expected += [f"b{trial}", f"a{trial}"]
        syncing = club.a.spawn("club", "sync", group=True)
        started = time.monotonic()
        if trial == 0:  # the first runs whole: how long a sync with a merge takes here
            _out, err = syncing.communicate()
            assert syncing.returncode == 0, err
            span = time.monotonic() - started
            continue
        # A random moment of the sync (a sleep to choose when to kill, not to wait).
        time.sleep(rng.uniform(0.0, span))
        os.killpg(syncing.pid, signal.SIGKILL)
        syncing.communicate()
        origin_settled(club.origin)
        gitdir = club.a.home / ".git"
        found = [
            name
            for name, there in (
                ("index.lock", (gitdir / "index.lock").exists()),
                ("its merge mark", (gitdir / "chicago-protokoll-merge").exists()),
            )
            if there
        ]
        for name in found or ["nothing"]:
            left[name] += 1
        club.a.ok("note", f"a{trial} after the kill", "--session", "fredag")
        expected.append(f"a{trial} after the kill")
    in_step(club)
    notes = notes_of(club.a.file("fredag"))
    assert sorted(notes) == sorted(expected)  # every note, each once
    return left


def test_a_sync_killed_at_random_moments_heals_and_loses_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    left = kill_trials(tmp_path, monkeypatch, trials=8, seed=37)
    print("killed syncs left:", left)


@pytest.mark.slow
def test_thirty_four_syncs_killed_at_random_moments_heal_and_lose_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    left = kill_trials(tmp_path, monkeypatch, trials=35, seed=2026)
    print("killed syncs left:", left)
