"""The recording page in a real Chromium at a phone's 390×844: a whole deal, a Chicago and
an undo recorded by tapping, and `chicago status --json` agrees with the same deals typed
at the command line; a refusal shown on the phone with the file unchanged; no sideways
scrolling, nothing refused by the page's security policy; Swedish too."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from phone_taps import tap_and_show
from serve_support import PLAYERS, Served, chicago

from browser_support import expect, horizontal_overflow, new_page
from cli_support import ANNA_23_DEAL, ok, session_file, status

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Locator, Page


@pytest.fixture
def recorded(table: Path) -> Path:
    ok(*ANNA_23_DEAL)  # Anna 27: she may declare Chicago
    return table


def _open(browser: Browser, server: Served) -> tuple[Page, list[str]]:
    page = new_page(browser, width=390, height=844)
    errors: list[str] = []
    # Every console error but the refused form's own status (422, 409): that is the answer.
    page.on(
        "console",
        lambda m: errors.append(m.text)
        if m.type == "error" and "Failed to load resource" not in m.text
        else None,
    )
    page.goto(server.url.rstrip("/") + server.recording()[1])
    page.wait_for_selector("#live:not(.lost)")
    return page, errors


def _tap(page: Page, target: Locator) -> None:
    """A tap that shows the next page (a link or a form's button)."""
    tap_and_show(page, target)
    page.wait_for_selector("#live")


def _player(page: Page, name: str) -> Locator:
    return page.locator("section.moment").get_by_role("link", name=name, exact=True)


def _button(page: Page, name: str, *, within: str = "section.moment") -> Locator:
    return page.locator(within).locator(f'button[value="{name}"]')


def test_a_whole_deal_a_chicago_and_an_undo_by_tapping(browser: Browser, recorder: Served) -> None:
    page, errors = _open(browser, recorder)
    assert horizontal_overflow(page) == 0
    expect(page.locator("h2").first).to_have_text("Köp 1: best hand?")
    # deal 3: köp 1 Bo two pair, köp 2 pass, nobody declares, Cilla the last trick,
    # Dagny a flush at the showdown
    _tap(page, _player(page, "Bo"))
    expect(page.locator("p.who").first).to_have_text("Bo: which hand?")
    _tap(page, _button(page, "two-pair"))
    expect(page.locator(".done")).to_contain_text("köp 1: Bo: two pair")
    _tap(page, _button(page, "pass"))
    expect(page.locator("h2").first).to_have_text("Chicago? Who declares?")
    last_trick = page.locator("section.moment form").nth(1)
    _tap(page, last_trick.locator('button[value="Cilla"]'))
    expect(page.locator("h2").first).to_have_text("Showdown: best hand after the tricks?")
    _tap(page, _player(page, "Dagny"))
    _tap(page, _button(page, "flush"))
    expect(page.locator(".deal")).to_contain_text("Deal 4")
    # deal 4: two passes, Anna declares Chicago and takes all five; undone; again
    _tap(page, _button(page, "pass"))
    _tap(page, _button(page, "pass"))
    declare = page.locator("section.moment form").first
    _tap(page, declare.locator('button[value="Anna"]'))
    expect(page.locator("h2").first).to_have_text("Anna declared Chicago: all five tricks?")
    _tap(page, _button(page, "all"))
    assert status()["deal"] == 5
    _tap(page, page.locator("form button.wide", has_text="Undo"))
    expect(page.locator(".done")).to_contain_text("Taken back: deal 4")
    expect(page.locator("h2").first).to_have_text("Anna declared Chicago: all five tricks?")
    assert status()["deal"] == 4
    _tap(page, _button(page, "all"))
    assert horizontal_overflow(page) == 0
    assert errors == []  # nothing refused by the content security policy
    shown = [int(x) for x in page.locator("table.totals td.num").all_inner_texts()]

    # The same deals typed at the command line, in another session: the same standings.
    ok("new", "jämför", *PLAYERS)
    for deal in (
        ("deal", "--buy", "Bo:två par", "--buy", "Anna:två par", "--last-trick", "Cilla",
         "--showdown", "Anna:two pair"),
        ANNA_23_DEAL[:],
        ("deal", "--buy", "Bo:two pair", "--last-trick", "Cilla", "--showdown", "Dagny:flush"),
        ("deal", "--chicago", "Anna"),
    ):
        ok(*deal, "--session", "jämför")
    typed, tapped = status("--session", "jämför"), status("--session", "fredag")
    # The ids of the last event and correction are each file's own, not the game's.
    own = ("session", "last_event", "last_correction")
    assert {k: v for k, v in tapped.items() if k not in own} == {
        k: v for k, v in typed.items() if k not in own
    }
    assert tapped["deal"] == 5 and tapped["players"][0]["chicagos_won"] == 1
    assert shown == [p["score"] for p in tapped["players"]]  # what the phone showed


def test_a_refusal_is_shown_on_the_phone_and_the_file_is_unchanged(
    browser: Browser, recorder: Served
) -> None:
    page, errors = _open(browser, recorder)
    page.locator("summary", has_text="Exchanges").click()
    bo = page.locator("details form").filter(has=page.locator('input[name="who"][value="Bo"]'))
    _tap(page, bo.first.locator('button[value="3"]'))
    expect(page.locator(".done")).to_contain_text("Bo")
    file = session_file("fredag")
    before = file.read_bytes()
    page.locator("summary", has_text="Exchanges").click()
    bo = page.locator("details form").filter(has=page.locator('input[name="who"][value="Bo"]'))
    _tap(page, bo.first.locator('button[value="2"]'))
    alert = page.locator('[role="alert"]')
    expect(alert).to_be_visible()
    assert "nothing was recorded" in alert.inner_text()
    assert file.read_bytes() == before
    assert horizontal_overflow(page) == 0
    assert errors == []


def test_the_phone_follows_a_deal_typed_at_the_terminal(browser: Browser, recorder: Served) -> None:
    page, _ = _open(browser, recorder)
    expect(page.locator(".deal")).to_contain_text("Deal 3")
    chicago("deal", "--buy", "Bo:pair", "--last-trick", "Bo", "--showdown", "pass")
    expect(page.locator(".deal")).to_contain_text("Deal 4", timeout=15_000)


def test_the_page_speaks_swedish_and_names_the_hands_in_swedish(
    browser: Browser, table: Path
) -> None:
    server = Served("--lang", "sv", "--record")
    try:
        page = new_page(browser, width=390, height=844)
        page.goto(server.url.rstrip("/") + server.recording()[1] + "?who=Bo")
        assert page.locator("html").get_attribute("lang") == "sv"
        labels = page.locator("section.moment button").all_inner_texts()
        assert labels[:8] == ["par", "två par", "triss", "stege", "färg", "kåk", "fyrtal", "färgstege"]
        assert horizontal_overflow(page) == 0
    finally:
        assert server.stop()[0] == 0


def test_a_phone_correction_of_the_last_trick_keeps_a_kop_taken_from_an_opponent(
    browser: Browser, chicago_home: Path, tmp_path: Path
) -> None:
    """In Chromium: the correction form of a deal whose köp 1 was Anna's full house taken
    off Bo's total shows that köp so, and changing only the last trick saves it kept."""
    from chicago_protokoll.core.events import BuyWinner
    from chicago_protokoll.store import sessionfile

    rules = tmp_path / "from.toml"
    rules.write_text("[scoring]\ntake_from_opponent = true\n", encoding="utf-8")
    anna, bo, cilla = PLAYERS[0], PLAYERS[1], PLAYERS[2]
    ok("new", "tagning", *PLAYERS, "--rules", str(rules))
    ok("deal", "--buy", f"{bo}:par", "--last-trick", bo, "--showdown", "pass")
    ok("deal", "--buy", f"{anna}:kåk:från:{bo}", "--last-trick", cilla, "--showdown", "pass")
    server = Served("--record")
    try:
        page = new_page(browser, width=390, height=844)
        page.goto(server.url.rstrip("/") + server.recording()[1] + "?edit=2")
        page.wait_for_selector("#live")
        expect(page.locator('select[name="hand1"]')).to_have_value("full-house")
        expect(page.locator('select[name="from1"]')).to_have_value(bo)
        page.locator('select[name="last"]').select_option(anna)
        _tap(page, page.locator('button[value="edit-preview"]'))
        expect(page.locator(".done")).to_contain_text("→")
        _tap(page, page.locator('button[value="edit-save"]'))
        expect(page.locator(".done")).to_contain_text("Corrected: ")
        assert horizontal_overflow(page) == 0
        page.screenshot(path=str(tmp_path / "correction.png"), full_page=True)
    finally:
        assert server.stop()[0] == 0
    events = sessionfile.load_session(session_file("tagning")).events
    kop = next(e for e in events if isinstance(e, BuyWinner) and e.deal == 2)
    assert (kop.player, kop.opponent) == (anna, bo)
    assert status()["players"][0]["score"] == 5
