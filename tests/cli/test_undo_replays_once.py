"""`undo` replays the session once (issue 41, "Speed holds"): the replay that checks the
whole file adds up gives, on the way, the standings once the last events are taken back,
and they are what a fresh replay of the saved file shows.  A file whose last event breaks
a rule is still refused, never trimmed."""

from __future__ import annotations

from pathlib import Path

import pytest

from chicago_protokoll.core.game import Game, replay
from chicago_protokoll.core.session import Session
from chicago_protokoll.present.views import plain_standings
from chicago_protokoll.store.sessionfile import load_session
from cli_support import SEED_000_DEAL, ok, refused, session_file

PLAYERS = ("Anna", "Bo", "Cilla")


def replays(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Every game replayed from now on, by the number of events its session holds."""
    made: list[int] = []
    original = Game.__init__

    def counted(self: Game, session: Session) -> None:
        made.append(len(session.events))
        original(self, session)

    monkeypatch.setattr(Game, "__init__", counted)
    return made


def two_deals_and_a_buy() -> Path:
    ok("new", "fredag", *PLAYERS, "--dealer", "Cilla")
    ok(*SEED_000_DEAL)
    ok(*SEED_000_DEAL)
    ok("buy", "Bo:pair")
    return session_file("fredag")


@pytest.mark.parametrize("args", [("undo",), ("undo", "--deal")])
def test_undo_replays_the_session_once_and_shows_the_standings_of_the_saved_file(
    monkeypatch: pytest.MonkeyPatch, args: tuple[str, ...]
) -> None:
    path = two_deals_and_a_buy()
    made = replays(monkeypatch)
    shown = ok(*args)
    assert made == [9]  # the file as found, all of it, once (it was two replays)
    saved = load_session(path)
    assert len(saved.events) == 8
    assert shown.endswith(plain_standings(replay(saved).standings(), "fredag") + "\n")


def test_undo_of_a_file_whose_last_event_breaks_a_rule_is_refused_not_trimmed() -> None:
    path = two_deals_and_a_buy()
    text = path.read_text("utf-8")
    at = text.rindex("deal = 3")  # the last event, the köp, moved into a finished deal
    damaged = text[:at] + "deal = 1" + text[at + len("deal = 3") :]
    path.write_text(damaged, "utf-8")
    assert "does not add up: event 9 (deal 1) breaks a rule" in refused("undo")
    assert path.read_text("utf-8") == damaged
