#!/usr/bin/env python3
"""How `chicago serve` does at the table: start-up, write-to-page latency, memory and CPU
while idle, with and without a room of phones.  Not a test: figures for docs/serve.md.

Run it with the interpreter the command is installed for (needs playwright and
/usr/bin/chromium, as the browser tests do)::

    python bench/serve.py                      # about three minutes
    python bench/serve.py --deals 40 --idle 10 # more latency samples, shorter idle spells

It works in a temporary data directory (``CHICAGO_PROTOKOLL_HOME``), never yours.

- start: from starting the process to its URL on stdout, and to the first answer of
  ``/status.json``.
- write-to-page: a phone's page (``/``, 390 px) and the room's screen (``/tv``, 1920 px)
  in headless Chromium each watch their ``<main>`` with a MutationObserver; each entry
  is a deal recorded by `chicago deal` in another process, and its latency is the time
  the later of the two pages changed less the session file's mtime (the moment the
  write landed).  Both are this machine's wall clock.  The goal: median <= 1 s.
- memory: the server's resident set (VmRSS) idle, with ``--streams`` open event streams
  (33: a night of 8 tables with 4 phones each and one TV), and after one deal has been
  pushed to all of them.
- idle CPU: the server's user + system time over ``--idle`` seconds of quiet (60 by
  default, as issue 18 asks), as a share of one core, with no client and with the
  streams open.
- tap-to-page (``serve --record``): a recording page at 390 px taps an entry (a köp's
  pass, then undo, in turn); its latency is from the tap (the tapping page's clock) to
  the later of a phone's read-only sheet and the TV changing.  Goal: median <= 1 s.
- a night (``serve --night --record``): 8 tables of 4, a stream for each of the 32
  phones (4 a table, each following its table's sheet) and one for the room's board;
  memory idle and after a deal at every table, idle CPU over ``--idle`` seconds.
  Goals: <= 60 MiB, < 1 % of a core.
- the room at scale (``--only scale``; issue 39): a night of ``--tables`` tables of 4
  (32), ``--phones`` phones a table (4) and the board and the TV: the 130 clients in one
  separate process (bench/room_clients.py), at the server's default limits.  p95 of
  ``--taps`` taps (a recording form sent to every page updated; goal <= 0.3 s), the
  server's VmRSS after ``--minutes`` with the streams open (10; goal <= 150 MiB), its CPU
  over ``--idle`` seconds with them open and no taps (goal <= 2 % of a core), and the
  machine's load average beside.

``--only`` runs some parts (``start,taps,night,scale``; every part by default); the
suite runs ``--only taps,scale`` at its smallest size (tests/serve/test_bench_serve.py)
so the benchmark cannot rot with the pages.
"""

from __future__ import annotations

import argparse
import os
import re
import selectors
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

CHICAGO = Path(sys.executable).parent / "chicago"
PLAYERS = ("Anna", "Bo", "Cilla", "Dagny")
DEAL = ("deal", "--buy", "Anna:pair", "--buy", "Bo:two pair", "--last-trick", "Cilla")
SHOWDOWN = ("--showdown", "Dagny:flush")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def chicago(env: dict[str, str], *args: str) -> None:
    subprocess.run([str(CHICAGO), *args], env=env, check=True, capture_output=True)


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS")


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def idle_cpu(pid: int, seconds: float) -> float:
    """The server's CPU time over ``seconds`` of quiet, as a percentage of one core."""
    before, start = cpu_seconds(pid), time.monotonic()
    time.sleep(seconds)
    return 100 * (cpu_seconds(pid) - before) / (time.monotonic() - start)


def open_streams(port: int, count: int) -> list[socket.socket]:
    """``count`` event streams, the last one the TV's, as browsers open them (the server
    answers only to its own names: the Host is the printed address)."""
    streams = []
    for number in range(count):
        view = "tv" if number == count - 1 else "sheet"
        stream = socket.create_connection(("127.0.0.1", port), timeout=10)
        stream.sendall(
            f"GET /events?view={view} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode()
        )
        streams.append(stream)
    return streams


