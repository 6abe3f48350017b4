"""What is typed at the table means the same in the commands and in `chicago play`.

Both read it through `core.entry`, and the engine decides every rule once.  Each
case here once had two answers, one per front end (issue 8); each is now checked
through both.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from test_play import Script, make_session, play, spawn, status_json

from chicago_protokoll.cli.play_loop import play_command
from chicago_protokoll.core.cards import Category
from chicago_protokoll.core.events import BuyWinner, Event, Exchange, Royal
from chicago_protokoll.i18n.language import set_language
from chicago_protokoll.store import locations, sessionfile
from cli_support import invoke, ok, refused, status, usage_error

PLAYERS = ("Anna", "Bo", "Cilla")


def _events(name: str = "fredag") -> tuple[Event, ...]:
    return sessionfile.load_session(locations.session_path(name)).events


@pytest.fixture
def swedish() -> Iterator[None]:
    """`play`'s dialogue in Swedish, as at the table; the switch is reset after."""
    set_language("sv")
    yield
    set_language(None)


# -- a second exchange in the same scored köp ------------------------------------------


def test_a_second_exchange_in_kop_1_is_already_recorded_in_the_command() -> None:
    """`chicago exchange Anna 2` twice in köp 1: "already recorded", nothing written."""
    ok("new", "fredag", *PLAYERS)
    ok("exchange", "Anna", "2")
    before = locations.session_path("fredag").read_bytes()
    assert "Anna's exchange in köp 1 is already recorded" in refused("exchange", "Anna", "1")
    assert locations.session_path("fredag").read_bytes() == before


@pytest.mark.usefixtures("swedish")
def test_a_second_exchange_in_kop_1_is_already_recorded_in_play() -> None:
    """`x anna 2` twice at köp 1 in `play`: the same refusal, not "köp 2 is not reached yet"."""
    path = make_session(PLAYERS)
    script, _ = play(path, ["x anna 2", "x anna 1"])
    assert "bytet för Anna i köp 1 är redan fört" in script.text
    assert "har inte kommit än" not in script.text
    assert sessionfile.load_session(path).events == (Exchange(1, "Anna", 1, 2),)


def test_a_second_exchange_in_kop_1_through_a_real_terminal() -> None:
    """The same through `chicago play` in a pty."""
    child = spawn("fredag", *PLAYERS)
    child.expect_exact("Giv 1, köp 1: bästa hand?")
    child.sendline("x anna 2")
    child.expect_exact("Sparat: giv 1")
    child.sendline("x anna 1")
    child.expect_exact("bytet för Anna i köp 1 är redan fört")
    child.sendline("q")
    child.expect(pytest.importorskip("pexpect").EOF)
    child.close()
    assert child.exitstatus == 0


# -- --rules beside --preset -----------------------------------------------------------


@pytest.mark.parametrize("command", ["new", "play"])
def test_rules_and_preset_together_are_a_usage_error_in_both_languages(
    command: str, tmp_path: Path
) -> None:
    """`new` and `play` alike: exit 2 with a usage line, in the language asked for; no session."""
    rules = tmp_path / "regler.toml"
    rules.write_text("[game]\ntarget = 51\n", encoding="utf-8")
    args = (command, "fredag", *PLAYERS, "--rules", str(rules), "--preset", "tournament")
    english = usage_error(*args)
    assert "Invalid value for --rules: the house rules come from a rules file or from a preset" in english
    assert f"Usage: chicago {command} " in english
    swedish = usage_error("--lang", "sv", *args)
    assert "husreglerna kommer från en regelfil eller från en förinställning, inte båda" in swedish
    assert not locations.session_path("fredag").exists()


# -- a hand that wins the game, in a köp -----------------------------------------------


def test_a_royal_in_a_deal_buy_ends_the_deal_and_the_game_without_a_last_trick() -> None:
    """`deal --buy Bo:pair --buy Cilla:royal` is the game for Cilla, as `buy Cilla:royal` is."""
    ok("new", "fredag", *PLAYERS)
    ok("deal", "--buy", "Bo:pair", "--buy", "Cilla:royal")
    after = status()
    assert after["finished"] and after["winners"] == ["Cilla"]
    assert {p["name"]: p["score"] for p in after["players"]} == {"Anna": 0, "Bo": 1, "Cilla": 52}


