"""Plain output lines up by display width: a table with CJK and emoji names keeps its columns
on a terminal, where such a character takes two columns (not len()'s one)."""

from __future__ import annotations

import re

import pytest

from chicago_protokoll.core.game import replay
from chicago_protokoll.present.render import Painter, status_lines, table_lines
from chicago_protokoll.present.width import text_width
from chicago_protokoll.store import catalogue, sessionfile
from cli_support import ANNA_23_DEAL, ok, run

WIDE = ("李小龍", "🦊 Räv", "Åsa", "Zoë")
CELL = re.compile(r"\S+(?: \S+)*")  # a cell: words one space apart; cells are 2+ apart


def cells(line: str) -> list[tuple[int, int, str]]:
    """Each cell of a table line as (first column, column after it, text), in display columns."""
    return [
        (text_width(line[: m.start()]), text_width(line[: m.end()]), m.group())
        for m in CELL.finditer(line)
    ]


def assert_columns_line_up(lines: list[str], right: list[bool]) -> None:
    """Every row's cells start (left-aligned) or end (right-aligned) where the header's do."""
    header = cells(lines[0])
    assert len(header) == len(right)
    for line in lines[1:]:
        row = cells(line)
        assert len(row) <= len(header), line
        for column, (start, end, _) in enumerate(row):
            if right[column]:
                assert end == header[column][1], (line, lines[0])
            else:
                assert start == header[column][0], (line, lines[0])


def table_after(out: str, first_header: str) -> tuple[list[str], str]:
    """The header and rows of the table whose header starts with ``first_header``, and its rule."""
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if line.split()[:1] == [first_header])
    rule = lines[start + 1]
    assert set(rule.strip()) == {"━"}
    end = lines.index("", start)
    return [lines[start], *lines[start + 2 : end]], rule


@pytest.fixture
def wide_game() -> None:
    ok("new", "fredag", *WIDE)
    ok("deal", "--buy", "李小龍:pair", "--last-trick", "🦊 Räv", "--showdown", "Zoë:flush")
    ok("deal", "--buy", "🦊 Räv:triss", "--last-trick", "Åsa", "--showdown", "李小龍:kåk")


def test_status_table_lines_up_wide_names(wide_game: None) -> None:
    """status: points and 'to go' end in one column, the notes start in one, under CJK and emoji."""
    rows, rule = table_after(ok("status"), "Player")
    assert_columns_line_up(rows, [False, True, True, False])
    assert max(text_width(row) for row in rows) == text_width(rule) - 1


def test_log_lines_up_wide_names_in_headers_and_rows(wide_game: None) -> None:
    """log: a column a player, headed by the name, each total right under the end of the name."""
    rows, rule = table_after(ok("log"), "Deal")
    assert [cell[2] for cell in cells(rows[0])] == ["Deal", "Dealer", *WIDE]
    assert_columns_line_up(rows, [True, False, True, True, True, True])
    assert max(text_width(row) for row in rows) == text_width(rule) - 1


def test_settlement_lines_up_wide_names(wide_game: None) -> None:
    """settle: payer and payee columns start in one column, amounts end in one."""
    rows, _ = table_after(ok("settle"), "Pays")
    assert len(rows) == 4
    assert_columns_line_up(rows, [False, False, True])


def test_standings_after_a_deal_line_up_wide_names() -> None:
    """What `deal` and the single-moment commands print: every total ends in one column."""
    ok("new", "fredag", *WIDE)
    out = ok("deal", "--buy", "李小龍:pair", "--last-trick", "🦊 Räv", "--showdown", "Zoë:flush")
    lines = [line for line in out.splitlines() if line.startswith("  ")]
    assert len(lines) == len(WIDE)
    ends = {text_width(re.match(r"  .*?\s+-?\d+", line).group()) for line in lines}  # type: ignore[union-attr]
    assert len(ends) == 1, lines


def test_sessions_listing_lines_up_wide_session_names() -> None:
    """sessions: the dates start in one column whatever the width of the names before them."""
    ok("new", "李小龍的牌局", "Anna", "Bo")
    ok("new", "fredag", *WIDE)
    ok("new", "한국-kväll", "Anna", "Bo")
    lines = ok("sessions").splitlines()
    starts = {text_width(line[: re.search(r"\d{4}-\d\d-\d\d", line).start()]) for line in lines}  # type: ignore[union-attr]
    assert len(lines) == 3
    assert starts == {19}


