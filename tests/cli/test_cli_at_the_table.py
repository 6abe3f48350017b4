"""What a new user at a real table types, and what the tool answers (from a trial evening)."""

from __future__ import annotations

import pytest

from cli_support import ok, refused, scores, status


@pytest.fixture(autouse=True)
def fredag() -> None:
    ok("new", "fredag", "Anna", "Bo", "Cilla")


def test_a_hand_name_with_its_cards_is_recorded_when_the_cards_make_that_hand() -> None:
    """'två par KH KS 9D 9H 3C' (also with brackets or a colon) records two pair with the cards."""
    ok("buy", "Anna:två par KH KS 9D 9H 3C")
    ok("buy", "Bo:två par [QH QD 9C 9S 4H]")
    assert scores() == {"Anna": 2, "Bo": 2, "Cilla": 0}


def test_a_hand_name_whose_cards_make_another_hand_is_refused() -> None:
    """Claiming två par with only a pair in the cards is refused and records nothing."""
    message = refused("buy", "Anna:två par:KH KS 9D 8H 3C")
    assert "is par (pair), not två par (two pair)" in message
    assert message.endswith("nothing was recorded")


def test_five_cards_without_a_pair_cannot_be_the_best_hand() -> None:
    """A mistyped hand that is not even a pair is refused instead of using up the köp."""
    message = refused("buy", "Anna:KH QS 9D 8H 3C")
    assert "not even a pair" in message and "'pass'" in message
    assert status()["buy"] == 1


def test_a_unique_start_of_a_name_is_enough_on_the_command_line() -> None:
    """'an' is Anna and 'c' is Cilla, as in `chicago play`."""
    ok("deal", "--buy", "an:par", "--buy", "b:kåk", "--last-trick", "c")
    assert scores() == {"Anna": 1, "Bo": 6, "Cilla": 5}


def test_a_misspelt_name_gets_a_suggestion() -> None:
    """'Cila' is refused with the players and 'did you mean Cilla?'."""
    assert "did you mean Cilla?" in refused("tricks", "Cila")


def test_every_refused_recording_says_that_nothing_was_recorded() -> None:
    """So nobody types `undo` to remove an entry that was never made."""
    assert refused("declare", "Anna").endswith("; nothing was recorded")
    assert refused("buy", "Dagg:par").endswith("; nothing was recorded")


def test_a_whole_deal_after_the_game_is_over_says_the_game_is_over() -> None:
    """Not 'needs --last-trick': the reason is that the game has a winner."""
    ok(
        "deal",
        "--buy",
        "Anna:färgstege",
        "--buy",
        "Anna:fyrtal",
        "--last-trick",
        "Anna",
        "--showdown",
        "Anna:kåk",
    )
    ok(
        "deal",
        "--buy",
        "Anna:färgstege",
        "--buy",
        "Anna:färgstege",
        "--last-trick",
        "Anna",
        "--showdown",
        "Anna:färgstege",
    )
    assert status()["finished"]
    assert "the game is over (Anna won)" in refused("deal", "--buy", "pass")
    assert "the game is over (Anna won)" in refused("buy", "Bo:par")


def test_last_trick_given_with_a_chicago_points_to_broken_by() -> None:
    """`--chicago Bo --last-trick Cilla` explains that Cilla breaking it is `--broken-by Cilla`."""
    message = refused(
        "deal", "--buy", "pass", "--buy", "pass", "--chicago", "Bo", "--last-trick", "Cilla"
    )
    assert "write --broken-by Cilla" in message


def test_undo_deal_takes_back_a_whole_deal() -> None:
    """After a wrong `chicago deal`, `undo --deal` removes all of it and the deal can be typed again."""
    ok("deal", "--buy", "Anna:par", "--buy", "Bo:par", "--last-trick", "Cilla")
    out = ok("undo", "--deal")
    assert out.count("Undone: ") == 4
    assert status()["deal"] == 1 and scores() == {"Anna": 0, "Bo": 0, "Cilla": 0}
    ok("deal", "--buy", "Bo:par", "--last-trick", "Cilla")
    assert scores() == {"Anna": 0, "Bo": 1, "Cilla": 5}


def test_plain_undo_still_takes_back_one_event() -> None:
    """The contract: `chicago undo` takes back the last recorded event only."""
    ok("deal", "--buy", "Anna:par", "--buy", "Bo:par", "--last-trick", "Cilla")
    assert ok("undo").count("Undone: ") == 1
    assert status()["deal"] == 1 and status()["next"] == "showdown"


@pytest.mark.parametrize(
    ("said", "points"), [("fullt hus", 6), ("fyra lika", 7), ("tre lika", 3), ("tvåpar", 2)]
)
def test_everyday_swedish_hand_names_are_understood(said: str, points: int) -> None:
    """What people say at the table, beyond the names in the rules."""
    ok("buy", f"Anna:{said}")
    assert scores()["Anna"] == points


def test_a_single_moment_says_what_was_recorded() -> None:
    """`chicago exchange` and `chicago buy` confirm the entry before the standings."""
    assert "Recorded: deal 1, köp 1 exchange: Cilla exchanged 2" in ok("exchange", "Cilla", "2")
    assert "Recorded: deal 1, köp 1: Anna: pair" in ok("buy", "Anna:par")


def test_a_negative_exchange_is_refused_by_the_rule_not_as_an_option() -> None:
    """`exchange Anna -1` names the 0-5 rule instead of 'No such option: -1'."""
    assert "a player exchanges 0 to 5 cards, not -1" in refused("exchange", "Anna", "-1")
