"""The league page (`chicago stats --format html`): one self-contained file with the table,
the head-to-head matrix and each player's rating over time, checked in headless Chromium."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from browser_support import horizontal_overflow, new_page, overflowing_elements
from chicago_protokoll.core.session import Session
from chicago_protokoll.core.stats import League, league, played
from chicago_protokoll.present.league import league_html
from chicago_table import Table

if TYPE_CHECKING:
    from playwright.sync_api import Browser


pytestmark = pytest.mark.usefixtures("english")


def won_by(winner: str, players: tuple[str, ...], created: str) -> Session:
    """A short game ``winner`` takes with full houses and every last trick."""
    table = Table(players)
    while not table.standings().finished:
        table.play_deal((winner, 6), (winner, 6), last=winner, show=(winner, 6))
    standings = table.standings()
    events = tuple(entry.event for deal in standings.deals for entry in deal.entries)
    return Session(players=players, events=events, name=f"{winner}-{created}", created=created)


def club() -> League:
    sessions = [
        won_by("Anna", ("Anna", "Bo", "Cilla"), "2026-03-06T18:00:00+00:00"),
        won_by("Bo", ("Anna", "Bo", "Cilla", "Dag"), "2026-03-06T20:00:00+00:00"),
        won_by("Anna", ("Anna", "Dag"), "2026-03-13T18:00:00+00:00"),
        won_by("<Åsa & co>", ("<Åsa & co>", "Bo"), "2026-03-14T18:00:00+00:00"),
    ]
    games = []
    for session in sessions:
        table = Table(session.players)
        for event in session.events:
            table.apply(event)
        games.append(played(session, table.standings()))
    return league([g for g in games if g is not None], stake=2)


def test_the_page_is_self_contained_and_escapes_names() -> None:
    page = league_html(club())
    assert page.startswith("<!DOCTYPE html>")
    for outside in ("http://", "https://", "src=", "<script", "<link", "@import", "url("):
        assert outside not in page
    assert "&lt;Åsa &amp; co&gt;" in page
    assert "<Åsa" not in page


def test_league_page_in_chromium_shows_table_matrix_and_a_rating_line_per_player(
    browser: Browser, tmp_path: Path
) -> None:
    """Opened from a file, the page asks for nothing else; the table lists every player by
    rating, the matrix has a cell per pair, and each player's rating is a drawn line."""
    result = club()
    file = tmp_path / "league.html"
    file.write_text(league_html(result), encoding="utf-8")
    page = new_page(browser, width=1280, height=1000)
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    page.goto(file.as_uri())
    assert requests == [file.as_uri()]

    names = [p.name for p in result.players]
    rows = page.locator(".league tbody tr")
    assert [rows.nth(i).locator("td").first.inner_text() for i in range(rows.count())] == names
    anna = page.locator(".league tbody tr", has_text="Anna").locator("td").all_inner_texts()
    assert anna[2:4] == ["3", "2"]  # games, wins (after the rating the order is by)

    matrix = page.locator(".matrix tbody tr")
    assert matrix.count() == len(names)
    assert page.locator(".matrix tbody td").count() == len(names) ** 2
    assert page.locator(".matrix td.self").all_inner_texts() == ["–"] * len(names)
    def cell(row: str, column: str) -> str:
        return matrix.nth(names.index(row)).locator("td").nth(names.index(column)).inner_text()

    # Row ahead–behind–level: Bo and Anna each won one of their two games together;
    # Anna, Cilla and Dag all ended Bo's game on 0: level.
    assert (cell("Bo", "Anna"), cell("Anna", "Bo")) == ("1–1–0", "1–1–0")
    assert (cell("Dag", "Anna"), cell("Anna", "Dag")) == ("0–1–1", "1–0–1")
    assert cell("Cilla", "Dag") == "0–0–1"
    assert cell("Cilla", "<Åsa & co>") == ""

    lines = page.locator(".ratings svg polyline.player")
    assert lines.count() == len(names)
    assert [lines.nth(i).get_attribute("data-player") for i in range(lines.count())] == names
    for i in range(lines.count()):
        box = lines.nth(i).bounding_box()
        assert box is not None and box["width"] > 50, names[i]
    shot = page.screenshot(full_page=True)
    assert len(shot) > 30_000  # a blank page compresses to a few kilobytes


@pytest.mark.parametrize("width", [390, 1280])
def test_league_page_needs_no_sideways_scrolling_on_a_phone_or_a_screen(
    browser: Browser, width: int
) -> None:
    page = new_page(browser, width=width, height=900)
    page.set_content(league_html(club()))
    assert horizontal_overflow(page) == 0, overflowing_elements(page)


def test_on_a_phone_each_player_is_a_card_with_money_and_rating_in_full(
    browser: Browser,
) -> None:
    """At 390 px each row of the table is a card: every figure labelled and inside the
    screen, none cut off (the money and the rating were, in a table wider than a phone)."""
    page = new_page(browser, width=390, height=844)
    page.set_content(league_html(club()))
    assert horizontal_overflow(page) == 0, overflowing_elements(page)
    cards = page.locator(".league tbody tr")
    assert cards.count() == len(club().players)
    for i in range(cards.count()):
        cells = cards.nth(i).locator("td")
        for j in range(cells.count()):
            box = cells.nth(j).bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390, j
            width = cells.nth(j).evaluate("e => [e.scrollWidth, e.clientWidth]")
            assert width[0] <= width[1] + 1, cells.nth(j).inner_text()  # nothing clipped
    labels = cards.first.locator("td[data-label]").evaluate_all(
        "cells => cells.map(c => getComputedStyle(c, '::before').content)"
    )
    assert '"Money"' in labels and '"Rating μ − 3σ"' in labels
    assert page.locator(".order").inner_text().startswith("Ranked by the rating's conservative")


@pytest.mark.parametrize("width", [390, 1280])
def test_the_rating_chart_text_is_at_least_11_px_and_scrolls_visibly_on_a_phone(
    browser: Browser, width: int
) -> None:
    page = new_page(browser, width=width, height=900)
    page.set_content(league_html(club()))
    sizes = page.locator(".ratings svg text").evaluate_all(
        "texts => texts.map(t => t.getScreenCTM().a * parseFloat(getComputedStyle(t).fontSize))"
    )
    assert sizes and min(sizes) >= 11, sizes
    box = page.locator(".ratings .wide")
    scroll = box.evaluate("e => [e.scrollWidth, e.clientWidth, getComputedStyle(e).overflowX]")
    if width == 390:
        assert scroll[0] > scroll[1] and scroll[2] == "auto"  # it scrolls inside its box
    # A phone shows no scroll bar until one scrolls, so the page says the chart goes on.
    hint = page.locator(".ratings .scroll-hint")
    assert hint.is_visible() == (width == 390)
    assert horizontal_overflow(page) == 0
