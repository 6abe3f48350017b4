"""The root of the ``chicago`` command: what a run's exit status means, decided once.

The root app's Click group is `ChicagoGroup`; every command runs inside its `invoke`, so
every way of running one (the ``chicago`` script, ``python -m chicago_protokoll``,
``chicago play``, typer's CliRunner in the tests) ends the same way:

- a refusal (`ChicagoError`) is one plain line on stderr and `ExitStatus.REFUSED`: nothing
  changed;
- parts of a deal that do not go together (`OptionConflict`) are a usage error, shown as
  Click shows one, naming the option (`OPTION_OF`), and `ExitStatus.USAGE`;
- output that cannot be written (a full disk behind stdout, a closed pipe) after the
  command saved a change (`note_saved`) is said on stderr, `ExitStatus.SAVED_BUT_NOT_SHOWN`;
  before any change a closed pipe (``| head``) stops quietly as Unix tools do, anything
  else is one plain line and `ExitStatus.REFUSED`;
- Ctrl-C is `ExitStatus.INTERRUPTED`; anything else is a bug, said in one line, never a
  traceback.

Output to a terminal whose encoding lacks a character (a dash, a box rule, an arrow, a
Swedish letter in ASCII) shows a stand-in (`degrade_output`) instead of failing.
"""

from __future__ import annotations

import codecs
import contextlib
import os
import sys
from collections.abc import Callable, Sequence
from enum import IntEnum
from typing import TYPE_CHECKING, Any

import typer
from typer.core import TyperCommand, TyperGroup

if TYPE_CHECKING:
    from .typer_seams import Command, Context

from ..core.errors import ChicagoError, DealPart, OptionConflict
from ..i18n.language import cut_numbers, language, languages, set_language, t, tn
from ..i18n.os_errors import reason
from . import param_types, typer_seams
from .typer_seams import HelpFormatter


class ExitStatus(IntEnum):
    """What ``chicago`` exits with (docs/cli.md, "Errors" and "Exit status")."""

    OK = 0
    REFUSED = 1  # refused, nothing changed
    USAGE = 2  # a usage error, or options that do not go together
    SAVED_BUT_NOT_SHOWN = 3  # the change was saved; what the command prints was not
    INTERRUPTED = 130  # Ctrl-C (128 + SIGINT, as shells report it)


# The option that gives each part of a deal: the one place the CLI's spelling meets the core.
OPTION_OF = {
    DealPart.BUY: "--buy",
    DealPart.CHICAGO: "--chicago",
    DealPart.BROKEN_BY: "--broken-by",
    DealPart.LAST_TRICK: "--last-trick",
    DealPart.WITH_TWO: "--with-two",
    DealPart.SHOWDOWN: "--showdown",
    DealPart.ROYAL: "--royal",
    DealPart.RULES_SOURCE: "--rules",
}


class _Run:
    """What the command running in this process has done; reset as each command starts."""

    saved = False


def note_saved() -> None:
    """Called by a command once its change is on disk: a failure after it is exit 3."""
    _Run.saved = True


def plain(message: str) -> str:
    """A message as it may reach a terminal: a name or a value quoted in it may hold
    anything, so every control or invisible character is written as its code, and a
    number of thousands of digits is cut (`cut_numbers`)."""
    from ..core.names import shown

    return "\n".join(shown(line) for line in cut_numbers(message).split("\n"))


def _say(message: str) -> None:
    with contextlib.suppress(OSError, ValueError):  # stderr itself may be gone
        sys.stderr.write(f"chicago: {plain(message)}\n")
        sys.stderr.flush()


def _refused(message: str) -> ExitStatus:
    """One line on stderr; after a save, the line says so and the status is 3."""
    if _Run.saved:
        _say(t("{message}; the change was saved", message=message))
        return ExitStatus.SAVED_BUT_NOT_SHOWN
    _say(message)
    return ExitStatus.REFUSED


def _silence_stdout() -> None:
    """Point stdout at /dev/null: what is still buffered for it can never be written, and
    the interpreter must not fail again flushing it on the way out."""
    with contextlib.suppress(OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)


def _output_failed(error: OSError) -> ExitStatus:
    _silence_stdout()
    if isinstance(error, BrokenPipeError):
        # `chicago night status | head`: the reader went away on purpose, and a reading
        # command ends as `git log | head` does, with nothing said. After a save the
        # contract (cli.md, exit 3) still says so on stderr, in words and without the
        # system's "Broken pipe": a script or a person must know the change is in the file.
        if not _Run.saved:
            return ExitStatus.REFUSED
        _say(t("the change was saved; the reader stopped before the end of what it printed"))
        return ExitStatus.SAVED_BUT_NOT_SHOWN
    if _Run.saved:
        _say(
            t(
                "the change was saved, but what the command prints could not be written: {strerror}",
                strerror=reason(error),
            )
        )
        return ExitStatus.SAVED_BUT_NOT_SHOWN
    _say(t("cannot write the output: {strerror}", strerror=reason(error)))
    return ExitStatus.REFUSED


