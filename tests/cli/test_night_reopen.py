"""A finished game of a night is not reopened once a later round (or the final) was drawn
from it (cli.md, "The night's stages"): `undo`, or an `edit` that makes it unfinished, is
refused naming the night and the draw, every file as it was; a correction that keeps it
finished is allowed.  `night draw` racing an `undo` ends in one consistent state, and a
draw killed at any moment leaves nothing the next draw trips over."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from chicago_protokoll.store import locations
from cli_support import CHICAGO, ENGLISH, ok, refused

SIX = ("Anna", "Bo", "Cilla", "Dag", "Eva", "Fia")


def _tables(night: str) -> list[dict[str, Any]]:
    tables: list[dict[str, Any]] = json.loads(ok("night", "status", night, "--json"))["tables"]
    return tables


def _finish_round(night: str) -> list[dict[str, Any]]:
    """Every table of the night's current round ends at once: a royal by its first seat."""
    tables = _tables(night)  # the current round's
    for table in tables:
        ok("royal", table["players"][0], "--session", table["session"])
    return tables


def _big_deal(player: str) -> tuple[str, ...]:
    """23 points to ``player``: three of these end the game (to 52)."""
    hand = f"{player}:kåk"
    return ("deal", "--buy", hand, "--buy", hand, "--last-trick", player, "--showdown", hand)


def _finish_by_points(night: str) -> dict[str, Any]:
    """The night's first table ends on points (three big deals), the others by a royal."""
    first, *others = _tables(night)
    for _ in range(3):
        ok(*_big_deal(first["players"][0]), "--session", first["session"])
    for table in others:
        ok("royal", table["players"][0], "--session", table["session"])
    return first


def _files() -> dict[str, bytes]:
    return {
        str(path.relative_to(locations.data_dir())): path.read_bytes()
        for path in locations.data_dir().rglob("*.toml")
    }


@pytest.fixture
def drawn(chicago_home: Path) -> list[dict[str, Any]]:
    """Night q, round 1 over (each table ended by a royal), round 2 drawn."""
    ok("night", "new", "q", *SIX, "--rounds", "2", "--seed", "3")
    first = _finish_round("q")
    ok("night", "draw", "q")
    return first


def test_undo_of_a_round_one_game_after_the_draw_is_refused(drawn: list[dict[str, Any]]) -> None:
    before = _files()
    error = refused("undo", "--session", drawn[0]["session"])
    assert drawn[0]["session"] in error and "night q" in error and "round 2" in error
    assert "cannot be reopened" in error
    assert _files() == before


def test_an_edit_that_reopens_a_round_one_game_after_the_draw_is_refused(
    chicago_home: Path,
) -> None:
    ok("night", "new", "q", *SIX, "--rounds", "2", "--seed", "3")
    table = _finish_by_points("q")
    ok("night", "draw", "q")
    before = _files()
    error = refused(
        "edit", "3", "--buy", "pass", "--buy", "pass", "--showdown", "pass",
        "--session", table["session"],
    )  # fmt: skip
    assert table["session"] in error and "cannot be reopened" in error and "round 2" in error
    assert _files() == before


def test_a_correction_that_keeps_the_game_finished_is_allowed_after_the_draw(
    chicago_home: Path,
) -> None:
    ok("night", "new", "q", *SIX, "--rounds", "2", "--seed", "3")
    table = _finish_by_points("q")
    ok("night", "draw", "q")
    winner, other = table["players"][0], table["players"][1]
    ok("edit", "1", "--last-trick", other, "--session", table["session"])
    status = json.loads(ok("status", "--json", "--session", table["session"]))
    assert status["winners"] == [winner]
    scores = {p["name"]: p["score"] for p in status["players"]}
    assert scores[winner] == 18 + 23 + 23 and scores[other] == 5
    standings = json.loads(ok("night", "status", "q", "--json"))["standings"]
    assert {s["name"] for s in standings} == set(SIX)


def test_undo_before_the_draw_reopens_the_game_as_before(chicago_home: Path) -> None:
    ok("night", "new", "q", *SIX, "--rounds", "2", "--seed", "3")
    first = _finish_round("q")
    ok("undo", "--session", first[0]["session"])
    assert "still playing" in refused("night", "draw", "q")


