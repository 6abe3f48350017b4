"""Every place the CLI reaches past Typer's public API, kept in this one module.

Typer (pinned below 0.29 in pyproject.toml) offers no public way to do one thing the
table needs, so it is done here and nowhere else, and tests/cli/test_typer_seams.py
pins each one: a Typer upgrade that moves one fails there, not at the table.

- `commands_of` / `add_commands`: the commands registered on a Typer app.  `run`
  builds an app of the one command a command line names (start-up time), and every
  command's help gets its example; Typer keeps the list as ``registered_commands``.
- Usage errors in the chosen language (`in_language`, `usage_text`): Click's exception
  classes and parameter types live in Typer's private ``typer._click``; they are named
  here, the sentences Click writes are said through the catalogue here, and
  cli/param_types.py subclasses the types from the names this module gives them.

(A usage line's bare ``NAME`` for Typer's ``{NAME}`` is not a seam: each command's class,
`root.ChicagoCommand`, a `TyperCommand` as Typer's ``cls`` lets it be, says it through
Click's documented `collect_usage_pieces`.)
"""

import re
import sys
from collections.abc import Callable, Iterable
from typing import IO, Any

import typer
from typer import _types as typer_types
from typer._click import exceptions as click_exceptions
from typer._click import types as click_types
from typer.models import CommandInfo, TyperPath

from ..i18n.language import cut_numbers, t, tn

TYPE_CHECKING = False
if TYPE_CHECKING:
    # The Click that Typer 0.28 bundles: its Context is what a group's invoke is given
    # (cli/root.py overrides it); typer.Context is a subclass, too narrow for an override.
    from typer._click import Command as Command  # noqa: PLC0414
    from typer._click import Context as Context  # noqa: PLC0414 (the alias exports it)
    from typer._click import HelpFormatter as HelpFormatter  # noqa: PLC0414
else:
    # Click's help formatter, reached through the public class attribute that chooses it
    # (`Context.formatter_class`), not Typer's bundled module: root.ChicagoHelpFormatter
    # subclasses it to say Click's own words ("Usage:", "Options:") in the chosen language.
    HelpFormatter = typer.Context.formatter_class


def commands_of(app: typer.Typer) -> list[CommandInfo]:
    """The commands registered on ``app``, in the order they were registered."""
    return app.registered_commands


def add_commands(app: typer.Typer, commands: Iterable[CommandInfo]) -> None:
    """Register already-made commands on ``app``."""
    app.registered_commands.extend(commands)


# -- usage errors in the chosen language ---------------------------------------------------
#
# The Click that Typer 0.28 vendors (``typer._click``, a private module) writes its usage
# errors with f-strings, not gettext.  The project's own parameter types (cli/param_types.py)
# and command classes (cli/root.py) raise the errors they can raise in the chosen language;
# what is left is rendered here, from the fields Click's exceptions carry, and every word
# around it too ("Error:", "Try 'chicago deal -h' for help.").  A few of Click's sentences
# carry their facts only as text (a `BadOptionUsage`'s "requires 2 arguments"): they are
# read back by `_CLICK_SENTENCES`, each one Click's exact words.
# tests/cli/test_vendored_click.py reads Click's source and fails on an exception class or
# a raise site this module does not know.

ClickException = click_exceptions.ClickException
UsageError = click_exceptions.UsageError
BadParameter = click_exceptions.BadParameter
MissingParameter = click_exceptions.MissingParameter
NoSuchOption = click_exceptions.NoSuchOption
BadOptionUsage = click_exceptions.BadOptionUsage
BadArgumentUsage = click_exceptions.BadArgumentUsage
NoArgsIsHelpError = click_exceptions.NoArgsIsHelpError
FileError = click_exceptions.FileError

# The parameter types Typer makes from annotations; cli/param_types.py says their refusals.
ChoiceType = typer_types.TyperChoice
PathType = TyperPath
IntType = click_types.IntParamType
FloatType = click_types.FloatParamType
IntRangeType = click_types.IntRange
FloatRangeType = click_types.FloatRange

#: Every exception class of the vendored Click and Typer, each rendered by `usage_message`
#: (or, for the help shown instead of an error, by Click itself).
RENDERED_CLASSES = (
    ClickException,
    UsageError,
    BadParameter,
    MissingParameter,
    NoSuchOption,
    BadOptionUsage,
    BadArgumentUsage,
    NoArgsIsHelpError,
    FileError,
)


def escape_control_characters(text: str) -> str:
    """What Click's ``_escape_control_characters`` makes of a typed word: its control
    characters as ``\\xNN``, so a word cannot move the cursor of the terminal it is shown on."""
    return re.sub(r"[\x00-\x1f\x7f-\x9f]", lambda found: f"\\x{ord(found[0]):02x}", text)


