"""The published site in a real browser: opened from file:// with the network off, every
page passes axe-core with no violation, and every name and total is on screen (headless
Chromium through tests/browser_support.py)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from axe_support import axe_version, axe_violations
from browser_support import horizontal_overflow, new_page
from cli_support import ok
from publish_support import PLAYERS, night_home, use_home

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

SCREENS = ((390, 844), (1280, 720), (1920, 1080))


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("site")
    made = night_home(folder)
    with pytest.MonkeyPatch.context() as patch:
        home = folder / "copy"
        use_home(made, home)
        patch.setenv("CHICAGO_PROTOKOLL_HOME", str(home))
        ok("publish", str(folder / "web"), "--lang", "en")
    return folder / "web"


def offline_page(browser: Browser, width: int, height: int) -> tuple[Page, list[str]]:
    """A page with the network off, and the list of every request that was not a file."""
    page = new_page(browser, width=width, height=height, offline=True)
    outside: list[str] = []

    def refuse(route: object) -> None:
        request = route.request  # type: ignore[attr-defined]
        if not request.url.startswith("file://"):
            outside.append(request.url)
            route.abort()  # type: ignore[attr-defined]
        else:
            route.continue_()  # type: ignore[attr-defined]

    page.context.route("**/*", refuse)
    return page, outside


def test_axe_core_finds_no_violation_on_any_published_page(browser: Browser, site: Path) -> None:
    """Every page of the site at a phone's width (where boxes scroll), and one page of each
    kind at a laptop's."""
    assert axe_version() == "4.12.1"
    every = sorted(site.rglob("*.html"))
    kinds = {path.parent.name: path for path in every}  # one per folder, and each top page
    wide = sorted({*kinds.values(), site / "index.html", site / "league.html"})
    for (width, height), paths in (((390, 844), every), ((1280, 720), wide)):
        page, _ = offline_page(browser, width, height)
        for path in paths:
            page.goto(path.as_uri())
            found = axe_violations(page)
            assert found == [], (path.relative_to(site).as_posix(), width, found)
        page.context.close()


def test_the_site_opens_from_file_with_the_network_off_and_its_links_work(browser: Browser, site: Path) -> None:
    """From the index to the night, a game and a player by clicking, nothing fetched but files."""
    page, outside = offline_page(browser, 1280, 720)
    page.goto((site / "index.html").as_uri())
    page.get_by_role("link", name="fredag").first.click()
    page.wait_for_url("**/nights/fredag/index.html")
    assert page.get_by_role("heading", name="Club night: fredag").is_visible()
    page.get_by_role("link", name="fredag-r1-t1").click()
    page.wait_for_url("**/games/fredag-r1-t1.html")
    page.get_by_role("navigation").get_by_role("link").last.click()
    page.wait_for_url("**/players/*.html")
    page.get_by_role("link", name="League").click()
    page.wait_for_url("**/league.html")
    assert outside == []
    page.context.close()


def test_every_name_and_total_of_the_night_page_is_on_screen_and_unclipped(
    browser: Browser, site: Path, tmp_path: Path
) -> None:
    for width, height in SCREENS:
        page, _ = offline_page(browser, width, height)
        for name in ("index.html", "nights/fredag/index.html"):
            page.goto((site / name).as_uri())
            assert horizontal_overflow(page) == 0, (name, width)
            clipped = page.evaluate(
                """() => [...document.querySelectorAll('main td')]
                     .filter(e => e.getBoundingClientRect().width <= 0
                                  || e.scrollWidth > e.clientWidth + 1)
                     .map(e => e.innerText)"""
            )
            assert clipped == [], (name, width)
            shown = page.locator("main").inner_text()
            assert all(player in shown for player in PLAYERS), (name, width)
            page.screenshot(path=str(tmp_path / f"{name.replace('/', '-')}-{width}.png"), full_page=True)
        page.context.close()


def test_a_published_night_page_prints(browser: Browser, site: Path) -> None:
    """Printable: the night's page prints to PDF on A4 without the site's navigation."""
    page, _ = offline_page(browser, 1280, 720)
    page.goto((site / "nights" / "fredag" / "index.html").as_uri())
    page.emulate_media(media="print")
    assert not page.locator("nav.site").is_visible()
    pdf = page.pdf(format="A4")
    assert pdf.startswith(b"%PDF")
    page.context.close()
