"""`chicago chart` (the score race in a terminal) and `chicago export --format html` (one
self-contained, printable protocol sheet)."""

from __future__ import annotations

import os
import re
import struct
import subprocess
from html.parser import HTMLParser
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from typer.testing import CliRunner

from browser_support import (
    CHROMIUM_ARGS,
    horizontal_overflow,
    new_page,
    overflowing_elements,
    require_chromium,
)
from chicago_protokoll.cli.app import app
from chicago_protokoll.core.settle import settle
from chicago_protokoll.i18n.language import set_language
from chicago_protokoll.present.chart import MARKERS, SEVERAL, score_race, text_chart
from chicago_protokoll.present.html_sheet import export_html
from chicago_table import Table

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page


pytestmark = pytest.mark.usefixtures("english")


def finished_game(names: tuple[str, str, str] = ("Anna", "Bo", "Cilla")) -> Table:
    """Seven deals: Cilla reaches 46 (köpstopp in deal 7), Anna wins a Chicago and the game."""
    anna, bo, cilla = names
    table = Table(names, dealer=cilla)
    table.play_deal((bo, 2), (anna, 2), last=cilla, show=(anna, 2))
    table.play_deal((anna, 5), (anna, 6), last=anna)
    table.play_deal((cilla, 6), (cilla, 4), last=bo, show=(cilla, 6))
    table.play_chicago(anna)
    table.play_deal((cilla, 5), (cilla, 6), last=cilla, show=(cilla, 6))
    table.play_deal((bo, 3), (cilla, 3), last=bo, show=(bo, 6))
    table.play_deal((anna, 6), (bo, 2), last=anna, show=(anna, 6))
    assert table.standings().finished
    assert table.scores == {anna: 52, bo: 23, cilla: 46}
    return table


# -- the terminal chart --------------------------------------------------------------


def test_chart_fits_80_columns_with_a_marker_and_legend_per_player() -> None:
    lines = text_chart(score_race(finished_game().standings()), "fredag")
    assert max(len(line) for line in lines) <= 80
    plot = "\n".join(line for line in lines if "|" in line)
    legend = "\n".join(lines[-2:])
    for marker, name, total in zip(MARKERS[:3], ("Anna", "Bo", "Cilla"), (52, 23, 46), strict=True):
        assert marker in plot
        assert f"{marker} {name} {total}" in legend
    assert "* Anna 52 (winner)" in legend
    assert f"{SEVERAL} several players" in legend


def test_chart_draws_the_target_and_buy_stop_lines() -> None:
    lines = text_chart(score_race(finished_game().standings()), "fredag")
    target = next(line for line in lines if line.endswith("target 52"))
    stop = next(line for line in lines if line.endswith("köpstopp 46"))
    assert target.startswith("52 |") and target.count("=") > 20
    assert stop.startswith("46 |") and stop.count("-") > 20
    assert "= target 52 (game.target)" in lines[-1] or "= target 52 (game.target)" in lines[-2]
    assert "- köpstopp 46 (buy_stop.threshold)" in "\n".join(lines[-2:])


def test_chart_x_axis_counts_the_deals() -> None:
    lines = text_chart(score_race(finished_game().standings()), "fredag")
    frame = next(i for i, line in enumerate(lines) if line.lstrip().startswith("+--"))
    axis = lines[frame + 1]
    assert axis.split()[:-1] == [str(n) for n in range(8)]


def test_chart_in_a_narrow_terminal_and_in_swedish() -> None:
    set_language("sv")
    lines = text_chart(score_race(finished_game().standings()), "fredag", width=50)
    assert max(len(line) for line in lines) <= 50
    assert lines[0] == "fredag: poängen giv för giv"
    assert any(line.endswith("mål 52") for line in lines)
    assert any(line.rstrip().endswith("giv") for line in lines)
    assert "Anna 52 (vinnare)" in "\n".join(lines)


def test_chart_of_an_empty_protocol() -> None:
    lines = text_chart(score_race(Table().standings()), "fredag")
    assert lines == ["fredag: the score race, deal by deal", "Nothing is recorded yet."]


def test_chart_without_buy_stop_has_no_buy_stop_line() -> None:
    from chicago_protokoll.core.rules import HouseRules

    table = Table(rules=HouseRules().with_changes(buy_stop={"threshold": False}))
    table.play_deal(("Anna", 3))
    assert "köpstopp" not in "\n".join(text_chart(score_race(table.standings()), "x"))


# -- the HTML sheet ------------------------------------------------------------------


