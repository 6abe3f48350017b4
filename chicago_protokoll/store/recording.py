"""Recording events and taking them back: the one path every command and `play` write by.

`record` replays the session file under the lock, applies the events a command
built from what was typed (`core.entry`) through the engine, and writes them
all or nothing; what they gave comes back with the saved session.  `undo`
takes back the last event (or the last deal's), `correct` replaces a past deal
(``chicago edit``, ``e N`` in ``play``, a phone's correction form alike).  A refusal anywhere leaves the
file byte-for-byte as it was.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import suppress
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

from ..core import ids
from ..core.errors import ChicagoError, EntryError, OptionConflict, RuleViolation
from ..core.events import Correction, Event
from ..core.game import Game, replay
from ..core.session import Session
from ..core.standings import Entry, Standings
from ..i18n.language import Msg
from .nighttable import judge, transact
from .sessionfile import load_session, replay_file, replay_file_keeping

TYPE_CHECKING = False
if TYPE_CHECKING:
    # Corrections (core.correct) load where `undo` and `correct` use them: a record
    # (`deal`, `buy`...) never needs them.
    from ..core.correct import DealChanges

# Plain classes, not dataclasses: every command imports this module, and a dataclass
# costs a compilation at each start (docs/latency.md).


class Recorded:
    """What `record` wrote: the session as saved, the game after it, each new event's entry."""

    __slots__ = ("entries", "game", "session")

    def __init__(self, session: Session, game: Game, entries: tuple[Entry, ...]) -> None:
        self.session = session
        self.game = game
        self.entries = entries


class Undone:
    """What `undo` took back (oldest first), the session as saved and its standings;
    or, right after `chicago edit`, the correction taken back."""

    __slots__ = ("correction", "events", "session", "standings")

    def __init__(
        self,
        session: Session,
        events: tuple[Event, ...],
        standings: Standings,
        correction: Correction | None = None,
    ) -> None:
        self.session = session
        self.events = events
        self.standings = standings  # of the session as saved
        self.correction = correction  # a correction taken back instead of events


def record(
    path: Path, build: Callable[[Game], Iterable[Event]], *, after_the_game: bool = False
) -> Recorded:
    """Build events on the replayed game and apply each before the next is built, then
    write them all, under the lock; any refusal writes nothing.

    ``build`` may be a generator that reads the game as the events before left it
    (`core.entry.deal_events`).  Once the game is over nothing more is built: "the
    game is over" is the reason then, not a detail of what was typed; except, with
    ``after_the_game``, what the engine allows then (a note), which it judges itself.
    """

    def change(current: Session) -> tuple[Session, tuple[Game, tuple[Entry, ...]]]:
        game = replay_file(current, path)
        if not after_the_game:
            game.refuse_if_over()
        entries: list[Entry] = []
        used = ids.used_ids(current)
        for built in build(game):
            # Its id before it is applied, so the entry told back names it: the one the
            # writer brought (a phone's ENTRY-N, checked unused), else a fresh one.
            refuse_used_id(built, used)
            (event,) = ids.identify((built,), used)
            entries.append(game.apply(event))
        updated = replace(current, events=(*current.events, *(e.event for e in entries)))
        return updated, (game, tuple(entries))

    saved, (game, entries) = transact(path, change)
    return Recorded(saved, game, entries)


def refuse_used_id(event: Event, used: set[str]) -> None:
    """`ChicagoError` for an event whose id the file holds or held (in the record, in a
    correction, taken back): an id is never used twice."""
    if event.id and event.id in used:
        raise ChicagoError(
            Msg(
                "the id {id} is already used in this protocol; nothing was recorded",
                id=event.id,
            ),
        )


def now() -> str:
    """The time an entry is taken back, as a correction's: UTC to the second."""
    return datetime.now(UTC).isoformat(timespec="seconds")


