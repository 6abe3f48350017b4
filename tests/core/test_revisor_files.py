"""Session files with the revisor's entries: format 3 exactly when a file holds a penalty, a
forfeit or a note (older files stay as they were), and saved, they load back identically."""

from __future__ import annotations

import tomllib
from dataclasses import replace

from hypothesis import given
from test_replay_properties import FAST, games

from chicago_protokoll.core.events import Event, Forfeit, Note, Penalty, RevisorEvent
from chicago_protokoll.core.game import Game, replay
from chicago_protokoll.core.session import new_session
from chicago_protokoll.store import fileformat, tomlsubset


@FAST
@given(games())
def test_a_saved_session_loads_back_identically_and_is_format_3_only_with_revisor_entries(
    played: tuple[Game, list[Event]],
) -> None:
    game, events = played
    session = replace(game.session, events=tuple(events), name="fredag")
    text = fileformat.dumps_session(session)
    loaded = fileformat.loads_session(text, "fredag.toml")
    assert loaded == session
    assert replay(loaded).standings() == game.standings()
    assert tomlsubset.loads(text) == tomllib.loads(text)
    uses = any(isinstance(event, RevisorEvent) for event in events)
    # The rules alone may need a later format (scoring.take_from_opponent: 4), and so may
    # an event's opponent, which only a table playing that key records.
    expected = max(3 if uses else 1, fileformat.file_version(replace(session, events=())))
    assert fileformat.file_version(session) == expected


def test_reasons_and_notes_of_any_text_survive_the_file() -> None:
    """Quotes, backslashes, Swedish letters and a TOML-looking text are only text."""
    session = new_session(("Anna", "Bo"), name="fredag")
    events: tuple[Event, ...] = (
        Penalty(1, "Anna", 3, 'sa "kåk" \\ men hade triss'),
        Note(1, "[[events]] type = \"royal\""),
        Forfeit(1, "Bo", "lämnade bordet # tidigt"),
    )
    session = replace(session, events=events)
    text = fileformat.dumps_session(session)
    assert f"version = {fileformat.IDS_VERSION}\n" in text
    assert fileformat.loads_session(text, "fredag.toml") == session