class Sheet(HTMLParser):
    """The parts of the sheet a reader relies on, collected while parsing."""

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[tuple[str, dict[str, str]]] = []
        self.tags: list[tuple[str, dict[str, str]]] = []
        self.rows: dict[str, list[list[str]]] = {}  # table class -> rows of cell texts
        self.text: dict[str, str] = {}  # class -> text inside the first element with it
        self._row: list[str] | None = None
        self._cell: list[str] | None = None
        self._table = ""
        self._in_tbody = False
        self.doctype = ""

    def handle_decl(self, decl: str) -> None:
        self.doctype = decl

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = {k: v or "" for k, v in attrs}
        self.tags.append((tag, attributes))
        if tag not in ("meta", "line", "circle", "br"):
            self.stack.append((tag, attributes))
        if tag == "table":
            self._table = attributes.get("class", "") or self._section()
        if tag == "tbody":
            self._in_tbody = True
        if tag == "tr" and self._in_tbody:
            self._row = []
        if tag == "td" and self._row is not None:
            self._cell = []

    def _section(self) -> str:
        return next((a.get("class", "") for t, a in reversed(self.stack) if t == "section"), "")

    def handle_endtag(self, tag: str) -> None:
        if tag == "td" and self._cell is not None and self._row is not None:
            self._row.append(" ".join("".join(self._cell).split()))
            self._cell = None
        if tag == "tr" and self._row is not None:
            self.rows.setdefault(self._table, []).append(self._row)
            self._row = None
        if tag == "tbody":
            self._in_tbody = False
        while self.stack:
            top, _ = self.stack.pop()
            if top == tag:
                break

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)
        for _, attributes in self.stack:
            for css in attributes.get("class", "").split():
                self.text[css] = self.text.get(css, "") + data

    def all(self, tag: str, css: str | None = None) -> list[dict[str, str]]:
        return [
            a
            for t, a in self.tags
            if t == tag and (css is None or css in a.get("class", "").split())
        ]


def parse(document: str) -> Sheet:
    sheet = Sheet()
    sheet.feed(document)
    sheet.close()
    return sheet


def test_html_sheet_of_a_finished_game_has_table_chart_winner_and_settlement() -> None:
    """The structure a printed sheet needs: a row per deal, one polyline per player with a
    point per deal, the target and köpstopp lines, the winner and every payment."""
    standings = finished_game().standings()
    document = export_html(standings, "fredag", "2")
    sheet = parse(document)
    assert sheet.doctype.lower() == "doctype html"
    # the protocol table: a row per deal, each cell the points and the running total
    rows = sheet.rows["protocol"]
    assert len(rows) == len(standings.deals) == 7
    assert rows[0] == ["1", "Cilla", "+4 4", "+2 2", "+5 5"]
    assert rows[6] == ["7", "Cilla", "+17 52", "+2 23", "– ⊘ 46"]
    assert [a.get("class") for a in sheet.all("td", "buy-stop")] == ["player buy-stop"]
    # the chart: one <svg>, a polyline per player, the target and köpstopp lines
    assert len(sheet.all("svg")) == 1
    polylines = sheet.all("polyline", "player")
    assert [p["data-player"] for p in polylines] == ["Anna", "Bo", "Cilla"]
    for polyline in polylines:
        assert len(polyline["points"].split()) == len(standings.deals) + 1
    assert len({p["stroke"] for p in polylines}) == 3
    assert len(sheet.all("line", "target")) == 1
    assert len(sheet.all("line", "buy-stop")) == 1
    # the winners and the settlement, with the stake
    assert "Anna — 52 points" in sheet.text["winners"]
    payments = settle(standings.scores, standings.winners, 2)
    assert sheet.rows["settlement"] == [[p.payer, p.payee, str(int(p.amount))] for p in payments]
    assert sheet.rows["settlement"] == [["Bo", "Anna", "58"], ["Cilla", "Anna", "12"]]


def test_the_printed_sheets_kopstopp_legend_names_the_mark_its_cells_carry() -> None:
    """Every köpstopp cell carries ⊘ (on paper the shade is gone), no other cell does, and
    the sheet's legend explains ⊘ and promises no shade or other style."""
    document = export_html(finished_game().standings(), "fredag")
    sheet = parse(document)
    stopped = [row[1 + column] for row in sheet.rows["protocol"] for column in range(1, 4)]
    assert sum("⊘" in cell for cell in stopped) == len(sheet.all("td", "buy-stop")) == 1
    legend = sheet.text["note"] + sheet.text["footnotes"]
    assert "⊘: köpstopp in that deal" in legend
    assert "Shaded" not in legend and "italic" not in legend.lower()
    print_css = document[document.index("@media print") :]
    assert "italic" not in print_css


