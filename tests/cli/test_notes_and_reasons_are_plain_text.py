"""Notes and reasons are plain, visible text (cli.md, "Output files and bad input").

- At entry (``note``, ``penalty``/``forfeit --reason``, ``edit --reason``, ``play`` and the
  phone) a control or bidi character is refused as in a name: one sentence, exit 1 (exit 2
  for ``edit --reason``, a usage error there), the file byte for byte unchanged.  The check
  is the names' own (`core.names.hidden_character`), through `names.remark_problem`.
- A line typed into ``play`` whose bytes are not UTF-8 is refused in a sentence, never a
  UnicodeEncodeError when the file is written.
- Whatever file they come from (one written by hand, or by a release before the check),
  every terminal, Markdown and CSV output shows them escaped (``\\x1b``, ``\\u202e``):
  an escape sequence never reaches the terminal, an override never reorders a line.
"""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from chicago_protokoll.core.events import Note, Penalty
from chicago_protokoll.core.names import remark_problem, remark_text
from chicago_protokoll.present.narrate import describe_event
from chicago_protokoll.present.width import visible
from cli_support import CHICAGO, ENGLISH, invoke, ok, refused, session_file, usage_error

ESC_OSC_BEL = "\x1b]0;pwned\x07"
BIDI = [chr(c) for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A))]
CONTROLS = ["\x1b[31m", "\x07", ESC_OSC_BEL, "\x9b", *BIDI]

# What a terminal acts on instead of showing: C0 and C1 controls but the line ends and a
# tab, DEL, and the bidirectional marks, embeddings, overrides and isolates.
RAW = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


@pytest.fixture
def game() -> Path:
    ok("new", "fredag", "Anna", "Bo", "Cilla")
    ok("deal", "--buy", "Anna:par", "--buy", "Bo:par", "--last-trick", "Cilla")
    return session_file("fredag")


# -- refused at entry --------------------------------------------------------------------


@pytest.mark.parametrize("bad", CONTROLS, ids=ascii)
@pytest.mark.parametrize(
    "command",
    [
        ("note", "Bo dealt {bad} twice"),
        ("penalty", "Bo", "2", "--reason", "late {bad} buy"),
        ("forfeit", "Bo", "--reason", "{bad}"),
    ],
    ids=lambda c: c[0],
)
def test_a_control_or_bidi_character_in_a_note_or_reason_is_refused_at_entry(
    game: Path, bad: str, command: tuple[str, ...]
) -> None:
    before = game.read_bytes()
    error = refused(*(word.replace("{bad}", bad) for word in command))
    assert "cannot be recorded" in error and "not visible text" in error
    assert RAW.search(error) is None, ascii(error)  # the refusal quotes it escaped
    assert game.read_bytes() == before


@pytest.mark.parametrize("bad", CONTROLS, ids=ascii)
def test_a_control_or_bidi_character_in_an_edits_reason_is_a_usage_error(
    game: Path, bad: str
) -> None:
    before = game.read_bytes()
    error = usage_error("edit", "1", "--last-trick", "Bo", "--reason", f"typo {bad}")
    assert "--reason" in error and "not visible text" in error
    assert game.read_bytes() == before


def test_a_note_may_hold_emoji_built_of_several_characters(game: Path) -> None:
    """The joiner and the picture selector a phone's keyboard puts in are not refused: a
    note is free text, not a name that must be told apart from another."""
    ok("note", "Bra spelat ❤️ 👨‍👩‍👧")
    assert "Bra spelat ❤️ 👨‍👩‍👧" in ok("log")


@given(st.text())
def test_a_remark_accepted_at_entry_is_shown_as_it_is(text: str) -> None:
    """What the entry check lets through has nothing for the output's escaping to change;
    what it refuses holds something that escaping would have changed."""
    kept = remark_text(text)
    if remark_problem(kept) is None:
        assert visible(kept) == kept
    if visible(kept) != kept:
        assert remark_problem(kept) is not None


