"""`chicago play`: the guided protocol, with scripted answers and through a real terminal."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
from collections.abc import Iterator, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from chicago_protokoll.cli.play_loop import open_session, play_command
from chicago_protokoll.core.cards import Category
from chicago_protokoll.core.errors import ChicagoError
from chicago_protokoll.core.events import (
    BuyWinner,
    ChicagoBroken,
    ChicagoDeclared,
    ChicagoWon,
    Event,
    Exchange,
    Forfeit,
    LastTrick,
    Note,
    Penalty,
    Royal,
    Showdown,
)
from chicago_protokoll.core.game import Game, replay
from chicago_protokoll.core.rules import ChicagoRules, GameRules, HouseRules, ScoringRules
from chicago_protokoll.core.session import new_session
from chicago_protokoll.i18n.language import set_language
from chicago_protokoll.present.dialogue import Dialogue
from chicago_protokoll.store import catalogue, locations, sessionfile
from cli_support import without_taken_back
from play_support import Script

SEED_DEAL = ["bo två par", "an KH KS 9D 9H 3C", "c", "anna två par"]


@pytest.fixture(autouse=True)
def swedish() -> Iterator[None]:
    """The dialogue speaks Swedish unless a test says otherwise; the switch is reset after."""
    set_language("sv")
    yield
    set_language(None)



def make_session(
    players: Sequence[str] = ("Anna", "Bo", "Cilla"),
    rules: HouseRules | None = None,
    *,
    dealer: str = "Cilla",
    events: Sequence[Event] = (),
    name: str = "fredag",
) -> Path:
    session = new_session(players, rules, dealer=dealer, name=name)
    game = Game(session)
    for event in events:
        game.apply(event)
    path = locations.session_path(name)
    sessionfile.create_session(path, replace(session, events=tuple(events)))
    catalogue.set_current(name)
    return path


def play(path: Path, answers: Sequence[str], *, stake: str = "1") -> tuple[Script, int]:
    script = Script(answers)
    code = Dialogue(path, script.ask, script.say, stake=stake).run()
    return script, code


def scores(path: Path) -> dict[str, int]:
    game = replay(sessionfile.load_session(path))
    return dict(zip(game.players, game.scores, strict=True))


def anna_at_20() -> list[Event]:
    """Deal 1 in which Anna scores a flush three times and the last trick: 20 points."""
    return [
        BuyWinner("Anna", Category.FLUSH, buy=1, deal=1),
        BuyWinner("Anna", Category.FLUSH, buy=2, deal=1),
        LastTrick("Anna", deal=1),
        Showdown("Anna", Category.FLUSH, deal=1),
    ]


# -- the order of the questions ----------------------------------------------------


def test_seed_deal_is_asked_in_order_and_scores_anna_4_bo_2_cilla_5() -> None:
    """Seed 000's deal: köp 1, köp 2, the last trick, the showdown; no Chicago under 15 points."""
    path = make_session()
    script, code = play(path, SEED_DEAL)
    assert code == 0
    assert scores(path) == {"Anna": 4, "Bo": 2, "Cilla": 5}
    asked = script.prompts[:4]
    assert "köp 1" in asked[0] and "köp 2" in asked[1]
    assert "sista sticket" in asked[2]
    assert "bästa hand efter sticken" in asked[3]
    assert not any("Chicago?" in p for p in script.prompts)
    assert "Giv 2, köp 1" in script.prompts[4]


def test_each_deal_opens_with_dealer_forehand_buy_stop_and_who_may_declare() -> None:
    path = make_session()
    script, _ = play(path, [])
    assert "— Giv 1 — givare Cilla, förhand Anna" in script.text
    assert "Köpstopp: ingen. Får ropa Chicago nu: ingen." in script.text


def test_after_a_deal_the_standings_and_the_protocol_row_are_shown() -> None:
    path = make_session()
    script, _ = play(path, SEED_DEAL)
    assert "Protokoll, giv 1 (givare Cilla): Anna +4 = 4 | Bo +2 = 2 | Cilla +5 = 5" in script.text
    assert "fredag, giv 2" in script.text


def test_chicago_question_is_offered_only_to_players_who_may_declare() -> None:
    path = make_session(events=anna_at_20())
    script, _ = play(path, ["", ""])
    chicago = [p for p in script.prompts if "Chicago?" in p]
    assert chicago == ["Giv 2, Chicago? (Anna får ropa) Vem ropar? (Enter = ingen): "]


