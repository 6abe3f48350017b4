"""The errors the core raises; each carries one plain sentence for the person at the table.

The CLI turns every `ChicagoError` into one stderr line and exit status 1.
"""

from __future__ import annotations


class ChicagoError(Exception):
    """Base class: something the user asked for cannot be done, said in plain words.

    ``sv`` is the same sentence in Swedish, where the raiser wrote one.
    """

    def __init__(self, message: str = "", *, sv: str | None = None) -> None:
        self.sv = sv
        super().__init__(message)

    def localized(self, lang: str) -> str:
        return self.sv if lang == "sv" and self.sv else str(self)


class CardError(ChicagoError, ValueError):
    """A card, a hand of cards or a hand name that cannot be read."""


class RuleViolation(ChicagoError):
    """An event the house rules forbid.  ``rule`` names the rule, ``key`` the house-rules key."""

    def __init__(
        self, message: str, *, rule: str, key: str | None = None, sv: str | None = None
    ) -> None:
        self.rule = rule
        self.key = key
        suffix = f" (house rule {key})" if key else ""
        sv_suffix = f" (husregel {key})" if key else ""
        super().__init__(f"{message}{suffix}", sv=f"{sv}{sv_suffix}" if sv else None)


class RulesFileError(ChicagoError):
    """A house-rules file or table with one or more problems, all of them listed.

    ``sv_problems`` is the same list in Swedish, problem for problem, where the raiser
    wrote one; keys like ``chicago.min_score`` read the same in both.
    """

    def __init__(
        self, source: str, problems: list[str], *, sv_problems: list[str] | None = None
    ) -> None:
        self.source = source
        self.problems = list(problems)
        self.sv_problems = list(sv_problems) if sv_problems is not None else None
        joined = "; ".join(self.problems)
        sv = f"{source}: {'; '.join(self.sv_problems)}" if self.sv_problems else None
        super().__init__(f"{source}: {joined}", sv=sv)

    def localized_problems(self, lang: str) -> list[str]:
        """The problems in ``lang``, English where no Swedish was written."""
        if lang == "sv" and self.sv_problems and len(self.sv_problems) == len(self.problems):
            return list(self.sv_problems)
        return list(self.problems)


class SessionFileError(ChicagoError):
    """A session file that cannot be read safely (corrupt, truncated, newer format)."""
