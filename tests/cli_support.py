"""Running `chicago` in tests: in process through typer's CliRunner, or as the installed
command in a real subprocess.  Not a test module; the tests in tests/cli share it.

Both ways run in English (``CHICAGO_LANG=en``) whatever the machine's locale, in the
temporary data directory the autouse fixture of conftest.py sets up.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from typer.testing import CliRunner, Result

from chicago_protokoll.cli.app import app
from chicago_protokoll.i18n.language import set_language
from chicago_protokoll.store import locations

CHICAGO = Path(sys.executable).parent / "chicago"
ENGLISH = {"CHICAGO_LANG": "en", "NO_COLOR": "1"}

# Seed 000 "Exempel: en hel giv": Cilla deals, Anna is förhand; Anna 4, Bo 2, Cilla 5.
SEED_000_DEAL = (
    "deal",
    "--buy",
    "Bo:två par",
    "--buy",
    "Anna:två par",
    "--last-trick",
    "Cilla",
    "--showdown",
    "Anna:two pair",
)

# A deal of 23 for Anna: full houses in köp 1, köp 2 and at the showdown, and the last trick.
ANNA_23_DEAL = (
    "deal",
    "--buy",
    "Anna:kåk",
    "--buy",
    "Anna:kåk",
    "--last-trick",
    "Anna",
    "--showdown",
    "Anna:kåk",
)


def invoke(*args: str, input: str | None = None) -> Result:
    """``chicago ARGS`` in process."""
    try:
        return CliRunner().invoke(app, list(args), prog_name="chicago", input=input, env=ENGLISH)
    finally:
        set_language(None)  # --lang sets a module switch; the next test starts from the env


def ok(*args: str, input: str | None = None) -> str:
    """Run a command that must succeed; its stdout."""
    result = invoke(*args, input=input)
    assert result.exit_code == 0, (
        f"chicago {' '.join(args)} exited {result.exit_code}:\n{result.output}"
    )
    return result.stdout


def refused(*args: str) -> str:
    """Run a command that must be refused: exit 1, one plain stderr line, nothing on stdout."""
    result = invoke(*args)
    assert result.exit_code == 1, (
        f"chicago {' '.join(args)} exited {result.exit_code}:\n{result.output}"
    )
    assert result.stdout == ""
    assert_one_plain_line(result.stderr)
    return result.stderr.strip()


def usage_error(*args: str) -> str:
    """Run a command with a usage error: exit 2, a usage message, no traceback."""
    result = invoke(*args)
    assert result.exit_code == 2, (
        f"chicago {' '.join(args)} exited {result.exit_code}:\n{result.output}"
    )
    assert "Error: " in result.stderr or "Fel: " in result.stderr  # English, or --lang sv
    assert "Traceback" not in result.output
    return result.stderr


def assert_one_plain_line(stderr: str) -> None:
    """What a refusal prints: one line starting 'chicago: ', no traceback, no markup."""
    lines = stderr.splitlines()
    assert len(lines) == 1, stderr
    assert lines[0].startswith("chicago: "), stderr
    assert "Traceback" not in stderr
    assert "╭" not in stderr


def run(
    *args: str, input: str | None = None, env: dict[str, str] | None = None, timeout: float = 30
) -> subprocess.CompletedProcess[str]:
    """``chicago ARGS`` as the installed command in a subprocess."""
    return subprocess.run(
        [str(CHICAGO), *args],
        capture_output=True,
        text=True,
        input=input,
        timeout=timeout,
        env={**os.environ, **ENGLISH, **(env or {})},
        check=False,
    )


def status(*args: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(ok("status", "--json", *args))
    return data


def scores(*args: str) -> dict[str, int]:
    return {p["name"]: p["score"] for p in status(*args)["players"]}


def session_file(name: str) -> Path:
    return locations.session_path(name)


def without_taken_back(data: bytes) -> tuple[bytes, int]:
    """A session file's bytes with its [[taken_back]] tables cut out, and how many there
    were: what `undo` adds to the file it restores (cli.md, "Every entry has an
    identity": it keeps what it took back), so "restores the exact file" is this."""
    start = data.find(b"\n[[taken_back]]\n")
    if start < 0:
        return data, 0
    end = data.index(b"\n# end of chicago-protokoll session")
    return data[:start] + data[end:], data.count(b"\n[[taken_back]]\n")
