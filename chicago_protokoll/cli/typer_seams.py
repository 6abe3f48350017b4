"""Every place the CLI reaches past Typer's public API, kept in this one module.

Typer (pinned below 0.29 in pyproject.toml) offers no public way to do two things the
table needs, so each is done here and nowhere else, and tests/cli/test_typer_seams.py
pins each one: a Typer upgrade that moves one fails there, not at the table.

- `commands_of` / `add_commands`: the commands registered on a Typer app.  `run`
  builds an app of the one command a command line names (start-up time), and every
  command's help gets its example; Typer keeps the list as ``registered_commands``.
- `bare_required_arguments`: Typer writes a required argument in braces in the usage
  line (``{NAME}``); man pages and Click itself write the bare name.
"""

from collections.abc import Iterable
from typing import Any

import typer
from typer.core import TyperArgument
from typer.models import CommandInfo

TYPE_CHECKING = False
if TYPE_CHECKING:
    # The Click that Typer 0.28 bundles: its Context is what a group's invoke is given
    # (cli/root.py overrides it); typer.Context is a subclass, too narrow for an override.
    from typer._click import Context as Context  # noqa: PLC0414 (the alias exports it)


def commands_of(app: typer.Typer) -> list[CommandInfo]:
    """The commands registered on ``app``, in the order they were registered."""
    return app.registered_commands


def add_commands(app: typer.Typer, commands: Iterable[CommandInfo]) -> None:
    """Register already-made commands on ``app``."""
    app.registered_commands.extend(commands)


_typer_make_metavar = TyperArgument.make_metavar


def _make_metavar(self: TyperArgument, ctx: Any, *, usage: bool = False) -> str:
    var: str = _typer_make_metavar(self, ctx, usage=usage)
    if usage and var.startswith("{") and var.endswith("}"):
        return var[1:-1]
    return var


def bare_required_arguments() -> None:
    """Usage lines say ``NAME``, not ``{NAME}`` (optional arguments keep ``[...]``), for
    this process only."""
    TyperArgument.make_metavar = _make_metavar  # type: ignore[method-assign]
