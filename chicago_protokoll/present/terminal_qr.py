"""A QR code drawn in a terminal that a phone's camera reads on a light terminal and a dark.

A QR code is dark modules on a light ground with a light quiet zone around it; a reader
may not look for the inverse.  segno's terminal writers leave colours to the terminal:
its half blocks draw the light modules in the terminal's foreground (light on a dark
terminal), its two-space cells the dark ones in reverse video, so on one kind of terminal
or the other the code comes out inverted, and a camera library does not read it.
So every cell here says its colours itself: black (SGR 30 / 40) on white, where white is
asked as bright white (107) after plain white (47), so that a terminal that knows only the
eight colours keeps 47.  The colours are the picture, not decoration: they are written
even under NO_COLOR, as an image viewer shows an image.

Pure: the caller gives the code's rows with the quiet zone (segno's ``matrix_iter`` with
``border=4``), dark modules true.
"""

from __future__ import annotations

from collections.abc import Iterable

QUIET_ZONE = 4  # modules of light around the code (ISO/IEC 18004)
_BLACK_ON_WHITE = "\033[30;47;107m"
_BLACK = "\033[40m"
_WHITE = "\033[47;107m"
_RESET = "\033[0m"
# Half blocks: (top module dark, bottom module dark) -> the character, in black on white.
_HALF = {(True, True): "█", (True, False): "▀", (False, True): "▄", (False, False): " "}


def terminal_qr(rows: Iterable[Iterable[object]], *, compact: bool) -> str:
    """The code as text for a terminal: ``compact`` two modules a character (half blocks,
    for a terminal that takes Unicode), else one module two spaces wide (ANSI colours only).
    Each line ends by resetting the colours, so nothing after the code is coloured."""
    grid = [[bool(module) for module in row] for row in rows]
    if not compact:
        return "".join(
            "".join(f"{_BLACK if dark else _WHITE}  " for dark in row) + f"{_RESET}\n"
            for row in grid
        )
    if len(grid) % 2:  # the last line's lower half is more quiet zone
        grid.append([False] * len(grid[0]))
    return "".join(
        _BLACK_ON_WHITE + "".join(_HALF[pair] for pair in zip(top, bottom, strict=True)) + f"{_RESET}\n"
        for top, bottom in zip(grid[::2], grid[1::2], strict=True)
    )
