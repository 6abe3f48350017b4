"""House rules: the TOML schema of rules.md, its presets, and every problem named by key."""

from __future__ import annotations

from dataclasses import fields
from typing import Any

import pytest
import tomli_w
from hypothesis import given
from hypothesis import strategies as st

import chicago_protokoll
from chicago_protokoll.core.cards import Category
from chicago_protokoll.core.errors import ChicagoError, RulesFileError
from chicago_protokoll.core.rules import (
    PRESETS,
    BuyStopRules,
    ChicagoRules,
    GameRules,
    HandRules,
    HouseRules,
    ScoringRules,
    preset,
    rules_from_toml,
)

SOURCE = "husregler.toml"

# The schema exactly as rules.md writes it, every key with its main-rule value.
SCHEMA_EXAMPLE = """
[game]
target = 52
min_players = 2
max_players = 4
buys = 3
scored_buys = 2

[scoring]
last_trick = 5
last_trick_with_two = 5
floor = 0

[hands]
pair = 1
two_pair = 2
three_of_a_kind = 3
straight = 4
flush = 5
full_house = 6
four_of_a_kind = 7
straight_flush = 8
royal_straight_flush = "win"
four_of_a_kind_zeroes = false
ace_low_straight = true
ties = "none"

[chicago]
success = 15
failure = -15
min_score = 15
breaker_bonus = 0
required_to_win = false
max_per_player = 0

[buy_stop]
threshold = 46
"""

ALL_KEYS = [(section, key) for section, table in HouseRules().to_mapping().items() for key in table]


def problems_of(text: str) -> list[str]:
    """The problems reported for a rules file that must be refused."""
    with pytest.raises(RulesFileError) as caught:
        rules_from_toml(text, source=SOURCE)
    assert caught.value.source == SOURCE
    assert str(caught.value).startswith(f"{SOURCE}: ")
    return caught.value.problems


def test_an_empty_file_is_the_main_rule() -> None:
    """Every key is optional: an empty file gives the defaults of rules.md."""
    assert rules_from_toml("", source=SOURCE) == HouseRules()
    assert HouseRules.from_mapping({}) == HouseRules()


def test_the_schema_of_rules_md_reads_as_the_main_rule() -> None:
    """The commented schema in rules.md, with every key written out, is the main rule."""
    rules = rules_from_toml(SCHEMA_EXAMPLE, source=SOURCE)
    assert rules == HouseRules()
    assert rules.to_mapping() == rules_from_toml("", source=SOURCE).to_mapping()


def test_the_main_rule_has_the_values_of_rules_md() -> None:
    """Defaults: 52 points, 2-4 players, 3 köp of which 2 score, Chicago ±15 from 15, köpstopp 46."""
    rules = HouseRules()
    assert (rules.game.target, rules.game.min_players, rules.game.max_players) == (52, 2, 4)
    assert (rules.game.buys, rules.game.scored_buys) == (3, 2)
    assert (rules.scoring.last_trick, rules.scoring.floor) == (5, 0)
    assert rules.scoring.floor is not False
    assert [rules.hands.points(category) for category in Category] == [
        0, 1, 2, 3, 4, 5, 6, 7, 8, "win"
    ]  # fmt: skip
    assert (rules.hands.four_of_a_kind_zeroes, rules.hands.ace_low_straight) == (None, True)
    assert rules.hands.ties == "none"
    assert (rules.chicago.success, rules.chicago.failure, rules.chicago.min_score) == (15, -15, 15)
    assert (rules.chicago.breaker_bonus, rules.chicago.max_per_player) == (0, 0)
    assert rules.chicago.required_to_win is False
    assert rules.buy_stop.threshold == 46


@pytest.mark.parametrize(("section", "key"), ALL_KEYS)
def test_any_single_key_may_be_given_alone(section: str, key: str) -> None:
    """A file with only one key changes that key and leaves every other at the main rule."""
    from chicago_protokoll.core.rules import schema

    # The key's own example (`Key.example`, from the schema): a new key needs no entry here.
    changed: Any = next(k.example for k in schema() if k.path == f"{section}.{key}")
    rules = rules_from_toml(tomli_w.dumps({section: {key: changed}}), source=SOURCE)
    expected = HouseRules().to_mapping()
    expected[section][key] = changed
    assert rules.to_mapping() == expected
    assert rules != HouseRules()


def test_standard_preset_is_the_main_rule() -> None:
    """The standard preset is exactly the main rule."""
    assert preset("standard") == HouseRules()


