"""How a run of `chicago` ends, decided once at the root (cli/root.py): a refusal is 1 and
nothing changed, a usage error 2, a change saved but not shown 3, Ctrl-C 130; and output
to a terminal that cannot show a character degrades instead of failing."""

from __future__ import annotations

import ast
import os
import subprocess
from pathlib import Path

import pytest
import typer.main

import chicago_protokoll.cli
from chicago_protokoll.cli import root
from chicago_protokoll.cli.app import app
from chicago_protokoll.cli.root import OPTION_OF, ExitStatus
from chicago_protokoll.core.errors import ChicagoError, DealPart
from chicago_protokoll.i18n.language import Msg
from cli_support import (
    CHICAGO,
    ENGLISH,
    SEED_000_DEAL,
    assert_one_plain_line,
    invoke,
    ok,
    session_file,
)

PLAYERS = ("Anna", "Bo", "Cilla")  # the seat names of SEED_000_DEAL
CLI = Path(chicago_protokoll.cli.__file__).parent


def _events() -> int:
    return session_file("fredag").read_text("utf-8").count("[[events]]")


def test_the_exit_statuses_are_those_of_the_contract() -> None:
    """docs/cli.md: 0 done, 1 refused, 2 usage, 3 saved but not shown, 130 interrupted."""
    assert [int(status) for status in ExitStatus] == [0, 1, 2, 3, 130]


