"""Correcting the record: replace a past deal's events and replay everything after it.

A correction is the same as any other write: a new list of events, replayed
through the rules.  If the corrected record no longer adds up, the first deal
and rule that break are named (`CorrectionRefused`) and nothing changes.  Every
correction is kept in the session (`Correction`: when, which deal, its events
before and after), so a correction can be told, exported and taken back.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass, replace

from ..i18n.language import Msg
from . import claims, entry, ids
from .entry import DealEntry, PlayerExchanges
from .errors import ChicagoError, DealPart, OptionConflict, Rule, RuleViolation
from .events import (
    BuyWinner,
    Correction,
    Event,
    Exchange,
    Forfeit,
    Note,
    Penalty,
    RevisorEvent,
)
from .game import Game, replay
from .recorded import recorded_entry
from .session import Session
from .standings import Moment


class CorrectionRefused(RuleViolation):
    """A correction after which deal ``deal`` breaks a rule (``rule``, ``key``).

    When that deal is a later one than the deal ``corrected``, the refusal also says the
    way forward (cli.md asks a refusal to give one): the later deal is corrected first, so
    that it holds after this correction too; or, where the correction ends the game, the
    deals after it are taken back first.  A correction is one deal at a time, so the
    order is the way."""

    def __init__(self, deal: int, cause: ChicagoError, corrected: int | None = None) -> None:
        self.deal = deal
        self.cause = cause
        self.corrected = corrected
        way: Msg | str = ""
        if corrected is not None and corrected != deal:
            game_ends = isinstance(cause, RuleViolation) and cause.rule is Rule.END_OF_GAME
            way = (
                Msg(
                    "; if deal {corrected} did end the game, take back the deals after it first (the last one first), then correct deal {corrected}",
                    corrected=corrected,
                )
                if game_ends
                else Msg(
                    "; correct deal {deal} first, so that it holds after this correction too, then correct deal {corrected}",
                    deal=deal,
                    corrected=corrected,
                )
            )
        ChicagoError.__init__(
            self,
            Msg(
                "after this correction deal {deal} breaks a rule: {cause}{way_forward}",
                deal=deal,
                cause=cause,
                way_forward=way,
            ),
        )
        # A cause that is not a rule (a name or hand that cannot be read) is named as such.
        self.rule = cause.rule if isinstance(cause, RuleViolation) else Rule.READABLE_ENTRY
        self.key = cause.key if isinstance(cause, RuleViolation) else None


def deal_events(session: Session, deal: int) -> tuple[Event, ...]:
    """The events recorded for deal ``deal``, in the order they were recorded: those of
    its run (`_run`).  A note written on the deal later, among another deal's events, is
    not one of them: a correction of the deal leaves it where it is."""
    run = _run(session.events, deal)
    if run is None:
        return ()
    first, stop = run
    return tuple(event for event in session.events[first:stop] if event.deal == deal)


def _first(events: Sequence[Event], deal: int) -> int | None:
    return next((i for i, event in enumerate(events) if event.deal == deal), None)


def _run(events: Sequence[Event], deal: int) -> tuple[int, int] | None:
    """Where deal ``deal``'s events stand in ``events`` (start, stop): from its first
    until an event of a later deal (the next deal's first).  A note on an earlier deal
    written meanwhile (`chicago note --deal`) stands inside it, no part of the deal: a
    note changes no total, so it never ends a deal's run (cli.md, "Added in the fifth
    round": a note, on any deal, never blocks a correction)."""
    first = _first(events, deal)
    if first is None:
        return None
    stop = first + 1
    while stop < len(events) and (
        events[stop].deal == deal or (isinstance(events[stop], Note) and events[stop].deal < deal)
    ):
        stop += 1
    return first, stop


def recorded_deals(session: Session) -> int:
    """The number of the last deal with anything recorded; 0 before the first event."""
    return max((event.deal for event in session.events), default=0)


def game_before(session: Session, deal: int) -> Game:
    """The game as it stood when deal ``deal`` began: every event of an earlier deal
    applied (a note on one written later included), none of deal ``deal`` or after."""
    game = Game(replace(session, events=()))
    for event in session.events:
        if event.deal < deal:
            game.apply(event)
    return game


def _is_play(event: Event) -> bool:
    return not isinstance(event, RevisorEvent)


def _is_moment(event: Event) -> bool:
    return _is_play(event) and not isinstance(event, Exchange)


def scoring_moments(events: Sequence[Event]) -> int:
    """How many of ``events`` are scoring moments (an exchange and the revisor's entries
    are not)."""
    return sum(1 for event in events if _is_moment(event))


def keep_revisor_entries(before: Sequence[Event], after: Sequence[Event]) -> tuple[Event, ...]:
    """``after`` (a deal's play, as corrected) with the penalties, notes and forfeit of
    ``before`` kept, each right after the scoring moment it followed (the first, the
    second...; past the corrected deal's last, at its end).  One that followed only
    exchanges stays after the deal's first entry (its exchanges before the first scoring
    moment, or that moment): at the deal's very start a penalty would belong to the deal
    before.  An amendment after the game's end (``after_end``) stays at the end, after
    the play that ended the game.  An ``after`` that holds revisor entries of its own is
    taken as it is."""
    if any(not _is_play(event) for event in after):
        return tuple(after)
    kept = [
        (sys.maxsize if _after_end(event) else scoring_moments(before[:index]), event)
        for index, event in enumerate(before)
        if not _is_play(event)
    ]
    play = next((i for i, event in enumerate(before) if _is_play(event)), len(before))
    opening = list(before[:play])  # the first of `kept`: nothing was played before them
    early = [event for moments, event in kept[len(opening) :] if moments == 0]
    leading = next((i for i, e in enumerate(after) if not isinstance(e, Exchange)), len(after))
    woven: list[Event] = list(opening)
    seen = 0
    for index, event in enumerate(after):
        woven.append(event)
        if index + 1 == max(leading, 1):
            woven.extend(early)
        if isinstance(event, Exchange):
            continue
        seen += 1
        woven.extend(kept_event for moments, kept_event in kept if moments == seen)
    woven.extend(event for moments, event in kept if moments > seen)
    return tuple(woven)


def _after_end(event: Event) -> bool:
    return isinstance(event, Penalty | Forfeit) and event.after_end


def _spliced(events: Sequence[Event], deal: int, new: Sequence[Event]) -> tuple[Event, ...]:
    """``events`` with deal ``deal``'s events (`deal_events`) replaced by ``new``.  A note
    on an earlier deal inside its run keeps its place among the deal's events (`_place`),
    so that taking the correction back puts it back where it stood."""
    run = _run(events, deal)
    assert run is not None  # the deal is recorded: check_deal_number
    first, stop = run
    inside = events[first:stop]
    own = [event for event in inside if event.deal == deal]
    notes: list[tuple[int, Event]] = []
    seen = 0
    for event in inside:
        if event.deal == deal:
            seen += 1
        else:
            at = len(new) if seen == len(own) else _place(own[:seen], new)
            notes.append((at, event))
    woven: list[Event] = []
    for index, event in enumerate(new):
        woven.append(event)
        woven.extend(note for at, note in notes if at == index + 1)
    return (*events[:first], *woven, *events[stop:])


def _place(followed: Sequence[Event], new: Sequence[Event]) -> int:
    """How many of ``new`` a note goes after that followed the deal's events ``followed``
    (some of them, not all): after as many scoring moments, and as many other entries
    after the last of them (exchanges, penalties...), as far as ``new`` has them; after
    its first event and before its last, as it stood.  Between one deal and its
    correction the same place, back and forth, wherever ``new`` has that place."""

    def where(events: Sequence[Event]) -> tuple[int, int]:
        since = next(
            (n for n, event in enumerate(reversed(events)) if _is_moment(event)), len(events)
        )
        return scoring_moments(events), since

    wanted = where(followed)
    fits = [index for index in range(1, len(new)) if where(new[:index]) <= wanted]
    return max(fits, default=1)


def check_deal_number(session: Session, deal: int) -> None:
    """`ChicagoError` unless deal ``deal`` has something recorded that can be corrected."""
    last = recorded_deals(session)
    if 1 <= deal <= last:
        return
    if last == 0:
        raise ChicagoError(
            Msg("there is no deal {deal} to correct: nothing is recorded yet", deal=deal),
        )
    raise ChicagoError(
        Msg(
            "there is no deal {deal} to correct: the protocol has deals 1 to {last_deal}",
            deal=deal,
            last_deal=last,
        ),
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
    after = _keeping_ids(before, keep_revisor_entries(before, events), ids.used_ids(session))
    stray = next((event for event in after if event.deal != deal), None)
    if stray is not None:  # pragma: no cover - the entry layer numbers every event
        raise ChicagoError(
            Msg("an event of deal {stray} cannot correct deal {deal}", stray=stray.deal, deal=deal)
        )
    if not after:
        raise ChicagoError(
            Msg(
                "a correction cannot leave deal {deal} empty; `chicago undo --deal` takes back the last deal",
                deal=deal,
            ),
        )
    if after == before:
        raise ChicagoError(
            Msg("deal {deal} is already recorded so: there is nothing to correct", deal=deal),
        )
    was_complete = _complete(replay(session), deal)
    corrected = _spliced(session.events, deal, after)
    game = replay_corrected(replace(session, events=corrected), deal, was_complete)
    correction = Correction(
        deal=deal,
        at=at,
        before=before,
        after=after,
        last_event=corrected[-1].id,
        id=ids.new_id(ids.used_ids(session) | {event.id for event in after}),
    )
    updated = replace(session, events=corrected, corrections=(*session.corrections, correction))
    return updated, game


def _keeping_ids(
    before: Sequence[Event], after: Sequence[Event], used: set[str]
) -> tuple[Event, ...]:
    """``after`` with the id of every moment the correction does not change: an event of
    ``after`` without an id takes that of an equal event of ``before`` not taken yet (in
    their order); the others get fresh ones.  So an edit never changes the id of what it
    leaves as it was."""
    free = [event for event in before if event.id]
    kept: list[Event] = []
    for event in after:
        same = None if event.id else next((old for old in free if old == event), None)
        if same is not None:
            free.remove(same)
        kept.append(event if same is None else replace(event, id=same.id))
    taken = {event.id for event in kept if event.id}
    return ids.identify(kept, used | taken)


def replay_corrected(session: Session, deal: int, complete: bool) -> Game:
    """Replay a corrected record; `CorrectionRefused` at the first deal that breaks a rule,
    including a corrected deal left unfinished (``complete``: it was finished before)."""
    game = Game(session)
    events = session.events
    run = _run(events, deal)
    last_of_deal = -1 if run is None else run[1] - 1  # by then the deal must be over again
    for index, event in enumerate(events):
        refusal = _after_the_end(game, event) if game.finished else _not_ended(event)
        if refusal is not None:
            raise CorrectionRefused(event.deal, refusal, corrected=deal)
        try:
            game.apply(event)
        except ChicagoError as error:
            raise CorrectionRefused(event.deal, error, corrected=deal) from None
        if index == last_of_deal and complete and not _complete(game, deal):
            raise CorrectionRefused(deal, _unfinished(game))
    return game


def _after_the_end(game: Game, event: Event) -> RuleViolation | None:
    """Why ``event`` cannot follow the corrected game's end, or None where it may: a note
    on a deal that was played, the revisor's amendments after the end, and a penalty that
    belongs to the deal whose end reached the target (that end is judged after it)."""
    winners = " & ".join(game.winners)
    match event:
        case Note() if event.deal <= game.deal:
            return None
        case Penalty() | Forfeit() if event.after_end:
            return None
        case Penalty() if game.ended_at_target and event.deal == game.deal:
            return None
        case Penalty() | Forfeit() if event.deal <= game.deal:
            return RuleViolation(
                Msg(
                    "the game would be over with deal {deal} ({winners} won), so {entry}, recorded after it, could not have been made",
                    deal=game.deal,
                    winners=winners,
                    entry=_revisor_entry(event),
                ),
                rule=Rule.END_OF_GAME,
            )
        case _:  # the play of a later deal, or a note on a deal that would not be played
            return RuleViolation(
                Msg(
                    "the game would be over after deal {deal} ({winners} won), so deal {next_deal} could not have been played",
                    deal=game.deal,
                    winners=winners,
                    next_deal=event.deal,
                ),
                rule=Rule.END_OF_GAME,
                key="game.target",
            )


def _not_ended(event: Event) -> RuleViolation | None:
    """Why ``event``, an amendment after the game's end, cannot stand in a corrected game
    that is not over when it comes; None for every other event."""
    if not (isinstance(event, Penalty | Forfeit) and event.after_end):
        return None
    return RuleViolation(
        Msg(
            "the game would no longer be over after deal {deal}, but {entry} was recorded after its end, as an amendment of the result; a correction keeps such a game over",
            deal=event.deal,
            entry=_revisor_entry(event),
        ),
        rule=Rule.END_OF_GAME,
    )


def _revisor_entry(event: Penalty | Forfeit) -> Msg:
    if isinstance(event, Penalty):
        return Msg("the penalty on {player}", player=event.player)
    return Msg("{player}'s forfeit", player=event.player)


def _complete(game: Game, deal: int) -> bool:
    return any(record.number == deal and record.complete for record in game.deals)


def _unfinished(game: Game) -> RuleViolation:
    """What a corrected deal that was finished before now lacks."""
    moment = game.moment
    if moment is Moment.BUY:
        what = Msg("köp {buy}'s best hand (or pass)", buy=game.hands_scored + 1)
    elif moment is Moment.CHICAGO:
        what = Msg("whether {declarer}'s Chicago succeeded or who broke it", declarer=game.chicago)
    elif moment is Moment.SHOWDOWN:
        what = Msg("the showdown's best hand (or pass)")
    else:
        what = Msg("who took the last trick")
    return RuleViolation(
        Msg("it was finished and would be left unfinished: it needs {missing}", missing=what),
        rule=Rule.A_WHOLE_DEAL,
    )


def undoable_correction(session: Session) -> Correction | None:
    """The last correction if it is the last thing done to the record (nothing recorded
    or undone since), else None: then `undo` takes back an event as usual."""
    if not session.corrections:
        return None
    last = session.corrections[-1]
    now_last = ids.last_event(session) or ""
    if last.last_event != now_last or deal_events(session, last.deal) != last.after:
        return None
    return last


def undo_correction(session: Session) -> Session:
    """The session as it was before its last correction (see `undoable_correction`)."""
    last = undoable_correction(session)
    if last is None:
        raise ChicagoError(
            Msg("the last thing done was not a correction")
        )
    return replace(
        session,
        events=_spliced(session.events, last.deal, last.before),
        corrections=session.corrections[:-1],
    )


def corrected_deals(session: Session) -> dict[int, list[Correction]]:
    """Each corrected deal with its corrections, oldest first."""
    found: dict[int, list[Correction]] = {}
    for correction in session.corrections:
        found.setdefault(correction.deal, []).append(correction)
    return found


# -- `chicago edit`: what the options name, read by the entry layer ----------------------


@dataclass(frozen=True, slots=True)
class DealChanges:
    """What a correction names of a deal, as values (``chicago edit``'s options read at
    the command line's edge, ``play``'s answers, the phone's choices); None (or empty):
    keep as recorded.

    ``buys`` given at all replaces every scored köp, and must name each köp the deal
    recorded (`OptionConflict` otherwise: leaving one out would silently make it a
    pass); ``buy`` replaces only the köp it numbers, ``(2, Claim("Cilla", FLUSH))``, the
    others kept as recorded (the two forms do not go together); each of ``exchanges``
    (a seat and its counts) replaces that player's exchanges; ``chicago`` and
    ``broken_by`` replace the Chicago (``broken_by`` alone: the recorded declarer's
    Chicago was broken), ``no_chicago`` removes it; ``last_trick`` (with ``with_two``)
    replaces the last trick, ``with_two`` alone marks the recorded one as won with a two.
    """

    buys: tuple[claims.Claim, ...] | None = None
    buy: tuple[tuple[int, claims.Claim], ...] = ()
    exchanges: tuple[PlayerExchanges, ...] = ()
    chicago: str | None = None
    broken_by: str | None = None
    no_chicago: bool = False
    last_trick: claims.Taking | None = None
    with_two: bool = False
    showdown: claims.Claim | None = None
    royal: str | None = None

    @property
    def empty(self) -> bool:
        return self == DealChanges()


def corrected_entry(game: Game, recorded: DealEntry, changes: DealChanges) -> DealEntry:
    """The deal as recorded with the parts ``changes`` names replaced, checked as
    a whole deal given at once is checked (`OptionConflict`)."""
    chicago, broken_by = recorded.chicago, recorded.broken_by
    if changes.no_chicago:
        chicago = broken_by = None
    elif changes.chicago is not None:
        chicago, broken_by = changes.chicago, changes.broken_by
    elif changes.broken_by is not None:
        if chicago is None:
            raise OptionConflict(
                Msg(
                    "deal {deal} had no Chicago to be broken: name who declared it too",
                    deal=game.deal,
                ),
                part=DealPart.BROKEN_BY,
            )
        broken_by = changes.broken_by
    # A Chicago that takes the place of the tricks takes their place: nothing is scored
    # after it, so the recorded last trick and showdown go (unless named: then refused).
    new_chicago = changes.chicago is not None and recorded.chicago is None
    last_trick, with_two = recorded.last_trick, recorded.with_two
    if changes.last_trick is not None:
        last_trick, with_two = changes.last_trick, changes.with_two
    elif changes.with_two:
        with_two = True
    elif new_chicago:
        last_trick, with_two = None, False
    showdown = changes.showdown
    if showdown is None and not new_chicago:
        showdown = recorded.showdown
    named = {who for who, _ in changes.exchanges}
    kept = [(who, counts) for who, counts in recorded.exchanges if who not in named]
    return DealEntry(
        buys=tuple(corrected_buys(game, recorded, changes)),
        exchanges=(*kept, *changes.exchanges),
        chicago=chicago,
        broken_by=broken_by,
        last_trick=last_trick,
        with_two=with_two,
        showdown=showdown,
        royal=changes.royal if changes.royal is not None else recorded.royal,
    )


def corrected_buys(game: Game, recorded: DealEntry, changes: DealChanges) -> list[claims.Claim]:
    """The scored köp after ``changes``: the whole ``buys`` list, or the recorded ones
    with each ``buy`` put in its place (a list and single köp do not go together)."""
    if changes.buys is not None:
        if changes.buy:
            raise OptionConflict(
                Msg("give the köp one by one or as a whole list, not both"), part=DealPart.BUY
            )
        return list(changes.buys)
    scored = game.rules.game.scored_buys
    buys = list(recorded.buys)
    for number, said in changes.buy:
        if not 1 <= number <= scored:
            raise OptionConflict(
                Msg("this table scores köp 1 to {scored_buys}", scored_buys=scored),
                part=DealPart.BUY,
            )
        while len(buys) < number:
            buys.append(claims.Claim(None))
        buys[number - 1] = said
    return buys


def left_out_buy(session: Session, deal: int, given: int) -> tuple[int, claims.Claim] | None:
    """The first köp deal ``deal`` recorded with a hand (or a tie) that a whole list of
    ``given`` köp leaves out, and its claim; None when the list names every one.  A list
    that leaves one out would silently turn it into a pass (cli.md, "Correcting one köp,
    and no silent pass")."""
    check_deal_number(session, deal)
    for event in deal_events(session, deal):
        if isinstance(event, BuyWinner) and event.buy > given:
            claim = claims.Claim.of(event)
            if claim.text() != "pass":
                return event.buy, claim
    return None


def edit_deal(
    session: Session, deal: int, changes: DealChanges, *, at: str
) -> tuple[Session, Game]:
    """`correct_deal` with the deal's events read from what ``chicago edit`` names: the
    recorded deal with those parts replaced, read and applied by the entry layer."""
    check_deal_number(session, deal)
    before = deal_events(session, deal)
    game = game_before(session, deal)
    if not _complete(replay(session), deal):
        raise ChicagoError(
            Msg(
                "deal {deal} is still being played: `chicago undo` takes back its last moment, then record it again",
                deal=deal,
            ),
        )
    _refuse_forfeit_mid_deal(session, deal, before)
    wanted = corrected_entry(game, recorded_entry(before), changes)
    try:
        events = entry.apply_deal(game, wanted)
    except RuleViolation as error:
        raise CorrectionRefused(deal, error) from None
    if sorted(map(repr, events)) == sorted(repr(event) for event in before if _is_play(event)):
        raise ChicagoError(
            Msg("deal {deal} is already recorded so: there is nothing to correct", deal=deal),
        )
    return correct_deal(session, deal, events, at=at)


def _refuse_forfeit_mid_deal(session: Session, deal: int, before: Sequence[Event]) -> None:
    """A deal a forfeit ended before it was played out cannot be corrected as a whole deal
    (the correction would play it out and drop the forfeit): refused, and the refusal
    points at a note, never at undoing the forfeit, which is a correct event."""
    forfeit = next((event for event in before if isinstance(event, Forfeit)), None)
    if forfeit is None:
        return
    probe = game_before(session, deal)
    for event in before:
        if _is_play(event):
            probe.apply(event)
    if probe.deal == deal and not probe.finished:
        raise ChicagoError(
            Msg(
                "deal {deal} ended with {player}'s forfeit before it was played out, so there is no whole deal to correct; `chicago note --deal {deal}` can say what was wrong",
                deal=deal,
                player=forfeit.player,
            ),
        )
