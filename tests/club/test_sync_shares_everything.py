"""Nothing silently unshared (shared/docs/cli.md, fifth round, "Settling conflicts"):
`club init` and every `club sync` ask git whether each session and night file can be
tracked, whatever ignores it, and name the file and the line git reports."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from club_support import Machine, isolated_git, make_club


def hide_sessions(source: str, home: Path, tmp_path: Path) -> tuple[str, int]:
    """Make ``source`` ignore the sessions; the name a person finds it by, and the line."""
    lines = "# kept out of the club\nsessions/\n"
    if source == ".gitignore":
        before = len((home / ".gitignore").read_text().splitlines())
        with (home / ".gitignore").open("a") as handle:
            handle.write(lines)
        return ".gitignore", before + 2
    if source == "exclude":
        (home / ".git" / "info").mkdir(parents=True, exist_ok=True)
        (home / ".git" / "info" / "exclude").write_text(lines)
        return ".git/info/exclude", 2
    excludes = tmp_path / "global-ignore"
    excludes.write_text(lines)
    with open(os.environ["GIT_CONFIG_GLOBAL"], "a") as handle:
        handle.write(f"[core]\n\texcludesFile = {excludes}\n")
    return str(excludes), 2


@pytest.mark.parametrize("source", [".gitignore", "exclude", "global"])
def test_sync_refuses_a_new_game_git_would_not_share_naming_the_ignore_file_and_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, source: str
) -> None:
    club = make_club(tmp_path, monkeypatch, "Anna", "Bo", "Cilla")
    shown, line = hide_sessions(source, club.a.home, tmp_path)
    club.a.ok("new", "lordag", "Anna", "Bo", "Dag")
    head, origin = club.a.head(), club.origin_head()
    result = club.a.run("club", "sync")
    assert result.exit_code == 1
    assert result.stderr.count("\n") == 1
    assert f"git would not share sessions/lordag.toml: {shown} line {line} (sessions/)" in result.stderr
    assert "then run `chicago club sync` again" in result.stderr
    assert club.a.head() == head and club.origin_head() == origin
    # fredag, shared before, is tracked whatever the pattern says: only the new game is named.
    assert "fredag" not in result.stderr


def test_init_refuses_a_folder_whose_gitignore_hides_the_sessions_and_leaves_it_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    isolated_git(tmp_path, monkeypatch)
    machine = Machine(tmp_path / "a", monkeypatch)
    machine.ok("new", "fredag", "Anna", "Bo", "Cilla")
    ignore = machine.home / ".gitignore"
    ignore.write_text("cache/\nsessions/*.toml\n")
    result = machine.run("club", "init")
    assert result.exit_code == 1
    assert "git would not share sessions/fredag.toml: .gitignore line 2 (sessions/*.toml)" in result.stderr
    assert "then run `chicago club init` again" in result.stderr
    assert ignore.read_text() == "cache/\nsessions/*.toml\n"
    assert not (machine.home / ".git").exists() and not (machine.home / ".gitattributes").exists()


def test_init_names_a_pattern_that_would_hide_the_first_game_of_an_empty_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    isolated_git(tmp_path, monkeypatch)
    machine = Machine(tmp_path / "a", monkeypatch)
    machine.home.mkdir()
    (machine.home / ".gitignore").write_text("*.toml\n")
    result = machine.run("club", "init")
    assert result.exit_code == 1
    assert "git would not share a new file in sessions/: .gitignore line 1 (*.toml)" in result.stderr