def undo_target(session: Session) -> str | None:
    """The id of what `undo` takes back now: the correction right after one (`chicago
    edit`), else the last event; None when nothing is recorded.  A page's Undo carries
    it, so a resent Undo finds it taken back instead of taking back another."""
    from ..core.correct import undoable_correction

    correction = undoable_correction(session)
    if correction is not None:
        return correction.id
    return ids.last_event(session)


def undo(
    path: Path, *, whole_deal: bool = False, expect: Callable[[Session], None] | None = None
) -> Undone:
    """Take back the last recorded event, whichever it is (a penalty, a note...), or
    (``whole_deal``) every event of the last deal; right after a correction (`chicago
    edit`), the correction.  ``expect`` may refuse the file as found under the lock (a
    phone's page that saw another record: `serve.recorder`)."""

    def change(
        current: Session,
    ) -> tuple[
        Session,
        # what was taken back; and the events kept with their standings, when one
        # replay gave both
        tuple[tuple[Event, ...], Correction | None, tuple[tuple[Event, ...], Standings] | None],
    ]:
        if expect is not None:
            expect(current)
        if not current.events:
            raise ChicagoError(
                Msg("there is nothing to undo: no event is recorded yet"),
            )
        # Right after `chicago edit` the correction is the last thing done: it goes back.
        # What goes back keeps its id in the file, so it is never recorded again.  The
        # corrections (`core.correct`) are loaded only for a session that has one, or to
        # find the last deal: a plain `undo` takes back the last event without them.
        if current.corrections:
            from ..core.correct import undo_correction, undoable_correction

            correction = undoable_correction(current)
            if correction is not None:
                replay_file(current, path)  # a file that does not add up is refused
                restored = {event.id for event in correction.before}
                gone = [event.id for event in correction.after if event.id not in restored]
                undone = ids.take_back(undo_correction(current), (correction.id, *gone), now())
                return undone, ((), correction, None)
        if not whole_deal:
            removed = current.events[-1:]
            kept = current.events[:-1]
        else:
            from ..core.correct import recorded_deals

            # The deal with the highest number: a note on an earlier deal, written later, stays.
            last_deal = recorded_deals(current)
            kept = tuple(event for event in current.events if event.deal != last_deal)
            removed = tuple(event for event in current.events if event.deal == last_deal)
        # One replay: the whole file must add up (one that does not is refused, not
        # trimmed), and when what stays is the file's first events (all but a note
        # written later on an earlier deal) their standings are those after the undo.
        first = len(kept) if current.events[: len(kept)] == kept else -1
        standings = replay_file_keeping(current, path, first)[1]
        undone = ids.take_back(
            replace(current, events=kept), (event.id for event in removed), now()
        )
        return undone, (removed, None, None if standings is None else (kept, standings))

    saved, (removed, correction, kept) = transact(path, change)
    if kept is not None and saved.events == kept[0]:
        standings = kept[1]
    else:
        # A correction taken back, a deal with a later note kept, or events given their
        # ids as they were written (a file of a format before ids): the saved session
        # replayed.
        standings = replay(saved).standings()
    return Undone(saved, removed, standings, correction)


class Corrected:
    """What `correct` did (or, for a dry run, would do): the game before and after, the
    correction, and the session as saved (as it would be, for a dry run)."""

    __slots__ = ("after", "before", "correction", "dry_run", "session")

    def __init__(
        self, session: Session, before: Game, after: Game, correction: Correction, dry_run: bool
    ) -> None:
        self.session = session
        self.before = before
        self.after = after
        self.correction = correction
        self.dry_run = dry_run


