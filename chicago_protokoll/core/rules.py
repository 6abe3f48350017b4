"""House rules: one schema, from which everything about a key is derived.

Each key is declared once, as a field of its section's class below: its Python type (the
annotation), its TOML type, range and main-rule default and its comment (the call that
makes the field: `number`, `number_or_off`, `points`, `flag`, `choice`).  The TOML reader
and its checks, ``rules show``/``rules init``, the session-file reader and writer, and
docs/house-rules.md all read that declaration (`schema()`).  Every key is optional; a
missing key takes the main rule.  Reading never stops at the first problem: all of them
are reported together, each naming its key (``chicago.min_score``) and the file.

"Off" (no floor, no köpstopp, no zeroing) is held as None, never False: ``False == 0`` in
Python, and "no floor" and "a floor at 0" are different tables.  In TOML "off" is
``false``.  Equality and hashing come from the fields (the standard dataclass ones).
"""

from __future__ import annotations

import difflib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, fields
from enum import Enum
from typing import Any, Literal, assert_never

from ..i18n.language import N_, Msg
from .cards import Category
from .errors import RulesFileError

Win = Literal["win"]
HandPoints = int | Win
Zeroing = Literal["choice", "always"] | None
Ties = Literal["none", "suit", "flush-suit"]
FlushOrder = Literal["ranks", "suit"]

#: The largest number a table may type for any key (in absolute value).  Checked for
#: what is typed (``rules check``, ``new``, ``with_changes``), never for a session file
#: an earlier release wrote: those load as they are.
LIMIT = 1_000_000


class Kind(Enum):
    """How a key is written in TOML."""

    NUMBER = "a whole number"
    NUMBER_OR_OFF = "a whole number or false"
    POINTS = 'a number of points or "win"'
    FLAG = "true or false"
    CHOICE = "one of the choices"


@dataclass(frozen=True, slots=True)
class Key:
    """The declaration of one house-rules key (see the module docstring)."""

    section: str
    name: str
    kind: Kind
    default: Any
    comment: str  # English message id; the Swedish is in the catalogue (i18n)
    low: int = -LIMIT
    high: int = LIMIT
    choices: tuple[str, ...] = ()
    off_allowed: bool = False  # CHOICE: false (held as None) is one of the choices
    #: The session-file format version that first knew the key.  A key of a later
    #: version is written only when it is not at the main rule, and raises the file's
    #: version to this one; so a file that uses no new key stays readable by the release
    #: before (a club's shared folder mixes versions).
    since: int = 1

    @property
    def path(self) -> str:
        return f"{self.section}.{self.name}"

    def to_toml(self, value: Any) -> Any:
        """The value as TOML holds it: None ("off") is false."""
        return False if value is None else value

    @property
    def example(self) -> Any:
        """A value other than the main rule that the key takes (given alone), as TOML
        holds it: the tests try every key with it, so a new key needs no list of its own."""
        match self.kind:
            case Kind.FLAG:
                return not self.default
            case Kind.CHOICE:
                if self.off_allowed and self.default is not None:
                    return False
                return next(c for c in self.choices if c != self.default)
            case Kind.POINTS:
                return 1 if self.default == "win" else self.default + 1
            case Kind.NUMBER_OR_OFF if self.default is not None:
                return False
            case Kind.NUMBER | Kind.NUMBER_OR_OFF:
                start = 0 if self.default is None else self.default
                return start - 1 if start - 1 >= self.low else start + 1
            case _:
                assert_never(self.kind)


def _declare(kind: Kind, default: Any, comment: str, **spec: Any) -> Any:
    # The section and the name are filled in by `schema()` from the class and the field.
    return field(default=default, metadata={"key": (kind, comment, spec)})


def number(default: int, comment: str, *, low: int = -LIMIT, high: int = LIMIT,
           since: int = 1) -> Any:
    """A whole number from ``low`` to ``high``."""
    return _declare(Kind.NUMBER, default, comment, low=low, high=high, since=since)


