"""`chicago serve`: the live scoreboard, run as a user runs it (the installed command in
its own process) and watched over HTTP and in a real browser (tests/browser_support.py)."""

from __future__ import annotations

import http.client
import json
import re
import selectors
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from serve_support import PLAYERS, Served, chicago, wait_for
from timing_support import at_once, baseline, fastest

from browser_support import horizontal_overflow, new_page, overflowing_elements
from cli_support import ANNA_23_DEAL, ok, run, session_file

if TYPE_CHECKING:
    from playwright.sync_api import Browser


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
    """No method but GET (and HEAD) is answered on a page: 405 Method Not Allowed."""
    before = session_file("fredag").read_bytes()
    for method in ("POST", "PUT", "DELETE"):
        for path in ("/", "/tv", "/status.json"):
            connection = http.client.HTTPConnection("127.0.0.1", served.port, timeout=10)
            connection.request(method, path, body=b"x")
            assert connection.getresponse().status == 405, (method, path)
            connection.close()
    assert session_file("fredag").read_bytes() == before


def test_a_deal_and_an_undo_in_other_processes_are_picked_up(served: Served) -> None:
    """`deal` appends, `undo` replaces the file (atomic rename): both show (how fast: bench/serve.py)."""
    assert served.status()["deal"] == 2
    chicago(*ANNA_23_DEAL)
    wait_for(lambda: served.status()["deal"] == 3)
    assert {p["name"]: p["score"] for p in served.status()["players"]}["Anna"] == 27
    chicago("undo", "--deal")
    wait_for(lambda: served.status()["deal"] == 2)


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

    from chicago_protokoll.present.terminal_qr import QUIET_ZONE, terminal_qr

    server = Served("--host", "0.0.0.0")
    try:
        printed = "".join(server.lines)
        assert "scan to watch" in printed
        code = segno.make(server.url, micro=False)
        assert not code.is_micro
        # black on white with its quiet zone (read back in tests/present/test_terminal_qr.py)
        assert terminal_qr(code.matrix_iter(scale=1, border=QUIET_ZONE), compact=True) in printed
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
            "print(sorted(m for m in sys.modules if m.split('.')[0] in "
            "('segno', 'starlette', 'uvicorn', 'anyio', 'h11')"
            " or m.split('.')[:2] == ['chicago_protokoll', 'serve']))",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout.strip() == "[]"


def test_fifty_phones_and_a_stuck_one_do_not_stop_it_answering(served: Served) -> None:
    """50 open event streams, one client that never finishes its request and one that never
    reads: the page and /status.json still answer at once, and a deal reaches all 50."""
    unloaded = baseline(lambda: (served.status(), served.get("/")))
    started = time.monotonic()
    stuck = socket.create_connection(("127.0.0.1", served.port), timeout=10)
    stuck.sendall(b"GET /events HTTP/1.1\r\n")  # and never the rest
    deaf = served.open_stream()
    deaf.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
    phones = [served.open_stream() for _ in range(50)]
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

        read_until(b"event: sheet", 60)  # each phone got the sheet on connecting
        for phone in phones:
            received[phone] = b""
        setup = time.monotonic() - started

        def answers() -> None:
            assert served.get("/status.json")[0] == 200
            assert served.get("/")[0] == 200

        assert at_once(fastest(answers), unloaded, setup)
        chicago(*ANNA_23_DEAL)
        read_until(b"event: sheet", 60)  # a deadline for a final state, not a speed
        assert all(b"Anna" in data and b"id: " in data for data in received.values())
        selector.close()
    finally:
        for connection in (stuck, deaf, *phones):
            connection.close()


# -- in a real browser ----------------------------------------------------------------------


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
    page.locator(".protocol tbody tr").nth(1).wait_for(timeout=15_000)
    assert page.evaluate("window.notReloaded === true")
    assert "27" in page.locator(".standings tbody tr").first.inner_text()


def test_the_page_says_plainly_when_the_file_is_damaged(browser: Browser, served: Served) -> None:
    page = new_page(browser)
    page.goto(served.url)
    page.wait_for_selector("#live:not(.lost)")
    path = session_file("fredag")
    good = path.read_bytes()
    path.write_text("this is not a session file\n", encoding="utf-8")
    page.wait_for_selector(".problem", timeout=15_000)
    assert "fredag" in page.locator(".problem").inner_text()
    path.write_bytes(good)
    page.wait_for_selector(".protocol", timeout=15_000)
    assert page.locator(".problem").count() == 0


def test_the_live_badge_never_sits_on_a_cell_when_the_phone_scrolls(
    browser: Browser, served: Served
) -> None:
    """The badge belongs to the heading: scrolled at 390×844 it covers no cell of the
    standings or the protocol (a fixed badge covered the right-most column)."""
    for _ in range(6):
        chicago("deal", "--buy", "pass", "--buy", "pass", "--last-trick", PLAYERS[1])
    page = new_page(browser)
    page.goto(served.url)
    page.wait_for_selector("#live:not(.lost)")
    for scrolled in (0, 120, 220, 400):
        page.evaluate(f"window.scrollTo(0, {scrolled})")
        covered = page.evaluate(
            """() => {
                const badge = document.getElementById('live').getBoundingClientRect();
                return [...document.querySelectorAll('td, th')].filter((cell) => {
                    const r = cell.getBoundingClientRect();
                    return r.width > 0 && r.left < badge.right && badge.left < r.right
                        && r.top < badge.bottom && badge.top < r.bottom;
                }).map((cell) => cell.textContent.trim());
            }"""
        )
        assert covered == [], (scrolled, covered)
