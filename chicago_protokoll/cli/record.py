"""The commands that write: ``new``, then a deal as it is played (``deal``, ``buy``,
``declare``, ``tricks``, ``showdown``, ``royal``, ``exchange``), the revisor's entries
(``penalty``, ``forfeit``, ``note``) and ``undo``.
"""

from collections.abc import Callable, Iterator
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from ..core.errors import Rule, RuleViolation
from ..i18n.language import Msg, t
from .common import (
    BrokenByOption,
    BuyOption,
    ChicagoOption,
    DealerOption,
    ExchangeOption,
    FileOption,
    LastTrickOption,
    PlayerArgument,
    PresetOption,
    ReasonOption,
    RoyalOption,
    SessionOption,
    ShowdownOption,
    WhoArgument,
    WithTwoOption,
    complete_player,
    name_of_session,
    one_preset,
    record_events,
    refuse_two_rule_sources,
)
from .examples import example
from .options import RulesFileOption
from .root import note_saved

if TYPE_CHECKING:
    from ..core.events import Event
    from ..core.game import Game
    from ..core.session import Session

# This group's commands, each with its help and example; `app.py` joins it to the root
# app with `add_typer` (`chicago --help` lists them from `listing`, without this module).
app = typer.Typer()


def _print_standings(
    session: "Session", game: "Game", path_name: str, *, recorded: bool = True
) -> None:
    """What was just recorded (one moment), the protocol's row of a deal it finished (so a
    swapped player is seen at once), then the standings."""
    from ..present.views import plain_standings
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


