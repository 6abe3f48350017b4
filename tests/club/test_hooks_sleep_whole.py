"""`club sync` never blocks the table, with hooks that sleep their whole 25 s (issue 37,
"Tests"): a `pre-commit`, `pre-push` and `post-merge` hook of the clone each sleep 25 s
and write a mark when the sleep has ended.  A `chicago note` run while the sync sits in
its sleeping pre-push hook has ended, saved, while that hook's mark is still absent (no
clock is read: the hook itself says when its sleep ended), and the note reaches a commit
by the next sync; the pre-commit and post-merge hooks never run under the sync (its
commits and merge run with the clone's hooks off).  `test_sync_never_blocks.py` is the
short run of the same, its hooks released by the test."""

from __future__ import annotations

from pathlib import Path

import pytest

from club_support import club_at_its_sync_hooks, git, wait_for

SLEEP = 25


def sleeping_hook(name: str, marks: Path) -> str:
    """A hook that says it started, sleeps its whole 25 s, then says it has slept."""
    return (
        "#!/bin/sh\n"
        f"touch '{marks / (name + '.started')}'\n"
        f"sleep {SLEEP}\n"
        f"touch '{marks / (name + '.slept')}'\n"
        "exit 0\n"
    )


@pytest.mark.slow
@pytest.mark.long
def test_a_note_during_a_25_second_hook_answers_while_the_hook_sleeps_and_is_shared_next_sync(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    club, marks = club_at_its_sync_hooks(tmp_path, monkeypatch, sleeping_hook)

    syncing = club.a.spawn("club", "sync")
    started = marks / "pre-push.started"
    wait_for(started.exists, syncing)
    assert started.exists(), syncing.communicate()
    noted = club.a.spawn("note", "under the push", "--session", "fredag")
    _out, err = noted.communicate()
    assert noted.returncode == 0, err
    assert not (marks / "pre-push.slept").exists()  # the hook still sleeps
    out, err = syncing.communicate()
    assert syncing.returncode == 0, err
    assert "but for what was recorded while it synced (sessions fredag)" in out
    assert (marks / "pre-push.slept").exists()
    for name in ("pre-commit", "post-merge"):
        assert not (marks / f"{name}.started").exists(), f"{name} ran under the sync"

    club.a.ok("club", "sync")
    shared = git(club.origin, "show", "main:sessions/fredag.toml").stdout
    assert "under the push" in shared and "från B" in shared
