"""The root app: command groups joined with add_typer, and the app of one command `run` builds.

`cli.app.build` is the one place that reads Typer's ``registered_commands`` (to pick
one command out of its group); these tests pin what it relies on, so a Typer
upgrade that changes it fails here rather than at the table.
"""

from __future__ import annotations

from typing import Any

import pytest
import typer
import typer.main
from typer.core import TyperGroup

from chicago_protokoll.cli import typer_seams
from chicago_protokoll.cli.app import app, build, command_names

WHOLE = typer.main.get_command(app)


def _params(command: Any) -> list[tuple[str | None, tuple[str, ...]]]:
    return [(param.name, tuple(param.opts)) for param in command.params]


def test_help_lists_the_commands_then_the_groups_in_their_order() -> None:
    """`chicago --help` lists every command of the contract, then the groups rules, sessions,
    night, club and completion."""
    assert isinstance(WHOLE, TyperGroup)
    listed = list(WHOLE.commands)
    assert listed == command_names()
    assert listed[:9] == [
        "new", "deal", "buy", "declare", "tricks", "showdown", "royal", "exchange", "undo",
    ]  # fmt: skip
    assert listed[-5:] == ["rules", "sessions", "night", "club", "completion"]


@pytest.mark.parametrize("name", command_names())
def test_the_app_of_one_command_holds_that_command_as_the_whole_app_has_it(name: str) -> None:
    """build(NAME) has NAME alone, with the whole app's parameters, help and root options."""
    one = typer.main.get_command(build(name))
    assert isinstance(one, TyperGroup)
    assert list(one.commands) == [name]
    assert _params(one) == _params(WHOLE)
    alone, whole = one.commands[name], WHOLE.commands[name]
    assert _params(alone) == _params(whole)
    assert alone.help == whole.help
    assert alone.context_settings == whole.context_settings
    if isinstance(whole, TyperGroup):
        assert isinstance(alone, TyperGroup)
        assert list(alone.commands) == list(whole.commands)


def test_the_table_of_command_modules_is_what_each_module_defines() -> None:
    """cli.app.COMMANDS (which module a command line imports) names each module's own
    commands, in order: a command added to a module and not to the table fails here."""
    from importlib import import_module

    from chicago_protokoll.cli import app as app_module

    for module, names in app_module.COMMANDS:
        group = import_module(f"chicago_protokoll.cli.{module}").app
        defined = tuple(app_module._name_of(info) for info in typer_seams.commands_of(group))
        assert defined == names, module
    for name, module, attribute in app_module.NAMED_GROUPS:
        assert isinstance(getattr(import_module(f"chicago_protokoll.cli.{module}"), attribute),
                          typer.Typer), name


def test_the_listing_holds_the_help_each_command_and_group_declares() -> None:
    """cli.listing (what `chicago --help` lists without importing a command module) holds
    every name in order, each with the help the command or group declares beside it."""
    from chicago_protokoll.cli.listing import LISTING

    assert [name for name, _, _, _ in LISTING] == command_names()
    for name, _, _, text in LISTING:
        assert WHOLE.commands[name].help == text, name


def test_a_command_line_imports_only_the_module_of_its_command() -> None:
    """`chicago status` loads cli.read, not the modules of edit, stats or serve."""
    import subprocess
    import sys

    code = (
        "import sys; from chicago_protokoll.cli.app import build; build('status'); "
        "print(sorted(m for m in sys.modules if m.startswith('chicago_protokoll.cli.')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded = set(eval(out.stdout))
    assert "chicago_protokoll.cli.read" in loaded
    assert not loaded & {
        "chicago_protokoll.cli.correct",
        "chicago_protokoll.cli.stats",
        "chicago_protokoll.cli.serve",
        "chicago_protokoll.cli.record",
    }
