"""The league page (`chicago stats --format html`): one self-contained file with the table,
the head-to-head matrix and each player's rating over time, checked in headless Chromium."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from browser_support import horizontal_overflow, launch, new_page, overflowing_elements
from chicago_protokoll.core.session import Session
from chicago_protokoll.core.stats import League, league, played
from chicago_protokoll.i18n.language import set_language
from chicago_protokoll.present.league import league_html
from chicago_table import Table

if TYPE_CHECKING:
    from playwright.sync_api import Browser


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    set_language("en")
    yield
    set_language(None)


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


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with launch() as opened:
        yield opened


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
