"""`chicago night`: a club night's commands as cli.md ("The club night") has them, the
current session left alone, and every bad input refused with every file unchanged."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from chicago_protokoll.store import locations, nightfile
from cli_support import invoke, ok, refused, session_file, usage_error

TEN = ("Anna", "Bo", "Cilla", "Dag", "Eva", "Fia", "Gun", "Hugo", "Ida", "Jon")
NINE = TEN[:9]


def night_status(*args: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(ok("night", "status", "--json", *args))
    return data


def finish_round(status: dict[str, Any], winner_seat: int = 0) -> None:
    """Every table of the current round won by a royal of the seat ``winner_seat``,
    recorded with --file so that the current session stays as it is."""
    for table in status["tables"]:
        if not table["finished"]:
            path = session_file(table["session"])
            ok("royal", table["players"][winner_seat], "--file", str(path))


def files(home: Path) -> dict[str, bytes]:
    """Every file of the data directory, byte for byte (the lock file aside)."""
    return {
        str(path.relative_to(home)): path.read_bytes()
        for path in sorted(home.rglob("*"))
        if path.is_file() and path.name != ".chicago-protokoll.lock"
    }


def test_a_night_from_first_round_to_final(chicago_home: Path) -> None:
    out = ok("night", "new", "fredag", *TEN, "--seed", "11")
    assert "Table 1 (fredag-r1-t1)" in out
    status = night_status()
    assert {"night", "round", "rounds", "finished", "tables", "standings"} <= set(status)
    assert (status["night"], status["round"], status["rounds"], status["finished"]) == (
        "fredag", 1, 3, False,
    )  # fmt: skip
    assert [len(t["players"]) for t in status["tables"]] == [4, 3, 3]
    table = status["tables"][0]
    assert {"round", "table", "session", "players", "deal", "finished"} <= set(table)
    assert table["dealer"] == table["players"][0]
    created = json.loads(ok("status", "--json", "--session", "fredag-r1-t1"))
    assert created["dealer"] == table["players"][0]  # the first seat deals first
    assert [p["name"] for p in created["players"]] == table["players"]
    for _ in range(2):
        finish_round(status)
        assert "Table 1 (fredag-r" in ok("night", "draw")
        status = night_status()
    finish_round(status)
    status = night_status("fredag")
    assert status["finished"] and status["round"] == 3
    assert "night final" in refused("night", "draw")
    out = ok("night", "final", "--top", "4")
    assert "lot" in out  # nine winners of 20 each... level at the cut
    status = night_status()
    assert status["final"] and status["round"] == 4
    assert status["tables"][0]["session"] == "fredag-final"
    assert status["results"][-1]["session"] == "fredag-final"
    assert len(status["results"]) == 10
    finish_round(status, winner_seat=1)
    status = night_status()
    assert status["finished"]
    champion = status["tables"][0]["players"][1]
    assert status["standings"][0]["name"] == champion
    assert status["standings"][0]["rank"] == 1
    assert "final already" in refused("night", "final")
    text = ok("night", "status")
    assert champion in text and "Placement points" in text


def test_night_status_shows_shared_places_as_fractions() -> None:
    ok("night", "new", "f", "Anna", "Bo", "Cilla", "--seed", "1", "--rounds", "1")
    status = night_status()
    seats = status["tables"][0]["players"]
    ok("royal", seats[0], "--file", str(session_file("f-r1-t1")))
    status = night_status()
    table = status["tables"][0]
    assert table["places"] == {seats[0]: 1, seats[1]: 2, seats[2]: 2}
    assert table["placement_points"] == {seats[0]: 20, seats[1]: 10, seats[2]: 10}
    points = {row["name"]: row["points"] for row in status["standings"]}
    assert points == {seats[0]: 20, seats[1]: 10, seats[2]: 10}
    ok("night", "new", "g", "Anna", "Bo", "Cilla", "--seed", "1", "--points", "20,12,7")
    ok("royal", night_status("g")["tables"][0]["players"][0], "--file", str(session_file("g-r1-t1")))
    assert sorted(row["points"] for row in night_status("g")["standings"]) == [9.5, 9.5, 20]


def test_night_commands_never_change_the_current_session() -> None:
    ok("new", "hemma", "Anna", "Bo")
    ok("night", "new", "fredag", *NINE, "--seed", "3", "--rounds", "2")
    finish_round(night_status())
    ok("night", "leave", "Bo")
    ok("night", "join", "Örjan")
    ok("night", "draw")
    finish_round(night_status())
    ok("night", "final", "--top", "3")
    ok("night", "status")
    assert locations.get_current() == "hemma"
    ok("deal", "--buy", "pass", "--buy", "pass", "--last-trick", "Anna", "--showdown", "pass")
    assert json.loads(ok("status", "--json"))["session"] == "hemma"


def test_again_on_a_nights_session_is_refused_naming_night_draw(chicago_home: Path) -> None:
    ok("night", "new", "fredag", "Anna", "Bo", "Cilla", "--seed", "3")
    ok("royal", "Anna", "--session", "fredag-r1-t1")
    ok("sessions", "use", "fredag-r1-t1")  # --session does not make it current: this does
    before = files(chicago_home)
    message = refused("again")
    assert "night draw fredag" in message
    assert "fredag-r1-t1" in message
    assert files(chicago_home) == before
    assert "night draw" in refused("again", "--session", "fredag-r1-t1")


def test_a_player_leaving_a_game_in_progress_is_told_to_forfeit() -> None:
    ok("night", "new", "fredag", *NINE, "--seed", "3")
    status = night_status()
    player, session = status["tables"][1]["players"][2], status["tables"][1]["session"]
    out = ok("night", "leave", player)
    assert f"chicago forfeit {player} --reason left --session {session}" in out
    assert night_status()["absent"] == [player]
    assert not night_status()["tables"][1]["finished"]  # leave itself ends no game


def test_leave_and_join_change_the_next_draw() -> None:
    ok("night", "new", "fredag", *TEN, "--seed", "5")
    finish_round(night_status())
    ok("night", "leave", "anna")
    ok("night", "join", "Kim")
    ok("night", "draw")
    status = night_status()
    seated = {p for t in status["tables"] for p in t["players"]}
    assert "Anna" not in seated and "Kim" in seated
    assert status["absent"] == ["Anna"]
    assert "Kim" in status["players"]


def test_chicago_stats_counts_a_nights_games_like_any_others() -> None:
    ok("night", "new", "fredag", "Anna", "Bo", "Cilla", "Dag", "--seed", "1", "--rounds", "2")
    finish_round(night_status())
    ok("night", "draw")
    finish_round(night_status())
    stats = json.loads(ok("stats", "--json"))
    games = {row["name"]: row["games"] for row in stats["players"]}
    assert games == {"Anna": 2, "Bo": 2, "Cilla": 2, "Dag": 2}
    assert sum(row["wins"] for row in stats["players"]) == 2


def test_the_nights_house_rules_are_every_tables() -> None:
    ok("night", "new", "fredag", *NINE, "--seed", "1", "--preset", "tournament")
    for table in night_status()["tables"]:
        assert "threshold = 45" in ok("rules", "show", "--session", table["session"])


def test_a_night_draw_names_the_tables_still_playing(chicago_home: Path) -> None:
    ok("night", "new", "fredag", *TEN, "--seed", "2")
    status = night_status()
    ok("royal", status["tables"][0]["players"][0], "--file", str(session_file("fredag-r1-t1")))
    before = files(chicago_home)
    message = refused("night", "draw")
    assert message == (
        "chicago: round 1 is not over: tables 2 (fredag-r1-t2), 3 (fredag-r1-t3) are still playing"
    )
    assert files(chicago_home) == before


def _setup_for(case: str) -> None:
    if case in ("final-early", "draw-early", "leave", "join", "top", "final-twice", "taken"):
        rounds = "2" if case in ("final-early", "draw-early") else "1"
        ok("night", "new", "fredag", *NINE, "--seed", "4", "--rounds", rounds)
    if case in ("top", "final-twice"):
        finish_round(night_status())
    if case == "final-twice":
        ok("night", "final")
    if case == "exists":
        ok("new", "fredag-r1-t3", "Anna", "Bo")


BAD_INPUT: list[tuple[str, tuple[str, ...], str]] = [
    ("none", ("night", "new", "f", "Anna", "Bo", "anna"), "two players"),
    ("none", ("night", "new", "f", "Anna", "Bo", "Ci\u200bla"), "not visible text"),
    ("none", ("night", "new", "f", "Anna", "Bo", "Cilla", "Dag", "Eva"), "5 players cannot sit"),
    ("none", ("night", "new", "f", *NINE, "--table-size", "5"), "game.max_players"),
    ("none", ("night", "new", "f", *NINE, "--points", "20,12,x"), "placement points"),
    ("none", ("night", "new", "f", *NINE, "--points", "5,8"), "placement points must fall"),
    ("none", ("night", "new", "f", *NINE, "--points", "20,-1"), "placement points"),
    ("none", ("night", "new", "../f", *NINE), "cannot be a session name"),
    ("none", ("night", "status"), "no night yet"),
    ("none", ("night", "draw", "nope"), "no night 'nope'"),
    ("taken", ("night", "new", "fredag", *NINE), "already"),
    ("exists", ("night", "new", "fredag", *TEN), "fredag-r1-t3"),
    ("draw-early", ("night", "draw"), "still playing"),
    ("final-early", ("night", "final"), "after the last round"),
    ("final-twice", ("night", "final"), "final already"),
    ("top", ("night", "final", "--top", "2"), "3 to 4"),
    ("top", ("night", "final", "--top", "5"), "3 to 4"),
    ("leave", ("night", "leave", "Zed"), "not in the night"),
    ("join", ("night", "join", "Bo"), "already in the night"),
]


@pytest.mark.parametrize(("case", "args", "said"), BAD_INPUT, ids=[" ".join(a[1][:4]) + f" [{a[0]}]" for a in BAD_INPUT])
def test_bad_input_is_refused_with_one_sentence_and_every_file_unchanged(
    chicago_home: Path, case: str, args: tuple[str, ...], said: str
) -> None:
    _setup_for(case)
    chicago_home.mkdir(exist_ok=True)
    before = files(chicago_home)
    message = refused(*args)
    assert said in message
    assert files(chicago_home) == before


def test_a_leave_of_one_who_left_is_refused(chicago_home: Path) -> None:
    ok("night", "new", "fredag", *NINE, "--seed", "4")
    ok("night", "leave", "Bo")
    before = files(chicago_home)
    assert "already left" in refused("night", "leave", "Bo")
    assert files(chicago_home) == before


@pytest.mark.parametrize(
    "args",
    [
        ("night", "new", "f", *NINE, "--rules", "x.toml", "--preset", "family"),
        ("night", "new", "f", *NINE, "--rounds", "0"),
        ("night", "new", "f", *NINE, "--seed", "-1"),
        ("night", "final", "--top", "many"),
        ("night", "status", "--json", "--format", "csv"),
    ],
)
def test_usage_errors_exit_2_and_write_nothing(chicago_home: Path, args: tuple[str, ...]) -> None:
    usage_error(*args)
    assert not (chicago_home / "nights").exists()


def test_a_damaged_night_file_is_refused_by_name_and_left_as_it_is() -> None:
    ok("night", "new", "fredag", *NINE, "--seed", "4")
    path = nightfile.night_path("fredag")
    path.write_text(re.sub(r"^version = \d+$", "version = 99", path.read_text("utf-8"), flags=re.M), "utf-8")
    before = path.read_bytes()
    for args in (("night", "status"), ("night", "leave", "Bo"), ("night", "draw")):
        assert "nights/fredag.toml" in refused(*args)
    assert path.read_bytes() == before


def test_a_nights_session_gone_is_named() -> None:
    ok("night", "new", "fredag", *NINE, "--seed", "4")
    session_file("fredag-r1-t2").unlink()
    assert "fredag-r1-t2" in refused("night", "status")


def test_a_nights_session_replaced_by_another_table_is_named() -> None:
    ok("night", "new", "fredag", *NINE, "--seed", "4")
    session_file("fredag-r1-t2").unlink()
    ok("new", "fredag-r1-t2", "Xena", "Yngve", "Zorro")
    assert "does not seat the players" in refused("night", "status")


def test_night_with_no_command_shows_its_commands() -> None:
    result = invoke("night")
    for command in ("new", "draw", "status", "final", "leave", "join", "cards"):
        assert command in result.output


def test_a_forfeit_at_a_night_table_places_the_player_last_with_no_game_points() -> None:
    """rules.md: a forfeiting player is last (the last place's points) and counts 0 game
    points; the winner is the best total among the others.  Four at one table: the
    forfeiter had the most points (23), the others 0, 0, 0 share places 1-3."""
    ok("night", "new", "kväll", "Anna", "Bo", "Cilla", "Dag", "--rounds", "1", "--seed", "3")
    table = night_status()["tables"][0]
    first, *others = table["players"]
    session = table["session"]
    ok("deal", "--buy", f"{first}:kåk", "--buy", f"{first}:kåk", "--last-trick", first,
       "--showdown", f"{first}:kåk", "--session", session)
    ok("penalty", others[0], "3", "--reason", "köpte för många", "--session", session)
    ok("forfeit", first, "--reason", "visade inte färgen", "--session", session)
    result = night_status()["results"][0]
    assert result["finished"] and result["forfeited"] == [first]
    assert result["places"][first] == 4 and result["placement_points"][first] == 5
    shared = (20 + 12 + 8) / 3
    assert all(result["placement_points"][name] == round(shared, 2) for name in others)
    standings = {row["name"]: row for row in night_status()["standings"]}
    assert standings[first]["game_points"] == 0 and standings[first]["rank"] == 4
    log = ok("log", "--session", session)
    assert "köpte för många" in log and "visade inte färgen" in log


def test_stats_nights_adds_up_placement_points_and_nights_won_across_nights() -> None:
    """Night a (Anna, Bo, Cilla, Dag): Bo's royal, 20; the three others level share
    (12+8+5)/3 = 8.33.  Night b (Anna, Bo, Cilla): Anna's royal, 20; Bo and Cilla share
    (12+8)/2 = 10.  Night c: drawn, nothing played, counts for nobody.  Bo 30 (1 night
    won), Anna 28.33 (1), Cilla 18.33, Dag 8.33."""
    ok("night", "new", "a", "Anna", "Bo", "Cilla", "Dag", "--rounds", "1", "--seed", "3")
    ok("royal", "Bo", "--session", "a-r1-t1")
    ok("night", "new", "b", "Anna", "Bo", "Cilla", "--rounds", "1", "--seed", "3")
    ok("royal", "Anna", "--session", "b-r1-t1")
    ok("night", "new", "c", "Anna", "Bo", "Cilla", "--rounds", "1", "--seed", "3")
    data = json.loads(ok("stats", "--nights", "--json"))
    assert data["nights"] == 3
    rows = {row["name"]: row for row in data["players"]}
    assert [row["name"] for row in data["players"]] == ["Bo", "Anna", "Cilla", "Dag"]
    assert rows["Bo"] == {"name": "Bo", "nights": 2, "night_wins": 1, "points": 30, "games": 2}
    assert rows["Anna"]["points"] == 28.33 and rows["Anna"]["night_wins"] == 1
    assert rows["Cilla"]["points"] == 18.33 and rows["Cilla"]["night_wins"] == 0
    assert rows["Dag"] == {"name": "Dag", "nights": 1, "night_wins": 0, "points": 8.33, "games": 1}
    table = ok("stats", "--nights")
    assert "The club's nights: 3 nights" in table and "28.33" in table
    assert "28,33" in ok("--lang", "sv", "stats", "--nights")
