"""The club night's sheets (`night status --format md|html|csv`) and table cards (`night
cards`), each a pure function of the `night status --json` object (docs/cli.md, "The club
night"): built here by hand, so every case a night can show is on one page."""

from __future__ import annotations

import csv
import io
import re
from fractions import Fraction
from html.parser import HTMLParser
from typing import Any

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from chicago_protokoll.i18n.language import set_language
from chicago_protokoll.present.night_cards import RING, seat_places
from chicago_protokoll.present.night_sheet import (
    night_cards_html,
    night_csv,
    night_html,
    night_markdown,
    placement_points,
    points_value,
)

pytestmark = pytest.mark.usefixtures("english")


def table(
    round_: int,
    number: int,
    players: list[str],
    *,
    totals: list[int],
    deal: int,
    finished: bool = True,
    winners: tuple[str, ...] = (),
    forfeited: tuple[str, ...] = (),
    places: list[int] | None = None,
    points: list[object] | None = None,
    session: str | None = None,
) -> dict[str, Any]:
    """One TABLE of the status object; ``totals``, ``places`` and ``points`` in seat order."""
    return {
        "round": round_,
        "table": number,
        "session": session or f"fredag-r{round_}-t{number}",
        "players": players,
        "dealer": players[0],
        "deal": deal,
        "finished": finished,
        "totals": dict(zip(players, totals, strict=True)),
        "winners": list(winners),
        "forfeited": list(forfeited),
        "places": dict(zip(players, places, strict=True)) if places else {},
        "placement_points": dict(zip(players, points, strict=True)) if points else {},
    }


def standing(
    name: str, rank: int, points: object, games: int, wins: int, game_points: int
) -> dict[str, Any]:
    return {
        "name": name,
        "rank": rank,
        "points": points,
        "games": games,
        "wins": wins,
        "game_points": game_points,
    }


# Placement points 20, 16, 8, 5 (`--points 20,16,8,5`).
# Round 1, table 1 (four): Dag claimed a hand he could not show and forfeited at 47, so he
#   is last; the game ended there and Anna, the highest of the others, won at 44; Bo and
#   Cilla level at 40 share 2nd and 3rd: (16 + 8) / 2 = 12 each.
# Round 1, table 2 (three): all three reached 53 in the same deal and share 1st to 3rd:
#   (20 + 16 + 8) / 3 = 44/3, shown 14.67.
# Round 2, table 1 (four): still playing, deal 5.
# Round 2, table 2 (three): Dag's royal straight flush wins at 31, below Bo's 45.
R1T1 = table(
    1,
    1,
    ["Anna", "Bo", "Cilla", "Dag"],
    totals=[44, 40, 40, 47],
    deal=11,
    winners=("Anna",),
    forfeited=("Dag",),
    places=[1, 2, 2, 4],
    points=[20, 12, 12, 5],
)
R1T2 = table(
    1,
    2,
    ["Eva", "Fia", "Gun"],
    totals=[53, 53, 53],
    deal=9,
    winners=("Eva", "Fia", "Gun"),
    places=[1, 1, 1],
    points=[14.67, 14.67, 14.67],
)
R2T1 = table(2, 1, ["Gun", "Anna", "Fia", "Cilla"], totals=[12, 30, 7, 21], deal=5, finished=False)
R2T2 = table(
    2,
    2,
    ["Bo", "Dag", "Eva"],
    totals=[45, 31, 20],
    deal=8,
    winners=("Dag",),
    places=[2, 1, 3],
    points=[16, 20, 8],
)


