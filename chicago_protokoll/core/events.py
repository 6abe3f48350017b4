"""The events a scorekeeper records, and their plain-dict form for session files.

An event is what happened at the table, never a total: every total is derived
by replaying the events (see `core.game.replay`).
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any, ClassVar, get_args

from ..i18n.language import Msg
from .cards import Category, parse_category
from .errors import SessionFileError


@dataclass(frozen=True, slots=True)
class EventType:
    """What every event type declares besides its fields, and the one field all share.

    ``id`` is the event's identity (`core.ids`): it makes a resent write idempotent, a
    stale page detectable and two copies of one log mergeable.  It is no part of what
    happened at the table, so two events are equal when their content is, whatever their
    ids (an edit that records the same moment again keeps it; "the same content" is
    ``==``).  Keyword-only, so every type's own fields keep their positions; ``""`` until
    the event joins a record (`ids.identify`), and a loaded event always has one.
    """

    id: str = field(default="", kw_only=True, compare=False, repr=False)
    #: The name of the type on disk (``type = "buy"``).
    kind: ClassVar[str] = ""
    #: The session-file format version that first had this type (store.fileformat).
    since: ClassVar[int] = 1
    #: Fields whose name on disk (and in exported JSON) differs from the attribute's.
    disk_names: ClassVar[dict[str, str]] = {}
    #: Fields newer than the type, with the format version that first had each: an event
    #: that uses one (not None, not False) needs that version, one that does not stays
    #: readable by the releases before (`event_since`).
    field_since: ClassVar[dict[str, int]] = {}


@dataclass(frozen=True, slots=True)
class HandEvent(EventType):
    """Base of the two best-hand moments.  ``player`` is None when nobody scores:
    everyone passed, or (``tie``) the best hands were exactly equal."""

    deal: int
    player: str | None
    hand: Category | None = None
    cards: str | None = None
    tie: bool = False
    zero: bool = False  # four of a kind zeroing the opponents instead of scoring ("choice")
    # The points taken off this opponent's total instead of added to the player's
    # (scoring.take_from_opponent, seed 001's "nolla en motståndare").
    opponent: str | None = None
    field_since: ClassVar[dict[str, int]] = {"opponent": 4}

    @property
    def is_pass(self) -> bool:
        return self.player is None and not self.tie


@dataclass(frozen=True, slots=True)
class BuyWinner(HandEvent):
    """Köp N: the single best hand after the Nth exchange."""

    buy: int = 1
    kind: ClassVar[str] = "buy"


@dataclass(frozen=True, slots=True)
class Showdown(HandEvent):
    """The best hand shown after the tricks; it ends the deal."""

    kind: ClassVar[str] = "showdown"


@dataclass(frozen=True, slots=True)
class Exchange(EventType):
    """How many cards a player exchanged (köpte) in köp N: 0-5."""

    deal: int
    player: str
    buy: int
    count: int
    kind: ClassVar[str] = "exchange"


@dataclass(frozen=True, slots=True)
class ChicagoDeclared(EventType):
    """A player declares Chicago: all five tricks, before the first lead."""

    deal: int
    player: str
    kind: ClassVar[str] = "chicago"


@dataclass(frozen=True, slots=True)
class ChicagoWon(EventType):
    """The declarer took all five tricks."""

    deal: int
    player: str
    kind: ClassVar[str] = "chicago-won"


@dataclass(frozen=True, slots=True)
class ChicagoBroken(EventType):
    """Another player took a trick from the declarer: the deal ends there."""

    deal: int
    player: str  # the breaker
    kind: ClassVar[str] = "chicago-broken"
    # On disk and in exported JSON the field has always been called "breaker".
    disk_names: ClassVar[dict[str, str]] = {"player": "breaker"}


@dataclass(frozen=True, slots=True)
class LastTrick(EventType):
    """Sista sticket ("spelet"); ``with_two`` when it was won with a two."""

    deal: int
    player: str
    with_two: bool = False
    opponent: str | None = None  # the points taken off this total instead (seed 001)
    kind: ClassVar[str] = "last-trick"
    field_since: ClassVar[dict[str, int]] = {"opponent": 4}


@dataclass(frozen=True, slots=True)
class Royal(EventType):
    """A royal straight flush shown: the game is won at once."""

    deal: int
    player: str
    kind: ClassVar[str] = "royal"


@dataclass(frozen=True, slots=True)
class Penalty(EventType):
    """A deduction the table rules on (straff): ``points`` (1 or more) off ``player``'s
    total, with the table's reason.  The floor applies; it never ends a game by itself.

    ``after_end``: the revisor's deduction after the game was over, recorded only in a
    game of a closed night (an amendment after the result, cli.md "its check and its
    close"): it lowers the total in the game's last deal and changes neither the game's
    end nor who won it.  A penalty without it is refused once the game is over, except
    in the deal whose end reached the target, which is judged after the penalties that
    belong to it (a correction that lifts that deal to the target keeps them there)."""

    deal: int
    player: str
    points: int
    reason: str
    after_end: bool = False
    #: When an amendment (``after_end``) was written, ISO 8601: the night lists its
    #: amendments in time order.  No part of what happened at the table, as ``id``.
    at: str = field(default="", compare=False)
    kind: ClassVar[str] = "penalty"
    since: ClassVar[int] = 3
    field_since: ClassVar[dict[str, int]] = {"after_end": 6, "at": 7}


@dataclass(frozen=True, slots=True)
class Forfeit(EventType):
    """``player`` loses the game (förlorar), e.g. a hand claimed that could not be shown,
    or a player who left: the game ends at once, the others' best totals win.

    ``after_end``: the revisor's ruling once the game was over, recorded only in a game of
    a closed night (an amendment after the result): the player is placed last and counts
    0 as any forfeiter does; the game keeps its end, and if the player had won it, the
    others' best totals win instead."""

    deal: int
    player: str
    reason: str
    after_end: bool = False
    #: When an amendment (``after_end``) was written (as `Penalty.at`).
    at: str = field(default="", compare=False)
    kind: ClassVar[str] = "forfeit"
    since: ClassVar[int] = 3
    field_since: ClassVar[dict[str, int]] = {"after_end": 6, "at": 7}


@dataclass(frozen=True, slots=True)
class Note(EventType):
    """A remark on a deal (a misdeal, a ruling): anteckning."""

    deal: int
    text: str
    kind: ClassVar[str] = "note"
    since: ClassVar[int] = 3


# What is played at the table: the scoring moments of a deal, in the engine's order.
PlayEvent = (
    BuyWinner
    | Showdown
    | Exchange
    | ChicagoDeclared
    | ChicagoWon
    | ChicagoBroken
    | LastTrick
    | Royal
)
# What the revisor writes beside the play (rules.md, "Club nights and the revisor"): a
# penalty, a forfeit, a note.  None of them is a scoring moment of the deal.
RevisorEvent = Penalty | Forfeit | Note
Event = PlayEvent | RevisorEvent

# Every type of the union above by its name on disk: the union is the one list of types.
EVENT_TYPES: dict[str, type[Any]] = {cls.kind: cls for cls in get_args(Event)}


def named_player(event: Event) -> str | None:
    """The player an event names; None for one that names nobody (a note, a pass, a tie)."""
    return None if isinstance(event, Note) else event.player


def named_players(event: Event) -> tuple[str, ...]:
    """Every player an event names: its player and, where points were taken off one, the
    opponent (the player check of a file reads both)."""
    named = (named_player(event), opponent(event))
    return tuple(name for name in named if name is not None)


def opponent(event: Event) -> str | None:
    """Whose total the event's points were taken off (scoring.take_from_opponent), or None."""
    return event.opponent if isinstance(event, HandEvent | LastTrick) else None


def event_since(event: Event) -> int:
    """The oldest format version that can read the event: its type's, or that of a newer
    field it uses."""
    used = (
        version
        for name, version in event.field_since.items()
        if getattr(event, name) not in (None, False, "")
    )
    return max((event.since, *used))


#: The newest format version any event type or field needs.
EVENTS_VERSION = max(
    version
    for cls in EVENT_TYPES.values()
    for version in (cls.since, *cls.field_since.values())
)


@dataclass(frozen=True, slots=True)
class Correction:
    """A recorded deal corrected afterwards (`chicago edit`): when, which deal, all of
    its events before and after.  ``last_event`` is the id of the record's last event
    right after the correction, so `undo` (and a phone's page) can tell that it was the
    last thing done; ``""`` when that event is gone (a file of an earlier release that
    undid it).  ``id`` is the correction's own identity, as an event's."""

    deal: int
    at: str
    before: tuple[Event, ...]
    after: tuple[Event, ...]
    last_event: str
    id: str = field(default="", compare=False, repr=False)
    #: Why (``edit --reason``): needed after a night's close, where the correction is an
    #: amendment listed after the result; "" otherwise.
    reason: str = ""


@dataclass(frozen=True, slots=True)
class TakenBack:
    """An entry `undo` took back: its id and when (ISO 8601 with offset).  Kept in the
    file so that a write or a merge that brings the id again records nothing."""

    id: str
    at: str


def event_to_dict(event: Event) -> dict[str, Any]:
    """The event as a TOML-ready table: ``type`` first, then its ``id`` (when it has
    one), defaults and empty values left out."""
    data: dict[str, Any] = {"type": event.kind}
    disk_names = event.disk_names
    for item in fields(event):
        value = getattr(event, item.name)
        if value is None or (value is False and item.name != "count"):
            continue
        if item.name in ("id", "at") and not value:  # not yet in a record; no time kept
            continue
        name = disk_names.get(item.name, item.name)
        data[name] = value.value if isinstance(value, Category) else value
    return data


# The type of each field's value in a file, by its name on disk: what tomllib (and the
# store's reader) gives for it, exactly (a bool is no int here).
_FIELD_TYPES: dict[str, type] = {
    "deal": int,
    "buy": int,
    "count": int,
    "player": str,
    "breaker": str,
    "cards": str,
    "hand": str,
    "tie": bool,
    "zero": bool,
    "with_two": bool,
    "after_end": bool,
    "at": str,
    "points": int,
    "reason": str,
    "text": str,
    "opponent": str,
    "id": str,
}

# An event type's table as a file holds it: for each name on disk, the attribute it
# fills and the type its value must have (None: no value will do).
_Plan = dict[str, tuple[str, type | None]]
_PLANS: dict[type[Any], _Plan] = {}


def _plan(cls: type[Any]) -> _Plan:
    """Worked out once per type: a club's index reads 170,000 events, and
    `dataclasses.fields` builds its tuple anew on every call."""
    plan = _PLANS.get(cls)
    if plan is None:
        disk_names: dict[str, str] = cls.disk_names
        plan = _PLANS[cls] = {}
        for item in fields(cls):
            disk = disk_names.get(item.name, item.name)
            plan[disk] = (item.name, _FIELD_TYPES.get(disk))
    return plan


def event_from_dict(data: dict[str, Any]) -> Event:
    """Rebuild an event from its table; `SessionFileError` says what is wrong with it."""
    kind = data.get("type")
    cls = EVENT_TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise SessionFileError(Msg("unknown event type {kind!r}", kind=kind))
    plan = _plan(cls)
    values: dict[str, Any] = {}
    for key, value in data.items():
        step = plan.get(key)
        if step is None:
            if key == "type":
                continue
            raise SessionFileError(
                Msg("a {kind} event has an unknown field {key!r}", kind=kind, key=key),
            )
        attribute, expected = step
        if type(value) is not expected:
            raise SessionFileError(
                Msg(
                    "a {kind} event has a bad value for {key}: {value!r}",
                    kind=kind,
                    key=key,
                    value=value,
                ),
            )
        if key == "hand":
            try:
                values[attribute] = parse_category(str(value))
            except ValueError as error:
                raise SessionFileError(
                    Msg("a {kind} event: {error}", kind=kind, error=error)
                ) from None
        else:
            values[attribute] = value
    if "deal" not in values:
        raise SessionFileError(
            Msg("a {kind} event has no deal number", kind=kind),
        )
    if issubclass(cls, HandEvent) and "player" not in values:
        values["player"] = None
    try:
        event: Event = cls(**values)  # type: ignore[assignment]  # cls is one of Event's types
    except TypeError:
        missing = sorted(
            disk
            for disk, (attribute, _) in plan.items()
            if attribute not in values and attribute not in ("kind", "id")
        )
        raise SessionFileError(
            Msg("a {kind} event is missing {missing}", kind=kind, missing=', '.join(missing)),
        ) from None
    return event