def test_a_round_two_game_cannot_be_reopened_after_the_final(
    drawn: list[dict[str, Any]],
) -> None:
    second = _finish_round("q")
    ok("night", "final", "q")
    before = _files()
    error = refused("undo", "--session", second[0]["session"])
    assert "the final" in error and "night q" in error
    assert _files() == before


def _run(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [str(CHICAGO), *args], env={**os.environ, **ENGLISH},
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip


def test_night_draw_racing_an_undo_of_the_last_table_ends_in_one_state(
    chicago_home: Path,
) -> None:
    """Either the undo came first (the draw says the table is still playing) or the draw
    did (the undo is refused): never a drawn round above a reopened game."""
    outcomes = set()
    for attempt in range(6):
        night = f"natt{attempt}"
        ok("night", "new", night, *SIX, "--rounds", "2", "--seed", str(attempt))
        last = _finish_round(night)[-1]["session"]
        draw, undo = _run("night", "draw", night), _run("undo", "--session", last)
        _, draw_err = draw.communicate(timeout=60)
        _, undo_err = undo.communicate(timeout=60)
        drawn = f"{night}-r2-t1" in _named(night)
        finished = json.loads(ok("status", "--json", "--session", last))["winners"] != []
        if drawn:
            assert draw.returncode == 0 and undo.returncode == 1, (draw_err, undo_err)
            assert "cannot be reopened" in undo_err and finished
        else:
            assert draw.returncode == 1 and "still playing" in draw_err
            assert undo.returncode == 0 and not finished
        outcomes.add(drawn)
    assert outcomes  # (which one wins each time is the scheduler's)


_KILLED_AFTER_THE_SESSIONS = """
import os, signal, sys
from chicago_protokoll.store import nightfile
def killed(*args, **kwargs):
    os.kill(os.getpid(), signal.SIGKILL)
nightfile._write_night = killed
from chicago_protokoll.cli.app import run
sys.argv = ["chicago", *sys.argv[1:]]
run()
"""


def _named(night: str) -> set[str]:
    from chicago_protokoll.store import nightfile

    return set(nightfile.load_night(nightfile.night_path(night)).sessions())


def _orphans(night: str) -> list[str]:
    named = _named(night)
    return sorted(
        p.stem for p in locations.sessions_dir().glob(f"{night}-*.toml") if p.stem not in named
    )


def test_a_draw_killed_after_its_sessions_leaves_nothing_the_next_draw_trips_over(
    chicago_home: Path,
) -> None:
    ok("night", "new", "q", *SIX, "--rounds", "2", "--seed", "3")
    _finish_round("q")
    killed = subprocess.run(
        [sys.executable, "-c", _KILLED_AFTER_THE_SESSIONS, "night", "draw", "q"],
        env={**os.environ, **ENGLISH}, capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert killed.returncode == -signal.SIGKILL
    assert _orphans("q") != []  # the round's sessions, no night file naming them yet
    ok("night", "draw", "q")  # the same draw again: those empty games are its own
    assert _orphans("q") == []
    assert _named("q") == {"q-r1-t1", "q-r1-t2", "q-r2-t1", "q-r2-t2"}


def test_a_session_a_draw_would_make_that_holds_a_game_is_still_refused(
    chicago_home: Path,
) -> None:
    """Only an empty game exactly as the draw writes it is taken as its own."""
    ok("night", "new", "q", *SIX, "--rounds", "2", "--seed", "3")
    _finish_round("q")
    ok("new", "q-r2-t1", "Anna", "Bo", "Cilla")
    ok("royal", "Anna", "--session", "q-r2-t1")
    before = _files()
    assert "exists already" in refused("night", "draw", "q")
    assert _files() == before


@pytest.mark.slow
def test_killing_night_draw_at_random_moments_never_blocks_the_next_draw(
    chicago_home: Path,
) -> None:
    rng = random.Random(20261201)
    for attempt in range(8):
        night = f"natt{attempt}"
        ok("night", "new", night, *SIX, "--rounds", "2", "--seed", str(attempt))
        _finish_round(night)
        process = _run("night", "draw", night)
        try:
            process.wait(timeout=rng.uniform(0.0, 1.2))
        except subprocess.TimeoutExpired:
            process.send_signal(signal.SIGKILL)
        process.communicate()
        if f"{night}-r2-t1" not in _named(night):
            ok("night", "draw", night)
        assert _orphans(night) == []
        assert f"{night}-r2-t1" in _named(night)
