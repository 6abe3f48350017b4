"""`chicago nights` and `chicago night list` (cli.md, fifth round, "Lists, completion,
prompts, the paper protocol"): every night file of the data directory, its name, date,
players, round or stage and whether it is open or closed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from cli_support import ok

SIX = ("Anna", "Bo", "Cilla", "Dag", "Eva", "Fia")
EIGHT = (*SIX, "Greta", "Hugo")


def nights_json(*via: str) -> list[dict[str, Any]]:
    data: list[dict[str, Any]] = json.loads(ok(*via, "--json"))
    return data


def created(home: Path, night: str) -> str:
    """The night file's own ``created`` (the list's date is its day)."""
    text = (home / "nights" / f"{night}.toml").read_text(encoding="utf-8")
    line = next(line for line in text.splitlines() if line.startswith("created = "))
    value: str = json.loads(line.removeprefix("created = "))  # a TOML basic string
    return value


def finish_every_table(name: str) -> None:
    """A royal at each table of the current round: every game is over."""
    status = json.loads(ok("night", "status", name, "--json"))
    for table in status["tables"]:
        ok("royal", table["players"][0], "--session", table["session"])


def test_nights_json_lists_each_night_file_with_its_round_or_stage_and_state(
    chicago_home: Path,
) -> None:
    """A night of rounds, one at its second round, one closed, and a night of stages: each
    is one object with name, date, players, stage or round, and open or closed."""
    ok("night", "new", "fredag", *SIX, "--rounds", "2", "--seed", "1")
    finish_every_table("fredag")
    ok("night", "draw", "fredag")
    ok("night", "new", "kort", *SIX, "--rounds", "1", "--seed", "2")
    finish_every_table("kort")
    ok("night", "close", "kort")
    ok("night", "new", "sm", *EIGHT, "--games-per-table", "3", "--seed", "3")
    listed = nights_json("nights")
    assert [row["name"] for row in listed] == ["fredag", "kort", "sm"]
    made = {row["name"]: created(chicago_home, row["name"]) for row in listed}
    by_name = {row["name"]: row for row in listed}
    assert by_name["fredag"] == {
        "name": "fredag",
        "date": made["fredag"][:10],
        "players": list(SIX),
        "stage": None,
        "round": 2,
        "rounds": 2,
        "state": "open",
        "current": False,
    }
    assert (by_name["kort"]["round"], by_name["kort"]["state"]) == (1, "closed")
    assert by_name["sm"] == {
        "name": "sm",
        "date": made["sm"][:10],
        "players": list(EIGHT),
        "stage": 1,
        "round": 1,
        "rounds": 3,
        "state": "open",
        "current": True,  # the night made last: the night commands' default
    }


def test_night_list_is_the_same_list_as_nights(chicago_home: Path) -> None:
    ok("night", "new", "fredag", *SIX, "--seed", "1")
    ok("night", "new", "sm", *EIGHT, "--games-per-table", "2", "--seed", "3")
    assert nights_json("night", "list") == nights_json("nights")
    assert ok("night", "list") == ok("nights")


def test_nights_in_words_say_round_stage_and_state(chicago_home: Path) -> None:
    ok("night", "new", "fredag", *SIX, "--rounds", "3", "--seed", "1")
    ok("night", "new", "sm", *EIGHT, "--games-per-table", "3", "--seed", "3")
    lines = ok("nights").splitlines()
    assert len(lines) == 2
    assert lines[0].startswith("  fredag") and "Anna, Bo, Cilla, Dag, Eva, Fia" in lines[0]
    assert lines[0].endswith("round 1 of 3  open")
    assert lines[1].startswith("* sm") and lines[1].endswith("stage 1, game 1 of 3  open")
    swedish = ok("--lang", "sv", "nights")
    assert "omgång 1 av 3  öppen" in swedish and "steg 1, parti 1 av 3  öppen" in swedish


def test_nights_with_none_says_how_to_start_one(chicago_home: Path) -> None:
    assert "chicago night new" in ok("nights")
    assert nights_json("nights") == []


def test_a_night_file_that_does_not_load_is_listed_with_the_reason(chicago_home: Path) -> None:
    """One damaged file does not hide the other nights."""
    ok("night", "new", "fredag", *SIX, "--seed", "1")
    (chicago_home / "nights" / "trasig.toml").write_bytes(b"\x00not a night")
    listed = nights_json("nights")
    assert [row["name"] for row in listed] == ["fredag", "trasig"]
    assert "error" in listed[1] and "trasig" in listed[1]["error"]
    assert "trasig" in ok("nights")