def test_tournament_preset_stops_buys_at_45_and_pays_the_breaker_10() -> None:
    """The tournament preset: köpstopp at 45 and a 10-point breaker bonus, the rest main rule."""
    rules = preset("tournament")
    assert rules.buy_stop.threshold == 45
    assert rules.chicago.breaker_bonus == 10
    assert rules.with_changes(buy_stop={"threshold": 46}, chicago={"breaker_bonus": 0}) == (
        HouseRules()
    )


@pytest.mark.parametrize("name", list(PRESETS))
def test_every_preset_is_a_valid_complete_rules_file(name: str) -> None:
    """Each preset has a description, passes validation and survives a TOML round trip."""
    description, rules = PRESETS[name]
    assert description.strip()
    assert preset(name) is rules
    text = tomli_w.dumps(rules.to_mapping())
    assert rules_from_toml(text, source=f"--preset {name}") == rules


def test_presets_are_different_tables() -> None:
    """No two presets are the same rules under different names."""
    mappings = [tomli_w.dumps(rules.to_mapping()) for _, rules in PRESETS.values()]
    assert len(set(mappings)) == len(PRESETS)
    assert {"standard", "tournament"} <= set(PRESETS)


def test_an_unknown_preset_suggests_the_nearest_and_lists_them_all() -> None:
    """Asking for a misspelt preset names the nearest one and every preset there is."""
    with pytest.raises(RulesFileError) as caught:
        preset("turnament")
    message = str(caught.value)
    assert "did you mean 'tournament'" in message
    assert all(name in message for name in PRESETS)


@pytest.mark.parametrize(
    ("text", "check"),
    [
        # straight flush 11 with four of a kind 8 or zero
        (
            '[hands]\nstraight_flush = 11\nfour_of_a_kind = 8\nfour_of_a_kind_zeroes = "choice"',
            lambda r: (r.hands.straight_flush, r.hands.four_of_a_kind_zeroes) == (11, "choice"),
        ),
        # all straight flushes win, four of a kind 7 plus zeroing, target 51
        (
            '[game]\ntarget = 51\n[hands]\nstraight_flush = "win"\nfour_of_a_kind_zeroes = "always"',
            lambda r: r.game.target == 51 and r.hands.points(Category.STRAIGHT_FLUSH) == "win",
        ),
        ("[chicago]\nsuccess = 10\nfailure = -10", lambda r: r.chicago.failure == -10),
        ("[chicago]\nbreaker_bonus = 8", lambda r: r.chicago.breaker_bonus == 8),
        ("[buy_stop]\nthreshold = 42", lambda r: r.buy_stop.threshold == 42),
        ("[buy_stop]\nthreshold = false", lambda r: r.buy_stop.threshold is None),
        ("[chicago]\nrequired_to_win = true", lambda r: r.chicago.required_to_win),
        ("[game]\nmax_players = 6\nmin_players = 5", lambda r: r.game.min_players == 5),
        ("[game]\nbuys = 1\nscored_buys = 1", lambda r: r.game.buys == 1),
        ("[game]\nbuys = 2\nscored_buys = 0", lambda r: r.game.scored_buys == 0),
        ("[scoring]\nlast_trick_with_two = 10", lambda r: r.scoring.last_trick_with_two == 10),
        ("[scoring]\nfloor = false", lambda r: r.scoring.floor is None),
        ('[hands]\nties = "suit"\nace_low_straight = false', lambda r: r.hands.ties == "suit"),
    ],
)
def test_the_variants_of_the_seeds_can_be_written(text: str, check: Any) -> None:
    """Every variant rules.md names is a valid house-rules file that says what it means."""
    assert check(rules_from_toml(text, source=SOURCE))


def test_a_file_with_several_problems_reports_all_of_them_together() -> None:
    """Reading never stops at the first problem: each is listed, naming its key and the file."""
    text = """
[game]
target = -5
scored_buys = 3
buys = 2

[chicago]
succes = 10
min_score = "15"

[hands]
ties = "suits"
"""
    problems = problems_of(text)
    assert len(problems) == 5, problems
    for key in ["game.target", "game.scored_buys", "chicago.succes", "chicago.min_score"]:
        assert sum(key in problem for problem in problems) == 1, (key, problems)
    assert sum("hands.ties" in problem for problem in problems) == 1


def test_the_error_message_names_the_file_and_every_problem() -> None:
    """The one-line message starts with the file and carries every problem."""
    with pytest.raises(RulesFileError) as caught:
        rules_from_toml("[game]\ntarget = -1\nbuys = 9", source=SOURCE)
    message = str(caught.value)
    assert message.startswith(SOURCE)
    assert "game.target" in message
    assert "game.buys" in message
    assert isinstance(caught.value, ChicagoError)