def number_or_off(default: int | None, comment: str, *, low: int = -LIMIT, high: int = LIMIT,
                  since: int = 1) -> Any:
    """A whole number, or false (held as None) for "off"."""
    return _declare(Kind.NUMBER_OR_OFF, default, comment, low=low, high=high, since=since)


def points(default: HandPoints, comment: str, *, since: int = 1) -> Any:
    """Points (0 or more) or "win": the game is won at once."""
    return _declare(Kind.POINTS, default, comment, low=0, high=LIMIT, since=since)


def flag(default: bool, comment: str, *, since: int = 1) -> Any:
    """True or false."""
    return _declare(Kind.FLAG, default, comment, since=since)


def choice(default: str | None, comment: str, choices: tuple[str, ...], *,
           off_allowed: bool = False, since: int = 1) -> Any:
    """One of ``choices`` (strings); with ``off_allowed`` also false (held as None)."""
    return _declare(Kind.CHOICE, default, comment, choices=choices, off_allowed=off_allowed,
                    since=since)


class _Section:
    """What the sections share: "off" given as false (TOML's spelling, and how this
    library took it before the schema) is held as None, so that it never equals 0."""

    __slots__ = ()

    def __post_init__(self) -> None:
        for item in fields(self):  # type: ignore[arg-type]  # every subclass is a dataclass
            if getattr(self, item.name) is False and _can_be_off(item.metadata["key"]):
                object.__setattr__(self, item.name, None)


def _can_be_off(declaration: tuple[Kind, str, dict[str, Any]]) -> bool:
    kind, _, spec = declaration
    return kind is Kind.NUMBER_OR_OFF or bool(spec.get("off_allowed"))


@dataclass(frozen=True, slots=True)
class GameRules(_Section):
    """``[game]``: target, table size and the number of exchanges (köp) per deal."""

    target: int = number(52, N_("points that end the game, judged at the end of a deal (51 in one variant)"), low=1)
    min_players: int = number(2, N_("fewest players at the table"), low=2, high=6)
    max_players: int = number(4, N_("most players at the table (up to 6)"), low=2, high=6)
    buys: int = number(3, N_("exchanges (köp) per deal, 1..3"), low=1, high=3)
    scored_buys: int = number(2, N_("exchanges followed by a best-hand scoring, 0..buys"), low=0, high=3)


@dataclass(frozen=True, slots=True)
class ScoringRules(_Section):
    """``[scoring]``: the last trick (sista sticket), the zero floor, and whether the points
    scored may be taken off an opponent instead (seed 001)."""

    last_trick: int = number(5, N_("points for the last trick (sista sticket)"), low=0)
    last_trick_with_two: int = number(5, N_("points when the last trick is won with a two (variant: 10)"), low=0)
    floor: int | None = number_or_off(0, N_("lowest possible total; false: totals may go negative"), high=0)
    take_from_opponent: bool = flag(False, N_("true: whoever scores a hand or the last trick may take the points off one opponent instead"), since=4)


