"""An option several commands take is one option: the same help text wherever it is given
(one Swedish entry in sv.po), because it is declared once (cli/options.py, cli/common.py).

Read off the app's Click tree, as ``--help`` shows it, so an option declared again in a
command module, with words of its own, fails here by name."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from typing import Any

import typer.main

from chicago_protokoll.cli.app import app

#: Options whose name means another thing in each command that takes it, so each says
#: its own: ``--reason`` (a penalty's, a correction's, a reopened night's), ``--format``
#: (each command its formats), ``--night`` (a filter, a board), ``--player`` (a filter of
#: other things), ``--deal`` (undo's flag, a note's deal, a question's), ``--lang`` (the
#: output's, a published site's), ``--force``, ``--file`` (a session file to use, or one
#: to create) and ``--buy`` (deal's in order, edit's also by köp).
MEANS_ANOTHER_THING = {
    "--reason", "--format", "--night", "--player", "--deal", "--lang", "--force",
    "--file", "--buy",
}  # fmt: skip


def _commands(command: Any, path: tuple[str, ...] = ()) -> Iterator[tuple[str, Any]]:
    yield " ".join(path) or "chicago", command
    for name, sub in getattr(command, "commands", {}).items():
        yield from _commands(sub, (*path, name))


def help_by_option() -> dict[str, dict[str, set[str]]]:
    """For each option name: its help texts, each with the commands that show it."""
    found: dict[str, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
    for where, command in _commands(typer.main.get_command(app)):
        for param in command.params:
            if getattr(param, "param_type_name", "") == "option":
                for name in param.opts:
                    if name.startswith("--"):
                        found[name][param.help or ""].add(where)
    return found


def test_an_option_several_commands_take_has_one_help_text() -> None:
    several = {
        name: {text: sorted(where) for text, where in texts.items()}
        for name, texts in help_by_option().items()
        if len(texts) > 1 and name not in MEANS_ANOTHER_THING
    }
    assert several == {}
    # And each name let through still says another thing somewhere: the list never hides one.
    options = help_by_option()
    assert {name for name in MEANS_ANOTHER_THING if len(options[name]) < 2} == set()


def test_the_shared_options_are_shared() -> None:
    """The check sees what it checks: --stake, --broken-by and --preset are each taken by
    several commands (and so declared once, with one help text)."""
    options = help_by_option()
    for name in ("--stake", "--broken-by", "--preset", "--json", "--dry-run", "--dir"):
        (commands,) = options[name].values()
        assert len(commands) > 1, name