def test_successful_chicago_gives_15_and_ends_the_deal_without_last_trick_or_showdown() -> None:
    path = make_session(events=anna_at_20())
    script, _ = play(path, ["", "", "a", "alla fem"])
    assert scores(path) == {"Anna": 35, "Bo": 0, "Cilla": 0}
    assert "Annas Chicago: alla fem sticken (ja), eller vem bröt den?" in script.prompts[3]
    assert "Giv 3, köp 1" in script.prompts[4]


def test_a_stray_enter_after_a_declaration_records_nothing_and_asks_again() -> None:
    """A Chicago is ±15: a bare Enter (or a 'y') at its outcome is no answer; only 'alla fem'
    or the player who broke it settles it."""
    path = make_session(events=anna_at_20())
    script, _ = play(path, ["", "", "anna", "", "j", "all five"])
    outcome = [p for p in script.prompts if "Annas Chicago" in p]
    assert len(outcome) == 3
    assert "en Chicago är värd ±15: säg 'alla fem'" in script.text
    events = sessionfile.load_session(path).events
    assert isinstance(events[-1], ChicagoWon) and len(events) == 8
    assert scores(path)["Anna"] == 35


@pytest.mark.parametrize("yes", ["ja", "Ja", "yes"])
def test_the_chicago_outcome_is_a_yes_no_question_ja_is_all_five(yes: str) -> None:
    path = make_session(events=anna_at_20())
    play(path, ["", "", "anna", yes])
    assert isinstance(sessionfile.load_session(path).events[-1], ChicagoWon)
    assert scores(path)["Anna"] == 35


def test_nej_to_the_chicago_outcome_asks_who_broke_it_and_records_nothing_yet() -> None:
    path = make_session(events=anna_at_20())
    script, _ = play(path, ["", "", "anna", "nej", "bo"])
    assert "Annas Chicago bröts: vem bröt den? Ange spelaren som tog ett stick" in script.text
    events = sessionfile.load_session(path).events
    assert events[-1] == ChicagoBroken(2, "Bo")
    assert scores(path)["Anna"] == 5


def test_a_player_named_ja_answers_the_chicago_outcome_as_the_breaker() -> None:
    path = make_session(("Anna", "Ja", "Cilla"), events=anna_at_20())
    play(path, ["", "", "anna", "ja"])
    assert sessionfile.load_session(path).events[-1] == ChicagoBroken(2, "Ja")


def test_a_stray_enter_leaves_the_declared_chicago_unsettled_on_file() -> None:
    path = make_session(events=anna_at_20())
    play(path, ["", "", "anna", ""])
    assert isinstance(sessionfile.load_session(path).events[-1], ChicagoDeclared)
    assert scores(path)["Anna"] == 20


def test_broken_chicago_from_20_leaves_anna_at_5() -> None:
    """Seed 000's Chicago example: Anna at 20 declares, Bo takes trick 4."""
    path = make_session(events=anna_at_20())
    play(path, ["", "", "anna", "bo"])
    assert scores(path) == {"Anna": 5, "Bo": 0, "Cilla": 0}
    assert isinstance(sessionfile.load_session(path).events[-1], ChicagoBroken)


def test_declaring_chicago_under_15_points_is_refused_and_asked_again() -> None:
    path = make_session(events=anna_at_20())
    script, _ = play(path, ["", "", "bo"])
    assert "Bo har 0 poäng och får inte ropa Chicago" in script.text
    assert script.prompts[3] == script.prompts[2]
    assert not any(isinstance(e, ChicagoDeclared) for e in sessionfile.load_session(path).events)


def test_no_scored_buys_starts_the_deal_at_the_last_trick() -> None:
    rules = HouseRules(game=GameRules(scored_buys=0))
    path = make_session(rules=rules)
    script, _ = play(path, ["bo", ""])
    assert "sista sticket" in script.prompts[0]
    assert "bästa hand efter sticken" in script.prompts[1]
    assert scores(path) == {"Anna": 0, "Bo": 5, "Cilla": 0}


def test_three_scored_buys_ask_for_the_third_kop() -> None:
    rules = HouseRules(game=GameRules(scored_buys=3))
    path = make_session(rules=rules)
    script, _ = play(path, ["", "", "cilla par"])
    assert "köp 3" in script.prompts[2]
    assert scores(path)["Cilla"] == 1


