"""Fixtures of the tests of `chicago serve`: a table to serve, the server, and one
headless Chromium a test module.

One browser a module, not one a test: Chromium's start-up is the slow, rarely failing
step under load, so it is done once a module, with a generous timeout, and tried again
once if it fails.  Not one a test process: Playwright's sync API allows one driver at a
time in a process, and the browser tests of other folders open their own.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from serve_support import PLAYERS, Served

from browser_support import CHROMIUM_ARGS, _missing, require_chromium
from cli_support import SEED_000_DEAL, ok, session_file

if TYPE_CHECKING:
    from playwright.sync_api import Browser


@pytest.fixture(autouse=True)
def no_server_outlives_its_test() -> Iterator[None]:
    """Ends every server a test started and did not stop (a failed assertion before its
    stop), and collects what the test left open (its sockets): the failure stays that
    test's, not a later one's ResourceWarning."""
    yield
    while Served.started:
        Served.started.pop().end()
    gc.collect()


@pytest.fixture
def table(chicago_home: Path) -> Path:
    """A session of four, one deal recorded (in process: quicker than two more processes)."""
    ok("new", "fredag", *PLAYERS)
    ok(*SEED_000_DEAL)
    return session_file("fredag")


def stop_cleanly(server: Served) -> None:
    """Stops ``server``: it exits 0 saying only "Stopped." (nothing on stderr: no "bug" line)."""
    code, out, err = server.stop()
    assert code == 0 and err == "", err
    assert out.strip() == "Stopped.", out


@pytest.fixture
def served(table: Path) -> Iterator[Served]:
    server = Served()
    yield server
    stop_cleanly(server)


@pytest.fixture
def recorded(table: Path) -> Path:
    """The session `recorder` serves: `table` as it is.  A module that needs more recorded
    first (a hand that may declare Chicago) overrides this fixture, not `recorder`."""
    return table


@pytest.fixture
def recorder(recorded: Path) -> Iterator[Served]:
    """`chicago serve --record` of `recorded`, stopped as `served` is."""
    server = Served("--record")
    yield server
    stop_cleanly(server)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """One headless Chromium for the browser tests of a module."""
    executable = require_chromium()
    try:
        from playwright.sync_api import Error, sync_playwright
    except ImportError:
        _missing("the Python package playwright is not installed")
    with sync_playwright() as driver:
        for attempt in (1, 2):
            try:
                opened = driver.chromium.launch(
                    executable_path=str(executable), args=list(CHROMIUM_ARGS), timeout=120_000
                )
                break
            except Error:
                if attempt == 2:
                    raise
                time.sleep(2)
        try:
            yield opened
        finally:
            opened.close()
