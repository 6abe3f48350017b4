"""The room's screens at a championship (issue 39, items 4-6), in Chromium: the night's board
and /tv and one session's /tv at 390×844, 1280×720 and 1920×1080, with 3, 12 and 40
players and long names ("Anna-Karin Johansson-Lindqvist"), a staged night among them.

Read as a person reads them: nothing scrolled sideways, a name broken only at a space or
after a hyphen, two players at one table told apart (both "Anna-Karin Johansson-L…" at
table 1), and on a staged night the stage each player reached shown beside the points,
so "7 Bo 8.33" under "1 Eva 0" is explained.  axe-core (wcag2a, wcag2aa, wcag21aa,
wcag22aa, best-practice) finds nothing at 390×844 and 1280×800.

Each screen's screenshot is written to $CHICAGO_SCREENSHOTS when it is set (to look at).
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from serve_support import Served, wait_for

from axe_support import axe_script
from browser_support import horizontal_overflow, launch, new_page, overflowing_elements
from cli_support import ok

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

SIZES = ((390, 844), (1280, 720), (1920, 1080))
AXE_SIZES = ((390, 844), (1280, 800))
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa", "best-practice"]
TWINS = ("Anna-Karin Johansson-Lindqvist", "Anna-Karin Johansson-Lindgren")
LONG = ("Gunnel-Britt Östergren-Åkerman", "Maximiliana Vasquez-Lindqvist",
        "Bartholomeus Bergström-Nilsson", "Kristoffer Wallenberg-Eklund")
NAMES = ".nb-table .n, .nb-standings td.name, .tv-name, .tv-deals thead th"

# Where a shown name's lines break: every break must follow a space or a hyphen.
_BREAKS = """(selector) => {
  const bad = [];
  for (const el of document.querySelectorAll(selector)) {
    if (!el.getClientRects().length) continue;
    let lastTop = null, prev = "";
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (let i = 0; i < node.length; i++) {
        const ch = node.data[i];
        const range = document.createRange();
        range.setStart(node, i); range.setEnd(node, i + 1);
        const r = range.getBoundingClientRect();
        if (r.width > 0) {
          if (lastTop !== null && r.top > lastTop + 2 && prev !== " " && prev !== "-")
            bad.push(el.textContent.trim() + " broken before '" + node.data.slice(i) + "'");
          lastTop = r.top;
        }
        prev = ch;
      }
    }
  }
  return bad;
}"""

# The part of each name a table's box shows (its characters inside the name's box and not
# hidden under an ellipsis), by table: two players at one table must differ there.
_SHOWN = """() => [[".nb-table", ".n"], [".tv-standings", ".tv-name"],
                   [".tv-deals thead tr", "th:nth-child(n+3)"]]
  .flatMap(([group, name]) => [...document.querySelectorAll(group)]
  .filter((table) => table.getClientRects().length)
  .map((table) => [...table.querySelectorAll(name)].map((el) => {
    const box = el.getBoundingClientRect();
    const cut = el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1;
    let shown = "";
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (let i = 0; i < node.length; i++) {
        const range = document.createRange();
        range.setStart(node, i); range.setEnd(node, i + 1);
        const r = range.getBoundingClientRect();
        if (r.right <= box.right - (cut ? 20 : -0.5) && (r.top + r.bottom) / 2 <= box.bottom)
          shown += node.data[i];
      }
    }
    return shown.trim();
  })))"""


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with launch() as opened:
        yield opened


def _status(night: str) -> dict[str, Any]:
    found: dict[str, Any] = json.loads(ok("night", "status", night, "--json"))
    return found


def _players(count: int) -> list[str]:
    """``count`` players, the two twins and long names first, then short ones."""
    names = [*TWINS, *LONG]
    names += [f"{first} {last}" for last in ("Berg-Ek", "Lund") for first in
              ("Sigrid-Maria", "Ebba-Louise", "Johan-Olof", "Kristina", "Bo", "Eva", "Jon", "Mia")]
    names += [f"Spelare {n}" for n in range(1, count)]
    return names[:count]


def _shoot(page: Page, name: str) -> None:
    folder = os.environ.get("CHICAGO_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"))


def _open(browser: Browser, url: str, width: int, height: int, **options: object) -> Page:
    page = new_page(browser, width=width, height=height, **options)
    page.goto(url)
    page.wait_for_selector("#live:not(.lost)")
    page.wait_for_function("document.readyState === 'complete'")
    return page


def _read(browser: Browser, server: Served, path: str, label: str, *, stage: bool = False) -> None:
    """The screen at every size: nothing sideways, names whole words, table mates apart."""
    for width, height in SIZES:
        page = _open(browser, server.url.rstrip("/") + path, width, height)
        try:
            _shoot(page, f"{label}-{width}x{height}")
            where = f"{label} at {width}x{height}"
            assert horizontal_overflow(page) == 0, (where, overflowing_elements(page))
            assert page.evaluate(_BREAKS, NAMES) == [], where
            for table in page.evaluate(_SHOWN):
                assert len(set(table)) == len(table), (where, table)
            if stage:
                assert page.locator(".nb-standings th", has_text="Stage").is_visible(), where
                cells = page.locator(".nb-standings td.stage")
                assert cells.first.is_visible(), where
        finally:
            page.context.close()


def _axe(browser: Browser, server: Served, path: str) -> None:
    for width, height in AXE_SIZES:
        # bypass_csp: the pages allow only their own files, and axe is put in beside them
        page = _open(browser, server.url.rstrip("/") + path, width, height, bypass_csp=True)
        try:
            page.add_script_tag(path=str(axe_script()))
            found = page.evaluate(
                """async (tags) => (await axe.run(document, {runOnly: {type: 'tag', values: tags},
                     resultTypes: ['violations']})).violations
                   .map(v => v.id + ': ' + v.nodes.map(n => n.target.join(' ')).join(', '))""",
                AXE_TAGS,
            )
            assert found == [], (path, width, found)
        finally:
            page.context.close()


@pytest.fixture
def staged(chicago_home: Path) -> Iterator[Served]:
    """A staged night of 12 in stage 2: the twins won their table of stage 1 and went on."""
    ok("night", "new", "sm", *_players(12)[:2], "Bo", "Cilla", "Dag", "Eva", "Fia", "Gun",
       "Jon", "Kim", "Lo", "Mia", "--games-per-table", "1", "--seed", "5")
    server = Served("--night", "sm")
    yield server
    code, _, err = server.stop()
    assert code == 0 and err == "", err


def test_a_staged_night_shows_each_tables_game_and_the_stage_each_player_reached(
    browser: Browser, staged: Served
) -> None:
    _read(browser, staged, "/", "staged-stage1-board", stage=True)
    for table in _status("sm")["tables"]:
        ok("royal", table["players"][0], "--session", table["session"])
    ok("night", "advance", "sm")
    status = _status("sm")
    ranks = {row["name"]: row for row in status["standings"]}
    assert ranks["Bo"]["stage_reached"] == 1 and ranks["Eva"]["stage_reached"] == 2
    wait_for(lambda: "stage 2" in staged.get("/")[1])  # the board reads the night again
    assert "Table 1, game 1 of 1" in staged.get("/")[1]
    _read(browser, staged, "/", "staged-stage2-board", stage=True)
    _read(browser, staged, "/tv", "staged-stage2-tv", stage=True)
    _axe(browser, staged, "/")
    _axe(browser, staged, "/tv")


@pytest.mark.parametrize("count", [3, 12, 40])
def test_the_nights_board_and_tv_read_with_long_names(
    browser: Browser, chicago_home: Path, count: int
) -> None:
    names = _players(count)
    ok("night", "new", "kvall", *names, "--seed", "3")
    server = Served("--night", "kvall")
    try:
        _read(browser, server, "/", f"board-{count}")
        _read(browser, server, "/tv", f"nighttv-{count}")
        if count == 12:
            _axe(browser, server, "/")
            _axe(browser, server, "/tv")
    finally:
        code, _, err = server.stop()
    assert code == 0 and err == "", err


def test_one_sessions_tv_reads_with_long_names_and_passes_axe(
    browser: Browser, chicago_home: Path
) -> None:
    ok("new", "lang", *TWINS, LONG[0])
    ok("deal", "--buy", f"{TWINS[0]}:pair", "--last-trick", TWINS[1])
    server = Served()
    try:
        _read(browser, server, "/tv", "tv-3")
        _axe(browser, server, "/tv")
    finally:
        code, _, err = server.stop()
    assert code == 0 and err == "", err
