"""axe-core in Chromium on the phone's and the keeper's pages in every state a person
meets them in (rule sets wcag2a, wcag2aa, wcag21aa, wcag22aa and best-practice, at a
phone's 390×844 and a laptop's 1280×800, every <details> opened): each question of the
recording page, the second tap, a past deal's correction, the game's end, the offline
form with the waiting list, a kept conflict, the keeper's page and /ping: no violation.
The keeper's page stays live without reloading itself."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from phone_states import addresses, declare, end_the_game, keep_a_conflict, to_the_tricks
from phone_taps import tap_and_show
from serve_support import Served, chicago, wait_for

from axe_support import axe_script
from browser_support import launch, new_page
from cli_support import ANNA_23_DEAL, ok

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

RULE_SETS = ["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa", "best-practice"]
SIZES = ((390, 844), (1280, 800))


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with launch() as opened:
        yield opened


@pytest.fixture
def recorded(table: Path) -> Path:
    ok(*ANNA_23_DEAL)  # Anna 27: she may declare Chicago
    return table


def violations(page: Page) -> list[dict[str, Any]]:
    """axe-core's violations of the rule sets on the page as shown, every <details> open."""
    page.evaluate("document.querySelectorAll('details').forEach((d) => { d.open = true; })")
    page.add_script_tag(path=str(axe_script()))
    found: list[dict[str, Any]] = page.evaluate(
        """async (tags) => (await axe.run(document, {runOnly: {type: 'tag', values: tags},
                                                     resultTypes: ['violations']})).violations
             .map(v => ({id: v.id, impact: v.impact,
                         nodes: v.nodes.map(n => n.target.join(' ') + ': ' + n.failureSummary)}))""",
        RULE_SETS,
    )
    return found


def _pages(browser: Browser) -> Iterator[Page]:
    for width, height in SIZES:
        # bypass_csp: the pages run only the package's own files, and axe is put in beside them
        page = new_page(browser, width=width, height=height, bypass_csp=True)
        yield page
        page.context.close()


def _shown(page: Page, url: str) -> None:
    page.goto(url)
    page.wait_for_selector("#live:not(.lost)")


def test_every_question_of_the_recording_page_has_no_violation(browser: Browser, recorder: Served) -> None:
    server = recorder
    root = server.url.rstrip("/")
    path = server.recording()[1]
    found: dict[str, Any] = {}

    def look(state: str, url: str = "") -> None:
        for page in _pages(browser):
            _shown(page, url or root + path)
            found[f"{state} {page.viewport_size}"] = violations(page)

    for state, address in addresses(path).items():
        look(state, root + address)
    for page in _pages(browser):  # the second tap a royal asks for: an answer to a POST
        _shown(page, root + path)
        page.locator("details", has_text="Royal straight flush").locator("summary").click()
        tap_and_show(page, page.locator('button[name="who"][value="Bo"]').last)
        page.wait_for_selector("section.sure")
        found[f"second tap {page.viewport_size}"] = violations(page)
    to_the_tricks(server, path)
    look("declare or the last trick")
    declare(server, path)
    look("the chicago's outcome")
    end_the_game(server, path)
    look("the game's end")
    assert {state: v for state, v in found.items() if v} == {}


def test_the_offline_form_the_waiting_list_and_a_kept_conflict_have_no_violation(
    browser: Browser, recorder: Served
) -> None:
    server = recorder
    root = server.url.rstrip("/")
    path = server.recording()[1]
    found: dict[str, Any] = {}
    for page in _pages(browser):
        _shown(page, root + path)
        page.context.set_offline(True)
        page.locator("section.moment").get_by_role("button", name="Pass").click()
        page.wait_for_selector("#outbox li")
        page.wait_for_selector("#whole-deal:not([hidden])")
        found[f"offline {page.viewport_size}"] = violations(page)
        page.evaluate("localStorage.clear()")  # the next page of the test starts with none
    keep_a_conflict(server, path)
    for page in _pages(browser):
        _shown(page, root + path)
        page.wait_for_selector("section.conflicts")
        found[f"a kept conflict {page.viewport_size}"] = violations(page)
    for page in _pages(browser):
        page.goto(root + server.keeper())
        page.wait_for_selector(".conflict")
        found[f"the keeper's page {page.viewport_size}"] = violations(page)
        page.goto(root + "/ping")
        found[f"ping {page.viewport_size}"] = violations(page)
    assert {state: v for state, v in found.items() if v} == {}


def test_the_keepers_page_follows_the_room_without_reloading(browser: Browser, recorder: Served) -> None:
    server = recorder
    page = new_page(browser, width=1280, height=800)
    page.goto(server.url.rstrip("/") + server.keeper())
    assert page.locator('meta[http-equiv="refresh"]').count() == 0
    page.evaluate("window.stayed = true")  # gone if the page reloaded
    assert page.locator(".conflict").count() == 0
    keep_a_conflict(server, server.recording()[1])
    chicago("note", "so the room's stream tells the keeper's page")
    wait_for(lambda: page.locator(".conflict").count() == 1)
    assert page.evaluate("window.stayed") is True
    page.context.close()
