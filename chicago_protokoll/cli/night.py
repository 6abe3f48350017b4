"""The ``night`` group: a club night of several tables, rounds, seats by lot and placement
points (cli.md, "The club night").

Each table's game is an ordinary session, ``NAME-rR-tT``, recorded with every other command
and ``--session``; the night's file (store/nightfile.py) holds who plays, the scheme, the
seed and which session each table plays.  No command here changes the current session.
"""

import sys
from pathlib import Path
from typing import Annotated, Any, Literal

import typer

from ..i18n.language import t
from ..store import nightfile
from .common import JsonOption, PresetName, json
from .root import note_saved

night_app = typer.Typer(
    help="A club night: several tables, rounds, seats drawn by lot, placement points.",
    no_args_is_help=True,
    rich_markup_mode=None,
)

NightArgument = Annotated[
    str | None,
    typer.Argument(help="The night (default: the night made last).", metavar="NAME"),
]
OutputOption = Annotated[
    Path | None,
    typer.Option(
        "--output",
        "-o",
        help="Write to FILE instead of printing ('-': standard output).",
        dir_okay=False,
        allow_dash=True,
    ),
]


def _status(night: Any, results: Any | None = None) -> dict[str, Any]:
    """What the night's tables stand at: read through the league's index (only the tables'
    files that changed are replayed)."""
    from ..present.night_status import night_status_dict

    if results is None:
        results = nightfile.night_results(night, indexed=True)
    return night_status_dict(night, results)


def _write(output: Path | None, text: str, night_path: Path) -> None:
    """``text`` on standard output, or (``-o FILE``) in FILE as ``chicago export -o`` writes."""
    if output is None or str(output) == "-":
        sys.stdout.write(text if text.endswith("\n") else text + "\n")
        return
    from ..store import exportfile

    exportfile.write_export(output, text, session_path=night_path)
    note_saved()
    print(t("Wrote {output}", output=output), file=sys.stderr)


@night_app.command("new")
def night_new(
    name: Annotated[
        str, typer.Argument(help="The night's name, e.g. fredag.", metavar="NAME")
    ],
    players: Annotated[
        list[str],
        typer.Argument(
            help="Everyone who plays tonight, 3 or more; the seats are drawn by lot.",
            metavar="PLAYER PLAYER PLAYER...",
        ),
    ],
    rounds: Annotated[
        int, typer.Option("--rounds", help="How many rounds the night has.", min=1, max=99)
    ] = 3,
    table_size: Annotated[
        int, typer.Option("--table-size", help="The most players at one table.", min=1, max=99)
    ] = 4,
    points: Annotated[
        str,
        typer.Option(
            "--points",
            help="Placement points by place at a table: a falling list of whole numbers.",
            metavar="LIST",
        ),
    ] = "20,12,8,5",
    seed: Annotated[
        int | None,
        typer.Option(
            "--seed",
            help="The seed of the draws (default: chosen by chance); the same seed, the same draws.",
            min=0,
            max=2**63 - 1,
        ),
    ] = None,
    rules: Annotated[
        Path | None,
        typer.Option("--rules", help="A house-rules TOML file for every table of the night."),
    ] = None,
    preset: Annotated[
        PresetName | None,
        typer.Option("--preset", help="A built-in set of house rules for every table."),
    ] = None,
) -> None:
    """Start a club night and draw its first round: each table's game is a session."""
    from ..core import entry
    from ..core.night import parse_points
    from ..core.night_draw import new_night
    from ..present.night_status import tables_text
    from ..store import rulesfile

    entry.refuse_two_rule_sources(rules, preset)
    path = nightfile.night_path(name)
    house = rulesfile.starting_rules(rules, preset)
    if seed is None:
        import secrets

        seed = secrets.randbelow(1_000_000)
    night = new_night(
        path.stem,
        players,
        rounds=rounds,
        table_size=table_size,
        points=parse_points(points),
        seed=seed,
        rules=house,
    )
    night = nightfile.create_night(path, night)
    note_saved()
    nightfile.set_current_night(night.name)
    print(
        t(
            "Night {night}: {count} players, {rounds} rounds, tables of at most {size}, placement points {points} (seed {seed})",
            night=night.name,
            count=len(night.players),
            rounds=night.rounds,
            size=night.table_size,
            points=", ".join(map(str, night.points)),
            seed=night.seed,
        )
    )
    print(tables_text(_status(night)))
    _record_hint(night)


def _record_hint(night: Any) -> None:
    first = night.current[0].session
    print(
        t(
            "Record each table with --session, e.g. chicago deal --session {session} ...; the current session is unchanged.",
            session=first,
        )
    )


