"""The ``club`` group (init, sync, keep, conflicts) and ``merge-driver``: a club folder on many
machines, kept with git (docs/club.md).  The work is the store's (`store.club`,
`store.clubfiles`); this module reads the command line and says what happened."""

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from ..core.errors import ChicagoError
from ..i18n.language import Msg, language, t
from ..i18n.os_errors import reason
from ..present.width import visible
from .examples import example
from .options import JsonOption
from .root import ExitStatus, note_saved

if TYPE_CHECKING:
    from ..store.club import Conflict, SyncReport

# ``merge-driver`` is a command of the root (git calls it by that name); the others are
# the ``club`` group's.
# `merge-driver`'s help is declared here; `chicago --help` lists it from `listing`, without this module.
app = typer.Typer(rich_markup_mode=None)
# The group's help is declared here; `chicago --help` lists it from `listing`, without this module.
club_app = typer.Typer(
    help="A club folder on many machines, kept with git: init, sync, conflicts, keep.",
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


@club_app.command("init", epilog=example("chicago club init"))
def club_init(directory: DirArgument = None) -> None:
    """Make DIR a club folder for git: .gitattributes, .gitignore and this clone's merge driver."""
    from ..store import club

    told = club.init_club(_folder(directory))
    note_saved()
    _say(told)


@club_app.command("sync", epilog=example("chicago club sync"))
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


@club_app.command("keep", epilog=example("chicago club keep fredag --theirs"))
def club_keep(
    name: Annotated[
        str | None, typer.Argument(help="The session (or night) in conflict.", metavar="NAME")
    ] = None,
    ours: Annotated[bool, typer.Option("--ours", help="Keep this machine's version.")] = False,
    theirs: Annotated[bool, typer.Option("--theirs", help="Keep the other machine's version.")] = False,
    both: Annotated[
        bool, typer.Option("--both", help="Two different games under one name: keep both, the later renamed NAME_2.")
    ] = False,
    every: Annotated[bool, typer.Option("--all", help="Settle every open conflict the same way.")] = False,
    directory: DirArgument = None,
) -> None:
    """Settle one name's conflict (others may stay open); the push follows the last."""
    from ..store import clubkeep
    from ..store.club import SyncStopped
    from ..store.clubsettle import Way

    if ours + theirs + both != 1:
        raise typer.BadParameter(
            t("give one of --ours, --theirs or --both"), param_hint="'--ours' / '--theirs' / '--both'"
        )
    if every and both:
        raise typer.BadParameter(t("--all settles with --ours or --theirs, never --both"), param_hint="'--all'")
    if every == (name is not None):
        raise typer.BadParameter(t("give NAME or --all"), param_hint="NAME")
    way: Way = "ours" if ours else "theirs" if theirs else "both"
    folder = _folder(directory)
    try:
        report = clubkeep.keep_all(folder, way) if name is None else clubkeep.keep(folder, name, way)
    except SyncStopped as stopped:
        # What it settled is this clone's commit, whatever the sync then met: said first.
        _say(stopped.told)
        raise
    _report(report)


@club_app.command("conflicts")
def club_conflicts(
    directory: DirArgument = None,
    as_json: JsonOption = False,
    settled: Annotated[
        bool, typer.Option("--settled", help="The recent settlements and what each dropped.")
    ] = False,
) -> None:
    """The open conflicts, what differs deal by deal; --settled: the recent settlements."""
    import json

    from ..present import conflicts as words
    from ..store import clubkeep

    folder = _folder(directory)
    if settled:
        recorded = clubkeep.settlements(folder)
        if as_json:
            print(json.dumps(words.settlements_json(recorded), ensure_ascii=False, indent=2))
            return
        if not recorded:
            print(visible(t("no settlements in this clone's history")))
        for item in recorded:
            print(visible(words.settlement_line(item)))
        return
    found = clubkeep.open_conflicts(folder)
    if as_json:
        print(json.dumps(words.conflicts_json(found), ensure_ascii=False, indent=2))
        return
    if not found:
        print(visible(t("no open conflicts")))
    for conflict in found:
        for line in words.conflict_lines(conflict):
            print(visible(line))
        print(visible(_advice(conflict)))


def _advice(conflict: "Conflict") -> str:
    from ..present.conflicts import name_of

    name = name_of(conflict.path)
    if conflict.kind == "two-games":
        return t(
            "settle it: `chicago club keep {name} --both` keeps both games (the later one renamed), `--ours` this machine's, `--theirs` the other's",
            name=name,
        )
    return t(
        "settle it: `chicago club keep {name} --ours` (this machine's) or `--theirs` (the other's); or correct one side and run `chicago club sync` again",
        name=name,
    )


def _report(report: "SyncReport") -> None:
    note_saved()
    _say(report.told)
    if not report.conflicts:
        return
    lang = language()
    from ..present.conflicts import conflict_lines

    for conflict in report.conflicts:
        lines = [
            *conflict_lines(conflict),
            Msg(
                "the merge was not committed and nothing was pushed: {path} is as this machine had it",
                path=conflict.path,
            ).localized(lang),
        ]
        if conflict.theirs is not None:
            lines.append(Msg("the other machine's version is beside it: {theirs}", theirs=conflict.theirs).localized(lang))
        lines.append(_advice(conflict))
        for line in lines:
            sys.stderr.write(visible(f"chicago: {line}") + "\n")
    if len(report.conflicts) > 1:
        sys.stderr.write(
            visible("chicago: " + t("each name is settled on its own; the push follows the last (`chicago club conflicts` lists them)"))
            + "\n"
        )
    raise typer.Exit(ExitStatus.REFUSED)


@app.command(
    "merge-driver",
    help="What git calls for a session or night file: a merge by event id (or by key).",
    epilog=example("chicago merge-driver base.toml fredag.toml theirs.toml sessions/fredag.toml"),
)
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
            raise ChicagoError(Msg("{file} cannot be read: {error}", file=str(file), error=reason(error) if isinstance(error, OSError) else str(error))) from None

    named = path if path is not None else clubfiles.guess_path(read(ours), ours.name)
    try:
        merged = clubfiles.merge_texts(read(base), read(ours), read(theirs), named)
    except ChicagoError as error:
        # git shows this line; OURS stays as it was, so the file in the folder loads.
        raise ChicagoError(Msg("{path}: {error}", path=named, error=error.message)) from None
    write_atomic(ours, merged.encode("utf-8"))
