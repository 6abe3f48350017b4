"""The recording page's outbox in a real Chromium at a phone's 390×844, the network cut
with ``context.set_offline`` (cli.md, "Recording that survives the room's network"): a
tap offline is kept and shown as waiting, survives a reload, and reaches the file exactly
once when the laptop answers again; undo offline says it needs the connection; the rest
of the deal goes in the whole-deal form while a tap waits; a tap refused on arrival is
kept by the server for a person, on the phone and on the keeper's page."""

from __future__ import annotations

import json
import os
import tempfile
import time
import tomllib
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from phone_taps import tap_and_show
from serve_support import Served, chicago
from tcp_proxy import Proxy

from browser_support import expect, horizontal_overflow, new_page, offline
from cli_support import session_file

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

WAITING = "1 entry waiting, not yet in the protocol"


def _file_events() -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = tomllib.loads(session_file("fredag").read_text())["events"]
    return events


def _events() -> int:
    """How many events the session file holds."""
    return len(_file_events())


def _open(browser: Browser, server: Served, base: str = "") -> tuple[Page, str, list[str]]:
    page = new_page(browser, width=390, height=844)
    errors: list[str] = []
    page.on(
        "console",
        lambda m: (
            errors.append(m.text)
            if m.type == "error"
            and "Failed to load resource" not in m.text
            and "ERR_INTERNET_DISCONNECTED" not in m.text
            else None
        ),
    )
    address = (base or server.url.rstrip("/")) + server.recording()[1]
    page.goto(address)
    page.wait_for_selector("#live:not(.lost)")
    return page, address, errors


def _until(page: Page, check: Any, timeout: float = 15.0) -> None:
    """Wait for ``check()`` while the browser runs (and the test's routes answer): the sync
    API handles a route only inside a call to it, never during a plain sleep."""
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "not within the time"
        page.wait_for_timeout(100)


def _pass(page: Page) -> None:
    page.locator("section.moment").locator('button[value="pass"]').click()


def test_a_tap_offline_is_kept_survives_a_reload_and_reaches_the_file_once(
    browser: Browser, recorder: Served
) -> None:
    # The phone reaches the laptop through a proxy that can refuse its writes (and the
    # page's ping) while the page itself still loads: each step below is seen before the
    # entry can be sent.
    writes = {"down": False}

    def fate(line: bytes) -> str:
        write = line.startswith(b"POST") or b"/ping " in line
        return "before" if write and writes["down"] else "pass"

    proxy = Proxy(recorder.port, fate)
    try:
        page, address, errors = _open(browser, recorder, proxy.address)
        before = _events()
        file = session_file("fredag")
        saved = file.read_bytes()
        offline(page)
        _pass(page)
        expect(page.locator("#outbox")).to_contain_text(WAITING)
        expect(page.locator("#outbox")).to_be_in_viewport()
        expect(page.locator("#whole-deal")).to_be_visible()  # the next question needs the laptop
        expect(page.locator("section.moment").first).to_be_hidden()
        assert file.read_bytes() == saved
        assert horizontal_overflow(page) == 0
        page.screenshot(path=os.path.join(tempfile.gettempdir(), "outbox-waiting.png"))

        # A reload while offline: the browser's own error page; the entry stays in the
        # phone's storage, and the page shows it again when it opens.
        writes["down"] = True
        with pytest.raises(Exception, match="ERR_INTERNET_DISCONNECTED"):
            page.reload()
        page.context.set_offline(False)
        page.goto(address)
        expect(page.locator("#outbox")).to_contain_text(WAITING)
        page.wait_for_timeout(5000)  # more than a resend period: tried, and still waiting
        expect(page.locator("#outbox")).to_contain_text(WAITING)
        assert file.read_bytes() == saved
        assert proxy.counts["before"] >= 1

        # The laptop answers: the entry is sent, saved once, and the page moves on.
        writes["down"] = False
        _until(page, lambda: _events() == before + 1)
        expect(page.locator("#outbox")).to_be_hidden(timeout=10_000)
        expect(page.locator("section.moment h2").first).to_have_text("Köp 2: best hand?")
        page.wait_for_timeout(5000)  # more than a resend period: nothing is sent again
        assert _events() == before + 1
        assert errors == []
    finally:
        proxy.close()


def test_undo_offline_needs_the_connection_and_is_never_queued(
    browser: Browser, recorder: Served
) -> None:
    page, _, _ = _open(browser, recorder)
    before = _events()
    offline(page)
    undo = page.locator("form button.wide", has_text="Undo")
    undo.click()
    expect(page.locator(".needs")).to_have_text("needs the connection")
    expect(page.locator("#outbox")).to_be_hidden()
    page.context.set_offline(False)
    page.wait_for_timeout(5000)
    assert _events() == before
    assert page.evaluate("Object.keys(localStorage).map((k) => localStorage.getItem(k))") in (
        [],
        ["[]"],
    )


