"""One next game (cli.md, "One act, one entry"; issue 36): the phone's Next game, `again`
and `play` are one transaction in the store.  Two taps at once make one game and the
second is told its name; a night's table has no Next game, before and after the close,
and a Next game posted there is refused in the night's words; a server that shows one
game says where the next is started; no page ever names a file."""

from __future__ import annotations

import html
import json
import re
import threading
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from serve_support import PLAYERS, Served, page_fields

from browser_support import expect, new_page
from cli_support import ok, session_file, status

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page


def _no_path(body: str, home: Path) -> None:
    """What a page says names no file: no data directory, no session file, no folder of it."""
    text = html.unescape(body)
    for path in (str(home), ".toml", "sessions/", "nights/"):
        assert path not in text, (path, _said(body))


def _said(body: str) -> str:
    found = re.findall(r'class="(?:alert|done|next)"[^>]*>(.*?)</(?:p|div)>', body, re.S)
    return " | ".join(html.unescape(part) for part in found)


def _games() -> list[str]:
    return sorted(p.stem for p in session_file("x").parent.glob("*.toml"))


@pytest.fixture
def finished(chicago_home: Path) -> Path:
    """fredag, over after one deal (a royal): the page offers Next game."""
    ok("new", "fredag", *PLAYERS)
    ok("deal", "--royal", "Anna")
    return session_file("fredag")


def _page(server: Served, table: int = 1) -> tuple[str, str]:
    path = server.recording()[table]
    code, body = server.get(path)
    assert code == 200, body
    return path, body


# -- HTTP ----------------------------------------------------------------------------------


def test_next_game_posted_by_many_phones_at_once_makes_one_game_and_each_is_told_its_name(
    finished: Path, chicago_home: Path
) -> None:
    server = Served("--record")
    try:
        path, body = _page(server)
        assert 'value="again"' in body
        # Eight pages drawn for the finished game (each its own entry id), sent at once.
        forms = [{**page_fields(_page(server)[1]), "do": "again"} for _ in range(8)]
        start = threading.Barrier(len(forms))
        answers: list[tuple[int, str]] = [(0, "")] * len(forms)

        def tap(index: int) -> None:
            start.wait()
            answers[index] = server.post(path, forms[index])

        taps = [threading.Thread(target=tap, args=(i,)) for i in range(len(forms))]
        for thread in taps:
            thread.start()
        for thread in taps:
            thread.join()
        assert _games() == ["fredag", "fredag-2"]
        said = [_said(body) for _, body in answers]
        assert [code for code, _ in answers] == [200] * len(forms), said
        assert sum("Next game: fredag-2, Bo deals first." in s for s in said) == 1, said
        assert sum("Next game already started: fredag-2, Bo deals first." in s for s in said) == 7, said
        for _, body in answers:
            _no_path(body, chicago_home)
        assert status()["session"] == "fredag-2"  # the one new game is current
    finally:
        assert server.stop()[0] == 0


def test_a_second_tap_after_the_page_moved_on_is_told_the_game_the_first_made(
    finished: Path,
) -> None:
    """The table shows fredag-2 once the first tap made it; a second phone's page, still
    on fredag, is told the name instead of "the protocol changed"."""
    server = Served("--record")
    try:
        path, body = _page(server)
        first, second = ({**page_fields(_page(server)[1]), "do": "again"} for _ in range(2))
        code, body = server.post(path, first)
        assert code == 200 and "Next game: fredag-2" in _said(body)
        saved = session_file("fredag-2").read_bytes()
        code, body = server.post(path, {**second, "drop-1": "1"})  # other choices: still that game
        assert code == 200, _said(body)
        assert "Next game already started: fredag-2" in _said(body)
        assert session_file("fredag-2").read_bytes() == saved and _games() == ["fredag", "fredag-2"]
    finally:
        assert server.stop()[0] == 0


def test_a_nights_table_offers_no_next_game_and_refuses_one_in_the_nights_words_before_and_after_the_close(
    chicago_home: Path,
) -> None:
    ok("night", "new", "kväll", "Anna", "Bo", "Cilla", "--seed", "3")
    ok("deal", "--royal", "Anna", "--session", "kväll-r1-t1")
    ok("sessions", "use", "kväll-r1-t1")  # a following server shows the night's table
    for close in (False, True):
        if close:
            ok("night", "close", "kväll")
        for args in (("--record",), ("--record", "--session", "kväll-r1-t1")):
            server = Served(*args)
            try:
                path, body = _page(server)
                assert 'value="again"' not in body and "Next game" not in body
                assert "the organiser draws its next game" in _said(body)
                before = {p.name: p.read_bytes() for p in (chicago_home / "sessions").iterdir()}
                code, answer = server.post(path, {**page_fields(body), "do": "again"})
                assert code == 422, _said(answer)
                assert "the organiser draws" in _said(answer)
                _no_path(answer, chicago_home)
                after = {p.name: p.read_bytes() for p in (chicago_home / "sessions").iterdir()}
                assert after == before
            finally:
                assert server.stop()[0] == 0
    assert _games() == ["kväll-r1-t1"]


