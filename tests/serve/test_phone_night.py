"""The phone through a night (issue 39, item 7), in a real Chromium at a phone's 390×844:
it never takes a tap it cannot keep.  A page whose outbox script did not arrive says so
and offers no tap until the script is loaded; the page follows the table only once
``/ping`` answers, never onto the browser's error page; every tap is sent by the page's
script, so a connection cut before, after or in the middle of its answer keeps the entry
and sends it again, and a double tap is one entry; offline it carries the tapped
player into the rest-of-the-deal form and names each waiting entry in words; its badge
says offline, reconnecting or live as the connection is; and "Keep the screen on" at the
LAN address phones use (plain http: no Wake Lock API) plays the package's muted video.

The network's failures come from ``context.set_offline``, Playwright routes and the TCP
proxy of the outbox tests (tcp_proxy.py); every wait is for a final state."""

from __future__ import annotations

import tempfile
import time
import tomllib
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.request import urlopen

import pytest
from phone_taps import tap_and_show
from serve_support import Served, chicago
from tcp_proxy import Proxy

from axe_support import axe_violations
from browser_support import expect, horizontal_overflow, new_page, offline
from chicago_protokoll.present.templating import static_bytes, static_url
from chicago_protokoll.serve.run import lan_address
from cli_support import ANNA_23_DEAL, ok, session_file

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

SHOTS = Path(tempfile.gettempdir())


def _events() -> int:
    return len(tomllib.loads(session_file("fredag").read_text())["events"])


def _open(browser: Browser, address: str, *, wait_live: bool = True) -> tuple[Page, list[str]]:
    """The page at ``address``; the browser's own error pages it ever showed are listed."""
    page = new_page(browser, width=390, height=844)
    errors: list[str] = []
    page.on(
        "framenavigated",
        lambda frame: errors.append(frame.url) if frame.url.startswith("chrome-error") else None,
    )
    page.goto(address)
    if wait_live:
        page.wait_for_selector('#live[data-state="live"]')
    return page, errors


def _address(server: Served, base: str = "") -> str:
    return (base or server.url.rstrip("/")) + server.recording()[1]


def _until(page: Page, check: Any, timeout: float = 20.0) -> None:
    """Wait for ``check()`` while the browser runs (routes are answered inside calls only)."""
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "not within the time"
        page.wait_for_timeout(100)


def _stored(page: Page) -> str:
    """What the page keeps in localStorage, read again when the page's own follow script
    reloads it under the question (the next load answers the same)."""
    from playwright.sync_api import Error

    while True:
        try:
            return str(page.evaluate("Object.values(localStorage).join('')"))
        except Error as error:
            if "Execution context was destroyed" not in str(error):
                raise
        page.wait_for_load_state("load")


def _waiting(page: Page) -> list[str]:
    return [text.strip() for text in page.locator("#outbox li").all_inner_texts()]


def _tap_and_load(page: Page, button: Any) -> None:
    tap_and_show(page, button)
    page.wait_for_selector('#live[data-state="live"]')


def _to_the_chicago(page: Page) -> str:
    """Pass every köp, then the first player who may declares: the page asks the
    Chicago's outcome.  The declarer's name."""
    for _ in range(8):
        declare = page.locator(".choice.declare button")
        if declare.count():
            name = declare.first.locator(".name").inner_text().strip()
            _tap_and_load(page, declare.first)
            expect(page.locator("section.moment h2")).to_contain_text(name)
            return name
        _tap_and_load(page, page.locator('section.moment button[value="pass"]'))
    raise AssertionError("the page never asked who declares")


# -- offline: the tapped choice and the waiting list -------------------------------------


