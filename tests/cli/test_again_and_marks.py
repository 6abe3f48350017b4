"""The next game at the same table (`again`), no silent house rules, Chicago marks in the
protocol, and a correction kept, told, exported and taken back by `undo`."""

from __future__ import annotations

import csv
import io
import json
import os
import subprocess
from dataclasses import replace
from pathlib import Path

from chicago_protokoll.core.correct import correct_deal
from chicago_protokoll.core.events import LastTrick
from chicago_protokoll.store import catalogue, sessionfile
from cli_support import (
    ANNA_23_DEAL,
    CHICAGO,
    ENGLISH,
    SEED_000_DEAL,
    invoke,
    ok,
    refused,
    session_file,
    status,
    without_taken_back,
)

ANNA_CHICAGO = ("deal", "--buy", "pass", "--buy", "pass", "--chicago", "Anna")
ANNA_BROKEN = (*ANNA_CHICAGO, "--broken-by", "Bo")


def test_again_keeps_players_seats_and_rules_and_passes_the_first_deal_on() -> None:
    ok("new", "fredag", "Anna", "Bo", "Cilla", "--dealer", "Bo", "--preset", "tournament")
    ok(*SEED_000_DEAL)
    out = ok("again")
    assert "New session 'fredag-2': Anna, Bo, Cilla. Cilla deals first." in out
    assert catalogue.get_current() == "fredag-2"
    old = sessionfile.load_session(session_file("fredag"))
    new = sessionfile.load_session(session_file("fredag-2"))
    assert new.players == old.players and new.rules == old.rules
    assert (new.first_dealer, new.events) == ("Cilla", ())
    assert status()["dealer"] == "Cilla"
    ok("again")
    assert sessionfile.load_session(session_file("fredag-3")).first_dealer == "Anna"


def test_again_takes_a_name_and_never_overwrites_a_session() -> None:
    ok("new", "fredag", "Anna", "Bo")
    ok("new", "lördag", "Anna", "Bo")
    before = session_file("lördag").read_bytes()
    assert "already exists" in refused("again", "lördag", "--session", "fredag")
    assert session_file("lördag").read_bytes() == before
    assert "'kväll'" in ok("again", "kväll", "--session", "fredag")
    assert sessionfile.load_session(session_file("kväll")).first_dealer == "Bo"


