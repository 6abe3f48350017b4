"""Every entry has an identity (shared/docs/cli.md, "Every entry has an identity").

Every event and every correction in a record has an ``id``: text, unique within the
file, never reused.  What this release records gets 16 hex digits of the operating
system's randomness (64 bits: two phones and a terminal never draw the same); a writer
may bring its own (a phone's entry ``ENTRY-1``, ``ENTRY-2``...: `entry_ids`).  A file of
an earlier release has no ids: each event and correction gets one derived from its
position and content (`derive_missing`), the same at every load, and the first save
writes them, so later edits never change them.  `undo` keeps what it took back in the
session's ``taken_back`` (`take_back`): an id there is never recorded again.

Why ids rather than counts: a count cannot tell "the entry I sent" from "an entry
like it", nor "the record I saw" from "a record as long".  The id makes a resent write
idempotent, a stale page detectable and two copies of one log mergeable.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from dataclasses import replace

from .events import Correction, Event, TakenBack, event_to_dict
from .session import Session

#: Random bytes in a new id: 64 bits, written as 16 hex digits.
ID_BYTES = 8


def new_id(used: Iterable[str] = ()) -> str:
    """A fresh random id, none of ``used`` (a draw of 64 bits repeats practically never,
    but "never reused" is a promise, so it is checked)."""
    taken = set(used)
    while True:
        # os.urandom, not `secrets`: the same source, without secrets' imports on every
        # command's start (docs/latency.md).
        candidate = os.urandom(ID_BYTES).hex()
        if candidate not in taken:
            return candidate


def entry_ids(entry: str, count: int) -> tuple[str, ...]:
    """The ids of the ``count`` events one entry of a recording page makes, in their
    order: ``ENTRY-1``, ``ENTRY-2``, ..."""
    return tuple(f"{entry}-{number}" for number in range(1, count + 1))


def entry_of(event_id: str) -> str:
    """The entry an event id of a recording page belongs to (``ENTRY`` of ``ENTRY-2``);
    an id without a number is its own entry."""
    head, dash, number = event_id.rpartition("-")
    return head if dash and number.isdigit() else event_id


def used_ids(session: Session) -> set[str]:
    """Every id the session holds or held: its events', its corrections' (and the events
    each kept before and after), and those taken back."""
    used = {event.id for event in session.events}
    for correction in session.corrections:
        used.add(correction.id)
        used.update(event.id for event in (*correction.before, *correction.after))
    used.update(taken.id for taken in session.taken_back)
    used.discard("")
    return used


def identify(events: Sequence[Event], used: set[str]) -> tuple[Event, ...]:
    """``events`` with a fresh id on each that has none; ``used`` grows by every id they
    end with, so the next call draws none of them either."""
    identified: list[Event] = []
    for event in events:
        with_id = event if event.id else replace(event, id=new_id(used))
        used.add(with_id.id)
        identified.append(with_id)
    return tuple(identified)


def identified(session: Session) -> Session:
    """The session with an id on every event and correction that has none (one a library
    user built, or events appended without one): what is saved always has ids."""
    used = used_ids(session)
    events = identify(session.events, used)
    corrections: list[Correction] = []
    for correction in session.corrections:
        correction_id = correction.id or new_id(used)
        used.add(correction_id)
        corrections.append(
            replace(
                correction,
                before=identify(correction.before, used),
                after=identify(correction.after, used),
                id=correction_id,
            )
        )
    return replace(session, events=events, corrections=tuple(corrections))


def derived_id(where: str, content: object) -> str:
    """An id for an entry of a file written before ids: 64 bits of a hash of where it
    stands and what it holds, so the same file gives the same ids at every load."""
    import hashlib  # only for files of earlier releases: not on every command's start

    text = f"{where}\n{content!r}"
    return hashlib.blake2b(text.encode("utf-8"), digest_size=ID_BYTES).hexdigest()


def _content(event: Event) -> list[tuple[str, object]]:
    return sorted((key, value) for key, value in event_to_dict(event).items() if key != "id")


def derive_event_ids(events: Sequence[Event], where: str = "event") -> tuple[Event, ...]:
    """``events`` (read from a file) with a derived id on each that has none: from its
    position (1, 2, ...) and content."""
    return tuple(
        event
        if event.id
        else replace(event, id=derived_id(f"{where} {number}", _content(event)))
        for number, event in enumerate(events, start=1)
    )


def derive_correction_ids(
    corrections: Sequence[Correction],
) -> tuple[Correction, ...]:
    """Corrections read from a file, each with a derived id where it has none, and so
    the events it kept before and after."""
    derived: list[Correction] = []
    for number, correction in enumerate(corrections, start=1):
        where = f"correction {number}"
        before = derive_event_ids(correction.before, f"{where} before")
        after = derive_event_ids(correction.after, f"{where} after")
        content = (
            correction.deal,
            correction.at,
            [_content(event) for event in before],
            [_content(event) for event in after],
        )
        derived.append(
            replace(
                correction,
                before=before,
                after=after,
                id=correction.id or derived_id(where, content),
            )
        )
    return tuple(derived)


def last_event_after(events: Sequence[Event], recorded: int) -> str:
    """What a correction of an earlier release's file followed: it held how many events
    the record had right after it (``recorded``); the id of that last one, or ``""``
    when the record has been cut below it since (then the correction is no longer the
    last thing done, as the count said)."""
    return events[recorded - 1].id if 1 <= recorded <= len(events) else ""


def take_back(session: Session, ids: Iterable[str], at: str) -> Session:
    """The session with ``ids`` kept as taken back at ``at``: never recorded again."""
    kept = {taken.id for taken in session.taken_back}
    added = tuple(TakenBack(id=i, at=at) for i in dict.fromkeys(ids) if i and i not in kept)
    return replace(session, taken_back=(*session.taken_back, *added))


def taken_back(session: Session, entry_id: str) -> TakenBack | None:
    """When ``entry_id`` (an event's, or an entry's whose events are ``ENTRY-N``) was taken
    back, or None."""
    for taken in session.taken_back:
        if taken.id == entry_id or entry_of(taken.id) == entry_id:
            return taken
    return None


def last_event(session: Session) -> str | None:
    """The id of the record's last event; None before the first."""
    return session.events[-1].id if session.events else None


def last_correction(session: Session) -> str | None:
    """The id of the last correction; None when nothing was ever corrected."""
    return session.corrections[-1].id if session.corrections else None