def test_offline_the_tapped_player_is_carried_into_the_rest_of_the_deal_form(
    browser: Browser, recorder: Served
) -> None:
    page, errors = _open(browser, _address(recorder))
    before = _events()
    offline(page)
    page.locator("section.moment a.button", has_text="Bo").click()  # köp 1: Bo had the best hand
    whole = page.locator("#whole-deal")
    expect(whole).to_be_visible()
    expect(whole.locator('select[name="buy1"]')).to_have_value("Bo")  # not "Pass"
    expect(whole.locator('select[name="hand1"]')).to_be_focused()  # the hand is next
    # A note meanwhile: waiting, named in words, and the form keeps the tapped player.
    page.locator("summary", has_text="Note").click()
    page.locator('input[name="text"]').fill("Bo shuffles")
    page.locator("button", has_text="Write the note").click()
    expect(page.locator("#outbox")).to_contain_text("1 entry waiting, not yet in the protocol")
    assert _waiting(page) == ["Note: Bo shuffles"]
    expect(whole.locator('select[name="buy1"]')).to_have_value("Bo")
    whole.locator('select[name="hand1"]').select_option("pair")
    whole.locator('select[name="last"]').select_option("Cilla")
    page.evaluate("scrollTo(0, 0)")
    assert horizontal_overflow(page) == 0
    page.screenshot(path=str(SHOTS / "phone-night-offline-form.png"))
    whole.locator("button.go").click()
    assert _waiting(page) == [
        "Note: Bo shuffles",
        "Deal 2, the rest: Köp 1: Bo, par; Last trick (sista sticket): Cilla",
    ]
    assert axe_violations(page) == []
    # Back online: both reach the file, once, and köp 1 is Bo's pair.
    page.context.set_offline(False)
    _until(page, lambda: _events() >= before + 3)
    expect(page.locator("#outbox")).to_be_hidden(timeout=15_000)
    events = tomllib.loads(session_file("fredag").read_text())["events"][before:]
    assert [e["type"] for e in events][:2] == ["note", "buy"], events
    assert events[1]["player"] == "Bo" and events[1]["hand"] == "pair", events[1]
    assert errors == []


@pytest.mark.parametrize(
    ("lang", "all_five", "note"),
    [
        ("en", "Chicago: {name}, all five", "Note: well played"),
        ("sv", "Chicago: {name}, alla fem", "Anteckning: well played"),
    ],
)
def test_the_waiting_list_names_each_entry_in_words(
    browser: Browser, table: Path, lang: str, all_five: str, note: str
) -> None:
    ok(*ANNA_23_DEAL)  # Anna 27: she may declare Chicago
    server = Served("--lang", lang, "--record")
    try:
        page, errors = _open(browser, _address(server))
        declarer = _to_the_chicago(page)
        offline(page)
        page.locator("section.moment button.go").first.click()  # all five tricks
        expect(page.locator("#outbox li")).to_have_count(1)
        page.locator("details summary").filter(
            has_text="Note" if lang == "en" else "Anteckning"
        ).click()
        page.locator('input[name="text"]').fill("well played")
        page.locator("details button.go").last.click()
        expect(page.locator("#outbox li")).to_have_count(2)
        assert _waiting(page) == [all_five.format(name=declarer), note]
        assert errors == []
    finally:
        assert server.stop()[0] == 0


# -- the badge ---------------------------------------------------------------------------


def test_the_badge_says_offline_reconnecting_and_live_only_while_the_stream_is_open(
    browser: Browser, recorder: Served
) -> None:
    streams = {"down": False}

    def fate(line: bytes) -> str:
        return "before" if streams["down"] and b"/events?" in line else "pass"

    proxy = Proxy(recorder.port, fate)
    try:
        page, errors = _open(browser, _address(recorder, proxy.address))
        badge = page.locator("#live")
        expect(badge).to_have_text("● live")
        page.context.set_offline(True)
        expect(badge).to_have_text("offline")
        assert axe_violations(page) == []
        page.context.set_offline(False)
        expect(badge).to_have_text("● live")
        # The stream lost, and every try to open it again refused: reconnecting, never live.
        streams["down"] = True
        proxy.cut_all()
        expect(badge).to_have_text("reconnecting…")
        _until(page, lambda: proxy.counts["before"] >= 2)
        expect(badge).to_have_text("reconnecting…")
        assert page.locator("#live").get_attribute("data-state") == "lost"
        streams["down"] = False
        expect(badge).to_have_text("● live", timeout=20_000)
        assert errors == []
    finally:
        proxy.close()