@dataclass(frozen=True, slots=True)
class HandRules(_Section):
    """``[hands]``: points per hand, or "win" for an instant game win."""

    pair: HandPoints = points(1, N_("par"))
    two_pair: HandPoints = points(2, N_("två par"))
    three_of_a_kind: HandPoints = points(3, N_("triss"))
    straight: HandPoints = points(4, N_("stege"))
    flush: HandPoints = points(5, N_("färg"))
    full_house: HandPoints = points(6, N_("kåk"))
    four_of_a_kind: HandPoints = points(7, N_("fyrtal (variant 8)"))
    straight_flush: HandPoints = points(8, N_('färgstege (variants 11, or "win")'))
    royal_straight_flush: HandPoints = points("win", N_('"win": the game is won at once'))
    four_of_a_kind_zeroes: Zeroing = choice(
        None,
        N_('false, "choice" (zero the others instead of scoring) or "always"'),
        ("choice", "always"),
        off_allowed=True,
    )
    ace_low_straight: bool = flag(True, N_("A-2-3-4-5 counts as a straight"))
    ties: Ties = choice(
        "none",
        N_('"none": equal hands score nothing; "suit": hearts > spades > diamonds > clubs; '
            '"flush-suit": the suits decide only between equal flushes'),
        ("none", "suit", "flush-suit"),
    )
    # Format 7: a file of an earlier release has no such key and was played by the ranks.
    flush_order: FlushOrder = choice(
        "ranks",
        N_('which flush beats which; "ranks": by their cards; "suit": the suits decide '
            "between flushes: hearts beat spades, spades beat diamonds, diamonds beat clubs "
            "(a straight flush still beats every flush)"),
        ("ranks", "suit"),
        since=7,
    )

    def points(self, category: Category) -> HandPoints:
        """The points of a category; "win" ends the game at once.  High card scores nothing."""
        if category is Category.HIGH_CARD:
            return 0
        value: HandPoints = getattr(self, category.rules_key)
        return value


@dataclass(frozen=True, slots=True)
class ChicagoRules(_Section):
    """``[chicago]``: the declaration to take all five tricks."""

    success: int = number(15, N_("points for taking all five tricks (variant 10)"), low=0)
    failure: int = number(-15, N_("points for a broken Chicago (variant -10)"), high=0)
    min_score: int = number(15, N_("points needed to declare, counted at the moment of declaring; 0: any time"), low=0)
    breaker_bonus: int = number(0, N_("points for the player who breaks a Chicago (10 tournament, 8 old Pagat)"), low=0)
    required_to_win: bool = flag(False, N_("true: reaching the target without a successful Chicago resets to 0"))
    max_per_player: int = number(0, N_("Chicagos a player may declare in one game; 0: unlimited"), low=0)


@dataclass(frozen=True, slots=True)
class BuyStopRules(_Section):
    """``[buy_stop]``: köpstopp, judged by each player's total at the start of a deal."""

    threshold: int | None = number_or_off(46, N_("köpstopp from the deal after a player has this many; false: no köpstopp"), low=1)


@dataclass(frozen=True, slots=True)
class HouseRules:
    """The complete house rules of one table; the defaults are the main rule."""

    game: GameRules = field(default_factory=GameRules)
    scoring: ScoringRules = field(default_factory=ScoringRules)
    hands: HandRules = field(default_factory=HandRules)
    chicago: ChicagoRules = field(default_factory=ChicagoRules)
    buy_stop: BuyStopRules = field(default_factory=BuyStopRules)

    @classmethod
    def from_mapping(
        cls, data: Mapping[str, Any], *, source: str = "house rules", typed: bool = True
    ) -> HouseRules:
        """Build rules from a parsed TOML table; raise `RulesFileError` listing every problem.

        ``typed``: the table was typed now (a rules file, an option), so the bound of
        `LIMIT` applies; a session file's copy of its rules passes False (an earlier
        release may have written a larger number, and the file must still load)."""
        return _read(data, source, typed=typed)

    def to_mapping(self) -> dict[str, dict[str, Any]]:
        """The rules as a complete TOML table (every key written out, "off" as false)."""
        table: dict[str, dict[str, Any]] = {}
        for key in schema():
            value = getattr(getattr(self, key.section), key.name)
            table.setdefault(key.section, {})[key.name] = key.to_toml(value)
        return table

    def changed_keys(self) -> Iterator[tuple[Key, Any]]:
        """Every key whose value differs from the main rule, with that value."""
        main = HouseRules()
        for key in schema():
            value = getattr(getattr(self, key.section), key.name)
            if _differs(value, getattr(getattr(main, key.section), key.name)):
                yield key, value

    def with_changes(self, **sections: Mapping[str, Any]) -> HouseRules:
        """A copy with some keys changed, e.g. ``with_changes(chicago={"min_score": 0})``."""
        data = self.to_mapping()
        for name, values in sections.items():
            data.setdefault(name, {}).update(values)
        return _read(data, "house rules", typed=True)


