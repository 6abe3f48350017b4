"""The README's tour works as typed: every `chicago ...` line of its command blocks, in
order, in a fresh data directory, exits as the README says (0, or 1 where its comment
says "refused"), and its first command leaves `chicago` on PATH for the rest.

Which lines run: every line of every ```sh block whose lines all start with `chicago`
(the install and test commands at the top, and the completion set-up, are not the tour).
Which do not: `chicago serve` and `chicago play` wait for people (a browser, a table), so
they are left out, and nothing else is.  A line is split as a shell splits it (shlex).
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from cli_support import invoke

README = Path(__file__).resolve().parents[2] / "README.md"
WAITS_FOR_PEOPLE = ("serve", "play")


def _blocks() -> list[list[str]]:
    text = README.read_text(encoding="utf-8")
    blocks = re.findall(r"^```sh\n(.*?)^```", text, flags=re.M | re.S)
    return [[line for line in block.splitlines() if line.strip()] for block in blocks]


def tour_lines() -> list[str]:
    return [
        line
        for block in _blocks()
        if block and all(line.startswith("chicago ") for line in block)
        for line in block
    ]


def test_the_first_command_leaves_chicago_on_path() -> None:
    """The install command activates the venv (or the tour could not say bare `chicago`)."""
    first = _blocks()[0][0]
    steps = [step.strip() for step in first.split("&&")]
    activate = steps.index(". .venv/bin/activate")
    assert steps[activate + 1 :][-1].startswith("chicago ")
    assert not any(step.startswith("chicago") for step in steps[:activate])


def test_the_tour_runs_as_typed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # files the tour writes (fredag.md, mina-regler.toml) go here
    lines = tour_lines()
    assert len(lines) > 20
    ran = 0
    for line in lines:
        words = shlex.split(line, comments=True)
        assert words[0] == "chicago"
        if words[1] in WAITS_FOR_PEOPLE:
            continue
        expected = 1 if "refused" in line.partition("#")[2] else 0
        result = invoke(*words[1:])
        assert result.exit_code == expected, f"README: {line}\n{result.output}"
        ran += 1
    assert ran >= len(lines) - 2