@pytest.mark.parametrize(
    ("text", "suggestion"),
    [
        ("[chicago]\nsucces = 10", "did you mean 'success'"),
        ("[chicago]\nbreaker_bonsu = 10", "did you mean 'breaker_bonus'"),
        ("[game]\ntarge = 51", "did you mean 'target'"),
        ("[hands]\nfull_hose = 6", "did you mean 'full_house'"),
        ("[hands]\nace_low_straights = true", "did you mean 'ace_low_straight'"),
        ("[buy_stop]\ntreshold = 45", "did you mean 'threshold'"),
        ("[chicgo]\nsuccess = 10", "did you mean 'chicago'"),
        ("[buystop]\nthreshold = 45", "did you mean 'buy_stop'"),
        ("target = 51", "did you mean 'target' in [game]"),
        ("[game]\nsuccess = 10", "did you mean 'success' in [chicago]"),
    ],
)
def test_an_unknown_key_suggests_the_nearest_valid_one(text: str, suggestion: str) -> None:
    """A misspelt or misplaced key is refused with the nearest valid key or table."""
    (problem,) = problems_of(text)
    assert "unknown" in problem
    assert suggestion in problem


def test_an_unknown_key_with_nothing_near_is_refused_without_a_guess() -> None:
    """A key like nothing in the schema is refused, named, and no guess is offered."""
    (problem,) = problems_of("[chicago]\nxyzzy = 1")
    assert "chicago.xyzzy" in problem
    assert "did you mean" not in problem


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ('[game]\ntarget = "52"', "game.target"),
        ("[game]\ntarget = 52.0", "game.target"),
        ("[game]\ntarget = true", "game.target"),
        ("[game]\nbuys = [3]", "game.buys"),
        ("[scoring]\nlast_trick = 5.5", "scoring.last_trick"),
        ("[scoring]\nfloor = true", "scoring.floor"),
        ('[scoring]\nfloor = "none"', "scoring.floor"),
        ("[hands]\npair = true", "hands.pair"),
        ('[hands]\npair = "1"', "hands.pair"),
        ('[hands]\nroyal_straight_flush = "lose"', "hands.royal_straight_flush"),
        ("[hands]\nstraight_flush = 8.5", "hands.straight_flush"),
        ("[hands]\nfour_of_a_kind_zeroes = true", "hands.four_of_a_kind_zeroes"),
        ('[hands]\nfour_of_a_kind_zeroes = "sometimes"', "hands.four_of_a_kind_zeroes"),
        ("[hands]\nace_low_straight = 1", "hands.ace_low_straight"),
        ('[hands]\nace_low_straight = "yes"', "hands.ace_low_straight"),
        ('[hands]\nties = "suits"', "hands.ties"),
        ("[hands]\nties = false", "hands.ties"),
        ("[chicago]\nrequired_to_win = 0", "chicago.required_to_win"),
        ('[chicago]\nmin_score = "15"', "chicago.min_score"),
        ("[buy_stop]\nthreshold = true", "buy_stop.threshold"),
        ("[buy_stop]\nthreshold = 45.5", "buy_stop.threshold"),
    ],
)
def test_a_value_of_the_wrong_type_is_refused_naming_its_key(text: str, key: str) -> None:
    """A string for a number, a bool for a number, a float, a list...: refused, key named."""
    (problem,) = problems_of(text)
    assert key in problem


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("[game]\ntarget = -52", "game.target"),
        ("[game]\ntarget = 0", "game.target"),
        ("[game]\nmin_players = 1", "game.min_players"),
        ("[game]\nmax_players = 7", "game.max_players"),
        ("[game]\nmax_players = 1", "game.max_players"),
        ("[game]\nmin_players = 5", "game.min_players"),  # more than max_players 4
        ("[game]\nbuys = 0", "game.buys"),
        ("[game]\nbuys = 4", "game.buys"),
        ("[game]\nscored_buys = 3\nbuys = 2", "game.scored_buys"),
        ("[game]\nscored_buys = -1", "game.scored_buys"),
        ("[scoring]\nlast_trick = -5", "scoring.last_trick"),
        ("[scoring]\nlast_trick_with_two = -1", "scoring.last_trick_with_two"),
        ("[scoring]\nfloor = 5", "scoring.floor"),
        ("[hands]\npair = -1", "hands.pair"),
        ("[chicago]\nsuccess = -15", "chicago.success"),
        ("[chicago]\nfailure = 15", "chicago.failure"),
        ("[chicago]\nmin_score = -1", "chicago.min_score"),
        ("[chicago]\nbreaker_bonus = -10", "chicago.breaker_bonus"),
        ("[chicago]\nmax_per_player = -1", "chicago.max_per_player"),
        ("[buy_stop]\nthreshold = 0", "buy_stop.threshold"),
        ("[buy_stop]\nthreshold = -46", "buy_stop.threshold"),
    ],
)
def test_an_impossible_value_is_refused_naming_its_key(text: str, key: str) -> None:
    """A value no table can play with (negative target, scored_buys > buys...) is refused."""
    (problem,) = problems_of(text)
    assert key in problem


