"""Swedish cards (issue 13): the rank letters Kn, D, K, E before a suit symbol, beside the
English notation; and compare says when the suits broke a tie (hands.ties = "suit")."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from chicago_protokoll.core.cards import Card, Suit, parse_card, parse_cards
from chicago_protokoll.core.compare import compare_hands
from chicago_protokoll.core.errors import CardError
from chicago_protokoll.core.rules import HandRules, HouseRules

SWEDISH_RANK = {11: "Kn", 12: "D", 13: "K", 14: "E"}


def swedish(card: Card) -> str:
    return f"{SWEDISH_RANK.get(card.rank, str(card.rank))}{card.suit.symbol}"


@given(st.builds(Card, st.integers(2, 14), st.sampled_from(list(Suit))))
def test_every_card_written_the_swedish_way_reads_as_that_card(card: Card) -> None:
    assert parse_card(swedish(card)) == card
    assert parse_card(swedish(card).lower()) == card


def test_the_issue_s_examples() -> None:
    assert [c.code for c in parse_cards("Kn♥ D♠ K♦ E♣ 10♥")] == ["JH", "QS", "KD", "AC", "TH"]


@pytest.mark.parametrize(("text", "code"), [("KD", "KD"), ("kd", "KD"), ("QD", "QD"), ("AD", "AD")])
def test_d_after_a_rank_is_still_diamonds(text: str, code: str) -> None:
    assert parse_card(text).code == code


@pytest.mark.parametrize("text", ["DS", "DH", "EC", "KnH", "EH"])
def test_swedish_ranks_need_a_suit_symbol(text: str) -> None:
    """With suit letters "D" could be dam or diamonds: only the symbols make it certain."""
    with pytest.raises(CardError, match="before a suit symbol"):
        parse_card(text)


SUIT_TIES = HouseRules(hands=HandRules(ties="suit"))


def test_compare_says_the_suits_broke_the_tie() -> None:
    texts = ["J♥ J♠ 3♦ 5♣ 9♥", "Kn♦ Kn♣ 3♥ 5♠ 9♦"]
    result = compare_hands(texts, SUIT_TIES)
    assert result.winner == 0 and result.by_suit
    assert "the suits broke the tie" in result.as_text()
    assert result.as_json()["tie_broken_by_suit"] is True


def test_no_suit_note_when_the_hands_differ_or_suits_do_not_rank() -> None:
    plain = compare_hands(["JH JS 3D 5C 9H", "JD JC 3H 5S 9D"], HouseRules())
    assert plain.winner is None and not plain.by_suit
    clear = compare_hands(["JH JS 3D 5C 9H", "2D 2C 3H 5S 9D"], SUIT_TIES)
    assert clear.winner == 0 and not clear.by_suit
    assert "suits" not in clear.as_text()
