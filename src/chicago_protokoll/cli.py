"""The ``chicago`` command: a thin Typer layer over the scoring core.

Each command resolves the session file, replays it, applies what was typed
through the rules, and only then writes (under the store's lock).  Every
refusal is a `ChicagoError`: one plain line on stderr, exit status 1, and no
file touched.  Rich is imported only by the commands that draw tables.
"""

import contextlib
import functools
import os
import sys
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn, TypeVar

import typer
from typer.exceptions import TyperException

from . import store
from .errors import ChicagoError, RuleViolation
from .events import (
    ChicagoBroken,
    ChicagoDeclared,
    ChicagoWon,
    Event,
    Exchange,
    LastTrick,
    Royal,
)
from .game import Game, HandClaim, Moment, Session, new_session, parse_claim, replay, resolve_player
from .i18n import language, set_language, tr
from .views import plain_standings, status_dict

if TYPE_CHECKING:
    import json
else:

    class _Json:
        """json, imported on first use: only --json output needs it, and `deal` and the other
        commands typed after each scoring moment start sooner without it (docs/latency.md)."""

        def __getattr__(self, name: str) -> Any:
            import json

            return getattr(json, name)

    json = _Json()

app = typer.Typer(
    name="chicago",
    help="Protokollförare for Chicago, the Swedish card game: record each deal, "
    "let the house rules do the scoring.",
    # Bare `chicago` shows the help and exits 0 (see main_options): it is how a newcomer starts.
    invoke_without_command=True,
    add_completion=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)

F = TypeVar("F", bound=Callable[..., Any])


def _complete_player(ctx: typer.Context, incomplete: str) -> Iterator[str]:
    """Player names of the session on the command line (--session, --file) or the current one."""
    chosen, file = ctx.params.get("session"), ctx.params.get("file")
    try:
        session = store.load_session(store.resolve(chosen, Path(file) if file else None))
    except (ChicagoError, OSError):
        return
    for name in session.players:
        if name.casefold().startswith(incomplete.casefold()):
            yield name


def _complete_session(incomplete: str) -> Iterator[str]:
    try:
        names = [name for name, _ in store.list_sessions()]
    except (ChicagoError, OSError):
        return
    for name in names:
        if name.startswith(incomplete):
            yield name


