"""The errors the core raises; each carries one plain sentence for the person at the table.

The core does not know the language it will be read in: a message is a `Msg` (the English
text as message id, and its parameters), rendered in the chosen language only when the CLI
prints it (`ChicagoError.localized`).  The CLI turns every `ChicagoError` into one stderr
line and exit status 1, except an `OptionConflict`, a usage error (exit status 2).

Two kinds are kept apart, as a chess library keeps a move it cannot read apart from an
illegal one: `EntryError`, text typed at the table that cannot be read (`core.entry`),
and `RuleViolation`, an event the house rules forbid (`core.game`).
"""

from __future__ import annotations

from ..i18n.language import Msg


class ChicagoError(Exception):
    """Base class: something the user asked for cannot be done, said in plain words.

    ``message`` is a `Msg`; a plain string is shown as it is, in every language.  (``sv`` is
    the old Swedish twin, until scripts/migrate_messages.py has turned every one into a `Msg`.)
    """

    def __init__(self, message: Msg | str = "", *, sv: str | None = None) -> None:
        self.message = message
        self.sv = sv
        super().__init__(str(message))

    def localized(self, lang: str) -> str:
        if isinstance(self.message, Msg):
            return self.message.localized(lang)
        return self.sv if lang == "sv" and self.sv else str(self)


class EntryError(ChicagoError):
    """What was typed at the table cannot be read: not a hand, not a number of cards..."""


class OptionConflict(EntryError):
    """Options that do not go together, or an option of one result given twice.

    A usage error: the CLI shows it as Click shows one (usage line, exit status 2).
    ``option`` names the option the message is about.
    """

    def __init__(self, message: Msg | str, *, option: str, sv: str | None = None) -> None:
        self.option = option
        super().__init__(message, sv=sv)


class CardError(EntryError, ValueError):
    """A card, a hand of cards or a hand name that cannot be read."""


class RuleViolation(ChicagoError):
    """An event the house rules forbid.  ``rule`` names the rule, ``key`` the house-rules key."""

    def __init__(
        self, message: Msg | str, *, rule: str, key: str | None = None, sv: str | None = None
    ) -> None:
        self.rule = rule
        self.key = key
        if isinstance(message, Msg):
            if key:
                message = Msg("{message} (house rule {key})", message=message, key=key)
            super().__init__(message)
            return
        suffix = f" (house rule {key})" if key else ""
        sv_suffix = f" (husregel {key})" if key else ""
        super().__init__(f"{message}{suffix}", sv=f"{sv}{sv_suffix}" if sv else None)


class RulesFileError(ChicagoError):
    """A house-rules file or table with one or more problems, all of them listed.

    Each problem is a `Msg`; keys like ``chicago.min_score`` read the same in every language.
    (``sv_problems`` is the old Swedish twin list, until the migration has replaced it.)
    """

    def __init__(
        self,
        source: str,
        problems: list[Msg] | list[str],
        *,
        sv_problems: list[str] | None = None,
    ) -> None:
        self.source = source
        self.messages: list[Msg | str] = list(problems)
        self.problems = [str(problem) for problem in problems]  # in English
        self.sv_problems = list(sv_problems) if sv_problems is not None else None
        joined = "; ".join(self.problems)
        sv = f"{source}: {'; '.join(self.sv_problems)}" if self.sv_problems else None
        super().__init__(f"{source}: {joined}", sv=sv)

    def localized(self, lang: str) -> str:
        return f"{self.source}: {'; '.join(self.localized_problems(lang))}"

    def localized_problems(self, lang: str) -> list[str]:
        """The problems in ``lang``."""
        if lang == "sv" and self.sv_problems and len(self.sv_problems) == len(self.problems):
            return list(self.sv_problems)
        return [
            problem.localized(lang) if isinstance(problem, Msg) else problem
            for problem in self.messages
        ]


class SessionFileError(ChicagoError):
    """A session file that cannot be read safely (corrupt, truncated, newer format)."""