@app.command(
    help="Start a session: players in clockwise order; it becomes the current one.",
    epilog=example("chicago new fredag Anna Bo Cilla --preset tournament"),
)
def new(
    name: Annotated[str, typer.Argument(help="The session's name, e.g. fredag.", metavar="NAME")],
    players: Annotated[
        list[str],
        typer.Argument(
            help="The players in clockwise seat order (2 or more).", metavar="PLAYER PLAYER..."
        ),
    ],
    rules: RulesFileOption = None,
    preset: PresetOption = None,
    dealer: DealerOption = None,
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
    from ..core.claims import refuse_modifier_names
    from ..core.game import replay
    from ..core.names import refuse_lookalikes
    from ..core.session import new_session
    from ..present.views import new_session_text
    from ..store import catalogue, rulesfile, sessionfile
    chosen = one_preset(preset)
    refuse_two_rule_sources(rules, chosen)
    if len(players) < 2:
        raise typer.BadParameter("a game needs at least two players", param_hint="PLAYERS")
    house = rulesfile.starting_rules(rules, chosen)
    created = datetime.now(UTC).isoformat(timespec="seconds")
    session = new_session(players, house, dealer=dealer, name=name, created=created)
    refuse_lookalikes(session.players)  # at entry only: a file read keeps its names
    refuse_modifier_names(session.players)
    if file is None:
        catalogue.create_current(name, session)  # the file and the pointer, or neither
    else:
        sessionfile.create_session(file, session)
    note_saved()
    print(new_session_text(session, replay(session).standings(), name))


# -- recording a deal ----------------------------------------------------------------


@app.command(
    help="Record one whole deal (giv) and print the standings.\n\nA köp left out (fewer --buy than the table scores) is a pass, and so is the showdown left out after the last trick: nobody had a hand there.",
    epilog=example("chicago deal --buy \"Bo:två par\" --buy pass --last-trick Cilla --showdown \"Anna:kåk\""),
)
def deal(
    buy: BuyOption = None,
    chicago: ChicagoOption = None,
    broken_by: BrokenByOption = None,
    last_trick: LastTrickOption = None,
    with_two: WithTwoOption = False,
    showdown: ShowdownOption = None,
    royal: RoyalOption = None,
    exchange: ExchangeOption = None,
    session: SessionOption = None,
    file: FileOption = None,
) -> None:
    # The one-result options are lists so that one given twice is refused, not overwritten.
    from ..core import claims, entry
    from ..core.errors import DealPart
    from ..core.events import Event
    from ..core.game import Game

    # Parts that do not go together are refused before the file is read; the text is
    # read into values at the table the deal is recorded at, in `build`.
    parts = {
        "chicago": entry.one_result(DealPart.CHICAGO, chicago),
        "broken_by": entry.one_result(DealPart.BROKEN_BY, broken_by),
        "last_trick": entry.one_result(DealPart.LAST_TRICK, last_trick),
        "showdown": entry.one_result(DealPart.SHOWDOWN, showdown),
        "royal": entry.one_result(DealPart.ROYAL, royal),
    }
    entry.refuse_parts_apart(with_two=with_two, **parts)

    def build(game: Game) -> Iterator[Event]:
        if game.deal_begun:  # a penalty or a note before it does not begin the deal
            raise RuleViolation(
                Msg(
                    "deal {deal} is partly recorded already; finish it with buy, tricks and showdown, or take it back with `chicago undo --deal`",
                    deal=game.deal,
                ),
                rule=Rule.ONE_DEAL_AT_A_TIME,
            )
        given = claims.typed_deal(
            game, buys=buy or (), exchanges=exchange or (), with_two=with_two, **parts
        )
        return entry.deal_events(game, given)

    saved, game = record_events(session, file, build)
    _print_standings(saved, game, saved.name, recorded=False)


@app.command(
    "buy",
    help="Best hand of the next scored köp of the current deal.",
    epilog=example("chicago buy \"Anna:KH KS 9D 9H 3C\""),
)
def buy_command(
    who: WhoArgument,
    session: SessionOption = None,
    file: FileOption = None,
) -> None:
    from ..core import claims, entry

    saved, game = record_events(session, file, lambda g: [entry.buy_event(g, claims.claim(g, who))])
    _print_standings(saved, game, saved.name)


@app.command(
    help="PLAYER declares Chicago, before the first lead.",
    epilog=example("chicago declare Anna"),
)
def declare(player: PlayerArgument, session: SessionOption = None, file: FileOption = None) -> None:
    from ..core import entry
    saved, game = record_events(session, file, lambda g: [entry.declare_event(g, player)])
    _print_standings(saved, game, saved.name)


@app.command(
    help="Last trick to PLAYER; after a Chicago: the declarer if it succeeded, else who broke it.",
    epilog=example("chicago tricks Cilla"),
)
def tricks(
    player: PlayerArgument,
    with_two: WithTwoOption = False,
    from_opponent: Annotated[
        str | None,
        typer.Option(
            "--from",
            help="Take the points off OPPONENT's total instead (scoring.take_from_opponent).",
            metavar="OPPONENT",
            autocompletion=complete_player,
        ),
    ] = None,
    session: SessionOption = None,
    file: FileOption = None,
) -> None:

    from ..core import claims, entry
    from ..core.events import Event
    from ..core.game import Game

    def build(game: Game) -> list[Event]:
        took = claims.taking(game, player, from_opponent)
        return [entry.trick_event(game, replace(took, with_two=with_two or took.with_two))]

    saved, game = record_events(session, file, build)
    _print_standings(saved, game, saved.name)


@app.command(
    "showdown",
    help="Best hand shown after the tricks; ends the deal.",
    epilog=example("chicago showdown \"Anna:två par\""),
)
def showdown_command(
    who: WhoArgument, session: SessionOption = None, file: FileOption = None
) -> None:
    from ..core import claims, entry

    saved, game = record_events(session, file, lambda g: [entry.showdown_event(g, claims.claim(g, who))])
    _print_standings(saved, game, saved.name)


@app.command(
    "royal",
    help="PLAYER shows a royal straight flush: the game is won at once.",
    epilog=example("chicago royal Bo"),
)
def royal_command(
    player: PlayerArgument, session: SessionOption = None, file: FileOption = None
) -> None:
    from ..core import entry
    saved, game = record_events(session, file, lambda g: [entry.royal_event(g, player)])
    _print_standings(saved, game, saved.name)


# A negative count must reach the rule ("0 to 5 cards"), not read as an unknown option.
@app.command(
    "exchange",
    context_settings={"ignore_unknown_options": True},
    help="Cards PLAYER exchanged in the current köp.",
    epilog=example("chicago exchange Cilla 4"),
)
def exchange_command(
    player: PlayerArgument,
    count: Annotated[
        int, typer.Argument(help="Cards exchanged in the current köp, 0-5.", metavar="N")
    ],
    session: SessionOption = None,
    file: FileOption = None,
) -> None:

    from ..core import entry
    saved, game = record_events(session, file, lambda g: [entry.exchange_event(g, player, count)])
    _print_standings(saved, game, saved.name)


@app.command(
    help="Take back the last recorded event (with --deal: the whole last deal).",
    epilog=example("chicago undo --deal"),
)
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
    from ..present.views import plain_standings
    from ..store import catalogue, recording
    path = catalogue.resolve(session, file)
    undone = recording.undo(path, whole_deal=whole_deal)
    note_saved()
    from ..present.narrate import describe_correction, describe_event

    if undone.correction is not None:
        print(t("Undone: ") + describe_correction(undone.correction))
    for event in reversed(undone.events):
        print(t("Undone: ") + describe_event(event))
    print(plain_standings(undone.standings, name_of_session(undone.session, path)))


# -- the revisor's entries (cli.md, "The revisor's entries") ----------------------------


# A negative number must reach the rule ("1 or more"), not read as an unknown option.
@app.command(
    "penalty",
    context_settings={"ignore_unknown_options": True},
    help="A penalty the table rules on: POINTS off PLAYER's total (the floor applies).",
    epilog=example("chicago penalty Anna 5 --reason \"för tidigt köp\""),
)
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
    from ..core import entry

    _revisor_entry(
        session,
        file,
        lambda g, after_end: entry.penalty_event(g, player, points, reason, after_end=after_end),
    )


def _revisor_entry(
    session: str | None, file: Path | None, make: "Callable[[Game, bool], Event]"
) -> None:
    """Record a penalty or a forfeit (``make(game, after_end)``) and print the standings.

    In a game of a closed night also after the game's end: the revisor's ruling, an
    amendment after the result (``after_end``, events.Penalty and events.Forfeit); a
    forfeit places the player last and the game keeps its end."""
    from ..store import catalogue, nighttable

    closed = nighttable.closed_night(catalogue.resolve(session, file)) is not None
    saved, game = record_events(
        session, file, lambda g: [make(g, closed and g.finished)], after_the_game=closed
    )
    _print_standings(saved, game, saved.name)


@app.command(
    "forfeit",
    help="PLAYER loses the game at once (a hand claimed and not shown): the others' best wins.",
    epilog=example("chicago forfeit Bo --reason \"visade inte kåken\""),
)
def forfeit_command(
    player: PlayerArgument,
    reason: ReasonOption,
    session: SessionOption = None,
    file: FileOption = None,
) -> None:
    from ..core import entry

    _revisor_entry(
        session,
        file,
        lambda g, after_end: entry.forfeit_event(g, player, reason, after_end=after_end),
    )


@app.command(
    "note",
    help="A remark on a deal; it changes no total, and may be written after the game too.",
    epilog=example("chicago note \"omgiv: ett kort vändes\" --deal 3"),
)
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
    from ..core import entry
    saved, game = record_events(
        session, file, lambda g: [entry.note_event(g, text, deal)], after_the_game=True
    )
    _print_standings(saved, game, saved.name)