@given(st.text())
def test_no_note_or_reason_reaches_the_terminal_raw_whatever_it_holds(text: str) -> None:
    """The words every output takes (`narrate.describe_event`) hold no control and no
    bidi character, for any text a file may hold."""
    for event in (Note(1, text), Penalty(1, "Bo", 2, text)):
        assert RAW.search(describe_event(event)) is None


# -- play and the phone -----------------------------------------------------------------


def _play(stdin: bytes, **env: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [str(CHICAGO), "play"], input=stdin, capture_output=True, timeout=60,
        env={**os.environ, **ENGLISH, **env}, check=False,
    )  # fmt: skip


@pytest.mark.parametrize("env", [{}, {"PYTHONIOENCODING": "utf-8"}], ids=["default", "strict-stdin"])
@pytest.mark.parametrize(
    "line", [b"note bad \xff x", b"penalty Bo 3 late \xfe", b"forfeit Bo sjuk\xe5"], ids=ascii
)
def test_a_line_typed_into_play_whose_bytes_are_not_utf8_is_refused_plainly(
    game: Path, env: dict[str, str], line: bytes
) -> None:
    before = game.read_bytes()
    done = _play(line + b"\nq\n", **env)
    out = done.stdout.decode("utf-8") + done.stderr.decode("utf-8")
    assert done.returncode == 0, out
    assert "is not UTF-8 text" in out
    assert "unexpected" not in out and "Traceback" not in out
    assert game.read_bytes() == before


def test_a_control_typed_into_play_is_refused_and_asked_again(game: Path) -> None:
    before = game.read_bytes()
    done = _play(b"note a \x1b]0;x\x07 b\nq\n")
    out = done.stdout.decode("utf-8")
    assert done.returncode == 0, out
    assert "the note cannot be recorded" in out and "\\x1b" in out
    assert "\x1b" not in out
    assert game.read_bytes() == before


# -- shown escaped, whatever the file ---------------------------------------------------

TOML_CONTROLS = "\\u001b]0;pwned\\u0007\\u001b[31m\\u202eevil\\u2066"


@pytest.fixture
def hand_written(game: Path) -> Path:
    """A note, a penalty's and a forfeit's reason holding an OSC sequence, a colour, an
    override and an isolate: written by hand into a file the commands made."""
    ok("note", "NOTE-HERE")
    ok("penalty", "Bo", "2", "--reason", "PENALTY-HERE")
    ok("forfeit", "Cilla", "--reason", "FORFEIT-HERE")
    text = game.read_text("utf-8")
    for word in ("NOTE-HERE", "PENALTY-HERE", "FORFEIT-HERE"):
        assert text.count(word) == 1
        text = text.replace(word, f"{word} {TOML_CONTROLS}")
    game.write_text(text, "utf-8")
    return game


@pytest.mark.parametrize(
    "command",
    [
        ["status"],
        ["log"],
        ["explain"],
        ["explain", "1"],
        ["export", "--format", "md", "-o", "-"],
        ["export", "--format", "csv", "-o", "-"],
        ["export", "--format", "html", "-o", "-"],
        ["undo"],  # "Undone: ..." names the forfeit and its reason
        ["note", "and then"],  # "Recorded: ..." and the standings after it
    ],
    ids=" ".join,
)
def test_controls_in_a_file_are_shown_escaped_in_every_output(
    hand_written: Path, command: list[str]
) -> None:
    result = invoke(*command)
    assert result.exit_code == 0, result.output
    assert RAW.search(result.output) is None, ascii(result.output)


@pytest.mark.parametrize(
    "command",
    [["log"], ["explain"], ["export", "--format", "md", "-o", "-"], ["export", "--format", "csv", "-o", "-"]],
    ids=" ".join,
)
def test_the_escaped_controls_are_there_to_be_read(hand_written: Path, command: list[str]) -> None:
    """Escaped, not dropped: the codes stand where the characters were (Markdown adds its
    own backslashes before '\\' and ']', so they are left out of the comparison)."""
    shown = ok(*command).replace("\\", "")
    assert "x1b]0;pwnedx07x1b[31mu202eevilu2066" in shown
