"""`chicago serve`: the live scoreboard, run as a user runs it (the installed command in
its own process) and watched over HTTP and in a real browser (tests/browser_support.py)."""

from __future__ import annotations

import http.client
import json
import os
import re
import selectors
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from browser_support import horizontal_overflow, launch, new_page, overflowing_elements
from cli_support import ANNA_23_DEAL, CHICAGO, ENGLISH, SEED_000_DEAL, ok, run, session_file

if TYPE_CHECKING:
    from playwright.sync_api import Browser

PLAYERS = ("Anna", "Bo", "Cilla", "Dagny")


class Served:
    """A `chicago serve` in its own process, stopped with Ctrl-C (SIGINT) at the end."""

    def __init__(self, *args: str, env: dict[str, str] | None = None) -> None:
        self.process = subprocess.Popen(
            [str(CHICAGO), *args, "serve", "--port", "0"]
            if args[:1] == ("--lang",)
            else [str(CHICAGO), "serve", "--port", "0", *args],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, **ENGLISH, **(env or {})},
        )
        assert self.process.stdout is not None
        self.lines: list[str] = []
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            line = self.process.stdout.readline()
            if not line:
                break
            self.lines.append(line)
            if "Ctrl-C" in line:
                break
        found = re.search(r"http://[^ ;]+/", "".join(self.lines))
        assert found, "".join(self.lines) + self.process.stderr.read()  # type: ignore[union-attr]
        self.url = found.group(0)
        self.port = int(self.url.rsplit(":", 1)[1].strip("/"))

    def get(self, path: str, headers: dict[str, str] | None = None) -> tuple[int, str]:
        """GET ``path`` exactly as written (http.client sends it untouched: no ``..`` folding)."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        try:
            connection.request("GET", path, headers=headers or {})
            response = connection.getresponse()
            return response.status, response.read().decode()
        finally:
            connection.close()

    def status(self) -> dict[str, Any]:
        code, body = self.get("/status.json")
        assert code == 200, body
        data: dict[str, Any] = json.loads(body)
        return data

    def stop(self) -> tuple[int, str, str]:
        """Ctrl-C; the exit status, and what it printed after the URL."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
        out, err = self.process.communicate(timeout=20)
        return self.process.returncode, out, err


def chicago(*args: str) -> str:
    done = run(*args)
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.fixture
def table(chicago_home: Path) -> Path:
    """A session of four, one deal recorded (in process: quicker than two more processes)."""
    ok("new", "fredag", *PLAYERS)
    ok(*SEED_000_DEAL)
    return session_file("fredag")


@pytest.fixture
def served(table: Path) -> Iterator[Served]:
    server = Served()
    yield server
    code, _, err = server.stop()
    assert code == 0 and "Traceback" not in err, err


def wait_for(check: Any, timeout: float = 2.0) -> float:
    """Seconds until ``check()`` is true; fails after ``timeout``."""
    start = time.monotonic()
    while not check():
        assert time.monotonic() - start < timeout, "not within the time"
        time.sleep(0.02)
    return time.monotonic() - start


# -- over HTTP ------------------------------------------------------------------------------


def test_serve_prints_its_url_on_the_loopback_address(served: Served) -> None:
    """It says where to look; without --host it listens on 127.0.0.1 only."""
    assert served.url.startswith("http://127.0.0.1:")
    listening = Path("/proc/net/tcp").read_text().splitlines()[1:]
    ours = [line.split() for line in listening if line.split()[1].endswith(f":{served.port:04X}")]
    assert ours and all(fields[1].startswith("0100007F:") for fields in ours)  # 127.0.0.1


def test_status_json_is_the_object_of_status_json(served: Served) -> None:
    assert served.status() == json.loads(chicago("status", "--json"))
    ok(*ANNA_23_DEAL)
    wait_for(lambda: served.status()["deal"] == 3)
    assert served.status() == json.loads(chicago("status", "--json"))


def test_every_other_path_is_404_and_no_file_is_served(served: Served) -> None:
    for path in (
        "/../../etc/passwd",
        "/..%2f..%2fetc%2fpasswd",
        "/sessions/fredag.toml",
        "/sessions/../sessions/fredag.toml",
        "/fredag.toml",
        "/index.html",
        "/favicon.ico",
        "//etc/passwd",
        "/status.json/",
        "/events/../../etc/passwd",
    ):
        code, body = served.get(path)
        assert code == 404, path
        assert "root:" not in body and "players" not in body


