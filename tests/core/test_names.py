"""Player names are plain, visible text (core.names): one check for new, play, again and
a hand-edited file; NFC; no controls, bidi controls, invisibles, odd spaces; no two
names that read alike; at most MAX_PLAYER_NAME characters."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from chicago_protokoll.core.names import (
    MAX_PLAYER_NAME,
    PlayerNameError,
    check_player_name,
    check_player_names,
    shown,
)
from chicago_protokoll.core.session import new_session

HIDDEN = {
    "C0 escape": "Bo\x1b[31m",
    "C0 NUL": "B\x00o",
    "tab": "Bo\tA",
    "newline": "Bo\nAnna",
    "DEL": "Bo\x7f",
    "C1 CSI": "Bo\x9b31m",
    "right-to-left override": "\u202eoB",
    "left-to-right isolate": "Bo\u2066",
    "pop directional isolate": "Bo\u2069",
    "right-to-left mark": "Bo\u200f",
    "zero-width space": "B\u200bo",
    "zero-width joiner": "B\u200do",
    "byte-order mark": "\ufeffBo",
    "soft hyphen": "B\u00ado",
    "word joiner": "B\u2060o",
    "line separator": "Bo\u2028",
    "paragraph separator": "Bo\u2029",
    "private use": "Bo\ue000",
    "unassigned": "Bo\U000e0fff",
    "lone surrogate": "Bo\udcff",
    "no-break space": "Anna\u00a0B",
    "ideographic space": "Anna\u3000B",
    "hangul filler": "\u3164",
    "variation selector": "Bo\ufe0f",
    "combining grapheme joiner": "B\u034fo",
    "braille blank": "Bo\u2800",
    "tag character": "Bo\U000e0041",
}


@pytest.mark.parametrize("name", list(HIDDEN.values()), ids=list(HIDDEN))
def test_a_name_with_a_character_that_is_not_visible_text_is_refused(name: str) -> None:
    """Controls, bidi overrides and isolates, zero-width and other invisibles, odd spaces."""
    with pytest.raises(PlayerNameError, match="not visible text") as caught:
        check_player_name(name)
    message = str(caught.value)
    assert message.isprintable(), message  # the refusal shows the character as its code
    assert "\\" in message


@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("", "empty"),
        (" Bo", "space"),
        ("Bo ", "space"),
        ("A" * (MAX_PLAYER_NAME + 1), f"longer than {MAX_PLAYER_NAME}"),
        ("\u0301Bo", "combining mark"),
    ],
)
def test_empty_padded_overlong_or_mark_first_names_are_refused(name: str, why: str) -> None:
    with pytest.raises(PlayerNameError, match=why):
        check_player_name(name)


@pytest.mark.parametrize(
    "name", ["Anna", "Åsa", "Anna-Lena", "Bo Ek", "[/bold]", "<b>", "Zoë", "李", "😀", "A" * 40]
)
def test_plain_visible_names_are_kept(name: str) -> None:
    """Markup-looking, non-Latin and emoji names are plain text: kept as typed."""
    assert check_player_name(name) == name


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("Åsa", "A\u030asa"),  # composed and decomposed
        ("Anna", "ANNA"),
        ("Straße", "STRASSE"),  # case folding
        ("Zoë", "zoe\u0308"),
    ],
)
def test_two_names_that_read_alike_are_refused(first: str, second: str) -> None:
    """Two players equal after NFC and case folding are one name at the table."""
    with pytest.raises(PlayerNameError, match="two players"):
        check_player_names([first, second])
    with pytest.raises(PlayerNameError):
        new_session([first, "Bo", second])


def test_names_are_kept_in_nfc() -> None:
    """A decomposed name is stored composed, so file, export and screen hold one spelling."""
    session = new_session(["A\u030asa", "Bo"])
    assert session.players == ("Åsa", "Bo")
    assert session.first_dealer == "Åsa"


@given(st.text(max_size=50))
def test_any_text_is_a_plain_nfc_name_or_refused(text: str) -> None:
    """Whatever is typed: a name in NFC that prints as itself, or a printable refusal."""
    try:
        name = check_player_name(text)
    except PlayerNameError as error:
        assert shown(str(error)) == str(error)
        return
    assert name == unicodedata.normalize("NFC", name)
    assert shown(name) == name  # every character printable and visible
    assert 0 < len(name) <= MAX_PLAYER_NAME and name == name.strip()
