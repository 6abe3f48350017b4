"""``chicago stats``: the evening and the club over every finished session.

Reads the data directory's sessions and those of each ``--dir`` (a folder the club
shares), skips a file that cannot be read with one warning line naming it, and writes
nothing but the ``-o`` file asked for.  The statistics and the rating library are
imported when the command runs, never when the app starts: no other command pays for them.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Literal

import typer

from ..core.errors import ChicagoError
from ..i18n.language import language, t, tn
from ..present.width import visible
from .common import day_parameter, json, read_league, stake_parameter
from .examples import example
from .options import DirOption, JsonOption, OutputOption, SinceOption, StakeOption
from .output import emit

if TYPE_CHECKING:
    pass

StatsFormat = Literal["table", "json", "html"]  # a choice: --help lists it, TAB completes it

# This group's command, with its help and example; `app.py` joins it to the root app with
# `add_typer` (`chicago --help` lists it from `listing`, without this module).
app = typer.Typer()


@app.command(
    help="Wins, points, Chicagos, köpstopp, money, head to head and a rating over finished games.\n\nRanked by the rating's conservative estimate μ − 3σ (a skill the player is almost surely above), then by wins.",
    epilog=example("chicago stats --since today --stake 0.50"),
)
def stats(
    as_json: JsonOption = False,
    stake: StakeOption = "1",
    since: SinceOption = None,
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
    dirs: DirOption = None,
    fmt: Annotated[
        StatsFormat,
        typer.Option(
            "--format",
            help="table, json or html (one self-contained page).",
            case_sensitive=False,
        ),
    ] = "table",
    output: OutputOption = None,
    nights: Annotated[
        bool,
        typer.Option(
            "--nights",
            help="The club nights instead: placement points and nights won per player across every night.",
        ),
    ] = False,
) -> None:
    from ..store import index as index_store
    from ..store import leaguefiles, locations
    if as_json:
        fmt = "json"
    if nights:
        _print_nights(as_json=fmt == "json")
        return
    if output is not None and fmt == "table":
        raise typer.BadParameter("-o writes --format json or html", param_hint="--output")
    first, last = day_parameter(since, "--since"), day_parameter(until, "--until")
    from ..core.stats import league

    amount = stake_parameter(stake)  # the one stake reader: a bad one is a usage error
    folders = dirs or []
    with index_store.open_index() as index:
        reading = read_league(folders, first, last, index, show_progress=_may_draw(output))
        scope = leaguefiles.rating_scope(folders, first, last)
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
    from ..core.night_results import nights_league
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