def _failure(error: BaseException) -> ExitStatus:
    """How a command that raised ``error`` ends: said on stderr, and its exit status."""
    if isinstance(error, ChicagoError):
        return _refused(error.localized(language()))
    if isinstance(error, OSError):
        if error.filename is None:  # the files the commands use are named; stdout is not
            return _output_failed(error)
        where = f" ({error.filename})"
        return _refused(t("cannot use a file{where}: {strerror}", where=where, strerror=reason(error)))
    if isinstance(error, KeyboardInterrupt):
        if _Run.saved:
            _say(t("interrupted; the change was saved"))
        else:
            _say(t("interrupted; nothing was written"))
        return ExitStatus.INTERRUPTED
    return _refused(
        t(
            "unexpected error ({error_type}: {error}); this is a bug in chicago-protokoll, please report it with the command you typed",
            error_type=type(error).__name__,
            error=error,
        )
    )


def _flush_stdout() -> None:
    # A full disk behind stdout shows only when the buffer is written: here, while the
    # command's failure can still be told, not by the interpreter on its way out.
    sys.stdout.flush()


class ChicagoHelpFormatter(HelpFormatter):
    """Click's help formatter, saying Click's and Typer's own words through the project's
    catalogue (`t`), as every other text is: "Usage:", the section headings, and the
    ``[required]`` and ``[default: …]`` after an option's help.  Chosen through Click's
    documented `Context.formatter_class` (`ChicagoContext`); in English every text is the
    message id itself, so the English help stays exactly as Click writes it."""

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        super().write_usage(prog, args, t("Usage: ") if prefix is None else prefix)

    def write_heading(self, heading: str) -> None:
        super().write_heading(_HEADINGS[heading]() if heading in _HEADINGS else heading)

    def write_dl(
        self, rows: Sequence[tuple[str, str]], col_max: int = 30, col_spacing: int = 2
    ) -> None:
        super().write_dl([(term, _with_extra_translated(text)) for term, text in rows], col_max, col_spacing)


# The headings Click and Typer write (their English words), each as the catalogue says it.
_HEADINGS: dict[str, Callable[[], str]] = {
    "Options": lambda: t("Options"),
    "Arguments": lambda: t("Arguments"),
    "Commands": lambda: t("Commands"),
}


def _with_extra_translated(text: str) -> str:
    """An option's help with Typer's ``  [required]`` / ``  [default: X]`` after it said in
    the chosen language; a range there is said by its type already (cli/param_types.py),
    and a bracket with none of Typer's words is left as it is."""
    head, marker, extra = text.rpartition("  [")
    if not marker or not extra.endswith("]"):
        return text
    pieces = []
    for piece in extra[:-1].split("; "):
        if piece == "required":
            pieces.append(t("required"))
        elif piece.startswith("default: "):
            pieces.append(t("default: {default}", default=piece.removeprefix("default: ")))
        else:
            pieces.append(piece)
    return f"{head}  [{'; '.join(pieces)}]"


# -- one metavar style ----------------------------------------------------------------------

# The word a value of each Click type is shown by where a parameter names none (Click's own
# words; Typer 0.28 writes ``<str>``, ``<int range>``, ``<path>`` instead).
_TYPE_WORDS = {
    "str": "TEXT",
    "text": "TEXT",
    "int": "INTEGER",
    "integer": "INTEGER",
    "int range": "INTEGER",
    "float": "NUMBER",
    "float range": "NUMBER",
    "path": "PATH",
    "file": "FILE",
    "directory": "DIR",
}


def metavar_of(param: Any) -> str | None:
    """The metavar a parameter is shown with when it gives none: one upper-case word, as
    Click and man pages write them (``NAME``, ``FILE``, ``TEXT``), never Typer's
    ``<str>`` or a lower-case name.  An argument is its name (``QUESTION``), a file one
    ``FILE``; a choice is the option's last word (``--format FORMAT``, ``--csv-dialect
    DIALECT``), its words said in its help and offered by TAB (a list of eleven presets
    would make a line of 157 columns); any other option its type's word.  None for a flag
    or a parameter that names its own."""
    if param.metavar is not None or getattr(param, "is_flag", False) or getattr(param, "count", False):
        return None
    type_name = str(getattr(param.type, "name", ""))
    many = "..." if param.nargs != 1 else ""
    if param.param_type_name == "argument":
        word = "FILE" if type_name == "file" else str(param.name).upper()
        return word + many
    if getattr(param.type, "choices", None) is not None:
        longest = str(max(param.opts, key=len)).lstrip("-")
        return longest.rpartition("-")[2].upper()
    return _TYPE_WORDS.get(type_name, str(param.name).upper())


