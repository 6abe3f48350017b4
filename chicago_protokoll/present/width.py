"""How wide text is on a terminal, and names made safe to print there.

Plain output lines up by the columns a terminal gives each character, not by
``len()``: a CJK character or an emoji takes two columns, a combining accent
none.  Every aligned line (the tables, the standings after a deal, the
sessions listing, the chart's legend, explain's folding) measures through
`text_width` and pads through `pad`.

A player's name comes from a session file that anyone can edit, so before it
reaches the terminal `visible` shows each control character (an escape, a
bidirectional override...) as its code, ``\\x1b``, instead of letting the
terminal act on it.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

_ZWJ = "\u200d"  # joins the emoji on either side into one picture
_VS16 = "\ufe0f"  # asks for the picture (two columns) of a one-column symbol

# Characters a terminal acts on instead of showing: the C0 and C1 controls and DEL,
# and the marks that reorder or hide text (bidirectional embeddings, overrides, isolates).
_BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def _acted_on(char: str) -> bool:
    return unicodedata.category(char) == "Cc" or char in _BIDI


def visible(text: str) -> str:
    """``text`` with every character a terminal would act on written as its code."""
    if text.isascii() and text.isprintable():  # the common case, at C speed
        return text
    return "".join(
        (f"\\x{ord(char):02x}" if ord(char) < 0x100 else f"\\u{ord(char):04x}")
        if _acted_on(char)
        else char
        for char in text
    )


def visible_lines(text: str) -> str:
    """`visible` for text of several lines: each line's control characters written as
    their codes, the line breaks kept.  What ``play`` says passes through here, so an
    answer typed with an escape in it (a key the terminal sent as a sequence, a pasted
    colour code) is echoed in a refusal as ``\\x1b``, not run by the terminal."""
    if text.isascii() and text.isprintable():
        return text
    return "\n".join(visible(line) for line in text.split("\n"))


def char_width(char: str) -> int:
    """Columns one character takes: 2 for wide and full-width ones (CJK, most emoji),
    0 for combining marks and invisible format characters, else 1."""
    if " " <= char < "\x7f":
        return 1
    if unicodedata.combining(char) or unicodedata.category(char) in ("Mn", "Me", "Cf", "Cc"):
        return 0
    if "\u1160" <= char <= "\u11ff":  # Hangul vowels and finals: part of the syllable before
        return 0
    return 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1


def text_width(text: str) -> int:
    """Columns ``text`` takes on a terminal (one line, control characters made visible first).

    An emoji sequence joined by zero-width joiners is one picture, two columns;
    a symbol followed by the emoji selector U+FE0F is drawn as a picture, two columns.
    """
    if text.isascii():
        return len(text)
    total = 0
    previous = ""
    for char in text:
        if previous == _ZWJ:
            width = 0  # the rest of a joined emoji
        elif char == _VS16:
            width = 1 if previous and char_width(previous) == 1 else 0
        else:
            width = char_width(char)
        total += width
        previous = char
    return total


def pad(text: str, width: int, align: str = "left") -> str:
    """``text`` padded with spaces to ``width`` columns, on the right (left-aligned) or the
    left (``align="right"``); never cut."""
    gap = " " * max(0, width - text_width(text))
    return gap + text if align == "right" else text + gap


def wrap(text: str, width: int, indent: str = "", subsequent_indent: str = "") -> list[str]:
    """``text`` folded at spaces into lines of at most ``width`` columns (a word longer than
    that stands alone on its line), the first line after ``indent``, the rest after
    ``subsequent_indent``.  For plain ASCII it folds exactly as `textwrap.wrap` does with
    ``break_long_words=False, break_on_hyphens=False``; it measures by `text_width`."""
    lines: list[str] = []
    current, used = indent, text_width(indent)
    empty = True  # nothing but the indent on the current line yet
    for word in text.split(" "):
        if empty and not word:
            continue  # spaces at the start of a line are dropped, as textwrap does
        size = text_width(word)
        if empty:
            current, used, empty = current + word, used + size, False
        elif used + 1 + size <= width:
            current, used = current + " " + word, used + 1 + size
        else:
            lines.append(current.rstrip(" "))
            if not word:
                current, used, empty = subsequent_indent, text_width(subsequent_indent), True
            else:
                current = subsequent_indent + word
                used = text_width(subsequent_indent) + size
    if not empty:
        lines.append(current.rstrip(" "))
    return lines


def wrap_lines(lines: Sequence[str], width: int) -> list[str]:
    """Lines folded to ``width``; a folded line goes on under its own indent, two further in."""
    folded: list[str] = []
    for line in lines:
        if text_width(line) <= width:
            folded.append(line)
            continue
        indent = line[: len(line) - len(line.lstrip())]
        folded.extend(wrap(line.strip(), width, indent, indent + "  "))
    return folded
