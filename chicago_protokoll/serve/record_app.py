"""The recording routes of ``serve --record``: ``/r/N/SECRET`` (table N's recording page,
GET and POST) and ``/k/SECRET`` (the keeper's page: every table's recording QR code; at
a night also the night's check list and, on a night of stages, a button per table that
draws its next game: `keeper_night`).

A request without the right secret is refused (403) before anything is read; a POST
also needs the page's form token (derived from the secret: `keys.token_of`) and, when
the browser says where the form came from (``Origin``, ``Sec-Fetch-Site``), our own
address.  Then the form is done by `recorder.perform` in a worker thread (it takes the
store's lock, as every command does), the board looks at the files at once so every
open page has the change, and the page is sent again: what was saved, or the refusal's
sentence (422), or, for a page that saw another state of the file, the protocol as it is
now (409).

Which file table N writes: the session the server shows (``table`` 1), or table N of a
night's current round, looked up again at every request (`Tables`).
"""

from __future__ import annotations

import asyncio
import copy
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol
from urllib.parse import parse_qsl, urlsplit

from starlette.requests import ClientDisconnect, Request
from starlette.responses import HTMLResponse, PlainTextResponse, Response
from starlette.routing import Route

from ..core.errors import ChicagoError
from ..core.game import Game
from ..core.session import Session
from ..i18n.language import language, t
from ..present.templating import render
from ..store import sessionfile
from . import keys, next_game, outbox, paths  # noqa: F401  # paths: the {number:table} of the routes
from .board import Board, Source
from .conflicts import Conflict as KeptConflict
from .conflicts import Conflicts
from .entries import Conflict
from .hosts import is_allowed
from .kept import game_of, kept_conflict, record_kept
from .page_policy import KEEPER_POLICY, RECORD_POLICY
from .record_page import Page, bare_document, record_document
from .recorder import Done, NextGame, SecondTap, Stale, perform, phone_sentence

if TYPE_CHECKING:
    from .keeper_night import KeeperNight

MAX_FORM_BYTES = 16 * 1024  # a form of the page is well under 2 KiB; more is not ours
# The answer to a recording write names the entry saved (or found saved): an outbox
# removes a waiting entry only on a 200 that names it (cli.md).
ENTRY_HEADER = "x-chicago-entry"


@dataclass(frozen=True, slots=True)
class Table:
    """Where table N records now: its session file (or why there is none), the view of
    the board that follows it, and its read-only page."""

    number: int
    path: Path | None
    problem: str | None
    view: str
    sheet: str
    label: str
    night: Mapping[str, Any] | None = None  # at a night: the table's row of its status
    follows: bool = False  # the server follows the current session: Next game is offered
    # A club night's table shown by a server without --night (its night's name): the
    # organiser draws its next game, so the page offers none and refuses one.
    drawn_by: str = ""


class Tables(Protocol):
    """The tables a server records: one, or a night's."""

    def numbers(self) -> list[int]: ...

    def key(self, number: int) -> str: ...

    def table(self, number: int) -> Table: ...


def next_game_of(table: Table) -> NextGame | None:
    """What a Next game posted at ``table`` does: starts it where the server follows the
    current session; says it is started on the laptop where the server shows one game;
    None at a club night's table (the organiser draws it: `recorder.perform` says so)."""
    if table.night is not None or table.drawn_by:
        return None
    return next_game.start if table.follows else next_game.elsewhere


def _refused(text: str, status: int = 403) -> Response:
    return PlainTextResponse(text + "\n", status_code=status)


