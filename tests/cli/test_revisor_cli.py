"""`chicago penalty`, `chicago forfeit`, `chicago note` (cli.md, "The revisor's entries"):
recorded, refused, taken back, kept by `edit`, and shown in every view with the reason."""

from __future__ import annotations

import json

import pytest

from chicago_protokoll.store.fileformat import IDS_VERSION
from cli_support import (
    ANNA_23_DEAL,
    SEED_000_DEAL,
    invoke,
    ok,
    refused,
    scores,
    session_file,
    status,
    usage_error,
    without_taken_back,
)

PLAYERS = ("Anna", "Bo", "Cilla")


def seed_game() -> None:
    """Seed 000: Cilla deals; after deal 1 Anna 4, Bo 2, Cilla 5."""
    ok("new", "fredag", *PLAYERS, "--dealer", "Cilla")
    ok(*SEED_000_DEAL)


def test_penalty_prints_what_was_recorded_and_the_standings() -> None:
    seed_game()
    out = ok("penalty", "cilla", "3", "--reason", "för tidigt köp")
    assert out.splitlines()[0] == "Recorded: deal 1, Penalty: Cilla −3 (för tidigt köp)"
    assert "fredag, deal 2, next: köp 1: best hand" in out
    assert scores() == {"Anna": 4, "Bo": 2, "Cilla": 2}


def test_a_file_with_a_revisor_entry_is_written_in_the_format_of_ids_as_every_file() -> None:
    """Since ids every saved file needs their format (format 5), a note or not: an earlier
    release refuses it by name rather than drop the ids."""
    seed_game()
    path = session_file("fredag")
    assert f"version = {IDS_VERSION}\n" in path.read_text(encoding="utf-8")
    ok("note", "Bo kom sent")
    text = path.read_text(encoding="utf-8")
    assert f"version = {IDS_VERSION}\n" in text
    assert 'type = "note"' in text
    ok("undo")
    assert f"version = {IDS_VERSION}\n" in path.read_text(encoding="utf-8")


@pytest.mark.parametrize("points", ["0", "-5", "fem", "2.5"])
def test_a_penalty_of_0_a_negative_or_no_whole_number_is_refused_and_nothing_changes(
    points: str,
) -> None:
    seed_game()
    path = session_file("fredag")
    before = path.read_bytes()
    message = refused("penalty", "Anna", points, "--reason", "x")
    assert "1 or more" in message
    assert "nothing was recorded" in message
    assert path.read_bytes() == before


def test_a_penalty_of_an_unknown_player_or_without_a_reason_is_refused() -> None:
    seed_game()
    path = session_file("fredag")
    before = path.read_bytes()
    assert "'Dag' is not at this table" in refused("penalty", "Dag", "2", "--reason", "x")
    assert "reason" in refused("penalty", "Anna", "2", "--reason", " ")
    assert "--reason" in usage_error("penalty", "Anna", "2")
    assert "--reason" in usage_error("forfeit", "Anna")
    assert path.read_bytes() == before


def test_after_the_game_a_penalty_and_a_forfeit_are_refused_and_a_note_is_allowed() -> None:
    ok("new", "fredag", *PLAYERS)
    for _ in range(3):
        ok(*ANNA_23_DEAL)
    assert status()["finished"]
    path = session_file("fredag")
    before = path.read_bytes()
    assert "the game is over" in refused("penalty", "Bo", "2", "--reason", "x")
    assert "the game is over" in refused("forfeit", "Bo", "--reason", "x")
    assert path.read_bytes() == before
    out = ok("note", "Bo räknade om poängen")
    assert "Recorded: deal 3, Note: Bo räknade om poängen" in out


def test_a_penalty_between_deals_lifts_kopstopp_in_the_next_deal() -> None:
    """Anna 46 after two deals of 23 (buy_stop.threshold = 46): köpstopp in deal 3; a
    penalty of 5 leaves 41, so deal 3 starts without it and her exchange is taken."""
    ok("new", "fredag", *PLAYERS)
    ok(*ANNA_23_DEAL)
    ok(*ANNA_23_DEAL)
    anna = status()["players"][0]
    assert (anna["score"], anna["buy_stop"]) == (46, True)
    ok("penalty", "Anna", "5", "--reason", "för tidigt köp")
    anna = status()["players"][0]
    assert (anna["score"], anna["buy_stop"]) == (41, False)
    ok("exchange", "Anna", "3")
    log = json.loads(ok("log", "--json"))
    assert log["deals"][1]["totals"]["Anna"] == 41  # the penalty is part of deal 2
    assert log["deals"][1]["revisor"][0]["type"] == "penalty"


