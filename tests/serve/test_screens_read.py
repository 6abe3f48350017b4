"""Every screen, read as a person reads it (cli.md "The phone through the evening, and the
room's screens"): at 390×844, 1280×720 and 1920×1080, every player's name and total is
shown, inside the screen (or its page), not cut (or cut with an ellipsis after at least
4 characters), never 0 px wide, in type of at least 14 px on the phone and 24 px on the
board and ``/tv``; standings that do not fit turn page, and ``?page=N`` shows page N.

The first defect this catches passed every earlier browser test: the board's standings
had a 0 px Player column for 9-12 players, because those tests looked for overflow, not
for what can be read.  The whole matrix (3, 9, 12, 16, 24 and 40 players at a night, 2-6
at a table, short and long names) is marked slow; one case of each kind runs always.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from serve_support import Served

from browser_support import new_page, shown_texts, unreadable
from cli_support import ok

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

SIZES = ((390, 844), (1280, 720), (1920, 1080))
PHONE = 390

FIRST = ("Maximiliana", "Anna-Karin", "Bartholomeus", "Gunnel-Britt", "Kristoffer",
         "Ebba-Louise", "Johan-Olof", "Sigrid-Maria")
LAST = ("Vasquez-Lindqvist", "Östergren-Åkerman", "Bergström-Nilsson", "Wallenberg-Eklund",
        "Johansson-Lindahl")


def names(count: int, long: bool) -> list[str]:
    """``count`` players: "Spelare 7", or names of 25-30 characters (none alike)."""
    if not long:
        return [f"Spelare {n}" for n in range(1, count + 1)]
    return [f"{FIRST[n % len(FIRST)]} {LAST[n // len(FIRST)]}" for n in range(count)]


# What is a player's name and what is a total, screen by screen.
# The standings' every cell and heading: "Wins" was once cut off at the right.
BOARD = ".nb-table .n, .nb-table .s, .nb-standings td.name, .nb-standings td"
# Column headings are smaller type than a name, but never clipped.
HEADINGS = ".nb-standings th"
HEADING_LEAST = 12.0
SHEET = "table.standings tbody td:first-child, table.standings td.score"
RECORD = "table.totals td.name, table.totals td.num"
TV = ".tv-name, .tv-score"


def _least(screen: str, width: int) -> float:
    return 14 if width == PHONE or screen in ("sheet", "record") else 24


def _open(browser: Browser, url: str, width: int, height: int) -> Page:
    page = new_page(browser, width=width, height=height)
    page.goto(url)
    page.wait_for_function("document.readyState === 'complete'")
    return page


def _pages(page: Page) -> int:
    return int(page.evaluate("Number(document.querySelector('main').dataset.pages || 1)"))


def _read_every_page(page: Page, url: str, size: tuple[int, int], selector: str,
                     least: float, names_at: Sequence[str]) -> list[set[str]]:
    """Every page of a paged screen read (``?page=N``); for each of ``names_at``, the
    names shown on any page."""
    width, _ = size
    page.goto(url)
    page.wait_for_function("document.readyState === 'complete'")
    count = _pages(page)
    seen: list[set[str]] = [set() for _ in names_at]
    for number in range(1, count + 1):
        if number > 1:
            page.goto(f"{url}?page={number}")
            page.wait_for_function("document.readyState === 'complete'")
            assert _pages(page) == count
            mark = page.locator(".nb-pages").inner_text()
            assert f"{number}" in mark and f"{count}" in mark, mark
        problems = unreadable(page, selector, least, scrolls=width == PHONE)
        if selector == BOARD:
            problems += unreadable(page, HEADINGS, HEADING_LEAST, scrolls=width == PHONE)
        assert problems == [], (url, size, number, problems[:5])
        for names, at in zip(seen, names_at, strict=True):
            names |= set(shown_texts(page, at))
    return seen


def _deal_everywhere(status: dict[str, Any]) -> None:
    for index, table in enumerate(status["tables"]):
        first = table["players"][index % len(table["players"])]
        for _ in range(index % 3 + 1):
            ok("deal", "--session", table["session"], "--buy", f"{first}:pair",
               "--last-trick", first)


@pytest.fixture
def night_of(chicago_home: Path) -> Iterator[Any]:
    servers: list[Served] = []

    def start(count: int, long: bool) -> tuple[Served, dict[str, Any]]:
        ok("night", "new", "klubb", *names(count, long))
        status: dict[str, Any] = json.loads(ok("night", "status", "klubb", "--json"))
        _deal_everywhere(status)
        server = Served("--night", "klubb", "--record")
        servers.append(server)
        return server, status

    yield start
    for server in servers:
        code, _, err = server.stop()
        assert code == 0 and err == "", err


def check_night(browser: Browser, night_of: Any, count: int, long: bool) -> None:
    server, status = night_of(count, long)
    everyone = set(names(count, long))
    playing = {name for table in status["tables"] for name in table["players"]}
    base = server.url.rstrip("/")
    record = base + server.recording()[1]
    for size in SIZES:
        page = new_page(browser, width=size[0], height=size[1])
        try:
            for path in ("/", "/tv"):
                least = _least("board", size[0])
                standings, tables = _read_every_page(
                    page, base + path, size, BOARD, least,
                    (".nb-standings td.name", ".nb-table .n"),
                )
                assert standings == everyone, (path, size, everyone - standings)
                assert tables == playing, (path, size, playing - tables)
            for url, selector, screen in (
                (base + "/t/1", SHEET, "sheet"), (record, RECORD, "record")
            ):
                page.goto(url)
                page.wait_for_function("document.readyState === 'complete'")
                problems = unreadable(page, selector, _least(screen, size[0]), scrolls=True)
                assert problems == [], (url, size, problems[:5])
                shown = set(shown_texts(page, selector.split(",")[0]))
                assert shown == set(status["tables"][0]["players"])
        finally:
            page.context.close()


def test_the_board_of_twelve_long_names_shows_every_name_and_total(
    browser: Browser, night_of: Any
) -> None:
    """The defect as measured: 12 players (and the long names), where the Player column
    was 0 px wide."""
    check_night(browser, night_of, 12, True)


@pytest.mark.slow
@pytest.mark.parametrize("long", [False, True], ids=["short", "long"])
@pytest.mark.parametrize("count", [3, 9, 12, 16, 24, 40])
def test_every_screen_of_a_night_shows_every_name_and_total(
    browser: Browser, night_of: Any, count: int, long: bool
) -> None:
    check_night(browser, night_of, count, long)


def test_standings_that_do_not_fit_turn_page_every_12_s_and_say_so(
    browser: Browser, night_of: Any
) -> None:
    server, _ = night_of(40, False)
    page = new_page(browser, width=1280, height=720)
    try:
        page.clock.install()  # the page's own clock, moved on by the test: no waiting
        page.goto(server.url)
        count = _pages(page)
        assert count >= 2
        mark = page.locator(".nb-pages")
        assert mark.inner_text() == f"· page 1 of {count}"
        first = shown_texts(page, ".nb-standings td.name")
        page.clock.run_for(11_000)
        assert mark.inner_text() == f"· page 1 of {count}"
        page.clock.run_for(1_500)
        assert mark.inner_text() == f"· page 2 of {count}"
        second = shown_texts(page, ".nb-standings td.name")
        assert first and second and not set(first) & set(second)
        page.goto(f"{server.url}?page={count}")
        assert mark.inner_text() == f"· page {count} of {count}"
        page.clock.run_for(30_000)  # ?page=N stays on page N
        assert mark.inner_text() == f"· page {count} of {count}"
    finally:
        page.context.close()


def check_table(browser: Browser, count: int, long: bool) -> None:
    players = names(count, long)
    ok("new", "fredag", *players, *(("--preset", "big-table") if count > 4 else ()))
    for index in range(3):
        ok("deal", "--buy", f"{players[index % count]}:pair", "--last-trick", players[0])
    server = Served("--record")
    try:
        base = server.url.rstrip("/")
        record = base + server.recording()[1]
        for size in SIZES:
            page = new_page(browser, width=size[0], height=size[1])
            try:
                for url, selector, screen in (
                    (base + "/", SHEET, "sheet"),
                    (base + "/tv", TV, "board"),
                    (record, RECORD, "record"),
                ):
                    page.goto(url)
                    page.wait_for_function("document.readyState === 'complete'")
                    least = _least(screen, size[0])
                    phone = size[0] == PHONE
                    problems = unreadable(page, selector, least, scrolls=phone or screen != "board")
                    assert problems == [], (url, size, problems[:5])
                    assert set(shown_texts(page, selector.split(",")[0])) == set(players)
            finally:
                page.context.close()
    finally:
        code, _, err = server.stop()
        assert code == 0 and err == "", err


def test_a_table_of_four_long_names_shows_every_name_and_total(browser: Browser) -> None:
    check_table(browser, 4, True)


@pytest.mark.slow
@pytest.mark.parametrize("long", [False, True], ids=["short", "long"])
@pytest.mark.parametrize("count", [2, 3, 4, 5, 6])
def test_every_screen_of_a_table_shows_every_name_and_total(
    browser: Browser, count: int, long: bool
) -> None:
    check_table(browser, count, long)
