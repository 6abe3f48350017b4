"""Running the application: uvicorn on a socket bound here, quiet, capped, stopped by Ctrl-C.

- The socket is bound before uvicorn starts, so a busy port is refused in one line (by
  the command) and ``--port 0`` knows its port before the URL is printed.
- At most LIMIT_CONNECTIONS connections (more than the streams' cap, app.MAX_STREAMS):
  one more closes the connection that has waited longest for a request of its own
  (kept alive, or sending one slowly), so idle and slow sockets never hold the cap
  against a phone that asks (`Http11.connection_made`).  Only when every connection is
  busy answering does uvicorn's ``limit_concurrency`` (HARD_LIMIT) answer 503.
- Every request on a connection, not only the first, must arrive whole within
  REQUEST_TIMEOUT of its first byte (or of the connection, for the first): otherwise
  the connection is closed.  So 400 kept-alive connections each sending half of a
  second request hold nothing for long.
- The keeper's terminal is for the URL: no access log, no start-up chatter, nothing for
  a phone that drops its connection.  Only a bug in the server itself prints, one line.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import socket
import sys
from typing import Any

import uvicorn
from starlette.requests import ClientDisconnect
from uvicorn.protocols.http.h11_impl import H11Protocol

from .board import Source

LIMIT_CONNECTIONS = 400
# uvicorn's own cap, above ours: reached only when every connection is busy answering.
HARD_LIMIT = LIMIT_CONNECTIONS + 100
REQUEST_TIMEOUT = 10.0  # seconds a connection has to send each request whole
KEEP_ALIVE = 5.0  # seconds an idle kept-alive connection stays open
BACKLOG = 1024  # a room of phones opening the page at once are all let in
GRACE = 2.0  # seconds the server waits for requests to end when stopping

# Errors that are the network's, not a bug: a phone gone, a connection reset.
_NETWORK = (OSError, asyncio.CancelledError, asyncio.TimeoutError, ClientDisconnect)


class Http11(H11Protocol):
    """uvicorn's HTTP/1.1 protocol, closing a connection that does not send each request
    whole in time, and the longest-waiting one when the connections are at the cap."""

    _request_timer: asyncio.TimerHandle | None = None
    _waiting_since = 0.0

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)  # type: ignore[arg-type]
        self._waiting_since = self.loop.time()
        self._arm()
        if len(self.connections) > LIMIT_CONNECTIONS:
            self._make_room()

    def waiting(self) -> bool:
        """No request of this connection is being answered: it is idle (kept alive) or
        still sending one."""
        return self.cycle is None or self.cycle.response_complete

    def _received_whole(self) -> bool:
        return self.cycle is not None and not self.cycle.response_complete and not self.cycle.more_body

    def _arm(self) -> None:
        if self._request_timer is None:
            self._request_timer = self.loop.call_later(REQUEST_TIMEOUT, self._close_if_slow)

    def _close_if_slow(self) -> None:
        self._request_timer = None
        if not self._received_whole() and not self.transport.is_closing():
            self.transport.close()

    def data_received(self, data: bytes) -> None:
        # The first bytes of a request after the last answer: that request has its time.
        if self.waiting():
            self._arm()
        super().data_received(data)

    def on_response_complete(self) -> None:
        if self._request_timer is not None:
            self._request_timer.cancel()
            self._request_timer = None
        self._waiting_since = self.loop.time()
        super().on_response_complete()

    def _make_room(self) -> None:
        """Close the connection (not this one) that has waited longest without a request
        being answered: one that only holds a socket never outranks one that asks."""
        idle = [
            other
            for other in self.connections
            if other is not self and isinstance(other, Http11) and other.waiting()
        ]
        if idle:
            oldest = min(idle, key=lambda other: other._waiting_since)
            if not oldest.transport.is_closing():
                oldest.transport.close()

    def connection_lost(self, exc: Exception | None) -> None:
        if self._request_timer is not None:
            self._request_timer.cancel()
            self._request_timer = None
        super().connection_lost(exc)


class BugLine(logging.Handler):
    """What the server's loggers may print: an exception that is not the network's, as one
    line on stderr; nothing else (uvicorn's notes, disconnects, resets, timeouts)."""

    def emit(self, record: logging.LogRecord) -> None:
        if record.levelno < logging.ERROR or record.exc_info is None:
            return
        error = record.exc_info[1]
        if error is None or isinstance(error, _NETWORK):
            return
        from ..i18n.language import t

        line = "chicago serve: " + t(
            "unexpected error ({error_type}: {error}); this is a bug in chicago-protokoll",
            error_type=type(error).__name__,
            error=error,
        )
        with contextlib.suppress(OSError, ValueError):
            print(line, file=sys.stderr, flush=True)


def quiet_logging() -> None:
    """uvicorn's and asyncio's loggers through `BugLine` only, never the root's."""
    handler = BugLine()
    for name in ("uvicorn", "uvicorn.error", "uvicorn.access", "asyncio"):
        logger = logging.getLogger(name)
        logger.handlers = [handler]
        logger.propagate = False
        logger.setLevel(logging.ERROR)


def listen(host: str, port: int) -> socket.socket:
    """A listening TCP socket on ``host``:``port`` (IPv6 when the address is); OSError as
    the system says it."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(BACKLOG)
    except OSError:
        sock.close()
        raise
    sock.set_inheritable(True)
    return sock


class Server(uvicorn.Server):
    """Ends every stream first when stopping, so Ctrl-C does not wait for the phones."""

    def __init__(self, config: uvicorn.Config, board: Source) -> None:
        super().__init__(config)
        self.board = board

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        self.board.stop()
        await super().shutdown(sockets)


def prepare(app: Any, board: Source) -> Server:
    """The server for ``app``, its logging quiet, and Ctrl-C (or SIGTERM) from now on a
    request to stop: one that comes while the URL is printed or uvicorn starts stops the
    server as soon as it runs, never as a traceback from the middle of its start-up."""
    quiet_logging()
    config = uvicorn.Config(
        app,
        log_config=None,
        access_log=False,
        lifespan="on",
        loop="asyncio",
        http=Http11,
        ws="none",
        interface="asgi3",
        limit_concurrency=HARD_LIMIT,
        timeout_keep_alive=int(KEEP_ALIVE),
        timeout_graceful_shutdown=int(GRACE),
        server_header=False,
        date_header=True,
        backlog=BACKLOG,
    )
    server = Server(config, board)
    for stop in (signal.SIGINT, signal.SIGTERM):
        signal.signal(stop, server.handle_exit)
    return server


def serve(server: Server, sock: socket.socket) -> None:
    """Serve on ``sock`` until asked to stop; then the signals are as they were at start."""
    try:
        server.run(sockets=[sock])
    finally:
        signal.signal(signal.SIGINT, signal.default_int_handler)
        signal.signal(signal.SIGTERM, signal.SIG_DFL)


def lan_address() -> str | None:
    """The address other machines on the network reach this one at: that of the interface
    a packet to the outside would leave by (a UDP socket sends nothing on connect)."""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed anywhere
        address: str = probe.getsockname()[0]
        if not address.startswith("127."):
            return address
    return None