class Recording:
    """The recording routes for ``tables``, their secrets in ``secrets``; ``base`` is the
    address the server printed (the QR codes point there)."""

    def __init__(
        self,
        source: Source,
        tables: Tables,
        secrets: keys.Secrets,
        base: str,
        hosts: frozenset[str],
        conflicts: Conflicts | None = None,
        night: KeeperNight | None = None,
    ) -> None:
        # Conflicts are kept beside the secrets (the data directory), per table.
        self.conflicts = conflicts if conflicts is not None else Conflicts(secrets.directory)
        self.contact: dict[int, float] = {}  # table -> time.monotonic() of its last request
        self.source = source
        self.tables = tables
        self.secrets = secrets
        self.base = base.rstrip("/")
        self.hosts = hosts
        self.night = night  # at ``--night``: the check list, and a draw button per table

    # -- addresses ---------------------------------------------------------------------------

    def table_address(self, number: int) -> str:
        return f"{self.base}/r/{number}/{self.secrets.secret(self.tables.key(number))}"

    def keeper_address(self) -> str:
        return f"{self.base}/k/{self.secrets.secret(keys.KEEPER)}"

    def routes(self) -> list[Route]:
        return [
            Route("/r/{number:table}/{secret}", self.page, methods=["GET", "POST"]),
            Route("/r/{number:table}/{secret}/ping", self.table_ping, methods=["GET"]),
            Route("/k/{secret}", self.keeper, methods=["GET", "POST"]),
        ]

    # -- the recording page ------------------------------------------------------------------

    def _let_in(self, request: Request) -> tuple[int, str] | None:
        """The table and its secret, if the address holds that table's secret."""
        number: int = request.path_params["number"]
        secret: str = request.path_params["secret"]
        if not self.secrets.matches(self.tables.key(number), secret):
            return None
        self.contact[number] = time.monotonic()  # the keeper's page shows it
        return number, secret

    async def page(self, request: Request) -> Response:
        let_in = self._let_in(request)
        if let_in is None:
            return _refused(t("This recording address is not (or no longer) valid: scan the keeper's page again."))
        number, secret = let_in
        token = keys.token_of(secret)
        if request.method == "GET":
            return await self._render(number, token, dict(request.query_params))
        try:
            form = await _read_form(request)
        except ClientDisconnect:
            # A phone gone in the middle of its form (the room's network): nothing was
            # recorded and nobody is there to tell; nothing on the keeper's terminal.
            return Response(status_code=400)
        if form is None:
            return _refused(t("This form is too large."), 413)
        if not self._same_site(request) or not keys.same(form.get("token", ""), token):
            return _refused(t("This form does not come from this table's recording page: nothing was recorded."))
        table = self.tables.table(number)
        if table.path is None:
            return await self._render(number, token, {}, problem=table.problem, status=409)
        if form.get("do") in ("conflict-retry", "conflict-drop"):
            return await self._resolve(number, token, table.path, form)
        entry = form.get(outbox.ENTRY_FIELD, "")
        again = next_game_of(table)
        try:
            done: Done = await asyncio.to_thread(perform, table.path, form, again=again)
        except SecondTap as error:  # a royal, a forfeit, the game's end: asked again
            if form.get("queued") == "1" and entry:
                # Sent again from the phone's outbox, with nobody there to be asked: kept
                # for a person, whose "record it now" is the second tap.
                return await self._keep(number, token, table.path, form, error, 409)
            said = error.localized(language())
            # The tap is answered in front of the person (the outbox forgets it); the
            # question's own form carries the same entry id.
            return await self._render(number, token, {}, sure=(form, said), done=entry)
        except (Stale, Conflict) as error:
            # The page as the file is now, and why nothing was recorded (both versions).
            await self.source.refresh()
            if form.get("queued") == "1" and entry:
                return await self._keep(number, token, table.path, form, error, 409)
            return await self._render(
                number, token, {}, problem=error.localized(language()), status=409, done=entry
            )
        except ChicagoError as error:
            if form.get("queued") == "1" and entry:
                return await self._keep(number, token, table.path, form, error, 422)
            query = _kept(form)
            return await self._render(
                number, token, query, problem=error.localized(language()), status=422, done=entry
            )
        if done.entry:
            # Saved (or found saved) by a resend after it was kept: no longer open.
            await asyncio.to_thread(self.conflicts.resolve, self.tables.key(number), done.entry)
        await self.source.refresh()  # every open page (and this one's stream) has it now
        query = _kept(form) if done.preview else {}
        # The 200 names the entry it saved (or found saved): the outbox removes a waiting
        # entry only on that.
        return await self._render(
            number, token, query, lines=done.lines, preview=done.preview, done=entry,
            saved=done.entry,
        )

    def _same_site(self, request: Request) -> bool:
        """No form of another site: a browser says where a form came from, and it must be
        one of our own addresses."""
        site = request.headers.get("sec-fetch-site")
        if site is not None and site not in ("same-origin", "none"):
            return False
        origin = request.headers.get("origin")
        if origin is None or origin == "null":  # our pages send no referrer: "null"
            return True
        parts = urlsplit(origin)
        return parts.scheme == "http" and is_allowed(parts.netloc, self.hosts)

    async def _render(
        self,
        number: int,
        token: str,
        query: Mapping[str, str],
        *,
        lines: tuple[str, ...] = (),
        problem: str | None = None,
        preview: bool = False,
        status: int = 200,
        done: str = "",
        saved: str = "",
        headers: Mapping[str, str] | None = None,
        sure: tuple[Mapping[str, str], str] | None = None,
    ) -> Response:
        table = self.tables.table(number)
        if problem is not None:
            problem = phone_sentence(problem)  # no command to type on a phone
        action = f"/r/{number}/{self.secrets.secret(self.tables.key(number))}"
        view = self.source.snapshot.views.get(table.view)
        version = view.id if view is not None else ""
        if table.path is None:
            document = bare_document(
                table.label, table.problem or "", action=action, stream=table.view, version=version
            )
            return HTMLResponse(document, status, headers={"content-security-policy": RECORD_POLICY})
        try:
            session, game = await asyncio.to_thread(_load, table.path)
        except ChicagoError as error:
            document = bare_document(
                table.label, unreadable_on_phone(error, table.label), action=action, stream=table.view, version=version
            )
            return HTMLResponse(document, 503, headers={"content-security-policy": RECORD_POLICY})
        # At a night the page is the table's ("Table 1"), whichever game it plays.
        name = table.label if table.night is not None else session.name or table.path.stem
        page = Page(
            game=game,
            session=session,
            title=name,
            action=action,
            token=token,
            query=query,
            night=table.night,
            follows=table.follows,
            drawn_by=table.drawn_by,
            sure=sure,
        )
        kept, more = await asyncio.to_thread(self.conflicts.newest, self.tables.key(number), KEPT_SHOWN)
        document = record_document(
            page,
            lines=lines,
            problem=problem,
            preview=preview,
            stream=table.view,
            version=version,
            sheet=table.sheet,
            outbox=outbox.context(page, kept, [done] if done else [], more=more),
        )
        answer = {"content-security-policy": RECORD_POLICY, **(headers or {})}
        if saved:
            answer[ENTRY_HEADER] = saved  # the script removes the entry only on this
        return HTMLResponse(document, status, headers=answer)

    # -- what the outbox needs: the connection, kept conflicts ------------------------------

    async def table_ping(self, request: Request) -> Response:
        """``/r/N/SECRET/ping``: the page's script asks whether the laptop answers and still
        knows this address (403 when not), and the keeper sees the table's last contact."""
        if self._let_in(request) is None:
            return _refused(t("This recording address is not (or no longer) valid: scan the keeper's page again."))
        return Response(status_code=204)

    async def _keep(
        self, number: int, token: str, path: Path, form: Mapping[str, str], error: ChicagoError, status: int
    ) -> Response:
        """A write that waited on the phone and is refused on arrival: kept for a person
        (serve-conflicts/), never forced in nor thrown away; the phone is told so."""
        conflict = await asyncio.to_thread(
            kept_conflict, number, path, form, error.localized(language())
        )
        await asyncio.to_thread(self.conflicts.keep, self.tables.key(number), conflict)
        return await self._render(
            number, token, {}, problem=error.localized(language()), status=status,
            headers={"x-chicago-conflict": conflict.entry},
        )

    async def _resolve(self, number: int, token: str, path: Path, form: Mapping[str, str]) -> Response:
        """A person's choice on the phone: drop a kept conflict, or record it now into
        the game it was made for, judged again on the file as it is (`kept`)."""
        key = self.tables.key(number)
        entry = form.get("conflict", "")
        if form.get("do") == "conflict-drop":
            conflict = await asyncio.to_thread(self.conflicts.find, key, entry)
            if conflict is None:  # resolved already (on the keeper's page, another phone)
                return await self._render(number, token, {}, done=entry)
            await asyncio.to_thread(self.conflicts.resolve, key, entry)
            lines = (t("Dropped: {entry}", entry=conflict.tapped),)
            return await self._render(number, token, {}, lines=lines, done=entry)
        try:
            settled = await asyncio.to_thread(record_kept, self.conflicts, key, entry, path, form)
        except ChicagoError as error:
            await self.source.refresh()
            return await self._render(number, token, {}, problem=error.localized(language()), status=422)
        await self.source.refresh()
        return await self._render(
            number, token, {}, lines=settled.lines, done=entry, saved=settled.entry
        )

    # -- the keeper's page -------------------------------------------------------------------

    async def keeper(self, request: Request) -> Response:
        secret: str = request.path_params["secret"]
        if not self.secrets.matches(keys.KEEPER, secret):
            return _refused(t("This keeper's address is not (or no longer) valid."))
        token = keys.token_of(secret)
        lines: list[str] = []
        problem = ""
        status = 200
        if request.method == "POST":
            try:
                form = await _read_form(request)
            except ClientDisconnect:
                return Response(status_code=400)
            if form is None:
                return _refused(t("This form is too large."), 413)
            if not self._same_site(request) or not keys.same(form.get("token", ""), token):
                return _refused(t("This form does not come from the keeper's page: nothing was changed."))
            if self.night is not None and self.night.asks_draw(form):
                try:
                    lines.append(await asyncio.to_thread(self.night.draw, form))
                except ChicagoError as error:
                    problem, status = error.localized(language()), 422
                await self.source.refresh()  # the board, the phones and this page have it
            else:
                said, problem = await self._keeper_resolve(form)
                lines.append(said)
                status = 422 if problem else status
        import segno

        from ..present.night_cards import qr_markup

        cards = []
        now = time.monotonic()
        for number in self.tables.numbers():
            table = self.tables.table(number)
            address = self.table_address(number)
            kept, more = await asyncio.to_thread(self.conflicts.newest, self.tables.key(number), KEPT_SHOWN)
            playing = await asyncio.to_thread(game_of, table.path) if kept else None
            cards.append(
                {
                    "number": number,
                    "label": table.label,
                    "contact": contact_text(number, self.contact.get(number), now),
                    "conflicts": keeper_conflicts(kept, playing),
                    "more": outbox.more_line(more),
                    "draw": self.night.draw_button(number) if self.night is not None else None,
                    "qr": qr_markup(segno.make(address, micro=False).svg_inline(omitsize=True)),
                    "address": address,
                }
            )
        check = await asyncio.to_thread(self.night.check) if self.night is not None else None
        document = render(
            "phone/keeper.html",
            lang=language(),
            title=t("The keeper's page: recording QR codes"),
            lines=[line for line in lines if line],
            problem=problem,
            cards=cards,
            token=token,
            check=check,
            # Every change in the room comes on the room's screen's view, at a night too.
            stream="/events?view=tv",
        )
        return HTMLResponse(document, status, headers={"content-security-policy": KEEPER_POLICY})

    async def _keeper_resolve(self, form: Mapping[str, str]) -> tuple[str, str]:
        """The keeper drops a table's kept conflict or records it now into the game it
        was made for (`kept`; the phone's page then forgets it): the line to show, and
        the refusal's sentence ("" when none)."""
        try:
            number = int(form.get("table", ""))
        except ValueError:
            return "", ""
        key = self.tables.key(number)
        entry = form.get("conflict", "")
        if form.get("do") == "conflict-retry":
            table = self.tables.table(number)
            try:
                settled = await asyncio.to_thread(record_kept, self.conflicts, key, entry, table.path)
            except ChicagoError as error:
                return "", phone_sentence(error.localized(language()))
            await self.source.refresh()  # the board and the table's phone have it
            return "\n".join(settled.lines), ""
        conflict = await asyncio.to_thread(self.conflicts.find, key, entry)
        if conflict is None or form.get("do") != "conflict-drop":
            return "", ""
        await asyncio.to_thread(self.conflicts.resolve, key, entry)
        return t("Dropped: {entry}", entry=conflict.tapped), ""


