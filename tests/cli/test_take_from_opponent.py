"""`scoring.take_from_opponent` (rules.md, "Cases the texts leave open, decided"; seed 001's
"nolla en motståndare"): whoever scores a hand or the last trick may take those points off
one opponent's total instead, the floor applying there, the scorer's total unchanged.
Through every command that records (deal, buy, tricks, showdown, edit, play), the
refusals, the file it is written in, and every view that tells it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from chicago_protokoll.core.errors import SessionFileError
from chicago_protokoll.store import fileformat
from chicago_protokoll.store.sessionfile import load_session
from cli_support import invoke, ok, refused, scores, session_file, usage_error

PLAYERS = ("Anna", "Bo", "Cilla")
KEY = "scoring.take_from_opponent"


def table(*players: str, preset: str = "from-opponent") -> Path:
    """A new game where the table takes points off an opponent; Anna deals, Bo is förhand."""
    ok("new", "fredag", *(players or PLAYERS), "--preset", preset)
    return session_file("fredag")


def bo_at_10() -> None:
    """Deal 1: Bo a flush and the last trick, 10 points; Anna and Cilla nothing."""
    ok("deal", "--buy", "Bo:färg", "--last-trick", "Bo")


# -- each form, through the command a user types --------------------------------------


def test_deal_takes_a_hand_and_the_last_trick_off_an_opponent_and_leaves_the_scorer_alone() -> None:
    table()
    bo_at_10()
    ok(
        "deal",
        "--buy", "Anna:kåk:från:Bo",
        "--buy", "Cilla:par",
        "--last-trick", "Anna:från:Cilla",
        "--showdown", "Cilla:full-house KH KS KD 2C 2D:from:Bo",
    )
    # Bo 10 - 6 = 4, then -6 stops at the zero floor; Cilla 0 + 1 - 5 stops at 0.
    assert scores() == {"Anna": 0, "Bo": 0, "Cilla": 0}


def test_the_single_moment_commands_take_off_an_opponent_too() -> None:
    table()
    bo_at_10()
    ok("buy", "Anna:two pair:from:Bo")
    assert scores() == {"Anna": 0, "Bo": 8, "Cilla": 0}
    ok("buy", "Cilla:triss:från:bo")  # a unique start of the opponent's name
    assert scores() == {"Anna": 0, "Bo": 5, "Cilla": 0}
    out = ok("tricks", "Cilla", "--from", "Bo")
    assert out.splitlines()[0] == "Recorded: deal 2, last trick: Cilla, taken from Bo"
    assert scores() == {"Anna": 0, "Bo": 0, "Cilla": 0}
    ok("showdown", "Bo:par")  # an ordinary hand still scores for its holder
    assert scores() == {"Anna": 0, "Bo": 1, "Cilla": 0}


def test_the_last_trick_with_a_two_takes_its_own_points(tmp_path: Path) -> None:
    rules = tmp_path / "with-two.toml"
    rules.write_text(
        "[scoring]\ntake_from_opponent = true\nlast_trick_with_two = 10\n", encoding="utf-8"
    )
    ok("new", "tvåa", *PLAYERS, "--rules", str(rules))
    ok("deal", "--buy", "Bo:kåk", "--buy", "Bo:kåk", "--last-trick", "Bo", "--showdown", "pass")
    ok("deal", "--last-trick", "Anna:från:Bo", "--with-two")
    assert scores() == {"Anna": 0, "Bo": 7, "Cilla": 0}


def test_with_two_players_fran_alone_names_the_only_opponent() -> None:
    table("Anna", "Bo")
    ok("deal", "--buy", "Bo:kåk", "--buy", "Bo:kåk", "--last-trick", "Bo", "--showdown", "pass")
    ok("buy", "Anna:färg:från")
    ok("buy", "pass")
    ok("tricks", "Anna:från")
    ok("showdown", "Anna:par:from")
    assert scores() == {"Anna": 0, "Bo": 6}
    ok("deal", "--buy", "Bo:kåk", "--last-trick", "Anna:from")
    assert scores() == {"Anna": 0, "Bo": 7}


def test_fran_alone_at_a_table_of_three_asks_whose_total() -> None:
    path = table()
    bo_at_10()
    before = path.read_bytes()
    message = refused("buy", "Anna:kåk:från")
    assert "'från' alone names the opponent only at a table of two" in message
    assert "table of two" in refused("deal", "--last-trick", "Anna:från")
    assert path.read_bytes() == before


def test_four_of_a_kind_under_choice_says_nolla_or_fran(tmp_path: Path) -> None:
    rules = tmp_path / "fyrtal.toml"
    rules.write_text(
        '[scoring]\ntake_from_opponent = true\n[hands]\nfour_of_a_kind_zeroes = "choice"\n',
        encoding="utf-8",
    )
    ok("new", "fredag", *PLAYERS, "--rules", str(rules))
    ok("deal", "--buy", "Bo:kåk", "--buy", "Cilla:kåk", "--last-trick", "Bo")
    ok("buy", "Anna:fyrtal:från:Bo")
    assert scores() == {"Anna": 0, "Bo": 4, "Cilla": 6}
    ok("buy", "Anna:fyrtal:nolla")
    assert scores() == {"Anna": 0, "Bo": 0, "Cilla": 0}
    path = session_file("fredag")
    before = path.read_bytes()
    message = refused("showdown", "Anna:fyrtal:nolla:från:Bo")
    assert "either zeroes the opponents or takes its points off one of them" in message
    assert KEY in message
    assert path.read_bytes() == before


# -- refusals: exit 1, one sentence naming the rule and the key, nothing changed --------


def test_taking_off_an_opponent_is_refused_where_the_table_does_not_play_it() -> None:
    ok("new", "fredag", *PLAYERS)
    path = session_file("fredag")
    before = path.read_bytes()
    for command in (
        ("deal", "--buy", "Anna:kåk:från:Bo", "--last-trick", "Bo"),
        ("deal", "--last-trick", "Bo:från:Anna"),
        ("buy", "Anna:kåk:från:Bo"),
    ):
        message = refused(*command)
        assert "this table does not take points off an opponent" in message
        assert f"(house rule {KEY})" in message
    assert path.read_bytes() == before


def test_a_chicago_and_its_breaker_never_take_off_an_opponent() -> None:
    path = table()
    ok("deal", "--buy", "Anna:kåk", "--buy", "Anna:kåk", "--last-trick", "Anna",
       "--showdown", "Anna:färg")
    ok("buy", "pass")
    ok("buy", "pass")
    ok("declare", "Anna")  # Anna has 22
    before = path.read_bytes()
    for who in ("Anna", "Bo"):
        message = refused("tricks", who, "--from", "Cilla")
        assert "a Chicago's points are never taken off an opponent" in message
        assert KEY in message
    assert path.read_bytes() == before


def test_a_hand_that_wins_the_game_is_never_taken_off_an_opponent() -> None:
    path = table()
    before = path.read_bytes()
    for claim in ("Anna:royal straight flush:från:Bo", "Anna:TH JH QH KH AH:from:Bo"):
        message = refused("buy", claim)
        assert "a hand that wins the game is never taken off an opponent" in message
        assert KEY in message
    assert "never taken off" in refused(
        "deal", "--buy", "Anna:royal-straight-flush:från:Cilla"
    )
    assert path.read_bytes() == before


def test_the_scorer_and_a_stranger_are_no_opponent() -> None:
    path = table()
    bo_at_10()
    before = path.read_bytes()
    assert "Anna cannot take points off their own total" in refused("buy", "Anna:kåk:från:Anna")
    assert "Bo cannot take points off" in refused("deal", "--last-trick", "Bo:från:Bo")
    assert "'Dag' is not at this table" in refused("buy", "Anna:kåk:från:Dag")
    assert "'Dag' is not at this table" in refused("tricks", "Anna", "--from", "Dag")
    assert "names the opponent already" in refused("tricks", "Anna:från:Bo", "--from", "Bo")
    assert path.read_bytes() == before


def test_from_without_its_opponent_is_a_usage_error() -> None:
    path = table()
    before = path.read_bytes()
    assert "--from" in usage_error("tricks", "Anna", "--from")
    assert path.read_bytes() == before


# -- the file: format 4 only when it is used, read back as it was ------------------------


def test_a_file_that_takes_off_an_opponent_reads_back_identically() -> None:
    path = table()
    bo_at_10()
    ok("deal", "--buy", "Anna:kåk:från:Bo", "--last-trick", "Cilla:från:Bo")
    text = path.read_text(encoding="utf-8")
    assert f"version = {fileformat.IDS_VERSION}\n" in text  # 4 for the key, 5 for ids
    assert "take_from_opponent = true\n" in text
    assert text.count('opponent = "Bo"\n') == 2
    session = load_session(path)
    assert fileformat.dumps_session(session) == text
    assert fileformat.dumps_session(fileformat.loads_session(text, "again")) == text


def test_a_game_by_the_main_rule_is_written_as_before() -> None:
    """The key at the main rule is not written (the file needs the format of ids, as every
    saved file, and no more: tests/store/test_file_compatibility.py holds the corpus)."""
    ok("new", "fredag", *PLAYERS)
    bo_at_10()
    text = session_file("fredag").read_text(encoding="utf-8")
    assert f"version = {fileformat.IDS_VERSION}\n" in text
    assert "take_from_opponent" not in text and "opponent" not in text


def test_a_release_before_ids_refuses_a_file_this_release_saved_by_name(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """As a release before does: "written by a newer chicago-protokoll (format 5)"; the
    file keeps every byte."""
    path = table()
    bo_at_10()
    before = path.read_bytes()
    monkeypatch.setattr(fileformat, "VERSION", 4)
    with pytest.raises(SessionFileError, match=r"newer chicago-protokoll \(format 5\)"):
        load_session(path)
    assert "newer chicago-protokoll" in refused("deal", "--last-trick", "Bo")
    assert path.read_bytes() == before


def test_a_hand_edited_opponent_who_is_not_at_the_table_refuses_the_file() -> None:
    path = table()
    ok("deal", "--buy", "Anna:kåk:från:Bo", "--last-trick", "Cilla")
    path.write_text(
        path.read_text(encoding="utf-8").replace('opponent = "Bo"', 'opponent = "Dag"'),
        encoding="utf-8",
    )
    assert "names 'Dag', who is not at this table" in refused("status")


# -- edit and play ----------------------------------------------------------------------


def test_edit_takes_a_recorded_hand_or_last_trick_off_an_opponent_and_back() -> None:
    table()
    bo_at_10()
    ok("deal", "--buy", "Anna:kåk", "--last-trick", "Cilla")
    out = ok("edit", "2", "--buy", "Anna:kåk:från:Bo", "--last-trick", "Cilla:från:Anna")
    assert "köp 1 Anna: full house → Anna: full house, taken from Bo" in out
    assert "last trick Cilla → Cilla, taken from Anna" in out
    assert scores() == {"Anna": 0, "Bo": 4, "Cilla": 0}
    # An edit of another part keeps the opponent as recorded.
    ok("edit", "2", "--showdown", "Bo:par")
    assert scores() == {"Anna": 0, "Bo": 5, "Cilla": 0}
    ok("edit", "2", "--buy", "Anna:kåk", "--last-trick", "Cilla")
    assert scores() == {"Anna": 6, "Bo": 11, "Cilla": 5}


def test_edit_refuses_taking_off_an_opponent_where_the_table_does_not_play_it() -> None:
    ok("new", "fredag", *PLAYERS)
    bo_at_10()
    path = session_file("fredag")
    before = path.read_bytes()
    message = refused("edit", "1", "--last-trick", "Bo:från:Anna")
    assert "this table does not take points off an opponent" in message and KEY in message
    assert path.read_bytes() == before


def test_play_takes_a_spoken_hand_and_last_trick_off_an_opponent() -> None:
    table()
    bo_at_10()
    answers = ["anna kåk från bo", "cilla KH KS 9D 9H 3C från bo", "sista anna från cilla",
               "bo par", "q"]
    result = invoke("play", input="\n".join(answers) + "\n")
    assert result.exit_code == 0, result.output
    assert "Saved: deal 2, köp 1: Anna: full house, taken from Bo  (Bo -6)" in result.output
    assert "Saved: deal 2, last trick: Anna, taken from Cilla" in result.output
    # Bo 10 - 6 - 2, Cilla's total stays 0 (-5 stops at the floor), Bo's pair at the showdown.
    assert scores() == {"Anna": 0, "Bo": 3, "Cilla": 0}


def test_play_with_two_players_and_fran_alone_and_the_help_that_says_so() -> None:
    table("Anna", "Bo")
    answers = ["?", "bo kåk", "anna par från", "", "anna 2 från", "pass", "q"]
    result = invoke("play", input="\n".join(answers) + "\n")
    assert result.exit_code == 0, result.output
    assert "PLAYER HAND från OPPONENT" in result.output
    assert scores() == {"Anna": 0, "Bo": 0}


def test_play_refuses_taking_off_an_opponent_at_a_table_that_does_not_and_asks_again() -> None:
    ok("new", "fredag", *PLAYERS)
    result = invoke("play", input="anna kåk från bo\nanna kåk\nq\n")
    assert result.exit_code == 0, result.output
    assert "this table does not take points off an opponent" in result.output
    assert scores() == {"Anna": 6, "Bo": 0, "Cilla": 0}


# -- shown in every view ------------------------------------------------------------------


def taken_game() -> None:
    table()
    bo_at_10()
    ok("deal", "--buy", "Anna:full-house:från:Bo", "--last-trick", "Cilla")


def test_log_says_whose_points_an_opponents_minus_was() -> None:
    taken_game()
    out = ok("log")
    assert "Deal 2: köp 1: Anna: full house, taken from Bo: Bo −6" in out


def test_explain_and_why_points_tell_the_rule_and_the_key() -> None:
    taken_game()
    out = " ".join(ok("explain", "2").split())
    assert "köp 1: Anna: full house, taken from Bo" in out
    assert (
        "Bo -6 → 4 (an opponent's best hand after köp 1, taken off this total; "
        "scoring.take_from_opponent)" in out
    )
    assert "Anna's total does not change: the points are taken off Bo's total instead" in out
    bo = " ".join(ok("why", "points", "Bo").split())
    assert "deal 2, köp 1: Bo -6 → 4" in bo and "taken from Bo" in bo
    anna = " ".join(ok("why", "points", "Anna").split())
    assert "deal 2, köp 1: Anna: full house, taken from Bo" in anna


def test_every_export_shows_the_opponent() -> None:
    taken_game()
    data = json.loads(ok("export", "--format", "json"))
    first = data["deals"][1]["events"][0]
    assert first["opponent"] == "Bo" and first["player"] == "Anna"
    assert first["awards"][0]["player"] == "Bo" and first["awards"][0]["points"] == -6
    assert first["awards"][0]["key"] == KEY
    md = ok("export", "--format", "md")
    assert "köp 1: Anna: full house, taken from Bo — Bo -6" in md
    html = ok("export", "--format", "html")
    assert "Taken from an opponent" in html
    assert "Deal 2: köp 1: Anna: full house, taken from Bo: Bo −6" in html
    csv = ok("export", "--format", "csv")
    assert "taken from an opponent" in csv.splitlines()[0]
    assert "köp 1: Anna: full house, taken from Bo" in csv.splitlines()[2]
    explain = json.loads(ok("explain", "--json"))
    assert explain["deals"][1]["events"][0]["opponent"] == "Bo"


def test_the_sheets_in_swedish() -> None:
    taken_game()
    out = ok("--lang", "sv", "log")
    assert "Giv 2: köp 1: Anna: kåk, dras av från Bo: Bo −6" in out


def test_the_preset_is_listed_and_new_and_rules_show_say_the_key() -> None:
    assert "from-opponent" in ok("rules", "presets")
    out = ok("new", "fredag", *PLAYERS, "--preset", "from-opponent")
    assert "House rules different from the main rule: scoring.take_from_opponent = true." in out
    assert "take_from_opponent = true " in ok("rules", "show")


def test_plays_correction_asks_for_an_opponent_in_a_kop_and_the_last_trick() -> None:
    table()
    bo_at_10()
    ok("deal", "--buy", "Anna:kåk", "--last-trick", "Cilla")
    answers = ["e 2", "köp 1", "anna kåk från bo", "sista", "cilla från anna", "", "y", "q"]
    result = invoke("play", input="\n".join(answers) + "\n")
    assert result.exit_code == 0, result.output
    assert "köp 1 Anna: full house → Anna: full house, taken from Bo" in result.output
    assert "last trick Cilla → Cilla, taken from Anna" in result.output
    assert scores() == {"Anna": 0, "Bo": 4, "Cilla": 0}


def test_an_opponent_called_from_is_kept_when_another_part_of_the_deal_is_corrected() -> None:
    """Issue 24: the claim's canonical text ``Anna:full-house:from:from`` reads back (the
    opponent is whatever follows the keyword), so correcting only the last trick keeps it.
    A new player may no longer be called "from" (issue 38); a file an earlier release wrote
    with one keeps the name, so the seat is renamed in the file here."""
    path = table("Anna", "Fromm", "Bo")
    path.write_text(path.read_text("utf-8").replace('"Fromm"', '"from"'), "utf-8")
    ok("deal", "--buy", "Bo:kåk", "--buy", "from:färg", "--last-trick", "from", "--showdown", "pass")
    ok("deal", "--buy", "Anna:kåk:från:fr", "--last-trick", "Bo", "--showdown", "pass")
    assert scores() == {"Anna": 0, "from": 4, "Bo": 11}  # 10 - 6
    ok("edit", "2", "--last-trick", "Anna")
    assert scores() == {"Anna": 5, "from": 4, "Bo": 6}
    log = ok("log")
    assert "köp 1: Anna: full house, taken from from" in log
