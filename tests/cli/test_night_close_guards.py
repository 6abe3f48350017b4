"""The close guards every entry (cli.md, "Added in the fifth round"): after `night close`
nothing more is drawn, nobody joins or leaves, no note is written into a game; `night
check` says the result is final; the amendments are listed in the order they were made,
each with its time.  And a player who left is never drawn again, not even into the next
game of the stage they left in."""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from cli_support import invoke, ok, refused, session_file

SIX = ("Anna", "Bo", "Cilla", "Dag", "Eva", "Fia")
EIGHT = (*SIX, "Gun", "Hugo")


def status(name: str = "kväll") -> dict[str, Any]:
    data: dict[str, Any] = json.loads(ok("night", "status", name, "--json"))
    return data


def finish(table: dict[str, Any]) -> None:
    """The table's game ended by its first seat's royal."""
    ok("royal", table["players"][0], "--session", table["session"])


def finish_current(name: str = "kväll") -> None:
    for table in status(name)["tables"]:
        if not table["finished"]:
            finish(table)


def data_files(home: Path) -> dict[str, str]:
    """Every file of the data directory and its sha256 (the league's index in cache/ is
    a cache: `night status` may refresh it)."""
    return {
        str(path.relative_to(home)): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(home.rglob("*"))
        if path.is_file() and path.relative_to(home).parts[0] != "cache"
    }


def closed_night_of_rounds() -> None:
    """Round 1 of 2 played and the night closed: a draw would otherwise draw round 2."""
    ok("night", "new", "kväll", *SIX, "--rounds", "2", "--seed", "2")
    finish_current()
    ok("night", "close", "kväll")


def closed_night_of_stages() -> None:
    """Stage 1 (one game a table) played and the night closed: `night advance` would
    otherwise draw stage 2."""
    ok("night", "new", "kväll", *EIGHT, "--games-per-table", "1", "--seed", "2")
    finish_current()
    ok("night", "close", "kväll")


def a_player() -> str:
    return str(status()["tables"][0]["players"][1])


def a_session() -> str:
    return str(status()["tables"][0]["session"])


# Each command after the close, on the night it would otherwise change.
AFTER_THE_CLOSE = {
    "draw": (closed_night_of_rounds, lambda: ("night", "draw", "kväll")),
    "final": (closed_night_of_rounds, lambda: ("night", "final", "kväll", "--top", "3")),
    "join": (closed_night_of_rounds, lambda: ("night", "join", "Ivar", "kväll")),
    "leave": (closed_night_of_rounds, lambda: ("night", "leave", a_player(), "kväll")),
    "note": (closed_night_of_rounds, lambda: ("note", "kortet syntes", "--session", a_session())),
    "advance": (closed_night_of_stages, lambda: ("night", "advance", "kväll", "--per-table", "2")),
    "draw of stages": (closed_night_of_stages, lambda: ("night", "draw", "kväll")),
    "leave of stages": (closed_night_of_stages, lambda: ("night", "leave", a_player(), "kväll")),
    "note of stages": (closed_night_of_stages, lambda: ("note", "x", "--session", a_session())),
}


@pytest.mark.parametrize("case", AFTER_THE_CLOSE)
def test_after_the_close_nothing_is_drawn_joined_left_or_noted_and_no_file_changes(
    case: str, chicago_home: Path
) -> None:
    make, command = AFTER_THE_CLOSE[case]
    make()
    args = command()
    shown = ok("night", "status", "kväll", "--json")
    files = data_files(chicago_home)
    said = refused(*args)  # exit 1, one plain line
    assert "the night kväll was closed at" in said, said
    assert "--reopen" in said, said  # the way on: the close taken back first
    assert ok("night", "status", "kväll", "--json") == shown
    assert data_files(chicago_home) == files


def test_the_same_commands_work_again_once_the_close_is_taken_back(chicago_home: Path) -> None:
    closed_night_of_rounds()
    ok("night", "close", "kväll", "--reopen", "--reason", "bord 2 räknade fel")
    ok("note", "rättat", "--session", a_session())
    ok("night", "leave", a_player(), "kväll")
    ok("night", "join", "Ivar", "kväll")
    ok("night", "draw", "kväll")
    assert status()["round"] == 2


def test_night_check_says_the_result_is_final_after_the_close_in_english_and_swedish(
    chicago_home: Path,
) -> None:
    ok("night", "new", "kväll", *SIX, "--rounds", "1", "--seed", "2")
    finish_current()
    before = ok("night", "check", "kväll")
    assert "before the result is made final" in before
    ok("night", "close", "kväll")
    closed_at = status()["closed"]
    english = ok("night", "check", "kväll")
    assert "before the result is made final" not in english
    assert f"its result is final (closed {closed_at})" in english
    assert "2 things to look at" in english  # the two royals, still listed
    swedish = invoke("--lang", "sv", "night", "check", "kväll")
    assert swedish.exit_code == 0, swedish.output
    assert f"resultatet är slutligt (stängd {closed_at})" in swedish.stdout
    assert "innan resultatet görs slutligt" not in swedish.stdout


class _Clock(dt.datetime):
    """The clock every command reads (`datetime.now`), a minute on at each reading: the
    amendments of one test are made minutes apart, not within one second."""

    readings = 0

    @classmethod
    def now(cls, tz: dt.tzinfo | None = None) -> dt.datetime:  # type: ignore[override]
        _Clock.readings += 1
        start = dt.datetime(2030, 3, 1, 18, 0, tzinfo=dt.UTC)
        moment = start + dt.timedelta(minutes=_Clock.readings)
        return moment if tz is not None else moment.replace(tzinfo=None)