def night() -> dict[str, Any]:
    """Round 2 of 3, one table still playing."""
    return {
        "night": "fredag",
        "round": 2,
        "rounds": 3,
        "finished": False,
        "final": False,
        "players": ["Anna", "Bo", "Cilla", "Dag", "Eva", "Fia", "Gun"],
        "absent": [],
        "repeated_pairs": 1,
        "points": [20, 16, 8, 5],
        "tables": [R2T1, R2T2],
        "results": [R1T1, R1T2, R2T1, R2T2],
        "standings": [
            standing("Bo", 1, 28, 2, 0, 85),
            standing("Dag", 2, 25, 2, 1, 31),
            standing("Eva", 3, 22.67, 2, 1, 73),
            standing("Anna", 4, 20, 1, 1, 44),
            standing("Fia", 5, 14.67, 1, 1, 53),
            standing("Gun", 5, 14.67, 1, 1, 53),
            standing("Cilla", 7, 12, 1, 0, 40),
        ],
    }


def with_final() -> dict[str, Any]:
    """A night of one round and its final (session ``fredag-final``, round 2), all over."""
    final = table(
        2,
        1,
        ["Bo", "Dag", "Eva"],
        totals=[52, 30, 28],
        deal=10,
        winners=("Bo",),
        places=[1, 2, 3],
        points=[20, 16, 8],
        session="fredag-final",
    )
    status = night()
    status.update(
        rounds=1,
        round=2,
        finished=True,
        final=True,
        tables=[final],
        results=[R1T1, R1T2, final],
        absent=["Cilla"],
    )
    return status


def md_rows(markdown: str, heading: str) -> list[list[str]]:
    """The rows (cells stripped) of the first Markdown table after the line ``heading``."""
    lines = markdown.splitlines()
    start = lines.index(heading)
    rows: list[list[str]] = []
    for line in lines[start + 1 :]:
        if line.startswith("|"):
            cells = [c.strip() for c in re.split(r"(?<!\\)\|", line.strip())[1:-1]]
            rows.append(cells)
        elif rows:
            break
    return rows[2:]  # after the head and the alignment row


# -- placement points as a reader sees them ------------------------------------------------


def test_a_shared_place_shows_its_fraction_with_two_decimals_in_the_readers_language() -> None:
    assert placement_points(14.67) == "14.67"
    assert placement_points(Fraction(44, 3)) == "14.67"
    assert placement_points(16.5) == "16.5"
    assert placement_points(20) == "20"
    assert placement_points(20.0) == "20"
    set_language("sv")
    assert placement_points(14.67) == "14,67"
    assert placement_points(Fraction(44, 3)) == "14,67"
    assert placement_points(12) == "12"


@given(st.fractions(min_value=0, max_value=10_000, max_denominator=1000))
@example(Fraction(10001, 1000))
def test_placement_points_are_rounded_only_when_shown_to_at_most_two_decimals(
    exact: Fraction,
) -> None:
    shown = points_value(exact)
    assert abs(Fraction(str(shown)) - exact) <= Fraction(1, 200)
    decimals = str(shown).partition(".")[2]
    assert len(decimals) <= 2 and not decimals.endswith("0")
    assert "E" not in str(shown)  # never 1E+1 for a near-whole 10.001
    assert isinstance(shown, int) == ("." not in str(shown))
    if exact.denominator == 1:
        assert shown == exact


# -- Markdown ------------------------------------------------------------------------------


def test_markdown_sheet_shows_the_round_and_the_evenings_standings() -> None:
    sheet = night_markdown(night())
    assert sheet.startswith("# Club night: fredag\n")
    assert "**Round 2 of 3** · 7 players · placement points by place: 20, 16, 8, 5" in sheet
    assert "1 pair met again" in sheet
    assert "| Rank | Player | Placement points | Games | Wins | Game points |" in sheet
    assert md_rows(sheet, "## Standings") == [
        ["1", "Bo", "28", "2", "0", "85"],
        ["2", "Dag", "25", "2", "1", "31"],
        ["3", "Eva", "22.67", "2", "1", "73"],
        ["4", "Anna", "20", "1", "1", "44"],
        ["5", "Fia", "14.67", "1", "1", "53"],
        ["5", "Gun", "14.67", "1", "1", "53"],
        ["7", "Cilla", "12", "1", "0", "40"],
    ]


