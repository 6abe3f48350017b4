"""The commands that write: ``new``, then a deal as it is played (``deal``, ``buy``,
``declare``, ``tricks``, ``showdown``, ``royal``, ``exchange``) and ``undo``.
"""

from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated

import typer

from ..core.errors import ChicagoError, RuleViolation
from ..core.events import (
    ChicagoBroken,
    ChicagoDeclared,
    ChicagoWon,
    Event,
    Exchange,
    LastTrick,
    Royal,
)
from ..core.game import (
    Game,
    HandClaim,
    Moment,
    Session,
    new_session,
    parse_claim,
    replay,
    resolve_player,
)
from ..i18n.language import tr
from ..present.views import plain_standings
from ..store import catalogue, locations, sessionfile
from .common import (
    FileOption,
    PlayerArgument,
    PresetName,
    SessionOption,
    WhoArgument,
    _complete_player,
    _record,
    _replay,
    handled,
)

# This group's commands; `app.py` joins it to the root app with `add_typer`.
app = typer.Typer()


def _print_standings(
    session: Session, game: Game, path_name: str, *, recorded: bool = True
) -> None:
    """What was just recorded (one moment), then the standings."""
    if recorded and session.events:
        from ..present.narrate import describe_event

        print(tr("Recorded: ", "Fört: ") + describe_event(session.events[-1]))
    print(plain_standings(game.standings(), path_name))


def _claim(game: Game, who: str) -> HandClaim:
    return parse_claim(
        who, game.players, ace_low_straight=game.rules.hands.ace_low_straight, allow_prefix=True
    )


def _player(game: Game, name: str) -> str:
    # A unique start of a name is enough, as in `chicago play`: "an" is Anna at Anna/Bo/Cilla.
    return resolve_player(name, game.players, allow_prefix=True)


def _next_buy(game: Game) -> int:
    if game.moment is not Moment.BUY:
        scored = game.rules.game.scored_buys
        raise RuleViolation(
            f"the {scored} scored köp of deal {game.deal} are already recorded; "
            "next comes Chicago or the last trick",
            rule="scored köp",
            key="game.scored_buys",
            sv=f"giv {game.deal}s {scored} köp med poäng är redan förda; nu kommer Chicago eller sista sticket",
        )
    return game.hands_scored + 1


# -- new -------------------------------------------------------------------------


@app.command()
@handled
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
        PresetName | None,
        typer.Option("--preset", help="A built-in set of house rules, e.g. tournament."),
    ] = None,
    dealer: Annotated[
        str | None, typer.Option("--dealer", help="The first dealer (default: the first player).")
    ] = None,
    file: Annotated[
        Path | None,
        typer.Option(
            "--file",
            "-f",
            help="Create the session file at PATH instead; later commands take --file PATH too.",
            dir_okay=False,
        ),
    ] = None,
) -> None:
    """Start a session: players in clockwise order; it becomes the current one."""
    if rules is not None and preset is not None:
        raise typer.BadParameter(
            "give --rules FILE or --preset NAME, not both", param_hint="--rules"
        )
    if len(players) < 2:
        raise typer.BadParameter("a game needs at least two players", param_hint="PLAYERS")
    house = sessionfile.starting_rules(rules, preset)
    created = datetime.now(UTC).isoformat(timespec="seconds")
    session = new_session(players, house, dealer=dealer, name=name, created=created)
    if file is None:
        sessionfile.create_session(locations.session_path(name), session)
        catalogue.set_current(name)
    else:
        sessionfile.create_session(file, session)
    standings = replay(session).standings()
    print(
        tr(
            f"New session '{name}': {', '.join(session.players)}. {session.first_dealer} deals first.",
            f"Nytt protokoll '{name}': {', '.join(session.players)}. {session.first_dealer} ger först.",
        )
    )
    print(plain_standings(standings, name))


# -- recording a deal ----------------------------------------------------------------


