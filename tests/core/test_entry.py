"""The entry layer: what is said at the table read into events, the same for every front end."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from chicago_protokoll.cli.common import refuse_two_rule_sources
from chicago_protokoll.core import claims, entry
from chicago_protokoll.core.cards import Category
from chicago_protokoll.core.errors import (
    AmbiguousPlayerError,
    CardError,
    ChicagoError,
    DealPart,
    EntryError,
    OptionConflict,
    RuleViolation,
    UnknownPlayerError,
)
from chicago_protokoll.core.events import (
    BuyWinner,
    ChicagoBroken,
    ChicagoDeclared,
    ChicagoWon,
    Exchange,
    LastTrick,
    Showdown,
    Taking,
)
from chicago_protokoll.core.game import Game
from chicago_protokoll.core.rules import ChicagoRules, GameRules, HouseRules
from chicago_protokoll.core.session import new_session

PLAYERS = ("Anna", "Bo", "Cilla")
HAND_WORDS = ["par", "pair", "två par", "two-pair", "triss", "stege", "färg", "kåk", "fyrtal"]


def _game(rules: HouseRules | None = None) -> Game:
    return Game(new_session(PLAYERS, rules))


def test_unreadable_text_is_an_entry_error_not_a_rule_refusal() -> None:
    """A hand that is no hand and a count that is no number: EntryError, exit status 1."""
    game = _game()
    with pytest.raises(EntryError) as hand:
        entry.buy_event(game, claims.claim(game, "Anna:five aces"))
    assert isinstance(hand.value, CardError) and not isinstance(hand.value, RuleViolation)
    with pytest.raises(EntryError, match="'three' is not a number of cards"):
        entry.exchange_event(game, "Anna", "three")
    assert issubclass(EntryError, ChicagoError) and not issubclass(EntryError, RuleViolation)


def test_a_name_that_is_no_seat_cannot_be_read_and_breaks_no_rule() -> None:
    """An unknown name and the start of two names are entries that cannot be read."""
    game = Game(new_session(("Anna", "Bo", "Bodil")))
    with pytest.raises(UnknownPlayerError, match="'Dag' is not at this table") as unknown:
        entry.declare_event(game, "Dag")
    with pytest.raises(AmbiguousPlayerError, match="'b' could be Bo or Bodil") as ambiguous:
        entry.royal_event(game, "b")
    for error in (unknown.value, ambiguous.value):
        assert isinstance(error, EntryError) and not isinstance(error, RuleViolation)


def test_parts_that_do_not_go_together_name_the_part_never_an_option() -> None:
    """Who broke a Chicago nobody declared, a two beside a Chicago, two sources of rules."""
    cases = [
        (lambda: entry.DealEntry(broken_by="Bo").refuse_parts_apart(), DealPart.BROKEN_BY),
        (lambda: entry.DealEntry(chicago="Bo", with_two=True).refuse_parts_apart(), DealPart.WITH_TWO),
        (lambda: refuse_two_rule_sources(Path("rules.toml"), "tournament"), DealPart.RULES_SOURCE),
    ]
    for make, part in cases:
        with pytest.raises(OptionConflict) as conflict:
            make()
        assert conflict.value.part == part
        assert "--" not in str(conflict.value)


@given(st.sampled_from(PLAYERS), st.sampled_from(HAND_WORDS), st.booleans())
def test_a_claim_said_aloud_is_the_claim_typed(name: str, hand: str, prefix: bool) -> None:
    """`play`'s "Bo två par" and the commands' "Bo:två par" are the same event."""
    game = _game()
    said = name[:2] if prefix else name.lower()
    assert claims.spoken_claim(game, f"{said} {hand}") == claims.claim(game, f"{name}:{hand}")


def test_pass_tie_and_zeroing_read_alike_in_both_forms() -> None:
    """pass, tie with a hand, four of a kind zeroing: one meaning whether typed or said."""
    game = _game()
    assert claims.spoken_claim(game, "") == claims.claim(game, "pass")
    assert claims.spoken_claim(game, "lika par") == claims.claim(game, "tie:par")
    assert claims.spoken_claim(game, "anna fyrtal nolla") == claims.claim(game, "Anna:fyrtal:nolla")
    assert claims.claim(game, "Anna:fyrtal:nolla").zero


def test_the_kop_of_a_claim_is_the_next_scored_kop() -> None:
    """`buy` and `play` both record the next köp; after the showdown comes none."""
    game = _game()
    first = entry.buy_event(game, claims.claim(game, "Bo:par"))
    assert first == BuyWinner("Bo", Category.PAIR, buy=1, deal=1)
    game.apply(first)
    assert entry.buy_event(game, claims.claim(game, "pass")) == BuyWinner(None, buy=2, deal=1)
    assert entry.showdown_event(game, claims.claim(game, "Anna:färg")) == Showdown("Anna", Category.FLUSH, deal=1)


def test_a_trick_after_a_chicago_is_its_outcome() -> None:
    """The declarer taking the trick wins the Chicago; anyone else breaks it."""
    game = _game(HouseRules(chicago=ChicagoRules(min_score=0)))
    for event in (BuyWinner(None, buy=1, deal=1), BuyWinner(None, buy=2, deal=1)):
        game.apply(event)
    assert entry.trick_event(game, claims.taking(game, "bo:two")) == LastTrick("Bo", with_two=True, deal=1)
    game.apply(entry.declare_event(game, "an"))
    assert game.chicago == "Anna"
    assert entry.trick_event(game, claims.taking(game, "anna")) == ChicagoWon(1, "Anna")
    assert entry.trick_event(game, claims.taking(game, "cil")) == ChicagoBroken(1, "Cilla")


def test_exchanges_fill_the_unscored_kop_in_order() -> None:
    """With one scored köp of three, a player's next exchanges go to köp 2, then köp 3."""
    game = _game(HouseRules(game=GameRules(scored_buys=1)))
    game.apply(entry.exchange_event(game, "Anna", 1))
    assert entry.exchange_event(game, "Anna", 2) == Exchange(1, "Anna", 1, 2)  # köp 1 waits
    game.apply(BuyWinner(None, buy=1, deal=1))
    game.apply(entry.exchange_event(game, "Anna", 2))
    assert entry.exchange_event(game, "Anna", "3") == Exchange(1, "Anna", 3, 3)


