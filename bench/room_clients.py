#!/usr/bin/env python3
"""The room's phones and screens, in one process, for bench/serve.py's scale run: not a test.

Given a served night (``--port``, ``--host``) and each table's recording page, it opens
``--phones`` event streams a table (each following its table's sheet, as a phone does)
and one each for the board and the night's /tv, reads them all the time as browsers do,
and then taps: one recording page at a time (the tables in turn) sends a köp's pass, then
its undo, as a phone's form does (read the page, post the form).  A tap's latency is from
the moment its form is sent to the moment every page that shows it — the table's phones,
the board and the TV — has received a new view.  One clock (this process's) on both ends.

Speaks on stdout, one JSON object a line: ``{"ready": N}`` when every stream has its
first view, ``{"latencies": [...]}`` after the taps; then holds the streams open, still
reading, until stdin closes, and says ``{"events": N, "lost": N}`` (a stream that ended
early is lost).

Only the standard library: the process is a room of clients, not a browser.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import time
from html.parser import HTMLParser
from urllib.parse import urlencode

MARK = b"event: sheet"


class Forms(HTMLParser):
    """The forms of a page: each form's hidden fields and its buttons' (name, value)."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[tuple[dict[str, str], list[tuple[str, str]]]] = []
        self._open = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = {name: value or "" for name, value in attrs}
        if tag == "form":
            self.forms.append(({}, []))
            self._open = True
        elif self._open and tag == "input" and found.get("type") == "hidden":
            self.forms[-1][0][found.get("name", "")] = found.get("value", "")
        elif self._open and tag == "button":
            self.forms[-1][1].append((found.get("name", ""), found.get("value", "")))

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self._open = False


def tap_form(page: str, undo: bool) -> dict[str, str]:
    """The form a phone sends for a pass at the köp (or, ``undo``, the undo button's)."""
    parser = Forms()
    parser.feed(page)
    for hidden, buttons in parser.forms:
        if undo and hidden.get("do") == "undo":
            return hidden
        if not undo and ("who", "pass") in buttons:
            return {**hidden, "who": "pass"}
    raise RuntimeError("the recording page has no " + ("undo" if undo else "pass") + " button")


class Stream:
    """One event stream, read until the process ends; counts the views it received."""

    def __init__(self, view: str) -> None:
        self.view = view
        self.events = 0
        self.changed = asyncio.Event()
        self.ended = False

    async def run(self, host: str, port: int) -> None:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(f"GET /events?view={self.view} HTTP/1.1\r\nHost: {host}\r\n\r\n".encode())
        await writer.drain()
        tail = b""
        try:
            while data := await reader.read(65536):
                tail += data
                count = tail.count(MARK)
                if count:
                    self.events += count
                    self.changed.set()
                    tail = tail[tail.rindex(MARK) + len(MARK):]
                tail = tail[-len(MARK):] if len(tail) > 4 * len(MARK) else tail
        finally:
            self.ended = True
            writer.close()

    async def next_view(self, after: int) -> None:
        while self.events <= after:
            self.changed.clear()
            if self.events > after:
                return
            await self.changed.wait()


async def request(host: str, port: int, method: str, path: str, form: dict[str, str] | None = None) -> str:
    """One HTTP/1.1 request on its own connection, the answer's body (a redirect's empty)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    body = urlencode(form).encode() if form is not None else b""
    head = f"{method} {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n"
    if form is not None:
        head += f"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {len(body)}\r\n"
    writer.write(head.encode() + b"\r\n" + body)
    await writer.drain()
    answer = await reader.read()
    writer.close()
    status = answer.split(b" ", 2)[1]
    if not status.startswith((b"2", b"3")):
        raise RuntimeError(f"{method} {path}: {answer[:200]!r}")
    return answer.split(b"\r\n\r\n", 1)[1].decode("utf-8", "replace")


def say(**message: object) -> None:
    print(json.dumps(message), flush=True)


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--host", required=True, help="the Host the server answers to")
    parser.add_argument("--phones", type=int, default=4, help="phones (streams) a table")
    parser.add_argument("--taps", type=int, default=64)
    parser.add_argument("recording", nargs="+", help="each table's recording path, table 1 first")
    options = parser.parse_args()
    tables = options.recording
    phones = {
        number: [Stream(f"t{number}") for _ in range(options.phones)]
        for number in range(1, len(tables) + 1)
    }
    screens = [Stream("board"), Stream("tv")]
    streams = [s for table in phones.values() for s in table] + screens
    readers = [asyncio.create_task(s.run(options.host, options.port)) for s in streams]
    for stream in streams:  # each has the newest view at once
        await asyncio.wait_for(stream.next_view(0), 60)
    say(ready=len(streams))

    latencies: list[float] = []
    for number in range(options.taps):
        table = number % len(tables) + 1
        undo = (number // len(tables)) % 2 == 1  # a pass at every table, then every undo
        path = tables[table - 1]
        form = tap_form(await request(options.host, options.port, "GET", path), undo)
        watched = [*phones[table], *screens]
        before = [s.events for s in watched]
        tapped = time.monotonic()
        await request(options.host, options.port, "POST", path, form)
        await asyncio.wait_for(
            asyncio.gather(*(s.next_view(seen) for s, seen in zip(watched, before, strict=True))), 60
        )
        latencies.append(time.monotonic() - tapped)
    say(latencies=latencies)

    # Hold every stream open (and read) until the bench is done measuring.
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)
    say(events=sum(s.events for s in streams), lost=sum(s.ended for s in streams))
    for task in readers:
        task.cancel()


if __name__ == "__main__":
    asyncio.run(main())