def correct(
    path: Path,
    deal: int,
    changes: DealChanges,
    *,
    dry_run: bool = False,
    expect: Callable[[Session], None] | None = None,
    at: str | None = None,
    reason: str = "",
) -> Corrected:
    """Correct deal ``deal`` of the session file as ``chicago edit`` names it, under the
    lock (or, ``dry_run``, only work it out and write nothing): the one correction the
    command line, ``play`` and a recording page make.  A refusal writes nothing: a rule
    it breaks or a text that cannot be read is said with "nothing was changed", parts
    that do not go together stay an `OptionConflict` (a usage error).  ``expect`` may
    refuse the file as found (a phone's page that saw another record); ``at`` is when
    (UTC; now unless given); ``reason`` is kept with the correction (`edit --reason`)."""
    if at is None:
        from datetime import UTC, datetime

        at = datetime.now(UTC).isoformat(timespec="seconds")
    from ..core.correct import edit_deal

    def change(current: Session) -> tuple[Session, tuple[Game, Game, Correction]]:
        if expect is not None:
            expect(current)
        before = replay_file(current, path)
        try:
            corrected, after = edit_deal(current, deal, changes, at=at)
        except (RuleViolation, EntryError) as error:
            if isinstance(error, OptionConflict):
                raise
            raise ChicagoError(Msg("{error}; nothing was changed", error=error)) from None
        if reason:
            kept = replace(corrected.corrections[-1], reason=reason)
            corrected = replace(corrected, corrections=(*corrected.corrections[:-1], kept))
        return corrected, (before, after, corrected.corrections[-1])

    if dry_run:
        found, (before, after, correction) = judge(path, change)
    else:
        found, (before, after, correction) = transact(path, change)  # a night's table: not reopened after a later draw
    return Corrected(found, before, after, correction, dry_run)


# -- the next game at the same table ------------------------------------------------------


class Started:
    """What `next_game` did: the next game as saved, its name and its file; or, with
    ``already``, the next game an earlier act made after the same game (a second tap, a
    second phone, a resend, a second `chicago again`), found and left as it is."""

    __slots__ = ("already", "name", "path", "session")

    def __init__(self, session: Session, name: str, path: Path, *, already: bool) -> None:
        self.session = session
        self.name = name
        self.path = path
        self.already = already


class NightsTable(ChicagoError):
    """The next game of a club night's table: the night draws it, never `next_game`."""

    def __init__(self, session: str, night: str) -> None:
        super().__init__(
            Msg(
                "{session} is a table of the night {night}, whose seats are drawn by lot: `chicago night draw {night}` draws the next round",
                session=session,
                night=night,
            ),
        )
        self.session = session
        self.night = night


class NotOver(ChicagoError):
    """The phone's Next game on a game still being played."""

    def __init__(self) -> None:
        super().__init__(Msg("the game is not over yet: the next game starts when it is"))


def night_of_table(path: Path) -> str | None:
    """The name of the club night whose table the session file ``path`` is, or None.  A
    file outside the data directory's sessions is no night's table (a --file of the same
    name elsewhere), and most names are decided without reading anything."""
    from ..core.night import night_of_session
    from .locations import sessions_dir

    if night_of_session(path.stem) is None:
        return None
    try:
        here = os.path.realpath(os.path.dirname(os.path.abspath(path)))
        if here != os.path.realpath(sessions_dir()):
            return None
    except OSError:
        return None
    from .nightfile import night_of

    night = night_of(path.stem)
    return None if night is None else night.name


