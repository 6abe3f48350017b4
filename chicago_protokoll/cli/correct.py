"""Correcting the record and playing on: ``edit`` (a past deal) and ``again`` (the next
game at the same table)."""

import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from ..core.errors import ChicagoError, DealPart
from ..i18n.language import Msg, t
from ..present.width import visible
from .common import (
    BrokenByOption,
    ChicagoOption,
    ExchangeOption,
    FileOption,
    LastTrickOption,
    RoyalOption,
    SessionOption,
    ShowdownOption,
    WithTwoOption,
    complete_player,
    complete_who,
    name_of_session,
)
from .examples import example
from .options import DryRunOption
from .root import note_saved

if TYPE_CHECKING:
    from ..core.correct import DealChanges
    from ..core.session import Session

# This group's commands, each with its help and example; `app.py` joins it to the root
# app with `add_typer` (`chicago --help` lists them from `listing`, without this module).
app = typer.Typer()


@app.command(
    help="The next game at the same table: same players and seats (less --drop, with --add\nafter the last seat), same house rules; the next player clockwise after the previous\nfirst dealer deals first. It becomes the current session.",
    epilog=example("chicago again"),
)
def again(
    name: Annotated[
        str | None,
        typer.Argument(
            help="The new session's name (default: the previous one numbered, fredag-2).",
            metavar="NAME",
        ),
    ] = None,
    add: Annotated[
        list[str] | None,
        typer.Option(
            "--add", help="PLAYER joins the table, seated after the last seat (repeatable).",
            metavar="PLAYER",
        ),
    ] = None,
    drop: Annotated[
        list[str] | None,
        typer.Option(
            "--drop", help="PLAYER leaves the table (repeatable).", metavar="PLAYER",
            autocompletion=complete_player,
        ),
    ] = None,
    session: SessionOption = None,
    file: FileOption = None,
) -> None:
    from ..store import catalogue
    path = catalogue.resolve(session, file)
    start_next_game(
        path, name, beside=file is not None, current=file is None, say=print,
        add=add or (), drop=drop or (),
    )


def next_game_name(path: Path, previous: "Session", *, beside: bool) -> str:
    """The name the next game would have now (the previous one numbered), as `play`
    offers it; `recording.next_game` chooses it again under the lock."""
    from ..core.again import next_name
    from ..store import locations

    def taken(candidate: str) -> bool:
        if beside:
            return path.with_name(f"{locations.check_session_name(candidate)}.toml").exists()
        return locations.session_path(candidate).exists()

    return next_name(name_of_session(previous, path), taken)


def start_next_game(
    path: Path,
    name: str | None = None,
    *,
    beside: bool,
    current: bool,
    say: Callable[[str], None],
    add: Sequence[str] = (),
    drop: Sequence[str] = (),
) -> "Session":
    """Start the next game after the game at ``path`` (`recording.next_game`: one
    transaction with the phone's Next game), make it current (``current``), say so; refused
    when the game's next game was started already, naming it."""
    from ..core.game import replay
    from ..present.views import new_session_text
    from ..store import recording  # only the commands that write load the transactions

    started = recording.next_game(
        path, name=name, beside=beside, current=current, add=add, drop=drop
    )
    if started.already:
        raise ChicagoError(
            Msg(
                "the next game after {previous} was started already: {session}; nothing was created",
                previous=visible(path.stem),
                session=started.name,
            ),
        )
    note_saved()
    say(new_session_text(started.session, replay(started.session).standings(), started.name))
    return started.session