def test_explain_folds_wide_text_by_columns(
    monkeypatch: pytest.MonkeyPatch, wide_game: None
) -> None:
    """explain at 40 columns: no line of CJK and emoji names is wider than the terminal."""
    monkeypatch.setenv("COLUMNS", "40")
    lines = ok("explain").splitlines()
    assert any("李小龍" in line for line in lines)
    for line in lines:
        assert text_width(line) <= 40 or " " not in line.strip(), line


def test_chart_legend_folds_wide_names_by_columns() -> None:
    """chart: the legend under the race wraps by display width, never past the given width."""
    ok("new", "fredag", "李小龍李小龍", "🦊🦊🦊 Räv", "한국어이름", "Zoë")
    ok(
        "deal",
        "--buy",
        "李小龍李小龍:pair",
        "--last-trick",
        "Zoë",
        "--showdown",
        "한국어이름:flush",
    )
    lines = ok("chart", "--width", "40").splitlines()
    legend = lines[next(i for i, line in enumerate(lines) if "李小龍李小龍 " in line) :]
    assert len(legend) >= 3
    assert all(text_width(line) <= 40 for line in legend), legend


def test_a_table_cell_never_reaches_the_terminal_as_an_escape_sequence() -> None:
    """A name with an escape sequence, a bell or a bidirectional override is drawn as codes,
    and lines up by what is drawn; with styles on, the only escapes are the table's own."""
    rows = [[(("\x1b[31mEvil\x07", ""),), (("5", ""),)], [(("\u202eBo", ""),), (("12", ""),)]]
    for paint in (Painter(False, False), Painter(True, True)):
        lines = table_lines("t\x1b]0;x\x07", ["Player", "Points"], [False, True], rows, paint)
        text = "\n".join(lines)
        assert "\\x1b[31mEvil\\x07" in text
        assert "\\u202eBo" in text
        assert "\\x1b]0;x\\x07" in text
        assert "\x07" not in text and "\u202e" not in text
        assert set(re.findall(r"\x1b\[[0-9;]*m", text)) <= {"\x1b[1m", "\x1b[3m", "\x1b[0m"}
        assert "\x1b" not in re.sub(r"\x1b\[[0-9;]*m", "", text)
        if not paint.styles:
            assert "\x1b" not in text
            assert_columns_line_up([lines[2], lines[4], lines[5]], [False, True])


def test_on_a_terminal_headers_are_bold_and_the_winner_bold_green(wide_game: None) -> None:
    """Styles only on a terminal: NO_COLOR drops the colour, a pipe gets no escapes at all."""
    table = Painter(True, True)
    no_colour = Painter(True, False)
    path = catalogue.resolve(None, None)
    session = sessionfile.load_session(path)
    standings = replay(session).standings()
    coloured = "\n".join(status_lines(standings, "fredag", table))
    assert "\x1b[1mPlayer\x1b[0m" in coloured
    assert "\x1b[3mfredag — deal 3\x1b[0m" in coloured
    assert "32" not in "".join(re.findall(r"\x1b\[[0-9;]*m", coloured))  # nobody has won yet
    assert "\x1b[" not in "\n".join(status_lines(standings, "fredag", Painter(False, False)))
    assert "\x1b[1mPlayer" in "\n".join(status_lines(standings, "fredag", no_colour))


@pytest.mark.parametrize(
    ("env", "bold", "green"),
    [
        ({"FORCE_COLOR": "1"}, True, True),
        ({"FORCE_COLOR": "1", "NO_COLOR": "1"}, True, False),
        ({"FORCE_COLOR": "1", "TERM": "dumb"}, False, False),
        ({}, False, False),  # a pipe
    ],
)
def test_the_winner_row_is_green_only_where_colour_is_wanted(
    env: dict[str, str], bold: bool, green: bool
) -> None:
    """The finished game's status, run as the installed command with its output in a pipe."""
    ok("new", "fredag", "Anna", "Bo")
    for _ in range(3):
        ok(*ANNA_23_DEAL)
    base = {"NO_COLOR": ""}
    done = run("status", env={**base, "TERM": "xterm", **env})
    assert done.returncode == 0, done.stderr
    assert ("\x1b[1m" in done.stdout) is bold
    assert ("\x1b[1;32mAnna\x1b[0m" in done.stdout) is green
    assert "Winner: " in done.stdout
