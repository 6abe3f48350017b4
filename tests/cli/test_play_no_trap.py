"""`play` at the table leaves no trap (issue 26, item 8): a refused answer says that nothing
was recorded, as the command line says it; `u` names what it would take back and asks
first; `e N` refused for a later deal gives the way forward; `status` follows what another
terminal recorded or corrected."""

from __future__ import annotations

from pathlib import Path

import pytest

from chicago_protokoll.core.cards import Category
from chicago_protokoll.core.correct import CorrectionRefused, DealChanges
from chicago_protokoll.core.errors import ChicagoError
from chicago_protokoll.core.events import (
    BuyWinner,
    ChicagoDeclared,
    ChicagoWon,
    Claim,
    LastTrick,
    Showdown,
    Taking,
)
from chicago_protokoll.core.game import replay
from chicago_protokoll.core.rules import GameRules, HouseRules
from chicago_protokoll.core.session import Session, new_session
from chicago_protokoll.present.dialogue import Dialogue
from chicago_protokoll.store import catalogue, recording, sessionfile
from cli_support import ok, run, session_file
from play_support import Script

pytestmark = pytest.mark.usefixtures("english")



def play(path: Path, script: Script) -> Script:
    Dialogue(path, script.ask, script.say).run()
    return script


def recorded(path: Path) -> tuple[object, ...]:
    return sessionfile.load_session(path).events


# -- a refusal says nothing was recorded; u names what it takes back first ---------------


def test_a_refused_answer_in_play_says_nothing_was_recorded_as_the_command_line_does() -> None:
    """The audit's case, piped: `Zed:kåk` is refused with "nothing was recorded", and `u`
    after it names Anna's köp before anything is taken back; `q` is no yes."""
    ok("new", "fredag", "Anna", "Bo", "Cilla")
    result = run("play", input="Anna:pair\nZed:kåk\nu\nq\n")
    assert result.returncode == 0, result.stderr
    assert "'Zed' is not at this table; the players are Anna, Bo, Cilla; nothing was recorded" in result.stdout
    assert "Take back deal 1, köp 1: Anna: pair? (y = yes, Enter = no)" in result.stdout
    assert "Nothing was taken back." in result.stdout
    assert "Taken back" not in result.stdout
    assert recorded(session_file("fredag")) == (BuyWinner("Anna", Category.PAIR, buy=1, deal=1),)


def test_undo_in_play_names_what_it_takes_back_and_takes_it_back_on_a_yes() -> None:
    ok("new", "fredag", "Anna", "Bo", "Cilla")
    result = run("play", input="Anna:pair\nu\ny\nq\n")
    assert result.returncode == 0, result.stderr
    asked = result.stdout.index("Take back deal 1, köp 1: Anna: pair?")
    assert asked < result.stdout.index("Taken back: deal 1, köp 1: Anna: pair")
    assert recorded(session_file("fredag")) == ()


def test_undo_in_play_takes_nothing_back_at_the_end_of_the_input() -> None:
    ok("new", "fredag", "Anna", "Bo", "Cilla")
    script = play(session_file("fredag"), Script(["anna pair", "u"]))
    assert "Take back deal 1, köp 1: Anna: pair?" in script.prompts[-2]
    assert "Nothing was taken back." in script.text
    assert len(recorded(session_file("fredag"))) == 1


def test_undo_in_play_names_a_correction_it_would_take_back() -> None:
    ok("new", "fredag", "Anna", "Bo", "Cilla")
    ok("deal", "--buy", "Anna:pair", "--buy", "pass", "--last-trick", "Bo")
    ok("edit", "1", "--last-trick", "Cilla")
    script = play(session_file("fredag"), Script(["u", "y"]))
    assert "Take back deal 1 corrected" in script.prompts[1]
    assert sessionfile.load_session(session_file("fredag")).corrections == ()


def test_undo_in_play_refuses_when_another_terminal_changed_the_last_entry_meanwhile() -> None:
    """What was named is what goes, or nothing: a köp recorded elsewhere while the
    question was open is not taken back in its place."""
    ok("new", "fredag", "Anna", "Bo", "Cilla")
    path = session_file("fredag")
    elsewhere = lambda: ok("buy", "Bo:pair")  # noqa: E731 (the other terminal)
    script = play(path, Script(["anna pair", "u", "y"], meanwhile={2: elsewhere}))
    assert "the protocol changed while you answered" in script.text
    assert [event.player for event in recorded(path)] == ["Anna", "Bo"]  # type: ignore[attr-defined]