def test_a_rejected_value_causes_no_second_problem_about_its_default() -> None:
    """max_players = "six" is one problem, not also "min_players 5 is more than 4"."""
    (problem,) = problems_of('[game]\nmin_players = 5\nmax_players = "six"')
    assert "game.max_players" in problem


def test_a_table_that_is_not_a_table_is_refused() -> None:
    """`game = 5` at the top is refused: [game] must be a table of keys."""
    (problem,) = problems_of("game = 5")
    assert "[game]" in problem


def test_broken_toml_is_refused_naming_the_source() -> None:
    """A file that is not TOML at all raises RulesFileError naming the file, not a parser error."""
    for text in ["[game\ntarget = 52", "[game]\ntarget = ", "[game]\ntarget = 5\ntarget = 6"]:
        problems = problems_of(text)
        assert len(problems) == 1
        assert "not valid TOML" in problems[0]


def test_from_mapping_names_its_source() -> None:
    """from_mapping reports problems under the source it was given."""
    with pytest.raises(RulesFileError) as caught:
        HouseRules.from_mapping({"game": {"target": -1}}, source="session fredag")
    assert caught.value.source == "session fredag"
    assert str(caught.value).startswith("session fredag: ")


def test_with_changes_changes_only_the_keys_given() -> None:
    """with_changes returns a copy with those keys changed and the original untouched."""
    rules = HouseRules()
    changed = rules.with_changes(chicago={"min_score": 0}, game={"target": 51})
    assert (changed.chicago.min_score, changed.game.target) == (0, 51)
    assert changed.with_changes(chicago={"min_score": 15}, game={"target": 52}) == rules
    assert rules.chicago.min_score == 15


def test_with_changes_refuses_what_a_file_would_refuse() -> None:
    """An impossible or unknown change raises RulesFileError naming the key."""
    with pytest.raises(RulesFileError, match=r"game\.scored_buys"):
        HouseRules().with_changes(game={"buys": 1})
    with pytest.raises(RulesFileError, match="did you mean 'success'"):
        HouseRules().with_changes(chicago={"succes": 10})


def test_no_floor_and_a_floor_at_zero_are_different_rules() -> None:
    """floor = false (totals may go negative) never equals the main rule's floor = 0."""
    no_floor = rules_from_toml("[scoring]\nfloor = false", source=SOURCE)
    assert no_floor != HouseRules()
    assert no_floor.scoring != ScoringRules(floor=0)
    assert no_floor.scoring == ScoringRules(floor=None)
    assert len({no_floor, HouseRules()}) == 2


def test_house_rules_are_frozen() -> None:
    """A loaded rules object cannot be changed in place; with_changes makes a new one."""
    rules = HouseRules()
    with pytest.raises(AttributeError):
        rules.game.target = 51  # type: ignore[misc]


def test_the_package_exports_the_rules_names() -> None:
    """chicago_protokoll.HouseRules, PRESETS, preset and rules_from_toml are the rules module's."""
    assert chicago_protokoll.HouseRules is HouseRules
    assert chicago_protokoll.PRESETS is PRESETS
    assert chicago_protokoll.preset("standard") == HouseRules()
    assert chicago_protokoll.rules_from_toml("", source=SOURCE) == HouseRules()