# -- an outbox that did not load ---------------------------------------------------------


def test_a_page_whose_outbox_did_not_load_says_so_and_offers_no_tap_until_it_loads(
    browser: Browser, recorder: Served
) -> None:
    blocked = {"on": True, "tries": 0}
    page = new_page(browser, width=390, height=844)

    def outbox(route: Any) -> None:
        if blocked["on"]:
            blocked["tries"] += 1
            route.abort("connectionreset")
        else:
            route.continue_()

    page.route("**/outbox.js", outbox)
    page.goto(_address(recorder))
    notice = page.locator("#outbox-missing")
    expect(notice).to_be_visible()
    expect(notice).to_have_attribute("role", "alert")
    expect(notice).to_contain_text("Part of this page did not load")
    # No tap is offered: every button and link below the heading is inert.
    assert page.evaluate(
        """() => [...document.querySelectorAll('main button, main a, main input, main select')]
                 .filter((e) => !e.closest('header')).every((e) => e.closest('[inert]'))"""
    )
    _until(page, lambda: blocked["tries"] >= 2)  # tried again, still missing: still held
    expect(notice).to_be_visible()
    assert page.locator('#live[data-state="live"]').count() == 0  # not following yet
    assert axe_violations(page) == []
    assert horizontal_overflow(page) == 0
    page.screenshot(path=str(SHOTS / "phone-night-outbox-missing.png"))

    blocked["on"] = False  # the script arrives: the taps come back, kept by the outbox
    expect(notice).to_be_hidden(timeout=15_000)
    assert page.evaluate("document.querySelectorAll('main [inert]').length") == 0
    page.wait_for_selector('#live[data-state="live"]')
    before = _events()
    offline(page)
    page.locator('section.moment button[value="pass"]').click()
    expect(page.locator("#outbox")).to_contain_text("1 entry waiting, not yet in the protocol")
    assert _waiting(page) == ["Köp 1: pass"]
    page.context.set_offline(False)
    _until(page, lambda: _events() == before + 1)


# -- following the table -----------------------------------------------------------------


def test_the_page_follows_the_table_only_after_ping_answers(
    browser: Browser, recorder: Served
) -> None:
    path = recorder.recording()[1]
    down = {"on": False}

    def fate(line: bytes) -> str:
        # The laptop out of reach for anything but the stream already open: its ping and
        # the page itself.
        reload = line.startswith(f"GET {path} ".encode()) or b"/ping " in line
        return "before" if down["on"] and reload else "pass"

    proxy = Proxy(recorder.port, fate)
    try:
        page, errors = _open(browser, _address(recorder, proxy.address))
        page.evaluate("window.samePage = true")
        down["on"] = True
        chicago("deal", "--buy", "Bo:pair", "--last-trick", "Bo", "--showdown", "pass")
        badge = page.locator("#live")
        expect(badge).to_have_text("waiting for the laptop…", timeout=15_000)
        _until(page, lambda: proxy.counts["before"] >= 2)  # asked again, no answer yet
        assert page.evaluate("window.samePage") is True  # never left the page
        expect(page.locator(".deal")).to_contain_text("Deal 2")
        down["on"] = False
        expect(page.locator(".deal")).to_contain_text("Deal 3", timeout=15_000)
        assert errors == []
    finally:
        proxy.close()


def test_with_the_server_stopped_the_page_stays_and_follows_when_it_is_back(
    browser: Browser, table: Path
) -> None:
    server = Served("--record")
    page, errors = _open(browser, _address(server))
    page.evaluate("window.samePage = true")
    port = server.port
    assert server.stop()[0] == 0
    expect(page.locator("#live")).to_have_text("reconnecting…")
    chicago("deal", "--buy", "Bo:pair", "--last-trick", "Bo", "--showdown", "pass")
    assert page.evaluate("window.samePage") is True
    again = Served("--record", "--port", str(port))
    try:
        expect(page.locator(".deal")).to_contain_text("Deal 3", timeout=30_000)
        page.wait_for_selector('#live[data-state="live"]')
        assert errors == []
    finally:
        assert again.stop()[0] == 0


