"""The recording routes of ``serve --record``: ``/r/N/SECRET`` (table N's recording page,
GET and POST) and ``/k/SECRET`` (the keeper's page: every table's recording QR code).

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
from collections.abc import Mapping
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import Protocol
from urllib.parse import parse_qsl, urlsplit

from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, Response
from starlette.routing import Route

from ..core.errors import ChicagoError
from ..core.game import Game
from ..core.session import Session
from ..i18n.language import language, t
from ..store import sessionfile
from . import keys
from .board import Board, Source
from .hosts import is_allowed
from .pages import csp_for
from .record_page import RECORD_POLICY, RECORD_SCRIPT, RECORD_STYLE, Page, record_document
from .recorder import Done, Stale, perform

MAX_FORM_BYTES = 16 * 1024  # a form of the page is well under 2 KiB; more is not ours


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


class Tables(Protocol):
    """The tables a server records: one, or a night's."""

    def numbers(self) -> list[int]: ...

    def key(self, number: int) -> str: ...

    def table(self, number: int) -> Table: ...


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
    ) -> None:
        self.source = source
        self.tables = tables
        self.secrets = secrets
        self.base = base.rstrip("/")
        self.hosts = hosts

    # -- addresses ---------------------------------------------------------------------------

    def table_address(self, number: int) -> str:
        return f"{self.base}/r/{number}/{self.secrets.secret(self.tables.key(number))}"

    def keeper_address(self) -> str:
        return f"{self.base}/k/{self.secrets.secret(keys.KEEPER)}"

    def routes(self) -> list[Route]:
        return [
            Route("/r/{number:int}/{secret}", self.page, methods=["GET", "POST"]),
            Route("/k/{secret}", self.keeper, methods=["GET"]),
        ]

    # -- the recording page ------------------------------------------------------------------

    def _let_in(self, request: Request) -> tuple[int, str] | None:
        """The table and its secret, if the address holds that table's secret."""
        number: int = request.path_params["number"]
        secret: str = request.path_params["secret"]
        if not self.secrets.matches(self.tables.key(number), secret):
            return None
        return number, secret

    async def page(self, request: Request) -> Response:
        let_in = self._let_in(request)
        if let_in is None:
            return _refused(t("This recording address is not (or no longer) valid: scan the keeper's page again."))
        number, secret = let_in
        token = keys.token_of(secret)
        if request.method == "GET":
            return await self._render(number, token, dict(request.query_params))
        form = await _read_form(request)
        if form is None:
            return _refused(t("This form is too large."), 413)
        if not self._same_site(request) or not keys.same(form.get("token", ""), token):
            return _refused(t("This form does not come from this table's recording page: nothing was recorded."))
        table = self.tables.table(number)
        if table.path is None:
            return await self._render(number, token, {}, problem=table.problem, status=409)
        try:
            done: Done = await asyncio.to_thread(perform, table.path, form)
        except Stale as error:
            await self.source.refresh()
            return await self._render(number, token, {}, problem=error.localized(language()), status=409)
        except ChicagoError as error:
            query = _kept(form)
            return await self._render(number, token, query, problem=error.localized(language()), status=422)
        await self.source.refresh()  # every open page (and this one's stream) has it now
        query = _kept(form) if done.preview else {}
        return await self._render(number, token, query, lines=done.lines, preview=done.preview)

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
    ) -> Response:
        table = self.tables.table(number)
        action = f"/r/{number}/{self.secrets.secret(self.tables.key(number))}"
        view = self.source.snapshot.views.get(table.view)
        version = view.id if view is not None else ""
        if table.path is None:
            body = (
                f"<header><h1>{escape(table.label)}</h1></header>"
                f'<p class="alert" role="alert">{escape(table.problem or "")}</p>'
            )
            title = table.label
            document = _bare_document(title, body, action, table, version)
            return HTMLResponse(document, status, headers={"content-security-policy": RECORD_POLICY})
        try:
            session, game = await asyncio.to_thread(_load, table.path)
        except ChicagoError as error:
            body = (
                f"<header><h1>{escape(table.label)}</h1></header>"
                f'<p class="alert" role="alert">{escape(error.localized(language()))}</p>'
            )
            document = _bare_document(table.label, body, action, table, version)
            return HTMLResponse(document, 503, headers={"content-security-policy": RECORD_POLICY})
        name = session.name or table.path.stem
        page = Page(game=game, session=session, title=name, action=action, token=token, query=query)
        body = page.body(lines=lines, problem=problem, preview=preview)
        document = record_document(page, body, stream=table.view, version=version, sheet=table.sheet)
        return HTMLResponse(document, status, headers={"content-security-policy": RECORD_POLICY})

    # -- the keeper's page -------------------------------------------------------------------

    async def keeper(self, request: Request) -> Response:
        secret: str = request.path_params["secret"]
        if not self.secrets.matches(keys.KEEPER, secret):
            return _refused(t("This keeper's address is not (or no longer) valid."))
        import segno

        cards = []
        for number in self.tables.numbers():
            table = self.tables.table(number)
            address = self.table_address(number)
            svg = segno.make(address, micro=False).svg_inline(omitsize=True)
            cards.append(
                f'<section class="card"><h2>{escape(table.label)}</h2>{svg}'
                f'<p><a href="{escape(address)}">{escape(t("Open the recording page"))}</a></p></section>'
            )
        body = "".join(cards) or f"<p>{escape(t('No table plays now.'))}</p>"
        title = t("The keeper's page: recording QR codes")
        document = "\n".join(
            [
                "<!DOCTYPE html>",
                f'<html lang="{language()}">',
                '<head><meta charset="utf-8">',
                '<meta name="viewport" content="width=device-width, initial-scale=1">',
                '<meta name="robots" content="noindex">',
                f"<title>{escape(title)}</title><style>{KEEPER_STYLE}</style></head>",
                f"<body><h1>{escape(title)}</h1>",
                f'<p class="warn">{escape(t("Secret: whoever scans a code here can record at that table. Show it to the keepers only."))}</p>',
                f'<main class="keeper">{body}</main></body></html>',
            ]
        )
        return HTMLResponse(document + "\n", headers={"content-security-policy": KEEPER_POLICY})