def _differs(value: Any, main: Any) -> bool:
    # True == 1 and False == 0 in Python: a value of another type is another rule.
    return bool(value != main or type(value) is not type(main))


# The sections, by their TOML names: HouseRules's fields, each made by its section class.
_SECTION_CLASSES: dict[str, type[Any]] = {
    item.name: item.default_factory  # type: ignore[misc]  # every section has one
    for item in fields(HouseRules)
}
_BY_PATH: dict[str, Key] = {}


def schema() -> tuple[Key, ...]:
    """Every house-rules key, in file order: the one declaration everything derives from."""
    if not _BY_PATH:  # built once from the classes, on first use
        for section, cls in _SECTION_CLASSES.items():
            for item in fields(cls):
                kind, comment, spec = item.metadata["key"]
                key = Key(section, item.name, kind, item.default, comment, **spec)
                _BY_PATH[key.path] = key
    return tuple(_BY_PATH.values())


def _suggest(word: str, choices: list[str]) -> Msg | str:
    """A hint naming the nearest choice ("" if none)."""
    close = difflib.get_close_matches(word, choices, n=1, cutoff=0.6)
    if not close:
        return ""
    return Msg(" (did you mean '{suggestion}'?)", suggestion=close[0])


def _suggest_key(name: str, section: str | None) -> Msg | str:
    """The nearest key of the same section, else the same key in the section it belongs to."""
    if section is not None:
        nearby = _suggest(name, [key.name for key in schema() if key.section == section])
        if nearby:
            return nearby
    homes = {key.name: key.section for key in schema() if key.section != section}
    close = difflib.get_close_matches(name, list(homes), n=1, cutoff=0.8)
    if not close:
        return ""
    return Msg(" (did you mean '{suggestion}' in [{section}]?)", suggestion=close[0], section=homes[close[0]])


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _read_value(key: Key, value: object, *, typed: bool) -> tuple[Any, Msg | None]:
    """The value as held in `HouseRules` (false -> None), or a problem naming the key."""
    name = key.path
    if key.kind is Kind.FLAG:
        if isinstance(value, bool):
            return value, None
        return None, Msg("{name} must be true or false, not {value!r}", name=name, value=value)
    if key.kind is Kind.CHOICE:
        if key.off_allowed and value is False:
            return None, None
        if isinstance(value, str) and value in key.choices:
            return value, None
        shown = [f'"{c}"' for c in key.choices]
        if key.off_allowed:
            shown.insert(0, "false")
        return None, Msg(
            "{name} must be {choices}, not {value!r}",
            name=name,
            choices=_or_list(shown),
            value=value,
        )
    if key.kind is Kind.POINTS and value == "win":
        return value, None
    if key.kind is Kind.NUMBER_OR_OFF and value is False:
        return None, None
    if not _is_int(value):
        if key.kind is Kind.POINTS:
            return None, Msg(
                '{name} must be a number of points (0 or more) or "win", not {value!r}',
                name=name,
                value=value,
            )
        if key.kind is Kind.NUMBER_OR_OFF:
            return None, Msg(
                "{name} must be a whole number or false, not {value!r}", name=name, value=value
            )
        return None, Msg("{name} must be a whole number, not {value!r}", name=name, value=value)
    assert isinstance(value, int)
    low, high = key.low, key.high
    # A session file's rules (not ``typed``) are held only to the ranges every release has
    # checked: the bound of LIMIT is newer than some files.
    too_low = value < low and (typed or low > -LIMIT)
    too_high = value > high and (typed or high < LIMIT)
    if not (too_low or too_high):
        return value, None
    return None, _range_problem(key, value, low, high)


