"""The ``chicago`` command: the root Typer app, the command groups joined to it, `run`.

Each command resolves the session file, replays it, applies what was typed
through the rules, and only then writes (under the store's lock).  Every
refusal is a `ChicagoError`: one plain line on stderr, exit status 1, and no
file touched; how a run ends is mapped to its exit status once, by the root
group (`root.ChicagoGroup`).  Rich is imported only by the commands that draw
tables.

Each module of this package holds one command group as its own Typer app, and
`app` joins them with `add_typer`, in the order of ``chicago --help``: the
groups without a name first (Typer lists their commands as the root's own):
`record` (new, deal and its moments, undo), `correct` (edit, again), `read` (status, log,
export, settle, compare), `serve` (the live page), `play`, `explain` (explain, why, chart),
`stats`; then the named
groups `rules`, `sessions`, `night` (the club night), `club` and `completion`.  What the commands share is in `common`.
Each command declares its help and example beside it; ``chicago --help`` lists them all
from `listing` (generated from the modules) without importing a command module
(`ListedRoot`).
"""

import os
import sys
from gettext import gettext
from importlib import import_module
from typing import TYPE_CHECKING, Annotated, Any, Literal

import typer
from typer.core import TyperCommand

from ..i18n.language import environment_language, languages, set_language
from . import typer_seams
from .listing import LISTING
from .root import ChicagoCommand, ChicagoGroup, ChicagoSubGroup

__all__ = ["app", "build", "run"]

# What ``chicago --help`` lists and the module of each command, in its order
# (`listing.LISTING`, written by scripts/generate_listing.py from the command modules,
# where each command declares its help and example).  A command line that names a command
# imports only its module, and that module imports the core inside its commands: `status`
# never loads what `edit` or `stats` need, and ``status --help`` no part of the core.
COMMANDS: tuple[tuple[str, tuple[str, ...]], ...] = tuple(
    (module, tuple(name for name, mod, attribute, _ in LISTING if (mod, attribute) == (module, "app")))
    for module in dict.fromkeys(mod for _, mod, attribute, _ in LISTING if attribute == "app")
)
NAMED_GROUPS: tuple[tuple[str, str, str], ...] = tuple(
    (name, module, attribute) for name, module, attribute, _ in LISTING if attribute != "app"
)


_LOADED: dict[tuple[str, str], typer.Typer] = {}


def _group_app(module: str, attribute: str = "app") -> typer.Typer:
    """The Typer app of a command module, imported on first use.  Each command is a
    `ChicagoCommand` (its usage line), put on its CommandInfo once, as it loads; its help
    and example are its own."""
    key = (module, attribute)
    if key not in _LOADED:
        group: typer.Typer = getattr(import_module(f".{module}", __package__), attribute)
        for info in typer_seams.commands_of(group):
            if info.cls in (None, TyperCommand):  # Typer's default; a command's own stays
                info.cls = ChicagoCommand
        _LOADED[key] = group
    return _LOADED[key]


def _print_version(value: bool) -> None:
    if value:
        # The package's own __version__ (the one place it is written, which pyproject.toml
        # reads too): the package is loaded already, as this module's parent, and the
        # layering keeps cli from importing the top.
        package = sys.modules[__name__.partition(".")[0]]
        print(f"chicago-protokoll {package.__version__}")
        raise typer.Exit(0)


if TYPE_CHECKING:
    from .typer_seams import Command, Context, HelpFormatter

    LanguageName = str
else:
    # A choice of English and every language with a catalogue (i18n/xx.po), read when the
    # app loads: --help lists them, TAB completes them, anything else exits 2.
    LanguageName = Literal[languages()]