def test_a_server_showing_one_game_says_the_next_is_started_on_the_laptop(
    finished: Path, chicago_home: Path
) -> None:
    server = Served("--record", "--session", "fredag")
    try:
        path, body = _page(server)
        assert 'value="again"' not in body
        assert "the next game is started on the laptop" in _said(body)
        code, answer = server.post(path, {**page_fields(body), "do": "again"})
        assert code == 422
        assert "the next game is started on the laptop" in _said(answer)
        _no_path(answer, chicago_home)
        assert _games() == ["fredag"]
    finally:
        assert server.stop()[0] == 0


def test_a_next_game_that_cannot_be_written_is_a_plain_sentence_without_a_path(
    finished: Path, chicago_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The store's refusals name the file (for the terminal); the phone's never does."""
    from chicago_protokoll.core.errors import ChicagoError
    from chicago_protokoll.i18n.language import Msg
    from chicago_protokoll.serve import next_game
    from chicago_protokoll.serve.recorder import Seen
    from chicago_protokoll.store import catalogue, sessionfile

    def fails(name: str) -> None:
        raise ChicagoError(Msg("could not write {path}: disk full", path=str(chicago_home / "current")))

    monkeypatch.setattr(catalogue, "set_current", fails)
    seen = Seen.of(sessionfile.load_session(finished))
    with pytest.raises(ChicagoError) as refused:
        next_game.start(finished, {"do": "again", "entry": "abc"}, seen)
    said = str(refused.value)
    assert said.startswith("the laptop could not start the next game")
    assert str(chicago_home) not in said and ".toml" not in said
    assert _games() == ["fredag"]  # both or neither: the file went with the pointer


# -- Chromium ------------------------------------------------------------------------------


# Tap the page's Next game at the clock's ``moment`` (ms): the call returns at once.
TAP_AT = """(moment) => {
  const button = document.querySelector("section.moment.over form button.go");
  setTimeout(() => button.click(), Math.max(0, moment - Date.now()));
}"""


def _open(browser: Browser, url: str) -> Page:
    page = new_page(browser, width=390, height=844)
    page.goto(url)
    page.wait_for_selector("#live:not(.lost)")
    return page


def test_two_pages_tapping_next_game_at_once_make_one_game_and_the_second_is_told_its_name(
    browser: Browser, finished: Path, chicago_home: Path
) -> None:
    server = Served("--record")
    try:
        url = server.url.rstrip("/") + server.recording()[1]
        one, two = _open(browser, url), _open(browser, url)
        for page in (one, two):
            expect(page.locator("section.moment.over form button.go").first).to_be_visible()
        # Both taps at one moment of the clock the two pages share, set a little ahead so
        # neither page has its answer (nor the other's new game) before it taps.
        moment = one.evaluate("Date.now()") + 400
        for page in (one, two):
            page.evaluate(TAP_AT, moment)
        for page in (one, two):
            expect(page.locator(".done")).to_contain_text("fredag-2", timeout=15000)
            _no_path(page.content(), chicago_home)
        said = sorted(page.locator(".done").inner_text() for page in (one, two))
        assert said == [
            "Next game already started: fredag-2, Bo deals first.",
            "Next game: fredag-2, Bo deals first.",
        ], said
        assert _games() == ["fredag", "fredag-2"]
        for page in (one, two):
            expect(page.locator("h1")).to_have_text("fredag-2")
    finally:
        assert server.stop()[0] == 0


def test_a_nights_table_on_the_phone_shows_no_next_game_before_or_after_the_close(
    browser: Browser, chicago_home: Path
) -> None:
    ok("night", "new", "sm", "Anna", "Bo", "Cilla", "Dagny", "--games-per-table", "2", "--seed", "1")
    table = json.loads(ok("night", "status", "sm", "--json"))["tables"][0]
    ok("deal", "--royal", table["players"][0], "--session", table["session"])
    ok("sessions", "use", table["session"])  # a server that follows shows the night's table
    for close in (False, True):
        if close:
            ok("night", "close", "sm")
        server = Served("--record")
        try:
            page = _open(browser, server.url.rstrip("/") + server.recording()[1])
            over = page.locator("section.moment.over")
            expect(over).to_be_visible()
            expect(over.locator(".next")).to_contain_text("the organiser draws its next game")
            assert page.get_by_role("button", name="Next game").count() == 0
            assert page.locator('input[name="do"][value="again"]').count() == 0
            _no_path(page.content(), chicago_home)
        finally:
            assert server.stop()[0] == 0
    assert _games() == [table["session"]]

