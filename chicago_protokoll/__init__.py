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
    "Card": "core.cards",
    "Category": "core.cards",
    "HandResult": "core.cards",
    "compare_results": "core.cards",
    "evaluate": "core.cards",
    "parse_card": "core.cards",
    "parse_cards": "core.cards",
    "parse_category": "core.cards",
    "CardError": "core.errors",
    "ChicagoError": "core.errors",
    "EntryError": "core.errors",
    "RuleViolation": "core.errors",
    "RulesFileError": "core.errors",
    "SessionFileError": "core.errors",
    "HouseRules": "core.rules",
    "PRESETS": "core.rules",
    "preset": "core.rules",
    "rules_from_toml": "core.rules",
    "BuyWinner": "core.events",
    "ChicagoBroken": "core.events",
    "ChicagoDeclared": "core.events",
    "ChicagoWon": "core.events",
    "Exchange": "core.events",
    "LastTrick": "core.events",
    "Royal": "core.events",
    "Showdown": "core.events",
    "Event": "core.events",
    "Game": "core.game",
    "Moment": "core.standings",
    "Session": "core.session",
    "Standings": "core.standings",
    "new_session": "core.session",
    "parse_claim": "core.claims",
    "replay": "core.game",
    "standings": "core.game",
    "Payment": "core.settle",
    "settle": "core.settle",
    "settle_standings": "core.settle",
    "load_session": "store.sessionfile",
    "save_session": "store.sessionfile",
    "create_session": "store.sessionfile",
    "session_path": "store.locations",
}

if TYPE_CHECKING:
    from typing import Any

    from .core.cards import (
        Card,
        Category,
        HandResult,
        compare_results,
        evaluate,
        parse_card,
        parse_cards,
        parse_category,
    )
    from .core.claims import parse_claim
    from .core.errors import (
        CardError,
        ChicagoError,
        EntryError,
        RulesFileError,
        RuleViolation,
        SessionFileError,
    )
    from .core.events import (
        BuyWinner,
        ChicagoBroken,
        ChicagoDeclared,
        ChicagoWon,
        Event,
        Exchange,
        LastTrick,
        Royal,
        Showdown,
    )
    from .core.game import Game, replay, standings
    from .core.rules import PRESETS, HouseRules, preset, rules_from_toml
    from .core.session import Session, new_session
    from .core.settle import Payment, settle, settle_standings
    from .core.standings import Moment, Standings
    from .store.locations import session_path
    from .store.sessionfile import create_session, load_session, save_session


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
    "EntryError",
    "Event",
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
    "create_session",
    "evaluate",
    "load_session",
    "new_session",
    "parse_card",
    "parse_cards",
    "parse_category",
    "parse_claim",
    "preset",
    "replay",
    "rules_from_toml",
    "save_session",
    "session_path",
    "settle",
    "settle_standings",
    "standings",
]
