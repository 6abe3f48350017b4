"""A deal the engine accepted in its turns is read back whole by every reader (`export`,
`edit`, the phone's correction): the check that a whole deal's parts go together is a
front end's check of what a person enters at once, never of what the file holds.

A royal straight flush after a declared Chicago is such a deal: `declare` and then
`royal` are each legal in their turn, and `--chicago` with `--royal` in one `deal` is
not (a royal wins the game at once)."""

from __future__ import annotations

from pathlib import Path

from cli_support import ok, session_file, usage_error


def _chicago_then_royal() -> None:
    ok("new", "kor", "Anna", "Bo", "Cecilia", "Åsa")
    ok("deal", "--buy", "Anna:straight-flush", "--buy", "Anna:straight-flush", "--last-trick", "Anna")
    ok("buy", "pass")
    ok("buy", "pass")
    ok("declare", "Anna")
    ok("royal", "Bo")


def test_a_royal_after_a_declared_chicago_exports_and_corrects_as_recorded(tmp_path: Path) -> None:
    _chicago_then_royal()
    assert "Bo" in ok("export", "--format", "csv")
    ok("export", "--format", "protocol", "-o", str(tmp_path / "protokoll.html"))
    before = session_file("kor").read_bytes()
    said = ok("edit", "2", "--no-chicago", "--dry-run")
    assert "2" in said
    assert session_file("kor").read_bytes() == before


def test_chicago_and_royal_given_at_once_are_still_refused(chicago_home: Path) -> None:
    ok("new", "kor", "Anna", "Bo", "Cecilia", "Åsa")
    before = session_file("kor").read_bytes()
    said = usage_error("deal", "--chicago", "Anna", "--royal", "Bo")
    assert "royal" in said
    assert session_file("kor").read_bytes() == before
