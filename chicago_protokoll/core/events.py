"""The events a scorekeeper records, and their plain-dict form for session files.

An event is what happened at the table, never a total: every total is derived
by replaying the events (see `core.game.replay`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, fields
from typing import Any, ClassVar, get_args

from ..i18n.language import Msg
from .cards import Category, parse_category
from .errors import CardError, SessionFileError


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
class Claim(EventType):
    """WHO at a best-hand moment, as said at the table: a player and a hand, ``pass``
    (``player`` None) or ``tie`` (the best hands exactly equal; nobody scores).

    The claim is the best-hand event's own payload: `BuyWinner` and `Showdown` are a
    claim placed in a deal, so every field declared here is recorded, saved, compared
    and merged with no copy to forget.  ``cards`` are the five cards if they were given
    (their codes, as `cards.evaluate` orders them), ``zero`` a four of a kind's choice to
    zero the others (hands.four_of_a_kind_zeroes = "choice"), ``opponent`` whose total
    the points come off instead of adding to the player's (scoring.take_from_opponent,
    seed 001's "nolla en motståndare").  Whether the house rules allow any of it is the
    engine's to judge; the value only says what was claimed.  A field past ``cards`` is
    a modifier: `core.claims.MODIFIERS` holds its words, and the printers below and
    the phone's choices say it (tests/core/test_claim_fields.py names every place).

    A bare claim (not yet an event) has no deal and no id; it is an `EventType` only so
    that the events built on it keep one layout (the id slot and the type's facts)."""

    player: str | None
    hand: Category | None = None
    cards: str | None = None
    tie: bool = False
    zero: bool = False
    opponent: str | None = None
    field_since: ClassVar[dict[str, int]] = {"opponent": 4}

    @property
    def is_pass(self) -> bool:
        return self.player is None and not self.tie

    def said(self) -> dict[str, Any]:
        """The claim's fields by name (no deal, no id): what `claim_of`, `event` and the
        phone's choices carry whole, whatever fields a claim gains."""
        return {name: getattr(self, name) for name in CLAIM_FIELDS}

    def bare(self) -> Claim:
        """The claim alone, without the deal of the event it may be (`Claim.of`)."""
        return self if type(self) is Claim else Claim(**self.said())

    @classmethod
    def of(cls, event: Claim) -> Claim:
        """The claim a recorded best hand (köp or showdown) was made from."""
        return event.bare()

    def switched(self, switches: Iterable[str]) -> Claim:
        """The claim with the switches named (field names of `SWITCHES`) set; a name that
        is no switch is left out (a page's choice of a modifier this release lacks)."""
        values: dict[str, Any] = self.bare().said()
        values.update(dict.fromkeys((name for name in switches if name in SWITCHES), True))
        return Claim(**values)

    def event(self, deal: int, *, buy: int | None) -> BuyWinner | Showdown:
        """The claim recorded as köp ``buy``'s best hand, or (``buy=None``) the showdown's."""
        if buy is None:
            return Showdown(**self.said(), deal=deal)
        return BuyWinner(**self.said(), deal=deal, buy=buy)

    @classmethod
    def from_choices(cls, who: str, hand: str = "", opponent: str = "") -> Claim:
        """The phone's three choices (`choices`) as a claim: who (a player, ``pass`` or
        ``tie``), the hand's slug with the switches chosen after it
        (``four-of-a-kind:zero`` to zero the others; "" for a tie with no hand named) and
        whose total the points come off ("" for none).  A player without a hand is an
        `EntryError`, as ``Anna:`` typed is; the seats are the engine's to check."""
        if who == "pass":
            return cls(None)
        slug, *chosen = hand.split(":")
        category = _hand_of_slug(slug) if slug else None
        if who == "tie":
            return cls(None, hand=category, tie=True)
        if category is None:
            raise CardError(_needs_a_hand(f"{who}:"))
        return cls(who, category, opponent=opponent or None).switched(chosen)

    def choices(self) -> tuple[str, str, str]:
        """The phone's three choices (`from_choices` reads them back): who (a player,
        ``pass`` or ``tie``), the hand's slug with the switches set after it
        (``four-of-a-kind:zero``) and the opponent ("" for none).  The cards are not among
        them: a correction that keeps the choices keeps the recorded claim whole."""
        if self.tie:
            return "tie", self.hand.value if self.hand else "", ""
        if self.player is None or self.hand is None:
            return "pass", "", ""
        slug = ":".join((self.hand.value, *(name for name in SWITCHES if getattr(self, name))))
        return self.player, slug, self.opponent or ""

    def same_choices(self, other: Claim) -> bool:
        """Whether ``other`` makes the same choices (it may lack the cards)."""
        return self.choices() == other.choices()

    def text(self, lang: str = "en") -> str:
        """The typed text: what ``chicago deal --buy`` reads and ``edit`` shows (``pass``,
        ``tie``, ``tie:pair``, ``Anna:two-pair KH KS 9D 9H 3C``, ``Anna:four-of-a-kind:zero``,
        ``Anna:full-house:from:Bo``; in Swedish ``Anna:kåk:från:Bo``); `parse_claim` reads
        it back to this same value."""
        if self.tie:
            return f"tie:{_hand_word(self.hand, lang)}" if self.hand else "tie"
        if self.player is None or self.hand is None:
            return "pass"
        cards = f" {self.cards}" if self.cards else ""
        return ":".join((self.player, _hand_word(self.hand, lang) + cards, *self.modifiers(lang)))

    def spoken(self, lang: str = "en") -> str:
        """The claim as said aloud in ``play`` (``Anna kåk nolla från Bo``); the spoken
        reader reads it back to this same value."""
        if self.tie:
            return f"tie {_hand_word(self.hand, lang)}" if self.hand else "tie"
        if self.player is None or self.hand is None:
            return "pass"
        cards = f" {self.cards}" if self.cards else ""
        return " ".join((self.player, _hand_word(self.hand, lang) + cards, *self.modifiers(lang)))

    def modifiers(self, lang: str) -> tuple[str, ...]:
        """The modifier words of the claim, each once, in the order of the fields
        (``("nolla",)``, ``("från", "Bo")``): the typed and the spoken forms print them."""
        words: list[str] = []
        for name in SWITCHES:
            if getattr(self, name):
                words.append(MODIFIER_WORDS[name][lang == "sv"])
        if self.opponent is not None:
            words += (MODIFIER_WORDS["opponent"][lang == "sv"], self.opponent)
        return tuple(words)

    def words(self, lang: str) -> str:
        """The claim in words, as ``log`` and ``explain`` tell it: ``Anna: full house
        [KH KS KD 2C 2D], taken from Bo``, ``pass: nobody had a hand``."""
        if self.tie:
            hand = f" ({self.hand.localized(lang)})" if self.hand else ""
            return Msg("exact tie{hand}: nobody scores", hand=hand).localized(lang)
        if self.player is None or self.hand is None:
            return Msg("pass: nobody had a hand").localized(lang)
        cards = f" [{self.cards}]" if self.cards else ""
        told = "".join(
            SWITCH_WORDS[name].localized(lang) for name in SWITCHES if getattr(self, name)
        )
        return f"{self.player}: {self.hand.localized(lang)}{cards}{told}" + taken_words(
            self.opponent, lang
        )

    def localized(self, lang: str) -> str:
        """`words`: so a message (`Msg`) can carry a claim and say it in its language."""
        return self.words(lang)


#: The fields that make a claim (every event built on one adds its deal and more).
CLAIM_FIELDS = ("player", "hand", "cards", "tie", "zero", "opponent")
#: The claim's yes-or-no modifiers, by field name: each is one word typed or said after
#: the hand (``nolla``), one choice on the phone, one phrase in the words of ``log``.
SWITCHES = ("zero",)
#: The word each modifier is printed with, (English, Swedish): `text` and `spoken` print
#: it, `core.claims.MODIFIERS` reads it back among its other spellings.
MODIFIER_WORDS: dict[str, tuple[str, str]] = {
    "zero": ("zero", "nolla"),
    "opponent": ("from", "från"),
    "with_two": ("two", "tvåa"),
}
#: What a switch adds to the words of ``log`` and ``explain``.
SWITCH_WORDS: dict[str, Msg] = {"zero": Msg(", zeroing the others")}


def _hand_word(hand: Category | None, lang: str) -> str:
    """A hand as typed: its slug in English (``two-pair``), its name in Swedish."""
    if hand is None:
        return ""
    return hand.localized("sv") if lang == "sv" else hand.value


def _hand_of_slug(slug: str) -> Category:
    """A hand named by its slug (``two-pair``), or a hand's name in any language."""
    try:
        return Category(slug)
    except ValueError:
        return parse_category(slug)


def _needs_a_hand(text: str) -> Msg:
    return Msg(
        "'{text}' needs a hand: write PLAYER:HAND like 'Anna:två par', or 'pass' or 'tie'",
        text=text,
    )


def taken_words(opponent: str | None, lang: str) -> str:
    """``, taken from Bo`` when the points went off an opponent's total instead."""
    if opponent is None:
        return ""
    return Msg(", taken from {opponent}", opponent=opponent).localized(lang)


@dataclass(frozen=True, slots=True)
class BuyWinner(Claim):
    """Köp N: the single best hand after the Nth exchange."""

    deal: int = field(kw_only=True)
    buy: int = 1
    kind: ClassVar[str] = "buy"


@dataclass(frozen=True, slots=True)
class Showdown(Claim):
    """The best hand shown after the tricks; it ends the deal."""

    deal: int = field(kw_only=True)
    kind: ClassVar[str] = "showdown"


#: The two best-hand moments: a claim placed in a deal.
HandEvent = BuyWinner | Showdown


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
class Taking(EventType):
    """Who took the last trick, whether with a two, and whose total its points come off
    (None: the taker's own total gains them).  Typed ``Anna``, ``Anna:från:Bo``,
    ``Anna:tvåa`` (`claims.parse_taking`).  The last trick's own payload, as a claim is
    a best hand's: `LastTrick` is a taking placed in a deal."""

    player: str
    with_two: bool = False
    opponent: str | None = None  # the points taken off this total instead (seed 001)
    field_since: ClassVar[dict[str, int]] = {"opponent": 4}

    def said(self) -> dict[str, Any]:  # the taking's fields by name, as `Claim.said`
        return {name: getattr(self, name) for name in TAKING_FIELDS}
    @classmethod
    def of(cls, event: Taking) -> Taking:
        return event if type(event) is Taking else Taking(**event.said())

    def modifiers(self, lang: str) -> tuple[str, ...]:
        words = [MODIFIER_WORDS["with_two"][lang == "sv"]] if self.with_two else []
        if self.opponent is not None:
            words += (MODIFIER_WORDS["opponent"][lang == "sv"], self.opponent)
        return tuple(words)

    def text(self, lang: str = "en") -> str:
        """The typed text, ``Anna``, ``Anna:two`` or ``Anna:from:Bo``: `parse_taking`
        reads it back to this same value."""
        return ":".join((self.player, *self.modifiers(lang)))

    def spoken(self, lang: str = "en") -> str:
        """As said in ``play`` (``Anna tvåa från Bo``): the spoken reader reads it back."""
        return " ".join((self.player, *self.modifiers(lang)))


TAKING_FIELDS = ("player", "with_two", "opponent")


@dataclass(frozen=True, slots=True)
class LastTrick(Taking):
    """Sista sticket ("spelet"): a taking in a deal; ``with_two`` when won with a two."""

    deal: int = field(kw_only=True)
    kind: ClassVar[str] = "last-trick"


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
    if event.id:
        data["id"] = event.id
    data["deal"] = event.deal  # second in every file, before a claim's own fields
    disk_names = event.disk_names
    for item in fields(event):
        value = getattr(event, item.name)
        if value is None or (value is False and item.name != "count"):
            continue
        if item.name in ("id", "deal") or (item.name == "at" and not value):
            continue  # placed above; no time kept
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
    if issubclass(cls, Claim) and "player" not in values:
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
