"""`night check` and `night close` (cli.md, "The night's stages, its check and its
close"): what a revisor should look at, a result provisional until closed and final
after, and what is changed after the close listed as an amendment."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from cli_support import ok, refused, session_file, usage_error

SIX = ("Anna", "Bo", "Cilla", "Dag", "Eva", "Fia")


def status(name: str = "kväll") -> dict[str, Any]:
    data: dict[str, Any] = json.loads(ok("night", "status", name, "--json"))
    return data


def check(name: str = "kväll") -> list[dict[str, Any]]:
    data: list[dict[str, Any]] = json.loads(ok("night", "check", name, "--json"))
    return data


def table_path(table: dict[str, Any]) -> str:
    return str(session_file(table["session"]))


def long_game(table: dict[str, Any]) -> None:
    """A game of nine deals: seven of a last trick each (5 a deal) for the first seat,
    then the second's royal."""
    first, second = table["players"][0], table["players"][1]
    for _ in range(8):
        ok("deal", "--buy", "pass", "--buy", "pass", "--last-trick", first, "--file", table_path(table))
    ok("deal", "--royal", second, "--file", table_path(table))


def test_a_result_is_provisional_until_closed_and_final_after(chicago_home: Path) -> None:
    ok("night", "new", "kväll", *SIX, "--rounds", "1", "--seed", "2")
    now = status()
    assert now["result"] == "provisional" and now["closed"] is None
    assert "provisional" in ok("night", "status", "kväll")
    first, second = now["tables"]
    ok("royal", first["players"][0], "--file", table_path(first))
    # Closing while a game is played is refused, naming the table.
    assert "table 2" in refused("night", "close", "kväll")
    ok("royal", second["players"][0], "--file", table_path(second))
    assert "final" in ok("night", "close", "kväll")
    closed = status()
    assert closed["result"] == "final" and closed["closed"]
    assert "Result: final" in ok("night", "status", "kväll")
    assert "closed" in refused("night", "close", "kväll")  # once
    # After the close nothing is taken back, and a correction needs a reason.
    before = Path(table_path(first)).read_bytes()
    assert "was closed" in refused("undo", "--file", table_path(first))
    assert "--reason" in refused("edit", "1", "--royal", first["players"][1], "--file", table_path(first))
    assert Path(table_path(first)).read_bytes() == before
    ok("edit", "1", "--royal", first["players"][1], "--reason", "fel spelare noterad",
       "--file", table_path(first))  # fmt: skip
    amended = status()
    assert [(a["session"], a["kind"], a["deal"]) for a in amended["amendments"]] == [
        (first["session"], "correction", 1)
    ]
    assert "fel spelare noterad" in amended["amendments"][0]["text"]
    assert amended["tables"][0]["winners"] == [first["players"][1]]  # the standings follow
    assert "Amendments after the result" in ok("night", "status", "kväll")
    # Reopening needs a reason, and is listed as an amendment after the result.
    usage_error("night", "close", "kväll", "--reopen")
    assert "provisional" in ok("night", "close", "kväll", "--reopen", "--reason", "fel i bord 2")
    opened = status()
    assert opened["result"] == "provisional"
    assert [a["kind"] for a in opened["amendments"]] == ["correction", "reopen"]  # as made
    assert "fel i bord 2" in opened["amendments"][1]["text"]
    assert "nothing to reopen" in refused("night", "close", "kväll", "--reopen", "--reason", "x")


