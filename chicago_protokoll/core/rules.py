"""House rules: a frozen `HouseRules` read from TOML, with every problem collected.

Every key of the schema in rules.md is optional; a missing key takes the main
rule.  Reading never stops at the first problem: all of them are reported
together, each naming its key (``chicago.min_score``) and the file.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any, Literal

from ..i18n.language import N_, Msg
from .cards import Category
from .errors import RulesFileError

Win = Literal["win"]
HandPoints = int | Win
Zeroing = Literal[False, "choice", "always"]
Ties = Literal["none", "suit"]


@dataclass(frozen=True, slots=True)
class GameRules:
    """``[game]``: target, table size and the number of exchanges (köp) per deal."""

    target: int = 52
    min_players: int = 2
    max_players: int = 4
    buys: int = 3
    scored_buys: int = 2


@dataclass(frozen=True, slots=True)
class ScoringRules:
    """``[scoring]``: the last trick (sista sticket) and the zero floor."""

    last_trick: int = 5
    last_trick_with_two: int = 5
    floor: int | Literal[False] = 0

    def __eq__(self, other: object) -> bool:
        # False == 0 in Python, but "no floor" and "floor at 0" are different tables.
        if not isinstance(other, ScoringRules):
            return NotImplemented
        return (self.last_trick, self.last_trick_with_two, self.floor is False, self.floor) == (
            other.last_trick,
            other.last_trick_with_two,
            other.floor is False,
            other.floor,
        )

    def __hash__(self) -> int:
        return hash((self.last_trick, self.last_trick_with_two, self.floor is False, self.floor))


@dataclass(frozen=True, slots=True)
class HandRules:
    """``[hands]``: points per hand, or "win" for an instant game win."""

    pair: HandPoints = 1
    two_pair: HandPoints = 2
    three_of_a_kind: HandPoints = 3
    straight: HandPoints = 4
    flush: HandPoints = 5
    full_house: HandPoints = 6
    four_of_a_kind: HandPoints = 7
    straight_flush: HandPoints = 8
    royal_straight_flush: HandPoints = "win"
    four_of_a_kind_zeroes: Zeroing = False
    ace_low_straight: bool = True
    ties: Ties = "none"

    def points(self, category: Category) -> HandPoints:
        """The points of a category; "win" ends the game at once.  High card scores nothing."""
        if category is Category.HIGH_CARD:
            return 0
        value: HandPoints = getattr(self, category.rules_key)
        return value


@dataclass(frozen=True, slots=True)
class ChicagoRules:
    """``[chicago]``: the declaration to take all five tricks."""

    success: int = 15
    failure: int = -15
    min_score: int = 15
    breaker_bonus: int = 0
    required_to_win: bool = False
    max_per_player: int = 0


@dataclass(frozen=True, slots=True)
class BuyStopRules:
    """``[buy_stop]``: köpstopp, judged by each player's total at the start of a deal."""

    threshold: int | Literal[False] = 46


@dataclass(frozen=True, slots=True)
class HouseRules:
    """The complete house rules of one table; the defaults are the main rule."""

    game: GameRules = field(default_factory=GameRules)
    scoring: ScoringRules = field(default_factory=ScoringRules)
    hands: HandRules = field(default_factory=HandRules)
    chicago: ChicagoRules = field(default_factory=ChicagoRules)
    buy_stop: BuyStopRules = field(default_factory=BuyStopRules)

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any], *, source: str = "house rules") -> HouseRules:
        """Build rules from a parsed TOML table; raise `RulesFileError` listing every problem."""
        return _read(data, source)

    def to_mapping(self) -> dict[str, dict[str, Any]]:
        """The rules as a complete TOML table (every key written out)."""
        return {
            section.name: {
                item.name: getattr(getattr(self, section.name), item.name)
                for item in fields(getattr(self, section.name))
            }
            for section in fields(self)
        }

    def with_changes(self, **sections: Mapping[str, Any]) -> HouseRules:
        """A copy with some keys changed, e.g. ``with_changes(chicago={"min_score": 0})``."""
        data = self.to_mapping()
        for name, values in sections.items():
            data.setdefault(name, {}).update(values)
        return _read(data, "house rules")


