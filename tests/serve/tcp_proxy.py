"""A small TCP proxy for the tests of the recording page's outbox: between the phones and
`chicago serve`, it loses requests the way a room's Wi-Fi does.  Not a test module.

For each request a phone sends (read off the connection: the request line, the headers
and a ``Content-Length`` body), ``fate(request_line)`` decides:

- ``"pass"``: forwarded, and its answer too;
- ``"before"``: the connection is closed before the request reaches the server;
- ``"after"``: the request reaches the server (which records it), the connection is
  closed as the answer begins: the phone hears nothing;
- ``"answer"``: the answer is cut off after its first bytes.

It listens on ``[::1]`` at the server's own port (the server listens on 127.0.0.1), so
the ``Host`` a browser sends, ``[::1]:PORT``, is one the server answers to.  Every
connection has two threads; `close` ends them all.
"""

from __future__ import annotations

import contextlib
import socket
import threading
from collections import Counter
from collections.abc import Callable

Fate = Callable[[bytes], str]


def always_pass(line: bytes) -> str:
    return "pass"


class Proxy:
    def __init__(self, target_port: int, fate: Fate = always_pass, *, host: str = "::1") -> None:
        self.target = ("127.0.0.1", target_port)
        self.fate = fate
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        self.listener = socket.socket(family, socket.SOCK_STREAM)
        self.listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.listener.bind((host, target_port if ":" in host else 0))
        self.listener.listen(256)
        self.port = self.listener.getsockname()[1]
        self.address = (
            f"http://[{host}]:{self.port}" if ":" in host else f"http://{host}:{self.port}"
        )
        self.counts: Counter[str] = Counter()
        self._lock = threading.Lock()
        self._open: set[socket.socket] = set()
        self._closing = False
        self._thread = threading.Thread(target=self._accept, daemon=True)
        self._thread.start()

    def _count(self, what: str) -> None:
        with self._lock:
            self.counts[what] += 1

    def _accept(self) -> None:
        while not self._closing:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            threading.Thread(target=self._serve, args=(client,), daemon=True).start()

    def _track(self, *sockets: socket.socket) -> None:
        with self._lock:
            self._open.update(sockets)

    def _serve(self, client: socket.socket) -> None:
        upstream: socket.socket | None = None
        cut = {"mode": "pass"}
        try:
            self._track(client)
            buffer = b""
            while True:
                request, buffer = _read_request(client, buffer)
                if request is None:
                    return
                fate = self.fate(request.split(b"\r\n", 1)[0])
                self._count(fate)
                if fate == "before":
                    return
                if upstream is None:
                    upstream = socket.create_connection(self.target, timeout=30)
                    self._track(upstream)
                    threading.Thread(
                        target=self._answers, args=(upstream, client, cut), daemon=True
                    ).start()
                cut["mode"] = fate
                upstream.sendall(request)
        except OSError:
            return
        finally:
            if cut["mode"] == "pass" or upstream is None:
                _close(client)
            if upstream is not None and cut["mode"] == "pass":
                with contextlib.suppress(OSError):
                    upstream.shutdown(socket.SHUT_WR)

    def _answers(self, upstream: socket.socket, client: socket.socket, cut: dict[str, str]) -> None:
        try:
            while True:
                data = upstream.recv(65536)
                if not data:
                    return
                if cut["mode"] == "after":
                    return  # the server did it; the phone hears nothing
                if cut["mode"] == "answer":
                    client.sendall(data[: max(1, len(data) // 3)])
                    return
                client.sendall(data)
        except OSError:
            return
        finally:
            _close(client)
            _close(upstream)

    def cut_all(self) -> None:
        """End every open connection now (an event stream included)."""
        with self._lock:
            sockets, self._open = list(self._open), set()
        for sock in sockets:
            _close(sock)

    def close(self) -> None:
        self._closing = True
        _close(self.listener)
        self.cut_all()
        self._thread.join(timeout=5)


def _close(sock: socket.socket) -> None:
    with contextlib.suppress(OSError):
        sock.shutdown(socket.SHUT_RDWR)
    with contextlib.suppress(OSError):
        sock.close()


def _read_request(client: socket.socket, buffer: bytes) -> tuple[bytes | None, bytes]:
    """One whole request off the connection (headers and a Content-Length body), and what
    came after it; None when the phone closed the connection."""
    while b"\r\n\r\n" not in buffer:
        data = client.recv(65536)
        if not data:
            return None, b""
        buffer += data
    head, _, rest = buffer.partition(b"\r\n\r\n")
    length = 0
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value.strip() or b"0")
    while len(rest) < length:
        data = client.recv(65536)
        if not data:
            return None, b""
        rest += data
    return head + b"\r\n\r\n" + rest[:length], rest[length:]