def test_it_is_read_only(served: Served) -> None:
    before = session_file("fredag").read_bytes()
    for method in ("POST", "PUT", "DELETE"):
        connection = http.client.HTTPConnection("127.0.0.1", served.port, timeout=10)
        connection.request(method, "/", body=b"x")
        assert connection.getresponse().status == 501
        connection.close()
    assert session_file("fredag").read_bytes() == before


def test_a_deal_and_an_undo_in_other_processes_are_picked_up(served: Served) -> None:
    """`deal` appends, `undo` replaces the file (atomic rename): both show within a second."""
    assert served.status()["deal"] == 2
    chicago(*ANNA_23_DEAL)
    wait_for(lambda: served.status()["deal"] == 3, timeout=1.5)
    assert {p["name"]: p["score"] for p in served.status()["players"]}["Anna"] == 27
    chicago("undo", "--deal")
    wait_for(lambda: served.status()["deal"] == 2, timeout=1.5)


def test_a_damaged_file_shows_a_plain_message_and_the_server_survives(served: Served) -> None:
    path = session_file("fredag")
    good = path.read_bytes()
    path.write_bytes(good[: len(good) // 2] + b"\n[[[ not toml")
    wait_for(lambda: served.get("/status.json")[0] == 503)
    code, page = served.get("/")
    assert code == 200
    assert 'class="problem"' in page and "as soon as the file can be read" in page
    assert "Traceback" not in page
    assert json.loads(served.get("/status.json")[1])["error"]
    path.write_bytes(good)
    wait_for(lambda: served.get("/status.json")[0] == 200)
    assert served.process.poll() is None


def test_a_finished_game_shows_the_winner_and_the_settlement(table: Path) -> None:
    for _ in range(3):  # Anna: 4, 27, 50, 73
        ok(*ANNA_23_DEAL)
    assert json.loads(ok("status", "--json"))["finished"]
    server = Served("--stake", "2")
    try:
        code, page = server.get("/")
        assert code == 200
        assert re.search(r'class="winners">Anna — \d+ points', page)
        assert '<table class="settlement">' in page
        assert server.status()["winners"] == ["Anna"]
    finally:
        assert server.stop()[0] == 0


def test_ctrl_c_stops_it_cleanly(table: Path) -> None:
    server = Served()
    code, out, err = server.stop()
    assert code == 0
    assert "Stopped." in out
    assert err == ""


def test_in_swedish(table: Path) -> None:
    server = Served("--lang", "sv")
    try:
        assert "Ctrl-C stoppar servern." in "".join(server.lines)
        page = server.get("/")[1]
        assert '<html lang="sv">' in page and "Ställning" in page and "Givare" in page
    finally:
        assert server.stop()[0] == 0


def test_a_busy_port_is_refused_in_one_line(served: Served) -> None:
    done = run("serve", "--port", str(served.port))
    assert done.returncode == 1
    assert done.stderr.startswith("chicago: cannot listen on 127.0.0.1 port")
    assert "try another --port" in done.stderr
    assert len(done.stderr.splitlines()) == 1 and "Traceback" not in done.stderr


def test_on_the_network_it_prints_a_qr_code_of_its_url(table: Path) -> None:
    """--host 0.0.0.0: the URL with this machine's address, and a QR code a phone can scan
    (a full QR code, not a Micro QR code that cameras cannot read)."""
    import segno

    server = Served("--host", "0.0.0.0")
    try:
        printed = "".join(server.lines)
        assert "scan to watch" in printed
        code = segno.make(server.url, micro=False)
        assert not code.is_micro
        drawn = [line for line in printed.splitlines() if "█" in line or "▀" in line]
        assert len(drawn) >= (code.symbol_size()[1]) // 2
        assert server.get("/status.json")[0] == 200
    finally:
        assert server.stop()[0] == 0


def test_only_serve_imports_the_server_and_segno() -> None:
    """Registering `serve` costs the other commands nothing at start-up."""
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys; import chicago_protokoll.cli.app; "
            "print(sorted(m for m in sys.modules if m in ('http.server', 'segno')"
            " or m.split('.')[:2] == ['chicago_protokoll', 'serve']))",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout.strip() == "[]"


def _open_stream(port: int) -> socket.socket:
    stream = socket.create_connection(("127.0.0.1", port), timeout=10)
    stream.sendall(b"GET /events HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n")
    return stream


def test_fifty_phones_and_a_stuck_one_do_not_stop_it_answering(served: Served) -> None:
    """50 open event streams, one client that never finishes its request and one that never
    reads: the page and /status.json still answer at once, and a deal reaches all 50."""
    stuck = socket.create_connection(("127.0.0.1", served.port), timeout=10)
    stuck.sendall(b"GET /events HTTP/1.1\r\n")  # and never the rest
    deaf = _open_stream(served.port)
    deaf.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
    phones = [_open_stream(served.port) for _ in range(50)]
    try:
        received = dict.fromkeys(phones, b"")
        selector = selectors.DefaultSelector()
        for phone in phones:
            selector.register(phone, selectors.EVENT_READ)

        def read_until(marker: bytes, timeout: float) -> None:
            deadline = time.monotonic() + timeout
            while not all(received[p].count(marker) for p in phones):
                assert time.monotonic() < deadline, sum(bool(v) for v in received.values())
                for key, _ in selector.select(0.1):
                    received[key.fileobj] += key.fileobj.recv(65536)  # type: ignore[union-attr]

        read_until(b"event: sheet", 5)  # each phone got the sheet on connecting
        for phone in phones:
            received[phone] = b""
        start = time.monotonic()
        assert served.get("/status.json")[0] == 200
        assert served.get("/")[0] == 200
        assert time.monotonic() - start < 1
        chicago(*ANNA_23_DEAL)
        read_until(b"event: sheet", 3)
        assert all(b"Anna" in data and b"id: " in data for data in received.values())
        selector.close()
    finally:
        for connection in (stuck, deaf, *phones):
            connection.close()


# -- in a real browser ----------------------------------------------------------------------


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with launch() as opened:
        yield opened


@pytest.mark.parametrize("width", [390, 1920])
def test_the_live_page_fits_a_phone_and_a_tv(browser: Browser, served: Served, width: int) -> None:
    page = new_page(browser, width=width, height=900)
    errors: list[str] = []
    page.on(
        "console", lambda message: errors.append(message.text) if message.type == "error" else None
    )
    page.goto(served.url)
    page.wait_for_selector("#live:not(.lost)")  # the event stream is open
    assert horizontal_overflow(page) == 0, overflowing_elements(page)
    for name in PLAYERS:
        assert page.locator(".standings td", has_text=name).first.is_visible()
    assert page.locator(".protocol thead th").all_inner_texts()[2:] == list(PLAYERS)
    assert page.locator("polyline.player").count() == 4
    assert errors == []  # nothing refused by the content security policy


def test_the_page_shows_a_deal_from_another_process_without_a_reload(
    browser: Browser, served: Served
) -> None:
    page = new_page(browser)
    page.goto(served.url)
    page.wait_for_selector("#live:not(.lost)")
    page.evaluate("window.notReloaded = true")
    assert page.locator(".protocol tbody tr").count() == 1  # deal 1
    chicago(*ANNA_23_DEAL)
    # (a locator, not wait_for_function: the page's CSP rightly forbids eval)
    page.locator(".protocol tbody tr").nth(1).wait_for(timeout=2000)
    assert page.evaluate("window.notReloaded === true")
    assert "27" in page.locator(".standings tbody tr").first.inner_text()


def test_the_page_says_plainly_when_the_file_is_damaged(browser: Browser, served: Served) -> None:
    page = new_page(browser)
    page.goto(served.url)
    page.wait_for_selector("#live:not(.lost)")
    path = session_file("fredag")
    good = path.read_bytes()
    path.write_text("this is not a session file\n", encoding="utf-8")
    page.wait_for_selector(".problem", timeout=2000)
    assert "fredag" in page.locator(".problem").inner_text()
    path.write_bytes(good)
    page.wait_for_selector(".protocol", timeout=2000)
    assert page.locator(".problem").count() == 0
