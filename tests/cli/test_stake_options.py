"""Every --stake goes through one reader: settle, export and play agree on what a stake is,
a bad one is a usage error (settle, export) or a refusal with the reason (play), and no
number reaches the settlement as an unexpected error."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chicago_protokoll.store import locations
from cli_support import invoke, ok, usage_error

BAD = ["NaN", "inf", "-inf", "1e999999", "9" * 40, "-1", "0.125", "tio", "\x1b[2J5"]
COMMANDS = [["settle"], ["export", "--format", "md"], ["export", "--format", "html"]]


@pytest.fixture(autouse=True)
def game() -> None:
    ok("new", "fredag", "Anna", "Bo", "Cilla")


@pytest.mark.parametrize("stake", BAD)
@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_a_stake_that_is_no_amount_is_a_usage_error(command: list[str], stake: str) -> None:
    """NaN, inf, 1e999999, 40 digits, negative, more than öre: exit 2 naming --stake."""
    before = locations.session_path("fredag").read_bytes()
    message = usage_error(*command, "--stake", stake)
    assert "--stake" in message and "is not a stake" in message
    assert "\x1b" not in message and "unexpected" not in message
    assert locations.session_path("fredag").read_bytes() == before


@pytest.mark.parametrize("stake", BAD)
def test_play_refuses_a_stake_that_is_no_amount_with_the_reason(stake: str) -> None:
    """play --stake: one line, exit 1, saying what a stake is; nothing created."""
    result = invoke("play", "lördag", "Anna", "Bo", "--stake", stake)
    assert result.exit_code == 1, result.output
    assert "is not a stake" in result.stderr and "\x1b" not in result.stderr
    assert not locations.session_path("lördag").exists()


@pytest.mark.parametrize(("comma", "point"), [("0,5", "0.5"), ("1,25", "1.25"), ("2,0", "2")])
def test_settle_and_export_read_a_decimal_comma_as_a_point(comma: str, point: str) -> None:
    """`0,5` and `0.5` give the same settlement in settle, settle --json and the md export."""
    ok("deal", "--buy", "Anna:kåk", "--last-trick", "Bo", "--showdown", "Anna:triss")
    assert ok("settle", "--stake", comma) == ok("settle", "--stake", point)
    assert json.loads(ok("settle", "--json", "--stake", comma)) == json.loads(
        ok("settle", "--json", "--stake", point)
    )
    assert ok("export", "--format", "md", "--stake", comma) == ok(
        "export", "--format", "md", "--stake", point
    )


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.text(max_size=24))
def test_any_stake_text_settles_or_is_a_usage_error(stake: str) -> None:
    """Whatever is typed after --stake: a settlement (exit 0) or a usage error (exit 2)."""
    result = invoke("settle", "--json", "--stake", stake)
    assert result.exit_code in (0, 2), result.output
    assert "Traceback" not in result.output and "unexpected" not in result.output
    if result.exit_code == 0:
        assert 0 <= json.loads(result.stdout)["stake"] <= 1_000_000
