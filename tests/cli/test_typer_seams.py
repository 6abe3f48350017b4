"""The CLI reaches past Typer's public API only in cli/typer_seams.py, and each seam holds.

A Typer upgrade that moves one of them fails here, not at the table.
"""

from __future__ import annotations

import ast
from pathlib import Path

import typer
import typer.main
from typer.testing import CliRunner

import chicago_protokoll
from chicago_protokoll.cli import typer_seams
from chicago_protokoll.cli.app import app

PACKAGE = Path(chicago_protokoll.__file__).parent
# What only the seams module may touch: Typer's private modules and its command list.
PRIVATE_NAMES = {"registered_commands", "registered_groups", "make_metavar"}


def _private_uses(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module, *(f"{node.module}.{alias.name}" for alias in node.names)]
            found += [name for name in names if name.startswith("typer") and "._" in name]
        elif isinstance(node, ast.Import):
            found += [a.name for a in node.names if a.name.startswith("typer") and "._" in a.name]
        elif isinstance(node, ast.Attribute) and node.attr in PRIVATE_NAMES:
            found.append(node.attr)
    return found


def test_only_the_seams_module_reaches_past_typers_public_api() -> None:
    """No module of the package but cli/typer_seams.py uses Typer's private names."""
    offenders = {
        path.relative_to(PACKAGE).as_posix(): uses
        for path in sorted(PACKAGE.rglob("*.py"))
        if path.name != "typer_seams.py" and (uses := _private_uses(path))
    }
    assert offenders == {}
    assert _private_uses(PACKAGE / "cli" / "typer_seams.py")  # the check sees them where they are


def test_commands_of_lists_a_groups_commands_in_order_and_add_commands_makes_them_run() -> None:
    """commands_of gives the registered commands in order; add_commands makes them callable."""
    group = typer.Typer()

    @group.command()
    def first() -> None:
        print("first ran")

    @group.command("second")
    def _second() -> None:
        print("second ran")

    infos = typer_seams.commands_of(group)
    assert [info.callback for info in infos] == [first, _second]
    one = typer.Typer()
    typer_seams.add_commands(one, infos[1:])
    root = typer.Typer()
    root.callback()(lambda: None)
    root.add_typer(one)
    result = CliRunner().invoke(root, ["second"])
    assert (result.exit_code, result.output) == (0, "second ran\n")


def test_usage_lines_name_required_arguments_bare() -> None:
    """`chicago new --help` says `NAME PLAYER PLAYER...`, not Typer's `{NAME}`."""
    help_text = CliRunner().invoke(app, ["new", "--help"], prog_name="chicago").output
    usage = help_text.splitlines()[0]
    assert "{" not in usage
    assert " NAME " in usage


def test_the_help_formatter_seam_is_the_one_clicks_context_chooses() -> None:
    """Click's help formatter is reached through `Context.formatter_class` (a public class
    attribute), and every command's context chooses the project's, which says "Usage:" and
    the headings through the catalogue (issue 26, item 8)."""
    from chicago_protokoll.cli.root import (
        ChicagoCommand,
        ChicagoContext,
        ChicagoGroup,
        ChicagoHelpFormatter,
        ChicagoSubGroup,
    )

    assert typer_seams.HelpFormatter is typer.Context.formatter_class
    assert issubclass(ChicagoHelpFormatter, typer_seams.HelpFormatter)
    assert ChicagoContext.formatter_class is ChicagoHelpFormatter
    for cls in (ChicagoCommand, ChicagoGroup, ChicagoSubGroup):
        assert cls.context_class is ChicagoContext
    formatter = ChicagoHelpFormatter()
    formatter.write_usage("chicago deal", "[OPTIONS]")
    formatter.write_heading("Options")
    assert formatter.getvalue() == "Usage: chicago deal [OPTIONS]\nOptions:\n"