def test_chicago_asked_at_any_score_when_the_minimum_is_0() -> None:
    rules = HouseRules(chicago=ChicagoRules(min_score=0))
    path = make_session(rules=rules)
    script, _ = play(path, ["", ""])
    assert "Chicago? (Anna, Bo, Cilla får ropa)" in script.prompts[2]


# -- reading answers -----------------------------------------------------------------


def test_player_by_unique_prefix_and_hand_in_swedish_english_or_cards() -> None:
    path = make_session()
    play(path, ["CI full-house", "b:kåk", "a", "bo AS AH AD AC 2D"])
    events = sessionfile.load_session(path).events
    assert [(e.player, e.hand) for e in events if isinstance(e, BuyWinner | Showdown)] == [
        ("Cilla", Category.FULL_HOUSE),
        ("Bo", Category.FULL_HOUSE),
        ("Bo", Category.FOUR_OF_A_KIND),
    ]


def test_enter_is_pass_and_tie_scores_nobody() -> None:
    path = make_session()
    play(path, ["", "lika två par", "bo", "pass"])
    events = sessionfile.load_session(path).events
    assert isinstance(events[0], BuyWinner) and events[0].is_pass
    assert isinstance(events[1], BuyWinner) and events[1].tie
    assert isinstance(events[3], Showdown) and events[3].is_pass
    assert scores(path) == {"Anna": 0, "Bo": 5, "Cilla": 0}


@pytest.mark.parametrize(
    ("answer", "reason"),
    [
        ("Dora två par", "'Dora' sitter inte vid det här bordet"),
        ("bo", "säg vilken hand Bo hade"),
        ("bo fem ess", "'fem ess' är ingen hand"),
        ("bo KH KH 9D 9H 3C", "KH"),
    ],
)
def test_wrong_answer_gets_the_reason_and_the_same_question(answer: str, reason: str) -> None:
    path = make_session()
    script, _ = play(path, [answer])
    assert reason in script.text
    assert script.prompts[0] == script.prompts[1]
    assert sessionfile.load_session(path).events == ()


def test_ambiguous_prefix_asks_for_more_of_the_name() -> None:
    path = make_session(("Anna", "Anders", "Bo"), dealer="Bo")
    script, _ = play(path, ["an par", "ann par"])
    assert "'an' kan vara Anna eller Anders" in script.text
    assert scores(path)["Anna"] == 1


def test_nobody_takes_no_last_trick() -> None:
    path = make_session()
    script, _ = play(path, ["", "", ""])
    assert "någon tar alltid sista sticket" in script.text
    assert "sista sticket" in script.prompts[3]


def test_last_trick_with_a_two_scores_the_house_rules_extra() -> None:
    rules = HouseRules(scoring=ScoringRules(last_trick_with_two=10))
    path = make_session(rules=rules)
    script, _ = play(path, ["", "", "cilla 2"])
    assert "SPELARE 2 = med en tvåa: 10" in script.prompts[2]
    assert scores(path)["Cilla"] == 10


def test_royal_at_any_question_ends_the_game_with_winner_and_settlement() -> None:
    path = make_session()
    script, code = play(path, ["bo två par", "royal ci"], stake="2")
    assert code == 0
    game = replay(sessionfile.load_session(path))
    assert game.finished and game.winners == ("Cilla",)
    assert "Partiet är slut efter giv 1. Vinnare: Cilla" in script.text
    assert "Betalning (2 per poäng):" in script.text
    assert "Anna betalar Cilla 104" in script.text
    assert "Bo betalar Cilla 100" in script.text


def test_exchange_is_recorded_with_x_and_refused_under_buy_stop() -> None:
    rules = HouseRules(game=GameRules(target=200))
    events: list[Event] = []
    for deal in range(1, 4):  # Anna to 60: past köpstopp at 46
        events += [
            BuyWinner("Anna", Category.FLUSH, buy=1, deal=deal),
            BuyWinner("Anna", Category.FLUSH, buy=2, deal=deal),
            LastTrick("Anna", deal=deal),
            Showdown("Anna", Category.FLUSH, deal=deal),
        ]
    path = make_session(rules=rules, events=events)
    script, _ = play(path, ["x bo 3", "x anna 2"])
    assert "Köpstopp: Anna." in script.text
    assert "Anna har köpstopp" in script.text
    assert sessionfile.load_session(path).events[-1] == Exchange(4, "Bo", 1, 3)


