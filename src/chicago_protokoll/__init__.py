"""chicago-protokoll: the scorekeeper for Chicago, the Swedish card game.

The scoring core is a library: ``chicago_protokoll.evaluate("KH KS 9D 9H 3C")``.
Names are imported on first use, so that ``import chicago_protokoll`` (which
every run of the ``chicago`` command does) costs next to nothing.
"""

from __future__ import annotations

# Not `from typing import TYPE_CHECKING`: importing typing alone costs more than the
# whole TAB-completion fast path (see docs/latency.md).
TYPE_CHECKING = False

__version__ = "0.1.0"

_EXPORTS = {
    "Card": "cards",
    "Category": "cards",
    "HandResult": "cards",
    "compare_results": "cards",
    "evaluate": "cards",
    "parse_card": "cards",
    "parse_cards": "cards",
    "parse_category": "cards",
    "CardError": "errors",
    "ChicagoError": "errors",
    "RuleViolation": "errors",
    "RulesFileError": "errors",
    "SessionFileError": "errors",
    "HouseRules": "rules",
    "PRESETS": "rules",
    "preset": "rules",
    "rules_from_toml": "rules",
    "BuyWinner": "events",
    "ChicagoBroken": "events",
    "ChicagoDeclared": "events",
    "ChicagoWon": "events",
    "Exchange": "events",
    "LastTrick": "events",
    "Royal": "events",
    "Showdown": "events",
    "Game": "game",
    "Moment": "game",
    "Session": "game",
    "Standings": "game",
    "new_session": "game",
    "parse_claim": "game",
    "replay": "game",
    "standings": "game",
    "Payment": "settle",
    "settle": "settle",
}

if TYPE_CHECKING:
    from typing import Any

    from .cards import (
        Card,
        Category,
        HandResult,
        compare_results,
        evaluate,
        parse_card,
        parse_cards,
        parse_category,
    )
    from .errors import CardError, ChicagoError, RulesFileError, RuleViolation, SessionFileError
    from .events import (
        BuyWinner,
        ChicagoBroken,
        ChicagoDeclared,
        ChicagoWon,
        Exchange,
        LastTrick,
        Royal,
        Showdown,
    )
    from .game import Game, Moment, Session, Standings, new_session, parse_claim, replay, standings
    from .rules import PRESETS, HouseRules, preset, rules_from_toml
    from .settle import Payment, settle


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'chicago_protokoll' has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_EXPORTS])


__all__ = [
    "PRESETS",
    "BuyWinner",
    "Card",
    "CardError",
    "Category",
    "ChicagoBroken",
    "ChicagoDeclared",
    "ChicagoError",
    "ChicagoWon",
    "Exchange",
    "Game",
    "HandResult",
    "HouseRules",
    "LastTrick",
    "Moment",
    "Payment",
    "Royal",
    "RuleViolation",
    "RulesFileError",
    "Session",
    "SessionFileError",
    "Showdown",
    "Standings",
    "compare_results",
    "evaluate",
    "new_session",
    "parse_card",
    "parse_cards",
    "parse_category",
    "parse_claim",
    "preset",
    "replay",
    "rules_from_toml",
    "settle",
    "standings",
]