# -- taps and the network: the rule for anything a phone sends ----------------------------


@pytest.mark.parametrize("drop", ["before", "after", "answer"])
def test_a_tap_whose_connection_drops_stays_in_the_outbox_and_reaches_the_file_once(
    browser: Browser, recorder: Served, drop: str
) -> None:
    """A tap sent while the laptop answers, its connection cut before the request reaches
    the server, after the server has it, or in the middle of its answer: the phone keeps
    the entry and sends it again (found saved where the server had it): one event, the
    outbox empty, the question moved on, and never the browser's error page, with nobody
    opening the page again."""
    cut = {"on": False}

    def fate(line: bytes) -> str:
        return drop if cut["on"] and line.startswith(b"POST") else "pass"

    proxy = Proxy(recorder.port, fate)
    try:
        page, errors = _open(browser, _address(recorder, proxy.address))
        before = _events()
        cut["on"] = True
        page.locator('section.moment button[value="pass"]').click()
        if drop == "before":
            # Not in the file: the phone says it waits, and shows the rest-of-the-deal form.
            expect(page.locator("#outbox")).to_contain_text("1 entry waiting, not yet in the protocol")
            assert _waiting(page) == ["Köp 1: pass"]
            assert _events() == before
        else:
            _until(page, lambda: proxy.counts[drop] >= 1 and _events() == before + 1)
        cut["on"] = False
        expect(page.locator("section.moment h2").first).to_have_text("Köp 2: best hand?", timeout=30_000)
        expect(page.locator("#outbox")).to_be_hidden()
        _until(page, lambda: _stored(page) in ("", "[]"), timeout=30)
        assert _events() == before + 1
        assert errors == []
    finally:
        proxy.close()


def test_a_tap_refused_shows_its_sentence_in_front_of_the_person(
    browser: Browser, recorder: Served
) -> None:
    """A refusal (422) sent by the page's script is shown as the plain form's answer was:
    the sentence in front of the person, nothing kept to send again."""
    page, errors = _open(browser, _address(recorder))
    before = _events()
    # A note pasted with a control in it (a right-to-left override): refused by the rules
    # of notes, not by the network.
    note = page.locator("details", has=page.locator('input[name="text"]'))
    note.locator("summary").click()
    note.locator('input[name="text"]').fill("sen \u202eköp")
    note.locator("button").click()
    expect(page.locator("main > p.alert[role=alert]")).to_contain_text("cannot be recorded")
    expect(page.locator("main > p.alert[role=alert]")).to_be_visible()
    assert _events() == before
    _until(page, lambda: _stored(page) in ("", "[]"))
    expect(page.locator("#outbox")).to_be_hidden()
    assert axe_violations(page) == []
    assert errors == []


def test_without_scripts_a_tap_is_a_plain_form_whose_answer_is_the_next_page(
    browser: Browser, recorder: Served
) -> None:
    """Progressive enhancement: where the browser runs no script, every button is still a
    plain form, and the server's answer is the next page."""
    page = new_page(browser, width=390, height=844, java_script_enabled=False)
    page.goto(_address(recorder))
    before = _events()
    with page.expect_navigation():
        page.locator('section.moment button[value="pass"]').click()
    expect(page.locator("section.moment h2").first).to_have_text("Köp 2: best hand?")
    expect(page.locator(".done")).to_contain_text("pass")
    assert _events() == before + 1


def test_a_tap_twice_at_once_is_one_entry(browser: Browser, recorder: Served) -> None:
    page, errors = _open(browser, _address(recorder))
    before = _events()
    offline(page)
    page.locator('section.moment button[value="pass"]').dblclick()
    expect(page.locator("#outbox")).to_contain_text("1 entry waiting, not yet in the protocol")
    page.context.set_offline(False)
    _until(page, lambda: _events() == before + 1)
    expect(page.locator("#outbox")).to_be_hidden(timeout=15_000)
    expect(page.locator("section.moment h2").first).to_have_text("Köp 2: best hand?")
    assert _events() == before + 1
    # Online, two taps at once: one entry, and the page asks the next question.
    page.wait_for_selector('#live[data-state="live"]')
    page.locator('section.moment button[value="pass"]').dblclick()
    expect(page.locator("section.moment h2").first).to_have_text("Last trick (sista sticket): who took it?")
    page.wait_for_selector('#live[data-state="live"]')
    _until(page, lambda: _stored(page) in ("", "[]"))
    assert _events() == before + 2
    assert errors == []


