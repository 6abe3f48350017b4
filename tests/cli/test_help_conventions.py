"""Every help page as a person at a terminal reads it (issue 41, "Conventions"): no line
wider than 100 columns, in English and in Swedish, and one metavar style, upper-case
words (``NAME``, ``FILE``, ``--format FORMAT``), over the whole command tree.

Click wraps help text to the terminal's width less 2, and never wider than 78 columns
(``max_width`` 80), so prose always fits; what can pass the edge is what Click does not
wrap: an option with its metavar (``--preset <standard|tournament|...>`` was 157
columns), an example kept as typed.  So each page is rendered as a person gets it at a
terminal of 100 columns and at one of 200 (where Click's cap, not the terminal, sets the
width), and no line may pass 100 columns: at a 100-column terminal nothing is cut or
folded by the terminal.
"""

from __future__ import annotations

import re
import sys
from typing import Any

import pytest
import typer.main

from chicago_protokoll.cli import app as cli
from chicago_protokoll.cli.app import app
from chicago_protokoll.i18n.help import translate
from chicago_protokoll.present.width import text_width

LIMIT = 100


def tree(command: Any, path: tuple[str, ...] = ()) -> list[tuple[tuple[str, ...], Any]]:
    """Every command of the Click tree with its path: the root, the groups, their commands."""
    found = [(path, command)]
    for name, sub in getattr(command, "commands", {}).items():
        found.extend(tree(sub, (*path, name)))
    return found


PATHS = [path for path, _ in tree(typer.main.get_command(app))]


def help_page(
    path: tuple[str, ...], lang: str, columns: int, monkeypatch: pytest.MonkeyPatch, capsys: Any
) -> str:
    """``chicago --lang LANG PATH --help`` at a terminal ``columns`` wide, in process through
    `cli.app.run` as the installed command runs it."""
    monkeypatch.setattr(sys, "argv", ["chicago", "--lang", lang, *path, "--help"])
    monkeypatch.setenv("COLUMNS", str(columns))
    with pytest.raises(SystemExit) as exited:
        cli.run()
    assert exited.value.code == 0
    out: str = capsys.readouterr().out
    return out


@pytest.mark.parametrize("lang", ["en", "sv"])
@pytest.mark.parametrize("path", PATHS, ids=lambda path: " ".join(path) or "chicago")
def test_no_help_line_passes_100_columns(
    path: tuple[str, ...], lang: str, monkeypatch: pytest.MonkeyPatch, capsys: Any
) -> None:
    for columns in (100, 200):
        page = help_page(path, lang, columns, monkeypatch, capsys)
        assert "Usage" in page or "Användning" in page
        wide = [line for line in page.splitlines() if text_width(line) > LIMIT]
        assert not wide, (columns, wide)


# One or more upper-case words (Swedish letters too), joined by spaces or a colon
# (``PLAYER:N``), the last one perhaps repeated (``PLAYER...``), perhaps optional (``[NAME]``).
WORD = r"[A-ZÅÄÖ][A-ZÅÄÖ0-9_-]*"
METAVAR = re.compile(rf"\[?{WORD}(?:[ :]{WORD})*(?:\.\.\.)?\]?")


def metavars(command: Any) -> list[str]:
    """What the help shows after each option's names and for each argument."""
    ctx = typer.Context(command, info_name="chicago")
    shown = []
    for param in command.params:
        if getattr(param, "is_flag", False) or getattr(param, "hidden", False):
            continue
        shown.append(param.make_metavar(ctx))
    return shown


@pytest.mark.parametrize("lang", ["en", "sv"])
def test_every_metavar_is_upper_case_words(lang: str) -> None:
    """No ``<str>``, ``<int range>``, ``<a|b|c>`` or lower-case ``name`` anywhere."""
    root = typer.main.get_command(app)
    if lang != "en":
        translate(root, lang)
    odd = [
        (" ".join(path), shown)
        for path, command in tree(root)
        for shown in metavars(command)
        if not METAVAR.fullmatch(shown)
    ]
    assert not odd
    assert len([path for path, command in tree(root) if metavars(command)]) > 40  # it looked


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (("why", "--help"), "Usage: chicago why [OPTIONS] QUESTION PLAYER"),
        (("sessions", "use", "--help"), "Usage: chicago sessions use [OPTIONS] NAME"),
        (("rules", "init", "--help"), "Usage: chicago rules init [OPTIONS] [FILE]"),
        (("completion", "show", "--help"), "Usage: chicago completion show [OPTIONS] SHELL"),
    ],
)
def test_usage_lines_name_arguments_in_upper_case(
    args: tuple[str, ...], line: str, monkeypatch: pytest.MonkeyPatch, capsys: Any
) -> None:
    assert help_page(args[:-1], "en", 100, monkeypatch, capsys).splitlines()[0] == line


@pytest.mark.parametrize(
    ("path", "shown"),
    [
        (("serve",), ["--host ADDRESS", "--port PORT", "--stake AMOUNT"]),
        (("chart",), ["--width INTEGER"]),
        (("export",), ["--format FORMAT", "--csv-dialect DIALECT"]),
        (("new",), ["--rules PATH", "--preset PRESET", "-f, --file PATH"]),
    ],
)
def test_options_that_named_no_metavar_show_a_word(
    path: tuple[str, ...], shown: list[str], monkeypatch: pytest.MonkeyPatch, capsys: Any
) -> None:
    page = help_page(path, "en", 100, monkeypatch, capsys)
    for option in shown:
        assert f"  {option}  " in page, option
