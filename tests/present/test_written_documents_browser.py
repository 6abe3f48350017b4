"""The written documents as people read them, in Chromium: the published night page, the
night's sheet and a game's sheet, the paper protocols and the table cards, at a phone
(390 x 844), a laptop (1280 x 720) and a TV (1920 x 1080), for nights of 3, 12 and 40
players (one of them a night of stages) with long names.  Each is screenshotted (into
``$CHICAGO_SCREENSHOTS`` when set, to be looked at) and checked: nothing scrolls
sideways, no name breaks inside a word, two players at one table read apart, a box that
scrolls shows that it does, and on the night of stages the stage shows."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from written_nights import LONG, TWIN, club_night

from axe_support import axe_violations
from browser_support import horizontal_overflow, new_page
from chicago_protokoll.core.rules import HouseRules
from chicago_protokoll.present.html_sheet import export_html
from chicago_protokoll.present.night_cards import night_cards_html
from chicago_protokoll.present.night_sheet import night_html
from chicago_protokoll.present.protocol_cards import protocol_cards_html
from chicago_protokoll.present.publish_model import GameSource
from chicago_protokoll.present.publish_site import site_files

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

SCREENS = ((390, 844), (1280, 720), (1920, 1080))
NIGHTS = ((3, False), (12, True), (40, False))

#: Where a name is shown whole: in every one of these, it may break only at a space or
#: after a hyphen.
NAMES = "td.name, .seat .name, th.total .name, td.dealer .name, th.name, td.dealer .full"


pytestmark = pytest.mark.usefixtures("english")


def shots(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("CHICAGO_SCREENSHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def a_game() -> GameSource:
    from test_chart_html import finished_game

    return GameSource("fredag-t1-a", "2025-03-07T19:00:00", finished_game((LONG, TWIN, "Bo")).standings())


def documents(count: int, staged: bool) -> dict[str, str]:
    status = club_night(count, staged=staged)
    site = site_files([status], [a_game()], None)
    night_page = next(path for path in site if path.startswith("nights/") and path.endswith(".html"))
    return {
        "night-page": site[night_page].decode(),
        "night-sheet": night_html(status),
        "game-sheet": export_html(a_game().standings, "fredag-t1-a"),
        "paper-protocol": protocol_cards_html(status, HouseRules()),
        "table-cards": night_cards_html(status),
    }


# Where a name's line breaks fall: between two letters of one word is a mid-word break.
_MID_WORD = """(selector) => {
  const found = [];
  for (const el of document.querySelectorAll(selector)) {
    if (!el.getClientRects().length) continue;
    const vertical = getComputedStyle(el).writingMode.startsWith("vertical");
    const chars = [];
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (let i = 0; i < node.length; i++) {
        const range = document.createRange();
        range.setStart(node, i); range.setEnd(node, i + 1);
        const r = range.getBoundingClientRect();
        chars.push({c: node.data[i], r});
      }
    }
    for (let i = 1; i < chars.length; i++) {
      const a = chars[i - 1], b = chars[i];
      if (!a.r.width || !b.r.width || !a.r.height || !b.r.height) continue;
      const moved = vertical ? Math.abs(b.r.left - a.r.left) > a.r.width / 2
                             : Math.abs(b.r.top - a.r.top) > a.r.height / 2;
      if (moved && !/[\\s\\-]/.test(a.c) && !/\\s/.test(b.c))
        found.push(el.textContent.trim() + " broken between '" + a.c + "' and '" + b.c + "'");
    }
  }
  return found;
}"""

# Every box that scrolls sideways says so: its edge shadow (sheet.css's scroll timeline).
_SILENT_SCROLLERS = """() => [...document.querySelectorAll('.wide')]
  .filter(e => e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).boxShadow === 'none')
  .map(e => e.className + ' ' + (e.getAttribute('aria-label') || ''))"""

# The shown names of each table (a card, a table's box, a sheet's dealer column): alike
# names that are different people.
_ALIKE = """() => {
  const alike = [];
  const groups = [...document.querySelectorAll('.card, .night .table')].map(
    g => [...g.querySelectorAll('.name')].filter(n => n.getClientRects().length)
      .map(n => [n.textContent.trim(), n.textContent.trim()]));
  groups.push([...document.querySelectorAll('td.dealer')].map(
    d => [d.title, [...d.childNodes].filter(n => n.nodeType === 3 || getComputedStyle(n).display !== 'none')
      .map(n => n.textContent).join('').trim()]));
  for (const group of groups) {
    const seen = new Map();
    for (const [who, shown] of group) {
      if (seen.has(shown) && seen.get(shown) !== who) alike.push(who + " and " + seen.get(shown) + " both show as " + shown);
      seen.set(shown, who);
    }
  }
  return alike;
}"""


def opened(page: Page, html: str, folder: Path, name: str) -> None:
    """The document opened from a file, as a reader opens it: each in a document of its
    own (``set_content`` writes into the one open, whose policy would still hold)."""
    path = folder / f"{name}.html"
    path.write_text(html, encoding="utf-8")
    page.goto(path.as_uri())


def legibility(page: Page) -> list[str]:
    problems = [f"scrolls sideways by {px} px" for px in [horizontal_overflow(page)] if px > 0]
    problems += page.evaluate(_MID_WORD, NAMES)
    problems += [f"scrolls without showing it: {box}" for box in page.evaluate(_SILENT_SCROLLERS)]
    problems += page.evaluate(_ALIKE)
    return problems


@pytest.mark.parametrize(("count", "staged"), NIGHTS)
def test_the_written_documents_are_legible_on_a_phone_a_laptop_and_a_tv(
    browser: Browser, tmp_path: Path, count: int, staged: bool
) -> None:
    folder = shots(tmp_path)
    found: dict[str, list[str]] = {}
    for width, height in SCREENS:
        page = new_page(browser, width=width, height=height)
        for name, html in documents(count, staged).items():
            opened(page, html, tmp_path, name)
            # read first: a full-page screenshot lays the page out at its whole height
            if problems := legibility(page):
                found[f"{name} {width}x{height}"] = problems
            page.screenshot(path=str(folder / f"{name}-{count}-{width}x{height}.png"), full_page=True)
            if staged and name.startswith("night"):
                assert "Stage 1" in page.locator(".stage-line").inner_text()
            if staged and name in ("table-cards", "paper-protocol"):
                assert page.get_by_text("Stage 1, game 3 of 3").first.is_visible()
        page.context.close()
    assert found == {}


@pytest.mark.parametrize("staged", [False, True])
def test_the_night_page_shows_every_players_rank_name_points_and_stage_at_390_px(
    browser: Browser, tmp_path: Path, staged: bool
) -> None:
    page = new_page(browser, width=390, height=844)
    opened(page, documents(40, staged)["night-page"], tmp_path, "night")
    rows = page.locator(".night-standings tbody tr")
    assert rows.count() == 40
    width = page.evaluate("document.documentElement.clientWidth")
    wanted = ["td.rank", "td.name", "td.figure"] + (["td.stage"] if staged else [])
    for index in (0, 1, 39):
        for cell in wanted:
            box = rows.nth(index).locator(cell).first.bounding_box()
            assert box is not None and box["width"] > 0 and box["x"] + box["width"] <= width + 0.5, (index, cell)
    assert LONG in rows.first.locator("td.name").inner_text()
    # each figure is labelled with its column's name (the column heads are not shown)
    labels = rows.first.locator("td.figure").evaluate_all("cells => cells.map(c => c.dataset.label)")
    assert labels[0] == "Placement points"
    if staged:
        stage = rows.first.locator("td.stage")
        assert stage.inner_text() == "1" and stage.get_attribute("data-label") == "Stage"
    page.context.close()


def test_axe_core_finds_no_violation_on_the_results_site_and_the_sheets(
    browser: Browser, tmp_path: Path
) -> None:
    status = club_night(12, staged=True)
    site = site_files([status, club_night(3)], [a_game()], None)
    pages = {path: data.decode() for path, data in site.items() if path.endswith(".html")}
    pages["night sheet"] = night_html(status)
    pages["game sheet"] = export_html(a_game().standings, "fredag-t1-a")
    found = {}
    for width in (390, 1280):
        page = new_page(browser, width=width, height=844)
        for index, (name, html) in enumerate(pages.items()):
            opened(page, html, tmp_path, f"page-{index}")
            if violations := axe_violations(page):
                found[f"{name} {width}"] = violations
        page.context.close()
    assert found == {}
