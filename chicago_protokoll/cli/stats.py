"""``chicago stats``: the evening and the club over every finished session.

Reads the data directory's sessions and those of each ``--dir`` (a folder the club
shares), skips a file that cannot be read with one warning line naming it, and writes
nothing but the ``-o`` file asked for.  The statistics and the rating library are
imported when the command runs, never when the app starts: no other command pays for them.
"""

from __future__ import annotations

import os
import sys
from contextlib import nullcontext
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Literal, NamedTuple

import typer

from ..core.errors import ChicagoError
from ..i18n.language import language, t, tn
from ..present.width import visible
from ..store import catalogue, locations
from ..store import index as index_store
from .common import JsonOption, json
from .output import emit
from .read import stake_parameter

if TYPE_CHECKING:
    from ..core.stats import Played

StatsFormat = Literal["table", "json", "html"]  # a choice: --help lists it, TAB completes it

# This group's command; `app.py` joins it to the root app with `add_typer`.
app = typer.Typer()


@app.command()
def stats(
    as_json: JsonOption = False,
    stake: Annotated[
        str,
        typer.Option(
            "--stake", help="Amount per point for the money column (default 1).", metavar="AMOUNT"
        ),
    ] = "1",
    since: Annotated[
        str | None,
        typer.Option(
            "--since",
            help="Only games started on or after YYYY-MM-DD (or 'today').",
            metavar="DATE",
        ),
    ] = None,
    until: Annotated[
        str | None,
        typer.Option(
            "--until",
            help="Only games started on or before YYYY-MM-DD (or 'today').",
            metavar="DATE",
        ),
    ] = None,
    players: Annotated[
        list[str] | None,
        typer.Option(
            "--player",
            "-p",
            help="Show only this player and their record against each opponent (repeatable).",
            metavar="PLAYER",
        ),
    ] = None,
    min_games: Annotated[
        int,
        typer.Option(
            "--min-games", help="Leave out players with fewer finished games.", min=0, metavar="N"
        ),
    ] = 0,
    min_rated: Annotated[
        int,
        typer.Option(
            "--min-rated",
            help="Show rates and averages only for players with at least N finished games"
            " (below: null in --json, – in the table); they are still listed.",
            min=0,
            metavar="N",
        ),
    ] = 3,
    dirs: Annotated[
        list[Path] | None,
        typer.Option(
            "--dir",
            help="Also count the sessions in DIR, e.g. a folder the club shares (repeatable).",
            exists=True,
            file_okay=False,
            metavar="DIR",
        ),
    ] = None,
    fmt: Annotated[
        StatsFormat,
        typer.Option(
            "--format",
            help="table, json or html (one self-contained page).",
            case_sensitive=False,
        ),
    ] = "table",
    output: Annotated[
        Path | None,
        typer.Option(
            "--output",
            "-o",
            help="Write to FILE instead of printing ('-': standard output).",
            metavar="FILE",
        ),
    ] = None,
    nights: Annotated[
        bool,
        typer.Option(
            "--nights",
            help="The club nights instead: placement points and nights won per player across every night.",
        ),
    ] = False,
) -> None:
    """Wins, points, Chicagos, köpstopp, money, head to head and a rating over finished games.

    Ranked by the rating's conservative estimate μ − 3σ (a skill the player is almost surely above), then by wins.
    """
    if as_json:
        fmt = "json"
    if nights:
        _print_nights(as_json=fmt == "json")
        return
    if output is not None and fmt == "table":
        raise typer.BadParameter("-o writes --format json or html", param_hint="--output")
    first, last = _day(since, "--since"), _day(until, "--until")
    from ..core.stats import league

    amount = stake_parameter(stake)  # the one stake reader: a bad one is a usage error
    folders = dirs or []
    with index_store.open_index() as index:
        reading = _read_games(folders, first, last, index, show_progress=_may_draw(output))
        scope = _scope(folders, first, last)
        kept = index.rated(scope)
        result = league(reading.games, amount, kept)
        if result.rated_again or len(result.rated) != len(kept):
            index.keep_rated(scope, result.rated)
    chosen = _chosen(players or [], [p.name for p in result.players])

    from ..present import league as view

    if fmt == "table":
        from ..present.league_table import print_league

        print_league(result, chosen, min_games, reading.unfinished, min_rated)
        return
    if fmt == "json":
        text = json.dumps(
            view.league_dict(
                result, chosen, min_games, reading.unfinished, reading.skipped, min_rated
            ),
            ensure_ascii=False,
            indent=2,
        )
    else:
        text = view.league_html(result, chosen, min_games, min_rated)
    # As an export: never over a session file, nor anywhere in the data directory.
    emit(output, text + "\n", beside=locations.sessions_dir())


