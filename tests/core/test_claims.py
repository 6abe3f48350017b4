"""A claim is a value (core/claims.py): whatever form a person types it in, English or
Swedish, with cards, `från`/`from` or `nolla`, it prints to one canonical text that reads
back to the same value; the phone's choices and a recorded event give it too."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from chicago_protokoll.core.cards import Category
from chicago_protokoll.core.claims import Claim, Taking, parse_claim
from chicago_protokoll.core.errors import EntryError

PLAYERS = ("Anna", "Bo", "Cilla", "Åsa Öberg")
RANKS = "23456789TJQKA"
SUITS = "SHDC"
CARDS = [rank + suit for rank in RANKS for suit in SUITS]


def _hand_words(hand: Category) -> st.SearchStrategy[str]:
    """Each way a hand's name is typed: the slug, the English and the Swedish name, in
    any case."""
    names = [hand.value, hand.english, hand.swedish, hand.swedish.upper(), hand.english.title()]
    return st.sampled_from(names)


@st.composite
def typed_claims(draw: st.DrawFn) -> str:
    """A claim as someone may type it on the command line, in either language."""
    kind = draw(st.sampled_from(["pass", "tie", "player"]))
    if kind == "pass":
        return draw(st.sampled_from(["pass", "", "-", "ingen", "nobody", "PASS"]))
    if kind == "tie":
        word = draw(st.sampled_from(["tie", "lika", "Tie"]))
        if draw(st.booleans()):
            return word
        return f"{word}:{draw(_hand_words(draw(st.sampled_from(list(Category)))))}"
    who = draw(st.sampled_from(PLAYERS))
    typed_who = draw(st.sampled_from([who, who.casefold(), who[: max(2, len(who) - 1)]]))
    hand = draw(st.sampled_from(list(Category)))
    hand_text = draw(_hand_words(hand))
    cards = draw(st.one_of(st.none(), st.lists(st.sampled_from(CARDS), min_size=5, max_size=5, unique=True)))
    if cards is not None:
        shown = " ".join(card.lower() if draw(st.booleans()) else card for card in cards)
        hand_text = draw(st.sampled_from([shown, f"{hand_text} {shown}", f"{hand_text} [{shown}]"]))
    zero = draw(st.sampled_from(["", ":zero", ":nolla", ":noll"]))
    opponent = ""
    if draw(st.booleans()):
        other = draw(st.sampled_from([p for p in PLAYERS if p != who]))
        mark = draw(st.sampled_from(["från", "from", "fran", "FRÅN"]))
        opponent = f":{mark}:{other}"
    return f"{typed_who}:{hand_text}{zero}{opponent}"


def _parse(text: str) -> Claim:
    """Every text `typed_claims` makes is one the parser accepts (so none is skipped)."""
    return parse_claim(text, PLAYERS, allow_prefix=True)


@given(typed_claims())
def test_every_accepted_claim_prints_to_a_canonical_text_that_reads_back_the_same(
    text: str,
) -> None:
    claim = _parse(text)
    canonical = claim.text()
    assert parse_claim(canonical, PLAYERS) == claim
    assert canonical == parse_claim(canonical, PLAYERS).text()  # canonical is a fixed point


@given(typed_claims())
def test_every_accepted_claim_is_said_in_words_in_both_languages(text: str) -> None:
    claim = _parse(text)
    english, swedish = claim.words("en"), claim.words("sv")
    if claim.player is not None:
        assert english.startswith(f"{claim.player}: ") and swedish.startswith(f"{claim.player}: ")
    if claim.opponent is not None:
        assert f"taken from {claim.opponent}" in english
        assert claim.opponent in swedish and "taken from" not in swedish


@given(typed_claims())
def test_the_phones_choices_give_the_claim_back_without_its_cards(text: str) -> None:
    claim = _parse(text)
    back = Claim.from_choices(*claim.choices())
    assert back == Claim(claim.player, claim.hand, None, claim.tie, claim.zero, claim.opponent)
    assert back.same_choices(claim)


@given(typed_claims())
def test_a_claim_recorded_as_an_event_is_the_same_claim(text: str) -> None:
    claim = _parse(text)
    assert Claim.of(claim.event(3, buy=2)) == claim
    assert Claim.of(claim.event(3, buy=None)) == claim


@pytest.mark.parametrize(
    ("swedish", "english"),
    [
        ("Anna:kåk:från:Bo", "Anna:full-house:from:Bo"),
        ("anna:fyrtal:nolla", "Anna:four-of-a-kind:zero"),
        ("lika:två par", "tie:two-pair"),
        ("ingen", "pass"),
        ("Cilla:färg KH 9H 7H 4H 2H", "Cilla:flush KH 9H 7H 4H 2H"),
    ],
)
def test_swedish_and_english_forms_are_one_value(swedish: str, english: str) -> None:
    assert parse_claim(swedish, PLAYERS, allow_prefix=True) == parse_claim(english, PLAYERS)
    assert parse_claim(swedish, PLAYERS, allow_prefix=True).text() == english


def test_a_player_chosen_without_a_hand_is_refused_as_typed_anna_colon_is() -> None:
    with pytest.raises(EntryError, match="'Anna:' needs a hand"):
        Claim.from_choices("Anna", "", "Bo")


def test_a_taking_prints_to_the_text_the_last_trick_is_typed_in() -> None:
    assert Taking("Anna", "Bo").text() == "Anna:from:Bo"
    assert Taking("Anna").text() == "Anna"


def test_every_award_reason_has_its_words_in_both_languages() -> None:
    """A new `Reason` without words would fail only when first told; here it fails at once."""
    from chicago_protokoll.core.standings import Award, Reason

    for reason in Reason:
        for taken_by in (None, "Bo"):
            award = Award("Anna", 1, 1, reason, "", taken_by)
            english, swedish = award.words("en"), award.words("sv")
            assert english and swedish and english != reason.value
    assert Award("Bo", -6, -6, Reason.BUY1_HAND, "", "Anna").rule == "buy1_hand_taken"
