"""The help texts of ``chicago`` in the chosen language, for ``--lang xx`` or a locale.

The commands' help is written in English where it is declared (``cli.app.HELP`` for the
commands and groups of the root, docstrings and ``help=`` in the cli modules, and Typer's
own completion options); those texts are message ids like any other, translated in the
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


def translate(command: Any, lang: str) -> None:
    """Put the help in ``lang`` on a Click command, its parameters and its sub-commands."""
    command.help = _translated(command.help, lang)
    command.short_help = _translated(command.short_help, lang)
    if command.epilog:
        # cli.examples: "Example:" and a command line, the same in every language
        word, _, example = command.epilog.partition("\n")
        command.epilog = f"{_translated(word, lang)}\n{_amounts_localized(example, lang)}"
    for param in command.params:
        # Options are Click's; arguments are Typer's (TyperArgument keeps its help too).
        if getattr(param, "help", None):
            param.help = _translated(param.help, lang)
    # The help option is made on first use (Command.get_help_option): translate it then.
    command.get_help_option = _with_translated_help(command.get_help_option, lang)
    for sub in getattr(command, "commands", {}).values():
        translate(sub, lang)
    # A group that lists commands it has not loaded (cli.app.ListedRoot) holds their help.
    listed = getattr(command, "listed_help", None)
    if listed:
        command.listed_help = {name: _translated(text, lang) for name, text in listed.items()}


def _with_translated_help(original: Callable[[Any], Any], lang: str) -> Callable[[Any], Any]:
    def get_help_option(ctx: Any) -> Any:
        option = original(ctx)
        if option is not None:
            option.help = _translated(HELP_OPTION, lang)
        return option

    return get_help_option
