"""A four of a kind's nolla, or a hand that wins the game, shown before the first lead: the
deal ends there with no last trick (rules.md, "Cases the texts leave open, decided"; seed
000: "Sker det i fas 3 ska fyrtalet meddelas innan första utspelet, och handen tar slut
där").  The engine decides it once (`Game.ends_before_the_lead`); `deal`, `showdown`,
`edit`, `play` and the phone's recording page take it (issue 26, item 9)."""

from __future__ import annotations

import pytest

from chicago_protokoll.core.cards import Category
from chicago_protokoll.core.errors import RuleViolation
from chicago_protokoll.core.events import BuyWinner, Claim, LastTrick, Showdown
from chicago_protokoll.core.game import Game, replay
from chicago_protokoll.core.rules import PRESETS, HouseRules
from chicago_protokoll.core.session import new_session
from chicago_protokoll.present.dialogue import Dialogue
from chicago_protokoll.serve.record_page import Page
from chicago_protokoll.serve.recorder import play_events
from chicago_protokoll.store import sessionfile
from cli_support import ok, refused, session_file, status
from play_support import Script

PLAYERS = ("Anna", "Bo", "Cilla")


def preset(name: str) -> HouseRules:
    return PRESETS[name][1]


def game_at_the_tricks(rules: HouseRules) -> Game:
    game = Game(new_session(PLAYERS, rules, dealer="Anna"))
    game.apply(BuyWinner("Anna", Category.PAIR, buy=1, deal=1))
    game.apply(BuyWinner(None, buy=2, deal=1))
    return game


def events(name: str) -> tuple[object, ...]:
    return sessionfile.load_session(session_file(name)).events


# -- the engine: one place --------------------------------------------------------------


def test_a_four_of_a_kinds_nolla_before_the_lead_ends_the_deal_with_no_last_trick() -> None:
    game = game_at_the_tricks(preset("straight-flush-11"))
    game.apply(Showdown("Bo", Category.FOUR_OF_A_KIND, zero=True, deal=1))
    assert game.deal == 2 and game.deals[-1].complete
    assert game.scores == [0, 0, 0]  # Anna's pair zeroed; the nolla itself scores nothing


def test_an_always_zeroing_four_of_a_kind_before_the_lead_ends_the_deal() -> None:
    game = game_at_the_tricks(preset("straight-flush-wins"))
    game.apply(Showdown("Bo", Category.FOUR_OF_A_KIND, deal=1))
    assert game.deal == 2 and game.scores == [0, 7, 0]


def test_a_hand_that_wins_the_game_before_the_lead_ends_the_deal_and_the_game() -> None:
    game = game_at_the_tricks(preset("straight-flush-wins"))
    game.apply(Showdown("Bo", Category.STRAIGHT_FLUSH, deal=1))
    assert game.finished and game.winners == ("Bo",)
    assert not any(isinstance(entry.event, LastTrick) for entry in game.deals[-1].entries)


@pytest.mark.parametrize(
    ("rules", "event"),
    [
        (HouseRules(), Showdown("Bo", Category.FOUR_OF_A_KIND, deal=1)),
        (preset("straight-flush-11"), Showdown("Bo", Category.FOUR_OF_A_KIND, deal=1)),
        (preset("straight-flush-11"), Showdown("Bo", Category.STRAIGHT_FLUSH, deal=1)),
    ],
    ids=["main-rule", "fyrtal-without-nolla", "straight-flush-scoring-11"],
)
def test_any_other_showdown_before_the_lead_is_refused_and_changes_nothing(
    rules: HouseRules, event: Showdown
) -> None:
    game = game_at_the_tricks(rules)
    with pytest.raises(RuleViolation, match="the showdown comes after the last trick"):
        game.apply(event)
    assert game.deal == 1 and game.scores == [1, 0, 0]


def test_the_hands_offered_before_the_lead_are_the_engines() -> None:
    assert game_at_the_tricks(HouseRules()).hands_before_the_lead() == []
    assert game_at_the_tricks(preset("straight-flush-11")).hands_before_the_lead() == [
        Claim("", Category.FOUR_OF_A_KIND, zero=True)
    ]
    assert game_at_the_tricks(preset("straight-flush-wins")).hands_before_the_lead() == [
        Claim("", Category.FOUR_OF_A_KIND),
        Claim("", Category.STRAIGHT_FLUSH),
    ]


# -- deal, showdown, edit -----------------------------------------------------------------


def test_deal_records_a_nolla_before_the_lead_without_a_last_trick() -> None:
    ok("new", "fredag", *PLAYERS, "--preset", "straight-flush-11")
    ok("deal", "--buy", "Anna:pair", "--buy", "pass", "--showdown", "Bo:fyrtal:nolla")
    assert status()["deal"] == 2
    assert not any(isinstance(event, LastTrick) for event in events("fredag"))


def test_deal_records_a_game_winning_hand_before_the_lead_without_a_last_trick() -> None:
    ok("new", "fredag", *PLAYERS, "--preset", "straight-flush-wins")
    ok("deal", "--buy", "pass", "--buy", "pass", "--showdown", "Bo:färgstege")
    after = status()
    assert after["finished"] and after["winners"] == ["Bo"]


