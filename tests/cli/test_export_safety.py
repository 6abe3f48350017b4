"""Exports never destroy a session: `export -o` onto a session file (the data
directory's, the session's own --file, by link or another spelling, any session
file) is refused and changes nothing; `-o -` is standard output; a missing folder is
an error; no temporary file is left beside the output.  Markdown escapes its specials."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from chicago_protokoll.store import atomic, locations
from cli_support import invoke, ok, refused


@pytest.fixture
def game(chicago_home: Path) -> Path:
    ok("new", "fredag", "Anna", "Bo", "Cilla")
    ok("new", "other", "Anna", "Bo")
    ok("sessions", "use", "fredag")
    return locations.session_path("fredag")


def _spellings(path: Path, tmp_path: Path) -> list[str]:
    link = tmp_path / "link.toml"
    link.symlink_to(path)
    dotted = f"{path.parent}/../{path.parent.name}/./{path.name}"
    return [str(path), dotted, str(link), os.path.relpath(path)]


@pytest.mark.parametrize("fmt", ["json", "csv", "md", "html"])
def test_export_onto_the_session_file_is_refused_by_any_spelling(
    fmt: str, game: Path, tmp_path: Path
) -> None:
    before = game.read_bytes()
    for target in _spellings(game, tmp_path):
        assert "refusing to write the export" in refused("export", "--format", fmt, "-o", target)
    assert game.read_bytes() == before
    assert sorted(os.listdir(game.parent)) == sorted(
        [".chicago-protokoll.lock", "fredag.toml", "other.toml"]
    )


def test_export_onto_another_session_or_the_data_directory_is_refused(
    game: Path, tmp_path: Path
) -> None:
    other = locations.session_path("other")
    elsewhere = tmp_path / "away.toml"
    ok("new", "away", "Anna", "Bo", "--file", str(elsewhere))
    ok("sessions", "use", "fredag")
    saved = {p: p.read_bytes() for p in (other, elsewhere)}
    for target in (other, elsewhere, locations.data_dir() / "current", game.parent / "new.md"):
        assert "refusing to write the export" in refused("export", "-o", str(target))
    assert {p: p.read_bytes() for p in saved} == saved
    assert not (game.parent / "new.md").exists()


def test_export_of_a_file_session_onto_its_own_file_is_refused(tmp_path: Path) -> None:
    own = tmp_path / "own.toml"
    ok("new", "x", "Anna", "Bo", "--file", str(own))
    before = own.read_bytes()
    assert "the session being exported" in refused("export", "--file", str(own), "-o", str(own))
    assert own.read_bytes() == before


def test_dash_writes_to_standard_output(
    game: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    for fmt in ("json", "csv", "md"):
        assert ok("export", "--format", fmt, "-o", "-") == ok("export", "--format", fmt)
    assert not (tmp_path / "-").exists()


def test_a_missing_folder_is_an_error_not_a_new_folder(game: Path, tmp_path: Path) -> None:
    here = _folder(tmp_path)
    for target in (here / "nope" / "x.json", here / "a" / "b" / "x.md"):
        assert "does not exist" in refused("export", "-o", str(target))
    assert os.listdir(here) == []


def _folder(tmp_path: Path) -> Path:
    """An empty folder for the output (the data directory is in tmp_path too)."""
    here = tmp_path / "out"
    here.mkdir()
    return here


def test_an_export_leaves_no_temporary_file_and_cleans_a_killed_ones(
    game: Path, tmp_path: Path
) -> None:
    here = _folder(tmp_path)
    out = here / "sheet.html"
    stale = here / f".{out.name}.0123456789ab.tmp"
    stale.write_text("half", encoding="utf-8")
    old = time.time() - atomic.STALE_TEMP_SECONDS - 5
    os.utime(stale, (old, old))
    fresh = here / f".{out.name}.ba9876543210.tmp"  # a write under way: kept
    fresh.write_text("half", encoding="utf-8")
    ok("export", "--format", "html", "-o", str(out))
    assert sorted(os.listdir(here)) == sorted([out.name, fresh.name])


def test_an_interrupted_export_removes_its_temporary_file(
    game: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def interrupted(fd: int) -> None:
        raise KeyboardInterrupt

    here = _folder(tmp_path)
    monkeypatch.setattr(atomic.os, "fsync", interrupted)
    result = invoke("export", "-o", str(here / "x.json"))
    assert result.exit_code == 130
    assert os.listdir(here) == []


@pytest.mark.parametrize(
    ("name", "raw", "shown"),
    [
        ("<script>x", "<script>", "&lt;script&gt;x"),
        ("A&B", "A&B", "A&amp;B"),
        ("a|b", "| a|b |", "a\\|b"),
        ("*Bo*", "*Bo*", "\\*Bo\\*"),
        ("[x](y)", "[x]", "\\[x\\](y)"),
    ],
)
def test_markdown_escapes_what_it_would_interpret(name: str, raw: str, shown: str) -> None:
    ok("new", "g", name, "Bo")
    ok("deal", "--last-trick", "Bo", "--showdown", f"{name}:pair")
    md = ok("export", "--format", "md")
    assert raw not in md and shown in md