# The kept conflicts a page shows of a table: the newest, with a count of the rest (each
# choice on them brings the next up); a page of a thousand would bury the table's own.
KEPT_SHOWN = 5


def unreadable_on_phone(error: ChicagoError, label: str) -> str:
    """A table's file that cannot be read, as its phone says it: the table by its label,
    never the file's path (a phone has no files; the keeper's terminal names the file)."""
    message = error.message
    if "source" in message.params:  # every refusal to read a file names it as its source
        message = copy.copy(message)
        message.params = {**message.params, "source": t("the protocol of {table}", table=label)}
    return phone_sentence(message.localized(language()))


def contact_text(number: int, last: float | None, now: float) -> str:
    """"table 2: 70 s ago": how long since the table's phone was last heard from."""
    if last is None:
        return t("table {table}: no contact yet", table=number)
    seconds = max(0, int(now - last))
    if seconds < 120:
        return t("table {table}: {seconds} s ago", table=number, seconds=seconds)
    return t("table {table}: {minutes} min ago", table=number, minutes=seconds // 60)


def keeper_conflicts(
    kept: list[KeptConflict], playing: tuple[str, str] | None
) -> list[outbox.ConflictView]:
    """A table's kept conflicts on the keeper's page (the newest), each naming the game it
    was made for, with "Record it now" while the table plays that game (``playing``: its
    name and ``created``) and "Drop it"."""
    return [
        outbox.conflict_view(c, here=playing is not None and c.made_for(*playing), named=True)
        for c in kept
    ]


def _load(path: Path) -> tuple[Session, Game]:
    session = sessionfile.load_session(path)
    return session, sessionfile.replay_file(session, path)


def _kept(form: Mapping[str, str]) -> dict[str, str]:
    """What a refused or previewed form keeps on the page: the step of a köp, the deal
    being corrected and the choices made in it."""
    kept = {k: v for k, v in form.items() if k not in ("token", "session", "created", "last_event", "last_correction", "entry", "do")}
    if "deal" in kept:
        kept["edit"] = kept.pop("deal")
    elif form.get("do") not in ("buy", "showdown"):
        kept.pop("who", None)
    return kept


async def _read_form(request: Request) -> dict[str, str] | None:
    """The posted form (``application/x-www-form-urlencoded``), at most MAX_FORM_BYTES;
    None when larger.  A field given twice keeps its first value."""
    length = request.headers.get("content-length", "")
    if length.isdigit() and int(length) > MAX_FORM_BYTES:
        return None
    data = b""
    async for chunk in request.stream():
        data += chunk
        if len(data) > MAX_FORM_BYTES:
            return None
    form: dict[str, str] = {}
    for key, value in parse_qsl(data.decode("utf-8", "replace"), keep_blank_values=True):
        form.setdefault(key, value)
    return form


class OneTable:
    """The one table of a server without ``--night``: the session it shows (the current
    one, followed, or the one named at start)."""

    def __init__(self, board: Board, fixed: Path | None) -> None:
        self.board = board
        self.fixed = fixed

    def numbers(self) -> list[int]:
        return [1]

    def key(self, number: int) -> str:
        if number != 1:
            return f"no table {number}"  # never made: no secret opens it
        return keys.table_key(night=None, table=number, fixed=self.fixed)

    def table(self, number: int) -> Table:
        if number != 1:
            return Table(number, None, t("This server records one table."), "sheet", "/", "")
        if self.fixed is not None:
            path: Path | None = self.fixed
            problem = None
        else:
            path, problem = self.board.current_path()
        label = path.stem if path is not None else t("No current session")
        drawn_by = _night_of(path) if path is not None else ""
        follows = self.fixed is None and not drawn_by
        return Table(1, path, problem, "sheet", "/", label, follows=follows, drawn_by=drawn_by)


def _night_of(path: Path) -> str:
    """The club night whose table ``path`` is ("" for most sessions, decided by the name);
    a night file that cannot be read still makes its table the night's."""
    from ..core.night import night_of_session
    from ..store import recording

    try:
        return recording.night_of_table(path) or ""
    except ChicagoError:
        return night_of_session(path.stem) or ""
