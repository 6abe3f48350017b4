"""A session file whose events break the rules (a hand edit gone wrong) is refused by name."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from chicago_protokoll.core.events import ChicagoDeclared
from chicago_protokoll.core.session import new_session
from chicago_protokoll.store import catalogue, fileformat, locations, sessionfile

COMMANDS = [
    ["status"],
    ["status", "--json"],
    ["undo"],
    ["log"],
    ["explain"],
    ["play"],
    ["deal", "--last-trick", "Anna"],
]


@pytest.fixture
def edited_file() -> Path:
    """A session where Bo "declared Chicago" before köp 1: no command may build on it."""
    session = new_session(["Anna", "Bo", "Cilla"], name="fredag")
    path = locations.session_path("fredag")
    sessionfile.create_session(path, session)
    catalogue.set_current("fredag")
    broken = session.with_event(ChicagoDeclared(1, "Bo"))
    path.write_text(fileformat.dumps_session(broken), encoding="utf-8")
    return path


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_a_session_whose_events_break_the_rules_is_refused_by_name_and_left_alone(
    edited_file: Path, command: list[str]
) -> None:
    """Every reading or writing command (play included) names the file and writes nothing."""
    from chicago_protokoll.cli.app import app

    before = edited_file.read_bytes()
    result = CliRunner().invoke(app, ["--lang", "en", *command], prog_name="chicago")
    assert result.exit_code == 1, result.output
    assert "sessions/fredag.toml does not add up" in result.output
    assert "game.scored_buys" in result.output
    assert "Traceback" not in result.output
    assert edited_file.read_bytes() == before