def test_a_whole_deal_reads_into_the_events_of_its_moments_in_order() -> None:
    """`deal`'s options (and `edit`'s) become the deal's events, köp by köp."""
    game = _game()
    given_ = claims.typed_deal(
        game,
        buys=["Bo:två par"],
        exchanges=["Anna:3,2", "Bo:1"],
        last_trick="Cilla",
        showdown="Anna:par",
    )
    assert entry.apply_deal(game, given_) == [
        Exchange(1, "Anna", 1, 3),
        Exchange(1, "Bo", 1, 1),
        BuyWinner("Bo", Category.TWO_PAIR, buy=1, deal=1),
        Exchange(1, "Anna", 2, 2),
        BuyWinner(None, buy=2, deal=1),
        LastTrick("Cilla", deal=1),
        Showdown("Anna", Category.PAIR, deal=1),
    ]
    assert game.deal == 2


def test_a_whole_chicago_deal_ends_with_its_outcome() -> None:
    """--chicago with --broken-by: declared, then broken; no last trick is needed."""
    game = _game(HouseRules(chicago=ChicagoRules(min_score=0)))
    events = entry.apply_deal(
        game, entry.DealEntry(chicago="Bo", broken_by="Anna")
    )
    assert events[-2:] == [ChicagoDeclared(1, "Bo"), ChicagoBroken(1, "Anna")]
    assert game.deal == 2


