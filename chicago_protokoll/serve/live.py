"""The live scoreboard behind `chicago serve`: a small read-only HTTP server (the standard
library's ThreadingHTTPServer, no framework) that shows one session file as the protocol
sheet and pushes every change to the open pages.

Three paths, and only these: ``/`` the page, ``/status.json`` the ``status --json``
object, ``/events`` the stream of new sheets.  Nothing is ever read from disk by a path
in the request: the only file read is the session file, chosen when the server started.

Changes are found by a watcher thread that stats the session file (inode, mtime_ns,
size) five times a second, and replays it only when that changes: a write by any
`chicago` command, `undo`'s atomic replacement or an editor's save alike.  Idle, the
server does five ``stat`` calls a second and nothing else.

Pages learn of a change by Server-Sent Events rather than polling: one open request per
phone, a new sheet pushed within the watcher's 0.2 s of the write, and the browser's
EventSource reconnects by itself (with Last-Event-ID, so a page that has the newest sheet
is sent nothing).  Each stream has its own thread (ThreadingHTTPServer) waiting on a
condition, not spinning, and its socket a timeout, so a slow or vanished phone ends only
its own stream; at most ``MAX_STREAMS`` streams at once, the rest are told to retry.
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import json
import os
import secrets
import socket
import threading
from dataclasses import dataclass
from html import escape
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

from ..core.errors import ChicagoError
from ..i18n.language import language, t
from ..present.html_sheet import page, problem_body, sheet_body, sheet_title
from ..present.sheet_style import STYLE
from ..present.views import status_dict
from ..store import sessionfile

WATCH_INTERVAL = 0.2  # seconds between two stats of the session file
HEARTBEAT = 15.0  # seconds of quiet before a stream sends a comment (finds vanished phones)
SOCKET_TIMEOUT = 10.0  # a client that takes longer to read or write is dropped
MAX_STREAMS = 200

# The page's script: swap the sheet when a new one arrives; say when the link is lost.
SCRIPT = """(() => {
  const sheet = document.querySelector("main.sheet");
  const badge = document.getElementById("live");
  const words = JSON.parse(badge.dataset.words);
  const since = encodeURIComponent(badge.dataset.version);
  const source = new EventSource("/events?since=" + since);
  source.addEventListener("sheet", (event) => {
    const data = JSON.parse(event.data);
    sheet.innerHTML = data.html;
    document.title = data.title;
    badge.dataset.version = event.lastEventId;
  });
  source.addEventListener("open", () => {
    badge.textContent = words.live;
    badge.className = "live";
  });
  source.addEventListener("error", () => {
    badge.textContent = words.lost;
    badge.className = "live lost";
  });
})();"""


def _digest(text: str) -> str:
    return base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()


# Only our own inline style and script may run, and the page may talk only to its server.
CSP = (
    f"default-src 'none'; style-src 'sha256-{_digest(STYLE)}'; "
    f"script-src 'sha256-{_digest(SCRIPT)}'; connect-src 'self'; "
    "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)


@dataclass(frozen=True)
class Snapshot:
    """The session as last read: the sheet, the status object (None when it cannot be read)."""

    id: str  # changes with every new reading; the SSE event id
    title: str
    body: str  # what goes inside <main class="sheet">
    status: dict[str, Any] | None
    problem: str | None
    event: bytes  # the SSE message carrying this sheet, made once for every stream


class Board:
    """One session file, watched: the newest `Snapshot`, and a condition to wait for the next."""

    def __init__(self, path: Path, stake: str) -> None:
        self.path = path
        self.stake = stake
        self._boot = secrets.token_hex(4)  # ids from an earlier server never match ours
        self._count = 0
        self._signature = self._stat()
        self._changed = threading.Condition()
        self.snapshot = self._read()

    def _stat(self) -> tuple[int, int, int] | None:
        try:
            st = os.stat(self.path)
        except OSError:
            return None
        return (st.st_ino, st.st_mtime_ns, st.st_size)

    def _read(self) -> Snapshot:
        self._count += 1
        name = self.path.stem
        problem = None
        status = None
        try:
            session = sessionfile.load_session(self.path)
            name = session.name or name
            standings = sessionfile.replay_file(session, self.path).standings()
            body = sheet_body(standings, name, self.stake)
            status = status_dict(standings, name)
        except ChicagoError as error:
            problem = error.localized(language())
        except Exception as error:  # a bug must not stop the scoreboard; it says so instead
            problem = t(
                "unexpected error ({error_type}: {error}); this is a bug in chicago-protokoll",
                error_type=type(error).__name__,
                error=error,
            )
        if problem is not None:
            problem += t(" — the page shows the game again as soon as the file can be read.")
            body = problem_body(name, problem)
        ident = f"{self._boot}-{self._count}"
        title = sheet_title(name)
        data = json.dumps({"html": body, "title": title}, ensure_ascii=False)
        event = f"id: {ident}\nevent: sheet\ndata: {data}\n\n".encode()
        return Snapshot(ident, title, body, status, problem, event)

    def watch(self, stop: threading.Event) -> None:
        """Stat the file every WATCH_INTERVAL; on a change, read it and wake the streams."""
        while not stop.wait(WATCH_INTERVAL):
            signature = self._stat()
            if signature == self._signature:
                continue
            self._signature = signature
            snapshot = self._read()
            with self._changed:
                self.snapshot = snapshot
                self._changed.notify_all()

    def wake_all(self) -> None:
        with self._changed:
            self._changed.notify_all()

    def newer_than(self, ident: str, timeout: float) -> Snapshot | None:
        """The newest snapshot if it is not ``ident``, waiting up to ``timeout`` for one."""
        with self._changed:
            self._changed.wait_for(lambda: self.snapshot.id != ident, timeout)
            return self.snapshot if self.snapshot.id != ident else None


class LiveServer(ThreadingHTTPServer):
    daemon_threads = True  # Ctrl-C does not wait for open streams
    request_queue_size = 128  # 50 phones opening the page at once are all let in

    def __init__(self, address: tuple[str, int], board: Board) -> None:
        if ":" in address[0]:
            self.address_family = socket.AF_INET6
        self.board = board
        self.stopping = threading.Event()
        self.streams = threading.BoundedSemaphore(MAX_STREAMS)
        super().__init__(address, Handler)

    def stop(self) -> None:
        self.stopping.set()
        self.board.wake_all()
        self.server_close()


class Handler(BaseHTTPRequestHandler):
    server: LiveServer
    timeout = SOCKET_TIMEOUT

    def version_string(self) -> str:
        return "chicago-serve"

    def do_GET(self) -> None:
        route = urlsplit(self.path).path
        if route == "/":
            self._page()
        elif route == "/status.json":
            self._status()
        elif route == "/events":
            self._events()
        else:
            self._send(HTTPStatus.NOT_FOUND, b"not found\n", "text/plain; charset=utf-8")

    def _send(self, code: HTTPStatus, data: bytes, kind: str) -> None:
        self.send_response(code)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(data)))
        self._common_headers()
        self.end_headers()
        self.wfile.write(data)

    def _common_headers(self) -> None:
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Referrer-Policy", "no-referrer")
        self.send_header("Content-Security-Policy", CSP)

    def _page(self) -> None:
        snapshot = self.server.board.snapshot
        words = json.dumps(
            {"live": t("● live"), "lost": t("reconnecting…")},
            ensure_ascii=False,
        )
        badge = (
            f'<p id="live" class="live lost" role="status" data-version="{snapshot.id}" '
            f'data-words="{escape(words)}">{t("connecting…")}</p>'
        )
        document = page(snapshot.title, snapshot.body, before=badge, script=SCRIPT)
        self._send(HTTPStatus.OK, document.encode(), "text/html; charset=utf-8")

    def _status(self) -> None:
        snapshot = self.server.board.snapshot
        if snapshot.status is None:
            data = {"error": snapshot.problem}
            code = HTTPStatus.SERVICE_UNAVAILABLE
        else:
            data, code = snapshot.status, HTTPStatus.OK
        text = json.dumps(data, ensure_ascii=False, indent=2) + "\n"
        self._send(code, text.encode(), "application/json; charset=utf-8")

    def _events(self) -> None:
        if not self.server.streams.acquire(blocking=False):
            self.send_response(HTTPStatus.SERVICE_UNAVAILABLE)
            self.send_header("Retry-After", "5")
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        try:
            self._stream()
        except OSError:  # the phone went away, or stopped reading for SOCKET_TIMEOUT
            self.close_connection = True
        finally:
            self.server.streams.release()

    def _stream(self) -> None:
        query = parse_qs(urlsplit(self.path).query)
        seen = self.headers.get("Last-Event-ID") or query.get("since", [""])[0]
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", "text/event-stream; charset=utf-8")
        self._common_headers()
        self.end_headers()
        self.wfile.write(b"retry: 1000\n\n")  # reconnect after a second when the link drops
        board, stopping = self.server.board, self.server.stopping
        while not stopping.is_set():
            snapshot = board.newer_than(seen, HEARTBEAT)
            if stopping.is_set():
                break
            if snapshot is None:
                self.wfile.write(b": still here\n\n")
            else:
                self.wfile.write(snapshot.event)
                seen = snapshot.id
        self.close_connection = True

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet: the keeper's terminal is for the URL, not for a line per phone."""


def lan_address() -> str | None:
    """The address other machines on the network reach this one at: that of the interface
    a packet to the outside would leave by (a UDP socket sends nothing on connect)."""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed anywhere
        address: str = probe.getsockname()[0]
        if not address.startswith("127."):
            return address
    return None
