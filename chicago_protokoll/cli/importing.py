"""``chicago import FILE``: a typed-up paper protocol (CSV) into a session (cli.md,
"Results leave the room"); the columns and their Swedish names are in core/paper.py."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ..core.errors import ChicagoError, EntryError, RuleViolation
from ..i18n.language import Msg, t
from ..present.views import plain_standings
from ..store import catalogue
from .common import FileOption, SessionOption, _session_name
from .root import note_saved

# `import`'s help is `app.HELP`'s (`chicago --help` lists it without this module).
app = typer.Typer()


@app.command("import")
def import_command(
    source: Annotated[
        Path,
        typer.Argument(help="The typed-up protocol: CSV, English or Swedish headers.", metavar="FILE"),
    ],
    session: SessionOption = None,
    file: FileOption = None,
    dry_run: Annotated[
        bool,
        typer.Option("--dry-run", help="Show the standings the import would give; write nothing."),
    ] = False,
) -> None:
    from ..store.paper_import import import_paper, read_paper

    path = catalogue.resolve(session, file)
    text = read_paper(source)
    try:
        done = import_paper(path, text, dry_run=dry_run)
    except (RuleViolation, EntryError) as error:
        # Said outright: the import is all or nothing, and this time it was nothing.
        raise ChicagoError(Msg("{error}; nothing was recorded", error=error)) from None
    name = _session_name(done.session, path)
    if dry_run:
        print(
            t(
                "Dry run for {session}: new deals it would record: {new}; deals recorded already that agree: {checked}; nothing was written",
                new=done.new,
                checked=done.checked,
                session=name,
            )
        )
    else:
        if done.new:
            note_saved()
        print(
            t(
                "Imported {source} into {session}: new deals recorded: {new}; deals recorded already that agree: {checked}",
                source=source,
                new=done.new,
                checked=done.checked,
                session=name,
            )
        )
    print(plain_standings(done.standings, name))
