"""The ``play`` command: the guided protocol (`cli.play_loop`)."""

from typing import Annotated

import typer

from .common import (
    DealerOption,
    FileOption,
    PresetOption,
    SessionOption,
    one_preset,
)
from .examples import example
from .options import RulesFileOption, StakeOption

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
    rules: RulesFileOption = None,
    preset: PresetOption = None,
    dealer: DealerOption = None,
    stake: StakeOption = "1",
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