def name_metavars(params: Sequence[Any]) -> None:
    """Give every parameter that has none its metavar (`metavar_of`), and the project's
    type (`param_types.localize`: its refusals in the chosen language); a command's class
    calls it as the command is made, so every help page and usage line has one style."""
    for param in params:
        word = metavar_of(param)
        if word is not None:
            param.metavar = word
    param_types.localize(params)


class ChicagoContext(typer.Context):
    """Every command's context: its help is written by `ChicagoHelpFormatter`."""

    formatter_class = ChicagoHelpFormatter


class ChicagoCommand(TyperCommand):
    """Every command's class (cli.app gives it to each as it loads): its usage line names a
    required argument bare, ``NAME``, as man pages and Click itself do, where Typer writes
    ``{NAME}``; optional ones keep their ``[...]``.  Click's documented hook for the usage
    line's pieces, on the command class Typer lets each command choose (``cls``)."""

    context_class = ChicagoContext

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        name_metavars(self.params)

    def collect_usage_pieces(self, ctx: Context) -> list[str]:
        return [
            piece[1:-1] if piece.startswith("{") and piece.endswith("}") else piece
            for piece in super().collect_usage_pieces(ctx)
        ]

    def parse_args(self, ctx: Context, args: list[str]) -> list[str]:
        """Click's parsing, but words left over are refused here, in the chosen language
        and counted, where Click says "Got unexpected extra argument(s)" in English."""
        allowed = ctx.allow_extra_args
        ctx.allow_extra_args = True
        try:
            rest = super().parse_args(ctx, args)
        finally:
            ctx.allow_extra_args = allowed
        if rest and not allowed and not ctx.resilient_parsing:
            words = " ".join(typer_seams.escape_control_characters(str(arg)) for arg in rest)
            raise typer_seams.UsageError(
                tn(
                    "Got unexpected extra argument ({args})",
                    "Got unexpected extra arguments ({args})",
                    len(rest),
                    args=words,
                ),
                ctx,
            )
        return rest


class _NamesItsCommands(TyperGroup):
    """A group that refuses a word that names none of its commands itself, in the chosen
    language, with the commands it may have meant (Click's `resolve_command`, public)."""

    def resolve_command(
        self, ctx: Context, args: list[str]
    ) -> tuple[str | None, Command | None, list[str]]:
        name = args[0]
        command = self.get_command(ctx, name)
        if command is not None:
            return name, command, args[1:]
        if ctx.resilient_parsing:  # completing: nothing to refuse
            return None, None, args[1:]
        if name[:1] and not name[:1].isalnum():
            self.parse_args(ctx, args)  # an option where a command goes: Click names it
        from difflib import get_close_matches

        close = get_close_matches(name, self.list_commands(ctx))
        said = t("No such command {name}.", name=repr(typer_seams.escape_control_characters(name)))
        if close:
            said = t(
                "{message} Did you mean {commands}?",
                message=said,
                commands=", ".join(repr(match) for match in close),
            )
        raise typer_seams.UsageError(said, ctx)


class ChicagoSubGroup(_NamesItsCommands):
    """A named group of commands (``night``, ``rules``, ``sessions``, ``club``): its own
    help is written as every command's (`ChicagoContext`)."""

    context_class = ChicagoContext

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        name_metavars(self.params)


