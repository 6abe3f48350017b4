"""`night status --format md|html|csv -o FILE` and `night cards -o FILE`: the command wires
the night's sheets (present/night_sheet.py) to files written as `chicago export -o` writes
them.  The sheets themselves are tested beside their module."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cli_support import ok, refused, session_file

NINE = ("Anna", "Bo", "Cilla", "Dag", "Eva", "Fia", "Gun", "Hugo", "Ida")


def _night() -> dict[str, Any]:
    ok("night", "new", "fredag", *NINE, "--seed", "2")
    status: dict[str, Any] = json.loads(ok("night", "status", "--json"))
    table = status["tables"][0]
    ok("royal", table["players"][0], "--file", str(session_file(table["session"])))
    return status


@pytest.mark.parametrize(("fmt", "piece"), [("md", "|"), ("html", "<html"), ("csv", "rank")])
def test_night_status_in_each_format_goes_to_a_file(tmp_path: Path, fmt: str, piece: str) -> None:
    _night()
    out = tmp_path / f"fredag.{fmt}"
    ok("night", "status", "--format", fmt, "-o", str(out))
    text = out.read_text("utf-8")
    assert piece in text.lower()
    assert "Anna" in text
    assert ok("night", "status", "--format", fmt).strip() == text.strip()


def test_night_status_format_json_is_the_json() -> None:
    _night()
    assert json.loads(ok("night", "status", "--format", "json")) == json.loads(
        ok("night", "status", "--json")
    )


def test_night_cards_write_the_current_rounds_cards(tmp_path: Path) -> None:
    status = _night()
    out = tmp_path / "kort.html"
    ok("night", "cards", "-o", str(out))
    html = out.read_text("utf-8")
    for table in status["tables"]:
        assert table["session"] in html
        assert all(player in html for player in table["players"])


def test_night_status_never_writes_over_a_file_of_the_data_directory(chicago_home: Path) -> None:
    _night()
    target = session_file("fredag-r1-t1")
    before = target.read_bytes()
    assert "refusing to write" in refused("night", "status", "--format", "md", "-o", str(target))
    assert target.read_bytes() == before
