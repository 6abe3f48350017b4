"""Every field of a claim is said everywhere a claim is said: its modifier row, the phone's
choice, the spoken word and the printers (`Claim.text`, `Claim.spoken`, `Claim.words`).

The claims are drawn from the value's own fields (`dataclasses.fields`), never from a
grammar written here, so a field added to `Claim` is drawn at once: a printer, a reader
or a choice that forgets it fails the round trip below and names the place.
"""

from __future__ import annotations

import itertools
from dataclasses import fields, replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from chicago_protokoll.core import claims
from chicago_protokoll.core.cards import Category
from chicago_protokoll.core.errors import RuleViolation
from chicago_protokoll.core.events import (
    CLAIM_FIELDS,
    SWITCHES,
    Claim,
    Taking,
    event_from_dict,
    event_to_dict,
)
from chicago_protokoll.core.game import Game
from chicago_protokoll.core.rules import HouseRules
from chicago_protokoll.core.session import new_session

PLAYERS = ("Anna", "Bo", "Cilla", "Anna Karin")
LANGUAGES = ("en", "sv")
# Who and what: the fields every claim has; each field past them is a modifier.
WHO_AND_WHAT = ("player", "hand", "cards", "tie")
HANDS = [c for c in Category if c is not Category.HIGH_CARD]


def _game() -> Game:
    return Game(new_session(PLAYERS))


def _modifier_fields() -> list[str]:
    return [f.name for f in fields(Claim) if f.name in CLAIM_FIELDS and f.name not in WHO_AND_WHAT]


def test_every_field_of_a_claim_is_a_claim_field() -> None:
    """`CLAIM_FIELDS` (what `Claim.said` carries into an event) lists every field."""
    assert {f.name for f in fields(Claim)} - {"id"} == set(CLAIM_FIELDS)


@pytest.mark.parametrize("name", _modifier_fields())
def test_every_modifier_of_a_claim_has_its_row_its_printed_word_and_its_words(name: str) -> None:
    """A modifier field needs a row in `claims.MODIFIERS`, a printed word in both
    languages that the row reads, and (a switch) a phrase in the words of ``log``."""
    assert name in claims.MODIFIERS, f"claims.MODIFIERS has no row for {name}"
    from chicago_protokoll.core.events import MODIFIER_WORDS, SWITCH_WORDS

    assert name in MODIFIER_WORDS, f"events.MODIFIER_WORDS prints no word for {name}"
    for word in MODIFIER_WORDS[name]:
        assert word.casefold() in claims.MODIFIERS[name]
    if name != "opponent":
        assert name in SWITCHES, f"{name} is no switch the phone and the printers know"
        assert name in SWITCH_WORDS, f"the words of log say nothing of {name}"
        assert name in claims.SWITCH_CHOICES, f"the phone offers no choice of {name}"
        assert name in claims.SWITCH_RULES, f"claims.SWITCH_RULES names no house rule for {name}"
        assert _offered_on_the_phone(name), f"the phone offers {name} at no table"


def _switch_table(name: str) -> HouseRules:
    """The main rule with the house rule that lets switch ``name`` be said turned on
    (`claims.SWITCH_RULES`); a key the house rules lack is refused here."""
    key, on = claims.SWITCH_RULES[name]
    section, _, field_name = key.partition(".")
    return HouseRules().with_changes(**{section: {field_name: on}})


def _offered_on_the_phone(name: str) -> bool:
    """Whether the phone's hand choices, at the table its house rule turns on, send a hand
    with ``name`` set: what every page that offers a hand lists (`page_parts.switched_choices`)."""
    from chicago_protokoll.serve.page_parts import switched_choices

    tables = [_switch_table(name)]
    return any(
        getattr(Claim.from_choices("Anna", value), name)
        for rules in tables
        for value, _ in switched_choices(rules)
    )


@pytest.mark.parametrize("name", SWITCHES)
def test_every_switch_is_refused_where_its_rule_is_off_and_scores_where_it_is_on(name: str) -> None:
    """The engine judges every switch: under the main rule a claim with it is refused,
    naming its house rule (`Game`'s check of a best hand), and at the table its rule turns
    on it scores otherwise than the same hand without it (`Game`'s scoring of a hand)."""
    key, _ = claims.SWITCH_RULES[name]
    offered, _ = claims.SWITCH_CHOICES[name]
    assert offered(HouseRules()) == (), f"the main rule offers {name}: it is never off"
    hands = offered(_switch_table(name))
    assert hands, f"{key} turned on offers no hand with {name}"
    said = Claim("Anna", hands[0]).switched((name,))
    assert getattr(said, name), name
    try:
        Game(new_session(PLAYERS)).apply(said.event(1, buy=1))
    except RuleViolation as refused:
        assert refused.key == key, f"Game's check of a best hand refuses {name} by {refused.key}, not {key}"
    else:
        pytest.fail(f"Game's check of a best hand accepts {name} where {key} is off")
    scored, plain = (Game(new_session(PLAYERS, _switch_table(name))) for _ in range(2))
    scored.apply(said.event(1, buy=1))
    plain.apply(Claim("Anna", hands[0]).event(1, buy=1))
    assert scored.scores != plain.scores, f"Game's scoring of a hand scores {name} as if unsaid"