def test_markdown_table_of_four_lists_places_with_the_forfeit_last_and_marked() -> None:
    """Dag's 47 is the highest total, but a forfeit is last; Bo and Cilla share 2nd."""
    sheet = night_markdown(night())
    heading = "### Table 1 · fredag-r1-t1 · over after deal 11"
    assert md_rows(sheet, heading) == [
        ["1", "**Anna** (winner)", "44", "20"],
        ["2", "Bo", "40", "12"],
        ["2", "Cilla", "40", "12"],
        ["4", "Dag (forfeited)", "47", "5"],
    ]


def test_markdown_table_of_three_sharing_first_place_splits_the_points() -> None:
    rows = md_rows(night_markdown(night()), "### Table 2 · fredag-r1-t2 · over after deal 9")
    assert rows == [
        [str(1), f"**{name}** (winner)", "53", "14.67"] for name in ("Eva", "Fia", "Gun")
    ]


def test_markdown_royal_holder_wins_below_another_total() -> None:
    rows = md_rows(night_markdown(night()), "### Table 2 · fredag-r2-t2 · over after deal 8")
    assert rows == [
        ["1", "**Dag** (winner)", "31", "20"],
        ["2", "Bo", "45", "16"],
        ["3", "Eva", "20", "8"],
    ]


def test_markdown_unfinished_table_is_playing_in_seat_order_without_places() -> None:
    sheet = night_markdown(night())
    rows = md_rows(sheet, "### Table 1 · fredag-r2-t1 · playing deal 5")
    assert rows == [
        ["–", "Gun", "12", "–"],
        ["–", "Anna", "30", "–"],
        ["–", "Fia", "7", "–"],
        ["–", "Cilla", "21", "–"],
    ]


def test_markdown_rounds_come_in_order_and_the_final_last() -> None:
    sheet = night_markdown(with_final())
    headings = [line for line in sheet.splitlines() if line.startswith("## ")]
    assert headings == ["## Standings", "## Round 1", "## The final"]
    assert "**The night is over.**" in sheet
    assert "Absent: Cilla" in sheet
    assert md_rows(sheet, "### Table 1 · fredag-final · over after deal 10")[0] == [
        "1",
        "**Bo** (winner)",
        "52",
        "20",
    ]


def test_markdown_sheet_in_swedish_with_a_decimal_comma() -> None:
    set_language("sv")
    sheet = night_markdown(night())
    assert sheet.startswith("# Klubbkväll: fredag\n")
    assert "**Omgång 2 av 3** · 7 spelare · placeringspoäng per plats: 20, 16, 8, 5" in sheet
    assert "| Placering | Spelare | Placeringspoäng | Partier | Vinster | Spelpoäng |" in sheet
    assert "## Omgång 1" in sheet
    assert ["3", "Eva", "22,67", "2", "1", "73"] in md_rows(sheet, "## Ställning")
    rows = md_rows(sheet, "### Bord 2 · fredag-r1-t2 · klart efter giv 9")
    assert rows[0] == ["1", "**Eva** (vinnare)", "53", "14,67"]
    assert "Dag (gav upp)" in sheet
    assert "### Bord 1 · fredag-r2-t1 · spelar giv 5" in sheet
    assert "## Finalen" in night_markdown(with_final())


# -- CSV -----------------------------------------------------------------------------------


def test_csv_has_one_row_per_player_with_the_columns_cli_md_names() -> None:
    rows = list(csv.reader(io.StringIO(night_csv(night()))))
    assert rows[0] == ["rank", "name", "points", "games", "wins", "game_points"]
    assert rows[1:] == [
        ["1", "Bo", "28", "2", "0", "85"],
        ["2", "Dag", "25", "2", "1", "31"],
        ["3", "Eva", "22.67", "2", "1", "73"],
        ["4", "Anna", "20", "1", "1", "44"],
        ["5", "Fia", "14.67", "1", "1", "53"],
        ["5", "Gun", "14.67", "1", "1", "53"],
        ["7", "Cilla", "12", "1", "0", "40"],
    ]


