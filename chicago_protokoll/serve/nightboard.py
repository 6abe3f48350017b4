"""``serve --night NAME``: the night's file and every table's session, watched, as one
`Snapshot` for the room's board (view ``board``), each table's sheet (``t1``, ``t2``...)
and ``/status.json`` (the ``night status --json`` object).

Changes are found as `board.Board` finds them: five times a second the night file and
every session of the night are statted (inode, mtime_ns, size); only a change is read.
A table's session is read and replayed again only when its own file changed, and its
sheet keeps its view (and its event id) while another table records, so the phones at
table 3 are sent nothing when table 5 plays.  The night file is parsed again only when
its signature changed (a tap asks which session its table records several times), and
the status and the board's and the TV's bodies are made again only when what they are
made of changed: most taps (a köp's pass, an undo in mid-deal) change one table's sheet
and not the standings, and the room's screens are then sent their body as it was made.
A night file or a session that cannot be read puts its reason on the board; the server
carries on.
"""

from __future__ import annotations

import asyncio
import secrets
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..core.errors import ChicagoError
from ..core.events import Correction
from ..core.night import GameResult, Night, result_of
from ..core.standings import Standings
from ..i18n.language import language, t
from ..present.html_sheet import sheet_body, sheet_title
from ..present.night_status import night_status_dict
from ..store import locations, nightfile, sessionfile
from .board import Published, Snapshot, View, make_view, with_id
from .night_page import board_body, board_title, tv_title
from .phone_language import in_each_language
from .signature import Signature, file_signature

if TYPE_CHECKING:
    from ..core.night_close import Amendment

BOARD = "board"
TV = "tv"  # the night's standings in large type, and the round's tables


def table_view(number: int) -> str:
    """The view (and stream) of table ``number``'s sheet."""
    return f"t{number}"


