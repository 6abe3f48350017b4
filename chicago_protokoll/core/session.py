"""A session as recorded (seats, first dealer, house rules, events) and the players' names at it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from ..i18n.language import Joined, Msg
from .errors import AmbiguousPlayerError, Rule, RuleViolation, UnknownPlayerError
from .events import (
    Correction,
    Event,
    TakenBack,
)
from .names import check_player_names, typed_name
from .rules import PRESETS, HouseRules


@dataclass(frozen=True, slots=True)
class Session:
    """A game as recorded: the seats, the first dealer, the house rules and the events."""

    players: tuple[str, ...]
    rules: HouseRules = field(default_factory=HouseRules)
    first_dealer: str = ""
    events: tuple[Event, ...] = ()
    name: str = ""
    created: str = ""
    # The history of `chicago edit`; the events above are the record as corrected.
    corrections: tuple[Correction, ...] = ()
    # The ids `undo` took back, with when: never recorded again (core.ids).
    taken_back: tuple[TakenBack, ...] = ()
    # Which game this one is the next game of (`core.again.follows_key`: `again`, `play`,
    # a phone's Next game), so that a second act for that game finds this one instead of
    # making another ("Next game already started: fredag-2"); "" if none.  A file of an
    # earlier release may hold the entry id of the phone's write instead.
    started_by: str = ""

    def __post_init__(self) -> None:
        if not self.first_dealer and self.players:
            object.__setattr__(self, "first_dealer", self.players[0])

    def with_event(self, event: Event) -> Session:
        return replace(self, events=(*self.events, event))

    def without_last_event(self) -> Session:
        return replace(self, events=self.events[:-1])


def new_session(
    players: Sequence[str],
    rules: HouseRules | None = None,
    *,
    dealer: str | None = None,
    name: str = "",
    created: str = "",
    new_names: bool = True,
) -> Session:
    """A new game; refuses a table size the rules do not allow and unusable names
    (``new_names=False``: names read from a file, which keep what an older release took)."""
    rules = rules or HouseRules()
    # the one check of a player's name: core/names.py
    names = check_player_names(players, new=new_names)
    low, high = rules.game.min_players, rules.game.max_players
    if not low <= len(names) <= high:
        key = "game.min_players" if len(names) < low else "game.max_players"
        count = len(names)
        # Say what allows the table: a preset, else the key in a house-rules file.
        allowing = [
            name
            for name, (_, preset_rules) in PRESETS.items()
            if preset_rules.game.min_players <= count <= preset_rules.game.max_players
        ]
        hint: Msg | str = ""
        if allowing:
            hint = Msg("; --preset {preset} allows {count}", preset=allowing[0], count=count)
        raise RuleViolation(
            Msg(
                "Chicago at this table is for {low} to {high} players, not {count}{hint}",
                low=low,
                high=high,
                count=count,
                hint=hint,
            ),
            rule=Rule.TABLE_SIZE,
            key=key,
        )
    first = resolve_player(dealer, names) if dealer else names[0]
    return Session(players=names, rules=rules, first_dealer=first, name=name, created=created)


def resolve_player(text: str, players: Sequence[str], *, allow_prefix: bool = False) -> str:
    """The seat name meant by ``text``: exact, then case-insensitive, then (if allowed) a
    unique prefix.  Unknown names are refused with the names there are."""
    wanted = typed_name(text)  # NFC: 'Åsa' typed decomposed is the seat 'Åsa'
    if wanted in players:
        return wanted
    folded = [p for p in players if p.casefold() == wanted.casefold()]
    if len(folded) == 1:
        return folded[0]
    if allow_prefix and wanted:
        matches = [p for p in players if p.casefold().startswith(wanted.casefold())]
        if len(matches) == 1:
            return matches[0]
        if len(matches) > 1:
            raise AmbiguousPlayerError(
                Msg(
                    "'{text}' could be {matches}: type more of the name",
                    text=text,
                    matches=Joined(matches, Msg(" or ")),
                ),
            )
    import difflib  # only on this error path: it imports re, which start-up avoids

    close = difflib.get_close_matches(wanted.casefold(), [p.casefold() for p in players], n=1)
    guess = next((p for p in players if close and p.casefold() == close[0]), None)
    hint = Msg(" (did you mean {guess}?)", guess=guess) if guess else ""
    raise UnknownPlayerError(
        Msg(
            "'{text}' is not at this table; the players are {players}{hint}",
            text=text,
            players=", ".join(players),
            hint=hint,
        ),
    )
