"""`chicago stats` as a user runs it: the JSON of the contract, the filters, the money, damaged
files, and a club folder shared with git giving the same numbers as one folder."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from cli_support import ANNA_23_DEAL, invoke, ok, refused, usage_error


def deal_of_23(player: str) -> tuple[str, ...]:
    return tuple(arg.replace("Anna", player) for arg in ANNA_23_DEAL)


def evening() -> None:
    """fredag: Anna 52, Bo 5, Cilla 0 (Anna begins deal 3 in köpstopp).
    lördag: Bo 57, Anna 0, Cilla 0.  söndag: one deal, still being played."""
    ok("new", "fredag", "Anna", "Bo", "Cilla")
    ok(*deal_of_23("Anna"))
    ok(*deal_of_23("Anna"))
    ok("deal", "--buy", "Anna:kåk", "--last-trick", "Bo")
    ok("new", "lördag", "Anna", "Bo", "Cilla")
    ok(*deal_of_23("Bo"))
    ok(*deal_of_23("Bo"))
    ok("deal", "--buy", "Bo:kåk", "--last-trick", "Bo")
    ok("new", "söndag", "Anna", "Bo")
    ok(*deal_of_23("Bo"))


def stats_json(*args: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(ok("stats", "--json", *args))
    return data


def by_name(data: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {row["name"]: row for row in data["players"]}


def set_created(path: Path, created: str) -> None:
    """Move a session's start, as if it had been played that day."""
    text = path.read_text("utf-8")
    start = text.index('created = "') + len('created = "')
    end = text.index('"', start)
    path.write_text(text[:start] + created + text[end:], "utf-8")


def data_files(home: Path) -> dict[Path, bytes]:
    """Every file of the data directory but the cache (the league's index is derived, and
    may be written by any reading command)."""
    cache = home / "cache"
    return {
        path: path.read_bytes()
        for path in home.rglob("*")
        if path.is_file() and cache not in path.parents
    }


def test_stats_json_has_the_contract_keys_and_the_evening_worked_by_hand() -> None:
    evening()
    data = stats_json("--min-rated", "0")  # two games each: below the default 3
    rows = by_name(data)
    assert set(rows) == {"Anna", "Bo", "Cilla"}  # söndag is unfinished: counts nowhere
    anna = rows["Anna"]
    assert set(anna) >= {"name", "games", "wins", "win_rate", "avg_points", "chicagos", "money"}
    assert set(anna["chicagos"]) >= {"declared", "won", "failed"}
    assert set(anna["rating"]) >= {"mu", "sigma"}
    summary = {
        name: (r["games"], r["wins"], r["win_rate"], r["avg_points"], r["best_points"])
        for name, r in rows.items()
    }
    assert summary == {
        "Anna": (2, 1, 0.5, 26.0, 52),
        "Bo": (2, 1, 0.5, 31.0, 57),
        "Cilla": (2, 0, 0.0, 0.0, 0),
    }
    # fredag: Bo pays 47, Cilla 52; lördag: Anna pays 57, Cilla 57.
    assert {n: r["money"] for n, r in rows.items()} == {"Anna": 42, "Bo": 67, "Cilla": -109}
    assert {n: r["buy_stop_deals"] for n, r in rows.items()} == {"Anna": 1, "Bo": 1, "Cilla": 0}
    pairs = {(h["a"], h["b"]): (h["games"], h["a_ahead"], h["b_ahead"], h["even"]) for h in data["head_to_head"]}
    assert pairs == {
        ("Anna", "Bo"): (2, 1, 1, 0),
        ("Anna", "Cilla"): (2, 1, 0, 1),
        ("Bo", "Cilla"): (2, 2, 0, 0),
    }
    assert (data["games"], data["unfinished"], data["skipped"]) == (2, 1, [])
    # Sorted by the conservative rating: Cilla, who never finished ahead of anyone, is last.
    assert [r["name"] for r in data["players"]][-1] == "Cilla"
    floors = [r["rating"]["conservative"] for r in data["players"]]
    assert floors == sorted(floors, reverse=True)


def test_the_table_lists_players_by_rating_with_their_record() -> None:
    evening()
    out = ok("stats")
    order = [r["name"] for r in stats_json()["players"]]
    lines = [line for line in out.splitlines() if line.split() and line.split()[0] in order]
    assert [line.split()[0] for line in lines[:3]] == order
    cilla = next(line for line in lines if line.split()[0] == "Cilla")
    # Two games: below --min-rated's 3, the win rate and the average are not shown.
    assert cilla.split()[1:5] == ["2", "0", "–", "–"]
    assert "-109" in cilla
    assert "1 unfinished session not counted" in out
    assert max(len(line) for line in out.splitlines()) <= 80


