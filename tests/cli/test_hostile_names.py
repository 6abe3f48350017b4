"""No name reaches the terminal as anything but text: any string given as a player's
name is refused (exit 1 or 2, one printable line) or goes through new, deal, status,
log, settle, every export and explain as plain text (no escape sequence, no markup
error, no traceback)."""

from __future__ import annotations

import json
import shutil
import unicodedata
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from chicago_protokoll.store import locations
from cli_support import assert_one_plain_line, invoke, ok, refused, status

ESCAPES = ("\x1b", "\x9b", "\x07", "\x08", "\r")
MARKUP_NAMES = ["[/bold]", "[white]Anna", "[bold red]X[/]", "Anna\\", "[link]y[/link]", "[/]"]
HOSTILE = [
    *MARKUP_NAMES,
    "\x1b[2J",
    "Bo\x1b]0;title\x07",
    "\u202eevil",
    "x<script>alert(1)</script>",
    "a|b&c",
    "=cmd()",
    "\udcff",
    "A\u030asa",
    "",
]


def _clean(text: str) -> None:
    for code in ESCAPES:
        assert code not in text, repr(text)
    assert "Traceback" not in text and "unexpected error" not in text, text
    assert "MarkupError" not in text, text


def _round_trip(name: str) -> None:
    """`new` with ``name``; if accepted, every reading command shows it as typed (NFC)."""
    shutil.rmtree(locations.data_dir(), ignore_errors=True)
    made = invoke("new", "g", name, "Anna", "Bo")
    _clean(made.output)
    if made.exit_code != 0:
        assert made.exit_code in (1, 2), made.output
        if made.exit_code == 1:
            assert_one_plain_line(made.stderr)
        assert not locations.session_path("g").exists()
        return
    stored = unicodedata.normalize("NFC", name)
    assert [p["name"] for p in status()["players"]] == [stored, "Anna", "Bo"]
    _clean(ok("deal", "--buy", f"{name}:pair", "--last-trick", "Bo", "--showdown", "pass"))
    for command in (
        ["status"],
        ["log"],
        ["settle"],
        ["explain"],
        ["export", "--format", "csv"],
        ["export", "--format", "md"],
        ["export", "--format", "html"],
    ):
        result = invoke(*command)
        assert result.exit_code == 0, (command, result.output)
        _clean(result.output)
        if command in (["status"], ["log"], ["settle"], ["explain"]):
            assert stored in result.stdout, (command, result.stdout)
    exported = json.loads(ok("export", "--format", "json"))
    assert exported["players"][0] == stored  # as JSON text a backslash is written twice


@pytest.mark.parametrize("name", HOSTILE)
def test_a_hostile_name_is_refused_or_shown_as_text(name: str) -> None:
    """Markup, escape sequences, bidi overrides, HTML, formulas, bad UTF-8, decomposed."""
    _round_trip(name)


@pytest.mark.parametrize("name", MARKUP_NAMES)
def test_a_name_that_looks_like_markup_is_printed_as_typed(name: str) -> None:
    """`[/bold]` no longer kills status and settle; `[white]Anna` prints its brackets."""
    ok("new", "g", name, "Anna")
    for command in ("status", "settle"):
        assert name in ok(command)


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(st.text(max_size=12) | st.sampled_from(HOSTILE))
@example("Zoë")
def test_any_name_is_refused_or_round_trips_as_plain_text(name: str) -> None:
    _round_trip(name)


@pytest.mark.parametrize("typed", ["\x1b[31mBo", "Bo\u202e", "[/bold]x"])
def test_a_refusal_quoting_what_was_typed_prints_no_escape_sequence(typed: str) -> None:
    """An unknown player typed with an escape sequence is quoted as its codes."""
    ok("new", "g", "Anna", "Bo")
    message = refused("tricks", typed)
    _clean(message)


def test_a_file_name_reaches_the_terminal_only_as_text(tmp_path: Path) -> None:
    """A session named after its file (an old or hand-made file without a name), the
    "Wrote PATH" line, stats --dir's warning and a --until error: every character a
    terminal would act on is shown as its code."""
    hostile = tmp_path / "x\x1b[31mred.toml"
    ok("new", "g", "Anna", "Bo", "--file", str(hostile))
    text = hostile.read_text("utf-8").replace('name = "g"', 'name = ""')
    hostile.write_text(text, encoding="utf-8")
    for args in (["explain"], ["chart"], ["export", "--format", "md"], ["log"], ["status"]):
        out = invoke(*args, "--file", str(hostile))
        assert out.exit_code == 0, out.output
        _clean(out.output)
    wrote = invoke("export", "--format", "md", "--file", str(hostile),
                   "-o", str(tmp_path / "o\x1b[1mut.md"))
    assert wrote.exit_code == 0 and "Wrote" in wrote.stderr
    _clean(wrote.output)
    (tmp_path / "b\x1b[2mad.toml").write_text(text + "junk\n", encoding="utf-8")
    warned = invoke("stats", "--dir", str(tmp_path))
    assert "skipped" in warned.stderr and "\\x1b" in warned.stderr
    _clean(warned.output)
    bad_date = invoke("stats", "--until", "2026-13-01\x1b")
    assert bad_date.exit_code == 2
    _clean(bad_date.output)
