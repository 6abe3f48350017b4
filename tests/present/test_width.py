"""Display width: what a terminal gives each character, the one measure every plain line
is lined up and folded by; and names made safe to print."""

from __future__ import annotations

import textwrap
import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from chicago_protokoll.present.width import pad, text_width, visible, wrap


@pytest.mark.parametrize(
    ("text", "columns"),
    [
        ("Anna", 4),
        ("Åsa", 3),
        ("A\u030asa", 3),  # Å as A and a combining ring: the ring takes no column
        ("q\u0303", 1),  # a combining tilde with no precomposed form
        ("李小龍", 6),  # CJK ideographs: two columns each
        ("ｱﾝﾅ", 3),  # half-width katakana: one each
        ("ＡＢ", 4),  # full-width Latin: two each
        ("🦊 Räv", 6),  # an emoji takes two
        ("한국", 4),  # Hangul syllables
        ("\u1100\u1161", 2),  # a Hangul syllable from its jamo: the vowel joins the consonant
        ("👨\u200d👩\u200d👧", 2),  # a family: one picture joined by zero-width joiners
        ("❤\ufe0f", 2),  # a one-column heart asked to be drawn as an emoji
        ("🇸🇪", 2),  # a flag: two regional indicators
        ("a\u200bb", 2),  # a zero-width space
    ],
)
def test_wide_characters_take_two_columns_and_combining_marks_none(text: str, columns: int) -> None:
    """CJK and emoji are two columns, accents and joiners none: not len()."""
    assert text_width(text) == columns


NAMES = st.text(
    alphabet=st.sampled_from(["a", "Å", "ö", "李", "龍", "🦊", "한", "\u0303", " ", "Z"]),
    max_size=12,
)


@given(NAMES, st.integers(0, 30), st.booleans())
def test_padding_fills_to_the_same_number_of_columns_whatever_the_name(
    name: str, width: int, right: bool
) -> None:
    """pad() adds spaces up to ``width`` columns and never cuts a name."""
    padded = pad(name, width, "right" if right else "left")
    assert text_width(padded) == max(width, text_width(name))
    assert padded.strip(" ") == name.strip(" ")


ASCII_WORDS = st.lists(st.text("abcxyz-.,()", max_size=12), max_size=25)


@given(
    ASCII_WORDS,
    st.integers(1, 50),
    st.sampled_from(["", "  ", "      "]),
    st.sampled_from(["", "  ", "        "]),
)
def test_plain_ascii_folds_exactly_as_textwrap_did(
    words: list[str], width: int, indent: str, subsequent: str
) -> None:
    """explain folded with textwrap before; for ASCII the lines are the same as they were."""
    text = " ".join(words).strip()
    assert wrap(text, width, indent, subsequent) == textwrap.wrap(
        text,
        width=width,
        initial_indent=indent,
        subsequent_indent=subsequent,
        break_on_hyphens=False,
        break_long_words=False,
    )


@given(st.lists(NAMES.filter(lambda w: " " not in w and w), max_size=20), st.integers(10, 60))
def test_folded_lines_fit_the_width_in_columns(words: list[str], width: int) -> None:
    """Wide words fold by the columns they take: only a word wider than the line sticks out,
    and it stands alone on its line."""
    for line in wrap(" ".join(words), width, "  ", "    "):
        assert text_width(line) <= width or " " not in line.strip()


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        ("\x1b[31mAnna", "\\x1b[31mAnna"),
        ("Bo\x07", "Bo\\x07"),
        ("Cilla\nDeal 2", "Cilla\\x0aDeal 2"),
        ("\u202eanna", "\\u202eanna"),  # a right-to-left override
        ("Eva\x9b", "Eva\\x9b"),  # a C1 control: CSI in one byte
        ("Åsa 李 🦊", "Åsa 李 🦊"),
    ],
)
def test_a_name_reaches_the_terminal_as_text_never_as_a_control(name: str, shown: str) -> None:
    """Escape sequences, bells, newlines and bidirectional overrides are written as codes."""
    assert visible(name) == shown


@given(st.text())
def test_nothing_visible_leaves_is_a_control_character(text: str) -> None:
    """Whatever a file holds, visible() leaves no character a terminal would act on, and
    changes printable text not at all."""
    shown = visible(text)
    assert not any(unicodedata.category(char) == "Cc" for char in shown)
    assert not any(
        char in shown for char in "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
    )
    if text.isprintable():
        assert shown == text
    assert visible(shown) == shown
