"""A note or a reason is free text, and may be one unbroken word of 3,000 characters (a
pasted link, a key held down): the HTML sheet (`export --format html`, a published game's
page) wraps it anywhere, so the page is never wider than a 390 px phone.  Before, such a
note made the sheet 28,955 px wide."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from browser_support import horizontal_overflow, new_page, overflowing_elements
from chicago_protokoll.core.events import Note, Penalty
from chicago_protokoll.present.html_sheet import export_html
from chicago_table import Table

if TYPE_CHECKING:
    from playwright.sync_api import Browser

UNBROKEN = "x" * 3000


pytestmark = pytest.mark.usefixtures("english")


@pytest.mark.parametrize("width", [390, 1920])
def test_an_unbroken_3000_character_note_and_reason_wrap_in_the_html_sheet(
    browser: Browser, width: int
) -> None:
    table = Table(("Anna", "Bo", "Cilla"))
    table.play_deal(("Anna", 6), ("Bo", 5), last="Cilla", show=("Anna", 6))
    table.apply(Note(1, UNBROKEN))
    table.apply(Penalty(1, "Bo", 1, "y" * 3000))
    page = new_page(browser, width=width, height=900)
    page.set_content(export_html(table.standings(), "fredag"))
    assert horizontal_overflow(page) == 0, overflowing_elements(page)
    # Wrapped, not cut: the whole note is on the page.
    assert UNBROKEN in page.locator("ul.revisor").inner_text()