hand_points = st.one_of(st.integers(0, 60), st.just("win"))
valid_rules = st.builds(
    HouseRules,
    game=st.integers(2, 6).flatmap(
        lambda max_players: st.integers(1, 3).flatmap(
            lambda buys: st.builds(
                GameRules,
                target=st.integers(1, 500),
                min_players=st.integers(2, max_players),
                max_players=st.just(max_players),
                buys=st.just(buys),
                scored_buys=st.integers(0, buys),
            )
        )
    ),
    scoring=st.builds(
        ScoringRules,
        last_trick=st.integers(0, 30),
        last_trick_with_two=st.integers(0, 30),
        floor=st.one_of(st.none(), st.integers(-100, 0)),
    ),
    hands=st.builds(
        HandRules,
        **{field.name: hand_points for field in fields(HandRules) if field.type == "HandPoints"},
        four_of_a_kind_zeroes=st.sampled_from([None, "choice", "always"]),
        ace_low_straight=st.booleans(),
        ties=st.sampled_from(["none", "suit"]),
    ),
    chicago=st.builds(
        ChicagoRules,
        success=st.integers(0, 50),
        failure=st.integers(-50, 0),
        min_score=st.integers(0, 60),
        breaker_bonus=st.integers(0, 20),
        required_to_win=st.booleans(),
        max_per_player=st.integers(0, 5),
    ),
    buy_stop=st.builds(BuyStopRules, threshold=st.one_of(st.none(), st.integers(1, 60))),
)


def _typed(mapping: dict[str, dict[str, Any]]) -> dict[str, dict[str, tuple[type, Any]]]:
    """The mapping with each value's type beside it, so that False and 0 differ."""
    return {s: {k: (type(v), v) for k, v in table.items()} for s, table in mapping.items()}


@given(valid_rules)
def test_to_mapping_then_from_mapping_is_the_identity(rules: HouseRules) -> None:
    """Any valid rules written as a table and read back are the same rules, value and type."""
    again = HouseRules.from_mapping(rules.to_mapping())
    assert again == rules
    assert _typed(again.to_mapping()) == _typed(rules.to_mapping())


@given(valid_rules)
def test_rules_survive_a_toml_file_round_trip(rules: HouseRules) -> None:
    """Any valid rules written as TOML and read back are the same rules, value and type."""
    again = rules_from_toml(tomli_w.dumps(rules.to_mapping()), source=SOURCE)
    assert _typed(again.to_mapping()) == _typed(rules.to_mapping())


def test_hand_points_strategy_covers_every_hand_key() -> None:
    """The round-trip strategy draws points for every hand of the [hands] table."""
    hand_keys = {field.name for field in fields(HandRules) if field.type == "HandPoints"}
    assert hand_keys == {c.rules_key for c in Category if c is not Category.HIGH_CARD}


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("[game]\ntarget = 10000000000000000000000000000", "game.target"),
        ("[scoring]\nlast_trick = 1000001", "scoring.last_trick"),
        ("[scoring]\nfloor = -1000001", "scoring.floor"),
        ("[hands]\npair = 1000001", "hands.pair"),
        ("[chicago]\nfailure = -1000001", "chicago.failure"),
        ("[buy_stop]\nthreshold = 1000001", "buy_stop.threshold"),
    ],
)
def test_a_number_a_table_types_is_at_most_a_million(text: str, key: str) -> None:
    """What a table types is bounded (|n| <= 1,000,000): beyond that no game is played."""
    (problem,) = problems_of(text)
    assert problem.startswith(key)


def test_a_million_itself_is_allowed() -> None:
    """The bound is inclusive: a target of 1,000,000 is a (long) game."""
    assert rules_from_toml("[game]\ntarget = 1000000", source=SOURCE).game.target == 1_000_000


def test_a_session_file_s_rules_are_read_without_the_new_bound() -> None:
    """A copy of the rules in a session file of an earlier release is read as written."""
    rules = HouseRules.from_mapping({"game": {"target": 10**28}}, typed=False)
    assert rules.game.target == 10**28
    with pytest.raises(RulesFileError, match=r"game\.target"):
        HouseRules.from_mapping({"game": {"target": 10**28}})


def test_false_for_off_is_held_as_none_whichever_way_it_is_given() -> None:
    """"Off" is None in the rules, from TOML's false and from the constructor's False."""
    assert ScoringRules(floor=False).floor is None
    assert BuyStopRules(threshold=False) == BuyStopRules(threshold=None)
    assert HandRules(four_of_a_kind_zeroes=False).four_of_a_kind_zeroes is None
    assert HouseRules(scoring=ScoringRules(floor=None)).to_mapping()["scoring"]["floor"] is False


def test_every_key_is_declared_once_in_the_schema() -> None:
    """The schema lists every key of every section once, with its default and comment."""
    from chicago_protokoll.core.rules import schema

    paths = [key.path for key in schema()]
    assert len(paths) == len(set(paths))
    assert paths == [f"{section}.{key}" for section, key in ALL_KEYS]
    main = HouseRules().to_mapping()
    assert all(main[k.section][k.name] == k.to_toml(k.default) for k in schema())
    assert all(k.comment for k in schema())
