"""A push to a path origin stopped while origin's git held the branch's lock (issue 37,
item 9; docs/club.md, "A sync that was stopped"): the lock ``refs/heads/main.lock`` stays
inside the bare origin and every later push would fail.  The next `club sync` removes
it when it is provably stale (no git here works in origin, and this clone's own push
was stopped after it was made, or it is older than any push holds one) and pushes;
otherwise it names the file in one sentence and pushes nothing, never advising git."""

from __future__ import annotations

import os
import signal
import subprocess
import time
from contextlib import suppress
from pathlib import Path

import pytest
from test_sync_heals import notes_of, origin_settled

from club_support import git, make_club

PLAYERS = ("Anna", "Bo", "Cilla")


def test_a_push_killed_while_origin_held_its_branch_lock_is_healed_by_the_next_sync(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    club = make_club(tmp_path, monkeypatch, *PLAYERS)
    # Origin's git stops once it holds the branch's lock (the transaction "prepared"),
    # so the kill comes in that moment; its end of the push runs in the sync's process
    # group, as on a folder remote it does.
    held = tmp_path / "origin-holds-its-lock"
    hook = club.origin / "hooks" / "reference-transaction"
    hook.write_text(f'#!/bin/sh\n[ "$1" = prepared ] || exit 0\ntouch \'{held}\'\nwhile :; do sleep 0.1; done\n')
    hook.chmod(0o755)
    club.a.ok("note", "before the kill", "--session", "fredag")
    syncing = club.a.spawn("club", "sync", group=True)
    while not held.exists() and syncing.poll() is None:
        with suppress(subprocess.TimeoutExpired):
            syncing.wait(timeout=0.05)
    assert held.exists(), syncing.communicate()
    os.killpg(syncing.pid, signal.SIGKILL)
    syncing.communicate()
    origin_settled(club.origin)
    lock = club.origin / "refs" / "heads" / "main.lock"
    assert lock.exists()
    hook.unlink()  # the test's brake, not the origin's
    club.a.ok("note", "after the kill", "--session", "fredag")

    told = club.a.ok("club", "sync")
    # git locked the branch through HEAD, which names it, as well
    assert f"removed what a stopped push left in origin: {club.origin / 'HEAD.lock'}, {lock}" in told
    assert not list(club.origin.rglob("*.lock"))
    assert club.origin_head() == club.a.head()
    club.b.ok("club", "sync")
    assert notes_of(club.b.file("fredag")) == ["before the kill", "after the kill"]


def test_an_origin_lock_not_provably_left_by_a_stopped_push_is_named_and_nothing_pushed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    club = make_club(tmp_path, monkeypatch, *PLAYERS)
    # Another machine's push, on a shared drive, holds the lock this moment.
    lock = club.origin / "refs" / "heads" / "main.lock"
    lock.write_text("")
    club.a.ok("note", "waits", "--session", "fredag")
    origin = club.origin_head()
    result = club.a.run("club", "sync")
    assert result.exit_code == 1
    refusal = result.stderr.strip().splitlines()[-1]
    assert str(lock) in refusal and "run `chicago club sync` again" in refusal
    assert "git " not in refusal.replace("chicago club sync", "")
    assert lock.exists() and club.origin_head() == origin
    # Older than any push holds a ref's lock (its clock set back, as time would): stale.
    old = time.time() - 600
    os.utime(lock, (old, old))
    told = club.a.ok("club", "sync")
    assert "removed what a stopped push left in origin" in told
    assert "waits" in git(club.origin, "show", "main:sessions/fredag.toml").stdout
