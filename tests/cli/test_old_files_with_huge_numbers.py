"""A bound added since an earlier release never makes that release's files unreadable.

Before 0.2 a table could type a target of 10**28: `rules check` passed it, and then
`chart` crashed.  Such a file still loads, and every command that reads it works."""

from __future__ import annotations

from pathlib import Path

import pytest

from cli_support import invoke, refused

CORPUS_FILE = Path(__file__).resolve().parents[1] / "corpus" / "fca2959" / "custom.toml"
HUGE = 10**28


@pytest.fixture
def huge_file(tmp_path: Path) -> Path:
    """The corpus's custom-rules game, as a release before the bound could have written it."""
    path = tmp_path / "huge.toml"
    text = CORPUS_FILE.read_text("utf-8").replace("target = 51", f"target = {HUGE}")
    path.write_text(text.replace("last_trick = 5\n", f"last_trick = {HUGE}\n"), "utf-8")
    return path


@pytest.mark.parametrize(
    "command",
    [
        ["status", "--json"],
        ["log"],
        ["explain"],
        ["chart"],
        ["settle"],
        ["export", "--format", "json", "-o", "-"],
        ["export", "--format", "csv", "-o", "-"],
        ["export", "--format", "md", "-o", "-"],
        ["export", "--format", "html", "-o", "-"],
    ],
    ids=" ".join,
)
def test_a_file_with_a_number_past_the_bound_still_works(huge_file: Path, command: list[str]) -> None:
    """Reading commands work on the file; none crashes."""
    result = invoke(*command, "--file", str(huge_file))
    assert result.exit_code == 0, result.output


def test_a_deal_can_still_be_recorded_in_such_a_file(huge_file: Path) -> None:
    """The game goes on under the rules it was started with."""
    result = invoke("deal", "--buy", "Anna:pair", "--last-trick", "Bo", "--file", str(huge_file))
    assert result.exit_code == 0, result.output
    assert f"target = {HUGE}" in huge_file.read_text("utf-8")


def test_rules_check_and_new_refuse_a_number_past_the_bound(tmp_path: Path) -> None:
    """What is typed now is bounded: `rules check` and `new --rules` name the key."""
    rules = tmp_path / "huge-rules.toml"
    rules.write_text(f"[game]\ntarget = {HUGE}\n", "utf-8")
    assert "game.target must be at most 1000000" in refused("rules", "check", str(rules))
    assert "game.target" in refused("new", "x", "Anna", "Bo", "--rules", str(rules))
