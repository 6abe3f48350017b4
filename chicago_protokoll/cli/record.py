"""The commands that write: ``new``, then a deal as it is played (``deal``, ``buy``,
``declare``, ``tricks``, ``showdown``, ``royal``, ``exchange``), the revisor's entries
(``penalty``, ``forfeit``, ``note``) and ``undo``.
"""

from collections.abc import Iterator
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated

import typer

from ..core import claims, entry
from ..core.errors import Rule, RuleViolation
from ..core.events import Event
from ..core.game import Game, replay
from ..core.names import refuse_lookalikes
from ..core.session import Session, new_session
from ..i18n.language import Msg, t
from ..present.views import new_session_text, plain_standings
from ..store import catalogue, recording, rulesfile, sessionfile
from .common import (
    PRESET_METAVAR,
    BuyOption,
    ChicagoOption,
    ExchangeOption,
    FileOption,
    LastTrickOption,
    PlayerArgument,
    ReasonOption,
    RoyalOption,
    SessionOption,
    ShowdownOption,
    WhoArgument,
    WithTwoOption,
    _complete_player,
    _record,
    _session_name,
    check_presets,
    complete_dealer,
    complete_preset,
    one_preset,
    refuse_two_rule_sources,
)
from .root import note_saved

# This group's commands; `app.py` joins it to the root app with `add_typer`, and gives
# each command its help (`app.HELP`, which `chicago --help` lists without this module).
app = typer.Typer()


def _print_standings(
    session: Session, game: Game, path_name: str, *, recorded: bool = True
) -> None:
    """What was just recorded (one moment), the protocol's row of a deal it finished (so a
    swapped player is seen at once), then the standings."""
    standings = game.standings()
    if recorded and session.events:
        from ..present.narrate import describe_event

        print(t("Recorded: ") + describe_event(session.events[-1]))
    if session.events:
        from ..present.views import finished_deal_row

        row = finished_deal_row(standings, session.events[-1])
        if row:
            print(row)
    print(plain_standings(standings, path_name))


# -- new -------------------------------------------------------------------------


@app.command()
def new(
    name: Annotated[str, typer.Argument(help="The session's name, e.g. fredag.", metavar="NAME")],
    players: Annotated[
        list[str],
        typer.Argument(
            help="The players in clockwise seat order (2 or more).", metavar="PLAYER PLAYER..."
        ),
    ],
    rules: Annotated[
        Path | None,
        typer.Option(
            "--rules", help="A house-rules TOML file to copy into the session.", exists=False
        ),
    ] = None,
    preset: Annotated[
        list[str] | None,
        typer.Option("--preset", help="A built-in set of house rules, e.g. tournament; `chicago rules presets` lists them.", metavar=PRESET_METAVAR, autocompletion=complete_preset, callback=check_presets),
    ] = None,
    dealer: Annotated[
        str | None,
        typer.Option(
            "--dealer",
            help="The first dealer (default: the first player).",
            metavar="PLAYER",
            autocompletion=complete_dealer,
        ),
    ] = None,
    file: Annotated[
        Path | None,
        typer.Option(
            "--file",
            "-f",
            help="Create the session file at PATH instead; later commands take --file PATH too.",
            metavar="PATH",
            dir_okay=False,
        ),
    ] = None,
) -> None:
    chosen = one_preset(preset)
    refuse_two_rule_sources(rules, chosen)
    if len(players) < 2:
        raise typer.BadParameter("a game needs at least two players", param_hint="PLAYERS")
    house = rulesfile.starting_rules(rules, chosen)
    created = datetime.now(UTC).isoformat(timespec="seconds")
    session = new_session(players, house, dealer=dealer, name=name, created=created)
    refuse_lookalikes(session.players)  # at entry only: a file read keeps its names
    if file is None:
        catalogue.create_current(name, session)  # the file and the pointer, or neither
    else:
        sessionfile.create_session(file, session)
    note_saved()
    print(new_session_text(session, replay(session).standings(), name))


# -- recording a deal ----------------------------------------------------------------


@app.command()
def deal(
    buy: BuyOption = None,
    chicago: ChicagoOption = None,
    broken_by: Annotated[
        list[str] | None,
        typer.Option(
            "--broken-by",
            help="With --chicago: PLAYER took a trick and broke it.",
            metavar="PLAYER",
            autocompletion=_complete_player,
        ),
    ] = None,
    last_trick: LastTrickOption = None,
    with_two: WithTwoOption = False,
    showdown: ShowdownOption = None,
    royal: RoyalOption = None,
    exchange: ExchangeOption = None,
    session: SessionOption = None,
    file: FileOption = None,
) -> None:
    # The one-result options are lists so that one given twice is refused, not overwritten.
    given = entry.DealEntry.from_options(
        buy=buy,
        exchange=exchange,
        chicago=chicago,
        broken_by=broken_by,
        last_trick=last_trick,
        with_two=with_two,
        showdown=showdown,
        royal=royal,
    )

    def build(game: Game) -> Iterator[Event]:
        if game.deal_begun:  # a penalty or a note before it does not begin the deal
            raise RuleViolation(
                Msg(
                    "deal {deal} is partly recorded already; finish it with buy, tricks and showdown, or take it back with `chicago undo --deal`",
                    deal=game.deal,
                ),
                rule=Rule.ONE_DEAL_AT_A_TIME,
            )
        return entry.deal_events(game, given)

    saved, game = _record(session, file, build)
    _print_standings(saved, game, saved.name, recorded=False)


