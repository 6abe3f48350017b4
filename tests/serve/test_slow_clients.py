"""The server holds (issue 25, item 5): slow kept-alive clients cannot make pages 503, a
phone gone in the middle of a recording form prints nothing, and a table number of
thousands of digits is an address not ours (404), not a 500."""

from __future__ import annotations

import http.client
import socket
import struct
import time
from pathlib import Path

from serve_support import Served, page_fields
from timing_support import at_once, baseline

from chicago_protokoll.serve import run as server_run
from cli_support import ok


def _kept_alive_with_half_a_request(server: Served) -> http.client.HTTPConnection:
    """A connection that had one whole request answered, then sends half of a second."""
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    connection.request("GET", "/status.json", headers={"Host": server.host})
    answer = connection.getresponse()
    answer.read()
    assert answer.status == 200
    assert connection.sock is not None
    connection.sock.sendall(f"GET /status.json HTTP/1.1\r\nHost: {server.host}\r\n".encode())
    return connection


def test_400_slow_kept_alive_connections_leave_the_pages_answering_at_once(
    served: Served,
) -> None:
    """As many connections as the cap, each kept alive and sending half of a second
    request, make no page answer 503: the one that asks is answered at once (the longest
    waiting slow one gives way; beside the page's time before them, not after a timeout)."""
    paths = ("/status.json", "/", "/tv", "/status.json")
    unloaded = {path: baseline(lambda path=path: served.get(path)) for path in set(paths)}
    started = time.monotonic()
    slow = [_kept_alive_with_half_a_request(served) for _ in range(server_run.LIMIT_CONNECTIONS)]
    setup = time.monotonic() - started
    try:
        for path in paths:
            start = time.monotonic()
            code, _ = served.get(path)
            assert code == 200, path
            assert at_once(time.monotonic() - start, unloaded[path], setup), path
    finally:
        for connection in slow:
            connection.close()


def test_half_a_second_request_on_a_kept_alive_connection_is_closed_after_the_timeout(
    served: Served,
) -> None:
    """The request timer covers every request on a connection, not only the first."""
    connection = _kept_alive_with_half_a_request(served)
    assert connection.sock is not None
    # (a generous socket timeout: a loaded machine closes late, never not at all)
    connection.sock.settimeout(6 * server_run.REQUEST_TIMEOUT)
    start = time.monotonic()
    assert connection.sock.recv(1024) == b""  # closed by the server
    waited = time.monotonic() - start
    # kept alive for a few seconds would have closed sooner: this is the request's timer
    assert waited > server_run.REQUEST_TIMEOUT - 1
    connection.close()


def test_a_phone_dropping_in_the_middle_of_a_recording_post_prints_nothing(
    recorder: Served,
) -> None:
    path = recorder.recording()[1]
    code, body = recorder.get(path)
    assert code == 200
    fields = page_fields(body)
    from urllib.parse import urlencode

    form = urlencode({**fields, "do": "note", "text": "x" * 200}).encode()
    for _ in range(5):
        phone = socket.create_connection(("127.0.0.1", recorder.port))
        phone.sendall(
            f"POST {path} HTTP/1.1\r\nHost: {recorder.host}\r\n"
            "Content-Type: application/x-www-form-urlencoded\r\n"
            f"Content-Length: {len(form)}\r\n\r\n".encode()
            + form[: len(form) // 2]
        )
        time.sleep(0.2)  # the server is reading the form now
        phone.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        phone.close()  # gone: a reset, as a phone off the network
    assert recorder.get(path)[0] == 200  # the page answers; the fixture checks stderr


def test_a_table_number_of_thousands_of_digits_is_404(recorder: Served) -> None:
    digits = "9" * 5000
    assert recorder.get(f"/r/{digits}/x")[0] == 404
    assert recorder.get(f"/r/{digits}/x", )[0] == 404
    path = recorder.recording()[1]
    secret = path.rsplit("/", 1)[1]
    assert recorder.get(f"/r/{digits}/{secret}")[0] == 404


def test_a_night_tables_page_of_thousands_of_digits_is_404(chicago_home: Path) -> None:
    ok("night", "new", "klubb", *(f"Spelare {n}" for n in range(1, 9)))
    server = Served("--night", "klubb")
    try:
        assert server.get("/t/1")[0] == 200
        assert server.get("/t/" + "9" * 5000)[0] == 404
        assert server.get("/t/9999999")[0] == 404
    finally:
        code, _, err = server.stop()
    assert code == 0 and err == "", err