KEEPER_STYLE = """
* { box-sizing: border-box; }
body { margin: 0; padding: 12px; font: 16px/1.35 "DejaVu Sans", Helvetica, Arial, sans-serif;
  background: #fff; color: #111; }
h1 { font-size: 1.3em; margin: 0 0 6px; }
.warn { color: #7a2424; margin: 0 0 12px; }
main.keeper { display: grid; grid-template-columns: repeat(auto-fill, minmax(220px, 1fr)); gap: 14px; }
.card { border: 1px solid #bbb; border-radius: 10px; padding: 10px; text-align: center; }
.card h2 { font-size: 1.1em; margin: 0 0 6px; overflow-wrap: anywhere; }
.card svg { width: 100%; max-width: 260px; height: auto; background: #fff; }
.card a { color: inherit; overflow-wrap: anywhere; }
"""
KEEPER_POLICY = csp_for(KEEPER_STYLE)


def _load(path: Path) -> tuple[Session, Game]:
    session = sessionfile.load_session(path)
    return session, sessionfile.replay_file(session, path)


def _kept(form: Mapping[str, str]) -> dict[str, str]:
    """What a refused or previewed form keeps on the page: the step of a köp, the deal
    being corrected and the choices made in it."""
    kept = {k: v for k, v in form.items() if k not in ("token", "session", "created", "events", "corrections", "do")}
    if "deal" in kept:
        kept["edit"] = kept.pop("deal")
    elif form.get("do") not in ("buy", "showdown"):
        kept.pop("who", None)
    return kept


def _bare_document(title: str, body: str, action: str, table: Table, version: str) -> str:
    """A recording page with nothing to record (no game at the table now): it follows the
    table and shows the game as soon as there is one."""
    words = '{"live": "", "lost": ""}'
    return (
        "<!DOCTYPE html>\n"
        f'<html lang="{language()}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(title)}</title><style>{RECORD_STYLE}</style></head><body>"
        f'<p id="live" class="live lost" data-version="{escape(version)}" '
        f'data-stream="/events?view={escape(table.view)}" data-page="{escape(action)}" '
        f"data-words='{words}'></p>"
        f'<main class="record">{body}</main><script>{RECORD_SCRIPT}</script></body></html>\n'
    )


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
        return Table(1, path, problem, "sheet", "/", label)