@pytest.mark.parametrize("option", ["chicago", "broken_by", "last_trick", "showdown", "royal"])
def test_one_result_options_given_twice_conflict(option: str) -> None:
    """Each scoring moment has one result: a second value is refused, never overwrites."""
    with pytest.raises(OptionConflict) as conflict:
        entry.one_result(DealPart(option), ["Anna", "Bo"])
    assert conflict.value.part == DealPart(option)
    assert "--" not in str(conflict.value)  # the core speaks of the deal, never of options


def test_rule_refusals_stay_with_the_engine() -> None:
    """The entry reads a Chicago under 15 points; the engine refuses it."""
    game = _game()
    event = entry.declare_event(game, "Anna")
    assert event == ChicagoDeclared(1, "Anna")
    with pytest.raises(RuleViolation, match=r"chicago\.min_score"):
        entry.apply_deal(_game(), entry.DealEntry(chicago="Anna"))


# -- points taken off an opponent (scoring.take_from_opponent) ----------------------------


@pytest.mark.parametrize(
    ("text", "hand", "cards", "opponent"),
    [
        ("Anna:kåk:från:Bo", Category.FULL_HOUSE, None, "Bo"),
        ("an:full-house:from:b", Category.FULL_HOUSE, None, "Bo"),
        ("Anna:kåk KH KS KD 2C 2D:från:Cilla", Category.FULL_HOUSE, "KH KS KD 2C 2D", "Cilla"),
        ("Anna:kåk:KH KS KD 2C 2D:fran:Bo", Category.FULL_HOUSE, "KH KS KD 2C 2D", "Bo"),
        ("Anna:fyrtal:från:Bo", Category.FOUR_OF_A_KIND, None, "Bo"),
        ("Anna:kåk", Category.FULL_HOUSE, None, None),
    ],
)
def test_a_claim_names_the_opponent_after_fran(
    text: str, hand: Category, cards: str | None, opponent: str | None
) -> None:
    claim = claims.parse_claim(text, PLAYERS, allow_prefix=True)
    assert (claim.player, claim.hand, claim.cards, claim.opponent) == ("Anna", hand, cards, opponent)


def test_fran_alone_is_the_other_player_at_two_and_asks_whose_at_three() -> None:
    assert claims.parse_claim("Anna:par:från", ("Anna", "Bo")).opponent == "Bo"
    with pytest.raises(EntryError, match="only at a table of two"):
        claims.parse_claim("Anna:par:från", PLAYERS)
    with pytest.raises(CardError, match="needs a hand"):
        claims.parse_claim("Anna:från:Bo", PLAYERS)


def test_the_spoken_forms_of_an_opponent() -> None:
    game = _game(HouseRules().with_changes(scoring={"take_from_opponent": True}))
    assert claims.spoken_claim(game, "anna kåk från bo").opponent == "Bo"
    assert claims.spoken_claim(game, "anna KH KS KD 2C 2D from cil").opponent == "Cilla"
    assert claims.spoken_last_trick(game, "sista anna 2 från bo") == (Taking("Anna", True, "Bo"), "")
    assert claims.spoken_last_trick(game, "anna") == (Taking("Anna"), "")
    assert claims.taking(game, "Anna:från:Bo") == Taking("Anna", opponent="Bo")
    assert claims.taking(game, "Anna", "cil") == Taking("Anna", opponent="Cilla")


def test_a_four_of_a_kind_that_always_zeroes_takes_nothing_off_an_opponent() -> None:
    rules = HouseRules().with_changes(
        scoring={"take_from_opponent": True}, hands={"four_of_a_kind_zeroes": "always"}
    )
    game = _game(rules)
    with pytest.raises(RuleViolation, match="always zeroes the opponents") as caught:
        game.apply(entry.buy_event(game, claims.claim(game, "Anna:fyrtal:från:Bo")))
    assert caught.value.key == "scoring.take_from_opponent"
    assert game.scores == [0, 0, 0]
