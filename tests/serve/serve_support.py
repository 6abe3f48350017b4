"""What the tests of `chicago serve` share: the server in its own process (`Served`),
the keeper's commands in other processes, waiting for what a page shows.  Not a test
module; conftest.py beside it has the fixtures."""

from __future__ import annotations

import html
import http.client
import json
import os
import re
import signal
import socket
import subprocess
import time
from typing import Any, ClassVar

from cli_support import CHICAGO, ENGLISH, run

PLAYERS = ("Anna", "Bo", "Cilla", "Dagny")


class Served:
    """A `chicago serve` in its own process, stopped with Ctrl-C (SIGINT) at the end.

    Every server started is listed in ``started``: a test that fails before its stop
    leaves it running, and conftest's ``no_server_outlives_its_test`` ends it then (else
    its process, collected during a later test, fails that test with a ResourceWarning)."""

    started: ClassVar[list[Served]] = []

    def __init__(self, *args: str, env: dict[str, str] | None = None) -> None:
        self.process = subprocess.Popen(
            [str(CHICAGO), *args[:2], "serve", "--port", "0", *args[2:]]
            if args[:1] == ("--lang",)
            else [str(CHICAGO), "serve", "--port", "0", *args],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, **ENGLISH, **(env or {})},
        )
        Served.started.append(self)
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
        self.host = f"127.0.0.1:{self.port}"

    def get(self, path: str, headers: dict[str, str] | None = None) -> tuple[int, str]:
        """GET ``path`` exactly as written (http.client sends it untouched: no ``..`` folding)."""
        code, _, body = self.fetch(path, headers)
        return code, body

    def fetch(
        self, path: str, headers: dict[str, str] | None = None, method: str = "GET"
    ) -> tuple[int, dict[str, str], str]:
        """The status, the headers (names in lower case) and the body of a request."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        try:
            connection.request(method, path, headers=headers or {})
            response = connection.getresponse()
            found = {name.lower(): value for name, value in response.getheaders()}
            return response.status, found, response.read().decode()
        finally:
            connection.close()

    def recording(self) -> dict[int, str]:
        """The recording addresses it printed (``--record``), by table: path and secret."""
        found = re.findall(r"(?:table|bord) (\d+): http://[^/]+(/r/\d+/\S+)", "".join(self.lines))
        return {int(number): path for number, path in found}

    def keeper(self) -> str:
        found = re.search(r"http://[^/]+(/k/\S+)", "".join(self.lines))
        assert found, "".join(self.lines)
        return found.group(1)

    def post(
        self, path: str, form: dict[str, str], headers: dict[str, str] | None = None
    ) -> tuple[int, str]:
        """POST ``form`` as a browser sends a form (urlencoded)."""
        from urllib.parse import urlencode

        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=20)
        try:
            connection.request(
                "POST",
                path,
                body=urlencode(form),
                headers={
                    "Host": self.host,
                    "Content-Type": "application/x-www-form-urlencoded",
                    **(headers or {}),
                },
            )
            response = connection.getresponse()
            return response.status, response.read().decode()
        finally:
            connection.close()

    def status(self) -> dict[str, Any]:
        code, body = self.get("/status.json")
        assert code == 200, body
        data: dict[str, Any] = json.loads(body)
        return data

    def open_stream(self, view: str = "sheet") -> socket.socket:
        """An event stream as a browser opens one, on a raw socket."""
        stream = socket.create_connection(("127.0.0.1", self.port), timeout=10)
        stream.sendall(
            f"GET /events?view={view} HTTP/1.1\r\nHost: {self.host}\r\n"
            "Accept: text/event-stream\r\n\r\n".encode()
        )
        return stream

    def stop(self) -> tuple[int, str, str]:
        """Ctrl-C; the exit status, and what it printed after the URL."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
        out, err = self.process.communicate(timeout=20)
        return self.process.returncode, out, err

    def end(self) -> None:
        """Kill it if still running, and collect it (closing its pipes)."""
        if self.process.poll() is None:
            self.process.kill()
        self.process.communicate()


def page_fields(body: str) -> dict[str, str]:
    """The hidden fields every form of a recording page carries: what it saw (the ids of
    the last event and correction), the entry id of its question, its token."""
    names = ("session", "created", "last_event", "last_correction", "entry", "token")
    found = re.findall(r'name="(\w+)" value="([^"]*)"', body)
    return {name: html.unescape(value) for name, value in found if name in names}


def alert(body: str) -> str:
    """The sentence a page's alert says (a refused tap's rule), as a person reads it."""
    found = re.search(r'class="alert" role="alert">(.*?)</p>', body, re.S)
    assert found, body[:2000]
    return html.unescape(found.group(1))


def chicago(*args: str) -> str:
    """``chicago ARGS`` in its own process, as a keeper in another terminal runs it."""
    done = run(*args)
    assert done.returncode == 0, done.stderr
    return done.stdout


def wait_for(check: Any, timeout: float = 15.0) -> float:
    """Seconds until ``check()`` is true; fails after ``timeout``.

    The wait ends as soon as the final state is there, so the default is generous: a loaded
    machine (``-n 4`` on 2 cores) is slow, not wrong. A test of how fast something shows
    passes its own ``timeout`` and asserts on the seconds returned."""
    start = time.monotonic()
    while not check():
        assert time.monotonic() - start < timeout, "not within the time"
        time.sleep(0.02)
    return time.monotonic() - start
