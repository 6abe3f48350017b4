"""`chicago serve` on a shared network: only its own names answered (DNS rebinding), the
headers of a read-only page, a cap on streams that leaves the page answering, and
phones that vanish or reset costing nothing but their own request and printing
nothing on the keeper's terminal (the `served` fixture checks that the server printed
nothing but "Stopped.")."""

from __future__ import annotations

import selectors
import socket
import struct
import time

import pytest
from serve_support import Served, chicago
from timing_support import at_once, baseline, fastest

from chicago_protokoll.serve import app as web
from chicago_protokoll.serve import run as server_run
from chicago_protokoll.serve.hosts import allowed_hosts, is_allowed
from cli_support import ANNA_23_DEAL

# -- which Host is answered -----------------------------------------------------------------


@pytest.mark.parametrize(
    "host",
    [
        "evil.example:{port}",
        "evil.example",
        "127.0.0.1.nip.io:{port}",
        "localhost:1",  # our name, another port
        "127.0.0.1",  # without the port
        "localhost.evil.example:{port}",
        "",
    ],
)
def test_a_foreign_host_is_refused_in_plain_text(served: Served, host: str) -> None:
    """A page on another site that points its name at us is refused, and learns nothing."""
    for path in ("/", "/tv", "/status.json", "/events"):
        code, headers, body = served.fetch(path, {"Host": host.format(port=served.port)})
        assert code == 403, (path, host)
        assert headers["content-type"].startswith("text/plain")
        assert "Anna" not in body and "fredag" not in body
        assert "does not answer to the address" in body


def test_a_request_without_a_host_is_refused(served: Served) -> None:
    with socket.create_connection(("127.0.0.1", served.port), timeout=10) as client:
        client.sendall(b"GET /status.json HTTP/1.0\r\n\r\n")
        answer = b""
        while chunk := client.recv(65536):
            answer += chunk
    assert answer.startswith(b"HTTP/1.1 403")
    assert b"Anna" not in answer


@pytest.mark.parametrize(
    "host",
    [
        "127.0.0.1:{port}",
        "localhost:{port}",
        "LOCALHOST:{port}",
        "[::1]:{port}",
        "{machine}:{port}",
        "{short}.local:{port}",
    ],
)
def test_the_names_of_this_machine_are_answered(served: Served, host: str) -> None:
    """The printed address, the loopback names and the machine's own name (a TV plugged
    into the laptop, a phone that knows it by name) are answered."""
    machine = socket.gethostname()
    shown = host.format(port=served.port, machine=machine, short=machine.partition(".")[0])
    for path in ("/", "/tv", "/status.json"):
        code, _, body = served.fetch(path, {"Host": shown})
        assert code == 200, (path, shown, body)


def test_the_names_answered_are_those_cli_md_lists() -> None:
    hosts = allowed_hosts(8052, listen="0.0.0.0", printed=["192.168.1.20"], machine="kortbord")
    for name in ("192.168.1.20", "localhost", "127.0.0.1", "[::1]", "kortbord", "kortbord.local"):
        assert is_allowed(f"{name}:8052", hosts), name
        assert not is_allowed(f"{name}:8053", hosts), name
        assert not is_allowed(name, hosts), name  # a browser sends the port unless it is 80
    assert not is_allowed("0.0.0.0:8052", hosts)  # "all addresses" is no name to visit
    assert not is_allowed("evil.example:8052", hosts)
    assert not is_allowed(None, hosts)
    listen = allowed_hosts(80, listen="10.0.0.7", printed=["10.0.0.7"], machine=None)
    assert is_allowed("10.0.0.7", listen) and is_allowed("10.0.0.7:80", listen)
    ipv6 = allowed_hosts(8052, listen="fe80::1", printed=["fe80::1"], machine=None)
    assert is_allowed("[fe80::1]:8052", ipv6)
    assert not is_allowed("fe80::1:8052", ipv6)


# -- what every answer says -----------------------------------------------------------------


def test_every_answer_carries_the_headers_of_a_read_only_page(served: Served) -> None:
    for path in ("/", "/tv", "/status.json", "/nowhere"):
        _, headers, _ = served.fetch(path, {"Host": served.host})
        assert headers["cache-control"] == "no-store", path
        assert headers["x-content-type-options"] == "nosniff"
        assert headers["referrer-policy"] == "no-referrer"
        assert headers["x-frame-options"] == "DENY"
        assert headers["cross-origin-opener-policy"] == "same-origin"
        policy = headers["content-security-policy"]
        assert policy.startswith("default-src 'none'") and "frame-ancestors 'none'" in policy
        assert "'unsafe-inline'" not in policy
        assert "server" not in headers  # which server, and its version, is nobody's business
    _, headers, _ = served.fetch("/", {"Host": served.host})
    assert "script-src 'self'" in headers["content-security-policy"]  # test_room_policy.py