def test_csv_columns_stay_the_script_names_in_swedish_and_excel_gets_a_decimal_comma() -> None:
    set_language("sv")
    plain = list(csv.reader(io.StringIO(night_csv(night()))))
    assert plain[0] == ["rank", "name", "points", "games", "wins", "game_points"]
    assert plain[3][2] == "22.67"  # plain CSV is for scripts: a decimal point
    excel = night_csv(night(), "excel")
    assert excel.startswith("\ufeffrank;name;points;games;wins;game_points\r\n")
    assert "3;Eva;22,67;2;1;73\r\n" in excel


def test_csv_keeps_a_name_a_spreadsheet_would_run_as_a_formula_as_text() -> None:
    status = night()
    status["standings"] = [standing("=HYPERLINK(1)", 1, 20, 1, 1, 52)]
    rows = list(csv.reader(io.StringIO(night_csv(status))))
    assert rows[1][1] == "'=HYPERLINK(1)"


# -- HTML ----------------------------------------------------------------------------------


class Page(HTMLParser):
    """Each table's rows (cells' text) by its ``data-session`` or section, collected."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: dict[str, list[list[str]]] = {}
        self.classes: dict[str, list[str]] = {}
        self.where = ""
        self.row: list[str] | None = None
        self.cell: list[str] | None = None
        self.headings: list[str] = []
        self.heading: list[str] | None = None
        self.tags: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        self.tags.append(tag)
        if tag == "div" and values.get("data-session"):
            self.where = values["data-session"] or ""
        elif tag == "section" and values.get("class") == "night-standings":
            self.where = "standings"
        elif tag == "tr" and self.where:
            self.row = []
            self.classes.setdefault(self.where, []).append(values.get("class") or "")
        elif tag in ("td", "th") and self.row is not None:
            self.cell = []
        elif tag in ("h2", "h3"):
            self.heading = []

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self.cell is not None and self.row is not None:
            self.row.append(" ".join("".join(self.cell).split()))
            self.cell = None
        elif tag == "tr" and self.row is not None:
            self.tables.setdefault(self.where, []).append(self.row)
            self.row = None
        elif tag in ("h2", "h3") and self.heading is not None:
            self.headings.append(" ".join("".join(self.heading).split()))
            self.heading = None

    def handle_data(self, data: str) -> None:
        if self.cell is not None:
            self.cell.append(data)
        if self.heading is not None:
            self.heading.append(data)


def parse(document: str) -> Page:
    parsed = Page()
    parsed.feed(document)
    return parsed


def test_html_sheet_shows_standings_and_every_tables_result() -> None:
    sheet = parse(night_html(night()))
    assert sheet.tables["standings"][0] == [
        "Rank",
        "Player",
        "Placement points",
        "Games",
        "Wins",
        "Game points",
    ]
    assert sheet.tables["standings"][3] == ["3", "Eva", "22.67", "2", "1", "73"]
    assert sheet.tables["fredag-r1-t1"][1:] == [
        ["1", "Anna winner", "44", "20"],
        ["2", "Bo", "40", "12"],
        ["2", "Cilla", "40", "12"],
        ["4", "Dag forfeited", "47", "5"],
    ]
    assert sheet.classes["fredag-r1-t1"][1:] == ["winner", "", "", "forfeited"]
    assert sheet.tables["fredag-r1-t2"][1] == ["1", "Eva winner", "53", "14.67"]
    assert sheet.tables["fredag-r2-t2"][1] == ["1", "Dag winner", "31", "20"]
    assert sheet.tables["fredag-r2-t1"][1:] == [
        ["–", "Gun", "12", "–"],
        ["–", "Anna", "30", "–"],
        ["–", "Fia", "7", "–"],
        ["–", "Cilla", "21", "–"],
    ]
    assert sheet.headings == [
        "Standings",
        "Round 1",
        "Table 1 · fredag-r1-t1 · over after deal 11",
        "Table 2 · fredag-r1-t2 · over after deal 9",
        "Round 2",
        "Table 1 · fredag-r2-t1 · playing deal 5",
        "Table 2 · fredag-r2-t2 · over after deal 8",
    ]


def test_html_sheet_of_the_final_and_in_swedish() -> None:
    set_language("sv")
    document = night_html(with_final())
    assert '<html lang="sv">' in document
    sheet = parse(document)
    assert sheet.headings[:3] == [
        "Ställning",
        "Omgång 1",
        "Bord 1 · fredag-r1-t1 · klart efter giv 11",
    ]
    assert "Finalen" in sheet.headings
    assert sheet.tables["fredag-r1-t2"][1] == ["1", "Eva vinnare", "53", "14,67"]
    assert sheet.tables["fredag-final"][1] == ["1", "Bo vinnare", "52", "20"]
    assert "Kvällen är slut." in document and "Frånvarande: Cilla" in document


def test_html_sheet_is_self_contained_and_printable() -> None:
    document = night_html(night())
    assert document.startswith("<!DOCTYPE html>")
    for outside in ("http://", "https://", "src=", "<script", "<link", "@import", "url("):
        assert outside not in document
    assert "@media print" in document and "@page" in document
    assert "break-inside: avoid" in document


# -- hostile names -------------------------------------------------------------------------

HOSTILE = ["<script>alert(1)</script>", "a|b&c", "*x*_[y](z)", "=cmd()", "`q`", "x\x1b[2Jy"]


def hostile_night() -> dict[str, Any]:
    names = HOSTILE[:4]
    game = table(
        1,
        1,
        names,
        totals=[52, 40, 40, 12],
        deal=7,
        winners=(names[0],),
        forfeited=(names[3],),
        places=[1, 2, 2, 4],
        points=[20, 10, 10, 5],
        session="<b>-r1-t1",
    )
    playing = table(1, 2, [*HOSTILE[4:], "Bo"], totals=[3, 4, 5], deal=2, finished=False)
    status = night()
    status.update(
        night="<b>&amp;",
        players=[*HOSTILE, "Bo"],
        absent=[HOSTILE[1]],
        tables=[game, playing],
        results=[game, playing],
        standings=[standing(name, 1, 10, 1, 0, 40) for name in HOSTILE],
    )
    return status


def test_html_escapes_every_name() -> None:
    for document in (night_html(hostile_night()), night_cards_html(hostile_night())):
        assert "<script>alert" not in document and "<b>" not in document
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in document
        assert "&lt;b&gt;&amp;amp;" in document
        assert "a|b&amp;c" in document
    sheet = parse(night_html(hostile_night()))
    assert [row[1] for row in sheet.tables["standings"][1:]] == HOSTILE


def test_markdown_shows_names_as_text_no_table_pipe_no_markup_no_terminal_escape() -> None:
    sheet = night_markdown(hostile_night())
    # the escape shown as its code (`visible`), its backslash escaped for Markdown
    assert "\x1b" not in sheet and "x\\\\x1b\\[2Jy" in sheet
    assert "&lt;script&gt;" in sheet and "<script>" not in sheet
    assert "a\\|b&amp;c" in sheet
    assert "\\*x\\*\\_\\[y\\](z)" in sheet and "\\`q\\`" in sheet
    standings = md_rows(sheet, "## Standings")
    assert all(len(row) == 6 for row in standings)  # no name adds a column
    assert len(standings) == len(HOSTILE)


# -- the table cards -----------------------------------------------------------------------


class Cards(HTMLParser):
    """Each card's table number, seats (name, place, first dealer?), session and QR."""

    def __init__(self) -> None:
        super().__init__()
        self.cards: list[dict[str, Any]] = []
        self.pages = 0
        self.field: str | None = None
        self.seat: dict[str, Any] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        css = (values.get("class") or "").split()
        if "card-page" in css:
            self.pages += 1
        if tag == "article" and "card" in css:
            self.cards.append(
                {"session": values["data-session"], "seats": [], "qr": False, "text": []}
            )
        if not self.cards:
            return
        card = self.cards[-1]
        if tag == "li" and "seat" in css:
            self.seat = {"place": css[1], "first": "first" in css, "name": ""}
            card["seats"].append(self.seat)
        elif "name" in css and self.seat is not None:
            self.field = "name"
        elif "number" in css and self.seat is None:
            self.field = "number"
        elif "qr" in css:
            card["qr"] = True
        elif tag == "code":
            self.field = "code"
        elif "round" in css:
            self.field = "round"

    def handle_endtag(self, tag: str) -> None:
        if tag == "li":
            self.seat = None
        if tag in ("span", "code"):
            self.field = None

    def handle_data(self, data: str) -> None:
        if not self.cards:
            return
        card = self.cards[-1]
        card["text"].append(data)
        if self.field == "name" and self.seat is not None:
            self.seat["name"] += data
        elif self.field:
            card[self.field] = card.get(self.field, "") + data