def test_the_rest_of_the_deal_goes_in_the_whole_deal_form_while_a_tap_waits(
    browser: Browser, recorder: Served
) -> None:
    page, _, _ = _open(browser, recorder)
    offline(page)
    _pass(page)  # köp 1: pass
    whole = page.locator("#whole-deal")
    expect(whole).to_be_visible()
    expect(whole.locator('[data-part="buy1"]')).to_be_hidden()  # köp 1 waits already
    whole.locator('select[name="buy2"]').select_option("Bo")
    whole.locator('select[name="hand2"]').select_option("pair")
    whole.locator('select[name="last"]').select_option("Cilla")
    whole.locator('select[name="show"]').select_option("Dagny")
    whole.locator('select[name="showhand"]').select_option("flush")
    whole.locator("button.go").click()
    expect(page.locator("#outbox")).to_contain_text("2 entries waiting, not yet in the protocol")
    expect(whole.locator(".closed")).to_be_visible()
    assert horizontal_overflow(page) == 0
    page.context.set_offline(False)
    _until(page, lambda: json.loads(chicago("status", "--json"))["deal"] == 3)
    expect(page.locator("#outbox")).to_be_hidden(timeout=10_000)
    deal2 = [e for e in _file_events() if e.get("deal") == 2]
    # The same deal typed: chicago deal --buy pass --buy Bo:pair --last-trick Cilla
    # --showdown Dagny:flush
    kinds = [e["type"] for e in deal2]
    assert kinds == ["buy", "buy", "last-trick", "showdown"], deal2
    expect(page.locator(".deal")).to_contain_text("Deal 3")


def test_a_tap_refused_on_arrival_is_kept_for_a_person(browser: Browser, recorder: Served) -> None:
    page, _, _ = _open(browser, recorder)
    offline(page)
    _pass(page)
    expect(page.locator("#outbox")).to_contain_text(WAITING)
    # Meanwhile the terminal records the whole deal: the waiting tap is stale on arrival.
    chicago("deal", "--buy", "Bo:pair", "--last-trick", "Bo", "--showdown", "pass")
    before = _events()
    page.context.set_offline(False)
    conflicts = page.locator("section.conflicts")
    expect(conflicts).to_be_visible(timeout=15_000)
    expect(conflicts).to_contain_text("köp: pass")
    expect(page.locator("#outbox")).to_contain_text("kept for a person to decide")
    assert _events() == before
    kept = list((Path(recorder_home()) / "serve-conflicts").glob("*.json"))
    assert len(kept) == 1 and "köp: pass" in kept[0].read_text(encoding="utf-8")

    # The keeper's page shows it, and the table's last contact.
    keeper = new_page(browser, width=1280, height=720)
    keeper.goto(recorder.url.rstrip("/") + recorder.keeper())
    expect(keeper.locator(".conflict")).to_contain_text("köp: pass")
    expect(keeper.locator(".contact")).to_contain_text("table 1:")
    expect(keeper.locator(".contact")).to_contain_text("s ago")
    assert horizontal_overflow(keeper) == 0 and horizontal_overflow(page) == 0
    keeper.screenshot(path=os.path.join(tempfile.gettempdir(), "outbox-keeper.png"))
    page.screenshot(path=os.path.join(tempfile.gettempdir(), "outbox-conflict.png"))

    # The person drops it on the phone: gone from the phone, the server and the keeper's page.
    tap_and_show(page, conflicts.locator('button[value="conflict-drop"]'))
    expect(page.locator("section.conflicts")).to_have_count(0)
    expect(page.locator("#outbox")).to_be_hidden()
    assert "köp: pass" not in kept[0].read_text(encoding="utf-8")
    keeper.reload()
    expect(keeper.locator(".conflict")).to_have_count(0)
    assert _events() == before


def recorder_home() -> str:
    return os.environ["CHICAGO_PROTOKOLL_HOME"]


def test_an_address_that_no_longer_records_keeps_the_entry_and_says_so(
    browser: Browser, recorder: Served
) -> None:
    page, _, _ = _open(browser, recorder)
    before = _events()
    refused = {"on": True}

    def old_secret(route: Any) -> None:
        write = route.request.method == "POST" or route.request.url.endswith("/ping")
        if refused["on"] and write:
            route.fulfill(status=403, body="This recording address is not (or no longer) valid")
        else:
            route.continue_()

    page.route("**/r/1/**", old_secret)
    _pass(page)
    banner = page.locator("#outbox")
    expect(banner).to_contain_text(WAITING)
    expect(banner).to_contain_text("this address no longer records; scan the table's new code")
    assert _events() == before
    stored = page.evaluate("JSON.stringify(Object.values(localStorage))")
    assert '"state\\\\":\\\\"gone\\\\"' in stored or "gone" in stored
    refused["on"] = False  # (the table's code is valid again: it is sent)
    _until(page, lambda: _events() == before + 1)
    expect(banner).to_be_hidden(timeout=10_000)
