"""A recording page's writes by identity (cli.md, "Every entry has an identity").

Every button of one drawn question carries the same entry id (`new_entry`, made when the
page is drawn, so a resent form carries it again); the events the entry makes are
recorded with the ids ``ENTRY-1``, ``ENTRY-2``, ... (`core.ids.entry_ids`).  Under the
lock, before anything is built (`once`):

- the entry already in the file with the same content: `AlreadySaved` (200, "already
  saved", nothing more recorded); with other content: `Conflict` (409) naming both;
- the entry taken back: `Conflict`, "taken back at HH:MM".

Only then is the page's view of the file checked (`recorder.Seen`): a resend whose first
answer was lost must be told it is saved, not that the page is stale.  Modelled on
QBSheet's QBTCP: idempotent on id and content, never resolved automatically.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from datetime import datetime

from ..core import ids
from ..core.errors import ChicagoError
from ..core.events import Event, TakenBack
from ..core.game import Game, replay
from ..core.session import Session
from ..i18n.language import Msg, t
from ..present.narrate import describe_event

# The longest entry id a form may bring: ours are 16 hex digits; the file's ids hold 64.
ENTRY_LIMIT = 40


class Conflict(ChicagoError):
    """The entry id was saved with other content, or taken back: 409, nothing recorded;
    the page shows the file as it is now, and the sentence both versions."""


class AlreadySaved(Exception):
    """The entry is in the file with this content: nothing more is recorded (200)."""

    def __init__(self, events: Sequence[Event]) -> None:
        super().__init__("already saved")
        self.events = tuple(events)

    def lines(self) -> tuple[str, ...]:
        """What the page says: "Already saved: ..." for each of the entry's events."""
        return tuple(t("Already saved: ") + describe_event(event) for event in self.events)


class AlreadyTakenBack(Exception):
    """A resent Undo: what it takes back is taken back already (200), nothing more is."""

    def __init__(self, taken: TakenBack) -> None:
        super().__init__("already taken back")
        self.taken = taken

    def line(self) -> str:
        """What the page says: "Already taken back at HH:MM; nothing more was taken back"."""
        return t(
            "Already taken back at {time}; nothing more was taken back",
            time=clock(self.taken.at),
        )


def new_entry() -> str:
    """A fresh entry id for a drawn question."""
    return ids.new_id()


def entry_of_form(form: Mapping[str, str]) -> str | None:
    """The form's entry id, or None when it has none fit to be one (a page drawn by an
    earlier release, or a form not ours)."""
    entry = form.get("entry", "")
    if not 1 <= len(entry) <= ENTRY_LIMIT or not entry.isascii():
        return None
    if not all(char.isalnum() or char in "-_" for char in entry):
        return None
    return entry


def saved(session: Session, entry: str) -> tuple[int, tuple[Event, ...]]:
    """Where the entry's events stand in the record (the index of the first) and which
    they are; (-1, ()) when none is there."""
    found = [
        (index, event)
        for index, event in enumerate(session.events)
        if ids.entry_of(event.id) == entry and event.id != entry
    ]
    if not found:
        return -1, ()
    return found[0][0], tuple(event for _, event in found)


def clock(at: str) -> str:
    """A stored time (ISO 8601 with offset) as the keeper's clock shows it: HH:MM."""
    try:
        return datetime.fromisoformat(at).astimezone().strftime("%H:%M")
    except ValueError:
        return at


def once(session: Session, entry: str, build: Callable[[Game], Sequence[Event]]) -> None:
    """Refuse or answer a write whose entry the file already knows: `AlreadySaved` when its
    events are what ``build`` makes of the game as it stood before them, `Conflict` when
    they differ or when the entry was taken back.  Returns when the entry is new."""
    taken = ids.taken_back(session, entry)
    if taken is not None:
        raise Conflict(
            Msg(
                "this entry was taken back at {time}; nothing was recorded",
                time=clock(taken.at),
            )
        )
    index, events = saved(session, entry)
    if not events:
        return
    before = replay(replace(session, events=session.events[:index]))
    try:
        again: tuple[Event, ...] | None = tuple(build(before))
    except ChicagoError:
        again = None
    if again == events:
        raise AlreadySaved(events)
    was = "; ".join(describe_event(event) for event in events)
    tapped = "; ".join(describe_event(event) for event in again) if again else "—"
    raise Conflict(
        Msg(
            "{saved} was saved for this question; you tapped {tapped}; nothing more was recorded",
            saved=was,
            tapped=tapped,
        )
    )


def with_ids(events: Sequence[Event], entry: str) -> list[Event]:
    """The entry's events with their ids: ``ENTRY-1``, ``ENTRY-2``, ... in their order."""
    return [
        replace(event, id=event_id)
        for event, event_id in zip(events, ids.entry_ids(entry, len(events)), strict=True)
    ]
