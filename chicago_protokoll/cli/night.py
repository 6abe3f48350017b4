"""The ``night`` group: a club night of several tables, rounds, seats by lot and placement
points (cli.md, "The club night").

Each table's game is an ordinary session, ``NAME-rR-tT``, recorded with every other command
and ``--session``; the night's file (store/nightfile.py) holds who plays, the scheme, the
seed and which session each table plays.  No command here changes the current session.
"""

from pathlib import Path
from typing import Annotated, Any, Literal

import typer

from ..i18n.language import Msg, t, tn
from .common import (
    PresetOption,
    complete_night,
    json,
    one_preset,
    refuse_two_rule_sources,
)
from .examples import example
from .options import JsonOption, OutputOption, RulesFileOption
from .output import emit
from .root import note_saved

# The group's help is declared here; `chicago --help` lists it from `listing`, without this module.
night_app = typer.Typer(
    help="A club night: several tables, rounds, seats drawn by lot, placement points.",
    no_args_is_help=True,
    rich_markup_mode=None,
)

NightArgument = Annotated[
    str | None,
    typer.Argument(
        help="The night (default: the night made last).", metavar="NAME", autocompletion=complete_night
    ),
]


def _status(night: Any, results: Any | None = None) -> dict[str, Any]:
    """What the night's tables stand at: read through the league's index (only the tables'
    files that changed are replayed); once closed, with the amendments made since."""
    from ..present.night_status import night_status_dict
    from ..store import nightfile

    if results is None:
        results = nightfile.night_results(night, indexed=True)
    return night_status_dict(night, results, nightfile.night_amendments(night))


def _write(output: Path | None, text: str, night_path: Path) -> None:
    """``text`` on standard output, or (``-o FILE``) in FILE as ``chicago export -o`` writes."""
    emit(output, text, beside=night_path, beside_is=Msg("the file of the night being printed"))


@night_app.command("list", epilog=example("chicago night list"))
def night_list(as_json: JsonOption = False) -> None:
    """List the club nights: date, players, round or stage, open or closed."""
    from .nights import list_nights  # `chicago nights` is the same list

    list_nights(as_json)


