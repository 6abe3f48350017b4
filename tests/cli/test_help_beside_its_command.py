"""Each command's help and example live beside it, and ``chicago X --help`` loads X alone.

``chicago --help`` lists every command from cli/listing.py, which
scripts/generate_listing.py writes from the command modules; a command's ``--help``
imports its own module of cli/ and no other command's, and no part of the scoring core
(its module imports the core inside its commands).  No timings here: bench/latency.py
times every ``--help`` against ``chicago --help``."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from chicago_protokoll.cli.app import COMMANDS, NAMED_GROUPS, command_names

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "generate_listing.py"
CHICAGO = Path(sys.executable).parent / "chicago"

# Every module of cli/ that holds commands: the one a command's --help may load.
COMMAND_MODULES = {module for module, _ in COMMANDS} | {module for _, module, _ in NAMED_GROUPS}
MODULE_OF = {name: module for module, names in COMMANDS for name in names} | {
    name: module for name, module, _ in NAMED_GROUPS
}
SUBCOMMANDS = {
    "rules": ("show", "init", "check", "presets"),
    "sessions": ("list", "use", "show", "remove"),
    "night": ("list", "new", "draw", "status", "final", "leave", "join", "cards", "check"),
    "club": ("init", "sync", "keep", "conflicts"),
    "completion": ("show", "install"),
}
# `import --help` lists the columns the importer reads, from the one place the importer
# declares them (core.paper): the one help that loads a part of the core.
READS_THE_CORE = {"import": {"chicago_protokoll.core.paper_columns"}}


def _generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location("generate_listing", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_listing_is_what_the_command_modules_declare_now() -> None:
    """cli/listing.py is what scripts/generate_listing.py writes from the modules today: a
    help changed beside its command and not regenerated fails here."""
    expected = _generator().expected_text()
    assert (ROOT / "chicago_protokoll" / "cli" / "listing.py").read_text("utf-8") == expected, (
        f"run python {SCRIPT}"
    )


def test_the_generator_check_fails_on_a_drifted_listing(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    generator = _generator()
    stale = tmp_path / "listing.py"
    stale.write_text(generator.expected_text().replace("Start a session", "Begin a session"), "utf-8")
    monkeypatch.setattr(generator, "TARGET", stale)
    assert generator.main(["--check"]) == 1
    assert generator.main([]) == 0
    assert generator.main(["--check"]) == 0


def _every_help() -> list[tuple[str, ...]]:
    found: list[tuple[str, ...]] = []
    for name in command_names():
        found.append((name,))
        found.extend((name, sub) for sub in SUBCOMMANDS.get(name, ()))
    return found


def _loaded(home: Path, *args: str) -> set[str]:
    """The modules of the package ``chicago ARGS`` imports (sys.modules at exit), as the
    installed command runs it (chicago_protokoll.__main__)."""
    code = (
        "import atexit, sys\n"
        "atexit.register(lambda: sys.__stderr__.write('\\nLOADED ' + ' '.join(sorted("
        "m for m in sys.modules if m.startswith('chicago_protokoll'))) + '\\n'))\n"
        "from chicago_protokoll.__main__ import main\n"
        "sys.argv = ['chicago', *sys.argv[1:]]\n"
        "main()\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, *args],
        env={"CHICAGO_PROTOKOLL_HOME": str(home), "CHICAGO_LANG": "en", "COLUMNS": "100",
             "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    line = next(line for line in done.stderr.splitlines() if line.startswith("LOADED "))
    return set(line.split()[1:])


@pytest.mark.parametrize("args", _every_help(), ids=" ".join)
def test_a_commands_help_imports_its_module_alone_and_no_core(
    chicago_home: Path, args: tuple[str, ...]
) -> None:
    """`chicago X --help` imports X's module of cli/ and no other command module, and of the
    scoring core only its errors (the root's refusals)."""
    loaded = _loaded(chicago_home, *args, "--help")
    mine = MODULE_OF[args[0]]
    modules = {m.removeprefix("chicago_protokoll.cli.") for m in loaded if m.startswith("chicago_protokoll.cli.")}
    assert mine in modules
    assert modules & COMMAND_MODULES == {mine}
    core = {m for m in loaded if m.startswith("chicago_protokoll.core.")}
    assert core - {"chicago_protokoll.core.errors"} <= READS_THE_CORE.get(args[0], set())


def test_the_check_above_can_fail(chicago_home: Path) -> None:
    """Running a command (not its help) loads its part of the core."""
    loaded = _loaded(chicago_home, "rules", "presets")
    assert "chicago_protokoll.core.rules" in loaded