def test_deal_refuses_an_ordinary_showdown_without_a_last_trick_and_writes_nothing() -> None:
    ok("new", "fredag", *PLAYERS)
    before = session_file("fredag").read_bytes()
    message = refused("deal", "--buy", "pass", "--buy", "pass", "--showdown", "Bo:par")
    assert "the showdown comes after the last trick" in message
    assert "nothing was recorded" in message
    assert session_file("fredag").read_bytes() == before


def test_showdown_before_tricks_records_a_nolla() -> None:
    ok("new", "fredag", *PLAYERS, "--preset", "straight-flush-11")
    ok("buy", "pass")
    ok("buy", "pass")
    ok("showdown", "Bo:fyrtal:nolla")
    assert status()["deal"] == 2


def test_edit_corrects_a_deal_that_ended_before_the_lead_like_any_other() -> None:
    ok("new", "fredag", *PLAYERS, "--preset", "straight-flush-11")
    ok("deal", "--buy", "pass", "--buy", "pass", "--showdown", "Bo:fyrtal:nolla")
    ok("deal", "--buy", "Anna:pair", "--buy", "pass", "--last-trick", "Cilla")
    ok("edit", "1", "--buy", "1=Cilla:pair")
    recorded = events("fredag")
    assert Showdown("Bo", Category.FOUR_OF_A_KIND, zero=True, deal=1) in recorded
    assert not any(isinstance(e, LastTrick) and e.deal == 1 for e in recorded)
    assert status()["deal"] == 3


def test_edit_to_a_nolla_before_the_lead_in_place_of_an_ordinary_showdown() -> None:
    """A deal recorded with its last trick keeps it: a nolla given by edit is then the
    showdown after the tricks, which the rules allow too."""
    ok("new", "fredag", *PLAYERS, "--preset", "straight-flush-11")
    ok("deal", "--buy", "Anna:pair", "--buy", "pass", "--last-trick", "Cilla")
    ok("edit", "1", "--showdown", "Bo:fyrtal:nolla")
    assert {p["name"]: p["score"] for p in status()["players"]} == {"Anna": 0, "Bo": 0, "Cilla": 0}


# -- play -------------------------------------------------------------------------------



@pytest.mark.usefixtures("english")
@pytest.mark.parametrize("answer", ["bo fyrtal nolla", "Bo four-of-a-kind zero"])
def test_play_takes_a_nolla_before_the_lead_at_the_last_trick_question(answer: str) -> None:
    ok("new", "fredag", *PLAYERS, "--preset", "straight-flush-11")
    script = Script(["anna par", "", answer])
    Dialogue(session_file("fredag"), script.ask, script.say).run()
    assert "PLAYER HAND = shown before the first lead" in script.prompts[2]
    assert "Saved: deal 1, showdown: Bo: four of a kind, zeroing the others" in script.text
    assert "Deal 2, köp 1" in script.prompts[3]
    assert not any(isinstance(event, LastTrick) for event in events("fredag"))


@pytest.mark.usefixtures("english")
def test_play_takes_a_game_winning_hand_before_the_lead_at_the_chicago_question() -> None:
    ok("new", "fredag", *PLAYERS, "--preset", "straight-flush-wins")
    ok("deal", "--buy", "Anna:flush", "--buy", "Anna:flush", "--last-trick", "Anna", "--showdown", "Anna:flush")
    ok("deal", "--buy", "Anna:flush", "--buy", "pass", "--last-trick", "Bo")
    script = Script(["pass", "pass", "bo färgstege", ""])
    Dialogue(session_file("fredag"), script.ask, script.say).run()
    assert "Chicago?" in script.prompts[2]
    game = replay(sessionfile.load_session(session_file("fredag")))
    assert game.finished and game.winners == ("Bo",)


@pytest.mark.usefixtures("english")
def test_play_refuses_an_ordinary_hand_before_the_lead_and_says_nothing_was_recorded() -> None:
    ok("new", "fredag", *PLAYERS)
    script = Script(["pass", "pass", "bo kåk"])
    Dialogue(session_file("fredag"), script.ask, script.say).run()
    assert "the showdown comes after the last trick" in script.text
    assert "nothing was recorded" in script.text
    assert "shown before the first lead" not in script.prompts[2].split("(")[1]


# -- the phone ---------------------------------------------------------------------------


def test_the_recording_page_offers_a_hand_before_the_lead_where_the_rules_have_one() -> None:
    for rules, offered in ((HouseRules(), False), (preset("straight-flush-11"), True)):
        game = game_at_the_tricks(rules)
        page = Page(
            game=game,
            session=game.session,
            title="Table 1",
            action="/r/1/secret",
            token="t",
            query={},
        )
        html = page.moment()
        assert ("Shown before the first lead" in html) is offered
        if offered:
            folded = html.split("Shown before the first lead")[1]
            assert 'name="do" value="showdown"' in folded
            assert 'value="four-of-a-kind:zero"' in folded


def test_the_phones_tap_before_the_lead_is_recorded_as_the_commands_record_it() -> None:
    game = game_at_the_tricks(preset("straight-flush-11"))
    (event,) = play_events(game, {"do": "showdown", "who": "Bo", "hand": "four-of-a-kind:zero"})
    game.apply(event)
    assert game.deal == 2