def test_forfeit_ends_the_game_and_status_json_says_who_forfeited() -> None:
    seed_game()
    out = ok("forfeit", "Cilla", "--reason", "visade inte kåken")
    assert "Recorded: deal 1, Cilla forfeits (visade inte kåken): the game is over" in out
    data = status()
    assert data["finished"] is True
    assert data["forfeited"] == ["Cilla"]
    assert data["winners"] == ["Anna"]  # Anna 4, Bo 2 among the others
    assert {p["name"]: p["score"] for p in data["players"]}["Cilla"] == 5  # as recorded


def test_status_json_has_no_forfeited_key_when_nobody_forfeited() -> None:
    seed_game()
    assert "forfeited" not in status()


def test_settle_counts_a_forfeiting_player_as_0() -> None:
    """Anna 4, Bo 2, Cilla 5 and Cilla forfeits: Anna wins; Bo pays 4 - 2 = 2, Cilla 4 - 0 = 4."""
    seed_game()
    ok("forfeit", "Cilla", "--reason", "visade inte kåken")
    data = json.loads(ok("settle", "--json"))
    assert data["payments"] == [
        {"from": "Bo", "to": "Anna", "amount": 2},
        {"from": "Cilla", "to": "Anna", "amount": 4},
    ]


def test_undo_takes_back_the_most_recent_entry_whichever_it_is() -> None:
    seed_game()
    path = session_file("fredag")
    after_deal = path.read_bytes()
    ok("penalty", "Bo", "1", "--reason", "sen")
    ok("note", "felgiv")
    ok("forfeit", "Anna", "--reason", "lämnade bordet")
    assert "Undone: deal 1, Anna forfeits (lämnade bordet)" in ok("undo")
    assert "Undone: deal 1, Note: felgiv" in ok("undo")
    assert "Undone: deal 1, Penalty: Bo −1 (sen)" in ok("undo")
    assert without_taken_back(path.read_bytes()) == (after_deal, 3)


def test_undo_deal_takes_back_a_deal_with_its_penalty() -> None:
    seed_game()
    ok("penalty", "Bo", "1", "--reason", "sen")
    out = ok("undo", "--deal")
    assert "Penalty: Bo −1 (sen)" in out
    assert status()["deal"] == 1
    assert scores() == {"Anna": 0, "Bo": 0, "Cilla": 0}


def test_a_note_on_another_deal_and_on_a_deal_not_played() -> None:
    seed_game()
    ok("buy", "Anna:par")
    out = ok("note", "Bo visade fel kort", "--deal", "1")
    assert "Recorded: deal 1, Note: Bo visade fel kort" in out
    assert "no deal 4" in refused("note", "x", "--deal", "4")
    # the note on deal 1 stays while deal 2 goes on, and `deal` still finishes it
    ok("buy", "pass")
    ok("tricks", "Bo")
    ok("showdown", "pass")
    assert scores() == {"Anna": 5, "Bo": 7, "Cilla": 5}


def test_deal_is_accepted_after_a_penalty_or_a_note_before_it() -> None:
    ok("new", "fredag", *PLAYERS, "--dealer", "Cilla")
    ok("penalty", "Anna", "2", "--reason", "kom sent")
    ok("note", "Bo delar ut")
    ok(*SEED_000_DEAL)
    assert scores() == {"Anna": 4, "Bo": 2, "Cilla": 5}  # 0 - 2 stopped at the floor, + 4


def test_edit_keeps_a_deals_penalty_and_note() -> None:
    seed_game()
    ok("penalty", "Cilla", "2", "--reason", "för tidigt köp")
    ok("note", "felgiv i början")
    ok("edit", "1", "--last-trick", "Bo")
    assert scores() == {"Anna": 4, "Bo": 7, "Cilla": 0}
    explain = ok("explain", "1")
    assert "Penalty: Cilla −2 (för tidigt köp)" in explain
    assert "Note: felgiv i början" in explain


