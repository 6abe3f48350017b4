"""The errors the core raises; each carries one plain sentence for the person at the table.

The CLI turns every `ChicagoError` into one stderr line and exit status 1.
"""

from __future__ import annotations


class ChicagoError(Exception):
    """Base class: something the user asked for cannot be done, said in plain words."""


class CardError(ChicagoError, ValueError):
    """A card, a hand of cards or a hand name that cannot be read."""


class RuleViolation(ChicagoError):
    """An event the house rules forbid.  ``rule`` names the rule, ``key`` the house-rules key."""

    def __init__(self, message: str, *, rule: str, key: str | None = None) -> None:
        self.rule = rule
        self.key = key
        suffix = f" (house rule {key})" if key else ""
        super().__init__(f"{message}{suffix}")


class RulesFileError(ChicagoError):
    """A house-rules file or table with one or more problems, all of them listed."""

    def __init__(self, source: str, problems: list[str]) -> None:
        self.source = source
        self.problems = list(problems)
        joined = "; ".join(self.problems)
        super().__init__(f"{source}: {joined}")


class SessionFileError(ChicagoError):
    """A session file that cannot be read safely (corrupt, truncated, newer format)."""
