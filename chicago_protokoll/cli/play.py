"""The ``play`` command: the guided protocol (`cli.play_loop`)."""

from pathlib import Path
from typing import Annotated

import typer

from .common import (
    PRESET_METAVAR,
    FileOption,
    SessionOption,
    check_presets,
    complete_dealer,
    complete_preset,
    one_preset,
)
from .examples import example

# This group's commands, each with its help and example; `app.py` joins it to the root
# app with `add_typer` (`chicago --help` lists them from `listing`, without this module).
app = typer.Typer()


@app.command(
    help="Guided protocol: asks for each scoring moment of each deal and saves every answer.",
    epilog=example("chicago play fredag Anna Bo Cilla"),
)
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
        list[str] | None,
        typer.Option("--preset", help="A built-in set of house rules (new session); `chicago rules presets` lists them.", metavar=PRESET_METAVAR, autocompletion=complete_preset, callback=check_presets),
    ] = None,
    dealer: Annotated[
        str | None,
        typer.Option(
            "--dealer",
            help="The first dealer (new session).",
            metavar="PLAYER",
            autocompletion=complete_dealer,
        ),
    ] = None,
    stake: Annotated[
        str,
        typer.Option(
            "--stake", help="Amount per point for the settlement at the end.", metavar="AMOUNT"
        ),
    ] = "1",
    session: SessionOption = None,
    file: FileOption = None,
) -> None:
    from .play_loop import play_command

    code = play_command(
        name,
        players or [],
        rules=rules,
        preset=one_preset(preset),
        dealer=dealer,
        session=session,
        file=file,
        stake=stake,
    )
    if code:
        raise typer.Exit(code)