# -- e N: the way forward -----------------------------------------------------------------


ANNA_AT_20 = (
    BuyWinner("Anna", Category.FLUSH, buy=1, deal=1),
    BuyWinner("Anna", Category.FLUSH, buy=2, deal=1),
    LastTrick("Anna", deal=1),
    Showdown("Anna", Category.FLUSH, deal=1),
    BuyWinner(None, buy=1, deal=2),
    BuyWinner(None, buy=2, deal=2),
    ChicagoDeclared(2, "Anna"),
    ChicagoWon(2, "Anna"),
)


def anna_declared_at_20() -> Path:
    ok("new", "fredag", "Anna", "Bo", "Cilla")
    path = session_file("fredag")
    sessionfile.transact(path, _with)
    return path


def _with(session: Session) -> Session:
    for event in ANNA_AT_20:
        session = session.with_event(event)
    return session


def test_a_correction_in_play_that_breaks_a_later_deal_names_the_deal_to_correct_first() -> None:
    path = anna_declared_at_20()
    before = path.read_bytes()
    script = play(path, Script(["e 1", "köp 1", "", "köp 2", "", "showdown", "", "", "y"]))
    assert "after this correction deal 2 breaks a rule" in script.text
    assert "correct deal 2 first, so that it holds after this correction too, then correct deal 1" in script.text
    assert path.read_bytes() == before


def test_the_way_forward_a_correction_refusal_gives_leads_to_the_correction() -> None:
    """Deal 2 first (no Chicago), then deal 1: both corrections are taken."""
    path = anna_declared_at_20()
    pass_out = DealChanges(buys=(Claim(None), Claim(None)), showdown=Claim(None))
    with pytest.raises(ChicagoError, match="correct deal 2 first") as refused:
        recording.correct(path, 1, pass_out)
    assert "nothing was changed" in str(refused.value)
    recording.correct(path, 2, DealChanges(no_chicago=True, last_trick=Taking("Bo")))
    recording.correct(path, 1, pass_out)
    game = replay(sessionfile.load_session(path))
    assert game.scores == [5, 5, 0]  # deal 1 keeps Anna's last trick; deal 2 gives Bo his


def test_a_correction_that_ends_the_game_before_later_deals_says_to_take_them_back_first() -> None:
    """Played to 12: deal 1 corrected to Bo's four of a kind at the showdown gives Bo 12,
    so deal 2 could not have been played; the way forward is to take it back first."""
    session = new_session(
        ("Anna", "Bo", "Cilla"), HouseRules(game=GameRules(target=12)), dealer="Anna", name="fredag"
    )
    catalogue.create_current("fredag", session)
    ok("deal", "--buy", "Anna:pair", "--buy", "pass", "--last-trick", "Bo")
    ok("deal", "--buy", "Anna:pair", "--buy", "pass", "--last-trick", "Bo")
    with pytest.raises(CorrectionRefused) as refused:
        correct_deal_only(session_file("fredag"), 1, DealChanges(showdown=Claim("Bo", Category.FOUR_OF_A_KIND)))
    assert refused.value.deal == 2 and refused.value.corrected == 1
    assert "if deal 1 did end the game, take back the deals after it first" in str(refused.value)


def correct_deal_only(path: Path, deal: int, changes: DealChanges) -> None:
    """The core's correction, as `recording.correct` makes it (before its own wording)."""
    from chicago_protokoll.core.correct import edit_deal

    edit_deal(sessionfile.load_session(path), deal, changes, at="2026-12-02T12:00:00+00:00")


# -- status follows another terminal -------------------------------------------------------


def test_status_in_play_follows_an_edit_made_from_another_terminal() -> None:
    """The first `status` after an outside `edit` shows the corrected totals."""
    ok("new", "fredag", "Anna", "Bo", "Cilla")
    ok("deal", "--buy", "Anna:pair", "--buy", "pass", "--last-trick", "Bo")
    path = session_file("fredag")
    elsewhere = lambda: ok("edit", "1", "--last-trick", "Cilla")  # noqa: E731
    script = play(path, Script(["status"], meanwhile={0: elsewhere}))
    shown = [line.split()[:2] for line in script.text.splitlines()[-8:]]
    assert ["Cilla", "5"] in shown and ["Bo", "0"] in shown, script.text
