"""A claim is a value (core/claims.py): whatever form a person types it in, English or
Swedish, with cards, `från`/`from` or `nolla`, it prints to one canonical text that reads
back to the same value; the phone's choices and a recorded event give it too."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

import pytest
from hypothesis import given, reject
from hypothesis import strategies as st

from chicago_protokoll.core.cards import Category
from chicago_protokoll.core.claims import Claim, Taking, parse_claim, parse_taking
from chicago_protokoll.core.errors import ChicagoError, EntryError
from chicago_protokoll.core.names import PlayerNameError, check_player_names, name_problem
from chicago_protokoll.core.session import resolve_player

PLAYERS = ("Anna", "Bo", "Cilla", "Åsa Öberg")
RANKS = "23456789TJQKA"
SUITS = "SHDC"
CARDS = [rank + suit for rank in RANKS for suit in SUITS]


def _hand_words(hand: Category) -> st.SearchStrategy[str]:
    """Each way a hand's name is typed: the slug, the English and the Swedish name, in
    any case."""
    names = [hand.value, hand.english, hand.swedish, hand.swedish.upper(), hand.english.title()]
    return st.sampled_from(names)


# Names that are also words of the grammar (its keywords, hand names, the words that say
# "nobody" aloud): each is a legal name, so a claim naming it must read back.  "pass",
# "tie" and their like are refused as names and so left out by `legal_tables`.
KEYWORD_NAMES = (
    "from", "från", "fran", "FROM", "Från", "nolla", "noll", "zero", "kåk", "full house",
    "full-house", "två par", "par", "pair", "fyrtal", "stege", "lika", "tie", "pass",
    "ingen", "p", "n", "no", "nej", "sista", "last", "2", "KH", "lika par", "pass Bo",
    "tie break", "från Ystad", "Bo från Ystad",
)  # fmt: skip


def _legal(name: str) -> bool:
    return name_problem(unicodedata.normalize("NFC", name)) is None


_NAMES = st.one_of(
    st.sampled_from(KEYWORD_NAMES + PLAYERS),
    st.text(alphabet="abcåöABÅ fmnoprt2[(.-", min_size=1, max_size=8),
).filter(_legal)


@st.composite
def legal_tables(draw: st.DrawFn) -> tuple[str, ...]:
    """Two to five seats with legal names, drawn often from the grammar's own words."""
    names = draw(st.lists(_NAMES, min_size=2, max_size=5, unique_by=str.casefold))
    try:
        return check_player_names(names)
    except PlayerNameError:
        reject()
        raise  # never reached: reject() raises


def _typed_name(draw: st.DrawFn, name: str, players: Sequence[str]) -> str:
    """``name`` as typed: whole, case-folded, or a start of it that names only it."""
    forms = [name, name.casefold(), name[: max(1, len(name) - 1)], name[:2]]
    typed = draw(st.sampled_from(forms))
    try:
        if typed.strip() and resolve_player(typed, players, allow_prefix=True) == name:
            return typed
    except ChicagoError:
        pass
    return name


@st.composite
def typed_claims(draw: st.DrawFn, players: Sequence[str] = PLAYERS) -> str:
    """A claim as someone may type it on the command line, in either language, at a table
    of ``players``."""
    kind = draw(st.sampled_from(["pass", "tie", "player"]))
    if kind == "pass":
        return draw(st.sampled_from(["pass", "", "-", "ingen", "nobody", "PASS"]))
    if kind == "tie":
        word = draw(st.sampled_from(["tie", "lika", "Tie"]))
        if draw(st.booleans()):
            return word
        return f"{word}:{draw(_hand_words(draw(st.sampled_from(list(Category)))))}"
    who = draw(st.sampled_from(players))
    typed_who = _typed_name(draw, who, players)
    hand = draw(st.sampled_from(list(Category)))
    hand_text = draw(_hand_words(hand))
    cards = draw(st.one_of(st.none(), st.lists(st.sampled_from(CARDS), min_size=5, max_size=5, unique=True)))
    if cards is not None:
        shown = " ".join(card.lower() if draw(st.booleans()) else card for card in cards)
        hand_text = draw(st.sampled_from([shown, f"{hand_text} {shown}", f"{hand_text} [{shown}]"]))
    zero = draw(st.sampled_from(["", ":zero", ":nolla", ":noll"]))
    opponent = ""
    if draw(st.booleans()):
        others = [p for p in players if p != who]
        other = draw(st.sampled_from(others))
        mark = draw(st.sampled_from(["från", "from", "fran", "FRÅN"]))
        opponent = f":{mark}:{_typed_name(draw, other, players)}"
        if len(others) == 1 and draw(st.booleans()):
            opponent = draw(st.sampled_from([f":{mark}", f":{mark}:"]))  # the only opponent
    return f"{typed_who}:{hand_text}{zero}{opponent}"


@st.composite
def tables_and_claims(draw: st.DrawFn) -> tuple[tuple[str, ...], str]:
    players = draw(legal_tables())
    return players, draw(typed_claims(players))


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


@given(tables_and_claims())
def test_a_claim_reads_back_from_its_canonical_text_whatever_the_players_are_called(
    table: tuple[tuple[str, ...], str],
) -> None:
    """A player may be called ``from``, ``nolla``, ``kåk`` or ``från Ystad``: the canonical
    text names them where the grammar expects a name, and the parser reads them there
    (``Anna:full-house:from:from`` takes off the player ``from``)."""
    players, text = table
    claim = parse_claim(text, players, allow_prefix=True)
    canonical = claim.text()
    assert parse_claim(canonical, players) == claim
    assert parse_claim(canonical, players, allow_prefix=True) == claim
    assert canonical == parse_claim(canonical, players).text()


@given(legal_tables(), st.data())
def test_a_last_trick_reads_back_from_its_text_whatever_the_players_are_called(
    players: tuple[str, ...], data: st.DataObject
) -> None:
    taker = data.draw(st.sampled_from(players))
    opponent = data.draw(st.sampled_from([None, *[p for p in players if p != taker]]))
    taking = Taking(taker, opponent=opponent)
    assert parse_taking(taking.text(), players) == taking
    assert parse_taking(taking.text(), players, allow_prefix=True) == taking


def test_a_player_called_from_is_read_as_the_opponent_after_the_keyword() -> None:
    players = ("Anna", "from", "Bo")
    claim = parse_claim("Anna:kåk:från:fr", players, allow_prefix=True)
    assert claim == Claim("Anna", Category.FULL_HOUSE, opponent="from")
    assert claim.text() == "Anna:full-house:from:from"
    assert parse_claim(claim.text(), players) == claim
    assert parse_taking("Anna:from:from", players) == Taking("Anna", opponent="from")


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
    assert Taking("Anna", opponent="Bo").text() == "Anna:from:Bo"
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
