"""`night cards --protocol`: the blank paper protocol, one A4 page per table, checked by
printing it to PDF in Chromium and counting the pages."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from test_night_sheet import night, table

from axe_support import axe_violations
from browser_support import new_page
from chicago_protokoll.core.rules import GameRules, HouseRules, ScoringRules
from chicago_protokoll.present.protocol_cards import ROWS, protocol_cards_html

if TYPE_CHECKING:
    from playwright.sync_api import Browser

LONGEST = "Hedvig Margareta Ulrika von Essen-Löwenhj"  # 40 letters, the longest name allowed


pytestmark = pytest.mark.usefixtures("english")


def pdf_pages(pdf: bytes) -> int:
    """The pages of a PDF: its /Type /Page objects (not /Pages, the tree above them)."""
    return len(re.findall(rb"/Type\s*/Page(?!s)", pdf))


def tables(count: int, seats: int, long: bool = False) -> list[dict[str, Any]]:
    return [
        table(2, number, [f"{LONGEST[:38]}{number}{s}" if long else f"P{number}-{s}" for s in range(seats)],
              totals=[0] * seats, deal=1, finished=False)
        for number in range(1, count + 1)
    ]


def printed(browser: Browser, html: str, tmp_path: Path, name: str) -> bytes:
    page = new_page(browser, width=1280, height=900)
    page.set_content(html)
    page.emulate_media(media="print")
    page.screenshot(path=str(tmp_path / f"{name}.png"), full_page=True)
    pdf = page.pdf(format="A4", prefer_css_page_size=True)
    page.context.close()
    return pdf


@pytest.mark.parametrize(
    ("count", "seats", "long", "rules"),
    [
        (3, 4, False, HouseRules()),
        (2, 6, True, HouseRules(game=GameRules(scored_buys=3, buys=3))),
        (1, 3, True, HouseRules(scoring=ScoringRules(take_from_opponent=True))),
    ],
)
def test_the_paper_protocol_prints_one_a4_page_per_table(
    browser: Browser, tmp_path: Path, count: int, seats: int, long: bool, rules: HouseRules
) -> None:
    """Four, six (with the longest names and three scored köp) or three players under
    take_from_opponent: each table's protocol is one A4 page, never two."""
    status = {**night(), "tables": tables(count, seats, long)}
    pdf = printed(browser, protocol_cards_html(status, rules), tmp_path, f"protocol-{seats}")
    assert pdf_pages(pdf) == count


def test_the_paper_protocol_has_the_dealer_filled_in_a_column_per_scored_kop_and_a_total_per_player(
    browser: Browser,
) -> None:
    status = {**night(), "tables": tables(1, 4)}
    page = new_page(browser, width=1280, height=900)
    page.set_content(protocol_cards_html(status, HouseRules()))
    heads = page.locator("table.deals thead th").all_inner_texts()
    assert heads == ["Deal", "Dealer", "Köp 1", "Köp 2", "Chicago", "Last trick", "Showdown",
                     "P1-0", "P1-1", "P1-2", "P1-3"]  # fmt: skip
    dealers = page.locator("table.deals tbody tr td:nth-child(2)").all_inner_texts()
    assert len(dealers) == ROWS
    assert dealers[:5] == ["P1-0", "P1-1", "P1-2", "P1-3", "P1-0"]
    assert "with a two ☐" in page.locator("table.deals tbody tr").first.inner_text()
    assert page.get_by_text("Revisor’s signature").is_visible()
    assert "from ☐" not in page.content()
    page.set_content(protocol_cards_html(status, HouseRules(scoring=ScoringRules(take_from_opponent=True))))
    first = page.locator("table.deals tbody tr").first.inner_text()
    assert first.count("from ☐") == 4  # köp 1, köp 2, the last trick, the showdown
    page.context.close()


def test_axe_core_finds_no_violation_on_the_paper_protocol_and_the_table_cards(browser: Browser) -> None:
    from chicago_protokoll.present.night_sheet import night_cards_html

    status = {**night(), "tables": tables(2, 4)}
    for width in (390, 1280):
        page = new_page(browser, width=width, height=844)
        for html in (protocol_cards_html(status, HouseRules()), night_cards_html(status)):
            page.set_content(html)
            assert axe_violations(page) == [], width
        page.context.close()