def test_a_royal_as_a_single_buy_ends_the_game_the_same_way() -> None:
    """The single-moment command gives the same file as the whole deal."""
    ok("new", "fredag", *PLAYERS)
    ok("deal", "--buy", "Bo:pair", "--buy", "Cilla:royal")
    whole = _events()
    ok("new", "lordag", *PLAYERS)
    ok("buy", "Bo:pair")
    ok("buy", "Cilla:royal")
    assert _events("lordag") == whole


@pytest.mark.usefixtures("swedish")
def test_a_royal_in_play_ends_the_game_at_that_kop() -> None:
    """In `play`, "cilla royal" at köp 2 ends the game; no trick is asked for."""
    path = make_session(PLAYERS)
    script, code = play(path, ["bo par", "cilla royal", ""])
    assert code == 0
    assert "Vinnare: Cilla" in script.text
    assert "sista sticket" not in script.text
    assert sessionfile.load_session(path).events[-1] == BuyWinner(
        "Cilla", Category.ROYAL_STRAIGHT_FLUSH, buy=2, deal=1
    )


def test_a_winning_straight_flush_in_a_deal_buy_ends_the_game(tmp_path: Path) -> None:
    """With `straight_flush = "win"` a straight flush in köp 1 wins, as a royal does."""
    rules = tmp_path / "win.toml"
    rules.write_text('[hands]\nstraight_flush = "win"\n', encoding="utf-8")
    ok("new", "fredag", *PLAYERS, "--rules", str(rules))
    ok("deal", "--buy", "Anna:färgstege")
    after = status()
    assert after["finished"] and after["winners"] == ["Anna"]


def test_nothing_is_recorded_after_a_hand_that_won_the_game() -> None:
    """A last trick given after a royal in köp 1 is refused: the game ended; nothing written."""
    ok("new", "fredag", *PLAYERS)
    before = locations.session_path("fredag").read_bytes()
    line = refused("deal", "--buy", "Cilla:royal", "--last-trick", "Anna")
    assert "Cilla's hand in köp 1 wins the game (hands.royal_straight_flush)" in line
    assert "the deal ends there" in line and "nothing was recorded" in line
    assert locations.session_path("fredag").read_bytes() == before


def test_a_refusal_never_advises_undo_that_would_delete_a_correct_event() -> None:
    """Bo's royal shown in köp 2 with a last trick: refused as the deal ending with the
    royal, not as "the game is over … `chicago undo`", which would take back a correct
    event of the deal before (nothing of this entry was recorded)."""
    ok("new", "fredag", *PLAYERS)
    ok("deal", "--buy", "Anna:par", "--last-trick", "Bo", "--showdown", "Cilla:par")
    before = locations.session_path("fredag").read_bytes()
    line = refused("deal", "--buy", "Anna:par", "--buy", "Bo:T♥ J♥ Q♥ K♥ A♥", "--last-trick", "Anna")
    assert "Bo's hand in köp 2 wins the game" in line and "undo" not in line
    assert locations.session_path("fredag").read_bytes() == before
    swedish = refused("--lang", "sv", "deal", "--buy", "Anna:par", "--buy", "Bo:royal",
                      "--showdown", "Anna:par")
    assert "Bos hand i köp 2 vinner partiet" in swedish and "undo" not in swedish
    ok("deal", "--buy", "Anna:par", "--buy", "Bo:T♥ J♥ Q♥ K♥ A♥")
    over = refused("deal", "--buy", "pass")
    assert "the game is over (Bo won)" in over and "undo" not in over
    assert "`chicago again` starts the next game" in over


def test_a_royal_with_a_last_trick_in_one_entry_is_a_usage_error_not_silently_dropped() -> None:
    ok("new", "fredag", *PLAYERS)
    result = invoke("deal", "--royal", "Bo", "--last-trick", "Anna")
    assert result.exit_code == 2 and "--royal" in result.stderr
    assert "royal straight flush wins the game at once" in result.stderr
    assert status()["deal"] == 1 and not status()["finished"]


def test_an_ordinary_deal_still_needs_its_last_trick() -> None:
    """Without a Chicago or a winning hand, a whole deal without --last-trick is refused."""
    ok("new", "fredag", *PLAYERS)
    assert "needs its last trick" in refused("deal", "--buy", "Anna:pair")
    assert _events() == ()


