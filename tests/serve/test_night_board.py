"""``chicago serve --night NAME``: the room's board (every table of the round live, the
night's standings) on one 1920×1080 screen, ``/t/N`` a table's sheet, ``/status.json``
the ``night status --json`` object, ``/cards`` the table cards with read-only QR codes;
with ``--record`` a recording page a table that writes into that table's session."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from serve_support import Served, chicago, page_fields

from browser_support import expect, new_page
from cli_support import ok, session_file, usage_error

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page


def _night(players: int) -> dict[str, Any]:
    ok("night", "new", "klubb", *(f"Spelare {n}" for n in range(1, players + 1)))
    data: dict[str, Any] = json.loads(ok("night", "status", "klubb", "--json"))
    return data


def _deal(table: dict[str, Any], times: int = 1) -> None:
    first = table["players"][0]
    for _ in range(times):
        ok("deal", "--session", table["session"], "--buy", f"{first}:pair", "--last-trick", first)


@pytest.fixture
def six_tables(chicago_home: Path) -> Iterator[tuple[Served, dict[str, Any]]]:
    night = _night(24)
    assert len(night["tables"]) == 6
    for index, table in enumerate(night["tables"]):
        _deal(table, index % 3)
    server = Served("--night", "klubb", "--record")
    yield server, night
    code, out, err = server.stop()
    assert code == 0 and err == "", err
    assert out.strip() == "Stopped.", out


def test_status_json_is_night_status_json(six_tables: tuple[Served, dict[str, Any]]) -> None:
    server, _ = six_tables
    assert server.status() == json.loads(ok("night", "status", "klubb", "--json"))
    night = six_tables[1]
    _deal(night["tables"][2])
    expected = json.loads(chicago("night", "status", "klubb", "--json"))
    from serve_support import wait_for

    wait_for(lambda: server.status() == expected)


def test_each_table_has_its_sheet_and_the_cards_their_qr_codes(
    six_tables: tuple[Served, dict[str, Any]], chicago_home: Path
) -> None:
    server, night = six_tables
    for table in night["tables"]:
        code, body = server.get(f"/t/{table['table']}")
        assert code == 200
        assert table["session"] in body
        for name in table["players"]:
            assert name in body
    assert server.get("/t/7")[0] == 404
    code, cards = server.get("/cards")
    assert code == 200
    assert cards.count('<svg viewBox=') == 6
    assert len(re.findall(r'data-session="klubb-r1-t\d"', cards)) == 6
    # the read-only pages of a night hold no secret
    secrets = re.findall(r'"([A-Za-z0-9_-]{20,})"', (chicago_home / "serve-secrets").read_text())
    assert len(secrets) == 7  # six tables and the keeper
    for path in ("/", "/t/1", "/t/6", "/cards", "/status.json"):
        body = server.get(path)[1]
        assert not any(secret in body for secret in secrets), path
    code, keeper = server.get(server.keeper())
    assert code == 200 and keeper.count("<svg") == 6


def test_a_tables_recording_page_writes_into_that_tables_session(
    six_tables: tuple[Served, dict[str, Any]],
) -> None:
    server, night = six_tables
    table = night["tables"][3]
    path = server.recording()[4]
    code, body = server.get(path)
    assert code == 200 and table["session"] in body
    other = session_file(night["tables"][0]["session"]).read_bytes()
    form = {**page_fields(body), "do": "buy", "who": table["players"][1], "hand": "pair"}
    code, body = server.post(path, form)
    assert code == 200, body
    assert "Saved:" in body
    assert session_file(night["tables"][0]["session"]).read_bytes() == other
    # table 4's secret opens table 4 only
    assert server.get(path.replace("/r/4/", "/r/5/"))[0] == 403


def _fits(page: Page) -> None:
    size = page.evaluate(
        """() => ({sh: document.documentElement.scrollHeight, sw: document.documentElement.scrollWidth,
                  h: innerHeight, w: innerWidth})"""
    )
    assert size["sh"] <= size["h"] and size["sw"] <= size["w"], size
    outside = page.evaluate(
        """() => [...document.querySelectorAll('main *')]
             .filter(e => e.getClientRects().length && !e.closest('[hidden]'))
             .filter(e => { const r = e.getBoundingClientRect();
                            return r.bottom > innerHeight + 0.5 || r.right > innerWidth + 0.5; })
             .map(e => e.tagName + '.' + e.className)"""
    )
    assert outside == []


def _board(browser: Browser, server: Served) -> Page:
    page = new_page(browser, width=1920, height=1080)
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(server.url)
    page.wait_for_selector("#live:not(.lost)")
    assert errors == []
    return page


def test_the_board_of_a_six_table_night_fits_the_screen_and_follows_the_tables(
    browser: Browser, six_tables: tuple[Served, dict[str, Any]]
) -> None:
    server, night = six_tables
    page = _board(browser, server)
    _fits(page)
    assert page.locator(".nb-table:not([hidden])").count() == 6
    rows = page.locator(".nb-standings tbody tr:not([hidden])")
    # every player of the night, on the board's pages (the type never shrinks below 24 px)
    pages = int(page.evaluate("document.querySelector('main').dataset.pages"))
    shown = rows.count()
    if pages > 1:
        expect(page.locator(".nb-pages")).to_have_text(f"· page 1 of {pages}")
        later = new_page(page.context.browser, width=1920, height=1080)  # type: ignore[arg-type]
        later.goto(f"{server.url}?page=2")
        shown += later.locator(".nb-standings tbody tr:not([hidden])").count()
        later.context.close()
    assert shown == 24
    leader = page.locator('.nb-table[data-table="2"] li.leader .n')
    expect(leader).to_have_text(night["tables"][1]["players"][0])
    table = night["tables"][2]
    _deal(table)
    score = page.locator('.nb-table[data-table="3"] li').first.locator(".s")
    expect(score).to_have_text("18", timeout=15_000)  # 3 deals of a pair and the last trick
    _fits(page)


def test_tables_that_do_not_fit_turn_page_with_the_standings(
    browser: Browser, chicago_home: Path
) -> None:
    night = _night(40)
    assert len(night["tables"]) == 10
    server = Served("--night", "klubb")
    try:
        page = _board(browser, server)
        _fits(page)
        first = page.locator(".nb-table:not([hidden])").count()
        assert 1 <= first < 10
        pages = int(page.evaluate("document.querySelector('main').dataset.pages"))
        expect(page.locator(".nb-pages")).to_have_text(f"· page 1 of {pages}")
        seen = first
        for number in range(2, pages + 1):
            page.goto(f"{server.url}?page={number}")
            expect(page.locator(".nb-pages")).to_have_text(f"· page {number} of {pages}")
            _fits(page)
            seen += page.locator(".nb-table:not([hidden])").count()
        assert seen >= 10  # every table on a page (a short list starts again)
    finally:
        assert server.stop()[0] == 0


def test_a_night_and_a_session_at_once_is_a_usage_error(chicago_home: Path) -> None:
    _night(8)
    message = usage_error("serve", "--night", "klubb", "--session", "klubb-r1-t1")
    assert "--night" in message


def _royal(table: dict[str, Any]) -> None:
    ok("royal", table["players"][0], "--session", table["session"])


def _keeper_token(server: Served) -> tuple[str, str]:
    """The keeper's address and its form token (as the draw button's form carries it)."""
    from serve_support import wait_for

    keeper = server.keeper()
    found: list[str] = []

    def has_button() -> bool:
        page = server.get(keeper)[1]
        found[:] = re.findall(r'name="token" value="([^"]+)"', page)
        return bool(found)

    wait_for(has_button)
    return keeper, found[0]


@pytest.fixture
def staged_night(chicago_home: Path) -> Iterator[tuple[Served, dict[str, Any]]]:
    names = [f"Spelare {n}" for n in range(1, 9)]
    ok("night", "new", "sm", *names, "--games-per-table", "2", "--seed", "5")
    night: dict[str, Any] = json.loads(ok("night", "status", "sm", "--json"))
    server = Served("--night", "sm", "--record")
    yield server, night
    code, _, err = server.stop()
    assert code == 0 and err == "", err


def test_the_keepers_page_shows_night_check_in_its_words(
    staged_night: tuple[Served, dict[str, Any]],
) -> None:
    import html

    from serve_support import wait_for

    server, night = staged_night
    code, page = server.get(server.keeper())
    assert code == 200
    assert html.escape("The night sm: nothing to look at before the result is made final.") in page
    one, two = night["tables"]
    _royal(one)
    ok("penalty", two["players"][1], "2", "--reason", "<kort syntes> & mer", "--session", two["session"])
    said = ok("night", "check", "sm").splitlines()
    assert said[0] == "The night sm: 2 things to look at before the result is made final:"
    wait_for(lambda: html.escape(said[0]) in server.get(server.keeper())[1])
    page = server.get(server.keeper())[1]
    items = re.findall(r'<li data-kind="([^"]+)"[^>]*>([^<]*)</li>', page)
    assert [(kind, html.unescape(text)) for kind, text in items] == [
        ("royal", said[1].strip()),
        ("penalty", said[2].strip()),
    ]
    assert "<kort syntes>" not in page  # a reason is escaped


def test_the_keepers_draw_button_draws_that_tables_next_game_once(
    staged_night: tuple[Served, dict[str, Any]], chicago_home: Path
) -> None:
    from serve_support import wait_for

    server, night = staged_night
    one, two = night["tables"]
    page = server.get(server.keeper())[1]
    assert "Draw its next game" not in page  # no game is over yet
    _royal(one)
    keeper, token = _keeper_token(server)
    page = server.get(keeper)[1]
    # One button: table 1's, carrying the game the page saw it play.
    assert page.count("Draw its next game") == 1
    assert f'name="session" value="{one["session"]}"' in page
    night_file = chicago_home / "nights" / "sm.toml"
    form = {"token": token, "table": "1", "session": one["session"], "do": "draw"}
    code, body = server.post(keeper, form, {"Origin": server.url.rstrip("/")})
    assert code == 200, body
    assert "Table 1, game 2 (sm-s1-t1-g2)" in body
    now = json.loads(ok("night", "status", "sm", "--json"))
    assert [(t["table"], t["game"]) for t in now["tables"]] == [(1, 2), (2, 1)]
    assert session_file("sm-s1-t1-g2").exists()
    wait_for(lambda: server.status()["tables"][0]["game"] == 2)
    # The same form sent again draws nothing: the table plays another game now.
    before = night_file.read_bytes()
    code, body = server.post(keeper, form)
    assert code == 200 and "already drawn, it plays sm-s1-t1-g2 now" in body
    assert night_file.read_bytes() == before and not session_file("sm-s1-t1-g3").exists()
    # A table still playing: the refusal's sentence, nothing drawn.
    form_two = {"token": token, "table": "2", "session": two["session"], "do": "draw"}
    code, body = server.post(keeper, form_two)
    assert code == 422
    assert f"table 2 is still playing game 1 ({two['session']})" in body
    assert night_file.read_bytes() == before
    # Writes need the page's token and our own origin.
    assert server.post(keeper, {**form_two, "token": "x"})[0] == 403
    assert server.post(keeper, form_two, {"Origin": "http://evil.example"})[0] == 403
    assert server.post(keeper, form_two, {"Sec-Fetch-Site": "cross-site"})[0] == 403
    assert night_file.read_bytes() == before


def test_the_keepers_draw_is_refused_as_night_draw_refuses_it(
    staged_night: tuple[Served, dict[str, Any]], chicago_home: Path
) -> None:
    import html

    server, night = staged_night
    for table in night["tables"]:
        _royal(table)
    keeper, token = _keeper_token(server)
    for number in (1, 2):
        form = {"token": token, "table": str(number), "session": f"sm-s1-t{number}-g1", "do": "draw"}
        assert server.post(keeper, form)[0] == 200
    one, two = json.loads(ok("night", "status", "sm", "--json"))["tables"]
    _royal(one)
    night_file = chicago_home / "nights" / "sm.toml"
    before = night_file.read_bytes()
    form = {"token": token, "table": "1", "session": "sm-s1-t1-g2", "do": "draw"}
    code, body = server.post(keeper, form)
    assert code == 422 and "table 1 has played its 2 games of stage 1" in body
    _royal(two)
    from cli_support import refused

    said = refused("night", "draw", "sm")
    form = {"token": token, "table": "1", "session": "sm-s1-t1-g2", "do": "draw"}
    code, body = server.post(keeper, form)
    assert said.startswith("chicago: every table of stage 1 has played its 2 games")
    assert code == 422 and html.escape(said.removeprefix("chicago: ")) in body
    assert night_file.read_bytes() == before


def test_after_a_per_table_draw_the_phone_says_which_game_the_table_plays(
    staged_night: tuple[Served, dict[str, Any]],
) -> None:
    """Not only "Table 1 / Deal 1": the recording page's heading is "Table 1, game 2 of 2"."""
    import html

    from serve_support import wait_for

    server, night = staged_night
    path = server.recording()[1]
    assert html.escape("Table 1, game 1 of 2") in server.get(path)[1]
    _royal(night["tables"][0])
    ok("night", "draw", "sm")
    wait_for(lambda: html.escape("Table 1, game 2 of 2") in server.get(path)[1])