# -- commands at any question --------------------------------------------------------


def test_undo_takes_back_the_last_answer_and_asks_it_again() -> None:
    path = make_session()
    script, _ = play(path, ["bo två par", "u", "j"])
    assert "Ta tillbaka giv 1, köp 1: Bo: två par? (j = ja, Enter = nej)" in script.prompts[2]
    assert "Ångrat: giv 1, köp 1: Bo: två par" in script.text
    assert "köp 1" in script.prompts[3]
    assert sessionfile.load_session(path).events == ()


def test_undo_after_nobody_declares_returns_to_the_chicago_question() -> None:
    path = make_session(events=anna_at_20())
    script, _ = play(path, ["", "", "", "u", "anna", "alla fem"])
    assert "Ångrat: ingen ropade Chicago i giv 2." in script.text
    assert scores(path)["Anna"] == 35
    # the two köp of deal 2 are still on file
    assert len(sessionfile.load_session(path).events) == 8


def test_undo_crosses_back_into_the_deal_just_finished() -> None:
    path = make_session()
    script, _ = play(path, [*SEED_DEAL, "u", "j", "bo två par"])
    assert scores(path) == {"Anna": 2, "Bo": 4, "Cilla": 5}
    assert "bästa hand efter sticken" in script.prompts[6]


def test_undo_with_nothing_recorded_says_so() -> None:
    path = make_session()
    script, _ = play(path, ["u"])
    assert "det finns inget att ångra" in script.text


def test_help_lists_the_answers_and_the_commands() -> None:
    path = make_session()
    script, _ = play(path, ["?"])
    assert "lika [HAND]" in script.text
    assert "x SPELARE N" in script.text
    assert "royal SPELARE" in script.text
    assert "straff SPELARE N SKÄL" in script.text
    assert "ger upp SPELARE SKÄL" in script.text
    assert "anteckning TEXT" in script.text
    assert script.prompts[0] == script.prompts[1]


# -- the revisor's entries at any question ---------------------------------------------


def test_straff_at_any_question_records_a_penalty_and_asks_the_same_question() -> None:
    path = make_session(events=anna_at_20())
    script, _ = play(path, ["straff anna 5 för tidigt köp"])
    assert scores(path)["Anna"] == 15
    assert "Sparat: giv 1, Straff: Anna −5 (för tidigt köp)" in script.text
    assert sessionfile.load_session(path).events[-1] == Penalty(1, "Anna", 5, "för tidigt köp")
    assert script.prompts[0] == script.prompts[1]  # deal 2, köp 1 again


def test_a_penalty_without_its_reason_asks_for_it() -> None:
    path = make_session()
    script, _ = play(path, ["bo två par", "straff bo", "2", "sen till bordet"])
    assert "Hur många poäng av från Bos summa?" in script.text
    assert "Skäl:" in script.text
    assert sessionfile.load_session(path).events[-1] == Penalty(1, "Bo", 2, "sen till bordet")
    assert scores(path)["Bo"] == 0


def test_ger_upp_the_glossarys_word_for_a_forfeit_ends_the_game() -> None:
    path = make_session(events=anna_at_20())
    script, code = play(path, ["ger upp anna visade inte färgen", ""])
    assert code == 0
    assert sessionfile.load_session(path).events[-1] == Forfeit(1, "Anna", "visade inte färgen")
    assert "Anna ger upp (visade inte färgen): partiet är slut" in script.text


def test_forlorar_ends_the_game_and_the_settlement_counts_the_player_as_0() -> None:
    path = make_session(events=anna_at_20())
    script, code = play(path, ["förlorar anna visade inte färgen", ""])
    assert code == 0
    game = replay(sessionfile.load_session(path))
    assert game.finished and game.forfeited == ("Anna",)
    assert game.winners == ("Bo", "Cilla")  # both at 0
    assert "Anna ger upp (visade inte färgen): partiet är slut" in script.text
    assert "Ingen betalar något." in script.text  # Anna counts as 0, as do the winners


def test_anteckning_writes_a_note_and_u_takes_it_back() -> None:
    path = make_session()
    script, _ = play(path, ["anteckning felgiv, korten blandas om", "u", "j"])
    assert "Sparat: giv 1, Anteckning: felgiv, korten blandas om" in script.text
    assert "Ångrat: giv 1, Anteckning: felgiv, korten blandas om" in script.text
    assert sessionfile.load_session(path).events == ()