def test_stake_scales_the_money_and_a_bad_stake_is_a_usage_error() -> None:
    evening()
    rows = by_name(stats_json("--stake", "0,5"))
    assert {n: r["money"] for n, r in rows.items()} == {"Anna": 21, "Bo": 33.5, "Cilla": -54.5}
    assert "'lots' is not a stake" in usage_error("stats", "--stake", "lots")


def test_player_shows_that_players_record_against_each_opponent() -> None:
    evening()
    data = stats_json("--player", "anna")
    assert [r["name"] for r in data["players"]] == ["Anna"]
    assert [(h["a"], h["b"], h["a_ahead"], h["b_ahead"], h["even"]) for h in data["head_to_head"]] == [
        ("Anna", "Bo", 1, 1, 0),
        ("Anna", "Cilla", 1, 0, 1),
    ]
    out = ok("stats", "--player", "Cilla")
    assert "Cilla against each opponent" in out
    opponents = out.split("Cilla against each opponent")[1]
    assert "Anna" in opponents and "Bo" in opponents
    assert "'Zed' is not at this table" in refused("stats", "--player", "Zed")


def test_min_games_leaves_out_players_with_fewer_games() -> None:
    evening()
    ok("new", "extra", "Anna", "Dag")
    ok(*deal_of_23("Dag"))
    ok(*deal_of_23("Dag"))
    ok("deal", "--buy", "Dag:kåk", "--last-trick", "Dag")
    everyone = stats_json()
    assert "Dag" in by_name(everyone)
    data = stats_json("--min-games", "2")
    assert set(by_name(data)) == {"Anna", "Bo", "Cilla"}
    assert all("Dag" not in (h["a"], h["b"]) for h in data["head_to_head"])
    assert set(by_name(stats_json("--min-games", "3"))) == {"Anna"}


def test_since_and_until_pick_the_evenings(chicago_home: Path) -> None:
    """`--since today` is tonight's tally; a date bounds the period, both days included."""
    evening()
    set_created(chicago_home / "sessions" / "lördag.toml", "2026-01-10T20:00:00+00:00")
    tonight = stats_json("--since", "today")
    assert set(by_name(tonight)) == {"Anna", "Bo", "Cilla"}
    assert tonight["games"] == 1
    assert by_name(tonight)["Anna"]["money"] == 99
    back_then = stats_json("--since", "2026-01-10", "--until", "2026-01-10")
    assert back_then["games"] == 1
    assert by_name(back_then)["Bo"]["wins"] == 1
    assert stats_json("--until", "2026-01-09")["games"] == 0
    assert "is not a date" in usage_error("stats", "--since", "yesterday-ish")


