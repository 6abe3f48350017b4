"""`chicago edit DEAL`: a past deal corrected, everything after it replayed, the file kept
byte for byte when the correction is refused or only tried (--dry-run)."""

from __future__ import annotations

from chicago_protokoll.store import sessionfile
from cli_support import (
    ANNA_23_DEAL,
    SEED_000_DEAL,
    invoke,
    ok,
    refused,
    scores,
    session_file,
    usage_error,
    without_taken_back,
)

ANNA_BROKEN = ("deal", "--buy", "pass", "--buy", "pass", "--chicago", "Anna", "--broken-by", "Bo")


def _evening() -> bytes:
    """Seed 000's deal (Cilla deals), Anna's 23, Anna's Chicago broken by Bo: 12, 2, 5."""
    ok("new", "fredag", "Anna", "Bo", "Cilla", "--dealer", "Cilla")
    ok(*SEED_000_DEAL)
    ok(*ANNA_23_DEAL)
    ok(*ANNA_BROKEN)
    assert scores() == {"Anna": 12, "Bo": 2, "Cilla": 5}
    return session_file("fredag").read_bytes()


def test_a_corrected_last_trick_in_an_early_deal_replays_every_deal_after_it() -> None:
    _evening()
    out = ok("edit", "1", "--last-trick", "Bo")
    assert "deal 1 corrected at " in out and "last trick Cilla → Bo" in out
    assert "Bo       2 →   7  (+5)" in out
    assert scores() == {"Anna": 12, "Bo": 7, "Cilla": 0}
    events = sessionfile.load_session(session_file("fredag")).events
    assert [e.deal for e in events].count(3) == 4  # the later deals are all still there


def test_corrected_buys_replace_every_scored_kop_of_the_deal() -> None:
    _evening()
    ok("edit", "1", "--buy", "Cilla:par", "--buy", "pass")
    # köp 1 Cilla +1, köp 2 pass as named, last trick and showdown as recorded
    assert scores() == {"Anna": 10, "Bo": 0, "Cilla": 6}


def _buys(deal: int) -> dict[int, str]:
    from chicago_protokoll.core.claims import Claim
    from chicago_protokoll.core.events import BuyWinner

    events = sessionfile.load_session(session_file("fredag")).events
    return {
        e.buy: Claim.of(e).text() for e in events if isinstance(e, BuyWinner) and e.deal == deal
    }


def test_buy_k_equals_who_changes_that_kop_only() -> None:
    """`edit 1 --buy 1=Bo:stege`: köp 1 becomes Bo's straight (4, not 2); köp 2 stays
    Anna's two pair, and so does every other part of the deal."""
    _evening()
    out = ok("edit", "1", "--buy", "1=Bo:stege")
    assert "köp 1" in out
    assert _buys(1) == {1: "Bo:straight", 2: "Anna:two-pair"}
    assert scores() == {"Anna": 12, "Bo": 4, "Cilla": 5}


def test_buy_k_equals_who_is_given_once_per_kop() -> None:
    before = _evening()
    message = usage_error("edit", "1", "--buy", "2=Bo:par", "--buy", "2=Cilla:par")
    assert "köp 2 is given twice" in message
    assert session_file("fredag").read_bytes() == before


def test_a_buy_list_that_leaves_out_a_recorded_kop_is_a_usage_error_naming_it() -> None:
    """The new user's `edit 1 --buy Bo:stege` on a deal with two scored köp: köp 2 held
    Anna's two pair, and a list of one would make it a pass without a word."""
    before = _evening()
    message = usage_error("edit", "1", "--buy", "Bo:stege")
    assert "köp 2 was Anna: two pair; give --buy 2=... to change one köp, or --buy pass for it" in message
    assert session_file("fredag").read_bytes() == before


def test_the_two_forms_of_buy_mixed_are_a_usage_error() -> None:
    before = _evening()
    message = usage_error("edit", "1", "--buy", "1=Bo:stege", "--buy", "Anna:par")
    assert "--buy" in message and "not both" in message
    assert session_file("fredag").read_bytes() == before


def test_buy_k_past_the_scored_kop_is_a_usage_error() -> None:
    before = _evening()
    message = usage_error("edit", "1", "--buy", "3=Bo:par")
    assert "köp 1 to 2" in message
    assert session_file("fredag").read_bytes() == before


def test_a_chicago_turned_broken_and_a_broken_one_turned_won() -> None:
    _evening()
    ok("edit", "3", "--chicago", "Anna")
    assert scores()["Anna"] == 42
    ok("edit", "3", "--broken-by", "Cilla")
    assert scores()["Anna"] == 12
    session = sessionfile.load_session(session_file("fredag"))
    assert session.events[-1].player == "Cilla"  # type: ignore[union-attr]
    assert len(session.corrections) == 2


