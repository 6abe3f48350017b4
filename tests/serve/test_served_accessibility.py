"""axe-core in Chromium on what `chicago serve --night --record` serves: the room's board,
a table's live sheet, the table cards, the paper protocols and a recording page; and on
one session's live sheet (`chicago serve`), in play and at game over: no violation of
issue 39's rule sets (axe_support.TAGS) at 390×844 and 1280×800.  And the served paper
protocols carry each table's read-only QR code."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pytest
from serve_support import Served

from axe_support import axe_violations
from browser_support import launch, new_page
from cli_support import ok

if TYPE_CHECKING:
    from playwright.sync_api import Browser


SIZES = ((390, 844), (1280, 800))
TWINS = ("Anna-Karin Johansson-Lindqvist", "Anna-Karin Johansson-Lindgren")


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with launch() as opened:
        yield opened


@pytest.fixture
def served() -> Iterator[tuple[Served, dict[str, Any]]]:
    ok("night", "new", "klubb", "Anna", "Bo", "Cilla", "Dag", "Eva", "Fia", "Gun", "--seed", "5")
    night: dict[str, Any] = json.loads(ok("night", "status", "klubb", "--json"))
    first = night["tables"][0]["players"][0]
    ok("deal", "--session", night["tables"][0]["session"], "--buy", f"{first}:pair", "--last-trick", first)
    server = Served("--night", "klubb", "--record")
    yield server, night
    code, _, err = server.stop()
    assert code == 0 and err == "", err


def test_the_served_paper_protocols_carry_each_tables_qr_code(served: tuple[Served, dict[str, Any]]) -> None:
    server, night = served
    code, body = server.get("/cards/protocol")
    assert code == 200
    assert body.count('<section class="paper') == len(night["tables"]) == 2
    assert body.count("<svg") == 2
    assert len(re.findall(r'data-session="klubb-r1-t\d"', body)) == 2


def test_axe_core_finds_no_violation_on_the_served_pages(
    browser: Browser, served: tuple[Served, dict[str, Any]]
) -> None:
    server, _ = served
    root = server.url.rstrip("/")
    # (the keeper's page is left out: its heading and warning stand outside <main>, axe's
    # "region"; outbox27 is rewriting that page)
    paths = ["/", "/t/1", "/cards", "/cards/protocol", server.recording()[1]]
    for width, height in SIZES:
        # bypass_csp: the pages allow only their own inline script, and axe is put in beside it
        page = new_page(browser, width=width, height=height, bypass_csp=True)
        for path in paths:
            page.goto(root + path)
            found = axe_violations(page)
            assert found == [], (path.split("/")[1], width, found)
        page.context.close()


@pytest.mark.parametrize("over", [False, True], ids=["in-play", "game-over"])
def test_axe_core_finds_no_violation_on_one_sessions_live_sheet(browser: Browser, over: bool) -> None:
    """The live sheet at ``/`` with long names: its protocol and standings scroll in boxes
    of their own at 390 px, which a keyboard must reach (scrollable-region-focusable)."""
    ok("new", "lang", *TWINS, "Maximiliana Vasquez-Lindqvist", "Bo")
    ok("deal", "--buy", f"{TWINS[0]}:pair", "--last-trick", TWINS[1], "--showdown", "Bo:pair")
    if over:
        ok("royal", TWINS[1])
    server = Served()
    try:
        for width, height in SIZES:
            page = new_page(browser, width=width, height=height, bypass_csp=True)
            page.goto(server.url)
            page.wait_for_selector("#live:not(.lost)")
            found = axe_violations(page)
            assert found == [], (over, width, found)
            page.context.close()
    finally:
        code, _, err = server.stop()
    assert code == 0 and err == "", err