def test_again_beside_a_session_given_as_a_file(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "fredag.toml"
    ok("new", "fredag", "Anna", "Bo", "--file", str(path))
    ok("again", "--file", str(path))
    assert sessionfile.load_session(tmp_path / "fredag-2.toml").first_dealer == "Bo"


def test_new_and_again_name_every_house_rule_that_differs_from_the_main_rule() -> None:
    out = ok("new", "fredag", "Anna", "Bo", "--preset", "tournament")
    assert (
        "House rules different from the main rule: chicago.breaker_bonus = 10, "
        "buy_stop.threshold = 45." in out
    )
    assert "buy_stop.threshold = 45" in ok("again")
    assert "House rules: the main rule." in ok("new", "lördag", "Anna", "Bo")


def test_five_players_are_refused_naming_the_preset_and_the_key_that_allow_them() -> None:
    message = refused("new", "fredag", "Anna", "Bo", "Cilla", "Dan", "Eva")
    assert "--preset big-table" in message and "game.max_players" in message
    assert "Dan" in ok(
        "new", "fredag", "Anna", "Bo", "Cilla", "Dan", "Eva", "--preset", "big-table"
    )


def test_the_protocol_marks_a_chicago_won_and_a_chicago_broken() -> None:
    ok("new", "fredag", "Anna", "Bo", "Cilla")
    ok(*ANNA_23_DEAL)
    ok(*ANNA_CHICAGO)
    ok(*ANNA_BROKEN)
    log = ok("log")
    assert "+15 38 C✓" in log and "-15 23 C✗" in log
    assert "C✓: a Chicago won" in log
    md = ok("export", "--format", "md")
    assert "+15 → 38 C✓" in md and "-15 → 23 C✗" in md
    rows = list(csv.reader(io.StringIO(ok("export", "--format", "csv"))))
    chicago = rows[0].index("chicago")
    assert [row[chicago : chicago + 2] for row in rows] == [
        ["chicago", "broken_by"], ["", ""], ["Anna", ""], ["Anna", "Bo"]
    ]
    html = ok("export", "--format", "html")
    assert '<span class="chicago">C✓</span>' in html and '<span class="chicago">C✗</span>' in html
    assert "C✓" not in ok("log", "--session", "fredag").split("\n")[4]  # deal 1: no Chicago


def _correct_last_trick() -> bytes:
    """fredag: seed 000's deal twice, then deal 1's last trick corrected to Bo (as `edit`
    writes it); the file's bytes before the correction."""
    ok("new", "fredag", "Anna", "Bo", "Cilla", "--dealer", "Cilla")
    ok(*SEED_000_DEAL)
    ok(*SEED_000_DEAL)
    path = session_file("fredag")
    before = path.read_bytes()
    session = sessionfile.load_session(path)
    deal_1 = [e for e in session.events if e.deal == 1]
    deal_1[2] = LastTrick("Bo", deal=1)
    corrected, _ = correct_deal(session, 1, deal_1, at="2026-11-30T21:04:00+00:00")
    sessionfile.save_session(path, replace(corrected))
    return before


def test_log_explain_and_export_tell_a_correction() -> None:
    _correct_last_trick()
    log = ok("log")
    assert "1 ✎" in log and "✎ deal 1 corrected at" in log
    assert "last trick Cilla → Bo" in log  # what changed, in the footnote
    markdown = ok("export", "--format", "md")
    assert "| 1 ✎ |" in markdown and "last trick Cilla → Bo" in markdown
    html = ok("export", "--format", "html")
    assert 'class="corrected"' in html and "last trick Cilla → Bo" in html
    explained = ok("explain", "1")
    assert "deal 1 corrected at " in explained
    assert "last trick Cilla → Bo" in explained
    exported = json.loads(ok("export", "--format", "json"))
    (correction,) = exported["corrections"]
    assert correction["deal"] == 1 and correction["at"] == "2026-11-30T21:04:00+00:00"
    before = [{k: v for k, v in event.items() if k != "id"} for event in correction["before"]]
    after = [{k: v for k, v in event.items() if k != "id"} for event in correction["after"]]
    assert {"type": "last-trick", "deal": 1, "player": "Cilla"} in before
    assert {"type": "last-trick", "deal": 1, "player": "Bo"} in after
    # The moments the correction did not change keep their ids; the changed one has its own.
    ids_before = {event["id"] for event in correction["before"]}
    assert [event["id"] in ids_before for event in correction["after"]].count(False) == 1


def test_undo_right_after_a_correction_restores_the_exact_file() -> None:
    before = _correct_last_trick()
    out = ok("undo")
    assert "Undone: deal 1 corrected at" in out
    # ...and keeps what it took back: the correction and the moment it changed
    assert without_taken_back(session_file("fredag").read_bytes()) == (before, 2)
    # the next undo takes back an event, as always
    assert "Undone: deal 2, showdown" in ok("undo")


def test_a_session_with_a_correction_round_trips_through_every_reading_command() -> None:
    _correct_last_trick()
    path = session_file("fredag")
    text = path.read_bytes()
    for command in (("status", "--json"), ("log",), ("explain",), ("sessions",)):
        assert invoke(*command).exit_code == 0
    ok(*SEED_000_DEAL)  # recording keeps the history
    assert sessionfile.load_session(path).corrections
    assert path.read_bytes().startswith(text[: text.index(b"[[events]]")])


def test_again_drop_and_add_change_the_seats_and_the_next_dealer_is_the_next_seated() -> None:
    """cli.md: --drop leaves P out, --add seats Q after the last seat; the first dealer is
    the next player clockwise after the previous first dealer among those now seated
    (a newly added player counts)."""
    ok("new", "fredag", "Anna", "Bo", "Cilla", "--dealer", "Cilla")
    out = ok("again", "--drop", "Bo", "--add", "Dag")
    assert "Anna, Cilla, Dag. Dag deals first." in out
    again = json.loads(ok("sessions", "show", "--json"))  # the new current session
    assert again["players"] == ["Anna", "Cilla", "Dag"] and again["session"] == "fredag-2"
    ok("again", "--drop", "Dag")  # Dag dealt first and leaves: Anna, after Dag, deals
    assert status()["dealer"] == "Anna"


def test_again_refuses_a_seated_name_too_few_or_too_many_players_and_writes_nothing() -> None:
    ok("new", "fredag", "Anna", "Bo", "Cilla")
    before = session_file("fredag").read_bytes()
    assert "Anna is already seated at this table" in refused("again", "--add", "anna")
    assert "game.min_players" in refused("again", "--drop", "Anna", "--drop", "Bo")
    many = ["--add", "Dag", "--add", "Eva", "--add", "Filip", "--add", "Gun"]
    assert "game.max_players" in refused("again", *many)
    assert "'Zlatan' is not at this table" in refused("again", "--drop", "Zlatan")
    assert not session_file("fredag-2").exists()
    assert session_file("fredag").read_bytes() == before
    assert catalogue.get_current() == "fredag"


def test_every_sheet_names_the_hand_that_won_the_game_and_marks_koepstopp() -> None:
    """A +52 never stands without its reason, and köpstopp is marked on every sheet."""
    ok("new", "fredag", "Anna", "Bo", "Cilla", "--preset", "tournament")  # köpstopp at 45
    ok(*ANNA_23_DEAL)
    ok(*ANNA_23_DEAL)
    ok("deal", "--buy", "Bo:par", "--last-trick", "Bo", "--showdown", "Cilla:par")
    ok("royal", "Cilla")
    royal = "Cilla won the game with a royal straight flush (hands.royal_straight_flush)"
    log = ok("log")
    row_4 = next(line for line in log.splitlines() if line.strip().startswith("4 "))
    assert royal in log and row_4.rstrip().endswith("★") and "+52" in row_4
    assert "– 46 ⊘" in log and "köpstopp in that deal (buy_stop.threshold)" in log
    markdown = ok("export", "--format", "md")
    assert royal in markdown.replace("\\_", "_") and "⊘" in markdown
    html = ok("export", "--format", "html")
    assert royal in html and 'class="won"' in html and "buy-stop" in html
    assert "Cilla vann partiet med en royal straight flush" in ok("--lang", "sv", "log")


def test_the_sheets_say_the_house_rules_in_words_in_both_languages() -> None:
    ok("new", "fredag", "Anna", "Bo", "Cilla", "--preset", "tournament")
    html = ok("export", "--format", "html")
    assert "points for the player who breaks a Chicago: 10 (chicago.breaker_bonus)" in html
    assert "chicago.breaker_bonus = 10" not in html
    swedish = ok("--lang", "sv", "export", "--format", "md")
    assert "köpstopp från given efter att en spelare har så här många: 45" in swedish


# -- one next game (cli.md, "One act, one entry") -----------------------------------------


def _data(home: Path) -> dict[str, bytes]:
    """Every file of the data directory, by its path inside it."""
    return {
        str(path.relative_to(home)): path.read_bytes()
        for path in sorted(home.rglob("*"))
        if path.is_file() and not path.name.startswith(".")
    }


def test_a_second_again_for_the_same_game_is_refused_naming_the_game_the_first_made(
    chicago_home: Path,
) -> None:
    ok("new", "fredag", "Anna", "Bo", "Cilla")
    ok("again")
    ok("sessions", "use", "fredag")
    before = _data(chicago_home)
    for args in (("again",), ("again", "--session", "fredag"), ("again", "kväll", "--session", "fredag")):
        message = refused(*args)
        assert "the next game after fredag was started already: fredag-2; nothing was created" in message
    assert _data(chicago_home) == before
    ok("again", "--session", "fredag-2")  # the next game's own next game is another act
    assert catalogue.get_current() == "fredag-3"


def test_again_typed_in_several_terminals_at_once_makes_one_game(chicago_home: Path) -> None:
    ok("new", "fredag", "Anna", "Bo", "Cilla")
    ok("royal", "Anna")
    started = [
        subprocess.Popen(
            [str(CHICAGO), "again", "--session", "fredag"],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, **ENGLISH},
        )
        for _ in range(4)
    ]
    answers = [(process.wait(timeout=60), *process.communicate()) for process in started]
    assert sorted(code for code, _, _ in answers) == [0, 1, 1, 1], answers
    for code, out, err in answers:
        if code == 0:
            assert "New session 'fredag-2'" in out
        else:
            assert "was started already: fredag-2" in err
    assert sorted(path.stem for path in (chicago_home / "sessions").glob("*.toml")) == ["fredag", "fredag-2"]
    assert catalogue.get_current() == "fredag-2"