def test_amendments_are_listed_in_the_order_they_were_made_with_their_times(
    chicago_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Made on table 2 first, then table 1, then the close taken back: listed so (the
    order of the tables would list table 1 first, and the reopen was listed first)."""
    ok("night", "new", "kväll", *SIX, "--rounds", "1", "--seed", "2")
    first, second = status()["tables"]
    for table in (first, second):
        ok("deal", "--buy", f"{table['players'][1]}:kåk", "--buy", "pass",
           "--last-trick", table["players"][2], "--session", table["session"])  # fmt: skip
        finish(table)
    with monkeypatch.context() as clock:
        clock.setattr(dt, "datetime", _Clock)
        ok("night", "close", "kväll")
        ok("penalty", second["players"][1], "2", "--reason", "tittade i leken",
           "--session", second["session"])  # fmt: skip
        ok("edit", "1", "--last-trick", first["players"][1], "--reason", "sista sticket var fel",
           "--session", first["session"])  # fmt: skip
        ok("night", "close", "kväll", "--reopen", "--reason", "fel i bord 1")
    listed = status()["amendments"]
    assert [(a["session"], a["kind"]) for a in listed] == [
        (second["session"], "penalty"),
        (first["session"], "correction"),
        ("", "reopen"),
    ]
    times = [dt.datetime.fromisoformat(a["at"]) for a in listed]
    assert times == sorted(times) and len(set(times)) == 3
    text = ok("night", "status", "kväll")
    lines = text[text.index("Amendments after the result") :].splitlines()[1:]
    shown = [dt.datetime.fromisoformat(a["at"]).astimezone().strftime("%Y-%m-%d %H:%M") for a in listed]
    assert [line.split()[:2] for line in lines] == [when.split() for when in shown]
    assert "tittade i leken" in lines[0] and "sista sticket var fel" in lines[1]
    assert "fel i bord 1" in lines[2]


# -- a player who left is never drawn again ----------------------------------------------


def _table_of(player: str) -> dict[str, Any]:
    return next(t for t in status()["tables"] if player in t["players"])


def test_a_player_who_left_during_a_stage_is_drawn_into_no_later_game_of_it_or_a_later_stage(
    chicago_home: Path,
) -> None:
    ok("night", "new", "kväll", *EIGHT, "--games-per-table", "3", "--seed", "5")
    table = status()["tables"][0]
    gone = table["players"][1]
    said = ok("night", "leave", gone, "kväll")
    stayed = [p for p in table["players"] if p != gone]
    assert "never drawn again" in said and f"table {table['table']} plays the rest of stage 1" in said
    assert f"chicago forfeit {gone} --reason left --session {table['session']}" in said
    ok("forfeit", gone, "--reason", "left", "--session", table["session"])  # as it says
    for _ in range(2):  # games 2 and 3 of the stage
        finish_current()
        ok("night", "draw", "kväll")
        now = next(t for t in status()["tables"] if t["table"] == table["table"])
        assert sorted(now["players"]) == sorted(stayed)
        assert all(gone not in t["players"] for t in status()["tables"])
    finish_current()
    ok("night", "advance", "kväll", "--per-table", "2")
    drawn = status()
    assert all(gone not in t["players"] for t in drawn["results"] if t["stage"] == 2)
    assert gone in drawn["absent"]
    # Every file the night made still loads: a table of three after one of four.
    assert "version = 3" in (chicago_home / "nights" / "kväll.toml").read_text("utf-8")
    for result in drawn["results"]:
        assert session_file(result["session"]).is_file()


def test_a_table_left_with_too_few_to_play_ends_its_stage_and_the_night_goes_on(
    chicago_home: Path,
) -> None:
    ok("night", "new", "kväll", *SIX, "--games-per-table", "2", "--seed", "5")
    short, other = status()["tables"]  # two tables of three
    ok("night", "leave", short["players"][1], "kväll")
    said = ok("night", "leave", short["players"][2], "kväll")
    assert "too few players left for another game" in said and "ends with game 1" in said
    ok("forfeit", short["players"][1], "--reason", "left", "--session", short["session"])
    finish(other)
    drawn = ok("night", "draw", "kväll")
    assert f"Table {other['table']}, game 2" in drawn and f"Table {short['table']}," not in drawn
    assert short["table"] not in [t["table"] for t in status()["tables"] if t["game"] == 2]
    finish_current()
    ok("night", "advance", "kväll", "--per-table", "2")
    stage_two = [t for t in status()["results"] if t["stage"] == 2]
    assert len(stage_two) == 1
    assert short["players"][1] not in stage_two[0]["players"]
    assert short["players"][2] not in stage_two[0]["players"]


def test_a_dry_run_correction_after_the_close_is_refused_as_the_real_one_would_be(
    chicago_home: Path,
) -> None:
    """``edit --dry-run`` is judged by the close's guards too: after `night close` a
    correction without its reason is refused by the dry run in the same words, and a dry
    run writes nothing either way."""
    ok("night", "new", "kväll", *SIX, "--rounds", "1", "--seed", "2")
    table = status()["tables"][0]
    ok("deal", "--buy", f"{table['players'][1]}:kåk", "--buy", "pass",
       "--last-trick", table["players"][2], "--session", table["session"])  # fmt: skip
    finish_current()
    ok("night", "close", "kväll")
    edit = ("edit", "1", "--last-trick", table["players"][1], "--session", table["session"])
    before = data_files(chicago_home)
    tried = refused(*edit, "--dry-run")
    assert tried == refused(*edit)
    assert data_files(chicago_home) == before
    ok(*edit, "--reason", "sista sticket var fel", "--dry-run")
    assert data_files(chicago_home) == before
