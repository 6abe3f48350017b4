"""What the server shows: one session, watched, as a `Snapshot` rendered once for every
kind of page (`VIEWS`), and a future every stream waits on for the next one.

Which session: the one named at start (``--session``/``--file``), or, without either,
whichever is current (cli.md "The live page follows the table"): after ``chicago new``,
``again`` or ``sessions use`` every open page shows the new current session at the
same address.

Changes are found by statting, five times a second, the session file (inode,
mtime_ns, size) and, when following, the current-session pointer: a write by any
`chicago` command, `undo`'s atomic replacement, a pointer moved by ``new`` and an
editor's save alike.  Only a change is read and replayed, in a worker thread so the
streams never wait on it.  Idle, the board makes one or two ``stat`` calls every
0.2 s and nothing else.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from ..core.errors import ChicagoError
from ..core.events import Correction
from ..core.session import Session
from ..core.standings import Standings
from ..i18n.language import language, t
from ..present.html_sheet import problem_body, sheet_body, sheet_title
from ..present.views import last_ids, status_dict
from ..present.width import visible
from ..store import catalogue, locations, sessionfile
from . import tv
from .phone_language import each_language, in_each_language
from .signature import Signature, file_signature

WATCH_INTERVAL = 0.2  # seconds between two looks at the files


@dataclass(frozen=True)
class View:
    """The session as one kind of page shows it."""

    title: str
    body: str  # what goes inside the page's <main>; the stream swaps exactly this
    event: bytes  # the SSE message carrying it, made once for every stream
    id: str = ""  # the SSE event id: the snapshot that made this view (a night's board
    # keeps a table's view, and its id, while another table changes)


def make_view(ident: str, title: str, body: str) -> View:
    """A view and the SSE message that carries it (event ``sheet``, id ``ident``)."""
    data = json.dumps({"html": body, "title": title}, ensure_ascii=False)
    event = f"id: {ident}\nevent: sheet\ndata: {data}\n\n".encode()
    return View(title, body, event, ident)


def with_id(view: View, ident: str) -> View:
    """``view`` as a newer snapshot's, with its id ``ident``: the message that carries it
    is not encoded again (a night's board is tens of kilobytes of JSON)."""
    head = f"id: {view.id}\n".encode()
    assert view.event.startswith(head), view.event[:40]
    return View(view.title, view.body, f"id: {ident}\n".encode() + view.event[len(head) :], ident)


@dataclass(frozen=True)
class Reading:
    """The session as read from its file: its standings, or why it cannot be read."""

    name: str
    standings: Standings | None
    problem: str | None
    corrections: tuple[Correction, ...] = ()  # the sheet marks each corrected deal
    # `status --json`'s last_event and last_correction, which /status.json has too
    last: tuple[tuple[str, str | None], ...] = ()


# Each kind of page: its title and body for a reading (a problem has standings None).
Render = Callable[[Reading, str], tuple[str, str]]


def _sheet(reading: Reading, stake: str) -> tuple[str, str]:
    if reading.standings is None:
        return sheet_title(reading.name), problem_body(reading.name, reading.problem or "")
    return sheet_title(reading.name), sheet_body(
        reading.standings, reading.name, stake, reading.corrections
    )


def _tv(reading: Reading, stake: str) -> tuple[str, str]:
    corrected = frozenset(correction.deal for correction in reading.corrections)
    return tv.tv_title(reading.name), tv.tv_body(
        reading.standings, reading.name, stake, reading.problem, corrected
    )


VIEWS: Mapping[str, Render] = {"sheet": _sheet, "tv": _tv}


@dataclass(frozen=True)
class Snapshot:
    """The session as last read, every view of it, and its status object."""

    id: str  # changes with every new reading; the SSE event id
    name: str
    status: dict[str, Any] | None  # None when it cannot be read
    problem: str | None
    views: Mapping[str, View]


class Source(Protocol):
    """What the streams follow: a `Board`, or a night's (`nightboard.NightBoard`)."""

    snapshot: Snapshot
    stopping: bool

    def next_change(self, view: str) -> asyncio.Future[None]: ...

    async def refresh(self) -> None: ...

    async def watch(self) -> None: ...

    def stop(self) -> None: ...


class Published:
    """What a watched source does for the streams: the newest snapshot, and for each view
    a future that is done when a snapshot changes that view (or the server stops).
    `Board` and `nightboard.NightBoard` both are one.

    A future a view, not one for all: at a night of 32 tables a tap changes one table's
    sheet, the board and the TV, and only their streams wake (6 of 130), not every phone
    in the room to find its view as it was."""

    snapshot: Snapshot
    stopping: bool = False
    _next: dict[str, asyncio.Future[None]] | None = None  # view -> what its streams await

    async def refresh(self) -> None:
        """Look at the files now; on a change, read them and publish the snapshot."""
        raise NotImplementedError

    async def watch(self) -> None:
        """Look at the files every WATCH_INTERVAL."""
        while not self.stopping:
            await asyncio.sleep(WATCH_INTERVAL)
            await self.refresh()

    def stop(self) -> None:
        """The server is stopping: every stream ends."""
        self.stopping = True
        self._publish(None)

    def next_change(self, view: str) -> asyncio.Future[None]:
        """Done when a snapshot changes ``view`` (its id, in any language, or the view is
        gone), or when the server stops."""
        if self._next is None:
            self._next = {}
        future = self._next.get(view)
        if future is None or future.done():
            future = self._next[view] = asyncio.get_running_loop().create_future()
        return future

    def _publish(self, snapshot: Snapshot | None) -> None:
        old = self.snapshot
        if snapshot is not None:
            self.snapshot = snapshot
        for view, future in (self._next or {}).items():
            if not future.done() and (snapshot is None or _ids(old, view) != _ids(snapshot, view)):
                future.set_result(None)


def _ids(snapshot: Snapshot, view: str) -> tuple[str | None, ...]:
    """The ids ``view`` has in ``snapshot``, in each language it was rendered in."""
    return tuple(
        shown.id if (shown := views.get(view)) is not None else None
        for views in each_language(snapshot.views)
    )


def _first(session: Session) -> str:
    return session.events[0].id if session.events else ""


def _moved_to(path: Path, game: tuple[str, str, frozenset[str]]) -> Path | None:
    """The ``NAME_N`` file beside ``path`` that holds ``game`` (its start, and an id it
    held), if one does."""
    created, first, held = game
    for candidate in sorted(path.parent.glob(f"{path.stem}_*.toml")):
        if not candidate.stem.removeprefix(f"{path.stem}_").isdigit():
            continue
        try:
            other = sessionfile.load_session(candidate)
        except ChicagoError:
            continue
        ids = {e.id for e in other.events} | {t.id for t in other.taken_back}
        if other.created == created and (ids & held or not (first or held)):
            return candidate
    return None


class Board(Published):
    """One session, watched.  ``path`` None: follow the current session."""

    def __init__(self, path: Path | None, stake: str) -> None:
        self.follow = path is None
        self.stake = stake
        self._boot = secrets.token_hex(4)  # ids from an earlier server never match ours
        self._count = 0
        self._pointer = self._stat_pointer()
        self._game: tuple[str, str, frozenset[str]] | None = None  # see `_follow_the_game`
        self.path, problem = self._current_path() if path is None else (path, None)
        self._signature = file_signature(self.path)
        self.snapshot = self._read(problem)
        self.stopping = False
        self._next: dict[str, asyncio.Future[None]] | None = None
        self._looking: asyncio.Lock | None = None

    # -- which file ---------------------------------------------------------------------

    def _stat_pointer(self) -> Signature:
        return file_signature(locations.current_file()) if self.follow else None

    def current_path(self) -> tuple[Path | None, str | None]:
        """The session to show now: the one named at start, or the current one (read now)."""
        if not self.follow:
            return self.path, None
        return self._current_path()

    def _current_path(self) -> tuple[Path | None, str | None]:
        """The current session's file, or None and why there is none."""
        try:
            return catalogue.resolve(), None
        except ChicagoError as error:
            return None, error.localized(language()) + t(
                " — the page shows the current session as soon as there is one."
            )

    def _changed_on_disk(self) -> tuple[bool, str | None]:
        """Whether the file to show, or the file itself, changed since the last look; and
        why there is no file to show (following a pointer that names none)."""
        problem = None
        moved = False
        if self.follow:
            pointer = self._stat_pointer()
            if pointer != self._pointer:
                self._pointer = pointer
                path, problem = self._current_path()
                moved = path != self.path or problem is not None
                self.path = path
        signature = file_signature(self.path)
        if not moved and signature == self._signature:
            return False, None
        self._signature = signature
        return True, problem

    # -- reading ------------------------------------------------------------------------

    def _read(self, problem: str | None = None) -> Snapshot:
        """Read and replay the file (in a worker thread while serving) and render every
        view of it."""
        self._count += 1
        ident = f"{self._boot}-{self._count}"
        reading = self._reading(problem)
        status = (
            status_dict(reading.standings, reading.name) | dict(reading.last)
            if reading.standings is not None
            else None
        )

        def render_all() -> dict[str, View]:
            return {
                kind: make_view(ident, *render(reading, self.stake))
                for kind, render in VIEWS.items()
            }

        views = in_each_language(render_all)
        return Snapshot(ident, reading.name, status, reading.problem, views)

    def _reading(self, problem: str | None) -> Reading:
        if self.path is None:
            return Reading(locations.get_current() or "", None, problem)
        name = visible(self.path.stem)  # a file name may hold anything
        try:
            session = sessionfile.load_session(self.path)
            if self._follow_the_game(session):
                return self._reading(problem)
            name = session.name or name
            standings = sessionfile.replay_file(session, self.path).standings()
        except ChicagoError as error:
            problem = error.localized(language())
        except Exception as error:  # a bug must not stop the scoreboard; it says so instead
            problem = t(
                "unexpected error ({error_type}: {error}); this is a bug in chicago-protokoll",
                error_type=type(error).__name__,
                error=error,
            )
        else:
            return Reading(
                name, standings, None, session.corrections, tuple(last_ids(session).items())
            )
        problem += t(" — the page shows the game again as soon as the file can be read.")
        return Reading(name, None, problem)

    def _follow_the_game(self, session: Session) -> bool:
        """A session named at start (``--session``) is a game: when its name comes to hold
        another game — two games were created under one name on two machines and a club
        sync kept both, renaming the later to ``NAME_N`` (`store.clubkeep`) — the board
        follows its game to the new name, and says so on the server's console.  Which
        game a file holds: its start, and the ids it has held (its first may be undone)."""
        ids = frozenset(e.id for e in session.events) | {t.id for t in session.taken_back}
        if self.follow or self.path is None:
            return False
        game = self._game
        if game is not None and game[0] == session.created and (not game[1] or game[1] in ids):
            self._game = (game[0], game[1] or _first(session), ids)
            return False
        if game is None:
            self._game = (session.created, _first(session), ids)
            return False
        moved = _moved_to(self.path, game)
        if moved is None:
            self._game = (session.created, _first(session), ids)
            return False
        old, self.path = self.path, moved
        self._signature = file_signature(moved)
        with contextlib.suppress(OSError, ValueError):
            print(
                "chicago serve: "
                + t(
                    "{name} now holds another game (two games were kept under that name); the page follows its game to {renamed}",
                    name=visible(old.stem),
                    renamed=visible(moved.stem),
                ),
                file=sys.stderr,
                flush=True,
            )
        return True

    # -- while serving ------------------------------------------------------------------

    async def refresh(self) -> None:
        """Look at the files now; on a change, read and wake the streams.  The watcher
        calls it every WATCH_INTERVAL, a recording page right after it wrote (so the
        page it is sent to next, and every other, has the new snapshot)."""
        if self._looking is None:
            self._looking = asyncio.Lock()
        async with self._looking:  # one look at a time: the signatures are ours
            changed, problem = self._changed_on_disk()
            if changed:
                self._publish(await asyncio.to_thread(self._read, problem))
