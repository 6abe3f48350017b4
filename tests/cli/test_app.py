"""The root app: command groups joined with add_typer, and the app of one command `run` builds.

`cli.app.build` is the one place that reads Typer's ``registered_commands`` (to pick
one command out of its group); these tests pin what it relies on, so a Typer
upgrade that changes it fails here rather than at the table.
"""

from __future__ import annotations

from typing import Any

import pytest
import typer.main
from typer.core import TyperGroup

from chicago_protokoll.cli.app import app, build, command_names

WHOLE = typer.main.get_command(app)


def _params(command: Any) -> list[tuple[str | None, tuple[str, ...]]]:
    return [(param.name, tuple(param.opts)) for param in command.params]


def test_help_lists_the_commands_then_the_groups_in_their_order() -> None:
    """`chicago --help` lists every command of the contract, then the groups rules and sessions."""
    assert isinstance(WHOLE, TyperGroup)
    listed = list(WHOLE.commands)
    assert listed == command_names()
    assert listed[:9] == [
        "new", "deal", "buy", "declare", "tricks", "showdown", "royal", "exchange", "undo",
    ]  # fmt: skip
    assert listed[-2:] == ["rules", "sessions"]


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