# Click's sentences whose facts are only in their text: (the exception class, Click's
# exact words as a pattern) -> the sentence in the chosen language.  The patterns are
# compiled (by `re`'s cache) when a usage error is said, not at every start.
_CLICK_SENTENCES: list[tuple[type[Exception], str, Callable[[re.Match[str]], str]]] = [
    (
        BadOptionUsage,
        r"Option (?P<name>'.*') does not take a value\.",
        lambda m: t("Option {name} does not take a value.", name=m["name"]),
    ),
    (
        BadOptionUsage,
        r"Option (?P<name>'.*') requires an argument\.",
        lambda m: tn("Option {name} requires an argument.", "Option {name} requires {n} arguments.", 1, name=m["name"]),
    ),
    (
        BadOptionUsage,
        r"Option (?P<name>'.*') requires (?P<n>\d+) arguments\.",
        lambda m: tn(
            "Option {name} requires an argument.", "Option {name} requires {n} arguments.", int(m["n"]), name=m["name"]
        ),
    ),
    (
        BadArgumentUsage,
        r"Argument (?P<name>'.*') takes (?P<n>\d+) values\.",
        lambda m: tn("Argument {name} takes {n} value.", "Argument {name} takes {n} values.", int(m["n"]), name=m["name"]),
    ),
    (
        BadParameter,
        r"Value must be an iterable\.",
        lambda m: t("Value must be an iterable."),
    ),
    (
        BadParameter,
        r"Takes (?P<n>\d+) values but (?P<given>\d+) given\.",
        lambda m: tn(
            "Takes {n} value but {given} given.", "Takes {n} values but {given} given.", int(m["n"]), given=m["given"]
        ),
    ),
    (UsageError, r"Missing command\.", lambda m: t("Missing command.")),
]


def _click_sentence(error: Exception, message: str) -> str:
    """``message`` in the chosen language when it is one of Click's sentences; otherwise
    it is the project's own (already in the language) and stays as it is."""
    for cls, pattern, say in _CLICK_SENTENCES:
        if isinstance(error, cls):
            found = re.fullmatch(pattern, message)
            if found:
                return say(found)
    return message


def _hints(param_hint: Any) -> str | None:
    """Click's ``_join_param_hints``: several hints are quoted and joined by " / "."""
    if param_hint is not None and not isinstance(param_hint, str):
        return " / ".join(repr(hint) for hint in param_hint)
    return param_hint


def _hint_of(error: Any) -> str | None:
    if error.param_hint is not None:
        return _hints(error.param_hint)
    if error.param is not None:
        return _hints(error.param.get_error_hint(error.ctx))
    return None


def _missing(error: Any) -> str:
    """Click's `MissingParameter.format_message`, said in the chosen language."""
    hint = _hint_of(error)
    kind = error.param_type or (error.param.param_type_name if error.param is not None else None)
    if kind == "argument":
        said = t("Missing argument {name}.", name=hint) if hint else t("Missing argument.")
    elif kind == "option":
        said = t("Missing option {name}.", name=hint) if hint else t("Missing option.")
    else:
        said = t("Missing parameter {name}.", name=hint) if hint else t("Missing parameter.")
    extra = [error.message] if error.message else []
    if error.param is not None:
        more = error.param.type.get_missing_message(param=error.param, ctx=error.ctx)
        if more:
            extra.append(more)
    return " ".join([said, ". ".join(extra)]) if extra else said


def usage_message(error: ClickException) -> str:
    """The sentence after "Error:" of a usage error (Click's ``format_message``), rendered
    from the exception's fields in the chosen language."""
    own = type(error).format_message
    if not (getattr(own, "__module__", "") or "").startswith("typer"):
        return error.format_message()  # a class of the project's, saying its own words
    if isinstance(error, MissingParameter):
        return _missing(error)
    if isinstance(error, BadParameter):
        hint = _hint_of(error)
        message = _click_sentence(error, error.message)
        if hint is None:
            return t("Invalid value: {message}", message=message)
        return t("Invalid value for {name}: {message}", name=hint, message=message)
    if isinstance(error, NoSuchOption):
        english = f"No such option: {escape_control_characters(error.option_name)}"
        said = t("No such option: {name}", name=escape_control_characters(error.option_name)) if error.message == english else error.message
        if not error.possibilities:
            return said
        return t(
            "{message} (Possible options: {options})",
            message=said,
            options=", ".join(sorted(error.possibilities)),
        )
    if isinstance(error, FileError):
        return t("Could not open file {name}: {reason}", name=repr(error.ui_filename), reason=error.message)
    return _click_sentence(error, error.message)


def usage_text(error: ClickException) -> str:
    """All that Click's ``show`` writes for ``error`` on stderr, in the chosen language: the
    command's usage line and where its help is, then "Error:" and the sentence."""
    said = ""
    ctx = getattr(error, "ctx", None)
    if isinstance(error, UsageError) and ctx is not None:
        hint = ""
        if ctx.command.get_help_option(ctx) is not None:
            hint = t("Try '{command} {option}' for help.", command=ctx.command_path, option=ctx.help_option_names[0])
            hint += "\n"
        said = f"{ctx.get_usage()}\n{hint}\n"
    return said + t("Error: {message}", message=usage_message(error)) + "\n"


class InLanguage(UsageError):
    """A usage error of Click's (or the project's) as it is shown: `usage_text` in the
    language chosen by the time it is shown, numbers cut (`cut_numbers`), same exit status.
    The root group (cli/root.py) raises it in place of every usage error it sees."""

    def __init__(self, error: ClickException) -> None:
        super().__init__(error.message, getattr(error, "ctx", None))
        self.error = error
        self.exit_code = error.exit_code

    def format_message(self) -> str:
        return cut_numbers(usage_message(self.error))

    def show(self, file: IO[Any] | None = None) -> None:
        text = cut_numbers(usage_text(self.error))
        typer.echo(text, file=file or sys.stderr, nl=False, color=self.show_color)


def in_language(error: typer.TyperException) -> typer.TyperException:
    """``error`` as the project shows it (`InLanguage`); the help that Click shows for a
    bare group (`NoArgsIsHelpError`) and what is shown already stay as they are."""
    if isinstance(error, (InLanguage, NoArgsIsHelpError)) or not isinstance(error, ClickException):
        return error
    return InLanguage(error)
