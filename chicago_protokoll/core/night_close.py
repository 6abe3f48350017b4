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
    """Every amendment since the night's first close, in the order of the games."""
    first = next((c for c in night.closes if c.kind is CloseKind.CLOSE), None)
    if first is None:
        return ()
    counts = {session: (corrections, entries) for session, corrections, entries in first.held}
    found: list[Amendment] = []
    for close in night.closes:
        if close.kind is CloseKind.REOPEN:
            found.append(
                Amendment("", 0, "reopen", Msg("the close was taken back: {reason}", reason=close.reason), close.at)
            )
    for table in night.tables:
        session = sessions.get(table.session)
        if session is None:
            continue
        corrections, entries = counts.get(table.session, (0, 0))
        for correction in session.corrections[corrections:]:
            reason = getattr(correction, "reason", "")
            found.append(
                Amendment(
                    table.session,
                    correction.deal,
                    "correction",
                    Msg("deal {deal} corrected: {reason}", deal=correction.deal, reason=reason)
                    if reason
                    else Msg("deal {deal} corrected", deal=correction.deal),
                    correction.at,
                )
            )
        revisor = [e for e in session.events if isinstance(e, Penalty | Forfeit)]
        for event in revisor[entries:]:
            if isinstance(event, Penalty):
                text = Msg(
                    "penalty: {player} −{points} ({reason})",
                    player=event.player,
                    points=event.points,
                    reason=event.reason,
                )
                found.append(Amendment(table.session, event.deal, "penalty", text))
            else:
                text = Msg(
                    "forfeit: {player} ({reason})", player=event.player, reason=event.reason
                )
                found.append(Amendment(table.session, event.deal, "forfeit", text))
    return tuple(found)
