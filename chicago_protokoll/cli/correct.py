"""Correcting the record and playing on: ``edit`` (a past deal) and ``again`` (the next
game at the same table)."""

from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated

import typer

from ..core.again import next_game, next_name
from ..core.correct import DealChanges, edit_deal
from ..core.entry import one_result
from ..core.errors import ChicagoError, DealPart, EntryError, OptionConflict, RuleViolation
from ..core.events import Correction
from ..core.game import Game, replay
from ..core.session import Session
from ..i18n.language import Msg, t
from ..present.narrate import correction_changes, describe_correction
from ..present.views import new_session_text, totals_before_after
from ..store import catalogue, locations, sessionfile
from .common import (
    BuyOption,
    ChicagoOption,
    ExchangeOption,
    FileOption,
    LastTrickOption,
    RoyalOption,
    SessionOption,
    ShowdownOption,
    WithTwoOption,
    _complete_player,
    _load,
    _session_name,
)
from .root import note_saved

# This group's commands; `app.py` joins it to the root app with `add_typer`.
app = typer.Typer()


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


@app.command()
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
            autocompletion=_complete_player,
        ),
    ] = None,
    session: SessionOption = None,
    file: FileOption = None,
) -> None:
    """The next game at the same table: same players and seats (less --drop, with --add
    after the last seat), same house rules; the next player clockwise after the previous
    first dealer deals first. It becomes the current session."""
    path, previous = _load(session, file)
    name, target = next_game_place(path, previous, name, beside=file is not None)
    start_next_game(
        previous, name, target, current=file is None, say=print, add=add or (), drop=drop or ()
    )


def next_game_place(
    path: Path, previous: Session, name: str | None, *, beside: bool
) -> tuple[str, Path]:
    """The next game's name (default: the previous one numbered) and its file: in the data
    directory, or (``beside``) next to the previous game's file."""

    def place(other: str) -> Path:
        if beside:
            return path.with_name(f"{locations.check_session_name(other)}.toml")
        return locations.session_path(other)

    if not beside:
        refuse_a_night_table(path.stem)

    if name is None:
        name = next_name(_session_name(previous, path), lambda candidate: place(candidate).exists())
    return name, place(name)


def refuse_a_night_table(session: str) -> None:
    """A club night's table is not played again: the night draws its next round."""
    from ..store import nightfile  # only for `again`: the night file of the session's name

    night = nightfile.night_of(session)
    if night is not None:
        raise ChicagoError(
            Msg(
                "{session} is a table of the night {night}, whose seats are drawn by lot: `chicago night draw {night}` draws the next round",
                session=session,
                night=night.name,
            ),
        )


def start_next_game(
    previous: Session,
    name: str,
    target: Path,
    *,
    current: bool,
    say: Callable[[str], None],
    add: Sequence[str] = (),
    drop: Sequence[str] = (),
) -> Session:
    """Write the next game's file (refused if it exists), make it current, and say so."""
    following = next_game(previous, name, _now(), add=add, drop=drop)
    if current:
        created = catalogue.create_current(name, following)  # the file and the pointer
    else:
        created = sessionfile.create_session(target, following)
    note_saved()
    say(new_session_text(created, replay(created).standings(), name))
    return created


@app.command()
def edit(
    deal: Annotated[int, typer.Argument(help="The deal (giv) to correct.", metavar="DEAL", min=1)],
    buy: BuyOption = None,
    chicago: ChicagoOption = None,
    broken_by: Annotated[
        list[str] | None,
        typer.Option(
            "--broken-by",
            help="PLAYER took a trick and broke the Chicago.",
            metavar="PLAYER",
            autocompletion=_complete_player,
        ),
    ] = None,
    no_chicago: Annotated[
        bool, typer.Option("--no-chicago", help="There was no Chicago (then give --last-trick).")
    ] = False,
    last_trick: LastTrickOption = None,
    with_two: WithTwoOption = False,
    showdown: ShowdownOption = None,
    royal: RoyalOption = None,
    exchange: ExchangeOption = None,
    dry_run: Annotated[
        bool,
        typer.Option("--dry-run", help="Show the totals the correction would give; write nothing."),
    ] = False,
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
    """Correct a recorded deal: only what the options name is replaced, and every deal
    after it is replayed. `chicago undo` right after takes the correction back."""
    if chicago and no_chicago:
        raise typer.BadParameter(
            "give --chicago or --no-chicago, not both", param_hint="--no-chicago"
        )
    changes = DealChanges(
        buys=tuple(buy) if buy else None,
        exchanges=tuple(exchange or ()),
        chicago=one_result(DealPart.CHICAGO, chicago),
        broken_by=one_result(DealPart.BROKEN_BY, broken_by),
        no_chicago=no_chicago,
        last_trick=one_result(DealPart.LAST_TRICK, last_trick),
        with_two=with_two,
        showdown=one_result(DealPart.SHOWDOWN, showdown),
        royal=one_result(DealPart.ROYAL, royal),
    )
    if changes.empty:
        raise typer.BadParameter(
            "name what to correct, e.g. --last-trick PLAYER (see --help)", param_hint="DEAL"
        )
    path = catalogue.resolve(session, file)
    from ..core.names import hidden_character

    why = " ".join((reason or "").split())
    if hidden_character(why) is not None:
        raise typer.BadParameter(
            t("--reason holds a character that is not visible text"), param_hint="--reason"
        )
    report = correct_file(path, deal, changes, dry_run=dry_run, reason=why)
    if session is not None and file is None and not dry_run:
        catalogue.set_current(session)
    print(report)


def correct_file(
    path: Path,
    deal: int,
    changes: DealChanges,
    *,
    dry_run: bool,
    expect: Callable[[Session], None] | None = None,
    reason: str = "",
) -> str:
    """Correct deal ``deal`` of the session file (or, ``dry_run``, only work it out); what
    the correction is and each player's total before → after.  A refusal writes nothing.
    ``expect`` may refuse the file as found (a phone's page that saw another record)."""

    def change(current: Session) -> tuple[Session, tuple[Game, Game, Correction]]:
        if expect is not None:
            expect(current)
        before = sessionfile.replay_file(current, path)
        try:
            corrected, after = edit_deal(current, deal, changes, at=_now())
        except (RuleViolation, EntryError) as error:
            if isinstance(error, OptionConflict):
                raise
            raise ChicagoError(
                Msg("{error}; nothing was changed", error=error)
            ) from None
        if reason:
            kept = replace(corrected.corrections[-1], reason=reason)
            corrected = replace(corrected, corrections=(*corrected.corrections[:-1], kept))
        return corrected, (before, after, corrected.corrections[-1])

    if dry_run:
        current = sessionfile.load_session(path)
        _, (before, after, correction) = change(current)
    else:
        from ..store import nighttable  # a night's table: not reopened after a later draw

        _, (before, after, correction) = nighttable.transact(path, change)
        note_saved()
    if dry_run:
        # Not "deal 4 corrected at 07:08": nothing is corrected, and at no time.
        changed = "; ".join(correction_changes(correction)) or t("the order")
        head = t("Would correct deal {deal}: {changes}", deal=correction.deal, changes=changed)
    else:
        head = t("Corrected: ") + describe_correction(correction)
    lines = [
        head,
        totals_before_after(before.standings(), after.standings(), would=dry_run),
        t("Dry run: nothing was written.")
        if dry_run
        else t("`chicago undo` takes the correction back."),
    ]
    return "\n".join(lines)