def cards_of(document: str) -> Cards:
    parsed = Cards()
    parsed.feed(document)
    return parsed


def test_cards_one_per_current_table_with_number_seats_clockwise_dealer_and_session() -> None:
    cards = cards_of(night_cards_html(night()))
    assert [card["session"] for card in cards.cards] == ["fredag-r2-t1", "fredag-r2-t2"]
    first = cards.cards[0]
    assert first["number"] == "1"
    assert first["round"] == "Round 2 of 3"
    assert first["code"] == "fredag-r2-t1"
    assert [(s["name"], s["place"], s["first"]) for s in first["seats"]] == [
        ("Gun", "n", True),
        ("Anna", "e", False),
        ("Fia", "s", False),
        ("Cilla", "w", False),
    ]
    three = cards.cards[1]
    assert [(s["name"], s["place"], s["first"]) for s in three["seats"]] == [
        ("Bo", "n", True),
        ("Dag", "se", False),
        ("Eva", "sw", False),
    ]
    assert "deals first" in "".join(first["text"])
    assert not any(card["qr"] for card in cards.cards)


def test_cards_show_the_qr_code_given_for_each_session_and_none_without() -> None:
    svg = '<svg viewBox="0 0 21 21" class="segno"><path d="M2 2h7"/></svg>'
    document = night_cards_html(night(), {"fredag-r2-t2": svg})
    cards = cards_of(document)
    assert [card["qr"] for card in cards.cards] == [False, True]
    assert document.count(svg) == 1
    assert "<svg" not in night_cards_html(night(), None)


