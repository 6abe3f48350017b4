"""A night's result made final (cli.md, "The night's stages, its check and its close").

Bridge clubs publish a *provisional* result the same evening, check it, then make it
*final*; `night close` is that moment.  After it no game of the night can be reopened or
recorded into; a correction with a reason, a penalty and a forfeit are still allowed,
and are listed as **amendments** after the result.  ``night close --reopen --reason``
takes a close back, and is listed too.  Pure: the caller reads the sessions and the
clock.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from datetime import UTC, datetime

from ..i18n.language import Joined, Msg
from .events import Forfeit, Penalty
from .night import Close, CloseKind, GameResult, Night, NightError
from .session import Session


def revisor_entries(session: Session) -> int:
    """How many penalties and forfeits ``session`` holds: an `edit` never removes one, and
    after a close nothing is undone, so the number only grows."""
    return sum(isinstance(event, Penalty | Forfeit) for event in session.events)


def held(night: Night, sessions: Mapping[str, Session]) -> tuple[tuple[str, int, int], ...]:
    """What each game of the night holds now: its corrections and its revisor's entries."""
    return tuple(
        (t.session, len(sessions[t.session].corrections), revisor_entries(sessions[t.session]))
        for t in night.tables
    )


def close_night(
    night: Night,
    results: Mapping[str, GameResult],
    sessions: Mapping[str, Session],
    *,
    at: str,
    reason: str = "",
) -> Night:
    """The night with its result final; refused while a game is being played, or when it
    is closed already."""
    if night.closed is not None:
        raise NightError(
            Msg(
                "the night {night} was closed at {at}: its result is final already (`chicago night close --reopen --reason TEXT` takes the close back)",
                night=night.name,
                at=night.closed.at,
            ),
        )
    playing = [t for t in night.current if not results[t.session].finished]
    if playing:
        raise NightError(
            Msg.counted(
                "the night {night} cannot be closed while a game is being played: table {tables} is still playing",
                "the night {night} cannot be closed while games are being played: tables {tables} are still playing",
                len(playing),
                night=night.name,
                tables=Joined([f"{t.table} ({t.session})" for t in playing], ", "),
            ),
        )
    close = Close(CloseKind.CLOSE, at, reason, held(night, sessions))
    return replace(night, closes=(*night.closes, close))


def reopen_night(night: Night, *, at: str, reason: str) -> Night:
    """The night's close taken back, with a reason; refused when it is not closed."""
    if night.closed is None:
        raise NightError(
            Msg("the night {night} is not closed: there is nothing to reopen", night=night.name),
        )
    if not reason.strip():
        raise NightError(Msg("reopening a closed night needs a reason (--reason TEXT)"))
    return replace(night, closes=(*night.closes, Close(CloseKind.REOPEN, at, reason)))


@dataclass(frozen=True, slots=True)
class Amendment:
    """Something changed in a game after the night was closed: a correction (with its
    reason), a penalty, a forfeit — or a close taken back."""

    session: str
    deal: int
    kind: str  # "correction", "penalty", "forfeit", "reopen"
    text: Msg
    at: str = ""


def amendments(night: Night, sessions: Mapping[str, Session]) -> tuple[Amendment, ...]:
    """Every amendment since the night's first close, in the order they were made, each
    with its time: a correction's, an amendment's own (`events.Penalty.at`) and a
    reopen's.  An amendment written by a release that kept no time for it (``at`` "") is
    placed at the time of what came before it in its game, or, with nothing before it,
    after every amendment with a time (where that release listed it: after the
    corrections of the games before its own).  Made in the same second, a game's
    amendments come before a reopen."""
    first = next((c for c in night.closes if c.kind is CloseKind.CLOSE), None)
    if first is None:
        return ()
    counts = {session: (corrections, entries) for session, corrections, entries in first.held}
    found: list[tuple[str, Amendment]] = []  # each with the time it is placed at
    for table in night.tables:
        session = sessions.get(table.session)
        if session is not None:
            found += _amendments_of(table.session, session, counts.get(table.session, (0, 0)))
    for close in night.closes:
        if close.kind is CloseKind.REOPEN:
            text = Msg("the close was taken back: {reason}", reason=close.reason)
            found.append((close.at, Amendment("", 0, "reopen", text, close.at)))
    # Stable: equal times keep the order above (each game's own order is its record's).
    return tuple(amendment for _, amendment in sorted(found, key=lambda item: _moment(item[0])))


def _amendments_of(
    name: str, session: Session, held: tuple[int, int]
) -> list[tuple[str, Amendment]]:
    """``session``'s amendments past what it ``held`` at the close, in the order they were
    recorded (a correction comes right after the event that was the record's last when it
    was made, `Correction.last_event`), each with the time it is placed at: its own, or
    the one before it."""
    corrections, entries = held
    position = {event.id: index for index, event in enumerate(session.events) if event.id}
    placed: list[tuple[tuple[int, int], Amendment]] = []
    for correction in session.corrections[corrections:]:
        reason = correction.reason
        text = (
            Msg("deal {deal} corrected: {reason}", deal=correction.deal, reason=reason)
            if reason
            else Msg("deal {deal} corrected", deal=correction.deal)
        )
        where = position.get(correction.last_event, len(session.events))
        placed.append(((where, 1), Amendment(name, correction.deal, "correction", text, correction.at)))
    revisor = [
        (index, event)
        for index, event in enumerate(session.events)
        if isinstance(event, Penalty | Forfeit)
    ]
    for index, event in revisor[entries:]:
        if isinstance(event, Penalty):
            text = Msg(
                "penalty: {player} −{points} ({reason})",
                player=event.player,
                points=event.points,
                reason=event.reason,
            )
            placed.append(((index, 0), Amendment(name, event.deal, "penalty", text, event.at)))
        else:
            text = Msg("forfeit: {player} ({reason})", player=event.player, reason=event.reason)
            placed.append(((index, 0), Amendment(name, event.deal, "forfeit", text, event.at)))
    placed.sort(key=lambda item: item[0])
    ordered: list[tuple[str, Amendment]] = []
    before = ""  # sorts last (`_moment`)
    for _, found in placed:
        before = found.at or before
        ordered.append((before, found))
    return ordered


def _moment(at: str) -> datetime:
    """A time as written (ISO 8601); none (or one that does not read) sorts last."""
    try:
        moment = datetime.fromisoformat(at)
    except ValueError:
        return datetime.max.replace(tzinfo=UTC)
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)
