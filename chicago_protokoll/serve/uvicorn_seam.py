"""The one place the server leans on a private part of uvicorn: its HTTP/1.1 protocol
class (``uvicorn.protocols.http.h11_impl.H11Protocol``), subclassed as `Http11`.

Why not uvicorn's public settings (issue 39, item 3): they cannot hold the room against
slow clients (tests/serve/test_slow_clients.py).  ``timeout_keep_alive`` is disarmed by
the first byte of the next request, so a kept-alive connection that sends half a request
and stops is held for ever, and uvicorn has no setting for a request's own deadline
(``h11_max_incomplete_event_size`` bounds its size, not its time).  ``limit_concurrency``
answers 503 to everyone once the cap is held, where we close the connection that has
waited longest without a request being answered, so idle and slow sockets never hold the
cap against a phone that asks.  Both need the protocol's own events.

So the private names this module uses (``connection_made``, ``data_received``,
``on_response_complete``, ``connection_lost``, ``cycle`` and its ``response_complete``
and ``more_body``, ``connections``, ``loop``, ``transport``) are pinned: uvicorn has an
upper version bound in pyproject.toml, and tests/serve/test_uvicorn_seam.py checks the
installed uvicorn is inside it and still has each name.  Raising the bound is re-running
that test and the slow-client tests on the new version.
"""

from __future__ import annotations

import asyncio

from uvicorn.protocols.http.h11_impl import H11Protocol

LIMIT_CONNECTIONS = 400
REQUEST_TIMEOUT = 10.0  # seconds a connection has to send each request whole

#: The private names of H11Protocol (methods, and attributes of an instance) used here.
USED_METHODS = ("connection_made", "data_received", "on_response_complete", "connection_lost")
USED_ATTRIBUTES = ("cycle", "connections", "loop", "transport")
#: The attributes of the protocol's request cycle (``self.cycle``) used here.
USED_CYCLE = ("response_complete", "more_body")


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