def test_a_note_tapped_while_a_tap_is_on_its_way_waits_behind_it_and_both_reach_the_file(
    browser: Browser, recorder: Served
) -> None:
    """A slow network: the köp's answer has not come when the person writes a note.  The
    note is kept behind the köp (never dropped), and once the köp's answer is here both
    are in the protocol, each once."""
    page, errors = _open(browser, _address(recorder))
    before = _events()
    held: list[Any] = []
    hold = {"on": True}

    def slow(route: Any) -> None:
        if hold["on"] and route.request.method == "POST":
            held.append(route)  # answered when the test lets it go
        else:
            route.continue_()

    page.route("**/r/**", slow)
    page.locator('section.moment button[value="pass"]').click()
    _until(page, lambda: len(held) == 1)  # the köp is on its way, its answer not yet here
    page.locator("summary", has_text="Note").click()
    page.locator('input[name="text"]').fill("Bo shuffles")
    page.locator("button", has_text="Write the note").click()
    _until(page, lambda: "Bo shuffles" in _stored(page))  # kept, not dropped
    assert len(held) == 1  # and not sent ahead of the köp
    hold["on"] = False
    held[0].continue_()
    _until(page, lambda: _events() == before + 2)
    _until(page, lambda: _stored(page) in ("", "[]"))
    notes = [e for e in tomllib.loads(session_file("fredag").read_text())["events"] if e.get("text")]
    assert [e["text"] for e in notes] == ["Bo shuffles"]
    assert _events() == before + 2
    assert errors == []


# -- keep the screen on at the LAN address -----------------------------------------------


def test_keep_the_screen_on_at_the_lan_address_plays_the_packages_muted_looping_video(
    browser: Browser, table: Path
) -> None:
    lan = lan_address()
    server = Served("--record", *(("--host", lan) if lan else ()))
    try:
        page = new_page(browser, width=390, height=844)
        if lan is None:  # no network but loopback: the API taken away as plain http does
            page.add_init_script("delete Navigator.prototype.wakeLock")
        console: list[str] = []
        page.on("console", lambda m: console.append(m.text) if m.type == "error" else None)
        response = page.goto(_address(server))
        assert response is not None
        assert "media-src 'self'" in response.headers["content-security-policy"]
        assert page.evaluate("window.isSecureContext") is (lan is None)
        assert page.evaluate("'wakeLock' in navigator") is False
        expect(page.locator("#wake-absent")).to_be_visible()
        page.locator("#wake").check()  # the tap that starts it
        page.wait_for_function(
            """() => { const v = document.querySelector('video.wake');
                       return v && !v.paused && v.currentTime > 0; }"""
        )
        video = page.evaluate(
            """() => { const v = document.querySelector('video.wake');
                       return {muted: v.muted, loop: v.loop, inline: v.playsInline,
                               src: new URL(v.currentSrc).pathname,
                               shown: v.getClientRects().length > 0}; }"""
        )
        assert video["muted"] and video["loop"] and video["inline"] and video["shown"], video
        name = video["src"].rsplit("/", 1)[1]
        assert video["src"] == static_url(name) and name in ("wake.webm", "wake.mp4")
        with urlopen(server.url.rstrip("/") + video["src"], timeout=10) as answer:
            assert answer.read() == static_bytes(name)
            assert answer.headers["content-type"].startswith("video/")
            assert answer.headers["x-content-type-options"] == "nosniff"
        assert not [m for m in console if "Content Security Policy" in m], console
        assert axe_violations(page) == []
        page.locator("#wake").uncheck()
        page.wait_for_function("document.querySelector('video.wake').paused")
    finally:
        assert server.stop()[0] == 0