def _or_list(items: list[str]) -> Msg | str:
    if len(items) == 1:
        return items[0]
    return Msg("{choices} or {last_choice}", choices=", ".join(items[:-1]), last_choice=items[-1])


def _range_problem(key: Key, value: int, low: int, high: int) -> Msg:
    off: Msg | str = Msg(" (or false)") if key.kind is Kind.NUMBER_OR_OFF else ""
    if key.kind is Kind.POINTS and value < low:
        return Msg(
            '{name} must be a number of points (0 or more) or "win", not {value!r}',
            name=key.path,
            value=value,
        )
    if low > -LIMIT and high < LIMIT:
        return Msg(
            "{name} must be {low} to {high}{off}, not {value}",
            name=key.path, low=low, high=high, off=off, value=value,
        )
    if value < low:
        return Msg(
            "{name} must be at least {low}{off}, not {value}",
            name=key.path, low=low, off=off, value=value,
        )
    return Msg(
        "{name} must be at most {high}{off}, not {value}",
        name=key.path, high=high, off=off, value=value,
    )


def _read(data: Mapping[str, Any], source: str, *, typed: bool) -> HouseRules:
    problems: list[Msg] = []
    rejected: set[str] = set()
    values: dict[str, dict[str, Any]] = {section: {} for section in _SECTION_CLASSES}
    schema()
    keys = _BY_PATH
    for section, table in data.items():
        if section not in _SECTION_CLASSES:
            if isinstance(table, Mapping):
                hint = _suggest(section, list(_SECTION_CLASSES))
                problems.append(
                    Msg("unknown section [{section}]{hint}", section=section, hint=hint)
                )
            else:
                # A bare key above every table, like `target = 51`.
                hint = _suggest_key(section, None)
                problems.append(Msg("unknown key {section}{hint}", section=section, hint=hint))
            continue
        if not isinstance(table, Mapping):
            problems.append(
                Msg(
                    "[{section}] must be a table of keys, not {value!r}",
                    section=section,
                    value=table,
                )
            )
            continue
        for name, value in table.items():
            key = keys.get(f"{section}.{name}")
            if key is None:
                hint = _suggest_key(name, section)
                problems.append(
                    Msg("unknown key {section}.{key}{hint}", section=section, key=name, hint=hint)
                )
                continue
            held, problem = _read_value(key, value, typed=typed)
            if problem:
                problems.append(problem)
                rejected.add(key.path)
            else:
                values[section][name] = held
    rules = HouseRules(**{name: cls(**values[name]) for name, cls in _SECTION_CLASSES.items()})
    # A check across two keys, one of them already refused (standing in with its
    # default), would report a second problem the file does not have.
    problems.extend(
        problem for paths, problem in _cross_checks(rules) if not rejected.intersection(paths)
    )
    if problems:
        raise RulesFileError(source, problems)
    return rules


def _cross_checks(rules: HouseRules) -> list[tuple[tuple[str, ...], Msg]]:
    """Values each fine alone that no table could play together, with the keys involved."""
    game = rules.game
    problems: list[tuple[tuple[str, ...], Msg]] = []
    if game.min_players > game.max_players:
        problems.append((
            ("game.min_players", "game.max_players"),
            Msg(
                "game.min_players ({min_players}) is more than game.max_players ({max_players})",
                min_players=game.min_players,
                max_players=game.max_players,
            ),
        ))
    if game.scored_buys > game.buys:
        problems.append((
            ("game.scored_buys", "game.buys"),
            Msg(
                "game.scored_buys must be 0 to game.buys ({buys}), not {scored_buys}",
                buys=game.buys,
                scored_buys=game.scored_buys,
            ),
        ))
    return problems