def test_a_removed_chicago_needs_the_last_trick() -> None:
    before = _evening()
    message = refused("edit", "3", "--no-chicago")
    assert "deal 3" in message and "last trick" in message and "nothing was changed" in message
    assert session_file("fredag").read_bytes() == before
    ok("edit", "3", "--no-chicago", "--last-trick", "Cilla")
    assert scores() == {"Anna": 27, "Bo": 2, "Cilla": 10}


def test_a_correction_that_breaks_a_later_deal_is_refused_naming_that_deal_and_rule() -> None:
    """Without Anna's 23 in deal 2 she had 4 points: her Chicago in deal 3 breaks the rule."""
    before = _evening()
    message = refused("edit", "2", "--buy", "pass", "--buy", "pass", "--last-trick", "Bo",
                      "--showdown", "pass")  # fmt: skip
    assert "deal 3 breaks a rule" in message
    assert "chicago.min_score" in message
    assert session_file("fredag").read_bytes() == before


def test_dry_run_shows_the_totals_before_and_after_and_writes_nothing() -> None:
    before = _evening()
    out = ok("edit", "1", "--last-trick", "Bo", "--dry-run")
    assert "Would correct deal 1: last trick" in out
    assert "corrected at" not in out  # nothing was corrected, at no time
    assert "Cilla    5 →   0  (-5)" in out
    assert "Dry run: nothing was written." in out
    assert session_file("fredag").read_bytes() == before
    assert scores() == {"Anna": 12, "Bo": 2, "Cilla": 5}


def test_undo_right_after_an_edit_restores_the_exact_file() -> None:
    before = _evening()
    ok("edit", "1", "--last-trick", "Bo")
    assert session_file("fredag").read_bytes() != before
    assert "Undone: deal 1 corrected" in ok("undo")
    # ...but for what it took back: the correction and the moment it changed
    assert without_taken_back(session_file("fredag").read_bytes()) == (before, 2)


def test_editing_back_restores_the_standings() -> None:
    _evening()
    ok("edit", "1", "--last-trick", "Bo")
    ok("edit", "1", "--last-trick", "Cilla")
    assert scores() == {"Anna": 12, "Bo": 2, "Cilla": 5}


def test_what_is_not_a_correction_is_refused_or_a_usage_error() -> None:
    before = _evening()
    assert "no deal 7" in refused("edit", "7", "--last-trick", "Bo")
    assert "nothing to correct" in refused("edit", "1", "--last-trick", "Cilla")
    assert invoke("edit", "1").exit_code == 2
    assert invoke("edit", "1", "--last-trick", "Bo", "--last-trick", "Anna").exit_code == 2
    assert invoke("edit", "1", "--chicago", "Anna", "--no-chicago").exit_code == 2
    assert session_file("fredag").read_bytes() == before


def test_a_deal_still_being_played_is_taken_back_with_undo_not_edited() -> None:
    _evening()
    ok("buy", "Bo:par")
    assert "still being played" in refused("edit", "4", "--buy", "pass")


def _finished_by_deal_3() -> bytes:
    """Anna 23, 46, then 64 with two full houses in deal 3: the game is over."""
    ok("new", "fredag", "Anna", "Bo", "Cilla")
    ok(*ANNA_23_DEAL)
    ok(*ANNA_23_DEAL)
    ok("deal", "--buy", "Anna:kåk", "--buy", "Anna:kåk", "--last-trick", "Bo",
       "--showdown", "Anna:kåk")
    assert "the game is over" in ok("status")
    return session_file("fredag").read_bytes()


BO_PAIRS = ("edit", "3", "--buy", "Bo:par", "--buy", "Bo:par", "--showdown", "Bo:par")


def test_a_dry_run_that_would_open_a_finished_game_says_so() -> None:
    before = _finished_by_deal_3()
    out = ok(*BO_PAIRS, "--dry-run")
    assert "The game would no longer be over: deal 4 would be played next." in out
    assert session_file("fredag").read_bytes() == before
    done = ok(*BO_PAIRS)
    assert "The game is no longer over: deal 4 is played next." in done
    assert "the game is over" not in ok("status")


def test_a_dry_run_that_would_end_the_game_says_it_would() -> None:
    _finished_by_deal_3()
    ok(*BO_PAIRS)
    out = ok("edit", "3", "--buy", "Anna:kåk", "--buy", "Anna:kåk", "--showdown", "Anna:kåk",
             "--dry-run")
    assert "The game would be over. Winner: Anna" in out
