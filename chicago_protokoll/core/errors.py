"""The errors the core raises; each carries one plain sentence for the person at the table.

The core does not know the language it will be read in: a message is a `Msg` (the English
text as message id, and its parameters), rendered in the chosen language only when the CLI
prints it (`ChicagoError.localized`).  The CLI turns every `ChicagoError` into one stderr
line and exit status 1, except an `OptionConflict`, a usage error (exit status 2).  The core
never spells a command-line option: an `OptionConflict` names the `DealPart` it is about, and
the CLI alone knows the option that gives it.

Two kinds are kept apart, as a chess library keeps a move it cannot read apart from an
illegal one: `EntryError`, text typed at the table that cannot be read (`core.entry`;
beneath it `UnknownPlayerError` and `AmbiguousPlayerError` for a name that is no seat, or
the start of several), and `RuleViolation`, an event the house rules forbid (`core.game`).
"""

from __future__ import annotations

from enum import StrEnum

from ..i18n.language import Joined, Msg, cut_numbers


class Rule(StrEnum):
    """The rule a refusal (or a `why` check) names.  The value is the English name shown in
    JSON and by `explain`; a member compares equal to its value."""

    A_REASON = "a reason"
    A_WHOLE_DEAL = "a whole deal"
    BEST_HAND = "best hand"
    CARDS_SHOWN = "cards shown"
    CHICAGOS_PER_PLAYER = "Chicagos per player"
    CHICAGO_BEFORE_THE_TRICKS = "Chicago before the tricks"
    CHICAGO_NEEDS_A_MINIMUM_SCORE = "Chicago needs a minimum score"
    CHICAGO_OUTCOME = "Chicago outcome"
    DEAL_ORDER = "deal order"
    END_OF_GAME = "end of game"
    EXACT_TIE = "exact tie"
    EXCHANGES_PER_DEAL = "exchanges per deal"
    EXCHANGE_COUNT = "exchange count"
    EXCHANGE_ORDER = "exchange order"
    FOUR_OF_A_KIND_ZEROING = "four of a kind zeroing"
    KOPSTOPP = "köpstopp"
    KOP_ORDER = "köp order"
    LAST_TRICK = "last trick"
    NO_LAST_TRICK_AFTER_A_CHICAGO = "no last trick after a Chicago"
    NO_LAST_TRICK_OR_SHOWDOWN_AFTER_A_CHICAGO = "no last trick or showdown after a Chicago"
    NO_SHOWDOWN_AFTER_A_CHICAGO = "no showdown after a Chicago"
    ONE_CHICAGO_PER_DEAL = "one Chicago per deal"
    ONE_DEAL_AT_A_TIME = "one deal at a time"
    ONE_EXCHANGE_PER_KOP = "one exchange per köp"
    ONE_LAST_TRICK = "one last trick"
    ORDER_OF_THE_DEAL = "order of the deal"
    PENALTY_POINTS = "penalty points"
    PLAYERS = "players"
    READABLE_ENTRY = "an entry that can be read"
    ROYAL_STRAIGHT_FLUSH = "royal straight flush"
    SCORED_KOP = "scored köp"
    TABLE_SIZE = "table size"
    TAKE_FROM_OPPONENT = "taking points from an opponent"
    TIMING = "timing"


class ChicagoError(Exception):
    """Base class: something the user asked for cannot be done, said in plain words.

    ``str()`` is the English sentence; `localized` the sentence in any language."""

    def __init__(self, message: Msg) -> None:
        self.message = message
        # The sentence is worded when shown, not when made: the replay makes refusals it
        # may never raise (what `why` would say), thousands of them in a club's index.
        super().__init__(message)

    def __str__(self) -> str:
        return self.localized("en")

    def localized(self, lang: str) -> str:
        # What was typed is echoed, and a number of 5,000 digits would bury the sentence.
        return cut_numbers(self.message.localized(lang), lang)


class EntryError(ChicagoError):
    """What was typed at the table cannot be read: not a hand, not a number of cards..."""


class DealPart(StrEnum):
    """The parts of a deal as it is given whole (``DealEntry``), and where a new session's
    house rules come from: what an `OptionConflict` is about.  The value is the part's
    name in `DealEntry`; the CLI maps each part to the option that gives it."""

    BUY = "buy"
    CHICAGO = "chicago"
    BROKEN_BY = "broken_by"
    LAST_TRICK = "last_trick"
    WITH_TWO = "with_two"
    SHOWDOWN = "showdown"
    ROYAL = "royal"
    RULES_SOURCE = "rules_source"


class OptionConflict(EntryError):
    """Parts of an entry that do not go together, or a part of one result given twice.

    A usage error: the CLI shows it as Click shows one (usage line, exit status 2), naming
    the option that gives ``part``.
    """

    def __init__(self, message: Msg, *, part: DealPart) -> None:
        self.part = part
        super().__init__(message)


class UnknownPlayerError(EntryError):
    """A name that is no seat at this table (nor, where a start is enough, the start of one)."""


class AmbiguousPlayerError(EntryError):
    """The start of more than one seat's name: ``Bo`` at a table of Bo and Bodil."""


class CardError(EntryError, ValueError):
    """A card, a hand of cards or a hand name that cannot be read."""


class RuleViolation(ChicagoError):
    """An event the house rules forbid.  ``rule`` names the rule, ``key`` the house-rules key."""

    def __init__(self, message: Msg, *, rule: Rule, key: str | None = None) -> None:
        self.rule = rule
        self.key = key
        if key:
            message = Msg("{message} (house rule {key})", message=message, key=key)
        super().__init__(message)


class RulesFileError(ChicagoError):
    """A house-rules file or table with one or more problems, all of them listed.

    Keys like ``chicago.min_score`` read the same in every language."""

    def __init__(self, source: str, problems: list[Msg]) -> None:
        self.source = source
        self.messages = list(problems)
        self.problems = [cut_numbers(str(problem), "en") for problem in problems]  # in English
        super().__init__(Msg("{source}: {problems}", source=source, problems=Joined(problems)))

    def localized_problems(self, lang: str) -> list[str]:
        """The problems in ``lang``."""
        return [cut_numbers(problem.localized(lang), lang) for problem in self.messages]


class SessionFileError(ChicagoError):
    """A session file that cannot be read safely (corrupt, truncated, newer format)."""
