"""Kept conflicts in a real Chromium at a phone's 390×844, the network cut with
``context.set_offline`` (cli.md, "One act, one entry"): an entry lands only in the game it
was made for; a round-1 köp that reaches the laptop after round 2 is drawn is kept, named
as round 1's game, and lands in no game of round 2; a note queued behind an entry that is
refused is still recorded."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import TYPE_CHECKING, Any

from phone_taps import tap_and_show
from serve_support import Served, chicago

from browser_support import expect, horizontal_overflow, new_page, offline
from chicago_protokoll.serve.conflicts import Conflicts
from cli_support import ok, session_file

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

WAITING = "1 entry waiting, not yet in the protocol"


def _events(name: str) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = tomllib.loads(session_file(name).read_text()).get("events", [])
    return events


def _open(browser: Browser, address: str) -> Page:
    page = new_page(browser, width=390, height=844)
    page.goto(address)
    page.wait_for_selector("#live:not(.lost)")
    return page


def _pass(page: Page) -> None:
    page.locator("section.moment").locator('button[value="pass"]').click()


def test_a_round_one_koep_that_arrives_after_round_two_is_drawn_lands_in_no_game_of_round_two(
    browser: Browser, chicago_home: Path
) -> None:
    ok("night", "new", "klubb", *(f"Spelare {n}" for n in range(1, 9)))
    first = json.loads(ok("night", "status", "klubb", "--json"))["tables"]
    round_one = first[0]["session"]
    server = Served("--night", "klubb", "--record")
    try:
        page = _open(browser, server.url.rstrip("/") + server.recording()[1])
        offline(page)
        _pass(page)  # köp 1 of table 1's round-1 game, tapped with no network
        expect(page.locator("#outbox")).to_contain_text(WAITING)
        # Meanwhile every round-1 game ends at the terminal and round 2 is drawn.
        for table in first:
            ok("deal", "--session", table["session"], "--royal", table["players"][0])
        ok("night", "draw", "klubb")
        second = json.loads(ok("night", "status", "klubb", "--json"))["tables"]
        assert all(table["session"] != round_one for table in second)
        played = session_file(round_one).read_bytes()

        page.context.set_offline(False)
        conflicts = page.locator("section.conflicts")
        expect(conflicts).to_contain_text(
            f"Made for the game {round_one}, which this table no longer plays", timeout=20_000
        )
        expect(conflicts).to_contain_text("köp: pass")
        expect(conflicts.locator('button[value="conflict-retry"]')).to_have_count(0)
        expect(page.locator("#outbox")).to_contain_text("kept for a person to decide")
        assert horizontal_overflow(page) == 0
        for table in second:  # in no game of round 2
            assert _events(table["session"]) == [], table
        assert session_file(round_one).read_bytes() == played  # nor forced into its own
        [kept] = Conflicts(chicago_home).of("night:klubb:1")
        assert kept.game == round_one

        keeper = new_page(browser, width=1280, height=720)
        keeper.goto(server.url.rstrip("/") + server.keeper())
        expect(keeper.locator(".conflict")).to_contain_text(f"Made for the game {round_one}")
        expect(keeper.locator('.conflict button[value="conflict-retry"]')).to_have_count(0)

        # Its one choice, "Drop it": gone from the phone and the server.
        tap_and_show(page, conflicts.locator('button[value="conflict-drop"]'))
        expect(page.locator("section.conflicts")).to_have_count(0)
        assert Conflicts(chicago_home).of("night:klubb:1") == []
        for table in second:
            assert _events(table["session"]) == [], table
    finally:
        assert server.stop()[0] == 0


def test_a_note_queued_behind_a_refused_entry_is_recorded_not_kept(
    browser: Browser, table: Path, chicago_home: Path
) -> None:
    server = Served("--record")
    try:
        page = _open(browser, server.url.rstrip("/") + server.recording()[1])
        offline(page)
        _pass(page)  # köp 1, waiting
        expect(page.locator("#outbox")).to_contain_text(WAITING)
        page.locator("details summary", has_text="Note").click()
        page.locator('input[name="text"]').fill("Bo kom sent")
        page.locator("button.go", has_text="Write the note").click()
        expect(page.locator("#outbox")).to_contain_text("2 entries waiting, not yet in the protocol")
        # The terminal records the whole deal: the waiting köp is refused on arrival.
        chicago("deal", "--buy", "Bo:pair", "--last-trick", "Bo", "--showdown", "pass")
        page.context.set_offline(False)
        conflicts = page.locator("section.conflicts")
        expect(conflicts).to_contain_text("köp: pass", timeout=20_000)
        expect(page.locator("#outbox")).not_to_contain_text("waiting", timeout=20_000)
        notes = [e for e in _events("fredag") if e["type"] == "note"]
        assert [e["text"] for e in notes] == ["Bo kom sent"]
        assert [c.tapped for c in Conflicts(chicago_home).of("table")] == ["köp: pass"]
        expect(conflicts).not_to_contain_text("Bo kom sent")
    finally:
        assert server.stop()[0] == 0
