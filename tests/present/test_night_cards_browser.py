"""The club night's sheet and table cards in a real browser (headless Chromium through
tests/browser_support.py; skipped only outside CI without it): they fit a phone and an A4
page's width, and the cards print two to an A4 sheet, never a card split across two."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import pytest
from test_night_sheet import hostile_night, night, table, with_final

from browser_support import horizontal_overflow, new_page, overflowing_elements
from chicago_protokoll.present.night_sheet import night_cards_html, night_html

if TYPE_CHECKING:
    from playwright.sync_api import Browser

MM = 96 / 25.4  # CSS pixels in a millimetre
A4_WIDTH = round(210 * MM)  # 794 px
# A4 less the sheet's @page margins (12 mm each side): what a printed page holds.
PRINTED_WIDTH = round(186 * MM)
PRINTED_HEIGHT = 273 * MM

LONGEST = "Hedvig Margareta Ulrika von Essen-Löwenhj"  # 40 letters, the longest name allowed


pytestmark = pytest.mark.usefixtures("english")


def tables_of(count: int) -> list[dict[str, Any]]:
    """``count`` tables of the current round: tables 1 to 3 of four, three and six (the
    most `game.max_players` allows) with the longest names at every seat, the rest of four
    and three with short names."""
    sizes = {1: 4, 2: 3, 3: 6}
    made = []
    for number in range(1, count + 1):
        seats = sizes.get(number, 4 if number % 2 else 3)
        long = number in sizes
        names = [
            f"{LONGEST[:38]}{number}{seat}" if long else f"P{number}-{seat}"
            for seat in range(seats)
        ]
        made.append(table(2, number, names, totals=[0] * seats, deal=1, finished=False))
    return made


def qr_codes(tables: list[dict[str, Any]]) -> dict[str, str]:
    """Each table's read-only QR code as inline SVG, as `chicago serve --night` makes them."""
    import segno

    return {
        t["session"]: segno.make(f"http://192.168.1.20:8000/t/{t['table']}").svg_inline(
            omitsize=True
        )
        for t in tables
    }


def cards_status(count: int) -> dict[str, Any]:
    status = night()
    status["tables"] = tables_of(count)
    return status


def pdf_pages(pdf: bytes) -> int:
    """Pages in a PDF: its page objects (``/Type /Page``, not the tree's ``/Pages``)."""
    return len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", pdf))


def documents() -> list[tuple[str, str]]:
    cards = cards_status(5)
    return [
        ("sheet", night_html(night())),
        ("sheet of the final", night_html(with_final())),
        ("hostile sheet", night_html(hostile_night())),
        ("cards", night_cards_html(cards)),
        ("cards with QR", night_cards_html(cards, qr_codes(cards["tables"]))),
        ("hostile cards", night_cards_html(hostile_night())),
    ]


@pytest.mark.parametrize("width", [390, A4_WIDTH])
def test_sheet_and_cards_fit_a_phone_and_an_a4_page_without_sideways_scrolling(
    browser: Browser, width: int
) -> None:
    for what, document in documents():
        page = new_page(browser, width=width, height=900)
        page.set_content(document)
        assert horizontal_overflow(page) == 0, (what, overflowing_elements(page))
        if what == "sheet":  # usual names: not even a table scrolls inside its box
            assert page.evaluate(
                "[...document.querySelectorAll('.wide')].every(e => e.scrollWidth <= e.clientWidth)"
            ), overflowing_elements(page)
        page.context.close()


def test_sheet_shows_every_table_and_the_standings_in_chromium(browser: Browser) -> None:
    page = new_page(browser, width=390)
    page.set_content(night_html(night()))
    assert page.locator("div.table").count() == 4
    assert page.locator("table.evening tbody tr").count() == 7
    winner = page.locator('div[data-session="fredag-r1-t1"] tr.winner td.name')
    assert winner.inner_text().split() == ["Anna", "winner"]
    assert page.locator("text=playing deal 5").first.is_visible()
    page.context.close()


@pytest.mark.parametrize(("count", "pages"), [(1, 1), (4, 2), (5, 3)])
def test_cards_print_two_to_an_a4_page(browser: Browser, count: int, pages: int) -> None:
    """5 tables -> 3 sheets of A4.  A card that did not fit its half would push the next
    one onto a page of its own, and the count would grow."""
    status = cards_status(count)
    page = new_page(browser, width=A4_WIDTH)
    page.set_content(night_cards_html(status, qr_codes(status["tables"])))
    assert pdf_pages(page.pdf(format="A4")) == pages
    page.context.close()


@pytest.mark.parametrize("with_qr", [False, True])
def test_no_card_is_split_and_none_is_cut_short_on_paper(browser: Browser, with_qr: bool) -> None:
    """As printed (print media, the width of A4 less its margins): each sheet's box is no
    taller than a page, each card lies inside its sheet's box, and nothing in a card (the
    longest names, the QR code) is cut off by the card's edge."""
    status = cards_status(5)
    page = new_page(browser, width=PRINTED_WIDTH, height=round(PRINTED_HEIGHT))
    page.set_content(night_cards_html(status, qr_codes(status["tables"]) if with_qr else None))
    page.emulate_media(media="print")
    boxes = page.evaluate(
        """[...document.querySelectorAll('.card-page')].map(sheet => {
             const outer = sheet.getBoundingClientRect();
             return {top: outer.top, bottom: outer.bottom, height: outer.height,
                     cards: [...sheet.querySelectorAll('.card')].map(card => {
                       const box = card.getBoundingClientRect();
                       return {top: box.top, bottom: box.bottom,
                               clipped: card.scrollHeight > card.clientHeight + 1
                                     || card.scrollWidth > card.clientWidth + 1};
                     })};
           })"""
    )
    assert [len(sheet["cards"]) for sheet in boxes] == [2, 2, 1]
    for sheet in boxes:
        assert sheet["height"] <= PRINTED_HEIGHT, sheet
        for card in sheet["cards"]:
            assert sheet["top"] - 0.5 <= card["top"] < card["bottom"] <= sheet["bottom"] + 0.5
            assert not card["clipped"], card
    numbers = page.evaluate(
        "[...document.querySelectorAll('.table-number .number')]"
        ".map(e => parseFloat(getComputedStyle(e).fontSize))"
    )
    assert len(numbers) == 5 and min(numbers) >= 60  # the table number, read across a room
    if with_qr:
        sizes = page.evaluate(
            "[...document.querySelectorAll('.qr svg')].map(e => e.getBoundingClientRect().width)"
        )
        assert len(sizes) == 5 and all(abs(size - 28 * MM) < 2 for size in sizes), sizes
    assert (
        page.evaluate("getComputedStyle(document.querySelector('.cards-intro')).display") == "none"
    )
    page.context.close()