@app.command(
    help="Correct a recorded deal: only what the options name is replaced, and every deal\nafter it is replayed. `chicago undo` right after takes the correction back.",
    epilog=example("chicago edit 3 --last-trick Cilla --dry-run"),
)
def edit(
    deal: Annotated[int, typer.Argument(help="The deal (giv) to correct.", metavar="DEAL", min=1)],
    buy: Annotated[
        list[str] | None,
        typer.Option(
            "--buy",
            help="K=WHO: köp K's best hand only (PLAYER:HAND, pass or tie), once per köp; or WHO for each scored köp in order, naming every köp the deal recorded.",
            metavar="WHO",
            autocompletion=complete_who,
        ),
    ] = None,
    chicago: ChicagoOption = None,
    broken_by: BrokenByOption = None,
    no_chicago: Annotated[
        bool, typer.Option("--no-chicago", help="There was no Chicago (then give --last-trick).")
    ] = False,
    last_trick: LastTrickOption = None,
    with_two: WithTwoOption = False,
    showdown: ShowdownOption = None,
    royal: RoyalOption = None,
    exchange: ExchangeOption = None,
    dry_run: DryRunOption = False,
    reason: Annotated[
        str | None,
        typer.Option(
            "--reason",
            help="Why, kept with the correction (needed at a night that is closed: it is listed as an amendment).",
            metavar="TEXT",
        ),
    ] = None,
    session: SessionOption = None,
    file: FileOption = None,
) -> None:
    from ..core.entry import one_result
    from ..present.views import correction_report
    from ..store import catalogue
    if chicago and no_chicago:
        raise typer.BadParameter(
            "give --chicago or --no-chicago, not both", param_hint="--no-chicago"
        )
    buys, one_buys = _buy_options(buy or [])
    parts = {
        "chicago": one_result(DealPart.CHICAGO, chicago),
        "broken_by": one_result(DealPart.BROKEN_BY, broken_by),
        "last_trick": one_result(DealPart.LAST_TRICK, last_trick),
        "showdown": one_result(DealPart.SHOWDOWN, showdown),
        "royal": one_result(DealPart.ROYAL, royal),
    }
    named = (buys, one_buys, exchange, no_chicago, with_two, *parts.values())
    if not any(part not in (None, (), [], False) for part in named):
        raise typer.BadParameter(
            "name what to correct, e.g. --last-trick PLAYER (see --help)", param_hint="DEAL"
        )
    path = catalogue.resolve(session, file)
    from ..core.names import remark_problem, remark_text

    # The one check of every note and reason (names.remark_problem), as a usage error here.
    why = remark_text(reason or "")
    if remark_problem(why) is not None:
        raise typer.BadParameter(
            t("--reason holds a character that is not visible text"), param_hint="--reason"
        )
    if buys is not None:
        _refuse_a_silent_pass(path, deal, len(buys))
    from ..store import recording  # only the commands that write load the transactions

    changes = _typed_changes(
        path, buys, one_buys, tuple(exchange or ()), parts, no_chicago=no_chicago, with_two=with_two
    )
    corrected = recording.correct(path, deal, changes, dry_run=dry_run, reason=why)
    if not dry_run:
        note_saved()
    print(correction_report(corrected))


def _typed_changes(
    path: Path,
    buys: tuple[str, ...] | None,
    one_buys: tuple[tuple[int, str], ...],
    exchanges: tuple[str, ...],
    parts: dict[str, str | None],
    *,
    no_chicago: bool,
    with_two: bool,
) -> "DealChanges":
    """What ``edit`` names, read into values at the session's table (its seats and
    rules): the command line's edge.  Text that cannot be read is refused as the
    correction refuses it, "…; nothing was changed"."""
    from dataclasses import replace

    from ..core import claims
    from ..core.correct import DealChanges
    from ..core.errors import EntryError
    from ..core.game import Game
    from ..store import sessionfile

    table = Game(replace(sessionfile.load_session(path), events=()))

    def seat(text: str | None) -> str | None:
        return None if text is None else claims.player(table, text)

    try:
        last = parts["last_trick"]
        shown = parts["showdown"]
        return DealChanges(
            buys=None if buys is None else tuple(claims.claim(table, text) for text in buys),
            buy=tuple((number, claims.claim(table, text)) for number, text in one_buys),
            exchanges=tuple(claims.typed_exchanges(table, text) for text in exchanges),
            chicago=seat(parts["chicago"]),
            broken_by=seat(parts["broken_by"]),
            no_chicago=no_chicago,
            last_trick=None if last is None else claims.taking(table, last),
            with_two=with_two,
            showdown=None if shown is None else claims.claim(table, shown),
            royal=seat(parts["royal"]),
        )
    except EntryError as error:
        raise ChicagoError(Msg("{error}; nothing was changed", error=error)) from None


#: ``--buy 2=Cilla:flush``: köp 2 only.  K is read so only as 1 to 3 (a player's name
#: may hold neither ':' nor, from this release on, '=').
_ONE_BUY = re.compile(r"([1-3])=(.*)", re.S)


def _buy_options(values: Sequence[str]) -> tuple[tuple[str, ...] | None, tuple[tuple[int, str], ...]]:
    """``--buy`` as given to ``edit``: a whole list of köp, or köp given one by one
    (``K=WHO``), each once; the two forms mixed are a usage error."""
    one_by_one = [(int(found[1]), found[2]) for v in values if (found := _ONE_BUY.fullmatch(v))]
    if not one_by_one:
        return (tuple(values) if values else None), ()
    if len(one_by_one) != len(values):
        raise typer.BadParameter(
            t("give either köp one by one (--buy K=WHO) or the whole list (--buy WHO ...), not both"),
            param_hint="--buy",
        )
    numbers = [number for number, _ in one_by_one]
    twice = next((n for n in numbers if numbers.count(n) > 1), None)
    if twice is not None:
        raise typer.BadParameter(
            t("köp {number} is given twice; give each köp once", number=twice),
            param_hint="--buy",
        )
    return None, tuple(one_by_one)


def _refuse_a_silent_pass(path: Path, deal: int, given: int) -> None:
    """A whole ``--buy`` list that leaves out a köp the deal recorded would make it a pass
    without a word: a usage error naming the köp and what it holds."""
    from ..core.correct import left_out_buy
    from ..store import sessionfile

    left_out = left_out_buy(sessionfile.load_session(path), deal, given)
    if left_out is None:
        return
    number, claim = left_out
    raise typer.BadParameter(
        t(
            "köp {number} was {claim}; give --buy {number}=... to change one köp, or --buy pass for it",
            number=number,
            claim=claim,
        ),
        param_hint="--buy",
    )
