"""`chicago settle --evening`: every finished game since 05:00 netted, paid with the
fewest transfers, rounded on request, as text, JSON, Markdown or HTML."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

from chicago_protokoll.cli.evening import evening_start
from chicago_protokoll.store import locations
from cli_support import invoke, ok

FULL = ("deal", "--buy", "{p}:kåk", "--buy", "{p}:kåk", "--last-trick", "{p}", "--showdown", "{p}:kåk")


def deal_of_23(player: str) -> list[str]:
    return [part.replace("{p}", player) for part in FULL]


def evening() -> None:
    """fredag: Anna wins with 69 (three deals of 23), Bo and Cilla pay 69 each; lördag:
    Bo wins with 69, Anna, Cilla and Dag pay 69 each; öppet is still being played."""
    ok("new", "fredag", "Anna", "Bo", "Cilla")
    for _ in range(3):
        ok(*deal_of_23("Anna"))
    ok("new", "lördag", "Anna", "Bo", "Cilla", "Dag")
    for _ in range(3):
        ok(*deal_of_23("Bo"))
    ok("new", "öppet", "Anna", "Bo")  # still being played: counts nowhere
    ok(*deal_of_23("Bo"))


def test_the_evening_nets_every_finished_game_and_pays_the_fewest_transfers() -> None:
    """Anna +138 - 69 = +69, Bo -69 + 207 = +138, Cilla -138, Dag -69: three payments."""
    evening()
    data = json.loads(ok("settle", "--evening", "--json"))
    assert data["games"] == 2 and data["stake"] == 1
    assert {row["name"]: row["amount"] for row in data["net"]} == {
        "Anna": 69, "Bo": 138, "Cilla": -138, "Dag": -69
    }
    assert sorted((p["from"], p["to"], p["amount"]) for p in data["payments"]) == [
        ("Cilla", "Bo", 138), ("Dag", "Anna", 69)
    ]
    text = ok("settle", "--evening")
    assert "2 finished games since" in text and "Cilla pays Bo 138" in text
    assert "Cilla betalar Bo 138" in ok("--lang", "sv", "settle", "--evening")


def test_round_pays_whole_units_and_the_stake_scales() -> None:
    evening()
    data = json.loads(ok("settle", "--evening", "--json", "--stake", "0,37", "--round", "1"))
    nets = {row["name"]: row["amount"] for row in data["net"]}
    assert sum(nets.values()) == 0 and all(isinstance(v, int) for v in nets.values())
    exact = {"Anna": 69 * 0.37, "Bo": 138 * 0.37, "Cilla": -138 * 0.37, "Dag": -69 * 0.37}
    assert all(abs(nets[name] - exact[name]) < 1 for name in exact)


def test_the_evening_as_a_page_for_the_group_chat(tmp_path: Path) -> None:
    evening()
    page = tmp_path / "kvällen.md"
    done = invoke("settle", "--evening", "--format", "md", "-o", str(page))
    assert done.exit_code == 0 and "Wrote" in done.stderr
    assert "- Cilla pays Bo 138" in page.read_text("utf-8")
    html = ok("settle", "--evening", "--format", "html")
    assert html.startswith("<!DOCTYPE html>") and "Cilla pays Bo 138" in html


def test_games_of_an_earlier_day_are_left_out_unless_since_reaches_them() -> None:
    evening()
    path = locations.session_path("fredag")
    text = path.read_text("utf-8")
    created = next(line for line in text.splitlines() if line.startswith("created"))
    path.write_text(text.replace(created, 'created = "2026-11-27T19:00:00+00:00"'), "utf-8")
    assert json.loads(ok("settle", "--evening", "--json"))["games"] == 1
    assert json.loads(ok("settle", "--evening", "--json", "--since", "2026-11-27"))["games"] == 2


def test_an_evening_runs_from_five_in_the_morning() -> None:
    late = datetime(2026, 12, 5, 1, 30).astimezone()
    assert evening_start(late, None).date().isoformat() == "2026-12-04"
    assert evening_start(late, None).hour == 5
    assert evening_start(datetime(2026, 12, 5, 19, 0).astimezone(), None).day == 5


def test_the_evening_options_belong_to_evening() -> None:
    ok("new", "fredag", "Anna", "Bo")
    for args in (["--round", "1"], ["--since", "today"], ["--format", "md"]):
        result = invoke("settle", *args)
        assert result.exit_code == 2 and "--evening" in result.stderr
    assert invoke("settle", "--evening", "--round", "noll").exit_code == 2


def test_a_club_nights_money_with_a_forfeit_counted_as_nothing() -> None:
    """--night NAME: the night's games only.  The first dealer scores 11 and forfeits; the
    second, with 1, wins among the others, and the forfeiter counts as 0 (rules.md)."""
    ok("new", "vanligt", "Anna", "Bo")  # another game of the evening: not the night's
    ok("royal", "Anna")
    ok("night", "new", "kväll", "Anna", "Bo", "Cilla", "Dag", "--rounds", "1", "--seed", "3")
    table = json.loads(ok("night", "status", "--json"))["tables"][0]
    first, second, *rest = table["players"]
    session = table["session"]
    ok("deal", "--buy", f"{first}:kåk", "--last-trick", first, "--showdown", f"{second}:par",
       "--session", session)  # first 11, second 1
    ok("forfeit", first, "--reason", "visade inte kåken", "--session", session)
    data = json.loads(ok("settle", "--evening", "--night", "kväll", "--json"))
    assert data["games"] == 1
    net = {row["name"]: row["amount"] for row in data["net"]}
    # second wins with 1; each other pays 1, the forfeiter too (as 0, not 11)
    assert net == {first: -1, second: 3, rest[0]: -1, rest[1]: -1}
    assert "The club night kväll: 1 finished game" in ok("settle", "--evening", "--night", "kväll")
    assert json.loads(ok("settle", "--evening", "--json"))["games"] == 2