def test_the_revisor_words_in_english() -> None:
    set_language("en")
    path = make_session()
    script, _ = play(
        path, ["bo two pair", "penalty bo 1 late exchange", "note a card showed", "forfeit cilla"]
    )
    assert "Saved: deal 1, Penalty: Bo −1 (late exchange)" in script.text
    assert "Saved: deal 1, Note: a card showed" in script.text
    assert "Reason: " in script.prompts[-2]
    assert "Nothing was recorded." in script.text
    events = sessionfile.load_session(path).events
    assert events[-2:] == (Penalty(1, "Bo", 1, "late exchange"), Note(1, "a card showed"))
    assert not any(isinstance(event, Forfeit) for event in events)  # Ctrl-D at the reason


def test_quit_keeps_everything_and_the_next_run_resumes_at_the_next_question() -> None:
    path = make_session()
    first, code = play(path, ["bo två par", "q"])
    assert code == 0
    assert "Allt som är besvarat är sparat" in first.text
    second, _ = play(path, [])
    assert "Fortsätter protokollet 'fredag' i giv 1." in second.text
    assert "köp 2" in second.prompts[0]


def test_ctrl_c_loses_nothing_and_exits_130() -> None:
    path = make_session()

    class Interrupt(Script):
        def ask(self, prompt: str) -> str:
            if len(self.prompts) == 1:
                raise KeyboardInterrupt
            return super().ask(prompt)

    script = Interrupt(["bo två par"])
    assert Dialogue(path, script.ask, script.say).run() == 130
    assert "Avbrutet." in script.text
    assert len(sessionfile.load_session(path).events) == 1


def test_an_answer_after_another_command_recorded_the_moment_is_asked_again() -> None:
    """Two writers: `chicago buy` in another terminal takes köp 1 while the question is open."""
    path = make_session()

    class Meanwhile(Script):
        def ask(self, prompt: str) -> str:
            if not self.prompts:
                sessionfile.transact(
                    path, lambda s: s.with_event(BuyWinner("Cilla", Category.PAIR, buy=1, deal=1))
                )
            return super().ask(prompt)

    script = Meanwhile(["bo två par", "bo två par"])
    Dialogue(path, script.ask, script.say).run()
    assert "protokollet ändrades medan du svarade" in script.text
    assert "köp 2" in script.prompts[1]
    assert scores(path) == {"Anna": 0, "Bo": 2, "Cilla": 1}


def test_answer_that_ends_the_game_can_be_taken_back() -> None:
    path = make_session()
    script, _ = play(path, ["royal anna", "u", "j", "", "q"])
    assert "Enter = klart, u = ångra det senaste svaret" in script.text
    assert not replay(sessionfile.load_session(path)).finished
    assert "köp 1" in script.prompts[3]


def test_a_finished_game_shows_the_winners_and_asks_nothing() -> None:
    path = make_session(events=[Royal(1, "Bo")])
    script, code = play(path, ["bo par"])
    assert code == 0 and script.prompts == []
    assert "Vinnare: Bo" in script.text


def test_play_on_a_finished_game_offers_the_next_game_at_the_same_table() -> None:
    """`chicago play` on a finished game: 'j' starts fredag-2 (same seats and rules, the
    next first dealer) and goes on asking in it."""
    make_session(events=[Royal(1, "Bo")], rules=HouseRules(chicago=ChicagoRules(min_score=0)))
    script = Script(["j", "bo par", "q"])
    assert play_command(None, [], ask=script.ask, say=script.say) == 0
    assert "Nästa parti vid samma bord, 'fredag-2' (Anna ger först)?" in script.prompts[0]
    assert "Husregler som skiljer sig från huvudregeln: chicago.min_score = 0." in script.text
    assert catalogue.get_current() == "fredag-2"
    following = sessionfile.load_session(locations.session_path("fredag-2"))
    assert following.first_dealer == "Anna" and following.rules.chicago.min_score == 0
    assert [event.player for event in following.events] == ["Bo"]  # type: ignore[union-attr]


def test_the_next_game_is_not_started_without_a_yes() -> None:
    make_session(events=[Royal(1, "Bo")])
    script = Script([""])
    assert play_command(None, [], ask=script.ask, say=script.say) == 0
    assert not locations.session_path("fredag-2").exists()
    assert catalogue.get_current() == "fredag"