def test_night_check_lists_royals_penalties_forfeits_and_late_corrections(chicago_home: Path) -> None:
    ok("night", "new", "kväll", *SIX, "--rounds", "1", "--seed", "2")
    first, second = status()["tables"]
    assert check() == []
    assert "nothing to look at" in ok("night", "check", "kväll")
    ok("penalty", first["players"][2], "1", "--reason", "kortet syntes", "--file", table_path(first))
    ok("royal", first["players"][0], "--file", table_path(first))
    ok("deal", "--buy", f"{second['players'][1]}:par", "--buy", "pass", "--last-trick",
       second["players"][2], "--file", table_path(second))  # fmt: skip
    ok("forfeit", second["players"][0], "--reason", "visade inte kåk", "--file", table_path(second))
    ok("edit", "1", "--last-trick", second["players"][1], "--file", table_path(second))
    found = check()
    kinds = {(f["session"], f["kind"]) for f in found}
    assert (first["session"], "royal") in kinds
    assert (first["session"], "penalty") in kinds
    assert (second["session"], "forfeit") in kinds
    assert (second["session"], "correction-after-end") in kinds
    assert all({"session", "deal", "kind", "text"} == set(f) for f in found)
    royal = next(f for f in found if f["kind"] == "royal")
    assert royal["deal"] == 1 and first["players"][0] in royal["text"]
    text = ok("night", "check", "kväll")
    assert f"{first['session']}, deal 1" in text


def test_night_check_names_a_quiet_table_and_a_game_far_longer_than_the_rest(
    chicago_home: Path,
) -> None:
    players = (*SIX, "Gun", "Hugo", "Ida", "Jon", "Kim", "Lo", "Mia")
    ok("night", "new", "kväll", *players, "--rounds", "1", "--seed", "4")
    one, two, three, four = status()["tables"]  # 13 players: 4, 3, 3, 3
    ok("royal", one["players"][0], "--file", table_path(one))
    ok("royal", two["players"][0], "--file", table_path(two))
    long_game(three)  # 9 deals; the finished games' median is 1
    # Table 4 last recorded 25 minutes before the others did.
    ok("deal", "--buy", "pass", "--buy", "pass", "--last-trick", four["players"][0],
       "--file", table_path(four))  # fmt: skip
    latest = max(os.stat(table_path(t)).st_mtime for t in (one, two, three))
    os.utime(table_path(four), (latest - 25 * 60, latest - 25 * 60))
    found = check()
    quiet = [f for f in found if f["kind"] == "quiet"]
    assert [f["session"] for f in quiet] == [four["session"]]
    assert "25 minutes" in quiet[0]["text"]
    deals = [f for f in found if f["kind"] == "deals"]
    assert [f["session"] for f in deals] == [three["session"]]
    assert "9 deals" in deals[0]["text"] and "median of 1" in deals[0]["text"]


def _closed_night() -> tuple[dict[str, Any], dict[str, Any]]:
    """A night of two tables of three, each game ended in deal 2 by its first seat's royal
    after a deal 1 of a full house (6) for the second and a pair and the last trick
    (1 + 5) for the third; then closed."""
    ok("night", "new", "kväll", *SIX, "--rounds", "1", "--seed", "2")
    tables = status()["tables"]
    for table in tables:
        first, second, third = table["players"]
        ok("deal", "--buy", f"{second}:kåk", "--buy", f"{third}:par", "--last-trick", third,
           "--file", table_path(table))  # fmt: skip
        ok("royal", first, "--file", table_path(table))
    ok("night", "close", "kväll")
    first_table, second_table = tables
    return first_table, second_table


def test_a_revisors_penalty_after_a_closed_nights_game_is_an_amendment_and_the_standings_follow(
    chicago_home: Path,
) -> None:
    table, _ = _closed_night()
    first, second, third = table["players"]
    before = {r["name"]: r for r in status()["standings"]}
    # By hand: the second 6 (2nd, 12 points), the third 6 (level: they share 2nd and 3rd,
    # 10 each); 4 off the second leaves 2: the third is 2nd (12), the second 3rd (8).
    assert (before[second]["points"], before[third]["points"]) == (10, 10)
    ok("penalty", second, "4", "--reason", "räknade fel", "--file", table_path(table))
    after = status()
    assert after["result"] == "final"
    standings = {r["name"]: r for r in after["standings"]}
    assert (standings[second]["points"], standings[third]["points"]) == (8, 12)
    assert standings[first]["points"] == 20  # the royal's holder won the game whatever
    assert [(a["session"], a["kind"], a["deal"]) for a in after["amendments"]] == [
        (table["session"], "penalty", 2)
    ]
    assert "räknade fel" in after["amendments"][0]["text"]
    assert any(f["kind"] == "penalty" for f in check())
    text = Path(table_path(table)).read_text()
    # Format 7 (with when it was written, `at`): earlier releases refuse it by name.
    assert "after_end = true" in text and "\nat = " in text and "\nversion = 7\n" in text
    # It is an amendment of the close: taken back only once the close is.
    assert "was closed" in refused("undo", "--file", table_path(table))