def main_options(
    ctx: typer.Context,
    lang: Annotated[
        LanguageName | None,
        typer.Option("--lang", help="Language of all output: sv or en (default: from LANG)."),
    ] = None,
    version: Annotated[
        bool,
        typer.Option(
            "--version", help="Print the version and exit.", callback=_print_version, is_eager=True
        ),
    ] = False,
) -> None:
    """Protokollförare for Chicago: record each deal, the house rules do the scoring."""
    # Always set (None included): one process may run several commands (tests, `play`).
    set_language(lang)
    if ctx.invoked_subcommand is None:
        print(ctx.get_help())
        raise typer.Exit(0)


def _root(cls: type[ChicagoGroup] = ChicagoGroup) -> typer.Typer:
    root = typer.Typer(
        name="chicago",
        help="Protokollförare for Chicago, the Swedish card game: record each deal, "
        "let the house rules do the scoring.",
        # Bare `chicago` shows the help and exits 0 (see main_options): how a newcomer starts.
        invoke_without_command=True,
        # TAB completion is the static scripts in completions/ (scripts/generate_completions.py),
        # installed by the wheel; the README says how to load them. Typer's
        # --install-completion/--show-completion would install its dynamic script instead.
        add_completion=False,
        pretty_exceptions_enable=False,
        # Every command runs inside it: how a run ends maps to its exit status there, once.
        cls=cls,
        rich_markup_mode=None,
        context_settings={"help_option_names": ["-h", "--help"]},
    )
    root.callback()(main_options)
    return root


def build(only: str | None = None) -> typer.Typer:
    """The app with every group, or (``only``) with the one command or group of that name.

    Typer makes the Click command of every command on every run, which for this many
    commands takes about as long as a bare Python start (docs/latency.md).  A command
    line that names a command gets the app with only that command (and the same
    callback), so its parsing, help and errors are those of the whole app.

    Typer's public API joins whole apps; a command is picked out of its group through
    `typer_seams`, the one module that reaches past that API.  A test
    (tests/cli/test_app.py) pins that every name builds an app of just that command,
    with the same parameters as in the whole app.
    """
    root = _root()
    for module, names in COMMANDS:
        if only is None:
            root.add_typer(_group_app(module))
            continue
        if only not in names:
            continue  # not imported: the command line names another module's command
        group = _group_app(module)
        chosen = [info for info in typer_seams.commands_of(group) if _name_of(info) == only]
        one = typer.Typer()
        typer_seams.add_commands(one, chosen)
        root.add_typer(one)
    for name, module, attribute in NAMED_GROUPS:
        if only is None or only == name:
            root.add_typer(_group_app(module, attribute), name=name, cls=ChicagoSubGroup)
    return root


def command_names() -> list[str]:
    """Every name a command line can start with, in the order of ``chicago --help``."""
    return [name for _, names in COMMANDS for name in names] + [n for n, _, _ in NAMED_GROUPS]


class ListedRoot(ChicagoGroup):
    """The root as ``chicago --help`` and a bare ``chicago`` run it: a lazily loading
    group (Click's `list_commands` and `get_command`) whose list of commands, with the
    first sentence of each one's help, comes from `listing.LISTING` without importing
    any command module.  `listed_help` is what it lists (``i18n.help.translate``
    puts it in the language of the help)."""

    def __init__(self, **attrs: Any) -> None:
        super().__init__(**attrs)
        self.listed_help = {name: text for name, _, _, text in LISTING}

    def list_commands(self, ctx: "Context") -> list[str]:
        return command_names()

    def get_command(self, ctx: "Context", cmd_name: str) -> "Command | None":
        """The command ``cmd_name``, built (its module imported) only now."""
        if cmd_name not in self.listed_help:
            return None
        group = typer.main.get_command(build(cmd_name))
        assert isinstance(group, ChicagoGroup)
        return group.get_command(ctx, cmd_name)

    def format_commands(self, ctx: "Context", formatter: "HelpFormatter") -> None:
        """The list `TyperGroup.format_commands` writes, each short help made by Click's
        `get_short_help_str` from the same help text, with no command loaded."""
        names = self.list_commands(ctx)
        limit = formatter.width - 6 - max(len(name) for name in names)
        rows = [
            (name, ChicagoCommand(name=name, help=self.listed_help[name]).get_short_help_str(limit))
            for name in names
        ]
        with formatter.section(gettext("Commands")):  # as Typer words the heading
            formatter.write_dl(rows)