def test_prompts_are_english_with_lang_en() -> None:
    set_language("en")
    path = make_session()
    script, _ = play(path, ["bo", "Bo two pair"])
    assert script.prompts[0].startswith("Deal 1, köp 1: best hand? (PLAYER HAND, Enter = pass")
    assert "say which hand Bo had" in script.text
    assert "— Deal 1 — dealer Cilla, forehand (förhand) Anna" in script.text


# -- creating and resuming -----------------------------------------------------------


def test_play_with_players_creates_the_session_and_makes_it_current() -> None:
    path = open_session("lördag", ["Anna", "Bo", "Cilla"], preset="tournament", dealer="Cilla")
    session = sessionfile.load_session(path)
    assert session.players == ("Anna", "Bo", "Cilla") and session.first_dealer == "Cilla"
    assert session.rules.chicago.breaker_bonus == 10
    assert catalogue.get_current() == "lördag"


def test_play_with_the_same_players_resumes_and_with_others_is_refused() -> None:
    path = make_session(events=[BuyWinner("Bo", Category.TWO_PAIR, buy=1, deal=1)])
    assert open_session("fredag", ["anna", "bo", "cilla"], dealer="Cilla") == path
    assert len(sessionfile.load_session(path).events) == 1
    with pytest.raises(ChicagoError, match="exists with the players Anna, Bo, Cilla"):
        open_session("fredag", ["Anna", "Bo", "Dora"])
    with pytest.raises(ChicagoError, match="Cilla dealt first, not Anna"):
        open_session("fredag", ["Anna", "Bo", "Cilla"], dealer="Anna")
    with pytest.raises(ChicagoError, match="other house rules"):
        open_session("fredag", [], preset="tournament")


def test_play_without_arguments_resumes_the_current_session() -> None:
    path = make_session()
    assert open_session(None, []) == path
    catalogue.set_current("nothing-here")
    with pytest.raises(ChicagoError):
        open_session(None, [])
    with pytest.raises(ChicagoError, match="no session 'okänd'"):
        open_session("okänd", [])


def test_play_command_runs_the_dialogue_on_the_created_session() -> None:
    script = Script(SEED_DEAL)
    code = play_command(
        "fredag", ["Anna", "Bo", "Cilla"], dealer="Cilla", ask=script.ask, say=script.say
    )
    assert code == 0
    assert scores(locations.session_path("fredag")) == {"Anna": 4, "Bo": 2, "Cilla": 5}
    with pytest.raises(ChicagoError, match="is not a stake"):
        play_command(None, [], stake="mycket", ask=script.ask, say=script.say)


# -- through a real terminal ---------------------------------------------------------


def chicago_exe() -> str:
    beside = Path(sys.executable).parent / "chicago"
    found = str(beside) if beside.exists() else shutil.which("chicago")
    if found is None:
        pytest.skip("the chicago command is not installed")
    return found


def terminal_env() -> dict[str, str]:
    env = dict(os.environ)
    env.update(NO_COLOR="1", TERM="dumb", PYTHONUTF8="1", COLUMNS="120")
    env.pop("CHICAGO_LANG", None)
    return env


def spawn(*args: str) -> Any:
    pexpect = pytest.importorskip("pexpect")
    child = pexpect.spawn(
        chicago_exe(),
        ["--lang", "sv", "play", *args],
        env=terminal_env(),
        encoding="utf-8",
        timeout=60,
        dimensions=(40, 200),
    )
    child.delaybeforesend = None
    return child