@app.command()
@handled
def deal(
    buy: Annotated[
        list[str] | None,
        typer.Option(
            "--buy",
            help="Best hand of each scored köp, in order: PLAYER:HAND, pass or tie.",
            autocompletion=_complete_player,
        ),
    ] = None,
    chicago: Annotated[
        str | None,
        typer.Option("--chicago", help="PLAYER declared Chicago.", autocompletion=_complete_player),
    ] = None,
    broken_by: Annotated[
        str | None,
        typer.Option(
            "--broken-by",
            help="With --chicago: PLAYER took a trick and broke it.",
            autocompletion=_complete_player,
        ),
    ] = None,
    last_trick: Annotated[
        str | None,
        typer.Option(
            "--last-trick", help="PLAYER took the last trick.", autocompletion=_complete_player
        ),
    ] = None,
    with_two: Annotated[
        bool, typer.Option("--with-two", help="The last trick was won with a two.")
    ] = False,
    showdown: Annotated[
        str | None,
        typer.Option(
            "--showdown",
            help="Best hand after the tricks: PLAYER:HAND, pass or tie.",
            autocompletion=_complete_player,
        ),
    ] = None,
    royal: Annotated[
        str | None,
        typer.Option(
            "--royal",
            help="PLAYER shows a royal straight flush: the game is over.",
            autocompletion=_complete_player,
        ),
    ] = None,
    exchange: Annotated[
        list[str] | None,
        typer.Option(
            "--exchange",
            help="PLAYER:N[,N[,N]] cards exchanged in köp 1, 2, 3.",
            autocompletion=_complete_player,
        ),
    ] = None,
    session: SessionOption = None,
    file: FileOption = None,
) -> None:
    """Record one whole deal (giv) and print the standings."""
    buys = list(buy or [])
    exchanges = list(exchange or [])
    if broken_by is not None and chicago is None:
        raise typer.BadParameter("--broken-by goes with --chicago PLAYER", param_hint="--broken-by")

    def build(game: Game) -> list[Event]:
        if game.entries and not game.finished:
            raise RuleViolation(
                f"deal {game.deal} is partly recorded already; finish it with buy, tricks and "
                "showdown, or take it back with `chicago undo --deal`",
                rule="one deal at a time",
                sv=f"giv {game.deal} är redan delvis förd; gör klart den med buy, tricks och showdown, "
                "eller ta tillbaka den med `chicago undo --deal`",
            )
        return _deal_events(
            game, buys, exchanges, chicago, broken_by, last_trick, with_two, showdown, royal
        )

    saved, game = _record(session, file, build)
    _print_standings(saved, game, saved.name, recorded=False)


def _deal_events(
    game: Game,
    buys: list[str],
    exchanges: list[str],
    chicago: str | None,
    broken_by: str | None,
    last_trick: str | None,
    with_two: bool,
    showdown: str | None,
    royal: str | None,
) -> list[Event]:
    """The events of one whole deal, in the order they happen at the table."""
    rules = game.rules.game
    deal = game.deal
    if len(buys) > rules.scored_buys:
        raise RuleViolation(
            f"this table scores a hand after {rules.scored_buys} köp, but {len(buys)} --buy were given",
            rule="scored köp",
            key="game.scored_buys",
            sv=f"vid det här bordet får bästa hand poäng efter {rules.scored_buys} köp, men {len(buys)} --buy angavs",
        )
    per_buy: dict[int, list[Exchange]] = {}
    for text in exchanges:
        player_text, _, counts_text = text.partition(":")
        if not counts_text:
            raise RuleViolation(
                f"'{text}' should be PLAYER:N or PLAYER:N,N,N (cards exchanged in each köp)",
                rule="exchange count",
                sv=f"'{text}' ska skrivas SPELARE:N eller SPELARE:N,N,N (kort bytta i varje köp)",
            )
        player = _player(game, player_text)
        counts = counts_text.split(",")
        if len(counts) > rules.buys:
            raise RuleViolation(
                f"{player} has {len(counts)} exchanges, but a deal has {rules.buys} köp",
                rule="exchanges per deal",
                key="game.buys",
                sv=f"{player} har {len(counts)} byten, men en giv har {rules.buys} köp",
            )
        for number, count_text in enumerate(counts, start=1):
            try:
                count = int(count_text)
            except ValueError:
                raise RuleViolation(
                    f"'{count_text}' is not a number of cards (0-5) in '{text}'",
                    rule="exchange count",
                    sv=f"'{count_text}' är inget antal kort (0-5) i '{text}'",
                ) from None
            per_buy.setdefault(number, []).append(Exchange(deal, player, number, count))
    events: list[Event] = []
    for number in range(1, rules.buys + 1):
        events.extend(per_buy.get(number, []))
        if number <= rules.scored_buys:
            who = buys[number - 1] if number <= len(buys) else "pass"
            events.append(_claim(game, who).event(game.deal, buy=number))
    if royal is not None:
        events.append(Royal(deal, _player(game, royal)))
        return events
    if chicago is not None:
        declarer = _player(game, chicago)
        if last_trick is not None or showdown is not None:
            hint_en = hint_sv = ""
            if last_trick is not None and broken_by is None:
                taker = _player(game, last_trick)
                if taker != declarer:
                    hint_en = f"; if {taker} took a trick, write --broken-by {taker}"
                    hint_sv = f"; om {taker} tog ett stick, skriv --broken-by {taker}"
            raise RuleViolation(
                "a Chicago deal has no last trick and no showdown: after a Chicago nothing more "
                f"is scored in that deal{hint_en}",
                rule="no last trick or showdown after a Chicago",
                sv="en Chicago-giv har inget sista stick och ingen visning: efter en Chicago "
                f"får ingen mer poäng i den given{hint_sv}",
            )
        events.append(ChicagoDeclared(deal, declarer))
        if broken_by is None:
            events.append(ChicagoWon(deal, declarer))
        else:
            events.append(ChicagoBroken(deal, _player(game, broken_by)))
        return events
    if last_trick is None:
        raise RuleViolation(
            "a deal without a Chicago needs --last-trick PLAYER: someone always takes the last trick",
            rule="last trick",
            sv="en giv utan Chicago behöver --last-trick SPELARE: någon tar alltid sista sticket",
        )
    events.append(LastTrick(deal, _player(game, last_trick), with_two=with_two))
    events.append(_claim(game, showdown or "pass").event(game.deal, buy=None))
    return events


