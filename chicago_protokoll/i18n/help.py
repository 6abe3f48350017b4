"""The help texts of ``chicago`` in the chosen language, for ``--lang xx`` or a locale.

The commands' help is written in English where it is declared (``help=`` and docstrings
beside each command in the cli modules, and Typer's own completion options; ``chicago
--help`` lists the root's from ``cli.listing``, generated from them); those texts are message ids like any other, translated in the
language's catalogue (``sv.po``).  `translate` puts the translation on the built Click
command; `cli.app.run` calls it only when the language is not English and never while
completing, so a TAB press, and this module's import, cost English nothing.
tests/cli/test_help_swedish.py fails when a help text has no Swedish entry.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .language import Msg, number

# Click's own help option, made on first use.
HELP_OPTION = "Show this message and exit."


def _translated(text: str | None, lang: str) -> str | None:
    if not text:
        return text
    return Msg(text).localized(lang)


def _amounts_localized(example: str, lang: str) -> str:
    """An example's stake as the reader writes money (``--stake 0,50`` in Swedish), which
    --stake accepts in every language; the rest of a command line is the same for all."""
    import re

    return re.sub(r"(--stake )(\d+\.\d+)", lambda m: m[1] + number(m[2], lang), example)


def epilog_words(epilog: str) -> list[str]:
    """The lines of an epilog that are words, each a message id (Click's ``\\b`` aside)."""
    return [line for line in epilog.split("\n") if line and not line[0].isspace() and line != "\b"]


def _epilog_line(line: str, lang: str) -> str:
    if line in epilog_words(line):
        return _translated(line, lang) or line
    return _metavar(_amounts_localized(line, lang), lang)


def translate(command: Any, lang: str) -> None:
    """Put the help in ``lang`` on a Click command, its parameters and its sub-commands."""
    command.help = _translated(command.help, lang)
    command.short_help = _translated(command.short_help, lang)
    if command.epilog:
        # An epilog's unindented lines are words ("Example:", cli.examples; a heading); its
        # indented ones a command line or the names a command reads, the same in every
        # language
        command.epilog = "\n".join(_epilog_line(line, lang) for line in command.epilog.split("\n"))
    for param in command.params:
        # Options are Click's; arguments are Typer's (TyperArgument keeps its help too).
        if getattr(param, "help", None):
            param.help = _translated(param.help, lang)
        metavar = param.metavar or _derived_metavar(param)
        if metavar:
            param.metavar = _metavar(metavar, lang)
    # "[OPTIONS]" and a group's "COMMAND [ARGS]..." in the usage line: public attributes.
    if command.options_metavar:
        command.options_metavar = _metavar(command.options_metavar, lang)
    if getattr(command, "subcommand_metavar", None):
        command.subcommand_metavar = _metavar(command.subcommand_metavar, lang)
    # The help option is made on first use (Command.get_help_option): translate it then.
    command.get_help_option = _with_translated_help(command.get_help_option, lang)
    for sub in getattr(command, "commands", {}).values():
        translate(sub, lang)
    # A group that lists commands it has not loaded (cli.app.ListedRoot) holds their help.
    listed = getattr(command, "listed_help", None)
    if listed:
        command.listed_help = {name: _translated(text, lang) for name, text in listed.items()}


# The words of the metavars (``--buy WHO``, ``-f PATH``, ``[OPTIONS]``), each a message id in
# the context "metavar": the same English word may be translated otherwise in a sentence.
_METAVAR_WORDS: dict[str, Msg] = {
    "ADDRESS": Msg.in_context("metavar", "ADDRESS"),
    "AMOUNT": Msg.in_context("metavar", "AMOUNT"),
    "ARGS": Msg.in_context("metavar", "ARGS"),
    "BASE": Msg.in_context("metavar", "BASE"),
    "COMMAND": Msg.in_context("metavar", "COMMAND"),
    "DATE": Msg.in_context("metavar", "DATE"),
    "DEAL": Msg.in_context("metavar", "DEAL"),
    "DIALECT": Msg.in_context("metavar", "DIALECT"),
    "DIR": Msg.in_context("metavar", "DIR"),
    "FILE": Msg.in_context("metavar", "FILE"),
    "FOLDER": Msg.in_context("metavar", "FOLDER"),
    "FORMAT": Msg.in_context("metavar", "FORMAT"),
    "HAND": Msg.in_context("metavar", "HAND"),
    "INTEGER": Msg.in_context("metavar", "INTEGER"),
    "NUMBER": Msg.in_context("metavar", "NUMBER"),
    "LANG": Msg.in_context("metavar", "LANG"),
    "LIST": Msg.in_context("metavar", "LIST"),
    "NAME": Msg.in_context("metavar", "NAME"),
    "OPPONENT": Msg.in_context("metavar", "OPPONENT"),
    "OPTIONS": Msg.in_context("metavar", "OPTIONS"),
    "OURS": Msg.in_context("metavar", "OURS"),
    "PATH": Msg.in_context("metavar", "PATH"),
    "PLAYER": Msg.in_context("metavar", "PLAYER"),
    "POINTS": Msg.in_context("metavar", "POINTS"),
    "PORT": Msg.in_context("metavar", "PORT"),
    "PRESET": Msg.in_context("metavar", "PRESET"),
    "QUESTION": Msg.in_context("metavar", "QUESTION"),
    "SHELL": Msg.in_context("metavar", "SHELL"),
    "TEXT": Msg.in_context("metavar", "TEXT"),
    "THEIRS": Msg.in_context("metavar", "THEIRS"),
    "UNIT": Msg.in_context("metavar", "UNIT"),
    "WHO": Msg.in_context("metavar", "WHO"),
}


def _metavar(metavar: str, lang: str) -> str:
    """A metavar in ``lang``, word by word (``PLAYER:N``, ``[NAME]``, ``PLAYER...``): the
    words the table knows are translated, the rest (``N``, ``K``) stay."""
    import re

    def word(match: re.Match[str]) -> str:
        known = _METAVAR_WORDS.get(match[0])
        return known.localized(lang) if known is not None else match[0]

    return re.sub(r"[A-Z]+", word, metavar)


def _derived_metavar(param: Any) -> str | None:
    """The metavar Click makes from an option's type where none is given (``PATH``,
    ``TEXT``, ``INTEGER``), set so that it can be translated; None for a flag, a choice or
    an argument (which keeps its name)."""
    if getattr(param, "param_type_name", "") != "option" or getattr(param, "is_flag", False):
        return None
    name = str(getattr(param.type, "name", "")).upper()
    return name if name in _METAVAR_WORDS else None


def _with_translated_help(original: Callable[[Any], Any], lang: str) -> Callable[[Any], Any]:
    def get_help_option(ctx: Any) -> Any:
        option = original(ctx)
        if option is not None:
            option.help = _translated(HELP_OPTION, lang)
        return option

    return get_help_option