def test_damaged_files_are_skipped_named_and_counted_and_nothing_is_written(
    chicago_home: Path,
) -> None:
    evening()
    sessions = chicago_home / "sessions"
    (sessions / "trasig.toml").write_bytes(b"\x00\xff not a session")
    text = (sessions / "fredag.toml").read_text("utf-8")
    (sessions / "kort.toml").write_text(text[: len(text) // 2], "utf-8")
    before = data_files(chicago_home)
    result = invoke("stats", "--json")
    assert result.exit_code == 0, result.output
    warnings = result.stderr.splitlines()
    assert len(warnings) == 3, result.stderr
    assert "sessions/kort.toml" in warnings[0] and "skipped" in warnings[0]
    assert "sessions/trasig.toml" in warnings[1] and "skipped" in warnings[1]
    assert warnings[2] == "chicago: 2 damaged files skipped, not counted; nothing was written"
    data = json.loads(result.stdout)
    assert data["games"] == 2
    assert data["skipped"] == ["sessions/kort.toml", "sessions/trasig.toml"]
    assert data_files(chicago_home) == before


def test_output_goes_to_a_file_only_for_json_or_html(tmp_path: Path) -> None:
    evening()
    page = tmp_path / "league.html"
    result = invoke("stats", "--format", "html", "-o", str(page))
    assert result.exit_code == 0, result.output
    assert page.read_text("utf-8").startswith("<!DOCTYPE html>")
    assert "-o writes --format json or html" in usage_error("stats", "-o", str(tmp_path / "x"))
    assert "is not one of" in usage_error("stats", "--format", "pdf")
    assert "--format FORMAT table, json or html" in " ".join(ok("stats", "--help").split())
    assert not (tmp_path / "x").exists()
    assert json.loads(ok("stats", "--json", "-o", "-"))["games"] == 2


def test_the_page_is_never_written_over_a_session_file(
    tmp_path: Path, chicago_home: Path
) -> None:
    """-o names a session file (here a copy in the club's folder): refused, nothing changed."""
    evening()
    club = tmp_path / "club"
    club.mkdir()
    copy = club / "fredag.toml"
    shutil.copy2(chicago_home / "sessions" / "fredag.toml", copy)
    before = copy.read_bytes()
    for target in (copy, chicago_home / "sessions" / "league.html"):
        result = invoke("stats", "--dir", str(club), "--format", "html", "-o", str(target))
        assert result.exit_code == 1, result.output
        assert "nothing was written" in result.stderr
    assert copy.read_bytes() == before
    assert not (chicago_home / "sessions" / "league.html").exists()


def test_sessions_lists_date_players_winner_and_whether_finished() -> None:
    evening()
    lines = {line[2:].split()[0]: line for line in ok("sessions").splitlines()}
    assert "finished, winner Anna" in lines["fredag"]
    assert "finished, winner Bo" in lines["lördag"]
    assert "playing, leader Bo" in lines["söndag"]
    assert "Anna, Bo, Cilla" in lines["fredag"]
    assert lines["fredag"][2:].split()[1][:4].isdigit()  # the date


# -- a club folder shared with git ---------------------------------------------------

GIT = shutil.which("git")


def git(cwd: Path, *args: str) -> None:
    env = {
        **os.environ,
        "GIT_AUTHOR_NAME": "klubben",
        "GIT_AUTHOR_EMAIL": "klubben@example.invalid",
        "GIT_COMMITTER_NAME": "klubben",
        "GIT_COMMITTER_EMAIL": "klubben@example.invalid",
        "GIT_CONFIG_GLOBAL": os.devnull,
        "GIT_CONFIG_NOSYSTEM": "1",
    }
    subprocess.run(["git", *args], cwd=cwd, env=env, check=True, capture_output=True)


def test_two_tables_merged_with_git_give_the_stats_of_one_folder_with_both(
    tmp_path: Path, chicago_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """docs/club.md: each table commits its own session files; a merge never conflicts
    (one file per session), and the merged folder counts exactly like one holding all."""
    assert GIT is not None, "git is needed to check the club folder the way a club shares it"
    evening()
    played = chicago_home / "sessions"
    both = stats_json()
    # The club's repository, and a clone at each table.
    club = tmp_path / "club"
    club.mkdir()
    git(club, "init", "-q", "-b", "main")
    (club / "README").write_text("Chicago sessions of the club\n", "utf-8")
    git(club, "add", ".")
    git(club, "commit", "-q", "-m", "start")
    tables = {}
    for table, names in (("hemma", ["fredag", "söndag"]), ("borta", ["lördag"])):
        clone = tmp_path / table
        git(tmp_path, "clone", "-q", str(club), table)
        for name in names:
            shutil.copy2(played / f"{name}.toml", clone / f"{name}.toml")
        git(clone, "add", ".")
        git(clone, "commit", "-q", "-m", f"sessions from {table}")
        tables[table] = clone
    git(tables["borta"], "push", "-q", "origin", "HEAD:borta")
    git(tables["hemma"], "pull", "-q", "--no-rebase", "--no-edit", "origin", "borta")
    merged = tables["hemma"]
    assert {p.name for p in merged.glob("*.toml")} == {"fredag.toml", "lördag.toml", "söndag.toml"}
    # A player with nothing of their own reads the club's folder.
    monkeypatch.setenv("CHICAGO_PROTOKOLL_HOME", str(tmp_path / "empty-home"))
    from_club = stats_json("--dir", str(merged))
    assert from_club == both
    # The player's own sessions plus the club folder holding the same files: counted once.
    monkeypatch.setenv("CHICAGO_PROTOKOLL_HOME", str(chicago_home))
    assert stats_json("--dir", str(merged)) == both


def test_each_table_folder_given_as_dir_adds_up_to_the_whole(
    tmp_path: Path, chicago_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    evening()
    both = stats_json()
    first, second = tmp_path / "a", tmp_path / "b"
    first.mkdir()
    second.mkdir()
    for name, folder in (("fredag", first), ("lördag", second), ("söndag", second)):
        shutil.copy2(chicago_home / "sessions" / f"{name}.toml", folder)
    monkeypatch.setenv("CHICAGO_PROTOKOLL_HOME", str(tmp_path / "nobody"))
    assert stats_json("--dir", str(second), "--dir", str(first)) == both
    assert stats_json("--dir", str(chicago_home)) == both  # a whole data directory
    assert "does not exist" in usage_error("stats", "--dir", str(tmp_path / "nowhere"))


def test_stats_counts_anna_and_anna_in_capitals_from_different_files_as_one_player() -> None:
    """Typed "Anna" on Friday and "ANNA" on Saturday: one player, shown as the spelling
    used most."""
    evening()
    ok("new", "måndag", "ANNA", "Bo", "Cilla")
    ok(*deal_of_23("ANNA"))
    ok(*deal_of_23("ANNA"))
    ok("deal", "--buy", "ANNA:kåk", "--last-trick", "Bo")
    players = by_name(stats_json())
    assert "ANNA" not in players
    assert players["Anna"]["games"] == 3 and players["Anna"]["wins"] == 2
