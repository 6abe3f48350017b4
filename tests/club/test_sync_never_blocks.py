"""`club sync` never blocks the table (shared/docs/cli.md, fifth round, "Changed, and
why"): the data directory's lock is held only while the sync reads or writes the folder's
files, git's hooks are off while it is, and the network runs without it.  Measured with a
hook of each kind that sleeps up to 25 s (cut short by the test once it has seen what it
came for): a `chicago note` started while the sync is in it is saved and answers while
the sync is still running, and reaches a commit by the next sync."""

from __future__ import annotations

from pathlib import Path

import pytest

from club_support import club_at_its_sync_hooks, git, wait_for


def held_hook(name: str, marks: Path) -> str:
    """A hook that says it started, then sleeps up to 25 s, or until the test releases it."""
    return (
        "#!/bin/sh\n"
        f"touch '{marks / name}'\n"
        "i=0\n"
        f"while [ $i -lt 250 ] && [ ! -e '{marks / 'release'}' ]; do sleep 0.1; i=$((i+1)); done\n"
        "exit 0\n"
    )


def test_a_note_during_a_sync_in_a_slow_hook_is_saved_at_once_and_shared_by_the_next_sync(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    club, marks = club_at_its_sync_hooks(tmp_path, monkeypatch, held_hook)

    syncing = club.a.spawn("club", "sync")
    wait_for((marks / "pre-push").exists, syncing)
    assert syncing.poll() is None, "the sync ended before its pre-push hook ran"
    # The sync sits in its pre-push hook: a recording answers, and the sync goes on.
    noted = club.a.spawn("note", "under the push", "--session", "fredag")
    out, err = noted.communicate()
    assert noted.returncode == 0, err
    assert syncing.poll() is None  # the note ended first
    (marks / "release").touch()
    out, err = syncing.communicate()
    assert syncing.returncode == 0, err
    # Under the lock the clone's hooks are off: the pre-commit and post-merge never ran.
    assert not (marks / "pre-commit").exists() and not (marks / "post-merge").exists()
    assert "but for what was recorded while it synced (sessions fredag)" in out

    assert "under the push" not in club.a.committed("sessions/fredag.toml").decode()
    club.a.ok("club", "sync")
    shared = git(club.origin, "show", "main:sessions/fredag.toml").stdout
    assert "under the push" in shared and "från B" in shared
    club.b.ok("club", "sync")
    assert club.b.file("fredag").read_bytes() == club.a.file("fredag").read_bytes()
