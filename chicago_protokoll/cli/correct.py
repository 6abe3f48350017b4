"""Correcting the record and playing on: ``edit`` (a past deal) and ``again`` (the next
game at the same table)."""

from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated

import typer

from ..core.again import next_game, next_name
from ..core.game import Session, replay
from ..present.views import new_session_text
from ..store import catalogue, locations, sessionfile
from .common import FileOption, SessionOption, _load, _session_name, handled

# This group's commands; `app.py` joins it to the root app with `add_typer`.
app = typer.Typer()


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


@app.command()
@handled
def again(
    name: Annotated[
        str | None,
        typer.Argument(
            help="The new session's name (default: the previous one numbered, fredag-2).",
            metavar="NAME",
        ),
    ] = None,
    session: SessionOption = None,
    file: FileOption = None,
) -> None:
    """The next game at the same table: same players and seats, same house rules; the
    player after the previous first dealer deals first. It becomes the current session."""
    path, previous = _load(session, file)
    name, target = next_game_place(path, previous, name, beside=file is not None)
    start_next_game(previous, name, target, current=file is None, say=print)


def next_game_place(
    path: Path, previous: Session, name: str | None, *, beside: bool
) -> tuple[str, Path]:
    """The next game's name (default: the previous one numbered) and its file: in the data
    directory, or (``beside``) next to the previous game's file."""

    def place(other: str) -> Path:
        if beside:
            return path.with_name(f"{locations.check_session_name(other)}.toml")
        return locations.session_path(other)

    if name is None:
        name = next_name(_session_name(previous, path), lambda candidate: place(candidate).exists())
    return name, place(name)


def start_next_game(
    previous: Session, name: str, target: Path, *, current: bool, say: Callable[[str], None]
) -> Session:
    """Write the next game's file (refused if it exists), make it current, and say so."""
    created = sessionfile.create_session(target, next_game(previous, name, _now()))
    if current:
        catalogue.set_current(name)
    say(new_session_text(created, replay(created).standings(), name))
    return created
