"""Next game from the phone (cli.md "The phone through the evening"): the game is over and
the table plays on, with the same seats and house rules, as ``chicago again`` starts it.

One write, in one function (`start`), so that it can carry what every write of the page
carries: what the page saw (`recorder.Seen`: a page of another state of the file writes
nothing), and only from the game that is current.  The server follows the current
session, so every open page shows the new game at once.  A second tap (or a second
phone) finds that the finished game is no longer current, and starts nothing; the same
write resent (the page's entry id, kept in the new file as ``started_by``) is answered
"already started" (`entries.already_started`).

Players can leave (``drop-N``: the player in seat N) and join (``add-1``, ``add-2``:
seated after the last seat), under the rules of ``again`` (`core.again.next_game`: a
name that reads like a seated one is refused).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime
from pathlib import Path

from ..core.again import next_game, next_name
from ..core.errors import ChicagoError
from ..core.session import Session
from ..i18n.language import Msg, t
from ..store import catalogue, locations, sessionfile
from . import entries
from .recorder import Done, Seen, Stale

JOINING = ("add-1", "add-2")  # the fields of players who join


def leaving(form: Mapping[str, str], players: tuple[str, ...]) -> list[str]:
    """The players whose "leaves" box is ticked (``drop-N`` = 1: the player in seat N)."""
    return [name for index, name in enumerate(players) if form.get(f"drop-{index}") == "1"]


def joining(form: Mapping[str, str]) -> list[str]:
    return [form[key].strip() for key in JOINING if form.get(key, "").strip()]


def start(path: Path, form: Mapping[str, str], seen: Seen) -> Done:
    """The next game after the finished one at ``path``, made current; or refused with a
    sentence, nothing written."""
    entry = entries.entry_of_form(form)
    current = locations.get_current()
    # The same write resent (its answer lost) finds the game it started, now current (and
    # ``path``, as the page follows the current session): "already started".
    if current and (name := entries.already_started(entry, _session(current), current)):
        return Done(entries.already_started_lines(name), entry=entry or "")
    previous = sessionfile.load_session(path)
    seen.check(previous)
    if current != path.stem:
        raise Stale  # another tap or phone started the next game: not current any more
    game = sessionfile.replay_file(previous, path)
    if not game.finished:
        raise ChicagoError(Msg("the game is not over yet: the next game starts when it is"))
    name = next_name(previous.name or path.stem, lambda other: locations.session_path(other).exists())
    following = entries.started_by(
        next_game(
            previous, name, datetime.now(UTC).isoformat(timespec="seconds"), add=joining(form), drop=leaving(form, previous.players)
        ),
        entry,
    )
    catalogue.create_current(name, following)  # refused if another tap made it first
    said = t("Next game: {session}, {dealer} deals first.", session=name, dealer=following.first_dealer)
    return Done((said,), entry=entry or "")


def _session(name: str) -> Session | None:
    """The current session as read, or None when it cannot be (then nothing is "already
    started" by this write)."""
    try:
        return sessionfile.load_session(locations.session_path(name))
    except (ChicagoError, OSError):
        return None