def test_no_command_spells_an_exit_status_as_a_number() -> None:
    """Every `typer.Exit` in cli/ takes a named status (or passes one on), never a literal."""
    literal = []
    for path in sorted(CLI.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if (
                isinstance(node, ast.Call)
                and getattr(node.func, "attr", None) == "Exit"
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and node.args[0].value != 0
            ):
                literal.append(f"{path.name}:{node.lineno}")
    assert literal == []


def test_every_part_of_a_deal_is_spelt_as_an_option_the_commands_have() -> None:
    """The one table from the core's parts to the options names only real options."""
    options = set()
    stack = [typer.main.get_command(app)]
    while stack:
        command = stack.pop()
        options.update(opt for param in command.params for opt in param.opts)
        stack.extend(getattr(command, "commands", {}).values())
    assert set(OPTION_OF) == set(DealPart)
    assert set(OPTION_OF.values()) <= options


def test_a_refusal_after_the_change_was_saved_says_so_and_exits_3(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The deal is on disk when showing what it gave fails: not "refused", but 3."""
    ok("new", "fredag", *PLAYERS)

    def fails(*args: object, **kwargs: object) -> None:
        raise ChicagoError(Msg("could not write the current session"))

    monkeypatch.setattr("chicago_protokoll.cli.record._print_standings", fails)
    result = invoke(*SEED_000_DEAL, "--session", "fredag")
    assert result.exit_code == ExitStatus.SAVED_BUT_NOT_SHOWN
    assert_one_plain_line(result.stderr)
    assert "the change was saved" in result.stderr
    assert _events() == 4


def test_an_unexpected_error_is_one_line_that_asks_for_a_report(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A bug reaches the user as one line and exit 1, never as a traceback."""
    ok("new", "fredag", *PLAYERS)

    def broken(*args: object, **kwargs: object) -> None:
        raise ZeroDivisionError("division by zero")

    # status imports its view inside the command (start-up): break it where it lives
    monkeypatch.setattr("chicago_protokoll.present.views.status_dict", broken)
    result = invoke("status", "--json")
    assert result.exit_code == ExitStatus.REFUSED
    assert_one_plain_line(result.stderr)
    assert "unexpected error (ZeroDivisionError: division by zero)" in result.stderr


def test_each_command_starts_with_nothing_saved() -> None:
    """A save noted by one command in this process is not the next command's."""
    ok("new", "fredag", *PLAYERS)
    assert root._Run.saved is True
    result = invoke("deal", "--last-trick", "Nobody")
    assert result.exit_code == ExitStatus.REFUSED
    assert "saved" not in result.stderr


# -- output that cannot be written (real processes) --------------------------------------


def _to(target: int | str, *args: str) -> subprocess.CompletedProcess[str]:
    """``chicago ARGS`` with stdout on ``target``: a path, or a pipe's write end."""
    if isinstance(target, str):
        fd = os.open(target, os.O_WRONLY)
        try:
            return _to(fd, *args)
        finally:
            os.close(fd)
    return subprocess.run(
        [str(CHICAGO), *args],
        stdout=target,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, **ENGLISH},
        check=False,
    )


def _closed_pipe(*args: str) -> subprocess.CompletedProcess[str]:
    """``chicago ARGS | (a reader that has gone away)``."""
    read, write = os.pipe()
    os.close(read)
    try:
        return _to(write, *args)
    finally:
        os.close(write)


needs_dev_full = pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")


@needs_dev_full
def test_a_deal_whose_output_hits_a_full_disk_is_saved_once_and_exits_3() -> None:
    """`chicago deal ... > /dev/full`: stderr says it was saved, the deal is in the file once."""
    ok("new", "fredag", *PLAYERS)
    result = _to("/dev/full", *SEED_000_DEAL)
    assert result.returncode == ExitStatus.SAVED_BUT_NOT_SHOWN, result.stderr
    assert_one_plain_line(result.stderr)
    assert "the change was saved" in result.stderr
    assert "No space left on device" in result.stderr
    assert _events() == 4


@needs_dev_full
def test_status_on_a_full_disk_is_refused_with_one_plain_line() -> None:
    """Nothing was saved: exit 1, one line saying the output could not be written."""
    ok("new", "fredag", *PLAYERS)
    before = session_file("fredag").read_bytes()
    result = _to("/dev/full", "status")
    assert result.returncode == ExitStatus.REFUSED
    assert_one_plain_line(result.stderr)
    assert "cannot write the output" in result.stderr
    assert session_file("fredag").read_bytes() == before


def test_a_closed_pipe_stops_a_reading_command_quietly() -> None:
    """`chicago export | head -c 1` after the reader left: exit 1, nothing on stderr."""
    ok("new", "fredag", *PLAYERS)
    ok(*SEED_000_DEAL)
    result = _closed_pipe("export")
    assert (result.returncode, result.stderr) == (ExitStatus.REFUSED, "")


def test_a_closed_pipe_after_a_save_exits_3_saying_it_was_saved_without_broken_pipe() -> None:
    """`chicago deal ... | head -1`: the deal is recorded once; stderr says it was saved in
    one plain line (cli.md, exit 3), never the system's "Broken pipe", in either language."""
    ok("new", "fredag", *PLAYERS)
    result = _closed_pipe(*SEED_000_DEAL)
    assert result.returncode == ExitStatus.SAVED_BUT_NOT_SHOWN
    assert_one_plain_line(result.stderr)
    assert "the change was saved" in result.stderr
    assert "pipe" not in result.stderr.lower()
    assert _events() == 4
    swedish = _closed_pipe("--lang", "sv", *SEED_000_DEAL)
    assert swedish.returncode == ExitStatus.SAVED_BUT_NOT_SHOWN
    assert_one_plain_line(swedish.stderr)
    assert "ändringen sparades" in swedish.stderr.lower()
    assert "pipe" not in swedish.stderr.lower()


# -- a terminal that cannot show every character -----------------------------------------


def _in(encoding: str, *args: str) -> subprocess.CompletedProcess[str]:
    """``chicago ARGS`` on a terminal of ``encoding`` (PYTHONIOENCODING), read back in it."""
    return subprocess.run(
        [str(CHICAGO), *args],
        capture_output=True,
        encoding=encoding,
        env={**os.environ, **ENGLISH, "PYTHONIOENCODING": encoding},
        check=False,
    )


@pytest.mark.parametrize("encoding", ["latin-1", "ascii"])
def test_a_terminal_without_dashes_rules_or_arrows_gets_stand_ins(encoding: str) -> None:
    """Every command prints and exits 0; a deal and an edit are recorded once each."""
    ok("new", "fredag", "Anna", "Bo", "Åsa")
    deal = _in(encoding, "deal", "--buy", "Åsa:två par", "--last-trick", "Bo", "--showdown", "pass")
    assert deal.returncode == 0, deal.stderr
    assert _events() == 4
    edited = _in(encoding, "edit", "1", "--last-trick", "Åsa")
    assert edited.returncode == 0, edited.stderr
    assert " -> " in edited.stdout  # each total before -> after: the arrow's stand-in
    for args in (("status",), ("log",), ("explain",), ("settle",)):
        shown = _in(encoding, *args)
        assert shown.returncode == 0, (args, shown.stderr)
        assert shown.stderr == ""
        assert ("Åsa" if encoding == "latin-1" else "Asa") in shown.stdout
    assert _events() == 4