def drain_until(streams: list[socket.socket], marker: bytes, timeout: float) -> None:
    """Read every stream until each has shown ``marker`` once."""
    seen = dict.fromkeys(streams, b"")
    selector = selectors.DefaultSelector()
    for stream in streams:
        selector.register(stream, selectors.EVENT_READ)
    deadline = time.monotonic() + timeout
    while not all(marker in data for data in seen.values()):
        if time.monotonic() > deadline:
            raise RuntimeError("not every stream got the event")
        for key, _ in selector.select(0.1):
            sock: socket.socket = key.fileobj  # type: ignore[assignment]
            seen[sock] += sock.recv(65536)
    selector.close()


def wait_changed(page: object) -> float:
    """The wall-clock ms at which the page's <main> changed, once it has."""
    deadline = time.monotonic() + 5
    while not (changed := page.evaluate("() => window.changed")):  # type: ignore[attr-defined]
        if time.monotonic() > deadline:
            raise RuntimeError("the page did not change within 5 s")
        time.sleep(0.005)
    return float(changed)


def start(env: dict[str, str], *args: str) -> tuple[subprocess.Popen[str], str, list[str]]:
    """A server with ``args``; its process, its URL and every line it printed before
    "Ctrl-C"."""
    server = subprocess.Popen(
        [str(CHICAGO), "serve", "--port", "0", *args],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert server.stdout is not None
    lines = []
    while "Ctrl-C" not in (line := server.stdout.readline()):
        assert line, server.stderr.read() if server.stderr else ""
        lines.append(line)
    url = re.search(r"http://\S+/", lines[0])
    assert url, lines
    return server, url.group(0), lines


def tap_latency(env: dict[str, str], taps: int) -> list[float]:
    """Seconds from a tap on the recording page to the read-only sheet and the TV both
    showing it, for ``taps`` taps (a pass, then its undo)."""
    chicago(env, "new", "tap", *PLAYERS)
    server, base, lines = start(env, "--record")
    recording = re.search(r"table 1: (http://\S+)", "".join(lines))
    assert recording, lines
    from playwright.sync_api import sync_playwright

    latencies: list[float] = []
    try:
        with sync_playwright() as driver:
            browser = driver.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
            keeper = browser.new_page(viewport={"width": 390, "height": 844})
            keeper.goto(recording.group(1))
            phone = browser.new_page(viewport={"width": 390, "height": 844})
            phone.goto(base)
            tv = browser.new_page(viewport={"width": 1920, "height": 1080})
            tv.goto(base + "tv")
            watchers = (phone, tv)
            for page in (keeper, *watchers):
                page.wait_for_selector("#live:not(.lost)")
            for page in watchers:
                page.evaluate(
                    """() => { window.changed = 0;
                       new MutationObserver(() => { window.changed = Date.now(); })
                         .observe(document.querySelector('main'), {childList: true}); }"""
                )
            for number in range(taps):
                for page in watchers:
                    page.evaluate("() => { window.changed = 0; }")
                button = (
                    keeper.locator('section.moment button[value="pass"]')
                    if number % 2 == 0
                    else keeper.locator('form:has(input[name="do"][value="undo"]) button')
                )
                # The page's script sends the form and puts its answer in the page's
                # place (static/outbox.js): the tapped <main> is gone when it is shown.
                keeper.evaluate("() => { document.querySelector('main').dataset.tapped = '1'; }")
                tapped = float(keeper.evaluate("() => Date.now()"))
                button.click()
                keeper.wait_for_selector("main:not([data-tapped])")
                keeper.wait_for_selector("#live:not(.lost)")
                latencies.append((max(wait_changed(page) for page in watchers) - tapped) / 1000)
            browser.close()
    finally:
        server.send_signal(2)
        server.wait(timeout=10)
    return latencies


def night_figures(env: dict[str, str], idle: float) -> tuple[int, int, int, float]:
    """A night of 8 tables of 4 with 32 phones and one board: VmRSS (KiB) idle, with the
    streams, after a deal at every table; idle CPU (% of a core) with the streams."""
    chicago(env, "night", "new", "klubb", *(f"Spelare {n}" for n in range(1, 33)))
    server, base, _ = start(env, "--night", "klubb", "--record")
    port = int(base.rsplit(":", 1)[1].strip("/"))
    try:
        time.sleep(1)
        rss_idle = rss_kib(server.pid)
        streams = []
        for table in range(1, 9):
            for _ in range(4):
                stream = socket.create_connection(("127.0.0.1", port), timeout=10)
                stream.sendall(
                    f"GET /events?view=t{table} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode()
                )
                streams.append(stream)
        board = socket.create_connection(("127.0.0.1", port), timeout=10)
        board.sendall(f"GET /events?view=board HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
        streams.append(board)
        drain_until(streams, b"event: sheet", 10)
        rss_streams = rss_kib(server.pid)
        cpu = idle_cpu(server.pid, idle)
        for table in range(1, 9):
            chicago(env, "deal", "--session", f"klubb-r1-t{table}", "--buy", "pass", "--last-trick",
                    _first_player(env, f"klubb-r1-t{table}"))
        time.sleep(1)
        rss_pushed = rss_kib(server.pid)
        for stream in streams:
            stream.close()
    finally:
        server.send_signal(2)
        server.wait(timeout=10)
    return rss_idle, rss_streams, rss_pushed, cpu


def scale_figures(
    env: dict[str, str], tables: int, phones: int, taps: int, minutes: float, idle: float
) -> dict[str, float]:
    """The room at scale: a night of ``tables`` tables of 4, ``phones`` streams a table and
    the board's and the TV's, all in one other process (bench/room_clients.py)."""
    import json

    players = [f"Spelare {n}" for n in range(1, 4 * tables + 1)]
    chicago(env, "night", "new", "stor", *players, "--seed", "1")
    server, base, lines = start(env, "--night", "stor", "--record")
    host = base.split("//", 1)[1].strip("/")
    port = int(host.rsplit(":", 1)[1])
    found = dict(re.findall(r"(?:table|bord) (\d+): http://[^/]+(/r/\d+/\S+)", "".join(lines)))
    paths = [found[str(number)] for number in range(1, tables + 1)]
    clients = subprocess.Popen(
        [sys.executable, str(Path(__file__).with_name("room_clients.py")), "--port", str(port),
         "--host", f"127.0.0.1:{port}", "--phones", str(phones), "--taps", str(taps), *paths],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
    )
    assert clients.stdin is not None and clients.stdout is not None

    def said(key: str) -> Any:
        line = clients.stdout.readline() if clients.stdout else ""
        if not line:
            raise RuntimeError(f"the clients' process ended before saying {key}")
        return json.loads(line)[key]

    try:
        streams = int(said("ready"))
        opened = time.monotonic()
        latencies: list[float] = said("latencies")
        cpu = idle_cpu(server.pid, idle)
        load = os.getloadavg()
        time.sleep(max(0.0, opened + minutes * 60 - time.monotonic()))
        rss = rss_kib(server.pid)
        clients.stdin.close()
        lost = int(said("lost"))
        clients.wait(timeout=30)
    finally:
        if clients.poll() is None:
            clients.kill()
        server.send_signal(2)
        server.wait(timeout=10)
    ordered = sorted(latencies)
    p95 = ordered[min(len(ordered) - 1, max(0, round(0.95 * len(ordered)) - 1))]
    return {
        "streams": streams, "taps": len(latencies), "median": statistics.median(latencies),
        "p95": p95, "max": ordered[-1], "rss_mib": rss / 1024, "cpu": cpu,
        "load1": load[0], "load5": load[1], "load15": load[2], "lost": lost,
        "minutes": (time.monotonic() - opened) / 60 if minutes else 0.0,
    }


def print_scale(figures: dict[str, float], tables: int, phones: int, idle: float) -> None:
    p95, rss, cpu = figures["p95"], figures["rss_mib"], figures["cpu"]
    print(
        f"the room at scale: {tables} tables, {phones} phones a table, the board and the TV: "
        f"{figures['streams']:.0f} streams from one process ({figures['lost']:.0f} lost)"
    )
    print(
        f"  tap-to-every-page over {figures['taps']:.0f} taps: p95 {p95:.3f} s, median "
        f"{figures['median']:.3f} s, max {figures['max']:.3f} s "
        f"(goal p95 <= 0.3 s: {'met' if p95 <= 0.3 else 'NOT met'})"
    )
    print(
        f"  VmRSS after {figures['minutes']:.1f} min with the streams open: {rss:.1f} MiB "
        f"(goal <= 150 MiB: {'met' if rss <= 150 else 'NOT met'})"
    )
    print(
        f"  CPU over {idle:.0f} s with the streams open, no taps: {cpu:.2f} % of a core "
        f"(goal <= 2 %: {'met' if cpu <= 2 else 'NOT met'}); load average "
        f"{figures['load1']:.2f} {figures['load5']:.2f} {figures['load15']:.2f} "
        f"on {os.cpu_count()} CPUs"
    )


def _first_player(env: dict[str, str], session: str) -> str:
    import json

    done = subprocess.run(
        [str(CHICAGO), "status", "--session", session, "--json"],
        env=env, check=True, capture_output=True, text=True,
    )
    return str(json.loads(done.stdout)["players"][0]["name"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=20, help="latency samples (deals)")
    parser.add_argument("--idle", type=float, default=60.0, help="seconds of each idle spell")
    parser.add_argument("--streams", type=int, default=33, help="event streams held open")
    parser.add_argument("--only", default="start,taps,night,scale", help="the parts to run")
    parser.add_argument("--tables", type=int, default=32, help="the scale run's tables")
    parser.add_argument("--phones", type=int, default=4, help="the scale run's phones a table")
    parser.add_argument("--taps", type=int, default=64, help="the scale run's taps")
    parser.add_argument("--minutes", type=float, default=10, help="the scale run's RSS wait")
    options = parser.parse_args()
    parts = set(options.only.split(","))

    home = Path(tempfile.mkdtemp(prefix="chicago-bench-serve-"))
    env = {**os.environ, "CHICAGO_PROTOKOLL_HOME": str(home), "CHICAGO_LANG": "en"}
    print(f"chicago serve, Python {sys.version.split()[0]}, {os.cpu_count()} CPUs", flush=True)
    if "start" in parts:
        one_session(env, home, options)
    if "taps" in parts:
        taps = tap_latency(env, options.deals)
        median = statistics.median(taps)
        print(
            f"tap-to-page (recording page -> phone and TV) over {len(taps)} taps: median "
            f"{median:.3f} s, min {min(taps):.3f} s, max {max(taps):.3f} s "
            f"(goal: median <= 1 s: {'met' if median <= 1 else 'NOT met'})", flush=True
        )
    if "night" in parts:
        idle_night, streams_night, pushed_night, cpu_night = night_figures(env, options.idle)
        print(
            f"night of 8 tables, 32 phones and a board: VmRSS idle {idle_night / 1024:.1f} MiB, "
            f"33 streams {streams_night / 1024:.1f} MiB, after a deal at every table "
            f"{pushed_night / 1024:.1f} MiB (goal <= 60); idle CPU {cpu_night:.2f} % of a core "
            f"over {options.idle:.0f} s (goal < 1)", flush=True
        )
    if "scale" in parts:
        figures = scale_figures(
            env, options.tables, options.phones, options.taps, options.minutes, options.idle
        )
        print_scale(figures, options.tables, options.phones, options.idle)


def one_session(env: dict[str, str], home: Path, options: argparse.Namespace) -> None:
    """One session: start-up, write-to-page, memory and idle CPU with ``--streams``."""
    chicago(env, "new", "fredag", *PLAYERS)
    session = home / "sessions" / "fredag.toml"
    assert session.exists(), session

    started = time.monotonic()
    server = subprocess.Popen(
        [str(CHICAGO), "serve", "--port", "0"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert server.stdout is not None
    first = server.stdout.readline()
    printed = time.monotonic() - started
    url = re.search(r"http://\S+/", first)
    assert url, first
    base = url.group(0)
    port = int(base.rsplit(":", 1)[1].strip("/"))
    with urllib.request.urlopen(base + "status.json", timeout=10) as answer:
        answer.read()
    answered = time.monotonic() - started

    latencies: list[float] = []
    try:
        from playwright.sync_api import sync_playwright

        with sync_playwright() as driver:
            browser = driver.chromium.launch(
                executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS
            )
            phone = browser.new_page(viewport={"width": 390, "height": 844})
            phone.goto(base)
            tv = browser.new_page(viewport={"width": 1920, "height": 1080})
            tv.goto(base + "tv")
            pages = (phone, tv)
            for page in pages:
                page.wait_for_selector("#live:not(.lost)")
                # The wall-clock moment (ms since the epoch) <main> last changed in the DOM.
                page.evaluate(
                    """() => { window.changed = 0;
                       new MutationObserver(() => { window.changed = Date.now(); })
                         .observe(document.querySelector('main'), {childList: true}); }"""
                )

            def forget() -> None:
                for page in pages:
                    page.evaluate("() => { window.changed = 0; }")

            for _ in range(options.deals):
                forget()
                chicago(env, *DEAL, *SHOWDOWN)
                written = session.stat().st_mtime_ns / 1e6
                latencies.append((max(wait_changed(page) for page in pages) - written) / 1000)
                # Take the deal back (and let the pages show it), so every sample is the
                # same deal 1 and the game never ends.
                forget()
                chicago(env, "undo", "--deal")
                for page in pages:
                    wait_changed(page)
            browser.close()

        rss_idle = rss_kib(server.pid)
        cpu_idle = idle_cpu(server.pid, options.idle)
        streams = open_streams(port, options.streams)
        drain_until(streams, b"event: sheet", 10)
        rss_streams = rss_kib(server.pid)
        cpu_streams = idle_cpu(server.pid, options.idle)
        chicago(env, *DEAL, *SHOWDOWN)
        drain_until(streams, b"event: sheet", 10)
        rss_pushed = rss_kib(server.pid)
        for stream in streams:
            stream.close()
    finally:
        server.send_signal(2)
        server.wait(timeout=10)

    print(
        f"start: URL printed after {printed * 1000:.0f} ms, first answer after "
        f"{answered * 1000:.0f} ms"
    )
    median = statistics.median(latencies)
    print(
        f"write-to-page (phone and TV) over {len(latencies)} deals: median {median:.3f} s, "
        f"min {min(latencies):.3f} s, max {max(latencies):.3f} s "
        f"(goal: median <= 1 s: {'met' if median <= 1 else 'NOT met'})"
    )
    count = options.streams
    print(
        f"memory (VmRSS): idle {rss_idle / 1024:.1f} MiB, {count} streams "
        f"{rss_streams / 1024:.1f} MiB, after a push to {count} {rss_pushed / 1024:.1f} MiB"
    )
    print(
        f"idle CPU: {cpu_idle:.2f} % of a core with no client, {cpu_streams:.2f} % with {count} "
        f"streams (over {options.idle:.0f} s each)"
    )


if __name__ == "__main__":
    main()