@pytest.mark.parametrize("name", list(claims.MODIFIERS))
def test_every_modifier_row_says_where_its_word_stands(name: str) -> None:
    """The refusal of a new player called by a row's word shows where the word stands."""
    assert name in claims.MODIFIER_FORMS, f"claims.MODIFIER_FORMS has no form for {name}"
    assert "från" in claims.MODIFIER_FORMS[name]("från").localized("sv")


@st.composite
def drawn_claims(draw: st.DrawFn) -> Claim:
    """A claim of a player, drawn field by field from the value's own fields."""
    player = draw(st.sampled_from(PLAYERS))
    values: dict[str, object] = {"player": player, "hand": draw(st.sampled_from(HANDS))}
    for item in fields(Claim):
        if item.name in ("id", "player", "hand", "tie"):
            continue
        if item.name == "cards":
            values["cards"] = None
        elif item.name == "opponent":
            values["opponent"] = draw(st.none() | st.sampled_from([p for p in PLAYERS if p != player]))
        elif item.type == "bool":
            values[item.name] = draw(st.booleans())
        else:  # a new kind of field: the test names it until it is drawn here
            raise AssertionError(f"no values drawn for the claim field {item.name}")
    return Claim(**values)  # type: ignore[arg-type]


@given(drawn_claims())
def test_every_printed_form_reads_back_to_the_same_claim_typed_and_spoken(claim: Claim) -> None:
    game = _game()
    for lang in LANGUAGES:
        assert claims.parse_claim(claim.text(lang), PLAYERS) == claim, claim.text(lang)
        assert claims.spoken_claim(game, claim.spoken(lang)) == claim, claim.spoken(lang)


@given(drawn_claims(), st.sampled_from(LANGUAGES))
def test_the_modifiers_read_in_any_order(claim: Claim, lang: str) -> None:
    """Every order of the modifiers after the hand reads as the same claim, typed and spoken."""
    said = claim.modifiers(lang)
    groups: list[tuple[str, ...]] = []
    index = 0
    while index < len(said):
        if said[index].casefold() in claims.FROM:
            groups.append(said[index : index + 2])
            index += 2
        else:
            groups.append((said[index],))
            index += 1
    assert claim.hand is not None and claim.player is not None
    hand = claim.text(lang).split(":")[1]
    for order in itertools.permutations(groups):
        words = [word for group in order for word in group]
        typed = ":".join((claim.player, hand, *words))
        assert claims.parse_claim(typed, PLAYERS) == claim, typed
        spoken = " ".join((claim.player, hand, *words))
        assert claims.spoken_claim(_game(), spoken) == claim, spoken


@given(drawn_claims())
def test_the_phones_choices_carry_every_field_but_the_cards(claim: Claim) -> None:
    assert Claim.from_choices(*claim.choices()) == replace(claim, cards=None)


@given(drawn_claims())
def test_the_words_of_log_tell_every_modifier(claim: Claim) -> None:
    for name in SWITCHES:
        if getattr(claim, name):
            for lang in LANGUAGES:
                assert claim.words(lang) != replace(claim, **{name: False}).words(lang)


def test_a_modifier_said_twice_is_refused() -> None:
    with pytest.raises(claims.EntryError):
        claims.parse_claim("Anna:fyrtal:nolla:zero", PLAYERS)
    with pytest.raises(claims.EntryError):
        claims.spoken_claim(_game(), "Anna kåk från Bo från Cilla")


def test_the_word_after_from_is_always_a_player() -> None:
    """A player called ``from`` is still the opponent after ``from``."""
    players = ("Anna", "from")
    assert claims.parse_claim("Anna:kåk:from:from", players).opponent == "from"
    assert claims.parse_taking("Anna:from:from", players) == Taking("Anna", opponent="from")


@given(st.sampled_from(PLAYERS), st.booleans(), st.sampled_from(LANGUAGES), st.data())
def test_a_taking_reads_back_typed_and_spoken(
    taker: str, with_two: bool, lang: str, data: st.DataObject
) -> None:
    opponent = data.draw(st.none() | st.sampled_from([p for p in PLAYERS if p != taker]))
    taking = Taking(taker, with_two, opponent)
    assert claims.parse_taking(taking.text(lang), PLAYERS) == taking
    assert claims.spoken_last_trick(_game(), taking.spoken(lang)) == (taking, "")


#: The fields a claim had in format 1: every later one needs its format (`field_since`).
FORMAT_1_FIELDS = ("player", "hand", "cards", "tie", "zero")


@given(drawn_claims(), st.booleans())
def test_every_claim_field_is_saved_and_read_back_and_a_newer_one_names_its_format(
    claim: Claim, showdown: bool
) -> None:
    """A best hand with every field drawn is written to a file's table and read back the
    same (each field on disk has its type, `events._FIELD_TYPES`); a field newer than
    format 1 says the format that reads it (`Claim.field_since`)."""
    event = claim.event(1, buy=None if showdown else 1)
    assert event_from_dict(event_to_dict(event)) == event
    for name in CLAIM_FIELDS:
        if name not in FORMAT_1_FIELDS:
            assert name in Claim.field_since, f"Claim.field_since has no format for {name}"