def status_json() -> dict[str, Any]:
    result = subprocess.run(
        [chicago_exe(), "status", "--json"],
        env=terminal_env(),
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def test_terminal_seed_deal_killed_mid_deal_resumes_to_anna_4_bo_2_cilla_5() -> None:
    """Played through a pty; SIGKILL after köp 2; `chicago play` picks up at the last trick."""
    child = spawn("fredag", "Anna", "Bo", "Cilla", "--dealer", "Cilla")
    child.expect_exact("förhand Anna")
    child.expect_exact("Giv 1, köp 1: bästa hand?")
    child.sendline("bo två par")
    child.expect_exact("Sparat: giv 1, köp 1: Bo: två par")
    child.expect_exact("Giv 1, köp 2: bästa hand?")
    child.sendline("an KH KS 9D 9H 3C")
    child.expect_exact("Sparat: giv 1, köp 2: Anna: två par")
    child.expect_exact("Giv 1, sista sticket: vem tog det?")
    child.kill(signal.SIGKILL)
    child.wait()
    assert child.signalstatus == signal.SIGKILL

    mid = status_json()
    assert mid["deal"] == 1 and mid["next"] == "tricks"
    assert [p["score"] for p in mid["players"]] == [2, 2, 0]

    child = spawn()
    child.expect_exact("Fortsätter protokollet 'fredag' i giv 1.")
    child.expect_exact("Giv 1, sista sticket: vem tog det?")
    child.sendline("c")
    child.expect_exact("Sparat: giv 1, sista sticket: Cilla")
    child.expect_exact("Giv 1, bästa hand efter sticken?")
    child.sendline("anna två par")
    child.expect_exact("Protokoll, giv 1 (givare Cilla): Anna +4 = 4 | Bo +2 = 2 | Cilla +5 = 5")
    child.expect_exact("Giv 2, köp 1: bästa hand?")
    child.sendline("q")
    child.expect_exact("Allt som är besvarat är sparat")
    child.expect(pytest.importorskip("pexpect").EOF)
    child.close()
    assert child.exitstatus == 0

    final = status_json()
    assert final["deal"] == 2
    assert {p["name"]: p["score"] for p in final["players"]} == {
        "Anna": 4,
        "Bo": 2,
        "Cilla": 5,
    }


@pytest.mark.needs_sigint
def test_terminal_wrong_answer_undo_and_ctrl_c() -> None:
    """A refused answer is explained and asked again; `u` takes back; Ctrl-C keeps the rest."""
    child = spawn("fredag", "Anna", "Bo", "Cilla", "--dealer", "Cilla")
    child.expect_exact("Giv 1, köp 1: bästa hand?")
    child.sendline("dora två par")
    child.expect_exact("'dora' sitter inte vid det här bordet")
    child.expect_exact("Giv 1, köp 1: bästa hand?")
    child.sendline("bo två par")
    child.expect_exact("Giv 1, köp 2: bästa hand?")
    child.sendline("cilla par")
    child.expect_exact("Giv 1, sista sticket")
    child.sendline("u")
    child.expect_exact("Ta tillbaka giv 1, köp 2: Cilla: par? (j = ja, Enter = nej)")
    child.sendline("j")
    child.expect_exact("Ångrat: giv 1, köp 2: Cilla: par")
    child.expect_exact("Giv 1, köp 2: bästa hand?")
    child.sendintr()
    child.expect_exact("Avbrutet.")
    child.expect(pytest.importorskip("pexpect").EOF)
    child.close()
    assert child.exitstatus == 130
    after = status_json()
    assert after["next"] == "buy" and after["buy"] == 2


def test_play_refuses_a_rules_file_that_is_not_text_by_name(tmp_path: Path) -> None:
    """`play NAME ... --rules FILE` reads the file as `new` does: not UTF-8 text is refused by name."""
    binary = tmp_path / "regler.toml"
    binary.write_bytes(b"\xff\xfe[game]\n")
    with pytest.raises(ChicagoError, match=r"regler\.toml is not a house-rules file"):
        open_session("fredag", ["Anna", "Bo"], rules=binary)
    assert not locations.session_path("fredag").exists()


# -- correcting a past deal from the table (e N / ändra N) ----------------------------


def test_andra_corrects_a_past_deal_asking_only_what_changes_and_saves_on_a_yes() -> None:
    """Seed deal twice; `ändra 1`, the last trick was Bo's: totals before → after, then j."""
    path = make_session()
    script, _ = play(path, [*SEED_DEAL, *SEED_DEAL, "ändra 1", "stick", "bo", "", "j"])
    assert "Giv 1 som den är förd:" in script.text
    assert "sista sticket Cilla → Bo" in script.text
    assert "Bo       4 →   9  (+5)" in script.text
    asked = [p for p in script.prompts if "Vad ändras" in p or "Sista sticket" in p]
    assert len(asked) == 3  # what changes, who took it, what else (Enter = done)
    assert scores(path) == {"Anna": 8, "Bo": 9, "Cilla": 5}
    assert len(sessionfile.load_session(path).corrections) == 1


def test_a_correction_in_play_is_not_saved_without_a_yes_and_u_takes_one_back() -> None:
    path = make_session()
    play(path, [*SEED_DEAL, "e 1", "köp 1", "cilla par", "", ""])
    assert scores(path) == {"Anna": 4, "Bo": 2, "Cilla": 5}
    before = path.read_bytes()
    script, _ = play(path, ["e 1", "chicago", "ingen", "bo", "", "j", "u", "j"])
    assert "Ångrat: giv 1 rättad" in script.text
    assert without_taken_back(path.read_bytes())[0] == before


def test_a_correction_in_play_that_breaks_a_later_deal_is_explained_and_not_saved() -> None:
    """Anna's 20 let her declare in deal 2; corrected to a pass-out, deal 2 breaks the rule."""
    path = make_session(events=anna_at_20())
    play(path, ["", "", "anna", "bo"])
    before = path.read_bytes()
    script, _ = play(path, ["ändra 1", "köp 1", "", "köp 2", "", "visning", "", "", "j"])
    assert "efter den här rättelsen bryter giv 2 mot en regel" in script.text
    assert "chicago.min_score" in script.text
    assert path.read_bytes() == before


def test_terminal_edit_of_a_past_deal() -> None:
    """Through a pty: `e 1`, the last trick was Bo's, saved; the next question follows."""
    child = spawn("fredag", "Anna", "Bo", "Cilla", "--dealer", "Cilla")
    for answer in SEED_DEAL:
        child.expect_exact("? ")
        child.sendline(answer)
    child.expect_exact("Giv 2, köp 1: bästa hand?")
    child.sendline("e 1")
    child.expect_exact("Vad ändras i giv 1?")
    child.sendline("stick")
    child.expect_exact("Sista sticket: vem tog det?")
    child.sendline("bo")
    child.expect_exact("Vad ändras i giv 1?")
    child.sendline("")
    child.expect_exact("Cilla    5 →   0  (-5)")
    child.expect_exact("Spara rättelsen?")
    child.sendline("j")
    child.expect_exact("Sparat; u tar tillbaka rättelsen.")
    child.expect_exact("Giv 2, köp 1: bästa hand?")
    child.sendline("q")
    child.expect(pytest.importorskip("pexpect").EOF)
    child.close()
    assert {p["name"]: p["score"] for p in status_json()["players"]} == {
        "Anna": 4,
        "Bo": 7,
        "Cilla": 0,
    }


def test_the_dialogue_tells_its_wiring_each_time_a_change_reaches_the_file() -> None:
    """`play` exits 3, not 1, when printing fails after an answer was saved: the dialogue
    reports every save (a recorded answer, an undo) to the terminal's wiring."""
    path = make_session()
    script = Script(["Bo:two-pair", "u", "y"])
    saves: list[int] = []
    Dialogue(
        path, script.ask, script.say, saved=lambda: saves.append(1)
    ).run()
    assert len(saves) == 2
    assert sessionfile.load_session(path).events == ()


def test_a_hand_that_wins_in_kop_2_ends_the_deal_and_play_advises_no_undo() -> None:
    """The royal in köp 2 ends the deal and the game at once: play asks nothing more of
    the deal (no last trick) and never points at undo, which would take back the royal."""
    path = make_session()
    script, code = play(path, ["anna par", "bo royal"])
    assert code == 0
    game = replay(sessionfile.load_session(path))
    assert game.finished and game.winners == ("Bo",)
    assert "sista stick" not in script.text.split("köp 2")[-1].lower()
    assert "undo" not in script.text


def test_a_game_that_ends_inside_play_is_followed_by_the_offer_of_the_next_game() -> None:
    """The royal ends the game while `play` runs: Enter (done) and play offers fredag-2."""
    make_session()
    script = Script(["royal bo", "", "j", "q"])
    assert play_command(None, [], ask=script.ask, say=script.say) == 0
    assert any("Nästa parti vid samma bord, 'fredag-2'" in p for p in script.prompts)
    assert catalogue.get_current() == "fredag-2"


def test_the_next_game_in_play_may_seat_a_player_more_or_less() -> None:
    """'+Dag -Bo': Bo leaves, Dag sits after the last seat; a seated name is refused and
    the question asked again."""
    make_session(events=[Royal(1, "Bo")])
    script = Script(["+Anna", "+Dag -Bo", "q"])
    assert play_command(None, [], ask=script.ask, say=script.say) == 0
    assert "Anna sitter redan vid bordet" in script.text
    following = sessionfile.load_session(locations.session_path("fredag-2"))
    assert following.players == ("Anna", "Cilla", "Dag") and following.first_dealer == "Dag"
