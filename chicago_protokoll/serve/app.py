"""The web application: Starlette's routing around the board, a guard in front of it.

Paths, and only these (any other is 404, another method on them 405):

- ``/`` the live sheet, ``/tv`` the room's screen;
- ``/status.json`` the ``status --json`` object (503 with ``{"error": ...}`` while the
  session cannot be read);
- ``/events?view=sheet|tv`` the stream of new views (Server-Sent Events);
- with ``--night``, instead of the first three, the night's pages (`night_app`);
- with ``--record``, ``/r/N/SECRET`` and ``/k/SECRET`` (`record_app`).

Nothing is ever read from disk by a path in the request: the board reads the session
files, chosen by the command line and the current-session pointer.

The guard answers only requests whose ``Host`` is one of the server's own names
(`hosts`), and puts the headers of a read-only page on every answer.  More pages
(recording, a night's board, ``/t/N``) are more routes on the same app; the guard and
the stream take them as they are.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from typing import Any
from urllib.parse import parse_qs

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import BaseRoute, Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ..i18n.language import t
from .board import Board, Source
from .hosts import is_allowed
from .pages import SHEET, TV, sheet_document, tv_document
from .phone_language import FollowThePhone
from .static_files import static_route

HEARTBEAT = 15.0  # seconds of quiet before a stream sends a comment (finds vanished phones)
SEND_TIMEOUT = 10.0  # a phone that takes longer to take a message has its stream ended
MAX_STREAMS = 200  # open event streams at once; more are told to come back later
RETRY_LATER_MS = 5000  # what a stream over the cap is told to wait before it tries again
RETRY_MS = 1000  # how soon a page reconnects when its link drops

# Every answer: never cached (the page is live), no sniffing, no referrer, no framing, no
# window of another site keeps a handle on ours, and no powerful feature is asked for.
COMMON_HEADERS = [
    (b"cache-control", b"no-store"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"cross-origin-resource-policy", b"same-origin"),
    (b"permissions-policy", b"camera=(), microphone=(), geolocation=(), interest-cohort=()"),
]
# Answers that are not a page (404, JSON, the stream) may load and run nothing at all.
NOTHING_POLICY = (b"content-security-policy", b"default-src 'none'; frame-ancestors 'none'")


class Guard:
    """Refuses a foreign ``Host`` (DNS rebinding) and adds the common headers."""

    def __init__(self, app: ASGIApp, hosts: frozenset[str]) -> None:
        self.app = app
        self.hosts = hosts

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        host = next(
            (value.decode("latin-1") for key, value in scope["headers"] if key == b"host"), None
        )
        if not is_allowed(host, self.hosts):
            text = t(
                "This server does not answer to the address {host}: open the address `chicago serve` printed.",
                host=(host or "?")[:100],  # a name, not whatever a client sent
            )
            response = Response(
                text + "\n", status_code=403, media_type="text/plain; charset=utf-8"
            )
            await response(scope, receive, self._headers(send))
            return
        await self.app(scope, receive, self._headers(send))

    @staticmethod
    def _headers(send: Send) -> Send:
        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                names = {name.lower() for name, _ in headers}
                headers += [pair for pair in COMMON_HEADERS if pair[0] not in names]
                if b"content-security-policy" not in names:
                    headers.append(NOTHING_POLICY)
                message = {**message, "headers": headers}
            await send(message)

        return with_headers


class EventStream:
    """``/events``: the newest view at once (unless the page has it), then every new one.

    Each stream waits on its view's future, not a timer; a comment every HEARTBEAT finds
    a phone that vanished, a phone that stops reading is dropped after SEND_TIMEOUT, and
    a disconnect ends only that stream.  Over MAX_STREAMS, a stream is answered with
    ``retry`` and closed: the browser's EventSource comes back after RETRY_LATER_MS (an
    error status would make it give up for good)."""

    def __init__(self, board: Source) -> None:
        self.board = board
        self.open = 0

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        query = parse_qs(scope["query_string"].decode("latin-1"))
        view = query.get("view", ["sheet"])[0]
        if scope["method"] not in ("GET", "HEAD") or view not in self.board.snapshot.views:
            await Response("not found\n", 404, media_type="text/plain")(scope, receive, send)
            return
        headers = dict(scope["headers"])
        seen = headers.get(b"last-event-id", b"").decode("latin-1") or query.get("since", [""])[0]
        start = {
            "type": "http.response.start",
            "status": 200,
            "headers": [(b"content-type", b"text/event-stream; charset=utf-8")],
        }
        if scope["method"] == "HEAD":  # the headers a stream would have, and no stream
            await send(start)
            await send({"type": "http.response.body", "body": b""})
            return
        if self.open >= MAX_STREAMS or self.board.stopping:
            await send(start)
            await send(
                {"type": "http.response.body", "body": f"retry: {RETRY_LATER_MS}\n\n".encode()}
            )
            return
        self.open += 1
        try:
            await send(start)
            await self._stream(receive, send, view, seen)
        finally:
            self.open -= 1

    async def _stream(self, receive: Receive, send: Send, view: str, seen: str) -> None:
        async def body(data: bytes) -> None:
            message = {"type": "http.response.body", "body": data, "more_body": True}
            await asyncio.wait_for(send(message), SEND_TIMEOUT)

        gone = asyncio.ensure_future(_disconnected(receive))
        try:
            await body(f"retry: {RETRY_MS}\n\n".encode())
            while not self.board.stopping:
                change = self.board.next_change(view)  # taken before the look: none is missed
                shown = self.board.snapshot.views.get(view)
                if shown is None:  # a night's table that plays no more: its page is told
                    return
                if shown.id != seen:
                    await body(shown.event)
                    seen = shown.id
                    continue
                done, _ = await asyncio.wait(
                    {gone, change}, timeout=HEARTBEAT, return_when=asyncio.FIRST_COMPLETED
                )
                if gone in done:
                    return
                if not done:
                    await body(b": still here\n\n")
            await send({"type": "http.response.body", "body": b""})
        except TimeoutError:
            return  # the phone stopped reading: its stream ends, no one else's
        finally:
            gone.cancel()


async def _disconnected(receive: Receive) -> None:
    while (await receive())["type"] != "http.disconnect":
        pass


def sheet_routes(board: Board) -> list[BaseRoute]:
    """The pages of one session: the live sheet, the room's screen, the status."""

    async def sheet(request: Request) -> Response:
        document = sheet_document(board.snapshot)
        return HTMLResponse(document, headers={"content-security-policy": SHEET.policy})

    async def tv(request: Request) -> Response:
        document = tv_document(board.snapshot)
        return HTMLResponse(document, headers={"content-security-policy": TV.policy})

    return [
        Route("/", sheet, methods=["GET"]),
        Route("/tv", tv, methods=["GET"]),
        Route("/status.json", status_route(board), methods=["GET"]),
    ]


