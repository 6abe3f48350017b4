"""Bad input gets a plain answer, never "this is a bug" (cli.md, "Output files and bad
input"): `settle --evening --round 0`, a date no game was played on, an argument whose
bytes are not UTF-8 (a note, a reason, a name), and `--file` with `--session` are each a
usage error (exit 2) that writes nothing."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from cli_support import CHICAGO, ENGLISH, ok, session_file, usage_error


@pytest.fixture
def game(chicago_home: Path) -> Path:
    ok("new", "fredag", "Anna", "Bo", "Cilla")
    ok("deal", "--last-trick", "Anna")
    return session_file("fredag")


@pytest.mark.parametrize("unit", ["0", "0.00", "-1"])
def test_settle_evening_round_must_be_more_than_zero(game: Path, unit: str) -> None:
    error = usage_error("settle", "--evening", "--round", unit)
    assert "--round" in error and "unexpected" not in error


@pytest.mark.parametrize("day", ["0001-01-01", "1899-12-31", "9999-12-31"])
@pytest.mark.parametrize("command", [("settle", "--evening"), ("stats",)])
def test_a_date_no_game_was_played_on_is_a_usage_error(
    game: Path, day: str, command: tuple[str, ...]
) -> None:
    error = usage_error(*command, "--since", day)
    assert "--since" in error and "1900-01-01" in error and "unexpected" not in error


def test_the_first_and_last_days_taken_still_work(game: Path) -> None:
    assert "0 finished games" in ok("settle", "--evening", "--since", "9999-12-30")
    ok("settle", "--evening", "--since", "1900-01-01")


def _raw(*args: bytes) -> subprocess.CompletedProcess[bytes]:
    """``chicago`` with arguments as bytes, as a terminal in another encoding sends them."""
    return subprocess.run(
        [os.fsencode(str(CHICAGO)), *args], env={**os.environ, **ENGLISH},
        capture_output=True, timeout=60, check=False,
    )  # fmt: skip


@pytest.mark.parametrize(
    "args",
    [
        (b"note", b"ab\xff"),
        (b"penalty", b"Bo", b"5", b"--reason", b"x\xfe y"),
        (b"new", b"l\xf6rdag", b"Anna", b"Bo"),  # Latin-1 "lördag"
        (b"forfeit", b"Bo", b"--reason", b"sjuk\xe5"),
    ],
)
def test_an_argument_whose_bytes_are_not_utf8_is_a_usage_error(
    game: Path, args: tuple[bytes, ...]
) -> None:
    before = game.read_bytes()
    done = _raw(*args)
    err = done.stderr.decode("utf-8")
    assert done.returncode == 2, err
    assert "is not UTF-8 text" in err and "\\x" in err and "unexpected" not in err
    assert game.read_bytes() == before
    assert sorted(p.name for p in game.parent.glob("*.toml")) == ["fredag.toml"]


@pytest.mark.parametrize("command", [("status",), ("undo",), ("log",), ("export",)])
def test_file_with_session_is_a_usage_error(game: Path, command: tuple[str, ...]) -> None:
    before = game.read_bytes()
    for args in (("--file", str(game), "--session", "fredag"), ("-s", "fredag", "-f", str(game))):
        error = usage_error(*command, *args)
        assert "--session and --file" in error
    assert game.read_bytes() == before


def test_file_or_session_alone_still_work(game: Path) -> None:
    assert "fredag" in ok("status", "--file", str(game))
    assert "fredag" in ok("status", "--session", "fredag")
