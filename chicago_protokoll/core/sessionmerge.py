"""A session merged three-way by event id (shared/docs/cli.md, "A club folder on many
machines"): what two machines recorded from one common file, as one record that replays
under the file's house rules, or a `MergeConflict` for a person.

- An event of BASE that one side removed (undone, or replaced by a correction) is removed;
  an id in either side's taken-back list never comes back.
- Each side's new events keep their place after the event that preceded them in that
  side's file; where both sides added after the same event, the run whose deal comes
  first goes first, and within one deal the one whose first new event has the smaller id
  (`logmerge.merge_log`).  Corrections merge the same way.
- A deal played on both sides is a conflict, unless both recorded the same moments (then
  it is kept once: the side whose first new event has the smaller id).  A penalty, a
  forfeit or a note is no moment of the deal: each side's is kept.  Every deal that
  differs is named in the one conflict, with both sides' moments (`MergeConflict.sides`).
- The same correction made on both sides (the same deal, the same moments before and
  after, the same reason; its id and time are each machine's own) is one correction:
  the one whose moments the merged record holds, else the one with the smaller id.
- Two different games created under one name (no common BASE, another ``created``) are a
  conflict naming both, except a night's table: two files of one table of one night (the
  name says the night, its round or stage and game, and the table; both hold the same
  seats, first dealer and house rules) are one game, each machine's draw of it, and
  merge against that table's empty game with the earlier ``created`` (`_one_table`).
- The result is replayed: a rule it breaks is a conflict naming the deal and the rule.

Nothing here depends on which side is called ours: every choice is made by what the
sides hold, so ``merge_sessions(B, x, y)`` and ``merge_sessions(B, y, x)`` are equal, and
so are the files written from them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any, TypeVar

from ..i18n.language import Msg
from .errors import ChicagoError, RuleViolation
from .events import Correction, Event, PlayEvent, TakenBack
from .game import Game
from .logmerge import MergeConflict, merge_log
from .night import night_of_session
from .session import Session

_HEAD = ("name", "created", "players", "first_dealer", "rules")
Entry = TypeVar("Entry", Event, Correction)


def merge_sessions(base: Session | None, ours: Session, theirs: Session, *, name: str) -> Session:
    """The record both sides lead to from ``base`` (None: the file is new on both sides).
    ``name`` is the session's, for the conflicts' words."""
    if base is None:
        base = _common_start(ours, theirs, name)
        # A night's table drawn on both machines: both sides stand on the one start.
        ours, theirs = (replace(side, created=base.created) for side in (ours, theirs))
    head: dict[str, Any] = {field: _three_way(field, base, ours, theirs, name) for field in _HEAD}
    taken = _taken_back(base, ours, theirs)
    gone = {entry.id for entry in taken}
    twice = _played_on_both(base, ours, theirs, gone)
    events = merge_log(
        base.events,
        ours.events,
        theirs.events,
        ident=_event_id,
        order=_deal,
        dropped=gone | twice,
        changed=lambda one, _other: Msg(
            "an event of deal {deal} holds different moments under one id on the two sides",
            deal=one.deal,
        ),
    )
    corrections = merge_log(
        base.corrections,
        ours.corrections,
        theirs.corrections,
        ident=_correction_id,
        order=_correction_deal,
        dropped=gone | _same_corrections(base, ours, theirs, {event.id for event in events}),
        changed=lambda one, _other: Msg(
            "a correction of deal {deal} differs under one id on the two sides", deal=one.deal
        ),
    )
    merged = replace(
        ours,
        events=tuple(events),
        corrections=tuple(corrections),
        taken_back=taken,
        **head,
    )
    _replays(merged, name, ours, theirs)
    return merged


def _event_id(event: Event) -> str:
    return event.id


def _deal(event: Event) -> int:
    return event.deal


def _correction_id(correction: Correction) -> str:
    return correction.id


def _correction_deal(correction: Correction) -> int:
    return correction.deal


def _common_start(ours: Session, theirs: Session, name: str) -> Session:
    """BASE for a file that is new on both sides: one game copied to both (the same
    ``created``), with what both hold alike at the start; two games that only share a
    name are never merged (but one table of a night drawn on two machines: `_one_table`)."""
    table = _one_table(ours, theirs, name)
    if table is not None:
        return table
    if not ours.created or any(getattr(ours, f) != getattr(theirs, f) for f in _HEAD):
        raise MergeConflict(
            Msg(
                "two different games were created under the name {name}: one started at {ours}, the other at {theirs}; `chicago club keep {name} --both` keeps both, the later one renamed",
                name=name,
                ours=ours.created or "?",
                theirs=theirs.created or "?",
            ),
            kind="two-games",
        )
    return replace(
        ours,
        events=_alike_at_start(ours.events, theirs.events),
        corrections=_alike_at_start(ours.corrections, theirs.corrections),
        taken_back=(),
    )


def _one_table(ours: Session, theirs: Session, name: str) -> Session | None:
    """The empty game both sides started from when both are one table of one night, each
    machine's own draw of it (cli.md, "Added in the fifth round"): the name is a night's
    table (it says the night, the round or stage and game, the table), and the two hold
    the seats, the first dealer and the house rules alike — what the night's draw wrote.
    Only the moment each draw wrote it differs; the earlier is kept, so both machines
    write the same bytes whichever merges.  None for anything else."""
    if ours.created == theirs.created or night_of_session(name) is None:
        return None  # the same ``created``: a copy of one file, merged as any other
    if not ours.created or not theirs.created:
        return None
    if any(getattr(ours, f) != getattr(theirs, f) for f in (*_HEAD, "started_by") if f != "created"):
        return None
    return replace(
        ours,
        created=min(ours.created, theirs.created),
        events=(),
        corrections=(),
        taken_back=(),
    )


def _alike_at_start(one: Sequence[Entry], other: Sequence[Entry]) -> tuple[Entry, ...]:
    """What two logs hold alike from their start: the same ids, the same content."""
    count = 0
    while (
        count < min(len(one), len(other))
        and one[count].id == other[count].id
        and one[count] == other[count]
    ):
        count += 1
    return tuple(one[:count])


def _three_way(field: str, base: Session, ours: Session, theirs: Session, name: str) -> object:
    was, one, two = (getattr(s, field) for s in (base, ours, theirs))
    if two in (one, was):
        return one
    if one == was:
        return two
    raise MergeConflict(
        Msg(
            "the session {name}'s {field} was changed on both sides, differently",
            name=name,
            field=field,
        ),
    )


def _taken_back(base: Session, ours: Session, theirs: Session) -> tuple[TakenBack, ...]:
    """Every id taken back anywhere: BASE's in its order, then each side's others in that
    side's order, the two interleaved by when (then id) as a sorted merge would: the same
    whichever side is which, and a side merged with itself is that side."""
    known = {entry.id for entry in base.taken_back}
    one = [entry for entry in ours.taken_back if entry.id not in known]
    two = [entry for entry in theirs.taken_back if entry.id not in known]
    merged: list[TakenBack] = []
    placed = set(known)
    while one or two:
        if not two or (one and (one[0].at, one[0].id) <= (two[0].at, two[0].id)):
            entry = one.pop(0)
        else:
            entry = two.pop(0)
        if entry.id not in placed:
            placed.add(entry.id)
            merged.append(entry)
    return (*base.taken_back, *merged)


def _played_on_both(base: Session, ours: Session, theirs: Session, gone: set[str]) -> set[str]:
    """The ids to leave out because a deal was played alike on both sides (kept once), or
    a `MergeConflict` for a deal played differently on the two sides."""
    known = {event.id for event in base.events}
    new = [
        [e for e in side.events if e.id not in known and e.id not in gone]
        for side in (ours, theirs)
    ]
    shared = {e.id for e in new[0]} & {e.id for e in new[1]}
    played: list[dict[int, list[Event]]] = []
    for side in new:
        by_deal: dict[int, list[Event]] = {}
        for event in side:
            if isinstance(event, PlayEvent) and event.id not in shared:
                by_deal.setdefault(event.deal, []).append(event)
        played.append(by_deal)
    left_out: set[str] = set()
    differing: list[tuple[int, tuple[object, ...], tuple[object, ...]]] = []
    for deal in sorted(set(played[0]) & set(played[1])):
        one, two = played[0][deal], played[1][deal]
        if one != two:  # content, whatever the ids (events compare without them)
            # Shown whole, as each side has the deal (what is alike is left unsaid there).
            here, there = (tuple(e for e in side.events if e.deal == deal) for side in (ours, theirs))
            differing.append((deal, here, there))
            continue
        dropped = one if one[0].id > two[0].id else two
        left_out.update(event.id for event in dropped)
    if differing:
        raise MergeConflict(
            Msg.counted(
                "deal {deals} was recorded differently on the two sides",
                "deals {deals} were recorded differently on the two sides",
                len(differing),
                deals=", ".join(str(deal) for deal, _, _ in differing),
            ),
            deal=differing[0][0],
            kind="deal",
            sides=tuple(differing),
        )
    return left_out


def _same_corrections(
    base: Session, ours: Session, theirs: Session, merged_events: set[str]
) -> set[str]:
    """The ids of corrections to leave out because the same correction was made on both
    sides: alike in deal, moments before and after and reason (each machine drew its own
    id and time).  The one kept is the one whose moments the merged record holds (the
    alike deal was kept from one side: `_played_on_both`), else the smaller id, so that
    `undo` right after finds the correction it would have found on that side."""
    known = {correction.id for correction in base.corrections}
    theirs_new = [c for c in theirs.corrections if c.id not in known]
    left_out: set[str] = set()
    for one in ours.corrections:
        if one.id in known:
            continue
        for two in theirs_new:
            if two.id == one.id or two.id in left_out or not _alike(one, two):
                continue
            holds = [all(e.id in merged_events for e in c.after) for c in (one, two)]
            if holds[0] != holds[1]:
                keep = one if holds[0] else two
            else:
                keep = min(one, two, key=_correction_id)
            left_out.add((two if keep is one else one).id)
            break
    return left_out


def _alike(one: Correction, two: Correction) -> bool:
    """The same correction made twice: what it changed, and why (events compare without
    their ids)."""
    return (one.deal, one.before, one.after, one.reason) == (two.deal, two.before, two.after, two.reason)


def _replays(session: Session, name: str, ours: Session, theirs: Session) -> None:
    """Refuse a merged record that breaks a rule: a conflict naming the deal and the rule,
    with the deal as each side recorded it."""
    game = Game(session)
    for event in session.events:
        try:
            game.apply(event)
        except ChicagoError as error:
            if isinstance(error, RuleViolation):
                message = Msg(
                    "merged, deal {deal} of {name} breaks the rule '{rule}': {error}",
                    deal=event.deal,
                    name=name,
                    rule=error.rule.value,
                    error=error.message,
                )
            else:
                message = Msg(
                    "merged, deal {deal} of {name} does not add up: {error}",
                    deal=event.deal,
                    name=name,
                    error=error.message,
                )
            sides = tuple(
                tuple(e for e in side.events if e.deal == event.deal) for side in (ours, theirs)
            )
            raise MergeConflict(
                message, deal=event.deal, kind="deal", sides=((event.deal, sides[0], sides[1]),)
            ) from None
