"""Each command's help ends with one example, a command line of that command; in Swedish
it is introduced by "Exempel:"."""

from __future__ import annotations

import pytest

from chicago_protokoll.cli.app import command_names
from cli_support import ok, run

GROUPS = {
    "rules": ("show", "init", "check", "presets"),
    "sessions": ("list", "use", "show", "remove"),
    "night": ("list", "new", "draw", "status", "final", "leave", "join", "cards"),
    "club": ("init", "sync", "keep"),
    "completion": ("show", "install"),
}


def _every_command() -> list[tuple[str, ...]]:
    found: list[tuple[str, ...]] = []
    for name in command_names():
        if name in GROUPS:
            found.extend((name, sub) for sub in GROUPS[name])
        else:
            found.append((name,))
    return found


@pytest.mark.parametrize("command", _every_command(), ids=" ".join)
def test_every_command_help_ends_with_an_example(command: tuple[str, ...]) -> None:
    """A new command declares its example beside its help: ``epilog=example("chicago ...")``
    (chicago_protokoll/cli/examples.py)."""
    lines = ok(*command, "--help").rstrip().splitlines()
    assert lines[-3].strip() == "Example:", lines[-4:]
    assert f"{lines[-1].strip()} ".startswith(f"chicago {' '.join(command)} ")


def test_the_example_is_introduced_in_swedish() -> None:
    result = run("--lang", "sv", "deal", "--help")  # a process: run() translates the help
    assert result.returncode == 0, result.stderr
    lines = result.stdout.rstrip().splitlines()
    assert lines[-3].strip() == "Exempel:"
    assert lines[-1] == ok("deal", "--help").rstrip().splitlines()[-1]  # a command line stays
