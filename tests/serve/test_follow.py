"""The live page follows the table (cli.md): without --session/--file every open page
shows the new current session within about a second of `chicago again`, `new` or
`sessions use`, at the same address and without a reload; with --session it stays."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from serve_support import Served, chicago, wait_for

from browser_support import new_page
from cli_support import ANNA_23_DEAL, ok

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page


def _heading(page: Page) -> str:
    return page.locator("main h1").inner_text()


def test_the_page_and_the_screen_follow_again_new_and_sessions_use(
    browser: Browser, served: Served
) -> None:
    sheet = new_page(browser)
    tv = new_page(browser, width=1920, height=1080)
    sheet.goto(served.url)
    tv.goto(served.url + "tv")
    for page in (sheet, tv):
        page.wait_for_selector("#live:not(.lost)")
        page.evaluate("window.notReloaded = true")
    assert "fredag" in _heading(sheet) and _heading(tv) == "fredag"

    for _ in range(3):  # Anna 73: the game is over
        ok(*ANNA_23_DEAL)
    chicago("again")  # the next game at the table: fredag-2, the current session
    sheet.locator("main h1", has_text="fredag-2").wait_for(timeout=15_000)
    tv.locator("main h1", has_text="fredag-2").wait_for(timeout=15_000)
    assert sheet.locator(".protocol tbody tr").count() == 1  # "nothing recorded yet"
    assert served.status()["session"] == "fredag-2"

    chicago("new", "lördag", "Eva", "Fia", "Gun")
    sheet.locator("main h1", has_text="lördag").wait_for(timeout=15_000)
    tv.locator(".tv-name", has_text="Gun").wait_for(timeout=15_000)
    assert sheet.locator(".protocol thead th").all_inner_texts()[2:] == ["Eva", "Fia", "Gun"]

    chicago("sessions", "use", "fredag")
    sheet.locator("main h1", has_text="fredag").wait_for(timeout=15_000)
    tv.locator(".tv-winners", has_text="Anna").wait_for(timeout=15_000)  # the finished game
    for page in (sheet, tv):
        assert page.evaluate("window.notReloaded === true")
        assert page.url.startswith(served.url)


def test_a_new_session_reaches_the_page_within_about_a_second(served: Served) -> None:
    chicago("new", "lördag", "Eva", "Fia", "Gun")
    assert wait_for(lambda: served.status()["session"] == "lördag", timeout=1.5) < 1.5


def test_without_a_current_session_the_page_says_so_and_recovers(served: Served) -> None:
    """`sessions remove` of the current session: a plain message, and the next `new` shows."""
    chicago("sessions", "remove", "fredag", "--yes")
    wait_for(lambda: served.get("/status.json")[0] == 503)
    code, page = served.get("/")
    assert code == 200 and 'class="problem"' in page and "no current session" in page
    chicago("new", "lördag", "Eva", "Fia", "Gun")
    wait_for(lambda: served.get("/status.json")[0] == 200)
    assert served.status()["session"] == "lördag"


def test_a_named_session_stays_on_the_page(table: Path) -> None:
    server = Served("--session", "fredag")
    try:
        chicago("new", "lördag", "Eva", "Fia", "Gun")
        chicago(*ANNA_23_DEAL, "--session", "fredag")
        wait_for(lambda: server.status()["deal"] == 3)
        assert server.status()["session"] == "fredag"
    finally:
        assert server.stop()[0] == 0