def test_again_at_a_nights_table_is_refused_also_when_named_by_its_file(chicago_home: Path) -> None:
    ok("night", "new", "kväll", "Anna", "Bo", "Cilla", "--seed", "3")
    ok("royal", "Anna", "--session", "kväll-r1-t1")
    before = _data(chicago_home)
    table = str(chicago_home / "sessions" / "kväll-r1-t1.toml")
    for args in (("again", "--session", "kväll-r1-t1"), ("again", "--file", table)):
        assert "`chicago night draw kväll`" in refused(*args)
    assert _data(chicago_home) == before


def test_play_offers_the_next_game_a_phone_started_and_plays_on_in_it(chicago_home: Path) -> None:
    """The phone's Next game came first: `play`'s offer names that game, and a yes plays on
    in it instead of making a second one."""
    from chicago_protokoll.store import recording

    ok("new", "fredag", "Anna", "Bo", "Cilla")
    ok("royal", "Anna")
    recording.next_game(session_file("fredag"), current=True, finished=True)  # as the phone does
    ok("sessions", "use", "fredag")
    out = ok("play", input="y\nq\n")
    assert "Next game at the same table, 'fredag-2'" in out
    assert "The next game was started already: fredag-2; it is played here." in out
    assert not session_file("fredag-3").exists()
    assert catalogue.get_current() == "fredag-2"
