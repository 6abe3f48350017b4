"""Running the application: uvicorn on a socket bound here, quiet, capped, stopped by Ctrl-C.

- The socket is bound before uvicorn starts, so a busy port is refused in one line (by
  the command) and ``--port 0`` knows its port before the URL is printed.
- At most LIMIT_CONNECTIONS connections (more than the streams' cap, app.MAX_STREAMS):
  one more closes the connection that has waited longest for a request of its own
  (kept alive, or sending one slowly), so idle and slow sockets never hold the cap
  against a phone that asks (`uvicorn_seam.Http11.connection_made`).  Only when every connection is
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

from .board import Source
from .uvicorn_seam import LIMIT_CONNECTIONS, REQUEST_TIMEOUT, Http11

__all__ = ["LIMIT_CONNECTIONS", "REQUEST_TIMEOUT", "Server", "listen", "prepare", "serve"]

# uvicorn's own cap, above ours: reached only when every connection is busy answering.
HARD_LIMIT = LIMIT_CONNECTIONS + 100
KEEP_ALIVE = 5.0  # seconds an idle kept-alive connection stays open
BACKLOG = 1024  # a room of phones opening the page at once are all let in
GRACE = 2.0  # seconds the server waits for requests to end when stopping

# Errors that are the network's, not a bug: a phone gone, a connection reset.
_NETWORK = (OSError, asyncio.CancelledError, asyncio.TimeoutError, ClientDisconnect)


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