def test_html_sheet_is_self_contained_and_printable() -> None:
    """No script, no link, no image, no URL: it opens and prints offline; and it has a print
    stylesheet."""
    document = export_html(finished_game().standings(), "fredag")
    sheet = parse(document)
    lowered = document.lower()
    assert "http:" not in lowered and "https:" not in lowered and "//" not in lowered
    assert "url(" not in lowered and "@import" not in lowered
    assert not sheet.all("script") and not sheet.all("link") and not sheet.all("img")
    assert not [a for _, a in sheet.tags if "src" in a or "href" in a]
    assert "@media print" in document and "@page" in document
    assert sheet.all("meta") and sheet.all("meta")[0] == {"charset": "utf-8"}


def test_html_sheet_escapes_names() -> None:
    names = ("<b>Ann&a</b>", 'Bo "B"', "Cilla")
    document = export_html(finished_game(names).standings(), "<script>x</script>")
    assert "<b>Ann" not in document and "<script>" not in document
    assert "&lt;b&gt;Ann&amp;a&lt;/b&gt;" in document
    sheet = parse(document)
    assert [p["data-player"] for p in sheet.all("polyline", "player")] == list(names)
    assert sheet.rows["settlement"][0][1] == "<b>Ann&a</b>"
    assert not sheet.all("script") and not sheet.all("b")


def test_html_sheet_in_swedish() -> None:
    set_language("sv")
    document = export_html(finished_game().standings(), "fredag")
    sheet = parse(document)
    assert '<html lang="sv">' in document
    for word in ("Chicagoprotokoll", "Protokoll", "Givare", "Vinnare", "Betalning", "köpstopp"):
        assert word in document
    assert "52 poäng" in sheet.text["winners"]


def test_html_sheet_of_a_game_in_progress() -> None:
    table = Table()
    table.play_deal(("Anna", 2))
    table.buy(("Bo", 1))
    sheet = parse(export_html(table.standings(), "fredag"))
    assert [row[0] for row in sheet.rows["protocol"]] == ["1", "2…"]
    assert "The game is not over yet." in sheet.text["winners"]
    assert "settlement" not in sheet.rows


def test_html_sheet_of_an_empty_protocol() -> None:
    sheet = parse(export_html(Table().standings(), "fredag"))
    assert not sheet.all("svg")
    assert "Nothing is recorded yet." in sheet.text["chart"]


def test_export_html_command_writes_the_sheet(tmp_path: Path) -> None:
    runner = CliRunner()
    for command in (
        ["new", "fredag", "Anna", "Bo", "Cilla"],
        ["deal", "--buy", "Anna:kåk", "--last-trick", "Bo", "--showdown", "Anna:kåk"],
    ):
        assert runner.invoke(app, command, prog_name="chicago").exit_code == 0
    target = tmp_path / "fredag.html"
    result = runner.invoke(
        app, ["export", "--format", "HTML", "-o", str(target)], prog_name="chicago"
    )
    assert result.exit_code == 0, result.stderr
    sheet = parse(target.read_text(encoding="utf-8"))
    assert len(sheet.all("polyline", "player")) == 3
    assert sheet.rows["protocol"] == [["1", "Anna", "+12 12", "+5 5", "– 0"]]
    result = runner.invoke(app, ["chart"], prog_name="chicago")
    assert result.exit_code == 0
    assert "* Anna 12" in result.stdout


# -- the sheet in a real browser (skipped only outside CI without Chromium) ----------------


def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


@pytest.mark.slow
def test_html_sheet_renders_in_headless_chromium(tmp_path: Path) -> None:
    """Chromium parses the sheet into the same chart and tables, and paints a screenshot that
    is not blank."""
    chromium = str(require_chromium())
    page = tmp_path / "sheet.html"
    page.write_text(export_html(finished_game().standings(), "fredag", "2"), encoding="utf-8")
    flags = [
        chromium,
        *CHROMIUM_ARGS,
        "--hide-scrollbars",
        f"--user-data-dir={tmp_path / 'profile'}",
    ]
    env = {**os.environ, "HOME": str(tmp_path)}
    dom = subprocess.run(
        [*flags, "--dump-dom", page.as_uri()],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        check=True,
    ).stdout
    rendered = parse(dom)
    assert len(rendered.all("polyline", "player")) == 3
    assert len(rendered.rows["protocol"]) == 7
    assert len(rendered.rows["settlement"]) == 2
    shot = tmp_path / "sheet.png"
    subprocess.run(
        [*flags, "--window-size=900,1100", f"--screenshot={shot}", page.as_uri()],
        capture_output=True,
        timeout=120,
        env=env,
        check=True,
    )
    data = shot.read_bytes()
    assert _png_size(data) == (900, 1100)
    # A blank page compresses to a few kilobytes; text, table and chart do not.
    assert len(data) > 30_000


