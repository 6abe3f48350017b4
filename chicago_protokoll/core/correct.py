"""Correcting the record: replace a past deal's events and replay everything after it.

A correction is the same as any other write: a new list of events, replayed
through the rules.  If the corrected record no longer adds up, the first deal
and rule that break are named (`CorrectionRefused`) and nothing changes.  Every
correction is kept in the session (`Correction`: when, which deal, its events
before and after), so a correction can be told, exported and taken back.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from .errors import ChicagoError, RuleViolation
from .events import Correction, Event
from .game import Game, Moment, Session, replay


class CorrectionRefused(RuleViolation):
    """A correction after which deal ``deal`` breaks a rule (``rule``, ``key``)."""

    def __init__(self, deal: int, cause: ChicagoError) -> None:
        self.deal = deal
        self.cause = cause
        ChicagoError.__init__(
            self,
            f"after this correction deal {deal} breaks a rule: {cause}",
            sv=f"efter den här rättelsen bryter giv {deal} mot en regel: {cause.localized('sv')}",
        )
        self.rule = getattr(cause, "rule", "")
        self.key = getattr(cause, "key", None)


def deal_events(session: Session, deal: int) -> tuple[Event, ...]:
    """The events recorded for deal ``deal``, in the order they were recorded."""
    return tuple(event for event in session.events if event.deal == deal)


def recorded_deals(session: Session) -> int:
    """The number of the last deal with anything recorded; 0 before the first event."""
    return session.events[-1].deal if session.events else 0


def check_deal_number(session: Session, deal: int) -> None:
    """`ChicagoError` unless deal ``deal`` has something recorded that can be corrected."""
    last = recorded_deals(session)
    if 1 <= deal <= last:
        return
    if last == 0:
        raise ChicagoError(
            f"there is no deal {deal} to correct: nothing is recorded yet",
            sv=f"det finns ingen giv {deal} att rätta: inget är fört ännu",
        )
    raise ChicagoError(
        f"there is no deal {deal} to correct: the protocol has deals 1 to {last}",
        sv=f"det finns ingen giv {deal} att rätta: protokollet har giv 1 till {last}",
    )


def correct_deal(
    session: Session, deal: int, events: Sequence[Event], *, at: str
) -> tuple[Session, Game]:
    """The session with deal ``deal``'s events replaced by ``events`` (the whole deal) and
    the correction added to its history, and the game replayed from it.

    `CorrectionRefused` names the first deal and rule that break; `ChicagoError` for a
    deal that is not recorded or a correction that changes nothing."""
    check_deal_number(session, deal)
    before = deal_events(session, deal)
    after = tuple(events)
    stray = next((event for event in after if event.deal != deal), None)
    if stray is not None:  # pragma: no cover - the entry layer numbers every event
        raise ChicagoError(f"an event of deal {stray.deal} cannot correct deal {deal}")
    if not after:
        raise ChicagoError(
            f"a correction cannot leave deal {deal} empty; `chicago undo --deal` takes back "
            "the last deal",
            sv=f"en rättelse kan inte tömma giv {deal}; `chicago undo --deal` tar tillbaka "
            "den senaste given",
        )
    if after == before:
        raise ChicagoError(
            f"deal {deal} is already recorded so: there is nothing to correct",
            sv=f"giv {deal} är redan förd så: det finns inget att rätta",
        )
    was_complete = _complete(replay(session), deal)
    first = next(i for i, event in enumerate(session.events) if event.deal == deal)
    rest = session.events[first + len(before) :]
    corrected = (*session.events[:first], *after, *rest)
    game = replay_corrected(replace(session, events=corrected), deal, was_complete)
    correction = Correction(deal=deal, at=at, before=before, after=after, recorded=len(corrected))
    updated = replace(session, events=corrected, corrections=(*session.corrections, correction))
    return updated, game


def replay_corrected(session: Session, deal: int, complete: bool) -> Game:
    """Replay a corrected record; `CorrectionRefused` at the first deal that breaks a rule,
    including a corrected deal left unfinished (``complete``: it was finished before)."""
    game = Game(session)
    events = session.events
    for index, event in enumerate(events):
        if game.finished:
            winners = " & ".join(game.winners)
            raise CorrectionRefused(
                event.deal,
                RuleViolation(
                    f"the game would be over after deal {game.deal} ({winners} won), so deal "
                    f"{event.deal} could not have been played",
                    rule="end of game",
                    key="game.target",
                    sv=f"partiet skulle vara slut efter giv {game.deal} ({winners} vann), så "
                    f"giv {event.deal} kunde inte ha spelats",
                ),
            )
        try:
            game.apply(event)
        except ChicagoError as error:
            raise CorrectionRefused(event.deal, error) from None
        last_of_deal = index + 1 == len(events) or events[index + 1].deal != event.deal
        if event.deal == deal and last_of_deal and complete and not _complete(game, deal):
            raise CorrectionRefused(deal, _unfinished(game))
    return game


def _complete(game: Game, deal: int) -> bool:
    return any(record.number == deal and record.complete for record in game.deals)


def _unfinished(game: Game) -> RuleViolation:
    """What a corrected deal that was finished before now lacks."""
    moment = game.moment
    if moment is Moment.BUY:
        what = (
            f"köp {game.hands_scored + 1}'s best hand (or pass)",
            f"köp {game.hands_scored + 1}s bästa hand (eller pass)",
        )
    elif moment is Moment.CHICAGO:
        what = (
            f"whether {game.chicago}'s Chicago succeeded or who broke it",
            f"om {game.chicago}s Chicago gick hem eller vem som bröt den",
        )
    elif moment is Moment.SHOWDOWN:
        what = ("the showdown's best hand (or pass)", "bästa hand efter sticken (eller pass)")
    else:
        what = ("who took the last trick", "vem som tog sista sticket")
    return RuleViolation(
        f"it was finished and would be left unfinished: it needs {what[0]}",
        rule="a whole deal",
        sv=f"den var färdigspelad och skulle bli ofärdig: den behöver {what[1]}",
    )


def undoable_correction(session: Session) -> Correction | None:
    """The last correction if it is the last thing done to the record (nothing recorded
    or undone since), else None: then `undo` takes back an event as usual."""
    if not session.corrections:
        return None
    last = session.corrections[-1]
    if last.recorded != len(session.events) or deal_events(session, last.deal) != last.after:
        return None
    return last


def undo_correction(session: Session) -> Session:
    """The session as it was before its last correction (see `undoable_correction`)."""
    last = undoable_correction(session)
    if last is None:
        raise ChicagoError(
            "the last thing done was not a correction", sv="det senaste var ingen rättelse"
        )
    first = next(i for i, event in enumerate(session.events) if event.deal == last.deal)
    rest = session.events[first + len(last.after) :]
    return replace(
        session,
        events=(*session.events[:first], *last.before, *rest),
        corrections=session.corrections[:-1],
    )


def corrected_deals(session: Session) -> dict[int, list[Correction]]:
    """Each corrected deal with its corrections, oldest first."""
    found: dict[int, list[Correction]] = {}
    for correction in session.corrections:
        found.setdefault(correction.deal, []).append(correction)
    return found