def test_cards_of_the_final_and_in_swedish() -> None:
    set_language("sv")
    cards = cards_of(night_cards_html(with_final()))
    assert len(cards.cards) == 1
    assert cards.cards[0]["round"] == "Finalen"
    assert cards.cards[0]["code"] == "fredag-final"
    text = "".join(cards.cards[0]["text"])
    assert "Bord" in text and "ger först" in text and "plats 1" in text


@pytest.mark.parametrize(("tables", "pages"), [(1, 1), (2, 1), (3, 2), (5, 3), (20, 10)])
def test_cards_two_to_an_a4_sheet(tables: int, pages: int) -> None:
    status = night()
    status["tables"] = [
        table(2, n, ["A", "B", "C"], totals=[0, 0, 0], deal=1, finished=False)
        for n in range(1, tables + 1)
    ]
    cards = cards_of(night_cards_html(status))
    assert len(cards.cards) == tables and cards.pages == pages
    assert [card["number"] for card in cards.cards] == [str(n) for n in range(1, tables + 1)]


def test_cards_when_no_round_is_playing() -> None:
    status = night()
    status["tables"] = []
    document = night_cards_html(status)
    assert "No round is being played." in document
    assert cards_of(document).cards == []


@pytest.mark.parametrize("count", range(2, 9))
def test_seats_go_clockwise_round_the_table_each_in_its_own_place(count: int) -> None:
    places = seat_places(count)
    assert places[0] == "n"  # seat 1, the first dealer, at the top
    positions = [RING.index(place) for place in places]
    assert positions == sorted(set(positions))  # clockwise, never two in one place
