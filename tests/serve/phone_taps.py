"""A tap on the recording page in a real browser, waited out to the page it shows.  Not a
test module.

A link loads the next page; a form's button is sent by the page's outbox script (fetch),
whose answer takes the page's place without a navigation (static/outbox.js).  Either way
the <main> the tap was made on is gone when the next page is shown: that is what is
waited for, never a time."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page


def tap_and_show(page: Page, target: Locator) -> None:
    """Tap ``target`` and wait until the page it leads to is shown."""
    page.locator("main").evaluate("(main) => { main.dataset.tapped = '1'; }")
    target.click()
    page.wait_for_selector("main:not([data-tapped])")