def _print_nights(*, as_json: bool) -> None:
    """`stats --nights`: every night of the data directory in the league.  A night whose
    tables cannot be read is named on stderr and left out, as a damaged session is."""
    from ..core.night import nights_league
    from ..present.night_status import shown_number
    from ..store import nightfile

    read = []
    for _, path in nightfile.list_nights():
        try:
            night = nightfile.load_night(path)
            read.append((night, nightfile.night_results(night, indexed=True)))
        except ChicagoError as error:
            sys.stderr.write("chicago: " + visible(t("skipped ") + error.localized(language())) + "\n")
    rows = nights_league(read)
    if as_json:
        data = {
            "nights": len(read),
            "players": [
                {"name": row.name, "nights": row.nights, "night_wins": row.night_wins,
                 "points": shown_number(row.points), "games": row.games}
                for row in rows
            ],
        }
        print(json.dumps(data, ensure_ascii=False, indent=2))
        return
    from ..i18n.language import number

    print(visible(tn("The club's nights: {n} night", "The club's nights: {n} nights", len(read))))
    if not rows:
        return
    width = max(len(row.name) for row in rows)
    header = [t("Player"), t("Nights"), t("Won"), t("Placement points"), t("Games")]
    print("  " + f"{header[0]:<{width}}  " + "  ".join(header[1:]))
    for row in rows:
        cells = [str(row.nights), str(row.night_wins), number(shown_number(row.points)), str(row.games)]
        line = "  " + f"{row.name:<{width}}  " + "  ".join(
            f"{cell:>{len(head)}}" for cell, head in zip(cells, header[1:], strict=True)
        )
        print(visible(line))


def _may_draw(output: Path | None) -> bool:
    """A progress bar goes to stderr only when the answer goes to the terminal too, or to a
    file: never into the middle of what a pipe carries to a script (or a pager)."""
    return (output is not None and str(output) != "-") or sys.stdout.isatty()


def _day(text: str | None, option: str) -> date | None:
    """A day typed on the command line: YYYY-MM-DD, or today (idag) in local time."""
    if text is None:
        return None
    if text.strip().casefold() in ("today", "idag"):
        return date.today()
    try:
        return date.fromisoformat(text.strip())
    except ValueError:
        raise typer.BadParameter(
            t("'{text}' is not a date: use YYYY-MM-DD or today", text=visible(text)),
            param_hint=option,
        ) from None


def _chosen(wanted: list[str], known: list[str]) -> list[str]:
    """The players --player names, as the games spell them; an unknown name is refused."""
    from ..core.session import resolve_player

    chosen: list[str] = []
    if not known:  # nothing counted (tonight, say): an empty league, not a refusal
        return chosen
    for text in wanted:
        name = resolve_player(text, known, allow_prefix=True)
        if name not in chosen:
            chosen.append(name)
    return chosen


def _session_files(directory: Path) -> list[Path]:
    """The session files of a folder: a data directory's sessions/, else its own *.toml."""
    inner = directory / "sessions"
    folder = inner if inner.is_dir() else directory
    with os.scandir(folder) as entries:
        return sorted(
            folder / entry.name
            for entry in entries
            if entry.name.endswith(".toml") and not entry.name.startswith(".") and entry.is_file()
        )


class Reading(NamedTuple):
    games: list[Played]
    unfinished: int  # sessions still being played: they count nowhere
    skipped: list[str]  # files that could not be read, as messages name them


def _all_session_files(dirs: list[Path]) -> list[Path]:
    """The data directory's session files, then each ``--dir``'s; each file once when the
    data directory is given again as --dir (each folder resolved once, not each of its
    thousands of files; a session reached twice some other way counts once in the league,
    which knows a session by its start, name and seats)."""
    paths = [path for _, path in catalogue.list_sessions()]
    for directory in dirs:
        paths.extend(_session_files(directory))
    unique: list[Path] = []
    seen: set[str] = set()
    folders: dict[str, str] = {}
    for path in paths:
        folder, name = os.path.split(os.fspath(path))
        if folder not in folders:
            folders[folder] = os.path.realpath(folder)
        real = os.path.join(folders[folder], name)
        if real not in seen:
            seen.add(real)
            unique.append(path)
    return unique


def _read_games(
    dirs: list[Path],
    since: date | None,
    until: date | None,
    index: index_store.Index | None = None,
    *,
    show_progress: bool = True,
) -> Reading:
    """Every finished game in the data directory and ``dirs``, and how many were unfinished,
    through the league's index (store/index.py).  A file that cannot be read or does not
    add up is named on stderr and left out."""
    from ..core.stats import in_period
    from .progress import progress_bar

    paths = _all_session_files(dirs)
    with nullcontext(index) if index is not None else index_store.open_index() as opened:
        found = opened.summaries(paths, progress_bar if show_progress else None)
    games: list[Played] = []
    unfinished: set[tuple[str, str, tuple[str, ...]]] = set()  # each session once
    skipped: list[str] = []
    for item in found:
        if item.summary is None:
            assert item.error is not None
            skipped.append(locations.display_path(item.path))
            reason = item.error.localized(language())
            # The store's refusals name the file already; others get it in front.
            if skipped[-1] not in reason:
                reason = f"{skipped[-1]}: {reason}"
            sys.stderr.write("chicago: " + visible(t("skipped ") + reason) + "\n")
            continue
        summary = item.summary
        if not in_period(summary.created, since, until):
            continue
        if summary.played is None:
            unfinished.add((summary.created, summary.name, summary.players))
        else:
            games.append(summary.played)
    if skipped:
        count = len(skipped)
        sys.stderr.write(
            "chicago: "
            + tn(
                "{n} damaged file skipped, not counted; nothing was written",
                "{n} damaged files skipped, not counted; nothing was written",
                count,
            )
            + "\n"
        )
    return Reading(games, len(unfinished), skipped)


def _scope(dirs: list[Path], since: date | None, until: date | None) -> str:
    """Which rating sequence the index keeps for this question: the folders and the period."""
    folders = sorted({str(locations.sessions_dir().resolve())} | {str(d.resolve()) for d in dirs})
    return json.dumps([folders, str(since), str(until)], ensure_ascii=False)
