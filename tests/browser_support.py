"""Tests in a real browser: Debian's Chromium, driven by Playwright through its executable
path.  Not a test module; the browser tests of the sheet, `chicago serve` and the league
page share it.

Playwright never downloads a browser here (no `playwright install`): it drives the
system's /usr/bin/chromium, which `.ci/run` installs with apt when it is missing.

A browser test may skip only on a developer's machine without Chromium.  Under CI
(the ``CI`` environment variable set, as `.ci/run` does) a missing Chromium or
Playwright is a failure, so the browser tests cannot quietly stop running.

Usage, in a test module::

    from browser_support import launch, new_page, horizontal_overflow

    @pytest.fixture(scope="module")
    def browser() -> Iterator[Browser]:
        with launch() as opened:
            yield opened

    def test_...(browser: Browser) -> None:
        page = new_page(browser, width=390)
        page.goto(url)
        assert horizontal_overflow(page) == 0
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

CHROMIUM = Path(os.environ.get("CHICAGO_CHROMIUM", "/usr/bin/chromium"))

# Headless, and quiet: no sandbox (CI runs as root in a container), no GPU, and none of
# the background fetches (updates, sync, safe-browsing lists) that cannot work offline.
CHROMIUM_ARGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-dev-shm-usage",  # /dev/shm is tiny in many containers
)


def in_ci() -> bool:
    return bool(os.environ.get("CI"))


def _missing(what: str) -> None:
    """Skip on a developer's machine; fail under CI, where the browser tests must run."""
    message = f"{what} (.ci/run installs it: apt-get install chromium; pip install playwright)"
    if in_ci():
        pytest.fail(f"CI is set but {message}", pytrace=False)
    pytest.skip(message)


def require_chromium() -> Path:
    """The Chromium executable; skips (or fails under CI) when it is not installed."""
    if not (CHROMIUM.is_file() and os.access(CHROMIUM, os.X_OK)):
        _missing(f"Chromium is not installed at {CHROMIUM}")
    return CHROMIUM


@contextlib.contextmanager
def launch() -> Iterator[Browser]:
    """A headless system Chromium under Playwright, closed (with its driver) on exit."""
    executable = require_chromium()
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _missing("the Python package playwright is not installed")
    with sync_playwright() as driver:
        browser = driver.chromium.launch(
            executable_path=str(executable), args=list(CHROMIUM_ARGS), timeout=60_000
        )
        try:
            yield browser
        finally:
            browser.close()


def new_page(browser: Browser, width: int = 390, height: int = 844, **options: object) -> Page:
    """A page in a fresh context at a given viewport (390 x 844: a phone; 1920 x 1080: a TV)."""
    context = browser.new_context(viewport={"width": width, "height": height}, **options)  # type: ignore[arg-type]
    return context.new_page()


def horizontal_overflow(page: Page) -> int:
    """How many CSS pixels the page is wider than its viewport (0: no sideways scrolling)."""
    return int(
        page.evaluate(
            "Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)"
            " - document.documentElement.clientWidth"
        )
    )


def overflowing_elements(page: Page) -> list[str]:
    """Elements whose content is wider than their box and spills out (a wrapped or clipped
    number shows up here as a cell narrower than its text); for failure messages."""
    return list(
        page.evaluate(
            """() => [...document.querySelectorAll('body *')]
                 .filter(e => e instanceof HTMLElement
                           && e.scrollWidth > e.clientWidth + 1
                           && getComputedStyle(e).overflowX === 'visible'
                           && e.clientWidth > 0)
                 .map(e => e.tagName.toLowerCase() + '.' + e.className + ': '
                           + e.scrollWidth + '>' + e.clientWidth)"""
        )
    )
