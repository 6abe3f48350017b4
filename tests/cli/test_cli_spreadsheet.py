"""`export --format csv` for spreadsheets: a Swedish Excel opens the excel dialect as
columns (semicolons, CRLF, a UTF-8 byte order mark, decimal commas), which is the default
in Swedish; the plain comma-separated CSV stays for scripts."""

from __future__ import annotations

import csv
import io
import os
import subprocess
from decimal import Decimal

from chicago_protokoll.present.export import excel_cell
from cli_support import CHICAGO, ENGLISH, ok, run

PLAYERS = ("Anna", "Åsa", "Örjan")


def _exported(*args: str) -> bytes:
    result = subprocess.run(
        [str(CHICAGO), *args],
        capture_output=True,
        env={**os.environ, **ENGLISH},
        timeout=30,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout


def _game() -> None:
    ok("new", "fredag", *PLAYERS)
    ok("deal", "--buy", "Åsa:två par", "--last-trick", "Örjan", "--showdown", "Anna:par")


def test_excel_sv_dialect_has_semicolons_crlf_and_a_byte_order_mark() -> None:
    """--csv-dialect excel: BOM first, `;` between cells, CRLF after every row, and the
    rows read back as the plain CSV's."""
    _game()
    data = _exported("export", "--format", "csv", "--csv-dialect", "excel")
    assert data.startswith(b"\xef\xbb\xbf")
    text = data[3:].decode("utf-8")
    assert text.count("\r\n") == len(text.splitlines()) == 2
    assert "\n" not in text.replace("\r\n", "")
    rows = list(csv.reader(io.StringIO(text, newline=""), delimiter=";"))
    plain = _exported("export", "--format", "csv").decode("utf-8")
    assert rows == list(csv.reader(io.StringIO(plain)))
    assert "Åsa" in rows[0]


def test_swedish_language_exports_excel_sv_by_default_english_plain() -> None:
    """In Swedish the CSV is the excel dialect unless asked otherwise; in English plain."""
    _game()
    assert _exported("--lang", "sv", "export", "--format", "csv").startswith(b"\xef\xbb\xbf")
    plain = _exported("--lang", "sv", "export", "--format", "csv", "--csv-dialect", "plain")
    english = _exported("export", "--format", "csv")
    assert not plain.startswith(b"\xef\xbb\xbf") and b";" not in english
    # 3 players × 2, deal, dealer, 2 köp, chicago, broken_by, last_trick, with_two, showdown, royal
    assert b"\r\n" not in english and english.split(b"\n")[0].count(b",") == 15


def test_excel_cells_have_a_decimal_comma() -> None:
    """A number with decimals is written with a comma, as a Swedish spreadsheet reads it."""
    assert excel_cell(Decimal("4.5")) == "4,5"
    assert excel_cell(2.25) == "2,25"
    assert excel_cell(7) == 7
    assert excel_cell("Anna") == "Anna"


def test_an_unknown_csv_dialect_is_a_usage_error() -> None:
    """--csv-dialect is a choice: anything else exits 2 and names the choices."""
    _game()
    result = run("export", "--format", "csv", "--csv-dialect", "tsv")
    assert result.returncode == 2
    assert "'plain', 'excel'" in result.stderr
