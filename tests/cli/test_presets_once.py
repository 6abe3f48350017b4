"""The presets (rules.md "Cases the texts leave open, decided"; cli.md "Correcting one
köp, and no silent pass"): `--preset` given twice is a usage error on every command that
takes one, never "the last wins"; `one-exchange` is seed 001's most common table; a
preset's text describes the table, never which text it comes from.  Under "Chicago
required to win", `status --json` says who has one and `status` who still lacks one."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from chicago_protokoll.core.rules import PRESETS
from cli_support import invoke, ok, session_file, usage_error

NINE = ("Anna", "Bo", "Cilla", "Dag", "Eva", "Fia", "Gun", "Hugo", "Ida")


@pytest.mark.parametrize(
    "command",
    [
        ("new", "fredag", "Anna", "Bo"),
        ("night", "new", "klubb", *NINE),
        ("rules", "init", "regler.toml"),
        ("play", "fredag", "Anna", "Bo"),
    ],
)
def test_preset_given_twice_is_a_usage_error_and_writes_nothing(
    chicago_home: Path, command: tuple[str, ...]
) -> None:
    error = usage_error(*command, "--preset", "family", "--preset", "tournament")
    assert "--preset" in error and "family, tournament" in error
    assert not any(chicago_home.rglob("*.toml")) and not Path("regler.toml").exists()


def test_one_preset_once_is_taken(chicago_home: Path) -> None:
    ok("new", "fredag", "Anna", "Bo", "--preset", "family")
    assert json.loads(ok("rules", "show", "--json"))["chicago"]["success"] == 10


def test_one_exchange_has_one_exchange_and_scores_it(chicago_home: Path) -> None:
    ok("new", "fredag", "Anna", "Bo", "Cilla", "--preset", "one-exchange")
    game = json.loads(ok("rules", "show", "--json"))["game"]
    assert (game["buys"], game["scored_buys"]) == (1, 1)
    ok("deal", "--buy", "Anna:kåk", "--last-trick", "Bo", "--showdown", "Cilla:par")
    scores = {p["name"]: p["score"] for p in json.loads(ok("status", "--json"))["players"]}
    assert scores == {"Anna": 6, "Bo": 5, "Cilla": 1}


def test_no_preset_text_names_the_seed_it_comes_from() -> None:
    for name, (text, _) in PRESETS.items():
        assert not re.search(r"\bseed\b", text, re.IGNORECASE), name
    listed = ok("rules", "presets")
    assert "one-exchange" in listed and "seed" not in listed.lower()


def test_status_json_says_who_has_a_chicago_only_where_one_is_required(
    chicago_home: Path,
) -> None:
    ok("new", "fredag", "Anna", "Bo", "Cilla", "--preset", "chicago-required")
    players = json.loads(ok("status", "--json"))["players"]
    assert [p["has_chicago"] for p in players] == [False, False, False]
    text = ok("status")
    assert text.count("no Chicago yet: needs one to win") == 3
    ok("new", "plain", "Anna", "Bo")
    assert all("has_chicago" not in p for p in json.loads(ok("status", "--json"))["players"])
    assert "no Chicago yet" not in ok("status")
    assert session_file("fredag").exists()


def test_status_json_has_chicago_turns_true_with_a_successful_chicago(
    chicago_home: Path,
) -> None:
    ok("new", "fredag", "Anna", "Bo", "Cilla", "--preset", "chicago-required")
    ok("deal", "--buy", "Anna:fyrtal", "--buy", "Anna:fyrtal", "--last-trick", "Anna",
       "--showdown", "Anna:fyrtal")  # fmt: skip  (Anna 26: she may declare)
    result = invoke("deal", "--chicago", "Anna")
    assert result.exit_code == 0, result.output
    players = {p["name"]: p for p in json.loads(ok("status", "--json"))["players"]}
    assert players["Anna"]["has_chicago"] is True and players["Bo"]["has_chicago"] is False
