"""The QR code `chicago serve` prints reads on a light terminal and on a dark one (issue 41:
segno's terminal output is light-on-dark: it draws the light modules in the terminal's
foreground, so on a white terminal the code came out inverted and a camera library could
not read it).

Each test draws the printed text as a terminal would, in a light theme (black on white)
and a dark one (light grey on black), cell by cell from the ANSI colours, and decodes
the picture with zxing-cpp, a camera library, with its search for inverted codes off, as
a phone's reader may have it."""

from __future__ import annotations

import io
import re
import sys

import pytest
import segno
import zxingcpp

from chicago_protokoll.cli import serve
from chicago_protokoll.present.terminal_qr import QUIET_ZONE, terminal_qr

URL = "http://192.168.1.20:8052/"
# A theme: the terminal's own foreground and background, as grey levels.
LIGHT = (0, 255)
DARK = (220, 0)
# What the SGR codes the code may use set, as grey levels: 30-37 and 90-97 foreground,
# 40-47 and 100-107 background (black 0, white 200, bright white 255).
_COLOURS = {0: 0, 7: 200}
_CELL_W, _CELL_H = 2, 4  # pixels of one character cell: a module is 2x2 (compact) or 4x4
_SGR = re.compile(r"\033\[([0-9;]*)m")


def picture(text: str, theme: tuple[int, int]) -> list[list[int]]:
    """``text`` as a terminal in ``theme`` shows it: a grid of grey levels."""
    default_fg, default_bg = theme
    fg, bg, reverse = default_fg, default_bg, False
    rows: list[list[int]] = []
    for line in text.split("\n")[:-1]:
        pixels: list[list[int]] = [[] for _ in range(_CELL_H)]
        for piece in re.split(r"(\033\[[0-9;]*m)", line):
            match = _SGR.fullmatch(piece)
            if match:
                for code in [int(c) if c else 0 for c in match[1].split(";")]:
                    if code == 0:
                        fg, bg, reverse = default_fg, default_bg, False
                    elif code == 7:
                        reverse = True
                    elif code == 39:
                        fg = default_fg
                    elif code == 49:
                        bg = default_bg
                    elif 30 <= code <= 37:
                        fg = _COLOURS.get(code - 30, 128)
                    elif 40 <= code <= 47:
                        bg = _COLOURS.get(code - 40, 128)
                    elif 100 <= code <= 107:
                        bg = 255 if code == 107 else _COLOURS.get(code - 100, 128)
                continue
            for char in piece:
                ink, paper = (bg, fg) if reverse else (fg, bg)
                top = {"█": ink, "▀": ink, "▄": paper, " ": paper}[char]
                bottom = {"█": ink, "▀": paper, "▄": ink, " ": paper}[char]
                for y in range(_CELL_H):
                    pixels[y].extend([top if y < _CELL_H // 2 else bottom] * _CELL_W)
        rows.extend(pixels)
    # the terminal's own background around what was printed (a margin of the window)
    width = max(len(row) for row in rows) + 16
    return [[default_bg] * width for _ in range(8)] + [
        [default_bg] * 8 + row + [default_bg] * (width - 8 - len(row)) for row in rows
    ] + [[default_bg] * width for _ in range(8)]


def decoded(grid: list[list[int]]) -> list[str]:
    """What a camera library reads in the picture, not trying the inverse."""
    data = bytes(value for row in grid for value in row)
    image = memoryview(data).cast("B", (len(grid), len(grid[0])))
    return [code.text for code in zxingcpp.read_barcodes(image, try_invert=False)]


def printed(compact: bool) -> str:
    code = segno.make(URL, micro=False)
    return terminal_qr(code.matrix_iter(scale=1, border=QUIET_ZONE), compact=compact)


@pytest.mark.parametrize("theme", [LIGHT, DARK], ids=["light", "dark"])
@pytest.mark.parametrize("compact", [True, False], ids=["half-blocks", "two-spaces"])
def test_the_code_reads_on_a_light_and_a_dark_terminal(
    theme: tuple[int, int], compact: bool
) -> None:
    assert decoded(picture(printed(compact), theme)) == [URL]


def test_the_check_can_fail_segnos_own_drawing_does_not_read_on_a_light_terminal() -> None:
    """segno's half blocks draw the light modules in the terminal's foreground: the code
    reads on a dark terminal, and on a white one it is inverted and does not."""
    out = io.StringIO()
    segno.make(URL, micro=False).terminal(out=out, compact=True)
    assert decoded(picture(out.getvalue(), DARK)) == [URL]
    assert decoded(picture(out.getvalue(), LIGHT)) == []


@pytest.mark.parametrize("compact", [True, False])
def test_dark_modules_are_black_light_ones_white_with_a_quiet_zone(compact: bool) -> None:
    """Every colour is said: nothing is left to the terminal's own, and the first and last
    lines (the quiet zone) are all light; each line resets its colours at its end."""
    text = printed(compact)
    lines = text.splitlines()
    assert all(line.endswith("\033[0m") for line in lines)
    for theme in (LIGHT, DARK):
        grid = picture(text, theme)[8:-8]
        margin = QUIET_ZONE * (_CELL_W if compact else 2 * _CELL_W)
        for row in grid[: QUIET_ZONE * 2]:
            assert set(row[8 : 8 + margin]) == {255}
        assert {value for row in grid for value in row[8:-8]} == {0, 255}
    assert "\033[7m" not in text and "\033[39m" not in text and "\033[49m" not in text


@pytest.mark.parametrize(("encoding", "compact"), [("utf-8", True), ("ascii", False)])
def test_serve_prints_the_code_black_on_white(
    encoding: str, compact: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`chicago serve --host 0.0.0.0`'s code: half blocks on a Unicode terminal, two
    spaces a module otherwise; it reads in both themes."""
    buffer = io.BytesIO()
    out = io.TextIOWrapper(buffer, encoding=encoding)
    monkeypatch.setattr(sys, "stdout", out)
    serve._print_qr(URL)
    text = buffer.getvalue().decode(encoding)
    assert text == printed(compact)
    for theme in (LIGHT, DARK):
        assert decoded(picture(text, theme)) == [URL]
