"""``chicago publish DIR``: the club's results as a static site (cli.md, "Results leave
the room").

Reads the nights and games (the data directory's, and each ``--dir``'s sessions), has
`present.publish_site` make every page and `store.publish` write what changed.  A
session that cannot be read is named on stderr and left out, as ``stats`` does; a night
whose tables cannot be read is refused by name (its page would be wrong).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Literal

import typer

from ..core.errors import ChicagoError
from ..i18n.language import language, set_language, t
from ..present.width import visible
from .common import complete_night
from .examples import example
from .options import DirOption
from .root import note_saved

if TYPE_CHECKING:
    from ..core.stats import League, Played
    from ..present.publish_site import GameSource

# `publish`'s help is declared here; `chicago --help` lists it from `listing`, without this module.
app = typer.Typer()


@app.command(
    help="Write the results as a static site: the nights, the games, the players, the league.",
    epilog=example("chicago publish ~/klubbens-webb --lang sv"),
)
def publish(
    folder: Annotated[
        Path,
        typer.Argument(
            help="The folder to write the site into (made if missing).",
            metavar="DIR",
            file_okay=False,
        ),
    ],
    dirs: DirOption = None,
    nights: Annotated[
        list[str] | None,
        typer.Option(
            "--night",
            help="Publish only this night and its games (repeatable; default: every night and game).",
            metavar="NAME",
            autocompletion=complete_night,
        ),
    ] = None,
    # The order of `languages()`, as the root's --lang: the completion scripts hold one
    # word list for an option name, whichever command's is read last.
    lang: Annotated[
        Literal["en", "sv"] | None,
        typer.Option("--lang", help="The site's language: sv or en (default: the output's)."),
    ] = None,
    force: Annotated[
        bool,
        typer.Option("--force", help="Publish into a folder that holds files and no earlier site."),
    ] = False,
) -> None:
    from ..store import publish_kept

    if lang is not None:
        set_language(lang)
    # A site is derived data: with every file it is made from, and every page in the
    # folder, as the last publish left them, its answer is printed without the model.
    asked = publish_kept.question(folder, nights or [], dirs or [], force, language())
    kept = publish_kept.kept_result(asked, folder)
    if kept is not None:
        sys.stdout.write(kept)
        return
    from ..present.publish_site import site_files
    from ..store import publish as site_store
    from .answering import stderr_watched

    reads = publish_kept.Reads(folder, dirs or [])
    with stderr_watched() as watched:

        def make() -> dict[str, bytes]:
            statuses, night_games = _read_nights(nights or [])
            games = _read_games(night_games, dirs or [], every=not nights)
            league = _league([game for game, _ in games])
            return site_files(statuses, [source for _, source in games], league)

        files = reads.reading(make)
    done = site_store.publish_site(folder, files, force=force)
    if done.written or done.removed:
        note_saved()
    print(_result(folder, len(done.written), len(done.unchanged), len(done.removed)))
    if not watched.written:  # a session skipped (or any warning) is said again each time
        pages = {**files, site_store.MANIFEST: site_store.manifest_bytes(list(files))}
        again = _result(folder, 0, len(files), 0) + "\n"
        publish_kept.keep(asked, reads, folder, pages, again, language())


def _result(folder: Path, written: int, unchanged: int, removed: int) -> str:
    return visible(
        t(
            "Published {folder}: {written} written, {unchanged} unchanged, {removed} removed",
            folder=folder,
            written=written,
            unchanged=unchanged,
            removed=removed,
        )
    )


def _read_nights(names: list[str]) -> tuple[list[dict[str, object]], dict[str, str]]:
    """Each night's status, and which night each table's session belongs to."""
    from ..present.night_status import night_status_dict
    from ..store import nightfile

    if names:
        paths = [nightfile.resolve_night(name) for name in names]
    else:
        paths = [path for _, path in nightfile.list_nights()]
    statuses = []
    sessions: dict[str, str] = {}
    for path in dict.fromkeys(paths):
        night = nightfile.load_night(path)
        results = nightfile.night_results(night, indexed=True)
        # results.json equals `night status --json`: a closed night's amendments too.
        statuses.append(night_status_dict(night, results, nightfile.night_amendments(night)))
        for table in night.tables:
            sessions[table.session] = night.name
    return statuses, sessions


def _read_games(
    night_games: dict[str, str], dirs: list[Path], *, every: bool
) -> list[tuple[Played | None, GameSource]]:
    """Each game to publish with what the league needs of it (a `Played` or None): the
    nights' tables, and (``every``) every session of the data directory and of ``dirs``."""
    from ..core.summary import played
    from ..present.publish_site import GameSource
    from ..store import locations, sessionfile
    from ..store.leaguefiles import all_session_files, session_files

    paths = [locations.session_path(name) for name in night_games]
    if every:
        paths += all_session_files(dirs)
    else:
        for directory in dirs:
            paths += session_files(directory)
    games: list[tuple[Played | None, GameSource]] = []
    seen: set[str] = set()
    for path in dict.fromkeys(paths):
        try:
            session = sessionfile.load_session(path)
            standings = sessionfile.replay_file(session, path).standings()
        except ChicagoError as error:
            sys.stderr.write("chicago: " + visible(t("skipped ") + error.localized(language())) + "\n")
            continue
        name = session.name or path.stem
        if name in seen or locations.session_name_problem(name) is not None:
            continue  # the same session reached twice (the data directory given as --dir)
        seen.add(name)
        source = GameSource(
            name, session.created, standings, tuple(session.corrections), night_games.get(name)
        )
        games.append((played(session, standings), source))
    return games


def _league(played: list[Played | None]) -> League:
    from ..core.stats import league

    return league([game for game in played if game is not None])
