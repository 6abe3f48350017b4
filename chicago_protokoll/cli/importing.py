"""``chicago import FILE``: a typed-up paper protocol (CSV) into a session (cli.md,
"Results leave the room"); the columns and their Swedish names are in core/paper_columns.py."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ..core.errors import ChicagoError, EntryError, RuleViolation
from ..i18n.language import Msg, t
from .common import FileOption, SessionOption, name_of_session
from .examples import example
from .options import DryRunOption
from .root import note_saved

# `import`'s help is declared here; `chicago --help` lists it from `listing`, without this module.
app = typer.Typer()

# The columns it reads, listed from the one place the importer declares them; each
# heading a message id (i18n.help translates an epilog's unindented lines).
READ_HEADING = "The columns it reads, each header in English or Swedish, in any order (PLAYER: the player's points in the deal; N: game.scored_buys):"
PAST_HEADING = "The columns it reads past (words for a person, as export --format csv writes them):"


def _columns_epilog() -> str:
    from ..core.paper_columns import column_list

    def block(heading: str, lines: list[str]) -> str:
        return heading + "\n\n\b\n" + "\n".join(f"  {line}" for line in lines)

    return block(READ_HEADING, column_list()) + "\n\n" + block(PAST_HEADING, column_list(read=False))


@app.command(
    "import",
    help="Record a typed-up paper protocol into a session, all or nothing, totals checked.",
    epilog=example("chicago import bord2.csv --session fredag-r1-t2 --dry-run", after=_columns_epilog()),
)
def import_command(
    source: Annotated[
        Path,
        typer.Argument(help="The typed-up protocol: CSV, English or Swedish headers.", metavar="FILE"),
    ],
    session: SessionOption = None,
    file: FileOption = None,
    dry_run: DryRunOption = False,
) -> None:
    from ..present.views import plain_standings
    from ..store import catalogue
    from ..store.paper_import import import_paper, read_paper

    path = catalogue.resolve(session, file)
    text = read_paper(source)
    try:
        done = import_paper(path, text, dry_run=dry_run)
    except (RuleViolation, EntryError) as error:
        # Said outright: the import is all or nothing, and this time it was nothing.
        raise ChicagoError(Msg("{error}; nothing was recorded", error=error)) from None
    name = name_of_session(done.session, path)
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
