"""Every place the CLI reaches past Typer's public API, kept in this one module.

Typer (pinned below 0.29 in pyproject.toml) offers no public way to do one thing the
table needs, so it is done here and nowhere else, and tests/cli/test_typer_seams.py
pins each one: a Typer upgrade that moves one fails there, not at the table.

- `commands_of` / `add_commands`: the commands registered on a Typer app.  `run`
  builds an app of the one command a command line names (start-up time), and every
  command's help gets its example; Typer keeps the list as ``registered_commands``.

(A usage line's bare ``NAME`` for Typer's ``{NAME}`` is not a seam: each command's class,
`root.ChicagoCommand`, a `TyperCommand` as Typer's ``cls`` lets it be, says it through
Click's documented `collect_usage_pieces`.)
"""

from collections.abc import Iterable

import typer
from typer.models import CommandInfo

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