def next_game(
    path: Path,
    *,
    name: str | None = None,
    beside: bool = False,
    current: bool = False,
    add: Sequence[str] = (),
    drop: Sequence[str] = (),
    finished: bool = False,
    expect: Callable[[Session], None] | None = None,
) -> Started:
    """The next game after the game at ``path``, as `chicago again` starts it (the same
    seats and house rules, less ``drop``, with ``add``): one transaction, for `again`,
    `play` and a phone's Next game alike.

    Under the lock of the directory the new file goes in (the data directory's sessions,
    or, ``beside``, the one of ``path``): the next game an earlier act made after this
    game is looked for first (its ``started_by`` is `follows_key`), and if there is one
    it is returned (``already``) and nothing is written, so two taps at once make one
    game and the second learns its name.  Else ``expect`` may refuse the game as found
    (the page's `Seen`), a night's table is refused (the night draws), ``finished``
    refuses a game not over, and the new file is written (named ``name``, by default the
    previous one numbered) and, ``current``, made the current session: both or neither.
    """
    from ..core.again import next_game as following_game
    from ..core.again import next_name
    from .atomic import locked
    from .catalogue import set_current
    from .locations import display_path, real_path, sessions_dir
    from .sessionfile import create_locked

    place = _place(path, beside)
    night = night_of_table(path)
    if night is not None:
        raise NightsTable(path.stem, night)
    # The lock of the directory the new file goes in: the name is chosen under it.
    directory = real_path(path).parent if beside else Path(os.path.realpath(sessions_dir()))
    with locked(directory):
        previous = load_session(path)
        label = previous.name or path.stem
        found, key = _made_after(previous, path, name, beside=beside, current=current)
        if found is not None:
            return found
        if expect is not None:
            expect(previous)
        game = replay_file(previous, path)
        if finished and not game.finished:
            raise NotOver
        if name is None:
            name = next_name(label, lambda other: os.path.lexists(place(other)))
        target = place(name)
        made = following_game(previous, name, now(), add=add, drop=drop)
        saved = create_locked(target, replace(made, started_by=key))
        if current:
            try:
                set_current(name)
            except BaseException as error:
                # Both or neither: a next game the pointer does not name would wait, half
                # made, while the next deals went into the finished one.
                with suppress(FileNotFoundError):
                    real_path(target).unlink()
                if not isinstance(error, ChicagoError):
                    raise
                raise ChicagoError(
                    Msg(
                        "{error}; the new session {path} was removed again, nothing changed",
                        error=error,
                        path=display_path(target),
                    ),
                ) from None
    return Started(saved, name, target, already=False)


def next_game_made(path: Path, *, beside: bool = False) -> Started | None:
    """The next game an earlier act made after the game at ``path`` (`next_game` finds
    it the same way, under the lock), or None: what `play` offers to play on."""
    found, _ = _made_after(load_session(path), path, None, beside=beside, current=not beside)
    return found


def _place(path: Path, beside: bool) -> Callable[[str], Path]:
    """Where a next game named so is written: in the data directory's sessions, or
    (``beside``) next to ``path``."""
    from .locations import check_session_name, session_path

    def place(other: str) -> Path:
        if beside:
            return path.with_name(f"{check_session_name(other)}.toml")
        return session_path(other)

    return place


def _made_after(
    previous: Session, path: Path, name: str | None, *, beside: bool, current: bool
) -> tuple[Started | None, str]:
    """The next game made after ``previous`` (read from ``path``), if any, and the key
    that marks one (`follows_key`)."""
    from ..core.again import follows_key, numbered
    from .locations import get_current

    label = previous.name or path.stem
    key = follows_key(previous, label)
    asked = [name] if name is not None else []
    if current and not beside and (pointed := get_current()):
        asked.append(pointed)
    return _started_after(key, asked, numbered(label), _place(path, beside), path), key


def _started_after(
    key: str, asked: Iterable[str], numbered: Iterator[str], place: Callable[[str], Path], previous: Path
) -> Started | None:
    """The next game `next_game` made after the game whose `follows_key` is ``key``: the
    first of the names ``asked`` (the name asked for, the current session), then of the
    previous name ``numbered`` as far as such files exist, whose ``started_by`` is ``key``."""

    def started(candidate: str) -> Started | None:
        try:
            where = place(candidate)
        except ChicagoError:
            return None  # a pointer that names no session
        if where == previous or not os.path.lexists(where):
            return None
        try:
            session = load_session(where)
        except (ChicagoError, OSError):
            return None  # a file that does not load was made by no next game of ours
        return Started(session, candidate, where, already=True) if session.started_by == key else None

    for candidate in asked:
        if (found := started(candidate)) is not None:
            return found
    for candidate in numbered:
        if not os.path.lexists(place(candidate)):
            return None  # past the last numbered name made: next_name takes this one
        if (found := started(candidate)) is not None:
            return found
    return None  # pragma: no cover - numbered has no end
