"""The ``chicago`` command: a thin Typer layer over the scoring core.

Each command resolves the session file, replays it, applies what was typed
through the rules, and only then writes (under the store's lock).  Every
refusal is a `ChicagoError`: one plain line on stderr, exit status 1, and no
file touched.  Rich is imported only by the commands that draw tables.

This module owns the entry point, `run`.  The app and what its commands share
are in `cli_common`; the commands live one module per job and register
themselves when imported, so the order of the imports below is the order of
``chicago --help`` (commands first, then the groups ``rules`` and ``sessions``):
`cli_record` (new, deal and its moments, undo), `cli_read` (status, log,
export, settle, compare), `cli_rules`, `cli_sessions`, `cli_play` (play) and
`cli_explain` (explain, why, chart).
"""

import os
import sys

import typer

from ..i18n.language import LANGUAGES, environment_language
from .common import app

# Imported for what importing them does, registering their commands on `app`, and
# in this order, which is that of `chicago --help`: keep the sorter away from it.
# isort: off
from . import record, read, rules, sessions, play, explain  # noqa: F401
# isort: on

__all__ = ["app", "run"]


def run() -> None:
    """Entry point used by ``python -m chicago_protokoll`` and the ``chicago`` script."""
    # Typer makes the Click command of every command on every run, which for this many
    # commands takes about as long as a bare Python start (docs/latency.md).  A command
    # line that names a command gets the app with only that command (and the same
    # callback), so its parsing, help and errors are those of the whole app.
    commands, groups = app.registered_commands, app.registered_groups
    name = _command_named(sys.argv[1:])
    if name is not None:
        app.registered_commands = [info for info in commands if _name_of(info) == name]
        app.registered_groups = [info for info in groups if info.name == name]
    try:
        if _swedish_help(sys.argv[1:]):
            _run_in_swedish()
        else:
            app(prog_name="chicago")
    finally:
        app.registered_commands, app.registered_groups = commands, groups


def _swedish_help(args: list[str]) -> bool:
    """Whether the help texts are to be Swedish: --lang sv, else a Swedish environment.

    Never while completing (``_CHICAGO_COMPLETE``): a TAB's descriptions are English in
    the fast path and in Typer's alike, byte for byte.
    """
    if "_CHICAGO_COMPLETE" in os.environ:
        return False
    asked = None
    index = 0
    while index < len(args) and args[index].startswith("-"):  # the app's options
        if args[index] == "--lang":
            asked = args[index + 1] if index + 1 < len(args) else None
            index += 2
        else:
            if args[index].startswith("--lang="):
                asked = args[index].partition("=")[2]
            index += 1
    if asked not in LANGUAGES:  # none, or one --lang will refuse: the environment's
        asked = environment_language()
    return asked == "sv"


def _run_in_swedish() -> None:
    """`app(prog_name="chicago")` with the Swedish help texts (help_sv) on its Click command.

    Typer.__call__ builds the Click command and calls it; this does the same with the
    command translated in between, so parsing, exit codes and errors stay Typer's.
    """
    from typer.main import except_hook
    from typer.models import DeveloperExceptionConfig

    from ..i18n.help_sv import translate

    command = typer.main.get_command(app)
    translate(command)
    if sys.excepthook != except_hook:
        sys.excepthook = except_hook
    try:
        command(prog_name="chicago")
    except Exception as error:
        # As Typer.__call__ does: tells its excepthook how to show a developer's error.
        setattr(
            error,
            typer.main._typer_developer_exception_attr_name,
            DeveloperExceptionConfig(
                pretty_exceptions_enable=app.pretty_exceptions_enable,
                pretty_exceptions_show_locals=app.pretty_exceptions_show_locals,
                pretty_exceptions_short=app.pretty_exceptions_short,
            ),
        )
        raise


def _command_named(args: list[str]) -> str | None:
    """The command or group a command line names (after --lang); None when unsure."""
    index = 0
    while index < len(args) and args[index].startswith("-"):
        if args[index] == "--lang":
            index += 2
        elif args[index].startswith("--lang="):
            index += 1
        else:
            return None  # --help, --install-completion...: the whole app
    if index >= len(args):
        return None
    known = {_name_of(info) for info in app.registered_commands}
    known.update(info.name for info in app.registered_groups if info.name)
    return args[index] if args[index] in known else None


def _name_of(info: typer.models.CommandInfo) -> str:
    """A command's name as Typer gives it (typer.main.get_command_from_info)."""
    if info.name:
        return info.name
    return typer.main.get_command_name(info.callback.__name__ if info.callback else "")