class NightBoard(Published):
    """A night, watched: the board, each table of the current round, the status."""

    def __init__(self, path: Path, stake: str, *, hide_standings_last: int = 0) -> None:
        self.path = path
        self.stake = stake
        self.hide_last = hide_standings_last
        self.night: Night | None = None
        self._boot = secrets.token_hex(4)
        self._count = 0
        self._signatures: dict[Path, Signature] = {}
        self._games: dict[str, tuple[Signature, Standings, tuple[Correction, ...]]] = {}
        self._views: dict[tuple[str, str], tuple[object, View]] = {}
        # (view, language) -> what the board's (or TV's) view was made of, and the view
        self._bodies: dict[tuple[str, str], tuple[object, View]] = {}
        self._night_read: tuple[Signature, Night] | None = None  # see `_night_now`
        self._paths: dict[str, Path] = {}  # session name -> its file
        self._status: tuple[Night, object, dict[str, Any]] | None = None  # see `_status_of`
        self.snapshot = self._read()
        self.stopping = False
        self._next: dict[str, asyncio.Future[None]] | None = None
        self._looking: asyncio.Lock | None = None

    # -- files ---------------------------------------------------------------------------

    def _session_path(self, session: str) -> Path:
        """``locations.session_path``, once a name: the watcher asks it for every table
        five times a second."""
        path = self._paths.get(session)
        if path is None:
            path = self._paths[session] = locations.session_path(session)
        return path

    def _files(self) -> list[Path]:
        sessions = [self._session_path(s) for s in self.night.sessions()] if self.night else []
        return [self.path, *sessions]

    def _night_now(self) -> tuple[Signature, Night]:
        """The night file as it is now, and the signature it was read with: parsed again
        only when its signature differs from the last parse's.  The signature is the one
        the watcher trusts to see every write (an atomic replacement is a new inode), and
        it is taken before the read, so a write during the read is read at the next ask."""
        signature = file_signature(self.path)
        kept = self._night_read
        if kept is not None and signature is not None and kept[0] == signature:
            return kept
        night = nightfile.load_night(self.path)
        self._night_read = (signature, night)
        return signature, night

    def _changed_on_disk(self) -> bool:
        now = {path: file_signature(path) for path in self._files()}
        return now != self._signatures

    # -- reading -------------------------------------------------------------------------

    def _standings(self, night: Night, session: str) -> Standings:
        """Table ``session``'s game, replayed again only when its file changed; refused as
        `nightfile.night_results` refuses a session that is gone or seats others."""
        path = self._session_path(session)
        signature = file_signature(path)
        known = self._games.get(session)
        if known is not None and known[0] == signature and signature is not None:
            return known[1]
        table = next(t for t in night.tables if t.session == session)
        nightfile.night_results(replace(night, tables=(table,)))  # its refusals, by name
        loaded = sessionfile.load_session(path)
        standings = sessionfile.replay_file(loaded, path).standings()
        self._games[session] = (signature, standings, loaded.corrections)
        return standings

    def _status_of(
        self, night: Night, results: dict[str, GameResult], amendments: tuple[Amendment, ...]
    ) -> dict[str, Any]:
        """`night_status_dict`, made again only when the night, a game's result or an
        amendment changed (a köp's pass changes none of them); the same object then, so
        the board's bodies, made of it, are seen unchanged at once."""
        made_of = (results, amendments, language())
        kept = self._status
        if kept is not None and kept[0] is night and kept[1] == made_of:
            return kept[2]
        status = night_status_dict(night, results, amendments)
        self._status = (night, made_of, status)
        return status

    def _read(self) -> Snapshot:
        self._count += 1
        ident = f"{self._boot}-{self._count}"
        problem: str | None = None
        status: dict[str, Any] | None = None
        games: dict[str, Standings] = {}
        # Each file is known by its stat from before it was read: one written while this
        # read was under way (a draw, a deal) differs at the next look and is read again.
        night_signature = file_signature(self.path)
        try:
            night_signature, night = self._night_now()
            self.night = night
            games = {table.session: self._standings(night, table.session) for table in night.tables}
            results = {s: result_of(g) for s, g in games.items()}
            # /status.json equals `night status --json`: a closed night's amendments too.
            status = self._status_of(night, results, nightfile.night_amendments(night))
        except ChicagoError as error:
            problem = error.localized(language()) + t(
                " — the board shows the night again as soon as its files can be read."
            )
        except Exception as error:  # a bug must not stop the board; it says so instead
            problem = t(
                "unexpected error ({error_type}: {error}); this is a bug in chicago-protokoll",
                error_type=type(error).__name__,
                error=error,
            )
        self._signatures = {path: file_signature(path) for path in self._files()}
        self._signatures[self.path] = night_signature
        for session in games:  # replayed (or kept) by the signature it was read with
            self._signatures[self._session_path(session)] = self._games[session][0]
        name = self.night.name if self.night else self.path.stem
        corrected = frozenset(s for s, game in self._games.items() if game[2] and s in games)

        made_of = (status, name, problem, corrected)  # all a board's body is made of

        def render_all() -> dict[str, View]:
            views: dict[str, View] = {}
            for view, tv in ((BOARD, False), (TV, True)):
                # Each change is a new view (a new id: every screen and the keeper's page
                # hear of it), its body rendered again only when it can differ.
                kept_body = self._bodies.get((view, language()))
                if kept_body is not None and kept_body[0] == made_of:
                    views[view] = with_id(kept_body[1], ident)
                else:
                    title = tv_title(name) if tv else board_title(name)
                    body = board_body(
                        status, name, problem, tv=tv, hide_last=self.hide_last, corrected=corrected
                    )
                    views[view] = make_view(ident, title, body)
                self._bodies[view, language()] = (made_of, views[view])
            if status is not None:
                for table in status["tables"]:
                    key = table_view(int(table["table"]))
                    session = str(table["session"])
                    made = (session, self._games[session][0])
                    kept = self._views.get((key, language()))
                    if kept is not None and kept[0] == made:
                        views[key] = kept[1]
                        continue
                    body = sheet_body(games[session], session, self.stake, self._games[session][2])
                    views[key] = make_view(ident, sheet_title(session), body)
                    self._views[key, language()] = (made, views[key])
            return views

        views = in_each_language(render_all)
        return Snapshot(ident, name, status, problem, views)

    # -- while serving (as `board.Board`) --------------------------------------------------

    async def refresh(self) -> None:
        if self._looking is None:
            self._looking = asyncio.Lock()
        async with self._looking:
            if self._changed_on_disk():
                self._publish(await asyncio.to_thread(self._read))

    # -- what the recording pages ask ----------------------------------------------------

    def table_session(self, number: int) -> tuple[Path | None, str | None]:
        """Table ``number``'s session in the current round, as the night file is now."""
        try:
            _, night = self._night_now()
        except ChicagoError as error:
            return None, error.localized(language())
        table = next((x for x in night.current if x.table == number), None)
        if table is None:
            return None, t(
                "Table {table} plays no game in this round; the page shows it as soon as it does.",
                table=number,
            )
        return self._session_path(table.session), None
