"""Next game from the phone (cli.md "The phone through the evening"): the game is over and
the table plays on, with the same seats and house rules, as ``chicago again`` starts it.

One write (`start`), by the one transaction `again` and `play` use too
(`store.recording.next_game`), under the sessions lock.  It is idempotent by what the page
saw: the page names the finished game (`recorder.Seen`), and the next game started after
it keeps that game's identity (``started_by``, `core.again.follows_key`).  So a second
tap, a second phone or the same write resent finds the game already made and is told its
name, though the table now shows that game; two taps at once make one game.  A page of
another state of the file starts nothing (`Stale`).

Offered only where the server follows the current session, which the new game then
becomes; never at a club night's table (the organiser draws it: refused in those words,
wherever the night's table is shown).  What the page says is a plain sentence, never a
file's path (`files_refusal`).

Players can leave (``drop-N``: the player in seat N) and join (``add-1``, ``add-2``:
seated after the last seat), under the rules of ``again`` (`core.again.next_game`: a
name that reads like a seated one is refused).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from ..core.errors import ChicagoError, EntryError, RuleViolation
from ..core.session import Session
from ..i18n.language import Msg, t
from ..store import locations, recording, sessionfile
from . import entries
from .recorder import Done, Seen, Stale

JOINING = ("add-1", "add-2")  # the fields of players who join


def leaving(form: Mapping[str, str], players: tuple[str, ...]) -> list[str]:
    """The players whose "leaves" box is ticked (``drop-N`` = 1: the player in seat N)."""
    return [name for index, name in enumerate(players) if form.get(f"drop-{index}") == "1"]


def joining(form: Mapping[str, str]) -> list[str]:
    return [form[key].strip() for key in JOINING if form.get(key, "").strip()]


def start(path: Path, form: Mapping[str, str], seen: Seen) -> Done:
    """The next game after the finished one the page saw, made current; or the one an
    earlier tap made after it, named; or refused with a plain sentence, nothing written.
    ``path`` is the game the table shows now (the current session)."""
    entry = entries.entry_of_form(form) or ""
    finished = _seen_game(path, seen)
    try:
        players = sessionfile.load_session(finished).players
    except (ChicagoError, OSError):
        raise Stale from None  # the game the page saw is gone: the page shows the table now

    def expect(found: Session) -> None:
        if finished != path:
            raise Stale  # the table shows another game now, not one this game started
        seen.check(found)

    try:
        started = recording.next_game(
            finished,
            current=True,
            finished=True,
            add=joining(form),
            drop=leaving(form, players),
            expect=expect,
        )
    except recording.NightsTable as refused:
        raise night_refusal(refused.night) from None
    except (Stale, recording.NotOver, RuleViolation, EntryError):
        raise  # plain sentences: the page's own words, a seat's name
    except ChicagoError:
        raise files_refusal() from None
    first = started.session.first_dealer
    if started.already:
        said = t(
            "Next game already started: {session}, {dealer} deals first.",
            session=started.name,
            dealer=first,
        )
    else:
        said = t("Next game: {session}, {dealer} deals first.", session=started.name, dealer=first)
    return Done((said,), entry=entry)


def elsewhere(path: Path, form: Mapping[str, str], seen: Seen) -> Done:
    """Next game posted to a server that shows one game (``serve --session``/``--file``):
    it starts nothing; the next game is started on the laptop."""
    raise ChicagoError(
        Msg(
            "this server shows only this game: the next game is started on the laptop, and a server started there for it gives a new recording address; nothing was started"
        )
    )


def night_refusal(night: str) -> ChicagoError:
    """Next game at a club night's table, in the night's words."""
    return ChicagoError(
        Msg(
            "this is a table of the night {night}: the organiser draws its next game; nothing was started",
            night=night,
        )
    )


def _seen_game(path: Path, seen: Seen) -> Path:
    """The file of the game the page was drawn for: the table's game, or (the table shows
    the next game already) the one the page names, in the data directory's sessions."""
    if not seen.session or seen.session == path.stem:
        return path
    try:
        return locations.session_path(seen.session)
    except ChicagoError:
        raise Stale from None  # no session's name: a page not ours


def files_refusal() -> ChicagoError:
    """A refusal of the files (one that cannot be read or written, the lock held too
    long) as the phone says it: the laptop's terminal names the file, a page never does."""
    return ChicagoError(
        Msg(
            "the laptop could not start the next game: a file there could not be read or written just now; nothing was started, try again"
        )
    )