def revisor_game() -> None:
    seed_game()
    ok("penalty", "Bo", "1", "--reason", "för tidigt köp")
    ok("note", "korten blandades om")
    ok("forfeit", "Cilla", "--reason", "visade inte kåken")


def test_log_shows_each_entry_with_its_reason() -> None:
    revisor_game()
    out = ok("log")
    assert "Deal 1: Penalty: Bo −1 (för tidigt köp)" in out
    assert "Deal 1: Note: korten blandades om" in out
    assert "Deal 1: Cilla forfeits (visade inte kåken): the game is over" in out


def test_log_in_swedish_says_straff_and_forlorar() -> None:
    revisor_game()
    out = ok("--lang", "sv", "log")
    assert "Giv 1: Straff: Bo −1 (för tidigt köp)" in out
    assert "Giv 1: Anteckning: korten blandades om" in out
    assert "Giv 1: Cilla ger upp (visade inte kåken): partiet är slut" in out


def test_explain_tells_the_penalty_the_forfeit_and_the_outcome() -> None:
    revisor_game()
    out = ok("explain")
    assert "Penalty: Bo −1 (för tidigt köp)" in out
    assert "Bo -1 → 1 (a penalty the table ruled)" in out
    assert "Cilla forfeits (visade inte kåken): the game is over" in out
    assert "Cilla forfeited (visade inte kåken): the game ended at once" in out
    assert "Winner: Anna with 4 points." in out
    mine = ok("explain", "--player", "Bo")
    assert "Penalty: Bo −1 (för tidigt köp)" in mine


def test_why_kopstopp_names_the_penalty() -> None:
    seed_game()
    ok("penalty", "Anna", "2", "--reason", "sen")
    out = ok("why", "köpstopp", "Anna")
    assert "Anna's penalty in deal 1 (sen, -2) counts in the total deal 1 ends with" in out


def test_every_export_shows_the_entries_with_their_reasons() -> None:
    revisor_game()
    data = json.loads(ok("export", "--format", "json"))
    kinds = [event["type"] for event in data["deals"][0]["events"]]
    assert kinds[-3:] == ["penalty", "note", "forfeit"]
    penalty = data["deals"][0]["events"][-3]
    assert (penalty["reason"], penalty["points"]) == ("för tidigt köp", 1)
    assert penalty["awards"] == [
        {"player": "Bo", "points": -1, "nominal": -1, "rule": "penalty", "key": ""}
    ]
    assert data["forfeited"] == ["Cilla"]
    csv = ok("export", "--format", "csv")
    assert csv.splitlines()[0].endswith(",penalty,forfeit,note,penalties and notes,royal")
    assert "Penalty: Bo −1 (för tidigt köp); Note: korten blandades om" in csv
    assert "Bo 1 för tidigt köp,Cilla visade inte kåken,korten blandades om," in csv  # as import reads them
    md = ok("export", "--format", "md")
    assert "## Penalties and notes" in md
    assert "- Deal 1: Note: korten blandades om" in md
    assert "- Deal 1: Cilla forfeits (visade inte kåken): the game is over" in md
    html = ok("export", "--format", "html")
    assert '<section class="revisor">' in html
    assert "Penalty: Bo −1 (för tidigt köp)" in html
    assert "Note: korten blandades om" in html
    assert "Cilla forfeited: placed last, 0 points in the settlement." in html


def test_a_game_without_entries_exports_as_before() -> None:
    seed_game()
    csv = ok("export", "--format", "csv")
    assert csv.splitlines()[0].endswith(",showdown,royal")
    assert "revisor" not in ok("export", "--format", "html")
    assert "Penalties and notes" not in ok("export", "--format", "md")


def test_reasons_are_escaped_on_the_html_sheet() -> None:
    seed_game()
    ok("note", "<script>alert(1)</script> & co")
    html = ok("export", "--format", "html")
    assert "<script>alert" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt; &amp; co" in html


def test_the_help_of_each_command_ends_with_an_example() -> None:
    for name, example in (
        ("penalty", "chicago penalty Anna 5"),
        ("forfeit", "chicago forfeit Bo"),
        ("note", "chicago note"),
    ):
        result = invoke(name, "--help")
        assert result.exit_code == 0
        assert example in result.stdout
