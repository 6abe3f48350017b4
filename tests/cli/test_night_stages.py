"""A night of stages (cli.md, "The night's stages, its check and its close"): tables kept
together for N games with seats drawn before each, the K best of each table on, down to
one table — an SM-style day run end to end by the command line with a seed, every figure
worked out by hand below."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path
from typing import Any

from cli_support import ok, refused, session_file, usage_error

#: 24 players, as at SM: 6 tables of 4.
PLAYERS = (
    "Anna",
    "Bo",
    "Cilla",
    "Dag",
    "Eva",
    "Fia",
    "Gun",
    "Hugo",
    "Ida",
    "Jon",
    "Kim",
    "Lo",
    "Mia",
    "Nils",
    "Olle",
    "Per",
    "Quinn",
    "Rut",
    "Siv",
    "Tor",
    "Ulf",
    "Vera",
    "Wilma",
    "Yngve",
)
#: How the scripted games place the players: alphabetically at every table, except that
#: at the table where Bo sits in stage 1 the 2nd and 3rd are level (a tie at the cut).
ORDER = {name: index for index, name in enumerate(PLAYERS)}


def status(name: str = "sm") -> dict[str, Any]:
    data: dict[str, Any] = json.loads(ok("night", "status", name, "--json"))
    return data


def night_sessions(name: str = "sm") -> set[str]:
    """Every game the night drew (``night status`` shows the current ones)."""
    from chicago_protokoll.store import nightfile

    return set(nightfile.load_night(nightfile.night_path(name)).sessions())


def play_game(session: str, players: list[str], *, level_second_and_third: bool = False) -> None:
    """One game decided in two deals: the alphabetically first shows a royal in deal 2;
    before it the second takes köp 1 with four of a kind (7), the third köp 2 with a full
    house (6) and the fourth the last trick (5; at a table of three the second takes it).  ``level_second_and_third``: both take a
    köp with a full house (6 each), so they share 2nd and 3rd."""
    first, second, third, *rest = sorted(players, key=ORDER.__getitem__)
    path = str(session_file(session))
    deal = ["deal", "--file", path]
    deal += ["--buy", f"{second}:{'kåk' if level_second_and_third else 'fyrtal'}"]
    deal += ["--buy", f"{third}:kåk"]
    deal += ["--last-trick", rest[0] if rest else second]
    ok(*deal)
    ok("deal", "--royal", first, "--file", path)


def play_stage(tie_table_player: str | None = None) -> None:
    """Every game of the current stage, drawing each table's next game as soon as it is
    over (the room does not wait for the slowest table)."""
    while True:
        now = status()
        playing = [t for t in now["tables"] if not t["finished"]]
        for table in playing:
            play_game(
                table["session"],
                table["players"],
                level_second_and_third=tie_table_player in table["players"],
            )
        if all(t["game"] == now["games_per_table"] for t in now["tables"]):
            after = status()
            if all(t["finished"] for t in after["tables"]):
                return
        ok("night", "draw", "sm")


def test_an_sm_day_from_the_first_draw_to_the_final_table(chicago_home: Path) -> None:
    out = ok("night", "new", "sm", *PLAYERS, "--games-per-table", "3", "--seed", "7")
    assert "stages of 3 games" in out
    first = status()
    assert (first["stage"], first["games_per_table"], first["round"]) == (1, 3, 1)
    assert [len(t["players"]) for t in first["tables"]] == [4] * 6
    assert [t["session"] for t in first["tables"]] == [f"sm-s1-t{n}-g1" for n in range(1, 7)]
    assert all((t["stage"], t["game"]) == (1, 1) for t in first["tables"])
    seated = {t["table"]: set(t["players"]) for t in first["tables"]}

    # The first table to finish draws its next game alone; the rest go on.
    table_1 = first["tables"][0]
    play_game(
        table_1["session"], table_1["players"], level_second_and_third="Bo" in table_1["players"]
    )
    drew = ok("night", "draw", "sm")
    assert "sm-s1-t1-g2" in drew and "sm-s1-t2-g2" not in drew
    again = status()
    assert again["round"] == 1  # the lowest game still being played
    assert set(again["tables"][0]["players"]) == seated[1]  # kept together
    refused("night", "advance", "sm", "--per-table", "2")  # stage 1 is not over

    play_stage(tie_table_player="Bo")
    one = status()
    assert one["round"] == 3
    # Stage 1 by hand: at each table, over 3 games, the alphabetical 1st has 3 × 20 = 60,
    # the 2nd 36, the 3rd 24, the 4th 15 — except at Bo's table, where the 2nd and 3rd
    # share (12 + 8) / 2 = 10 a game: 30 each, level on wins (0) and game points (18).
    bo_table = next(n for n, players in seated.items() if "Bo" in players)
    out = ok("night", "advance", "sm", "--per-table", "2")
    assert f"At table {bo_table} of stage 1" in out and "were level at the cut" in out
    two = status()
    assert two["stage"] == 2
    assert [len(t["players"]) for t in two["tables"]] == [4, 4, 4]
    assert [t["session"] for t in two["tables"]] == [f"sm-s2-t{n}-g1" for n in range(1, 4)]
    stage_two = {p for t in two["tables"] for p in t["players"]}
    expected: set[str] = set()
    for number, players in seated.items():
        ordered = sorted(players, key=ORDER.__getitem__)
        if number == bo_table:
            assert ordered[0] in stage_two
            assert len({ordered[1], ordered[2]} & stage_two) == 1  # the lot chose one
            assert ordered[3] not in stage_two
            expected |= {ordered[0]} | ({ordered[1], ordered[2]} & stage_two)
        else:
            expected |= set(ordered[:2])
    assert stage_two == expected

    play_stage()
    # Stage 2 by hand: at each table of 4 the alphabetical 1st has 60, the 2nd 36, the
    # 3rd 24, the 4th 15 (no tie): the 1st and the 2nd of each table go on.
    stage_two_tables = [sorted(t["players"], key=ORDER.__getitem__) for t in two["tables"]]
    after_two = {r["name"]: r for r in status()["standings"]}
    for ordered in stage_two_tables:
        assert [after_two[p]["points"] for p in ordered] == [60, 36, 24, 15]
        assert all(after_two[p]["stage_reached"] == 2 for p in ordered)
    ok("night", "advance", "sm", "--per-table", "2")
    three = status()
    assert three["stage"] == 3
    assert [len(t["players"]) for t in three["tables"]] == [3, 3]  # 6 on 2 tables of 3
    assert {p for t in three["tables"] for p in t["players"]} == {
        p for ordered in stage_two_tables for p in ordered[:2]
    }
    play_stage()
    # Stage 3 by hand: at each table of 3, 60, 36 and 24; the 1st and the 2nd go on.
    stage_three_tables = [sorted(t["players"], key=ORDER.__getitem__) for t in three["tables"]]
    after_three = {r["name"]: r for r in status()["standings"]}
    for ordered in stage_three_tables:
        assert [after_three[p]["points"] for p in ordered] == [60, 36, 24]
    ok("night", "advance", "sm", "--per-table", "2")
    final = status()
    assert final["stage"] == 4 and final["final"] is True
    assert [len(t["players"]) for t in final["tables"]] == [4]
    assert set(final["tables"][0]["players"]) == {
        p for ordered in stage_three_tables for p in ordered[:2]
    }
    refused("night", "advance", "sm", "--per-table", "2")  # one table: nowhere to go
    play_stage()
    over = status()
    assert over["finished"] is True
    refused("night", "draw", "sm")

    standings = over["standings"]
    assert len(standings) == 24
    finalists = sorted(final["tables"][0]["players"], key=ORDER.__getitem__)
    # The final by hand: 60, 36, 24, 15 in alphabetical order, ranks 1 to 4.
    assert [(r["name"], r["rank"], r["points"], r["stage_reached"]) for r in standings[:4]] == [
        (finalists[0], 1, 60, 4),
        (finalists[1], 2, 36, 4),
        (finalists[2], 3, 24, 4),
        (finalists[3], 4, 15, 4),
    ]
    # Out after stage 3 (2 tables of 3: 60, 36, 24 each): the two thirds, level, rank 5.
    out_three = [r for r in standings if r["stage_reached"] == 3]
    assert [(r["rank"], r["points"]) for r in out_three] == [(5, 24), (5, 24)]
    # Out after stage 2 (3 tables of 4): the thirds (24) rank 7, the fourths (15) rank 10.
    out_two = [r for r in standings if r["stage_reached"] == 2]
    assert [(r["rank"], r["points"]) for r in out_two] == [(7, 24)] * 3 + [(10, 15)] * 3
    # Out after stage 1: Bo's table's loser of the lot (30) first, then the 5 thirds (24),
    # then the 6 fourths (15).
    out_one = [r for r in standings if r["stage_reached"] == 1]
    assert [(r["rank"], r["points"]) for r in out_one] == (
        [(13, 30)] + [(14, 24)] * 5 + [(19, 15)] * 6
    )
    assert sum(Fraction(r["points"]) for r in standings) > 0

    # The revisor's check: every one of the 6 × 3 + 3 × 3 + 2 × 3 + 3 = 36 games ended on
    # deal 2's royal, each 2 deals long (the median), with nothing else to look at.
    found = json.loads(ok("night", "check", "sm", "--json"))
    assert len(found) == 36
    assert {(f["kind"], f["deal"]) for f in found} == {("royal", 2)}
    assert {f["session"] for f in found} == night_sessions()
    assert "36 things to look at" in ok("night", "check", "sm")
    # Closed: the result is final, and no game of it is reopened.
    assert "its result is final" in ok("night", "close", "sm")
    closed = status()
    assert closed["result"] == "final" and closed["standings"] == standings
    last = session_file(final["tables"][0]["session"])
    before = last.read_bytes()
    assert "was closed" in refused("undo", "--file", str(last))
    assert last.read_bytes() == before


def test_rounds_and_games_per_table_together_are_a_usage_error(chicago_home: Path) -> None:
    usage_error("night", "new", "x", "A", "B", "C", "--rounds", "2", "--games-per-table", "3")
    assert not (chicago_home / "nights").exists() or not list((chicago_home / "nights").iterdir())


def test_advance_on_a_night_of_rounds_names_night_final(chicago_home: Path) -> None:
    ok("night", "new", "r", "A", "B", "C", "D", "--seed", "1")
    assert "night final" in refused("night", "advance", "r", "--per-table", "1")


def test_nobody_joins_a_night_of_stages(chicago_home: Path) -> None:
    ok("night", "new", "s", *PLAYERS[:8], "--games-per-table", "2", "--seed", "1")
    assert "nobody can join" in refused("night", "join", "Zed", "s")


def test_a_stage_game_is_not_reopened_once_the_tables_next_game_is_drawn(
    chicago_home: Path,
) -> None:
    ok("night", "new", "s", *PLAYERS[:8], "--games-per-table", "2", "--seed", "1")
    table = status("s")["tables"][0]
    play_game(table["session"], table["players"])
    ok("night", "draw", "s")
    path = session_file(table["session"])
    before = path.read_bytes()
    assert "game 2 of table 1" in refused("undo", "--file", str(path))
    assert path.read_bytes() == before


def test_a_correction_after_the_next_stage_was_drawn_that_changes_who_went_on_is_checked(
    chicago_home: Path,
) -> None:
    ok("night", "new", "s", *PLAYERS[:8], "--games-per-table", "1", "--seed", "3")
    tables = status("s")["tables"]
    for table in tables:
        play_game(table["session"], table["players"])
    ok("night", "advance", "s", "--per-table", "2")
    assert status("s")["stage"] == 2
    assert [f["kind"] for f in json.loads(ok("night", "check", "s", "--json"))].count(
        "would-change-advance"
    ) == 0
    # Stage 1, table 1 by hand: the 1st (royal) 20, the 2nd (four of a kind, 7) 12, the
    # 3rd (full house, 6) 8, the 4th (last trick, 5) 5: the 1st and the 2nd went on.
    # The draws were made earlier in the day (a stamp is to the second, and this test is
    # faster than a room).
    night_file = chicago_home / "nights" / "s.toml"
    night_file.write_text(
        re.sub(r'drawn = "[^"]*"', 'drawn = "2026-05-16T09:00:00+00:00"', night_file.read_text())
    )
    table = tables[0]
    first, second, third, fourth = sorted(table["players"], key=ORDER.__getitem__)
    went = {p for t in status("s")["tables"] for p in t["players"]}
    assert {first, second} <= went and not {third, fourth} & went
    # Deal 1 corrected: köp 1's four of a kind was the 4th's, not the 2nd's; the game
    # stays finished (deal 2's royal), and the 4th (7 + 5 = 12) now ranks above the 2nd (0).
    ok("edit", "1", "--buy", f"1={fourth}:fyrtal", "--session", table["session"])
    found = [
        f for f in json.loads(ok("night", "check", "s", "--json"))
        if f["kind"] == "would-change-advance"
    ]
    assert [(f["session"], f["deal"]) for f in found] == [(table["session"], 1)]
    assert "as corrected would have sent other players on" in found[0]["text"]
    assert f"{table['session']}, deal 1" in ok("night", "check", "s")