@night_app.command(
    "new",
    epilog=example("chicago night new fredag Anna Bo Cilla Dag Eva Fredrik Greta --rounds 3"),
)
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
        int | None,
        typer.Option("--rounds", help="How many rounds the night has.", min=1, max=99),
    ] = None,
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
    rules: RulesFileOption = None,
    preset: PresetOption = None,
    games_per_table: Annotated[
        int | None,
        typer.Option(
            "--games-per-table",
            help="Stages instead of rounds: each table keeps its players for N games, seats drawn before each; `night advance` draws the next stage.",
            metavar="N",
            min=1,
            max=9,
        ),
    ] = None,
) -> None:
    """Start a club night and draw its first round: each table's game is a session."""
    from ..core.night import parse_points
    from ..core.night_draw import new_night
    from ..present.night_status import tables_text
    from ..store import nightfile, rulesfile

    chosen = one_preset(preset)
    refuse_two_rule_sources(rules, chosen)
    if games_per_table is not None and rounds is not None:
        raise typer.BadParameter(
            t("a night has rounds or stages: --rounds and --games-per-table cannot both be given"),
            param_hint="--games-per-table",
        )
    path = nightfile.night_path(name)
    house = rulesfile.starting_rules(rules, chosen)
    if seed is None:
        import secrets

        seed = secrets.randbelow(1_000_000)
    night = new_night(
        path.stem,
        players,
        rounds=3 if rounds is None else rounds,
        table_size=table_size,
        points=parse_points(points),
        seed=seed,
        rules=house,
        games_per_table=games_per_table or 0,
    )
    night = nightfile.create_night(path, night)
    note_saved()
    nightfile.set_current_night(night.name)
    if night.games_per_table:
        print(
            tn(
                "Night {night}: {count} players, stages of {n} game at each table, tables of at most {size}, placement points {points} (seed {seed})",
                "Night {night}: {count} players, stages of {n} games at each table, tables of at most {size}, placement points {points} (seed {seed})",
                night.games_per_table,
                night=night.name,
                count=len(night.players),
                size=night.table_size,
                points=", ".join(map(str, night.points)),
                seed=night.seed,
            )
        )
    else:
        print(
            tn(
                "Night {night}: {count} players, {n} round, tables of at most {size}, placement points {points} (seed {seed})",
                "Night {night}: {count} players, {n} rounds, tables of at most {size}, placement points {points} (seed {seed})",
                night.rounds,
                night=night.name,
                count=len(night.players),
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


@night_app.command("draw", epilog=example("chicago night draw fredag"))
def night_draw(name: NightArgument = None) -> None:
    """Draw the next round, once every game of this one is finished (with stages: the next
    game of every table whose game is over)."""
    from ..core.night_draw import draw_next
    from ..core.stages import draw_games
    from ..present.night_status import drawn_games_text, tables_text
    from ..store import nightfile

    path = nightfile.resolve_night(name)

    def change(old: Any) -> tuple[Any, Any]:
        results = nightfile.night_results(old)
        if old.games_per_table:
            return draw_games(old, results)
        return draw_next(old, results), None

    night, drawn = nightfile.transact_night(path, change)
    note_saved()
    if drawn is not None:
        print(drawn_games_text(drawn))
        return
    print(tables_text(_status(night)))
    _record_hint(night)


@night_app.command("advance")
def night_advance(
    name: NightArgument = None,
    per_table: Annotated[
        int,
        typer.Option(
            "--per-table",
            help="How many of each table go on to the next stage (SM: 2 on day 1, 1 on day 2).",
            metavar="K",
            min=1,
            max=9,
        ),
    ] = 2,
) -> None:
    """A new stage: the K best of each table, once every table has played its games."""
    from ..core.stages import advance
    from ..present.night_status import table_cut_text, tables_text, went_on_text
    from ..store import nightfile

    path = nightfile.resolve_night(name)

    def change(old: Any) -> tuple[Any, Any]:
        results = nightfile.night_results(old)
        night, cuts = advance(old, results, per_table)
        return night, (cuts, results)

    night, (cuts, results) = nightfile.transact_night(path, change)
    note_saved()
    for cut in cuts:
        print(table_cut_text(cut))
    print(went_on_text(night, results))
    print(tables_text(_status(night)))
    _record_hint(night)


NightFormat = Literal["md", "html", "csv", "json"]


@night_app.command(
    "status",
    epilog=example("chicago night status fredag --format html -o fredag.html"),
)
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
    from ..store import nightfile
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


@night_app.command("final", epilog=example("chicago night final fredag --top 4"))
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
    from ..store import nightfile

    path = nightfile.resolve_night(name)
    night, cut = nightfile.transact_night(
        path, lambda old: draw_final(old, nightfile.night_results(old), top)
    )
    note_saved()
    if cut is not None:
        print(cut_text(cut))
    print(tables_text(_status(night)))
    _record_hint(night)


@night_app.command("leave", epilog=example("chicago night leave Bo fredag"))
def night_leave(
    player: Annotated[
        str, typer.Argument(help="The player who leaves the night.", metavar="PLAYER")
    ],
    name: NightArgument = None,
) -> None:
    """A player leaves: not drawn from the next round on."""
    from ..core.night import leave, playing_now
    from ..store import nightfile

    player, name = _night_first(player, name)
    path = nightfile.resolve_night(name)

    def change(old: Any) -> tuple[Any, Any]:
        results = nightfile.night_results(old)
        new = leave(old, player)
        gone = new.moves[-1].player
        return new, (gone, playing_now(new, gone, results))

    night, (gone, table) = nightfile.transact_night(path, change)
    note_saved()
    if night.games_per_table:
        print(_left_stage_text(night, gone))
    else:
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


def _left_stage_text(night: Any, gone: str) -> str:
    """On a night of stages, what a leave does to the player's table: its next games seat
    the others, or, with too few left to seat one, its stage ends with the game it has."""
    from ..core.night import latest_games, stage_games, still_seated

    table = next((x for x in latest_games(night) if gone in x.players), None)
    if table is None or table.game >= night.games_per_table:
        return t("{player} leaves the night {night}: never drawn again.", player=gone, night=night.name)
    left = ", ".join(still_seated(night, table))
    if table.game < stage_games(night, table):
        return t(
            "{player} leaves the night {night}: never drawn again; table {table} plays the rest of stage {stage} without them ({players}).",
            player=gone,
            night=night.name,
            table=table.table,
            stage=table.stage,
            players=left,
        )
    return t(
        "{player} leaves the night {night}: never drawn again; table {table} has too few players left for another game ({players}), so its stage ends with game {game}.",
        player=gone,
        night=night.name,
        table=table.table,
        players=left or "—",
        game=table.game,
    )


@night_app.command("join", epilog=example("chicago night join Hugo fredag"))
def night_join(
    player: Annotated[
        str, typer.Argument(help="The player who joins the night.", metavar="PLAYER")
    ],
    name: NightArgument = None,
) -> None:
    """A player joins (or comes back): drawn from the next round on."""
    from ..core.night import join
    from ..store import nightfile

    player, name = _night_first(player, name)
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


def _night_first(player: str, name: str | None) -> tuple[str, str | None]:
    """``night leave fredag Greta``, the night first as every other night command takes
    it, read as ``night leave Greta fredag``: when the second word names no night and the
    first does.  Whether Greta plays in it is then the night's to say, as in that order."""
    if name is None or _is_night(name) or not _is_night(player):
        return player, name
    return name, player


def _is_night(word: str) -> bool:
    from ..core.errors import ChicagoError
    from ..store import nightfile

    try:
        return nightfile.night_path(word).exists()
    except ChicagoError:  # not a name a night can have (a player's name with a space)
        return False


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


@night_app.command("cards", epilog=example("chicago night cards fredag -o bordskort.html"))
def night_cards(
    name: NightArgument = None,
    output: OutputOption = None,
    protocol: Annotated[
        bool,
        typer.Option(
            "--protocol",
            help="The blank paper protocol of each table instead: one A4 page per table, with running totals.",
        ),
    ] = False,
) -> None:
    """Printable table cards for the current round (HTML): table, seats, first dealer, session."""
    from ..store.locations import resolve_night
    from .answering import answered

    path = resolve_night(name)
    # the kept cards when the night's file and its tables' files are as they were
    answered(
        "night cards",
        (protocol,),
        path,
        lambda: _cards(path, protocol=protocol),
        lambda text: _write(output, text, path),
    )


def _cards(path: Path, *, protocol: bool) -> tuple[str, list[tuple[Path, bytes]] | None]:
    """The cards of the night at ``path``, and the files they were made from: the night's
    and every table's, the same bytes (and the same files) before and after."""
    from ..store import answers, nightfile
    from ..store.locations import session_path

    before = answers.snapshot([path])
    night = nightfile.load_night(path)
    tables = [session_path(table.session) for table in night.tables]
    before_tables = answers.snapshot(tables)
    status = _status(night)
    if protocol:
        from ..present.protocol_cards import protocol_cards_html

        text = protocol_cards_html(status, night.rules)
    else:
        from ..present.night_sheet import night_cards_html

        text = night_cards_html(status)
    after = answers.snapshot([path, *tables])
    if before is None or before_tables is None or after != before + before_tables:
        return text, None
    return text, [(Path(where), content) for where, _, content in after]


@night_app.command("check")
def night_check(name: NightArgument = None, as_json: JsonOption = False) -> None:
    """What a revisor should look at before the result is final: royals, games far
    longer or shorter than the rest, a quiet table, late corrections, penalties, forfeits."""
    from ..present.night_check import findings_json, findings_text
    from ..store import nightfile

    path = nightfile.resolve_night(name)
    night = nightfile.load_night(path)
    findings = nightfile.night_findings(night)
    if as_json:
        print(json.dumps(findings_json(findings), ensure_ascii=False, indent=2))
    else:
        closed = night.closed.at if night.closed is not None else None
        print(findings_text(night.name, findings, closed))


@night_app.command("close")
def night_close(
    name: NightArgument = None,
    reopen: Annotated[
        bool, typer.Option("--reopen", help="Take the close back (with --reason).")
    ] = False,
    reason: Annotated[
        str | None,
        typer.Option("--reason", help="Why (needed with --reopen; kept in the night's file).", metavar="TEXT"),
    ] = None,
) -> None:
    """Make the night's result final: after it no game is recorded into or reopened;
    corrections with a reason, penalties and forfeits are listed as amendments."""
    from datetime import UTC, datetime

    from ..core.names import remark_problem, remark_text
    from ..core.night_close import close_night, reopen_night
    from ..store import nightfile

    if reopen and not (reason or "").strip():
        raise typer.BadParameter(
            t("--reopen needs --reason TEXT: say why the result is opened again"),
            param_hint="--reason",
        )
    text = remark_text(reason or "")
    if remark_problem(text) is not None:  # the one check of every note and reason
        raise typer.BadParameter(
            t("--reason holds a character that is not visible text"), param_hint="--reason"
        )
    at = datetime.now(UTC).isoformat(timespec="seconds")
    path = nightfile.resolve_night(name)

    def change(old: Any) -> tuple[Any, None]:
        if reopen:
            return reopen_night(old, at=at, reason=text), None
        return (
            close_night(
                old, nightfile.night_results(old), nightfile.night_sessions(old), at=at, reason=text
            ),
            None,
        )

    night, _ = nightfile.transact_night(path, change)
    note_saved()
    if reopen:
        print(t("The night {night} is open again: its result is provisional.", night=night.name))
    else:
        print(t("The night {night} is closed: its result is final.", night=night.name))