@app.command("buy")
def buy_command(
    who: WhoArgument,
    session: SessionOption = None,
    file: FileOption = None,
) -> None:

    saved, game = _record(session, file, lambda g: [entry.buy_event(g, claims.claim(g, who))])
    _print_standings(saved, game, saved.name)


@app.command()
def declare(player: PlayerArgument, session: SessionOption = None, file: FileOption = None) -> None:
    saved, game = _record(session, file, lambda g: [entry.declare_event(g, player)])
    _print_standings(saved, game, saved.name)


@app.command()
def tricks(
    player: PlayerArgument,
    with_two: Annotated[
        bool, typer.Option("--with-two", help="The last trick was won with a two.")
    ] = False,
    from_opponent: Annotated[
        str | None,
        typer.Option(
            "--from",
            help="Take the points off OPPONENT's total instead (scoring.take_from_opponent).",
            metavar="OPPONENT",
            autocompletion=_complete_player,
        ),
    ] = None,
    session: SessionOption = None,
    file: FileOption = None,
) -> None:

    def build(game: Game) -> list[Event]:
        took = claims.taking(game, player, from_opponent)
        return [entry.trick_event(game, replace(took, with_two=with_two or took.with_two))]

    saved, game = _record(session, file, build)
    _print_standings(saved, game, saved.name)


@app.command("showdown")
def showdown_command(
    who: WhoArgument, session: SessionOption = None, file: FileOption = None
) -> None:
    saved, game = _record(session, file, lambda g: [entry.showdown_event(g, claims.claim(g, who))])
    _print_standings(saved, game, saved.name)


@app.command("royal")
def royal_command(
    player: PlayerArgument, session: SessionOption = None, file: FileOption = None
) -> None:
    saved, game = _record(session, file, lambda g: [entry.royal_event(g, player)])
    _print_standings(saved, game, saved.name)


# A negative count must reach the rule ("0 to 5 cards"), not read as an unknown option.
@app.command("exchange", context_settings={"ignore_unknown_options": True})
def exchange_command(
    player: PlayerArgument,
    count: Annotated[
        int, typer.Argument(help="Cards exchanged in the current köp, 0-5.", metavar="N")
    ],
    session: SessionOption = None,
    file: FileOption = None,
) -> None:

    saved, game = _record(session, file, lambda g: [entry.exchange_event(g, player, count)])
    _print_standings(saved, game, saved.name)


@app.command()
def undo(
    whole_deal: Annotated[
        bool,
        typer.Option(
            "--deal", help="Take back every event of the last deal (after a wrong `chicago deal`)."
        ),
    ] = False,
    session: SessionOption = None,
    file: FileOption = None,
) -> None:
    path = catalogue.resolve(session, file)
    undone = recording.undo(path, whole_deal=whole_deal)
    note_saved()
    from ..present.narrate import describe_correction, describe_event

    if undone.correction is not None:
        print(t("Undone: ") + describe_correction(undone.correction))
    for event in reversed(undone.events):
        print(t("Undone: ") + describe_event(event))
    print(plain_standings(undone.game.standings(), _session_name(undone.session, path)))


# -- the revisor's entries (cli.md, "The revisor's entries") ----------------------------


# A negative number must reach the rule ("1 or more"), not read as an unknown option.
@app.command("penalty", context_settings={"ignore_unknown_options": True})
def penalty_command(
    player: PlayerArgument,
    points: Annotated[
        str,
        typer.Argument(help="Points off PLAYER's total: a whole number, 1 or more.", metavar="POINTS"),
    ],
    reason: ReasonOption,
    session: SessionOption = None,
    file: FileOption = None,
) -> None:
    # In a game of a closed night also after the game's end: the revisor's deduction, an
    # amendment after the result (events.Penalty.after_end).
    closed = _closed_night(session, file)
    saved, game = _record(
        session,
        file,
        lambda g: [
            entry.penalty_event(g, player, points, reason, after_end=closed is not None and g.finished)
        ],
        after_the_game=closed is not None,
    )
    _print_standings(saved, game, saved.name)


def _closed_night(session: str | None, file: Path | None) -> object | None:
    """The closed night whose game the command writes into, or None."""
    from ..store import nighttable

    return nighttable.closed_night(catalogue.resolve(session, file))


@app.command("forfeit")
def forfeit_command(
    player: PlayerArgument,
    reason: ReasonOption,
    session: SessionOption = None,
    file: FileOption = None,
) -> None:
    # In a game of a closed night also after the game's end: the revisor's ruling, an
    # amendment after the result (events.Forfeit.after_end): placed last, the end kept.
    closed = _closed_night(session, file)
    saved, game = _record(
        session,
        file,
        lambda g: [
            entry.forfeit_event(g, player, reason, after_end=closed is not None and g.finished)
        ],
        after_the_game=closed is not None,
    )
    _print_standings(saved, game, saved.name)


@app.command("note")
def note_command(
    text: Annotated[
        str, typer.Argument(help="The remark: a misdeal, a ruling...", metavar="TEXT")
    ],
    deal: Annotated[
        int | None,
        typer.Option(
            "--deal",
            help="The deal it is about (default: the deal being played; between deals, the one just finished).",
            metavar="N",
        ),
    ] = None,
    session: SessionOption = None,
    file: FileOption = None,
) -> None:
    saved, game = _record(
        session, file, lambda g: [entry.note_event(g, text, deal)], after_the_game=True
    )
    _print_standings(saved, game, saved.name)