def four_at_the_table() -> Table:
    """Four players, eight deals, the scores in two digits: the widest usual protocol."""
    table = Table(("Anna", "Bo", "Cilla", "Dagny"))
    for deal in range(8):
        name = ("Anna", "Bo", "Cilla", "Dagny")[deal % 4]
        table.play_deal((name, 6), (name, 5), last=name, show=(name, 6))
    return table


@pytest.mark.parametrize("width", [390, 1920])
def test_html_sheet_fits_a_phone_and_a_tv_without_sideways_scrolling(
    browser: Browser, width: int
) -> None:
    """At 390 px (a phone) and 1920 px (a TV) neither the page nor the protocol table needs
    sideways scrolling, and every player's name is on screen in the protocol's head."""
    page = new_page(browser, width=width, height=900)
    page.set_content(export_html(four_at_the_table().standings(), "fredag", "2"))
    assert horizontal_overflow(page) == 0, overflowing_elements(page)
    assert page.evaluate(
        "[...document.querySelectorAll('.wide')].every(e => e.scrollWidth <= e.clientWidth)"
    ), overflowing_elements(page)
    heads = page.locator(".protocol thead th").all_inner_texts()
    assert [h.strip() for h in heads[2:]] == ["Anna", "Bo", "Cilla", "Dagny"]
    for name in ("Anna", "Bo", "Cilla", "Dagny"):
        assert page.locator(".standings td", has_text=name).first.is_visible()


def test_html_sheet_numbers_never_wrap_on_a_phone(browser: Browser) -> None:
    """The fresh user's complaint: at 390 px "+2" wrapped above "2".  Each cell's points and
    running total stay on one line."""
    page = new_page(browser, width=390)
    page.set_content(export_html(four_at_the_table().standings(), "fredag"))
    tops = page.evaluate(
        """[...document.querySelectorAll('.protocol td.player')].map(cell =>
             [cell.querySelector('.points').getBoundingClientRect().bottom,
              cell.querySelector('.total').getBoundingClientRect().bottom])"""
    )
    assert len(tops) == 8 * 4
    assert all(abs(points - total) < 4 for points, total in tops), tops


def test_html_sheet_chart_labels_are_readable_on_a_phone(browser: Browser) -> None:
    """Axis numbers, the target label and the legend are drawn at least 11 px tall at
    390 px, not shrunk with a wide chart."""
    page = new_page(browser, width=390)
    page.set_content(export_html(finished_game().standings(), "fredag"))
    heights = page.evaluate(
        "[...document.querySelectorAll('.chart svg text')]"
        ".map(t => t.getBoundingClientRect().height)"
    )
    assert heights and min(heights) >= 11, heights


def test_html_sheet_is_larger_on_a_big_screen(browser: Browser) -> None:
    """A TV across the room: the type is larger than on a laptop, and standings and chart
    sit side by side."""
    sizes = {}
    for width in (1280, 1920):
        page = new_page(browser, width=width, height=1080)
        page.set_content(export_html(finished_game().standings(), "fredag"))
        sizes[width] = page.evaluate("parseFloat(getComputedStyle(document.body).fontSize)")
        standings = page.locator("section.standings").bounding_box()
        chart = page.locator("section.chart").bounding_box()
        assert standings and chart and chart["x"] > standings["x"] + standings["width"]
    assert sizes[1920] >= 20 and sizes[1920] > sizes[1280]


def test_html_sheet_has_a_dark_scheme(browser: Browser) -> None:
    """In a dim room (prefers-color-scheme: dark) the paper is dark and the ink light."""

    def luminance(page: Page, selector: str, prop: str) -> float:
        rgb = page.evaluate(f"getComputedStyle(document.querySelector('{selector}')).{prop}")
        red, green, blue = (int(v) for v in rgb[rgb.index("(") + 1 : rgb.index(")")].split(",")[:3])
        return (0.2126 * red + 0.7152 * green + 0.0722 * blue) / 255

    for scheme, dark in (("light", False), ("dark", True)):
        page = new_page(browser, width=390, color_scheme=scheme)
        page.set_content(export_html(finished_game().standings(), "fredag"))
        paper, ink = luminance(page, "main", "backgroundColor"), luminance(page, "main", "color")
        assert (paper < 0.2 and ink > 0.8) if dark else (paper > 0.9 and ink < 0.2)


def test_html_sheet_prints_on_one_a4_page(browser: Browser, tmp_path: Path) -> None:
    """The finished game of seven deals prints on a single A4 page, light whatever the
    screen's scheme."""
    page = new_page(browser, width=1920, color_scheme="dark")
    page.set_content(export_html(finished_game().standings(), "fredag", "2"))
    pdf = page.pdf(format="A4")
    assert re.findall(rb"/Count (\d+)", pdf) == [b"1"]  # the page tree's count of pages
    page.emulate_media(media="print")
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") == "rgb(255, 255, 255)"