SessionOption = Annotated[
    str | None,
    typer.Option(
        "--session",
        "-s",
        help="Session name (default: the current session).",
        autocompletion=_complete_session,
    ),
]
FileOption = Annotated[
    Path | None,
    typer.Option("--file", "-f", help="Work on a session file anywhere.", dir_okay=False),
]
PlayerArgument = Annotated[
    str,
    typer.Argument(help="A player's name.", metavar="PLAYER", autocompletion=_complete_player),
]
WhoArgument = Annotated[
    str,
    typer.Argument(
        help="PLAYER:HAND (hand by name, Swedish or English, or five cards), 'pass' or 'tie'.",
        metavar="WHO",
        autocompletion=_complete_player,
    ),
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON for scripts.")]


def _fail(message: str, code: int = 1) -> NoReturn:
    sys.stderr.write(f"chicago: {message}\n")
    raise typer.Exit(code)


def handled(fn: F) -> F:
    """Turn every refusal into one stderr line and exit status 1, never a traceback."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except ChicagoError as error:
            _fail(error.localized(language()))
        except BrokenPipeError:
            # The reader went away (`chicago export | head`): stop quietly, as Unix tools do,
            # and keep the interpreter from complaining when it flushes stdout on exit.
            with contextlib.suppress(OSError, ValueError):
                os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            raise typer.Exit(1) from None
        except OSError as error:
            where = f" ({error.filename})" if error.filename else ""
            _fail(
                tr(
                    f"cannot use a file{where}: {error.strerror}",
                    f"kan inte använda en fil{where}: {error.strerror}",
                )
            )
        except KeyboardInterrupt:
            _fail(tr("interrupted; nothing was written", "avbrutet; inget skrevs"), 130)
        except (typer.Exit, typer.Abort, TyperException):
            raise
        except Exception as error:  # the last guard: no traceback ever reaches the user
            sys.stderr.write(
                "chicago: "
                + tr(
                    f"unexpected error ({type(error).__name__}: {error}); this is a bug in "
                    "chicago-protokoll, please report it with the command you typed",
                    f"oväntat fel ({type(error).__name__}: {error}); det är ett fel i "
                    "chicago-protokoll, rapportera det gärna med kommandot du skrev",
                )
                + "\n"
            )
            raise typer.Exit(1) from error

    return wrapper  # type: ignore[return-value]


@app.callback()
def main_options(
    ctx: typer.Context,
    lang: Annotated[
        str | None,
        typer.Option("--lang", help="Language of all output: sv or en (default: from LANG)."),
    ] = None,
) -> None:
    """Protokollförare for Chicago: record each deal, the house rules do the scoring."""
    if lang is not None and lang not in ("sv", "en"):
        raise typer.BadParameter("use sv or en", param_hint="--lang")
    # Always set (None included): one process may run several commands (tests, `play`).
    set_language(lang)
    if ctx.invoked_subcommand is None:
        print(ctx.get_help())
        raise typer.Exit(0)


# -- helpers -------------------------------------------------------------------


def _session_name(session: Session, path: Path) -> str:
    return session.name or path.stem


def _load(session: str | None, file: Path | None) -> tuple[Path, Session]:
    path = store.resolve(session, file)
    return path, store.load_session(path)


def _replay(session: Session, path: Path) -> Game:
    return store.replay_file(session, path)


def _record(
    session: str | None,
    file: Path | None,
    build: Callable[[Game], list[Event]],
) -> tuple[Session, Game]:
    """Build events against the replayed game and write them, all or nothing, under the lock."""
    path = store.resolve(session, file)
    outcome: dict[str, Any] = {}

    def change(current: Session) -> Session:
        game = _replay(current, path)
        updated = current
        for event in build(game):
            game.apply(event)
            updated = updated.with_event(event)
        outcome["game"] = game
        return updated

    saved = store.transact(path, change)
    if session is not None and file is None:
        store.set_current(session)
    return saved, outcome["game"]


def _print_standings(session: Session, game: Game, path_name: str) -> None:
    print(plain_standings(game.standings(), path_name))


def _claim(game: Game, who: str) -> HandClaim:
    return parse_claim(who, game.players, ace_low_straight=game.rules.hands.ace_low_straight)


def _player(game: Game, name: str) -> str:
    return resolve_player(name, game.players)


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
        str | None, typer.Option("--preset", help="A built-in set of house rules, e.g. tournament.")
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
    house = _house_rules(rules, preset)
    created = datetime.now(UTC).isoformat(timespec="seconds")
    session = new_session(players, house, dealer=dealer, name=name, created=created)
    if file is None:
        store.create_session(store.session_path(name), session)
        store.set_current(name)
    else:
        store.create_session(file, session)
    standings = replay(session).standings()
    print(
        tr(
            f"New session '{name}': {', '.join(session.players)}. {session.first_dealer} deals first.",
            f"Nytt protokoll '{name}': {', '.join(session.players)}. {session.first_dealer} ger först.",
        )
    )
    print(plain_standings(standings, name))


def _house_rules(rules: Path | None, preset: str | None) -> Any:
    from .rules import HouseRules, rules_from_toml
    from .rules import preset as preset_rules

    if preset is not None:
        return preset_rules(preset)
    if rules is not None:
        return rules_from_toml(_rules_text(rules), source=str(rules))
    saved = store.saved_rules_path()
    if saved.exists():
        return rules_from_toml(_rules_text(saved), source=str(saved))
    return HouseRules()


def _rules_text(path: Path) -> str:
    """The text of a house-rules file; a file that is not UTF-8 text is refused by name."""
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise ChicagoError(
            f"{path} is not a house-rules file: it is not UTF-8 text",
            sv=f"{path} är ingen husregelfil: den är inte UTF-8-text",
        ) from None


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
                "showdown, or undo it first",
                rule="one deal at a time",
                sv=f"giv {game.deal} är redan delvis förd; gör klart den med buy, tricks och showdown, "
                "eller ångra först",
            )
        return _deal_events(
            game, buys, exchanges, chicago, broken_by, last_trick, with_two, showdown, royal
        )

    saved, game = _record(session, file, build)
    _print_standings(saved, game, saved.name)


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
            raise RuleViolation(
                "a Chicago deal has no last trick and no showdown: after a Chicago nothing more "
                "is scored in that deal",
                rule="no last trick or showdown after a Chicago",
                sv="en Chicago-giv har inget sista stick och ingen visning: efter en Chicago "
                "får ingen mer poäng i den given",
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


@app.command("exchange")
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
        # After the scored köp, a player's next exchange is the next unscored köp they have
        # not recorded (köp 3 in the main rule).
        while (name, number) in game.exchanged and number < game.rules.game.buys:
            number += 1
        return [Exchange(game.deal, name, number, count)]

    saved, game = _record(session, file, build)
    _print_standings(saved, game, saved.name)


@app.command()
@handled
def undo(session: SessionOption = None, file: FileOption = None) -> None:
    """Take back the last recorded event."""
    path = store.resolve(session, file)
    removed: dict[str, Event] = {}

    def change(current: Session) -> Session:
        if not current.events:
            raise ChicagoError(
                "there is nothing to undo: no event is recorded yet",
                sv="det finns inget att ångra: inget är fört ännu",
            )
        _replay(current, path)
        removed["event"] = current.events[-1]
        return current.without_last_event()

    saved = store.transact(path, change)
    if session is not None and file is None:  # as for every write: the session used last
        store.set_current(session)
    from .narrate import describe_event

    print(tr("Undone: ", "Ångrat: ") + describe_event(removed["event"]))
    print(plain_standings(replay(saved).standings(), saved.name or path.stem))


# -- reading -----------------------------------------------------------------------


@app.command()
@handled
def status(
    session: SessionOption = None, file: FileOption = None, as_json: JsonOption = False
) -> None:
    """The standings: totals, dealer and förhand, köpstopp, who may declare Chicago, what is next."""
    path, current = _load(session, file)
    standings = _replay(current, path).standings()
    name = _session_name(current, path)
    if as_json:
        print(json.dumps(status_dict(standings, name), ensure_ascii=False, indent=2))
        return
    from .render import print_status

    print_status(standings, name)


@app.command()
@handled
def log(session: SessionOption = None, file: FileOption = None) -> None:
    """The protocol as on paper: a row per deal, each player's points and running total."""
    path, current = _load(session, file)
    from .render import print_protocol

    print_protocol(_replay(current, path).standings(), _session_name(current, path))


FORMATS = ("json", "csv", "md", "html")


@app.command()
@handled
def export(
    fmt: Annotated[
        str, typer.Option("--format", help="json, csv, md or html.", case_sensitive=False)
    ] = "json",
    output: Annotated[
        Path | None,
        typer.Option("--output", "-o", help="Write to FILE instead of printing.", dir_okay=False),
    ] = None,
    stake: Annotated[
        str, typer.Option("--stake", help="Stake per point for the settlement (md, html).")
    ] = "1",
    session: SessionOption = None,
    file: FileOption = None,
) -> None:
    """Export the game: every deal with its events and the running totals."""
    fmt = fmt.lower()
    if fmt not in FORMATS:
        raise typer.BadParameter(f"use one of {', '.join(FORMATS)}", param_hint="--format")
    path, current = _load(session, file)
    standings = _replay(current, path).standings()
    name = _session_name(current, path)
    from . import export as exporters

    if fmt == "json":
        text = exporters.export_json(standings, name, current.first_dealer)
    elif fmt == "csv":
        text = exporters.export_csv(standings)
    elif fmt == "html":
        from .html_sheet import export_html

        text = export_html(standings, name, _stake(stake))
    else:
        text = exporters.export_markdown(standings, name, _stake(stake))
    if output is None:
        sys.stdout.write(text if text.endswith("\n") else text + "\n")
        return
    store.write_text_atomic(output, text)
    print(tr(f"Wrote {output}", f"Skrev {output}"), file=sys.stderr)


def _stake(text: str) -> str:
    from decimal import Decimal, InvalidOperation

    try:
        value = Decimal(text.replace(",", "."))
    except InvalidOperation:
        raise typer.BadParameter(f"'{text}' is not an amount", param_hint="--stake") from None
    if value < 0 or not value.is_finite():
        raise typer.BadParameter("the stake must be 0 or more", param_hint="--stake")
    return str(value)


@app.command("settle")
@handled
def settle_command(
    stake: Annotated[str, typer.Option("--stake", help="Amount per point (typically 1 kr).")] = "1",
    session: SessionOption = None,
    file: FileOption = None,
    as_json: JsonOption = False,
) -> None:
    """Who pays whom: each loser pays the difference to the winner times the stake."""
    from .settle import amount_json, settle

    path, current = _load(session, file)
    standings = _replay(current, path).standings()
    amount = _stake(stake)
    winners = list(standings.winners)
    provisional = not standings.finished
    if provisional:
        best = max(standings.scores.values())
        winners = [n for n, s in standings.scores.items() if s == best]
    payments = settle(standings.scores, winners, amount)
    if as_json:
        stake_value = amount_json(__import__("decimal").Decimal(amount))
        print(
            json.dumps(
                {
                    "stake": stake_value,
                    "finished": standings.finished,
                    "winners": winners,
                    "payments": [
                        {"from": p.payer, "to": p.payee, "amount": amount_json(p.amount)}
                        for p in payments
                    ],
                },
                ensure_ascii=False,
                indent=2,
            )
        )
        return
    from .render import print_settlement

    print_settlement(
        standings, _session_name(current, path), winners, payments, amount, provisional
    )


@app.command()
@handled
def compare(
    hands: Annotated[
        list[str],
        typer.Argument(
            help="Two or more hands: five cards like 'KH KS 9D 9H 3C' or a hand name.",
            metavar="HAND HAND...",
        ),
    ],
    as_json: JsonOption = False,
    session: SessionOption = None,
    file: FileOption = None,
) -> None:
    """Which hand wins? Settles a dispute by poker order (and the table's tie rule)."""
    from .compare import compare_hands

    if len(hands) < 2:
        raise typer.BadParameter("give at least two hands", param_hint="HANDS")
    rules = _rules_for_reading(session, file)
    result = compare_hands(hands, rules)
    if as_json:
        print(json.dumps(result.as_json(), ensure_ascii=False, indent=2))
        return
    print(result.as_text())


def _rules_for_reading(session: str | None, file: Path | None) -> Any:
    """The rules of the chosen (or current) session; the main rule when there is none."""
    from .rules import HouseRules

    try:
        path = store.resolve(session, file)
    except ChicagoError:
        if session is None and file is None:  # no current session (any more)
            return HouseRules()
        raise
    # A session that does not load is refused: its rules may not be the main rule.
    return store.load_session(path).rules


# -- house rules -------------------------------------------------------------------

rules_app = typer.Typer(
    help="House rules: show, write a file to edit, check a file.",
    no_args_is_help=True,
    rich_markup_mode=None,
)
app.add_typer(rules_app, name="rules")


@rules_app.command("show")
@handled
def rules_show(
    session: SessionOption = None, file: FileOption = None, as_json: JsonOption = False
) -> None:
    """The current session's house rules (the main rule if there is no session)."""
    from .rules_text import rules_toml_text

    rules = _rules_for_reading(session, file)
    if as_json:
        print(json.dumps(rules.to_mapping(), ensure_ascii=False, indent=2))
        return
    print(
        rules_toml_text(rules, tr("as played in this session", "som de gäller i protokollet")),
        end="",
    )


@rules_app.command("init")
@handled
def rules_init(
    path: Annotated[
        Path | None,
        typer.Argument(
            help="Where to write (default: the saved house rules new sessions start from).",
            dir_okay=False,
        ),
    ] = None,
    preset: Annotated[str, typer.Option("--preset", help="Start from this preset.")] = "standard",
    force: Annotated[bool, typer.Option("--force", help="Overwrite an existing file.")] = False,
) -> None:
    """Write a commented house-rules file to edit."""
    from .rules import PRESETS
    from .rules import preset as preset_rules
    from .rules_text import rules_toml_text

    rules = preset_rules(preset)
    target = path if path is not None else store.saved_rules_path()
    if target.exists() and not force:
        raise ChicagoError(
            f"{target} already exists; use --force to overwrite it",
            sv=f"{target} finns redan; använd --force för att skriva över den",
        )
    store.write_text_atomic(target, rules_toml_text(rules, f"{preset} — {PRESETS[preset][0]}"))
    print(tr(f"Wrote {target}", f"Skrev {target}"))


@rules_app.command("check")
@handled
def rules_check(
    path: Annotated[Path, typer.Argument(help="A house-rules TOML file.", dir_okay=False)],
) -> None:
    """Check a house-rules file: every problem is listed with its key."""
    from .errors import RulesFileError
    from .rules import HouseRules, rules_from_toml

    try:
        rules = rules_from_toml(_rules_text(path), source=str(path))
    except RulesFileError as error:
        for problem in error.localized_problems(language()):
            sys.stderr.write(f"chicago: {path}: {problem}\n")
        raise typer.Exit(1) from None
    main = HouseRules().to_mapping()
    changed = [
        f"{section}.{key} = {value!r}"
        for section, values in rules.to_mapping().items()
        for key, value in values.items()
        if main[section][key] != value or type(main[section][key]) is not type(value)
    ]
    print(tr(f"{path}: the house rules are valid.", f"{path}: husreglerna är giltiga."))
    if changed:
        print(
            tr("Different from the main rule: ", "Skiljer sig från huvudregeln: ")
            + ", ".join(changed)
        )
    else:
        print(tr("They are the main rule.", "De är huvudregeln."))


@rules_app.command("presets")
def rules_presets() -> None:
    """List the built-in presets."""
    from .rules import PRESETS

    for name, (description, _) in PRESETS.items():
        print(f"{name:<20} {description}")


# -- sessions ------------------------------------------------------------------------

sessions_app = typer.Typer(
    help="List, switch, show and remove sessions.",
    invoke_without_command=True,
    rich_markup_mode=None,
)
app.add_typer(sessions_app, name="sessions")


@sessions_app.callback()
@handled
def sessions_list(ctx: typer.Context, as_json: JsonOption = False) -> None:
    """List the sessions: date, players, deals, leader or winner."""
    if ctx.invoked_subcommand is not None:
        return
    current = store.get_current()
    rows: list[dict[str, Any]] = []
    for name, path in store.list_sessions():
        try:
            session = store.load_session(path)
            standings = _replay(session, path).standings()
        except ChicagoError as error:
            rows.append(
                {"name": name, "error": error.localized(language()), "current": name == current}
            )
            continue
        rows.append(
            {
                "name": name,
                "created": session.created,
                "players": list(session.players),
                "deals": len([d for d in standings.deals if d.complete]),
                "finished": standings.finished,
                "winners": list(standings.winners),
                "leader": standings.leader,
                "current": name == current,
            }
        )
    if as_json:
        print(json.dumps(rows, ensure_ascii=False, indent=2))
        return
    if not rows:
        print(
            tr(
                "No sessions yet: chicago new NAME PLAYER PLAYER ...",
                "Inga protokoll än: chicago new NAMN SPELARE SPELARE ...",
            )
        )
        return
    for row in rows:
        mark = "*" if row["current"] else " "
        if "error" in row:
            print(f"{mark} {row['name']:<16} {row['error']}")
            continue
        if row["finished"]:
            outcome = tr("winner ", "vinnare ") + " & ".join(row["winners"])
        elif row["leader"]:
            outcome = tr("leader ", "leder: ") + row["leader"]
        else:
            outcome = tr("level", "lika")
        date = (row["created"] or "")[:10]
        count = row["deals"]
        deals = tr(
            f"{count} deal{'s' if count != 1 else ''}", f"{count} giv{'ar' if count != 1 else ''}"
        )
        print(
            f"{mark} {row['name']:<16} {date:<10}  {', '.join(row['players'])}  {deals}  {outcome}"
        )


@sessions_app.command("use")
@handled
def sessions_use(
    name: Annotated[
        str, typer.Argument(help="The session to make current.", autocompletion=_complete_session)
    ],
) -> None:
    """Make NAME the current session."""
    path = store.session_path(name)
    store.load_session(path)
    store.set_current(name)
    print(tr(f"Current session: {name}", f"Aktuellt protokoll: {name}"))


@sessions_app.command("show")
@handled
def sessions_show(
    name: Annotated[
        str | None,
        typer.Argument(
            help="A session (default: the current one).", autocompletion=_complete_session
        ),
    ] = None,
) -> None:
    """Where a session's file is, its players and rules, and its standings."""
    path, current = _load(name, None)
    standings = _replay(current, path).standings()
    print(tr(f"File: {path}", f"Fil: {path}"))
    print(tr(f"Created: {current.created}", f"Skapat: {current.created}"))
    print(tr(f"Events: {len(current.events)}", f"Händelser: {len(current.events)}"))
    print(plain_standings(standings, _session_name(current, path)))


@sessions_app.command("remove")
@handled
def sessions_remove(
    name: Annotated[
        str, typer.Argument(help="The session to delete.", autocompletion=_complete_session)
    ],
    yes: Annotated[bool, typer.Option("--yes", "-y", help="Do not ask for confirmation.")] = False,
) -> None:
    """Delete a session file (asks first)."""
    path = store.session_path(name)
    if not path.exists():
        raise ChicagoError(
            f"there is no session called '{name}'",
            sv=f"det finns inget protokoll som heter '{name}'",
        )
    if not yes and not typer.confirm(
        tr(f"Delete session '{name}' ({path})?", f"Radera protokollet '{name}' ({path})?"),
        default=False,
    ):
        print(tr("Nothing was deleted.", "Inget raderades."))
        raise typer.Exit(1)
    store.remove_session(name)
    print(tr(f"Removed {name}", f"Raderade {name}"))


@app.command()
@handled
def play(
    name: Annotated[
        str | None,
        typer.Argument(
            help="The session: resumed if it exists, else created from PLAYERS.", metavar="NAME"
        ),
    ] = None,
    players: Annotated[
        list[str] | None,
        typer.Argument(
            help="The players in clockwise seat order, to create the session.", metavar="PLAYER..."
        ),
    ] = None,
    rules: Annotated[
        Path | None, typer.Option("--rules", help="A house-rules TOML file (new session).")
    ] = None,
    preset: Annotated[
        str | None, typer.Option("--preset", help="A built-in set of house rules (new session).")
    ] = None,
    dealer: Annotated[
        str | None, typer.Option("--dealer", help="The first dealer (new session).")
    ] = None,
    stake: Annotated[
        str, typer.Option("--stake", help="Amount per point for the settlement at the end.")
    ] = "1",
    session: SessionOption = None,
    file: FileOption = None,
) -> None:
    """Guided protocol: asks for each scoring moment of each deal and saves every answer."""
    from .play import play_command

    code = play_command(
        name,
        players or [],
        rules=rules,
        preset=preset,
        dealer=dealer,
        session=session,
        file=file,
        stake=stake,
    )
    if code:
        raise typer.Exit(code)


# -- explain, why, chart --------------------------------------------------------------


def _terminal_width() -> int:
    import shutil

    return max(40, shutil.get_terminal_size((80, 24)).columns)


@app.command()
@handled
def explain(
    deal: Annotated[
        int | None, typer.Argument(help="Only this deal (giv); default: every deal.", min=1)
    ] = None,
    player: Annotated[
        str | None,
        typer.Option(
            "--player",
            "-p",
            help="Only the points PLAYER got or lost, each with its rule.",
            autocompletion=_complete_player,
        ),
    ] = None,
    session: SessionOption = None,
    file: FileOption = None,
) -> None:
    """The replay told deal by deal: each event, the points it gave or took, the rule and
    house-rules key behind them, the running totals."""
    from .explain import explain_lines, wrap_lines

    path, current = _load(session, file)
    standings = _replay(current, path).standings()
    lines = explain_lines(standings, _session_name(current, path), deal=deal, player=player)
    print("\n".join(wrap_lines(lines, _terminal_width())))


@app.command()
@handled
def why(
    question: Annotated[
        str,
        typer.Argument(
            help="declare: may PLAYER declare Chicago now? köpstopp: when does PLAYER's "
            "köpstopp start? last-trick: why did PLAYER get, or not get, the last trick's "
            "points? points: every point PLAYER got or lost."
        ),
    ],
    player: PlayerArgument,
    deal: Annotated[
        int | None,
        typer.Option("--deal", "-d", help="The deal asked about (last-trick, points).", min=1),
    ] = None,
    session: SessionOption = None,
    file: FileOption = None,
) -> None:
    """Answers to the questions asked at the table, each with the rules and keys behind it."""
    from .explain import QUESTION_HELP, answer, parse_question, wrap_lines

    asked = parse_question(question)
    if asked is None:
        raise typer.BadParameter(f"ask one of: {QUESTION_HELP}", param_hint="QUESTION")
    path, current = _load(session, file)
    standings = _replay(current, path).standings()
    lines = answer(standings, _session_name(current, path), asked, player, deal=deal)
    print("\n".join(wrap_lines(lines, _terminal_width())))


@app.command()
@handled
def chart(
    width: Annotated[
        int, typer.Option("--width", help="Columns to draw in.", min=40, max=400)
    ] = 80,
    height: Annotated[int, typer.Option("--height", help="Rows of points.", min=5, max=100)] = 15,
    session: SessionOption = None,
    file: FileOption = None,
) -> None:
    """The score race in the terminal: a line per player over the deals, with the target and
    köpstopp lines."""
    from .chart import score_race, text_chart

    path, current = _load(session, file)
    race = score_race(_replay(current, path).standings())
    print("\n".join(text_chart(race, _session_name(current, path), width=width, height=height)))


def run() -> None:
    """Entry point used by ``python -m chicago_protokoll`` and the ``chicago`` script."""
    # Typer makes the Click command of every command on every run, which for this many
    # commands takes about as long as a bare Python start (docs/latency.md).  A command
    # line that names a command gets the app with only that command (and the same
    # callback), so its parsing, help and errors are those of the whole app.
    commands, groups = app.registered_commands, app.registered_groups
    name = _command_named(sys.argv[1:])
    if name is not None:
        app.registered_commands = [info for info in commands if _name_of(info) == name]
        app.registered_groups = [info for info in groups if info.name == name]
    try:
        app(prog_name="chicago")
    finally:
        app.registered_commands, app.registered_groups = commands, groups


def _command_named(args: list[str]) -> str | None:
    """The command or group a command line names (after --lang); None when unsure."""
    index = 0
    while index < len(args) and args[index].startswith("-"):
        if args[index] == "--lang":
            index += 2
        elif args[index].startswith("--lang="):
            index += 1
        else:
            return None  # --help, --install-completion...: the whole app
    if index >= len(args):
        return None
    known = {_name_of(info) for info in app.registered_commands}
    known.update(info.name for info in app.registered_groups if info.name)
    return args[index] if args[index] in known else None


def _name_of(info: typer.models.CommandInfo) -> str:
    """A command's name as Typer gives it (typer.main.get_command_from_info)."""
    if info.name:
        return info.name
    return typer.main.get_command_name(info.callback.__name__ if info.callback else "")