def test_head_of_a_stream_is_its_headers_only(served: Served) -> None:
    code, headers, body = served.fetch("/events?view=tv", {"Host": served.host}, method="HEAD")
    assert code == 200 and headers["content-type"].startswith("text/event-stream")
    assert body == ""


def test_other_paths_and_views_are_404(served: Served) -> None:
    for path in ("/tv/", "/t/1", "/events?view=bogus", "/events/", "/TV", "/tv.json"):
        code, _ = served.get(path)
        assert code == 404, path


# -- many phones, vanished phones -----------------------------------------------------------


def _reset(connection: socket.socket) -> None:
    """Close as a phone that drops off the network does: at once, with a TCP reset."""
    connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    connection.close()


def test_dropped_and_reset_clients_print_nothing_and_the_page_still_answers(
    served: Served,
) -> None:
    """200 clients that vanish in every way a phone can: reset mid-request, reset while
    streaming, half-open (connected, never a word).  The page answers at once (as fast as
    before them, give or take `timing_support.FACTOR`) while they hang and after; nothing
    is printed (checked when the fixture stops it)."""
    unloaded = baseline(lambda: (served.get("/"), served.get("/tv"), served.status()))
    started = time.monotonic()
    half_open = [socket.create_connection(("127.0.0.1", served.port)) for _ in range(50)]
    for _ in range(50):
        client = socket.create_connection(("127.0.0.1", served.port))
        client.sendall(b"GET /status.json HTTP/1.1\r\nHost: ")
        _reset(client)
    streams = [served.open_stream(view) for view in ("sheet", "tv") * 25]
    for stream in streams:
        stream.recv(1024)  # the stream has begun
    for _ in range(50):  # a whole request, gone before the answer
        client = socket.create_connection(("127.0.0.1", served.port))
        client.sendall(f"GET / HTTP/1.1\r\nHost: {served.host}\r\n\r\n".encode())
        _reset(client)
    setup = time.monotonic() - started
    assert at_once(fastest(lambda: served.get("/")), unloaded, setup)
    assert served.get("/")[0] == 200
    for stream in streams:
        _reset(stream)
    chicago(*ANNA_23_DEAL)  # a push to streams that are gone

    def after() -> None:
        assert served.status()["deal"] in (2, 3)
        assert served.get("/tv")[0] == 200

    assert at_once(fastest(after), unloaded, setup)
    for client in half_open:
        client.close()
    assert served.process.poll() is None


def test_a_silent_connection_is_dropped_after_the_request_timeout(served: Served) -> None:
    """A half-open socket cannot hold one of the connections (the cap) for ever."""
    # (a generous socket timeout: a loaded machine closes late, never not at all)
    silent = socket.create_connection(
        ("127.0.0.1", served.port), timeout=6 * server_run.REQUEST_TIMEOUT
    )
    start = time.monotonic()
    assert silent.recv(1024) == b""  # closed by the server
    waited = time.monotonic() - start
    # not sooner: the request's timer closed it, not the keep-alive's shorter one
    assert waited > server_run.REQUEST_TIMEOUT - 1
    silent.close()


def test_over_the_stream_cap_a_stream_is_told_to_retry_and_the_page_answers(
    served: Served,
) -> None:
    """MAX_STREAMS streams at once are served; the next are answered with a `retry` (so a
    browser comes back later) and closed; the page and /status.json answer at once (beside
    their time before the streams), and a deal still reaches every open stream."""
    unloaded = baseline(lambda: (served.get("/"), served.status()))
    started = time.monotonic()
    phones = [served.open_stream() for _ in range(web.MAX_STREAMS)]
    received = dict.fromkeys(phones, b"")
    selector = selectors.DefaultSelector()
    for phone in phones:
        selector.register(phone, selectors.EVENT_READ)

    def read_until(marker: bytes, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while not all(marker in received[p] for p in phones):
            assert time.monotonic() < deadline, sum(marker in v for v in received.values())
            for key, _ in selector.select(0.1):
                received[key.fileobj] += key.fileobj.recv(65536)  # type: ignore[union-attr]

    try:
        read_until(b"event: sheet", 60)
        extra = [served.open_stream() for _ in range(10)]
        for client in extra:
            answer = b""
            while chunk := client.recv(65536):
                answer += chunk
            assert answer.startswith(b"HTTP/1.1 200")
            assert f"retry: {web.RETRY_LATER_MS}".encode() in answer
            assert b"event: sheet" not in answer
            client.close()
        setup = time.monotonic() - started

        def answers() -> None:
            assert served.get("/")[0] == 200
            assert served.get("/status.json")[0] == 200

        assert at_once(fastest(answers), unloaded, setup)
        for phone in phones:
            received[phone] = b""
        chicago(*ANNA_23_DEAL)
        read_until(b"event: sheet", 60)  # a deadline for a final state, not a speed
    finally:
        selector.close()
        for phone in phones:
            phone.close()