_SECTIONS: dict[str, type[Any]] = {
    "game": GameRules,
    "scoring": ScoringRules,
    "hands": HandRules,
    "chicago": ChicagoRules,
    "buy_stop": BuyStopRules,
}
_HAND_KEYS = {c.rules_key for c in Category if c is not Category.HIGH_CARD}


def _suggest(word: str, choices: list[str]) -> Msg | str:
    """A hint naming the nearest choice ("" if none)."""
    close = difflib.get_close_matches(word, choices, n=1, cutoff=0.6)
    if not close:
        return ""
    return Msg(" (did you mean '{close}'?)", close=close[0])


def _suggest_key(key: str, section: str | None) -> Msg | str:
    """The nearest key of the same section, else the same key in the section it belongs to."""
    if section is not None:
        nearby = _suggest(key, [item.name for item in fields(_SECTIONS[section])])
        if nearby:
            return nearby
    homes = {
        item.name: name
        for name, kind in _SECTIONS.items()
        if name != section
        for item in fields(kind)
    }
    close = difflib.get_close_matches(key, list(homes), n=1, cutoff=0.8)
    if not close:
        return ""
    home = homes[close[0]]
    return Msg(" (did you mean '{close}' in [{home}]?)", close=close[0], home=home)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_value(section: str, key: str, value: object) -> Msg | None:
    """A problem with one value's type or range, or None."""
    name = f"{section}.{key}"
    if section == "hands" and key in _HAND_KEYS:
        if value == "win" or (_is_int(value) and isinstance(value, int) and value >= 0):
            return None
        return Msg(
            '{name} must be a number of points (0 or more) or "win", not {value!r}',
            name=name,
            value=value,
        )
    if name == "hands.four_of_a_kind_zeroes":
        if value is False or value in ("choice", "always"):
            return None
        return Msg(
            '{name} must be false, "choice" or "always", not {value!r}',
            name=name,
            value=value,
        )
    if name == "hands.ties":
        if value in ("none", "suit"):
            return None
        return Msg('{name} must be "none" or "suit", not {value!r}', name=name, value=value)
    if name in ("hands.ace_low_straight", "chicago.required_to_win"):
        if isinstance(value, bool):
            return None
        return Msg("{name} must be true or false, not {value!r}", name=name, value=value)
    if name in ("scoring.floor", "buy_stop.threshold"):
        if value is False or _is_int(value):
            return None
        return Msg(
            "{name} must be a whole number or false, not {value!r}",
            name=name,
            value=value,
        )
    if not _is_int(value):
        return Msg("{name} must be a whole number, not {value!r}", name=name, value=value)
    return None


def _read(data: Mapping[str, Any], source: str) -> HouseRules:
    problems: list[Msg] = []
    rejected: set[str] = set()
    values: dict[str, dict[str, Any]] = {}
    for section, table in data.items():
        if section not in _SECTIONS:
            if isinstance(table, Mapping):
                hint = _suggest(section, list(_SECTIONS))
                problems.append(
                    Msg("unknown section [{section}]{hint}", section=section, hint=hint)
                )
            else:
                # A bare key above every table, like `target = 51`.
                hint = _suggest_key(section, None)
                problems.append(
                    Msg("unknown key {section}{hint}", section=section, hint=hint)
                )
            continue
        if not isinstance(table, Mapping):
            problems.append(
                Msg(
                    "[{section}] must be a table of keys, not {table!r}",
                    section=section,
                    table=table,
                )
            )
            continue
        known = [item.name for item in fields(_SECTIONS[section])]
        values[section] = {}
        for key, value in table.items():
            if key not in known:
                hint = _suggest_key(key, section)
                problems.append(
                    Msg("unknown key {section}.{key}{hint}", section=section, key=key, hint=hint)
                )
                continue
            problem = _check_value(section, key, value)
            if problem:
                problems.append(problem)
                rejected.add(f"{section}.{key}")
            else:
                values[section][key] = value
    rules = HouseRules(**{name: kind(**values.get(name, {})) for name, kind in _SECTIONS.items()})
    ranges = _check_ranges(rules)
    # A check across two keys, one of them already refused (or standing in for a refused
    # value with its default), would report a second problem the file does not have.
    flagged = rejected.union(*(keys for keys, _ in ranges if len(keys) == 1))
    problems.extend(
        problem for keys, problem in ranges if len(keys) == 1 or not flagged.intersection(keys)
    )
    if problems:
        raise RulesFileError(source, problems)
    return rules