def status_route(board: Source) -> Callable[[Request], Awaitable[Response]]:
    """``/status.json``: the snapshot's status object, 503 with the reason while unreadable."""

    async def status(request: Request) -> Response:
        snapshot = board.snapshot
        data: Any = snapshot.status if snapshot.status is not None else {"error": snapshot.problem}
        return _Json(data, status_code=200 if snapshot.status is not None else 503)

    return status


def create_app(
    board: Source, hosts: frozenset[str], *, pages: Sequence[BaseRoute] = ()
) -> ASGIApp:
    """The application for one board, answering to ``hosts``: ``pages`` (the sheet's by
    default: `sheet_routes`), and the stream of the board's views."""

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        watcher = asyncio.create_task(board.watch())
        try:
            yield
        finally:
            board.stop()
            watcher.cancel()

    if not pages:
        assert isinstance(board, Board)
        pages = sheet_routes(board)
    routes = [
        *pages,
        Route("/events", EventStream(board)),
        Route("/ping", ping, methods=["GET"]),
        static_route(),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.router.redirect_slashes = False  # /status.json/ is not found, not redirected
    return Guard(FollowThePhone(app), hosts)


async def ping(request: Request) -> Response:
    """``/ping``: a tiny page a phone opens before the night to check it reaches the laptop
    (cli.md, "Recording that survives the room's network"); no secret, no session."""
    from ..i18n.language import language
    from ..present.templating import render
    from .page_policy import PING_POLICY

    document = render("phone/ping.html", lang=language())
    return HTMLResponse(document, headers={"content-security-policy": PING_POLICY})


class _Json(JSONResponse):
    """The JSON of `status --json`: indented, UTF-8 as it is."""

    media_type = "application/json; charset=utf-8"

    def render(self, content: Any) -> bytes:
        return (json.dumps(content, ensure_ascii=False, indent=2) + "\n").encode()