def __getattr__(name: str) -> Any:
    """``app``: the whole app, built (and every command module imported) when first asked."""
    if name == "app":
        whole = build()
        globals()["app"] = whole
        return whole
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


if TYPE_CHECKING:
    app: typer.Typer


def run() -> None:
    """Entry point used by ``python -m chicago_protokoll`` and the ``chicago`` script."""
    name = _command_named(sys.argv[1:])
    if name is None and _version_first(sys.argv[1:]):
        # `chicago --version` prints before any command is looked at (an eager option of
        # the root): the root alone answers it, and no command module is imported.
        chosen = _root()
    elif name is None and _help_only(sys.argv[1:]):
        chosen = _root(ListedRoot)  # the list of commands, and no command module imported
    else:
        chosen = build(name)
    lang = _help_language(sys.argv[1:])
    if lang != "en":
        _run_translated(chosen, lang)
    else:
        chosen(prog_name="chicago")


def _help_language(args: list[str]) -> str:
    """The language of the help texts: --lang's, else the environment's.

    Never while Click completes (``_CHICAGO_COMPLETE``): its descriptions are English, as
    those of the static scripts in completions/.
    """
    if "_CHICAGO_COMPLETE" in os.environ:
        return "en"
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
    if asked is None or asked not in languages():  # none, or one --lang will refuse
        asked = environment_language()
    return asked


def _run_translated(chosen: typer.Typer, lang: str) -> None:
    """``chosen(prog_name="chicago")`` with the help texts in ``lang`` on its Click command.

    Typer.__call__ builds the Click command and calls it; this does the same with the
    command translated in between, so parsing, exit codes and errors stay Typer's.  (What
    Typer.__call__ adds besides, a note for its pretty tracebacks, does nothing here:
    the app turns them off with ``pretty_exceptions_enable=False``.)
    """
    from ..i18n.help import translate
    from ..i18n.language import set_language

    command = typer.main.get_command(chosen)
    translate(command, lang)
    # Click's own words ("Usage:", "Options:") are said as the help is written, through
    # `t` (root.ChicagoHelpFormatter): the root's --help is eager and runs before --lang's
    # callback would choose the language, so it is chosen here, as for the help texts.
    set_language(lang)
    command(prog_name="chicago")


def _version_first(args: list[str]) -> bool:
    """Whether the root's options, before any command, ask for --version before --help:
    Click runs the eager options in the order typed, and the first one exits."""
    index = 0
    while index < len(args) and args[index].startswith("-"):
        if args[index] == "--version":
            return True
        if args[index] in ("-h", "--help"):
            return False
        index += 2 if args[index] == "--lang" else 1
    return False


def _help_only(args: list[str]) -> bool:
    """Whether the command line asks for the root's help alone: bare, or -h/--help, with
    or without --lang."""
    index = 0
    while index < len(args):
        if args[index] == "--lang":
            index += 2
        elif args[index].startswith("--lang=") or args[index] in ("-h", "--help"):
            index += 1
        else:
            return False
    return True


def _command_named(args: list[str]) -> str | None:
    """The command or group a command line names (after --lang); None when unsure."""
    index = 0
    while index < len(args) and args[index].startswith("-"):
        if args[index] == "--lang":
            index += 2
        elif args[index].startswith("--lang="):
            index += 1
        else:
            return None  # --help, --version...: the whole app
    if index >= len(args):
        return None
    return args[index] if args[index] in command_names() else None


def _name_of(info: typer.models.CommandInfo) -> str:
    """A command's name as Typer gives it (typer.main.get_command_from_info)."""
    if info.name:
        return info.name
    return typer.main.get_command_name(info.callback.__name__ if info.callback else "")
