"""A note, on any deal, never blocks a correction (cli.md, "Added in the fifth round"): a
note changes no total, so notes inserted anywhere in a recorded game change no
correction's outcome, the same totals and record or the same refusal."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_correct import AT, named_changes

from chicago_protokoll.core.correct import DealChanges, edit_deal
from chicago_protokoll.core.errors import ChicagoError
from chicago_protokoll.core.events import Note
from chicago_protokoll.core.game import replay
from chicago_protokoll.core.session import Session

INSERTED = "inserted note"


@st.composite
def with_notes(draw: st.DrawFn) -> tuple[Session, Session, int, DealChanges]:
    """A random legal game, a correction `chicago edit` could name, and the same game with
    one to four notes inserted at any places, each on a deal it could be written on there
    (the deal of something recorded before it; before anything, deal 1).  Half of them
    go among the corrected deal's own events, where a note was seen to block."""
    session, deal, changes = draw(named_changes())
    events = list(session.events)
    for number in range(draw(st.integers(1, 4))):
        places = [i for i, event in enumerate(events) if event.deal == deal]
        if len(places) > 1 and draw(st.booleans()):
            at = draw(st.integers(places[0] + 1, places[-1]))
        else:
            at = draw(st.integers(0, len(events)))
        deals = sorted({event.deal for event in events[:at]}) or [1]
        on = draw(st.sampled_from(deals))
        events.insert(at, Note(on, f"{INSERTED} {number}"))
    return session, replace(session, events=tuple(events)), deal, changes


def _outcome(session: Session, deal: int, changes: DealChanges) -> tuple[object, ...]:
    """What `chicago edit` makes of it: the refusal, said; or the totals deal by deal, the
    end, the corrected record's other events in their order (ids aside: they are drawn
    fresh) and the game's own notes, each on its deal (where a note stands among a deal's
    events says nothing)."""
    try:
        corrected, game = edit_deal(session, deal, changes, at=AT)
    except ChicagoError as refusal:
        return ("refused", type(refusal).__name__, str(refusal))
    played = tuple(replace(e, id="") for e in corrected.events if not isinstance(e, Note))
    notes = sorted(
        (e.deal, e.text) for e in corrected.events if isinstance(e, Note) and INSERTED not in e.text
    )
    totals = tuple((record.number, record.totals, record.complete) for record in game.deals)
    return ("corrected", totals, tuple(game.scores), game.finished, game.winners, played, notes)


@settings(
    max_examples=120,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(with_notes())
def test_notes_inserted_anywhere_change_no_corrections_outcome(
    drawn: tuple[Session, Session, int, DealChanges],
) -> None:
    session, noted, deal, changes = drawn
    if not deal:  # no deal finished yet: nothing to correct
        return
    replay(noted)  # the notes are where they could have been written
    assert _outcome(noted, deal, changes) == _outcome(session, deal, changes)