class ChicagoGroup(_NamesItsCommands):
    """The root group: runs every command, then maps how it ended to an `ExitStatus`."""

    context_class = ChicagoContext

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        name_metavars(self.params)

    def invoke(self, ctx: Context) -> Any:
        _Run.saved = False
        degrade_output()
        try:
            try:
                result = super().invoke(ctx)
            except typer.Exit:  # the command chose its status; its output must still go out
                _flush_stdout()
                raise
            _flush_stdout()
            return result
        except OptionConflict as error:
            raise typer_seams.in_language(self._usage_error(ctx, error)) from None
        except typer.Abort:  # a question given up (Ctrl-D): Typer would say "Aborted!"
            _say_aborted()
            raise typer.Exit(ExitStatus.REFUSED) from None
        except typer.Exit:
            raise
        except typer.TyperException as error:  # Click's usage errors
            raise typer_seams.in_language(error) from None
        except (Exception, KeyboardInterrupt) as error:
            raise typer.Exit(_failure(error)) from None

    def parse_args(self, ctx: Context, args: list[str]) -> list[str]:
        _choose_language_first(args)
        # An argument whose bytes are not UTF-8 reaches Python with lone surrogates in it
        # (PEP 383); kept, it broke the save as "a bug".  Every word is refused at once.
        for arg in args:
            if any("\udc80" <= char <= "\udcff" for char in arg):
                shown = arg.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
                raise typer.BadParameter(
                    t("{arg} is not UTF-8 text: type it again in a UTF-8 terminal", arg=shown),
                    ctx=ctx,
                )
        try:
            return super().parse_args(ctx, args)
        except typer.TyperException as error:
            raise typer_seams.in_language(error) from None

    def main(self, *args: Any, **kwargs: Any) -> Any:
        # --help and --version print before any command runs, outside `invoke`.
        try:
            return super().main(*args, **kwargs)
        except OSError as error:
            sys.exit(_output_failed(error))
        except SystemExit:
            try:
                _flush_stdout()
            except OSError as error:
                sys.exit(_output_failed(error))
            raise

    def _usage_error(self, ctx: Context, error: OptionConflict) -> typer.BadParameter:
        """Click's usage error for the command that was run, naming the option of the part."""
        name = ctx.invoked_subcommand
        command = self.get_command(ctx, name) if name else None
        usage = typer.Context(command, info_name=name, parent=ctx) if command else ctx
        return typer.BadParameter(
            error.localized(language()), ctx=usage, param_hint=OPTION_OF[error.part]
        )


def _choose_language_first(args: list[str]) -> None:
    """The language ``--lang`` asks for (else the environment's), chosen as the root's
    options are parsed: a usage error there, or a command that does not exist, is raised
    before --lang's callback (cli.app.main_options) chooses it, and is said in it too.
    The root's options come before the command; the last --lang given counts, as in Click."""
    asked = None
    index = 0
    while index < len(args) and args[index].startswith("-"):
        if args[index] == "--lang" and index + 1 < len(args):
            asked = args[index + 1]
            index += 1
        elif args[index].startswith("--lang="):
            asked = args[index].partition("=")[2]
        index += 1
    set_language(asked if asked in languages() else None)


def _say_aborted() -> None:
    with contextlib.suppress(OSError, ValueError):  # stderr itself may be gone
        sys.stderr.write(t("Aborted!") + "\n")


# -- output in any encoding ---------------------------------------------------------------

# What stands in for a character the output's encoding lacks (ASCII only).
_STAND_INS = {
    "—": "-",
    "–": "-",
    "━": "=",
    "─": "-",
    "│": "|",
    "→": "->",
    "←": "<-",
    "…": "...",
    "±": "+/-",
    "·": ".",
    "✓": "v",
    "✗": "x",
    "✎": "*",
    "●": "*",
    "○": "o",
    "μ": "mu",
    "σ": "sd",
    "♥": "h",
    "♡": "h",
    "♠": "s",
    "♤": "s",
    "♦": "d",
    "♢": "d",
    "♣": "c",
    "♧": "c",
    "\N{VARIATION SELECTOR-16}": "",
}


def _stand_in(char: str) -> str:
    if char in _STAND_INS:
        return _STAND_INS[char]
    import unicodedata  # only when a character cannot be shown

    # A letter with its accent taken off: Åsa reads as Asa in ASCII.
    bare = "".join(c for c in unicodedata.normalize("NFKD", char) if not unicodedata.combining(c))
    return bare if bare.isascii() and bare else "?"


def _replace_unencodable(error: UnicodeError) -> tuple[str, int]:
    if not isinstance(error, UnicodeEncodeError):
        raise error
    text = error.object[error.start : error.end]
    return "".join(_stand_in(char) for char in text), error.end


codecs.register_error("chicago-stand-in", _replace_unencodable)


def degrade_output() -> None:
    """Write stdout and stderr in their encoding, with a stand-in for what it lacks."""
    for stream in (sys.stdout, sys.stderr):
        encoding = (getattr(stream, "encoding", None) or "").lower().replace("-", "")
        if encoding in ("utf8", "utf16", "utf32"):
            continue
        with contextlib.suppress(AttributeError, ValueError):  # not a TextIOWrapper
            stream.reconfigure(errors="chicago-stand-in")  # type: ignore[union-attr]