# Presets: complete tables a group can start from (``chicago new --preset NAME``).
PRESETS: dict[str, tuple[str, HouseRules]] = {
    "standard": (N_("the main rule: 52 points, köpstopp at 46, Chicago ±15"), HouseRules()),
    "tournament": (
        N_("tournament play: köpstopp at 45, the breaker of a Chicago gets 10"),
        HouseRules(buy_stop=BuyStopRules(threshold=45), chicago=ChicagoRules(breaker_bonus=10)),
    ),
    "pagat-old": (
        N_("the older Pagat table: the breaker of a Chicago gets 8"),
        HouseRules(chicago=ChicagoRules(breaker_bonus=8)),
    ),
    "family": (
        N_("a gentler table: Chicago 10/-10, köpstopp at 42"),
        HouseRules(
            chicago=ChicagoRules(success=10, failure=-10), buy_stop=BuyStopRules(threshold=42)
        ),
    ),
    "straight-flush-11": (
        N_("straight flush 11, four of a kind 8 or zero every opponent (the holder's choice)"),
        HouseRules(
            hands=HandRules(straight_flush=11, four_of_a_kind=8, four_of_a_kind_zeroes="choice")
        ),
    ),
    "straight-flush-wins": (
        N_("every straight flush wins at once; four of a kind scores 7 and zeroes the others; "
            "played to 51"),
        HouseRules(
            game=GameRules(target=51),
            hands=HandRules(straight_flush="win", four_of_a_kind_zeroes="always"),
        ),
    ),
    "chicago-required": (
        N_("52 without a successful Chicago resets to 0 (played at three; Pagat advises "
            "against it at four)"),
        HouseRules(chicago=ChicagoRules(required_to_win=True)),
    ),
    "chicago-anytime": (
        N_("Chicago may be declared at any score, once per player, and totals may go negative"),
        HouseRules(
            scoring=ScoringRules(floor=None),
            chicago=ChicagoRules(min_score=0, max_per_player=1),
        ),
    ),
    "from-opponent": (
        N_("whoever scores a hand or the last trick may take the points off one opponent "
            "instead (\"nolla en motståndare\")"),
        HouseRules(scoring=ScoringRules(take_from_opponent=True)),
    ),
    # Preset texts describe the table, never the text a rule comes from (rules.md).
    "one-exchange": (
        N_("one exchange (köp) per deal, its best hand scored: the most common table"),
        HouseRules(game=GameRules(buys=1, scored_buys=1)),
    ),
    "big-table": (
        N_("five or six players at one deck (the discards are reshuffled when it runs out)"),
        HouseRules(game=GameRules(max_players=6)),
    ),
}


def preset(name: str) -> HouseRules:
    """The preset of that name, or `RulesFileError` naming the presets there are."""
    try:
        return PRESETS[name][1]
    except KeyError:
        hint = _suggest(name, list(PRESETS))
        raise RulesFileError(
            f"--preset {name}",
            [Msg(
                "no preset '{name}'{hint}; presets: {presets}",
                name=name,
                hint=hint,
                presets=', '.join(PRESETS),
            )],
        ) from None


#: A number of thousands of digits, past what Python reads from text by default.
TOO_MANY_DIGITS = Msg("a number in it has thousands of digits, more than any count of points can use")


def rules_from_toml(text: str, *, source: str) -> HouseRules:
    """Parse house rules from TOML text; syntax and value problems name ``source``."""
    import tomllib

    # Notepad and some phone editors start a UTF-8 file with a byte-order mark, which
    # TOML does not allow; it carries no meaning, so it is read past.
    text = text.removeprefix("\ufeff")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise RulesFileError(
            source, [Msg("not valid TOML: {error}", error=error)]
        ) from None
    except ValueError:  # Python's limit on int(str) digits: a number no rule could use
        raise RulesFileError(source, [TOO_MANY_DIGITS]) from None
    return HouseRules.from_mapping(data, source=source)


__all__ = [
    "PRESETS",
    "BuyStopRules",
    "ChicagoRules",
    "GameRules",
    "HandRules",
    "HouseRules",
    "ScoringRules",
    "preset",
    "rules_from_toml",
]