@night_app.command("draw")
def night_draw(name: NightArgument = None) -> None:
    """Draw the next round, once every game of this one is finished."""
    from ..core.night_draw import draw_next
    from ..present.night_status import tables_text

    path = nightfile.resolve_night(name)
    night, _ = nightfile.transact_night(
        path, lambda old: (draw_next(old, nightfile.night_results(old)), None)
    )
    note_saved()
    print(tables_text(_status(night)))
    _record_hint(night)


NightFormat = Literal["md", "html", "csv", "json"]


@night_app.command("status")
def night_status(
    name: NightArgument = None,
    as_json: JsonOption = False,
    fmt: Annotated[
        NightFormat | None,
        typer.Option(
            "--format", help="md, html, csv or json: the night's standings and every table's result.",
            case_sensitive=False,
        ),
    ] = None,
    output: OutputOption = None,
) -> None:
    """The round, each table's game, and the night's standings by placement points."""
    if as_json and fmt not in (None, "json"):
        raise typer.BadParameter(
            t("--json is --format json: give one format"), param_hint="--format"
        )
    path = nightfile.resolve_night(name)
    status = _status(nightfile.load_night(path))
    if as_json or fmt == "json":
        text = json.dumps(status, ensure_ascii=False, indent=2)
    elif fmt is not None:
        from ..present import night_sheet

        render = {
            "md": night_sheet.night_markdown,
            "html": night_sheet.night_html,
            "csv": night_sheet.night_csv,
        }[fmt]
        text = render(status)
    else:
        from ..present.night_status import status_text

        text = status_text(status)
    _write(output, text, path)


@night_app.command("final")
def night_final(
    name: NightArgument = None,
    top: Annotated[
        int | None,
        typer.Option(
            "--top", help="How many of the best play the final (3 to the table size; default: the table size).",
            metavar="K",
        ),
    ] = None,
) -> None:
    """One more table after the last round: the K best of the night so far."""
    from ..core.night_draw import draw_final
    from ..present.night_status import cut_text, tables_text

    path = nightfile.resolve_night(name)
    night, cut = nightfile.transact_night(
        path, lambda old: draw_final(old, nightfile.night_results(old), top)
    )
    note_saved()
    if cut is not None:
        print(cut_text(cut))
    print(tables_text(_status(night)))
    _record_hint(night)


@night_app.command("leave")
def night_leave(
    player: Annotated[
        str, typer.Argument(help="The player who leaves the night.", metavar="PLAYER")
    ],
    name: NightArgument = None,
) -> None:
    """A player leaves: not drawn from the next round on."""
    from ..core.night import leave, playing_now

    path = nightfile.resolve_night(name)

    def change(old: Any) -> tuple[Any, Any]:
        results = nightfile.night_results(old)
        new = leave(old, player)
        gone = new.moves[-1].player
        return new, (gone, playing_now(new, gone, results))

    night, (gone, table) = nightfile.transact_night(path, change)
    note_saved()
    print(t("{player} leaves the night {night}: not drawn from the next round on.", player=gone, night=night.name))
    if table is not None:
        print(
            t(
                "{player} is in a game still being played at table {table}; end it with: chicago forfeit {player} --reason left --session {session}",
                player=gone,
                table=table.table,
                session=table.session,
            )
        )
    _seat_warning(night)


@night_app.command("join")
def night_join(
    player: Annotated[
        str, typer.Argument(help="The player who joins the night.", metavar="PLAYER")
    ],
    name: NightArgument = None,
) -> None:
    """A player joins (or comes back): drawn from the next round on."""
    from ..core.night import join

    path = nightfile.resolve_night(name)
    night, _ = nightfile.transact_night(path, lambda old: (join(old, player), None))
    note_saved()
    print(
        t(
            "{player} joins the night {night}: drawn from the next round on.",
            player=night.moves[-1].player,
            night=night.name,
        )
    )
    _seat_warning(night)


def _seat_warning(night: Any) -> None:
    """Say so at once when those now at the night cannot be seated at the next draw."""
    from ..core.errors import ChicagoError
    from ..core.night import table_sizes

    if night.round >= night.rounds:
        return
    try:
        table_sizes(len(night.present), night.table_size, night.rules)
    except ChicagoError as error:
        from ..i18n.language import language

        print(t("Before the next draw: {problem}", problem=error.localized(language())))


@night_app.command("cards")
def night_cards(name: NightArgument = None, output: OutputOption = None) -> None:
    """Printable table cards for the current round (HTML): table, seats, first dealer, session."""
    path = nightfile.resolve_night(name)
    status = _status(nightfile.load_night(path))
    from ..present.night_sheet import night_cards_html

    _write(output, night_cards_html(status), path)
