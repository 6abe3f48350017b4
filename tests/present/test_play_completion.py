"""What TAB offers at `play`'s prompt (`present.play_completion`): names whole (hyphens
and spaces inside), the hands and modifiers the readers take (from their own tables),
play's commands, each where it may be said; a TAB never changes what was typed."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from chicago_protokoll.core.cards import HAND_NAMES
from chicago_protokoll.core.claims import MODIFIERS
from chicago_protokoll.core.game import replay
from chicago_protokoll.core.rules import HouseRules
from chicago_protokoll.core.session import new_session
from chicago_protokoll.present.dialogue import Dialogue
from chicago_protokoll.present.dialogue_resume import resumed
from chicago_protokoll.present.play_completion import completions, shown
from chicago_protokoll.store import catalogue, locations
from play_support import Script

PLAYERS = ("Anna-Karin", "Anna Lisa", "Bo", "Cilla")


pytestmark = pytest.mark.usefixtures("english")


def test_tab_completes_a_name_with_a_hyphen_whole() -> None:
    assert completions("Anna-K", PLAYERS) == ["Anna-Karin "]
    assert completions("anna-k", PLAYERS) == ["anna-karin "]  # play reads any case


def test_tab_completes_a_name_with_a_space_whole() -> None:
    assert completions("Anna L", PLAYERS) == ["Anna Lisa "]
    assert completions("Anna", PLAYERS) == ["Anna Lisa ", "Anna-Karin "]


def test_after_a_player_tab_offers_the_hands_in_swedish_and_english() -> None:
    assert completions("Bo kå", PLAYERS) == ["Bo kåk "]
    assert completions("Bo full", PLAYERS) == [
        "Bo full ",
        "Bo full house ",
        "Bo full-house ",
        "Bo fullt hus ",
    ]
    offered = {line.removeprefix("Bo ").strip() for line in completions("Bo ", PLAYERS)}
    assert {"två par", "two-pair", "fyrtal", "four-of-a-kind"} <= offered


def test_every_hand_name_the_parser_reads_is_offered_after_a_player() -> None:
    offered = {line.removeprefix("Cilla ").strip() for line in completions("Cilla ", PLAYERS)}
    assert {name for names in HAND_NAMES.values() for name in names} <= offered


def test_after_a_hand_tab_offers_the_claims_modifiers_zero_and_from() -> None:
    offered = {line.removeprefix("Bo fyrtal ").strip() for line in completions("Bo fyrtal ", PLAYERS)}
    assert offered == {word for word in MODIFIERS["zero"] | MODIFIERS["opponent"] if len(word) > 1}
    assert completions("Bo fyrtal no", PLAYERS) == ["Bo fyrtal noll ", "Bo fyrtal nolla "]


def test_after_from_and_after_royal_tab_offers_the_players() -> None:
    assert completions("Bo kåk från C", PLAYERS) == ["Bo kåk från Cilla "]
    assert completions("royal Anna-", PLAYERS) == ["royal Anna-Karin "]
    assert completions("straff B", PLAYERS) == ["straff Bo "]


def test_at_the_start_tab_offers_plays_own_commands() -> None:
    assert completions("sta", PLAYERS) == ["stallning ", "status "]
    assert completions("ång", PLAYERS) == ["ångra "]
    assert completions("anteck", PLAYERS) == ["anteckning "]
    assert completions("hj", PLAYERS) == ["hjälp "]


def test_where_nothing_may_follow_tab_offers_nothing() -> None:
    assert completions("Bo kåk nolla ", PLAYERS) == []
    assert completions("Zed ", PLAYERS) == []


def test_the_list_under_the_prompt_shows_the_word_being_typed() -> None:
    assert shown("Bo full", "Bo full house ") == "full house"
    assert shown("Anna L", "Anna Lisa ") == "Lisa"


@given(
    line=st.text(alphabet="abkåAB- ", max_size=12),
    players=st.lists(st.text(alphabet="abkåAB- ", min_size=1, max_size=8), max_size=4),
)
def test_a_tab_never_changes_or_shortens_what_was_typed(line: str, players: list[str]) -> None:
    for completion in completions(line, players):
        assert completion.startswith(line)
        assert len(completion) > len(line) and completion.endswith(" ")


# -- on resuming: the deal so far and the totals ------------------------------------------


def test_resuming_shows_the_totals_and_each_entry_of_the_deal_so_far() -> None:
    started = new_session(["Anna", "Bo", "Cilla"], HouseRules(), dealer="Cilla", name="fredag")
    catalogue.create_current("fredag", started)
    path = locations.session_path("fredag")
    first = Script(["bo två par", "q"])
    Dialogue(path, first.ask, first.say).run()
    script = Script(["q"])
    Dialogue(path, script.ask, script.say).run()
    assert "Resuming 'fredag' at deal 1." in script.text
    assert "Deal 1 so far:\n  köp 1: Bo: two pair  (Bo +2)" in script.text
    totals = next(line for line in script.out if line.startswith("fredag, deal 1, next"))
    assert [row.split()[:2] for row in totals.splitlines()[1:]] == [
        ["Anna", "0"],
        ["Bo", "2"],
        ["Cilla", "0"],
    ]


def test_resuming_between_two_deals_says_nothing_is_recorded_in_the_new_one_yet() -> None:
    session = new_session(["Anna", "Bo"], HouseRules(), dealer="Bo", name="lördag")
    game = replay(session)
    lines = resumed(game, "lördag")
    assert lines[0] == "Resuming 'lördag' at deal 1."
    assert lines[-1] == "Nothing is recorded in deal 1 yet."