def _check_ranges(rules: HouseRules) -> list[tuple[tuple[str, ...], Msg]]:
    """Values of the right type that no table could play with, with the keys involved."""
    problems: list[tuple[tuple[str, ...], Msg]] = []

    def problem(message: Msg, *keys: str) -> None:
        problems.append((keys, message))

    game, chicago = rules.game, rules.chicago
    if game.target < 1:
        problem(
            Msg("game.target must be at least 1, not {target}", target=game.target),
            "game.target",
        )
    if game.min_players < 2:
        problem(
            Msg(
                "game.min_players must be at least 2, not {min_players}",
                min_players=game.min_players,
            ),
            "game.min_players",
        )
    if not 2 <= game.max_players <= 6:
        problem(
            Msg(
                "game.max_players must be 2 to 6 (one deck), not {max_players}",
                max_players=game.max_players,
            ),
            "game.max_players",
        )
    if game.min_players > game.max_players:
        problem(
            Msg(
                "game.min_players ({min_players}) is more than game.max_players ({max_players})",
                min_players=game.min_players,
                max_players=game.max_players,
            ),
            "game.min_players",
            "game.max_players",
        )
    if not 1 <= game.buys <= 3:
        problem(
            Msg("game.buys must be 1 to 3, not {buys}", buys=game.buys),
            "game.buys",
        )
    if game.scored_buys < 0:
        problem(
            Msg(
                "game.scored_buys must be 0 or more, not {scored_buys}",
                scored_buys=game.scored_buys,
            ),
            "game.scored_buys",
        )
    elif game.scored_buys > game.buys:
        problem(
            Msg(
                "game.scored_buys must be 0 to game.buys ({buys}), not {scored_buys}",
                buys=game.buys,
                scored_buys=game.scored_buys,
            ),
            "game.scored_buys",
            "game.buys",
        )
    for key in ("last_trick", "last_trick_with_two"):
        if getattr(rules.scoring, key) < 0:
            problem(
                Msg(
                    "scoring.{key} must be 0 or more, not {scoring}",
                    key=key,
                    scoring=getattr(rules.scoring, key),
                ),
                f"scoring.{key}",
            )
    floor = rules.scoring.floor
    if floor is not False and floor > 0:
        problem(
            Msg("scoring.floor must be 0 or below (or false), not {floor}", floor=floor),
            "scoring.floor",
        )
    if chicago.success < 0:
        problem(
            Msg("chicago.success must be 0 or more, not {success}", success=chicago.success),
            "chicago.success",
        )
    if chicago.failure > 0:
        problem(
            Msg(
                "chicago.failure must be 0 or less (a penalty), not {failure}",
                failure=chicago.failure,
            ),
            "chicago.failure",
        )
    for key in ("min_score", "breaker_bonus", "max_per_player"):
        if getattr(chicago, key) < 0:
            problem(
                Msg(
                    "chicago.{key} must be 0 or more, not {chicago}",
                    key=key,
                    chicago=getattr(chicago, key),
                ),
                f"chicago.{key}",
            )
    threshold = rules.buy_stop.threshold
    if threshold is not False and threshold < 1:
        problem(
            Msg(
                "buy_stop.threshold must be at least 1 (or false), not {threshold}",
                threshold=threshold,
            ),
            "buy_stop.threshold",
        )
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
        N_("Chicago may be declared at any score, once per player, and totals may go negative "
            "(seed 001)"),
        HouseRules(
            scoring=ScoringRules(floor=False),
            chicago=ChicagoRules(min_score=0, max_per_player=1),
        ),
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


def rules_from_toml(text: str, *, source: str) -> HouseRules:
    """Parse house rules from TOML text; syntax and value problems name ``source``."""
    import tomllib

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise RulesFileError(
            source, [Msg("not valid TOML: {error}", error=error)]
        ) from None
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