@app.command("buy")
@handled
def buy_command(
    who: WhoArgument,
    session: SessionOption = None,
    file: FileOption = None,
) -> None:
    """Best hand of the next scored köp of the current deal."""

    def build(game: Game) -> list[Event]:
        return [_claim(game, who).event(game.deal, buy=_next_buy(game))]

    saved, game = _record(session, file, build)
    _print_standings(saved, game, saved.name)


@app.command()
@handled
def declare(player: PlayerArgument, session: SessionOption = None, file: FileOption = None) -> None:
    """PLAYER declares Chicago, before the first lead."""
    saved, game = _record(session, file, lambda g: [ChicagoDeclared(g.deal, _player(g, player))])
    _print_standings(saved, game, saved.name)


@app.command()
@handled
def tricks(
    player: PlayerArgument,
    with_two: Annotated[
        bool, typer.Option("--with-two", help="The last trick was won with a two.")
    ] = False,
    session: SessionOption = None,
    file: FileOption = None,
) -> None:
    """Last trick to PLAYER; after a Chicago: the declarer if it succeeded, else who broke it."""

    def build(game: Game) -> list[Event]:
        name = _player(game, player)
        if game.chicago is not None and not game.tricks_done:
            if name == game.chicago:
                return [ChicagoWon(game.deal, name)]
            return [ChicagoBroken(game.deal, name)]
        return [LastTrick(game.deal, name, with_two=with_two)]

    saved, game = _record(session, file, build)
    _print_standings(saved, game, saved.name)


@app.command("showdown")
@handled
def showdown_command(
    who: WhoArgument, session: SessionOption = None, file: FileOption = None
) -> None:
    """Best hand shown after the tricks; ends the deal."""
    saved, game = _record(session, file, lambda g: [_claim(g, who).event(g.deal, buy=None)])
    _print_standings(saved, game, saved.name)


@app.command("royal")
@handled
def royal_command(
    player: PlayerArgument, session: SessionOption = None, file: FileOption = None
) -> None:
    """PLAYER shows a royal straight flush: the game is won at once."""
    saved, game = _record(session, file, lambda g: [Royal(g.deal, _player(g, player))])
    _print_standings(saved, game, saved.name)


# A negative count must reach the rule ("0 to 5 cards"), not read as an unknown option.
@app.command("exchange", context_settings={"ignore_unknown_options": True})
@handled
def exchange_command(
    player: PlayerArgument,
    count: Annotated[
        int, typer.Argument(help="Cards exchanged in the current köp, 0-5.", metavar="N")
    ],
    session: SessionOption = None,
    file: FileOption = None,
) -> None:
    """Cards PLAYER exchanged in the current köp."""

    def build(game: Game) -> list[Event]:
        name = _player(game, player)
        number = game.current_buy
        # Past the scored köp, a player's next exchange is the next unscored köp they have
        # not recorded (köp 2 then 3 where only köp 1 scores).  A scored köp waits for its
        # best hand, so a second exchange there is refused as recorded already.
        scored, buys = game.rules.game.scored_buys, game.rules.game.buys
        while (name, number) in game.exchanged and scored < number < buys:
            number += 1
        return [Exchange(game.deal, name, number, count)]

    saved, game = _record(session, file, build)
    _print_standings(saved, game, saved.name)


@app.command()
@handled
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
    """Take back the last recorded event (with --deal: the whole last deal)."""
    path = catalogue.resolve(session, file)
    removed: list[Event] = []

    def change(current: Session) -> Session:
        if not current.events:
            raise ChicagoError(
                "there is nothing to undo: no event is recorded yet",
                sv="det finns inget att ångra: inget är fört ännu",
            )
        _replay(current, path)
        last_deal = current.events[-1].deal
        count = 1
        if whole_deal:
            count = sum(1 for event in current.events if event.deal == last_deal)
        removed.extend(current.events[-count:])
        return replace(current, events=current.events[:-count])

    saved = sessionfile.transact(path, change)
    if session is not None and file is None:  # as for every write: the session used last
        catalogue.set_current(session)
    from ..present.narrate import describe_event

    for event in reversed(removed):
        print(tr("Undone: ", "Ångrat: ") + describe_event(event))
    print(plain_standings(replay(saved).standings(), saved.name or path.stem))
