"""Every recording that prints a protocol row also names, in words, a scoring moment
nobody took (cli.md, "Correcting one köp, and no silent pass"): a forgotten `--showdown`
is recorded as a pass, and the row says `showdown: nobody` instead of only +6."""

from __future__ import annotations

from pathlib import Path

from cli_support import ok


def _row(out: str) -> str:
    return next(line for line in out.splitlines() if line.startswith("Protocol, deal"))


def test_a_forgotten_showdown_is_named_in_the_protocol_row(chicago_home: Path) -> None:
    ok("new", "fredag", "Anna", "Bo", "Cilla")
    row = _row(ok("deal", "--buy", "Anna:kåk", "--buy", "Anna:kåk", "--last-trick", "Anna"))
    assert row.endswith("; showdown: nobody")
    assert "Anna +17 = 17" in row


def test_each_passed_koep_and_a_tie_are_named(chicago_home: Path) -> None:
    ok("new", "fredag", "Anna", "Bo", "Cilla")
    row = _row(ok("deal", "--buy", "tie", "--last-trick", "Bo", "--showdown", "Cilla:par"))
    assert row.endswith("; köp 1: nobody (a tie), köp 2: nobody")


def test_a_row_where_every_moment_was_taken_names_nothing(chicago_home: Path) -> None:
    ok("new", "fredag", "Anna", "Bo", "Cilla")
    row = _row(ok(
        "deal", "--buy", "Anna:par", "--buy", "Bo:par", "--last-trick", "Cilla",
        "--showdown", "Anna:par",
    ))  # fmt: skip
    assert "nobody" not in row


def test_recorded_one_moment_at_a_time_the_last_one_names_them_too(chicago_home: Path) -> None:
    ok("new", "fredag", "Anna", "Bo", "Cilla")
    ok("buy", "pass")
    ok("buy", "Bo:par")
    ok("tricks", "Cilla")
    assert _row(ok("showdown", "pass")).endswith("; köp 1: nobody, showdown: nobody")


def test_in_swedish_the_row_says_ingen(chicago_home: Path) -> None:
    ok("new", "fredag", "Anna", "Bo", "Cilla")
    out = ok("--lang", "sv", "deal", "--last-trick", "Anna")
    row = next(line for line in out.splitlines() if line.startswith("Protokoll, giv"))
    assert "köp 1: ingen" in row and "ingen" in row.rsplit(",", 1)[-1]
