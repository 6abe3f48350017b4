"""The phone through the evening (cli.md "The phone through the evening, and the room's
screens"), in Chromium at 390×844: a whole game from the first deal to the next game
tapped on the phone only, in Swedish; a correction taken back by an Undo that names it;
a second tap for a royal and for the tap that ends the game; at a night the table's
heading, its placement points and what happens next, and the next game followed by
itself after the draw; the Chicago and last-trick choices apart; keep the screen on."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from phone_taps import tap_and_show
from serve_support import PLAYERS, Served, chicago

from browser_support import expect, horizontal_overflow, new_page, unreadable
from cli_support import ANNA_23_DEAL, SEED_000_DEAL, ok, session_file, status

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Locator, Page

# A command to type, in any of the page's texts: a phone has no terminal.
COMMAND = re.compile(
    r"`chicago|\bchicago (?:undo|again|edit|deal|night|new|play|note|penalty|forfeit|royal|buy|tricks|showdown|status|log|sessions|serve|import|publish)\b"
)


def _open(browser: Browser, url: str) -> tuple[Page, list[str]]:
    page = new_page(browser, width=390, height=844)
    errors: list[str] = []
    page.on(
        "console",
        lambda m: errors.append(m.text)
        if m.type == "error" and "Failed to load resource" not in m.text
        else None,
    )
    page.goto(url)
    page.wait_for_selector("#live:not(.lost)")
    return page, errors


def _tap(page: Page, target: Locator) -> None:
    """A tap that shows the next page (a link or a form's button)."""
    tap_and_show(page, target)
    page.wait_for_selector("#live")
    text = page.locator("body").inner_text()
    assert not COMMAND.search(text), text  # no terminal command, whatever the page says
    assert horizontal_overflow(page) == 0


def _step(page: Page, player: str, hand: str = "straight-flush") -> bool:
    """One tap of a deal, as the page asks it: ``player`` wins everything; False once the
    game is over."""
    if page.locator("section.sure").count():
        _tap(page, page.locator("section.sure button.go"))
    elif page.locator("section.moment.over").count():
        return False
    elif page.locator('section.moment button[name="hand"]').count():
        _tap(page, page.locator(f'section.moment button[name="hand"][value="{hand}"]'))
    elif page.locator(".choice.trick").count():
        _tap(page, page.locator(f'.choice.trick button[value="{player}"]'))
    elif page.locator('section.moment button[value="all"]').count():
        _tap(page, page.locator('section.moment button[value="all"]'))
    else:
        link = page.locator("section.moment").get_by_role("link", name=player, exact=True)
        _tap(page, link)
    return True


@pytest.fixture
def swedish(chicago_home: Path) -> Iterator[Served]:
    ok("new", "fredag", *PLAYERS)
    server = Served("--lang", "sv", "--record")
    yield server
    code, _, err = server.stop()
    assert code == 0 and err == "", err


def test_a_whole_game_to_the_next_game_on_the_phone_only_in_swedish(
    browser: Browser, swedish: Served
) -> None:
    page, errors = _open(browser, swedish.url.rstrip("/") + swedish.recording()[1])
    assert page.locator("html").get_attribute("lang") == "sv"
    expect(page.locator("h2").first).to_have_text("Köp 1: bästa hand?")
    expect(page.locator("h1")).to_have_text("fredag")
    taps = 0
    asked_twice = False
    while _step(page, "Anna"):
        asked_twice = asked_twice or page.locator("section.sure").count() > 0
        if asked_twice and page.locator("section.sure").count():
            # the tap that ends the game wrote nothing yet, and says what it does
            assert status()["winners"] == []
            expect(page.locator("section.sure")).to_contain_text("Anna")
        taps += 1
        assert taps < 80, page.locator("body").inner_text()
    assert asked_twice
    finished = status()
    assert finished["winners"] == ["Anna"]
    over = page.locator("section.moment.over")
    expect(over.locator("h2")).to_contain_text("Anna")
    assert unreadable(page, "table.totals td.name, table.totals td.num", 14, scrolls=True) == []
    # Next game: one tap, the same seats and rules; Bo deals first (after Anna)
    _tap(page, over.locator("form button.go").first)
    expect(page.locator(".done")).to_contain_text("fredag-2")
    expect(page.locator("h1")).to_have_text("fredag-2")
    expect(page.locator("h2").first).to_have_text("Köp 1: bästa hand?")
    now = status()
    assert now["session"] == "fredag-2" and now["deal"] == 1
    assert [p["name"] for p in now["players"]] == list(PLAYERS)
    assert errors == []


def test_next_game_with_a_player_leaving_and_one_joining(
    browser: Browser, chicago_home: Path
) -> None:
    ok("new", "fredag", *PLAYERS)
    ok("deal", "--royal", "Cilla")
    server = Served("--record")
    try:
        page, _ = _open(browser, server.url.rstrip("/") + server.recording()[1])
        page.locator("summary", has_text="Next game with other players").click()
        form = page.locator("section.moment.over details form")
        form.locator('input[name="drop-1"]').check()  # Bo leaves
        form.locator('input[name="add-1"]').fill("Erik")
        _tap(page, form.locator("button.go"))
        players = [p["name"] for p in status()["players"]]
        assert players == ["Anna", "Cilla", "Dagny", "Erik"]
        # a second Next game from the old page (a double tap) starts nothing
        assert status()["session"] == "fredag-2"
    finally:
        assert server.stop()[0] == 0


def test_undo_after_a_correction_names_the_correction_and_takes_it_back(
    browser: Browser, swedish: Served
) -> None:
    ok("deal", "--buy", "Bo:pair", "--last-trick", "Cilla")
    ok("deal", "--buy", "Anna:pair", "--last-trick", "Bo")
    page, _ = _open(browser, swedish.url.rstrip("/") + swedish.recording()[1])
    undo = page.locator("form button.wide").filter(has_text="Ångra")
    expect(undo).to_contain_text("giv 2")
    page.locator("details").filter(has=page.locator('a[href*="edit=1"]')).locator("summary").click()
    _tap(page, page.locator('a[href*="edit=1"]'))
    page.locator('select[name="last"]').select_option("Dagny")
    _tap(page, page.locator('button[value="edit-preview"]'))
    _tap(page, page.locator('button[value="edit-save"]'))
    text = page.locator(".done").inner_text()
    assert "giv 1" in text and "Dagny" in text
    assert "Ångra" in text  # the phone's own Undo, never a command to type
    undo = page.locator("form button.wide").filter(has_text="Ångra")
    expect(undo).to_contain_text("giv 1")
    expect(undo).to_contain_text("Dagny")
    corrected = json.loads(chicago("log", "--json"))
    _tap(page, undo)
    expect(page.locator(".done")).to_contain_text("giv 1")
    assert json.loads(chicago("log", "--json")) != corrected
    assert status()["players"][3]["score"] == 0  # Dagny's last trick is taken back


def test_a_royal_asks_a_second_tap_and_the_first_writes_nothing(
    browser: Browser, swedish: Served
) -> None:
    page, _ = _open(browser, swedish.url.rstrip("/") + swedish.recording()[1])
    file = session_file("fredag")
    before = file.read_bytes()
    royal = page.locator("details").filter(has=page.locator('form input[name="do"][value="royal"]'))
    royal.locator("summary").click()
    _tap(page, royal.locator('button[value="Bo"]'))
    sure = page.locator("section.sure")
    expect(sure).to_contain_text("Bo")
    assert file.read_bytes() == before
    _tap(page, sure.locator("a.button"))  # No, go back: still nothing
    assert file.read_bytes() == before
    royal.locator("summary").click()
    _tap(page, royal.locator('button[value="Bo"]'))
    _tap(page, page.locator("section.sure button.go"))
    assert status()["winners"] == ["Bo"]


def test_a_forfeit_asks_a_second_tap_and_its_fold_says_what_it_does(
    browser: Browser, swedish: Served
) -> None:
    page, _ = _open(browser, swedish.url.rstrip("/") + swedish.recording()[1])
    summary = page.locator("summary", has_text="Ger upp partiet")
    summary.click()
    fold = page.locator("details").filter(has=summary)
    fold.locator('select[name="who"]').select_option("Cilla")
    fold.locator('input[name="reason"]').fill("visade inte handen")
    before = session_file("fredag").read_bytes()
    _tap(page, fold.locator("button.go"))
    assert session_file("fredag").read_bytes() == before
    _tap(page, page.locator("section.sure button.go"))
    assert "Cilla" in json.dumps(status())
    assert status()["winners"]


def test_the_chicago_and_the_last_trick_choices_are_apart(
    browser: Browser, chicago_home: Path
) -> None:
    ok("new", "fredag", *PLAYERS)
    ok(*SEED_000_DEAL)
    ok(*ANNA_23_DEAL)  # Anna 27: she may declare Chicago
    server = Served("--record")
    try:
        page, _ = _open(browser, server.url.rstrip("/") + server.recording()[1])
        for _ in range(2):
            _tap(page, page.locator('section.moment button[value="pass"]'))
        declare, trick = page.locator(".choice.declare"), page.locator(".choice.trick")
        expect(declare.locator("button").first).to_contain_text("declares Chicago")
        expect(trick.locator("button").first).to_contain_text("took the last trick")
        gap = page.evaluate(
            """() => document.querySelector('.choice.trick').getBoundingClientRect().top
                   - document.querySelector('.choice.declare').getBoundingClientRect().bottom"""
        )
        assert gap >= 12
        colours = page.evaluate(
            """() => ['.choice.declare', '.choice.trick'].map(
                 s => getComputedStyle(document.querySelector(s)).borderTopColor)"""
        )
        assert colours[0] != colours[1]
    finally:
        assert server.stop()[0] == 0


def test_keep_the_screen_on_uses_the_wake_lock_or_says_the_screen_may_turn_off(
    browser: Browser, swedish: Served
) -> None:
    url = swedish.url.rstrip("/") + swedish.recording()[1]
    page, errors = _open(browser, url)
    page.evaluate(
        """() => { window.locks = 0; navigator.wakeLock.request = async () => {
               window.locks += 1; return {release: async () => {}}; }; }"""
    )
    assert page.locator("#wake-absent").is_hidden()
    page.locator("#wake").check()
    page.wait_for_function("window.locks === 1")
    assert errors == []
    # a browser without the API: the sentence beside the switch, and the video
    bare = new_page(browser, width=390, height=844)
    bare.add_init_script("delete Navigator.prototype.wakeLock")
    bare.goto(url)
    expect(bare.locator("#wake-absent")).to_be_visible()
    expect(bare.locator("#wake-absent")).to_contain_text("Automatisk låsning")
    bare.locator("#wake").check()
    bare.wait_for_function("document.querySelector('video') !== null")
    assert bare.evaluate("document.querySelector('video').muted")


def test_at_a_night_the_finished_table_shows_its_placement_points_and_follows_the_draw(
    browser: Browser, chicago_home: Path
) -> None:
    ok("night", "new", "klubb", *(f"Spelare {n}" for n in range(1, 9)))
    night = json.loads(ok("night", "status", "klubb", "--json"))
    server = Served("--night", "klubb", "--record")
    try:
        page, _ = _open(browser, server.url.rstrip("/") + server.recording()[1])
        expect(page.locator("h1")).to_have_text("Table 1")  # the table, not klubb-r1-t1
        first = night["tables"][0]["players"][0]
        ok("deal", "--session", night["tables"][0]["session"], "--royal", first)
        expect(page.locator("section.moment.over")).to_be_visible(timeout=5000)
        over = page.locator("section.moment.over")
        expect(over.locator("table.placed")).to_contain_text(first)
        expect(over.locator(".next")).to_contain_text("draws the next round")
        for table in night["tables"][1:]:
            ok("deal", "--session", table["session"], "--royal", table["players"][0])
        ok("night", "draw", "klubb")
        # the page follows table 1's next game by itself
        expect(page.locator("h2").first).to_contain_text("Köp 1", timeout=5000)
        expect(page.locator("h1")).to_have_text("Table 1")
    finally:
        assert server.stop()[0] == 0


def test_a_deal_with_points_taken_from_an_opponent_is_shown_whole_in_the_correction_form(
    browser: Browser, chicago_home: Path
) -> None:
    # Since claims are values (core.claims), the form shows whose total a scoring came
    # off (lastfrom), so such a deal is corrected here, not refused as a part dropped.
    ok("new", "fredag", *PLAYERS, "--preset", "from-opponent")
    ok("deal", "--buy", "Bo:pair", "--last-trick", "Anna:from:Bo")
    server = Served("--record")
    try:
        page, _ = _open(browser, server.url.rstrip("/") + server.recording()[1] + "?edit=1")
        expect(page.locator('select[name="lastfrom"]')).to_have_value("Bo")
        assert page.locator("section.moment .alert").count() == 0
        expect(page.locator('button[value="edit-preview"]')).to_be_visible()
    finally:
        assert server.stop()[0] == 0
