"""`chicago compare`: hands given twice the same card are refused, and points are counted in
words that agree with the number."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from typer.testing import CliRunner

from chicago_protokoll.cli.app import app
from chicago_protokoll.core.compare import compare_hands
from chicago_protokoll.core.errors import CardError
from chicago_protokoll.core.rules import HouseRules
from chicago_protokoll.i18n.language import set_language
from cli_support import invoke


@pytest.fixture(autouse=True)
def language_from_the_flag() -> Iterator[None]:
    yield
    set_language(None)  # --lang sets a module switch; the next test starts from the env


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, list(args), prog_name="chicago")
    return result.exit_code, result.stdout, result.stderr


def test_a_card_in_two_hands_is_a_card_error_naming_both_hands() -> None:
    with pytest.raises(CardError) as refused:
        compare_hands(["KH KS 9D 9H 3C", "KH QD 9C 9S 4H"], HouseRules())
    assert str(refused.value) == "KH is in hand 1 and hand 2: one deck has one of each card"
    assert refused.value.localized("sv") == "KH finns i hand 1 och hand 2: en kortlek har ett av varje kort"


def test_a_card_in_two_hands_is_refused_through_the_cli() -> None:
    code, out, err = run("compare", "KH KS 9D 9H 3C", "KH QD 9C 9S 4H")
    assert code == 1
    assert out == ""
    assert "KH is in hand 1 and hand 2: one deck has one of each card" in err


def test_a_card_in_two_hands_is_refused_in_swedish() -> None:
    code, _, err = run("--lang", "sv", "compare", "KH KS 9D 9H 3C", "KH QD 9C 9S 4H")
    assert code == 1
    assert "KH finns i hand 1 och hand 2: en kortlek har ett av varje kort" in err


def test_the_shared_card_is_found_in_any_two_hands_and_in_any_spelling() -> None:
    code, _, err = run("compare", "AH AS 2C 3D 4S", "KH KS 9D 9H 3C", "Q♦ Q♣ 9♥ 3♥ 2D")
    assert code == 1
    assert "9H is in hand 2 and hand 3" in err


def test_hand_names_share_no_cards() -> None:
    """A hand given by name has no cards to share: two pairs by name are compared."""
    code, out, _ = run("compare", "pair", "pair", "KH KS 9D 9H 3C")
    assert code == 0, out
    assert "Hand 3 wins." in out


def test_one_point_is_singular_and_other_counts_plural() -> None:
    code, out, _ = run("compare", "KH KS 9D 8H 3C", "AH 2S 5C 7D JS", "QH QS 9C 9S 4H")
    assert code == 0
    assert "1. K♥ K♠ 9♦ 8♥ 3♣: pair (1 point)" in out
    assert "(0 points)" in out
    assert "(2 points)" in out
    assert "1 points" not in out


def test_poang_is_the_same_word_for_one_and_many() -> None:
    code, out, _ = run("--lang", "sv", "compare", "KH KS 9D 8H 3C", "QH QS 9C 9S 4H")
    assert code == 0
    assert "(1 poäng)" in out
    assert "(2 poäng)" in out


@pytest.mark.parametrize("name", ["tvåpar", "två par", "two-pair"])
def test_a_hand_given_by_name_level_with_shown_cards_leaves_the_winner_open(name: str) -> None:
    """A bare name has no cards: against K K 9 9 3 of the same category the cards decide,
    so compare names no winner (and says why) instead of preferring the cards."""
    out = invoke("compare", name, "KH KS 9D 9H 3C", "--json")
    assert out.exit_code == 0, out.output
    answer = json.loads(out.stdout)
    assert answer["winner"] is None and answer["undecided"] is True
    text = invoke("compare", name, "KH KS 9D 9H 3C").stdout
    assert "wins" not in text and "name alone cannot decide" in text


def test_a_hand_given_by_name_still_beats_a_lower_category_and_loses_to_a_higher() -> None:
    assert json.loads(invoke("compare", "par", "KH KS 9D 9H 3C", "--json").stdout)["winner"] == 1
    assert json.loads(invoke("compare", "kåk", "KH KS 9D 9H 3C", "--json").stdout)["winner"] == 0
    decided = json.loads(invoke("compare", "KH KS 9D 9H 3C", "QH QS 9C 9S 3D", "--json").stdout)
    assert decided == decided | {"winner": 0, "undecided": False}
