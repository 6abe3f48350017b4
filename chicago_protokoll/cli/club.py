"""The ``club`` group (init, sync, keep) and ``merge-driver``: a club folder on many
machines, kept with git (docs/club.md).  The work is the store's (`store.club`,
`store.clubfiles`); this module reads the command line and says what happened."""

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from ..core.errors import ChicagoError
from ..i18n.language import Msg, language, t
from ..present.width import visible
from .root import ExitStatus, note_saved

if TYPE_CHECKING:
    from ..store.club import SyncReport

# ``merge-driver`` is a command of the root (git calls it by that name); the others are
# the ``club`` group's.
# `merge-driver`'s help is `app.HELP`'s (`chicago --help` lists it without this module).
app = typer.Typer(rich_markup_mode=None)
# The group's help is `app.HELP`'s (`chicago --help` lists it without this module).
club_app = typer.Typer(
    no_args_is_help=True,
    rich_markup_mode=None,
)

DirArgument = Annotated[
    Path | None,
    typer.Argument(
        help="The club folder (default: the data directory).",
        file_okay=False,
        metavar="DIR",
    ),
]


def _folder(directory: Path | None) -> Path:
    from ..store import locations

    return directory if directory is not None else locations.data_dir()


def _say(lines: list[Msg]) -> None:
    for line in lines:
        print(visible(line.localized(language())))


@club_app.command("init")
def club_init(directory: DirArgument = None) -> None:
    """Make DIR a club folder for git: .gitattributes, .gitignore and this clone's merge driver."""
    from ..store import club

    told = club.init_club(_folder(directory))
    note_saved()
    _say(told)


@club_app.command("sync")
def club_sync(directory: DirArgument = None) -> None:
    """Commit, pull, check, push; a conflict is named, never committed."""
    from ..store import club

    try:
        report = club.sync(_folder(directory))
    except club.SyncStopped as stopped:
        # What it said before it stopped is still true (a sync never takes back its commit).
        _say(stopped.told)
        raise
    _report(report)


@club_app.command("keep")
def club_keep(
    name: Annotated[str, typer.Argument(help="The session (or night) in conflict.", metavar="NAME")],
    ours: Annotated[bool, typer.Option("--ours", help="Keep this machine's version.")] = False,
    theirs: Annotated[bool, typer.Option("--theirs", help="Keep the other machine's version.")] = False,
    directory: DirArgument = None,
) -> None:
    """Resolve a conflict by keeping one side's version whole, then sync."""
    from ..store import club

    if ours == theirs:
        raise typer.BadParameter(
            t("give one of --ours or --theirs"), param_hint="'--ours' / '--theirs'"
        )
    try:
        report = club.keep(_folder(directory), name, "ours" if ours else "theirs")
    except club.SyncStopped as stopped:
        _say(stopped.told)
        raise
    _report(report)


def _report(report: "SyncReport") -> None:
    note_saved()
    _say(report.told)
    if not report.conflicts:
        return
    lang = language()
    from ..store.clubfiles import kind_of

    for conflict in report.conflicts:
        # `club keep` takes a session's or night's name, any other file by its path
        name = Path(conflict.path).stem if kind_of(conflict.path) else conflict.path
        lines = [
            Msg("conflict in {path}: {reason}", path=conflict.path, reason=conflict.reason),
            Msg(
                "the merge was not committed and nothing was pushed: {path} is as this machine had it",
                path=conflict.path,
            ),
        ]
        if conflict.theirs is not None:
            lines.append(Msg("the other machine's version is beside it: {theirs}", theirs=conflict.theirs))
        lines.append(
            Msg(
                "either keep one side: `chicago club keep {name} --ours` (this machine's) or `--theirs` (the other's); or correct one side and run `chicago club sync` again",
                name=name,
            )
        )
        for line in lines:
            sys.stderr.write(visible(f"chicago: {line.localized(lang)}") + "\n")
    raise typer.Exit(ExitStatus.REFUSED)


@app.command("merge-driver")
def merge_driver(
    base: Annotated[Path, typer.Argument(help="The common version (%O; empty: new on both).", metavar="BASE")],
    ours: Annotated[Path, typer.Argument(help="This side's version, where the merge is written (%A).", metavar="OURS")],
    theirs: Annotated[Path, typer.Argument(help="The other side's version (%B).", metavar="THEIRS")],
    path: Annotated[str | None, typer.Argument(help="The file's path in the folder (%P).", metavar="PATH")] = None,
) -> None:
    from ..store import clubfiles
    from ..store.atomic import write_atomic

    def read(file: Path) -> str:
        try:
            return file.read_text(encoding="utf-8-sig")
        except FileNotFoundError:
            return ""
        except (OSError, UnicodeDecodeError) as error:
            raise ChicagoError(Msg("{file} cannot be read: {error}", file=str(file), error=str(error))) from None

    named = path if path is not None else clubfiles.guess_path(read(ours), ours.name)
    try:
        merged = clubfiles.merge_texts(read(base), read(ours), read(theirs), named)
    except ChicagoError as error:
        # git shows this line; OURS stays as it was, so the file in the folder loads.
        raise ChicagoError(Msg("{path}: {error}", path=named, error=error.message)) from None
    write_atomic(ours, merged.encode("utf-8"))
