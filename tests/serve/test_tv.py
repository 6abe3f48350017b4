"""``GET /tv``: the room's screen, in a real Chromium at a TV's 1920×1080 and a small TV's
1280×720: never taller or wider than the screen however long the game, every player
and the newest deal on it, the leader marked while the game runs, the winner and the
settlement when it ends; in Swedish as in English."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from serve_support import PLAYERS, Served, chicago

from browser_support import expect, new_page
from cli_support import ANNA_23_DEAL, ok

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page


SCREENS = [(1920, 1080), (1280, 720)]
LONG_NAMES = ("Anna-Karin Lindqvist", "Bo", "Maximiliana Öberg", "Cilla", "Dagny", "Åsa-Lena")


def _long_game(home: Path, players: tuple[str, ...], deals: int) -> None:
    """A game of ``deals`` deals that is still running: a high target and no köpstopp,
    the köp going round the table and every other last trick to the first player, who
    leads."""
    rules = home.parent / "long.toml"
    rules.write_text("[game]\ntarget = 1000\nmax_players = 6\n[buy_stop]\nthreshold = false\n")
    ok("new", "lång", *players, "--rules", str(rules))
    for number in range(deals):
        buyer = players[number % len(players)]
        last = players[0] if number % 2 else players[(number * 3 + 1) % len(players)]
        ok("deal", "--buy", f"{buyer}:pair", "--last-trick", last, "--showdown", "pass")


def _fits(page: Page) -> None:
    """Nothing of the page is outside the screen, and no scrolling could bring it in."""
    size = page.evaluate(
        """() => ({sh: document.documentElement.scrollHeight, sw: document.documentElement.scrollWidth,
                  bh: document.body.scrollHeight, bw: document.body.scrollWidth,
                  h: innerHeight, w: innerWidth})"""
    )
    assert size["sh"] <= size["h"] and size["bh"] <= size["h"], size
    assert size["sw"] <= size["w"] and size["bw"] <= size["w"], size
    # Whatever is shown lies inside the screen (clipped boxes hide only what they cut).
    outside = page.evaluate(
        """() => [...document.querySelectorAll('main *')]
             .filter(e => e.getClientRects().length && !e.closest('[hidden]'))
             .filter(e => { const r = e.getBoundingClientRect();
                            return r.bottom > innerHeight + 0.5 || r.right > innerWidth + 0.5; })
             .filter(e => !e.closest('.tv-deals tbody'))
             .map(e => e.tagName + '.' + e.className)"""
    )
    assert outside == []
    shown_rows = page.locator(".tv-deals tbody tr:not([hidden])")
    for index in range(shown_rows.count()):
        box = shown_rows.nth(index).bounding_box()
        assert box is not None and box["y"] + box["height"] <= size["h"] + 0.5


def _open(browser: Browser, served: Served, width: int, height: int) -> Page:
    page = new_page(browser, width=width, height=height)
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(served.url + "tv")
    page.wait_for_selector("#live:not(.lost)")
    assert errors == []  # nothing refused by the content security policy
    return page


@pytest.fixture
def long_game(chicago_home: Path) -> Iterator[Served]:
    _long_game(chicago_home, PLAYERS, 40)
    server = Served()
    yield server
    assert server.stop()[0] == 0


@pytest.mark.parametrize(("width", "height"), SCREENS)
def test_a_40_deal_game_fits_the_screen_with_the_newest_deals(
    browser: Browser, long_game: Served, width: int, height: int
) -> None:
    page = _open(browser, long_game, width, height)
    _fits(page)
    for name in PLAYERS:
        assert page.locator(".tv-name", has_text=name).is_visible()
    rows = page.locator(".tv-deals tbody tr:not([hidden])")
    assert rows.count() >= 5  # a useful number of deals, however small the screen
    assert rows.first.locator("td").first.inner_text() == "40"  # newest first
    shown = [int(rows.nth(i).locator("td").first.inner_text()) for i in range(rows.count())]
    assert shown == list(range(40, 40 - len(shown), -1))
    # Large type: a total is readable from the sofa (a twentieth of the screen or more).
    score = page.locator(".tv-score").first.bounding_box()
    assert score is not None and score["height"] >= height / 20
    # The leader is marked, and no one else.
    totals = {p["name"]: p["score"] for p in long_game.status()["players"]}
    best = max(totals.values())
    leaders = [name for name, score in totals.items() if score == best]
    assert leaders == [PLAYERS[0]]
    assert page.locator(".tv-player.leader .tv-name").all_inner_texts() == leaders
    assert page.locator(".tv-player.leader .tv-badge").inner_text() == "leads"
    assert page.locator(".tv-badge").count() == 1
    assert page.locator(".tv-player.winner").count() == 0


@pytest.mark.parametrize(("width", "height"), SCREENS)
def test_six_long_names_fit_too(
    browser: Browser, chicago_home: Path, width: int, height: int
) -> None:
    _long_game(chicago_home, LONG_NAMES, 40)
    server = Served()
    try:
        page = _open(browser, server, width, height)
        _fits(page)
        assert page.locator(".tv-player").count() == 6
        scores = page.locator(".tv-score")
        for index in range(6):
            # a total is never cut: its box is as wide as its figures
            assert scores.nth(index).evaluate("e => e.scrollWidth <= e.clientWidth")
    finally:
        assert server.stop()[0] == 0


def test_a_deal_shows_on_the_screen_without_a_reload(browser: Browser, long_game: Served) -> None:
    page = _open(browser, long_game, 1920, 1080)
    page.evaluate("window.notReloaded = true")
    chicago("deal", "--buy", "Bo:pair", "--last-trick", "Bo", "--showdown", "pass")
    newest = page.locator(".tv-deals tbody tr").first.locator("td").first
    expect(newest).to_have_text("41", timeout=15_000)
    assert page.evaluate("window.notReloaded === true")
    _fits(page)


@pytest.mark.parametrize(("width", "height"), SCREENS)
@pytest.mark.parametrize("lang", ["en", "sv"])
def test_the_finished_game_shows_the_winner_and_the_settlement(
    browser: Browser, table: Path, width: int, height: int, lang: str
) -> None:
    for _ in range(3):  # Anna: 4, 27, 50, 73
        ok(*ANNA_23_DEAL)
    server = Served("--lang", lang) if lang == "sv" else Served("--stake", "2")
    try:
        page = _open(browser, server, width, height)
        _fits(page)
        assert page.locator(".tv-player.winner .tv-name").all_inner_texts() == ["Anna"]
        assert page.locator(".tv-player.leader").count() == 0  # over: a winner, no leader
        winners = page.locator(".tv-winners").inner_text()
        assert winners.startswith("Anna — 73 ")
        settlement = page.locator(".tv-settlement tbody tr")
        assert settlement.count() == 3  # Bo, Cilla and Dagny each pay Anna
        payers = {settlement.nth(i).locator("td").first.inner_text() for i in range(3)}
        assert payers == {"Bo", "Cilla", "Dagny"}
        heading = page.locator(".tv-result h2").first.inner_text()
        assert heading.casefold() == ("vinnare" if lang == "sv" else "winner")
        assert page.locator("html").get_attribute("lang") == lang
        if lang == "en":  # at a stake of 2, Bo (2 points) pays (73 - 2) * 2
            bo = settlement.filter(has_text="Bo").locator("td")
            assert bo.all_inner_texts() == ["Bo", "Anna", "142"]
    finally:
        assert server.stop()[0] == 0