def test_penalty_and_forfeit_are_refused_after_the_game_is_over_outside_a_closed_night(
    chicago_home: Path,
) -> None:
    ok("new", "ensam", "Anna", "Bo", "Cilla")
    ok("royal", "Anna")
    path = session_file("ensam")
    before = path.read_bytes()
    assert "the game is over" in refused("penalty", "Bo", "2", "--reason", "x")
    assert "the game is over" in refused("forfeit", "Bo", "--reason", "x")
    assert path.read_bytes() == before
    # A night's game, over, before the night is closed: refused too.
    ok("night", "new", "kväll", *SIX, "--rounds", "1", "--seed", "2")
    table = status()["tables"][0]
    ok("royal", table["players"][0], "--file", table_path(table))
    game = Path(table_path(table)).read_bytes()
    assert "the game is over" in refused(
        "penalty", table["players"][1], "2", "--reason", "x", "--file", table_path(table)
    )
    assert Path(table_path(table)).read_bytes() == game


def test_a_revisors_forfeit_after_a_closed_nights_game_places_the_player_last_as_an_amendment(
    chicago_home: Path,
) -> None:
    """The revisor rules after the result that the game's winner claimed a hand they could
    not show: placed last and counted 0; the others' best totals win; listed."""
    table, _ = _closed_night()
    first, second, third = table["players"]
    before = {r["name"]: r["points"] for r in status()["standings"]}
    # By hand: the royal's holder 1st (20), the second and third level on 6 (10 each).
    assert (before[first], before[second], before[third]) == (20, 10, 10)
    ok("forfeit", first, "--reason", "royal visades inte", "--file", table_path(table))
    after = status()
    assert after["result"] == "final"
    played = next(t for t in after["tables"] if t["session"] == table["session"])
    assert played["winners"] == [second, third] and played["forfeited"] == [first]
    standings = {r["name"]: r["points"] for r in after["standings"]}
    # The second and third share 1st and 2nd ((20 + 12) / 2), the forfeiter is last (8).
    assert (standings[first], standings[second], standings[third]) == (8, 16, 16)
    assert [(a["session"], a["kind"]) for a in after["amendments"]] == [(table["session"], "forfeit")]
    assert any(f["kind"] == "forfeit" for f in check())
    text = Path(table_path(table)).read_text()
    assert "after_end = true" in text and "\nat = " in text and "\nversion = 7\n" in text
    # Once forfeited, a second forfeit is refused and the file stays.
    again = Path(table_path(table)).read_bytes()
    refused("forfeit", second, "--reason", "x", "--file", table_path(table))
    assert Path(table_path(table)).read_bytes() == again


def test_a_penalty_after_the_end_needs_the_night_closed_when_it_is_written(
    chicago_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    table, _ = _closed_night()
    ok("night", "close", "kväll", "--reopen", "--reason", "fel i bord 1")
    before = Path(table_path(table)).read_bytes()
    assert "the game is over" in refused(
        "penalty", table["players"][1], "2", "--reason", "x", "--file", table_path(table)
    )
    assert Path(table_path(table)).read_bytes() == before
    # Reopened between the command's look and its write: the write, under the lock, sees it.
    from chicago_protokoll.store import nighttable

    monkeypatch.setattr(nighttable, "closed_night", lambda path: object())
    said = refused("penalty", table["players"][1], "2", "--reason", "x", "--file", table_path(table))
    assert "the night kväll is not closed" in said
    assert Path(table_path(table)).read_bytes() == before
