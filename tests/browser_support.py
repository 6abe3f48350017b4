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
from typing import TYPE_CHECKING, Any

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


def expect(locator: object) -> Any:
    """Playwright's `expect` (its default timeout), imported only where a browser runs:
    this module imports no Playwright at its start, so that a machine without it skips."""
    from playwright.sync_api import expect as playwright_expect

    return playwright_expect(locator)  # type: ignore[arg-type]


def new_page(browser: Browser, width: int = 390, height: int = 844, **options: object) -> Page:
    """A page in a fresh context at a given viewport (390 x 844: a phone; 1920 x 1080: a TV)."""
    context = browser.new_context(viewport={"width": width, "height": height}, **options)  # type: ignore[arg-type]
    return context.new_page()


def offline(page: Page) -> None:
    """The page's network gone, as the page itself sees it (set_offline reaches the page a
    moment later: waited for, never a time)."""
    page.context.set_offline(True)
    page.wait_for_function("navigator.onLine === false")


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


# Each element matched, as a person reads it: shown, inside the viewport (or, where the
# page scrolls, inside the page), inside every box that clips it, not cut (its text
# within its own width, or cut with an ellipsis after at least 4 characters), never 0 px
# wide, and in type at least LEAST px.  What it finds wrong, one line an element.
_READABLE = """([selector, least, scrolls]) => {
  const problems = [];
  const width = document.documentElement.clientWidth;
  const height = scrolls ? document.documentElement.scrollHeight : innerHeight;
  const ellipsis = (el) => {
    const canvas = document.createElement("canvas").getContext("2d");
    canvas.font = getComputedStyle(el).font;
    return canvas.measureText("\\u2026").width;
  };
  const before = (el, right) => {
    // how many characters lie wholly left of `right` (what an ellipsis leaves shown)
    let count = 0;
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (let i = 0; i < node.length; i++) {
        const range = document.createRange();
        range.setStart(node, i); range.setEnd(node, i + 1);
        const r = range.getBoundingClientRect();
        if (r.width > 0 && r.right <= right + 0.5) count++;
      }
    }
    return count;
  };
  for (const el of document.querySelectorAll(selector)) {
    const text = el.textContent.trim();
    const what = el.tagName.toLowerCase() + "." + el.className + " '" + text + "'";
    if (!el.getClientRects().length) continue;  // not on this page (hidden)
    const style = getComputedStyle(el);
    const size = parseFloat(style.fontSize);
    if (size < least - 0.01) problems.push(what + ": type " + size.toFixed(1) + " px < " + least);
    const r = el.getBoundingClientRect();
    const top = r.top + (scrolls ? scrollY : 0), bottom = r.bottom + (scrolls ? scrollY : 0);
    if (r.left < -0.5 || r.right > width + 0.5 || top < -0.5 || bottom > height + 0.5)
      problems.push(what + ": outside the screen " + JSON.stringify([r.left, r.top, r.right, r.bottom]));
    for (let box = el.parentElement; box && box !== document.body; box = box.parentElement) {
      const o = getComputedStyle(box);
      const clips = (v) => v === "hidden" || v === "clip";
      if (!clips(o.overflowX) && !clips(o.overflowY)) continue;
      const b = box.getBoundingClientRect();
      if ((clips(o.overflowX) && (r.left < b.left - 0.5 || r.right > b.right + 0.5))
          || (clips(o.overflowY) && (r.top < b.top - 0.5 || r.bottom > b.bottom + 0.5))) {
        problems.push(what + ": cut by " + box.tagName.toLowerCase() + "." + box.className);
        break;
      }
    }
    if (style.display === "inline") continue;  // an inline box cannot cut its own text
    if (el.clientWidth === 0) { problems.push(what + ": 0 px wide"); continue; }
    if (el.scrollWidth > el.clientWidth + 1) {
      const right = r.left + el.clientLeft + el.clientWidth - parseFloat(style.paddingRight);
      const shown = style.textOverflow === "ellipsis" ? before(el, right - ellipsis(el)) : 0;
      if (style.textOverflow !== "ellipsis" || shown < Math.min(4, text.length) || text.length < 5)
        problems.push(what + ": cut (" + el.scrollWidth + " > " + el.clientWidth + " px, "
                      + shown + " characters before the ellipsis)");
    }
  }
  return problems;
}"""


def unreadable(page: Page, selector: str, least: float, *, scrolls: bool = False) -> list[str]:
    """What is wrong with reading the elements ``selector`` matches (see `_READABLE`): an
    empty list when every one of them is readable.  ``scrolls``: the page may scroll
    down (a phone), so "inside" is inside the page rather than the first screenful."""
    return list(page.evaluate(_READABLE, [selector, least, scrolls]))


def shown_texts(page: Page, selector: str) -> list[str]:
    """The texts of the elements ``selector`` matches that are shown (not hidden)."""
    return list(
        page.evaluate(
            "(s) => [...document.querySelectorAll(s)].filter(e => e.getClientRects().length)"
            ".map(e => e.textContent.trim())",
            selector,
        )
    )