# -- one scoring moment, one result ------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        ("--last-trick", "Anna", "--last-trick", "Bo"),
        ("--chicago", "Anna", "--chicago", "Bo"),
        ("--chicago", "Anna", "--broken-by", "Bo", "--broken-by", "Cilla"),
        ("--last-trick", "Anna", "--showdown", "Bo:pair", "--showdown", "Cilla:pair"),
        ("--royal", "Anna", "--royal", "Bo"),
    ],
    ids=["last-trick", "chicago", "broken-by", "showdown", "royal"],
)
def test_an_option_of_one_result_given_twice_is_refused_as_usage(args: tuple[str, ...]) -> None:
    """Exit 2, the option named, nothing recorded: not "the last one wins"."""
    ok("new", "fredag", *PLAYERS)
    before = locations.session_path("fredag").read_bytes()
    message = usage_error("deal", *args)
    assert f"Invalid value for {args[-2]}: 2 answers to who " in message
    assert f"({args[-3]}, {args[-1]}); a scoring moment has one result" in message
    assert locations.session_path("fredag").read_bytes() == before


def test_with_two_beside_chicago_is_refused_as_usage() -> None:
    """A Chicago deal has no last trick to win with a two: exit 2, nothing recorded."""
    ok("new", "fredag", *PLAYERS)
    assert "Invalid value for --with-two: a Chicago deal has no last trick" in usage_error(
        "deal", "--chicago", "Anna", "--with-two"
    )
    assert _events() == ()


def test_status_json_after_a_royal_in_play_through_a_real_terminal() -> None:
    """In a pty: a royal said at köp 1 ends the game, and `status --json` says who won."""
    child = spawn("fredag", *PLAYERS)
    child.expect_exact("Giv 1, köp 1: bästa hand?")
    child.sendline("bo royal")
    child.expect_exact("Vinnare: Bo")
    child.sendline("")  # done: play offers the next game at the table
    child.expect_exact("Nästa parti vid samma bord")
    child.sendline("")  # no
    child.expect(pytest.importorskip("pexpect").EOF)
    child.close()
    assert child.exitstatus == 0
    final = status_json()
    assert final["finished"] and final["winners"] == ["Bo"]
    assert invoke("deal", "--last-trick", "Anna").exit_code == 1


def test_with_two_on_a_chicagos_outcome_is_refused_as_usage() -> None:
    """`tricks P --with-two` after a declaration: no last trick to win with a two; exit 2."""
    ok("new", "fredag", *PLAYERS)
    for _ in range(2):
        ok("deal", "--buy", "Anna:kåk", "--buy", "Anna:kåk", "--last-trick", "Anna")
    ok("buy", "pass")
    ok("buy", "pass")
    ok("declare", "Anna")
    before = locations.session_path("fredag").read_bytes()
    message = usage_error("tricks", "Anna", "--with-two")
    assert "Usage: chicago tricks " in message
    assert "Invalid value for --with-two: a two wins the last trick, and after a Chicago" in message
    assert locations.session_path("fredag").read_bytes() == before


# -- a stake with a decimal comma --------------------------------------------------------


@pytest.mark.usefixtures("swedish")
def test_a_stake_of_0_comma_5_settles_alike_in_settle_and_play() -> None:
    """`0,5` is half a krona per point in `settle` and in `play`'s settlement at the end."""
    path = make_session(PLAYERS, events=[Royal(1, "Bo")])
    settled = invoke("--lang", "sv", "settle", "--stake", "0,5")
    assert settled.exit_code == 0, settled.output
    assert "insats 0,5 per poäng" in settled.stdout
    rows = [line.split() for line in settled.stdout.splitlines()]
    assert ["Anna", "Bo", "26"] in rows and ["Cilla", "Bo", "26"] in rows
    set_language("sv")
    script = Script([])
    assert play_command(None, [], stake="0,5", ask=script.ask, say=script.say) == 0
    assert "Betalning (0,5 per poäng):" in script.text
    assert "Anna betalar Bo 26" in script.text and "Cilla betalar Bo 26" in script.text
    assert sessionfile.load_session(path).events == (Royal(1, "Bo"),)
