"""`chicago export --format protocol`: a table's paper protocol, its rows so far written in
and the rest blank, one A4 page per 20 deals; the columns the house rules decide
(core/paper.py); printed to PDF by the README's Chromium line and its pages counted."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import html5lib
import pytest

from browser_support import CHROMIUM_ARGS, require_chromium
from chicago_protokoll.core.paper_columns import COLUMN
from cli_support import ok

PLAYERS = ("Anna", "Bo", "Cilla")
THREE_DEALS = (
    ("--buy", "Anna:par", "--buy", "Bo:stege", "--last-trick", "Cilla", "--showdown", "Anna:färg"),
    ("--buy", "pass", "--buy", "Cilla:två par", "--last-trick", "Bo", "--with-two"),
    ("--buy", "Bo:triss", "--last-trick", "Anna"),
)
XHTML = "{http://www.w3.org/1999/xhtml}"


def game(*deals: tuple[str, ...], preset: str = "standard") -> None:
    ok("new", "fredag", *PLAYERS, "--preset", preset)
    for deal in deals:
        ok("deal", *deal)


def last_tricks(tmp_path: Path, count: int) -> None:
    """``count`` deals of a last trick each, round the table: nobody reaches 52 in 25."""
    csv = "deal,last_trick\n" + "".join(f"{deal},{PLAYERS[deal % 3]}\n" for deal in range(1, count + 1))
    path = tmp_path / "protocol.csv"
    path.write_text(csv, encoding="utf-8")
    ok("import", str(path))


def exported(tmp_path: Path, *options: str) -> Path:
    path = tmp_path / "protocol.html"
    ok(*options, "export", "--format", "protocol", "-o", str(path))
    return path


def parsed(path: Path) -> object:
    # strict: the template makes a page that parses without an error
    return html5lib.HTMLParser(strict=True).parse(path.read_text(encoding="utf-8"))


def text(element: object) -> str:
    return re.sub(r"\s+", " ", "".join(element.itertext())).strip()  # type: ignore[attr-defined]


def heads(path: Path) -> list[str]:
    document = parsed(path)
    first = document.find(f".//{XHTML}table[@class='deals']")  # type: ignore[attr-defined]
    return [text(th) for th in first.iter(f"{XHTML}th")]


def rows(path: Path) -> list[list[str]]:
    document = parsed(path)
    return [
        [text(td) for td in tr.iter(f"{XHTML}td")]
        for tr in document.iter(f"{XHTML}tr")  # type: ignore[attr-defined]
        if tr.get("data-deal")
    ]


def test_the_rows_recorded_are_written_in_and_the_rest_of_the_page_is_blank(tmp_path: Path) -> None:
    game(*THREE_DEALS)
    path = exported(tmp_path)
    assert heads(path) == ["Deal", "Dealer", "Köp 1", "Köp 2", "Chicago", "Last trick", "Showdown", *PLAYERS]
    table = rows(path)
    assert len(table) == 20
    assert table[0] == ["1", "Anna", "Anna:pair", "Bo:straight", "", "Cilla", "Anna:flush", "6", "4", "5"]
    assert table[1][:7] == ["2", "Bo", "pass", "Cilla:two-pair", "", "Bo · with a two ✓", "pass"]
    assert table[2][:4] == ["3", "Cilla", "Bo:three-of-a-kind", "pass"]
    written = [row for row in table if row[-1]]
    assert len(written) == 3
    # the blank rows: the dealer goes on round the table, every other cell waits for a pen
    assert [row[1] for row in table[3:6]] == ["Anna", "Bo", "Cilla"]
    assert table[3][2:] == ["", "", "✓ ☐ · broken by", "with a two ☐", "", "", "", ""]
    html = path.read_text(encoding="utf-8")
    assert "Revisor’s signature" in html and "from ☐" not in html
    assert html.count('class="paper') == 1


def test_a_preset_of_one_kop_has_one_kop_column_and_take_from_opponent_has_from_boxes(tmp_path: Path) -> None:
    game(("--buy", "Anna:par", "--last-trick", "Bo"), preset="one-exchange")
    assert heads(exported(tmp_path)) == ["Deal", "Dealer", "Köp 1", "Chicago", "Last trick", "Showdown", *PLAYERS]
    ok("new", "lördag", *PLAYERS, "--preset", "from-opponent")
    path = exported(tmp_path, "--lang", "en")
    blank = rows(path)[0]
    assert blank[2:6] == ["from ☐", "from ☐", "✓ ☐ · broken by", "with a two ☐ from ☐"]
    assert blank[6] == "from ☐"


def test_the_columns_are_those_core_paper_names_and_the_typed_header_is_what_import_reads(tmp_path: Path) -> None:
    game(*THREE_DEALS)
    html = exported(tmp_path).read_text(encoding="utf-8")
    named = re.findall(r'data-column="([^"]+)"', html)
    assert [n for n in named if not n.startswith("total:")] == ["deal", "dealer", "buy1", "buy2", "chicago", "last_trick", "showdown"]
    assert all(n in COLUMN or n.startswith("buy") for n in named if not n.startswith("total:"))
    header = "deal, dealer, buy1, buy2, chicago, broken_by, last_trick, with_two, showdown, Anna total, Bo total, Cilla total"
    assert header in html
    # the header as printed, with the three written rows typed under it, imports as a check
    typed = header.replace(", ", ",") + "\n" + "1,Anna,Anna:pair,Bo:straight,,,Cilla,,Anna:flush,6,4,5\n"
    (tmp_path / "typed.csv").write_text(typed, encoding="utf-8")
    assert "deals recorded already that agree: 1;" in ok("import", str(tmp_path / "typed.csv"), "--dry-run")


def test_the_protocol_in_swedish_has_swedish_headers(tmp_path: Path) -> None:
    game(*THREE_DEALS)
    path = exported(tmp_path, "--lang", "sv")
    assert heads(path) == ["Giv", "Givare", "Köp 1", "Köp 2", "Chicago", "Sista sticket", "Visning", *PLAYERS]
    html = path.read_text(encoding="utf-8")
    assert '<html lang="sv">' in html
    assert "giv, givare, köp 1, köp 2, chicago, bruten av, sista sticket, med tvåa, visning, Anna summa" in html


def test_names_are_escaped_by_the_template(tmp_path: Path) -> None:
    ok("new", "fredag", "<i>Anna</i>", "Bo & co", "Cilla")
    html = exported(tmp_path).read_text(encoding="utf-8")
    assert "<i>Anna</i>" not in html and "&lt;i&gt;Anna&lt;/i&gt;" in html
    assert "Bo &amp; co" in html


def pdf_pages(pdf: bytes) -> int:
    """The pages of a PDF: its /Type /Page objects (not /Pages, the tree above them)."""
    return len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", pdf))


def printed(html: Path) -> bytes:
    """The README's line: ``chromium --headless --no-pdf-header-footer --print-to-pdf=...``
    (with the test machine's quiet switches: no sandbox as root in a container)."""
    chromium = require_chromium()
    pdf = html.with_suffix(".pdf")
    subprocess.run(
        [str(chromium), *CHROMIUM_ARGS, "--no-pdf-header-footer", f"--print-to-pdf={pdf}", html.as_uri()],
        capture_output=True,
        timeout=120,
        check=True,
    )
    return pdf.read_bytes()


@pytest.mark.parametrize(("deals", "pages"), [(3, 1), (25, 2)])
def test_the_paper_prints_one_a4_page_per_twenty_deals(tmp_path: Path, deals: int, pages: int) -> None:
    ok("new", "fredag", *PLAYERS)
    last_tricks(tmp_path, deals)
    path = exported(tmp_path)
    table = rows(path)
    assert len(table) == 20 * pages
    assert len([row for row in table if row[-1]]) == deals
    assert pdf_pages(printed(path)) == pages
