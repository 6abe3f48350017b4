"""What the commands typed at the table import, and that the shortcuts taken for speed
change nothing a user sees.  No timings here: figures belong in bench/latency.py."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

CHICAGO = Path(sys.executable).parent / "chicago"
WHOLE_APP = [
    sys.executable,
    "-c",
    "from chicago_protokoll.cli.app import app; app(prog_name='chicago')",
]
DEAL = ("deal", "--buy", "Anna:pair", "--buy", "Bo:KH KS 9D 9H 3C", "--last-trick", "Bo")


def command_env(home: Path, **extra: str) -> dict[str, str]:
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("_CHICAGO", "_TYPER", "COMP_"))
    }
    env.update(
        CHICAGO_PROTOKOLL_HOME=str(home), CHICAGO_LANG="en", NO_COLOR="1", COLUMNS="100", **extra
    )
    return env


def imported_by(home: Path, *args: str, **extra: str) -> set[str]:
    """The modules ``chicago ARGS`` imports (from -X importtime)."""
    done = subprocess.run(
        [sys.executable, "-X", "importtime", str(CHICAGO), *args],
        env=command_env(home, **extra),
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return {
        line.rsplit("|", 1)[1].strip()
        for line in done.stderr.splitlines()
        if line.startswith("import time:") and "|" in line
    }


def _run(home: Path, *args: str) -> str:
    done = subprocess.run(
        [str(CHICAGO), *args], env=command_env(home), capture_output=True, text=True, check=True
    )
    return done.stdout


@pytest.fixture
def table(chicago_home: Path) -> Path:
    """A session with one deal recorded, made the way a user makes it."""
    for args in (
        ("new", "fredag", "Anna", "Bo", "Cecilia", "Åsa"),
        (*DEAL, "--showdown", "Åsa:flush"),
    ):
        done = subprocess.run(
            [str(CHICAGO), *args], env=command_env(chicago_home), capture_output=True, check=False
        )
        assert done.returncode == 0, done.stderr
    return chicago_home


def _heavy(modules: set[str]) -> set[str]:
    return {name for name in modules if name.split(".")[0] in ("rich", "pydantic", "pydantic_core")}


def test_status_json_imports_neither_rich_nor_pydantic(table: Path) -> None:
    """`status --json` prints through the standard library's json, never through Rich."""
    modules = imported_by(table, "status", "--json")
    assert not _heavy(modules)
    assert "tomllib" not in modules  # a file the store wrote is read by tomlsubset


def test_a_whole_deal_imports_neither_rich_nor_pydantic(table: Path) -> None:
    """Recording a deal and printing the standings stays plain."""
    modules = imported_by(table, *DEAL, "--showdown", "pass")
    assert not _heavy(modules)
    assert "json" not in modules  # only --json output needs it
    assert "chicago_protokoll.core.correct" not in modules  # only undo and edit need it


@pytest.mark.parametrize(
    "args", [("status",), ("log",), ("settle",), ("explain",), ("chart",), ("sessions",)]
)
def test_the_tables_and_texts_for_a_person_import_no_rich(
    table: Path, args: tuple[str, ...]
) -> None:
    """status, log and settle draw their tables in plain characters (present/render.py)."""
    assert not _heavy(imported_by(table, *args))


@pytest.mark.parametrize(
    "args",
    [("status", "--json"), (*DEAL, "--showdown", "pass"), ("sessions",), ("export",), ("log",)],
    ids=["status", "deal", "sessions", "export", "log"],
)
def test_only_stats_pays_for_the_rating_library(table: Path, args: tuple[str, ...]) -> None:
    """openskill (and the statistics) load for `chicago stats` and for no other command."""
    modules = imported_by(table, *args)
    assert not {name for name in modules if name.split(".")[0] == "openskill"}
    assert "chicago_protokoll.core.stats" not in modules


def test_stats_does_load_the_rating_library(table: Path) -> None:
    """The check above can fail: `chicago stats` itself imports openskill, for a game the
    league's index has not rated yet; a warm index rates nothing and loads nothing."""
    for _ in range(2):  # Bo 7 + 23 + 23: the game is over
        _run(table, "deal", "--buy", "Bo:kåk", "--buy", "Bo:kåk", "--last-trick", "Bo", "--showdown", "Bo:kåk")
    assert json.loads(_run(table, "status", "--json"))["finished"]
    assert "openskill" in imported_by(table, "stats", "--json")
    assert "openskill" not in imported_by(table, "stats", "--json")  # warm: the rating was kept
    shutil.rmtree(table / "cache")
    assert "openskill" in imported_by(table, "stats", "--json")


@pytest.mark.parametrize(
    "args",
    [("stats", "--json"), ("stats",), ("sessions",), ("sessions", "--json")],
)
def test_reading_through_the_index_piped_imports_no_rich(
    table: Path, args: tuple[str, ...]
) -> None:
    """The progress bar's Rich is loaded only when a bar is drawn on a terminal."""
    assert not _heavy(imported_by(table, *args))


SERVER_PACKAGES = ("starlette", "uvicorn", "anyio", "h11", "segno")


@pytest.mark.parametrize(
    "args",
    [
        ("status", "--json"),
        (*DEAL, "--showdown", "pass"),
        ("status",),
        ("log",),
        ("export",),
        ("sessions",),
        ("--help",),
        ("serve", "--help"),
    ],
    ids=["status-json", "deal", "status", "log", "export", "sessions", "help", "serve-help"],
)
def test_only_serving_pays_for_the_web_server(table: Path, args: tuple[str, ...]) -> None:
    """Starlette, uvicorn and what they bring (anyio, h11), and segno, load when
    `chicago serve` serves, for no other command and not for its --help."""
    modules = imported_by(table, *args)
    assert not {name for name in modules if name.split(".")[0] in SERVER_PACKAGES}
    assert not {name for name in modules if name.startswith("chicago_protokoll.serve")}


def test_without_a_home_override_platformdirs_waits_until_needed(table: Path) -> None:
    """With CHICAGO_PROTOKOLL_HOME set, platformdirs is never imported."""
    assert "platformdirs" not in imported_by(table, "status", "--json")


@pytest.mark.parametrize(
    "args",
    [
        ("status", "--help"),
        ("status", "--bogus"),
        ("status", "--json", "--session"),
        ("deal",),
        ("deal", "--buy", "Anna:nothing", "--last-trick", "Bo"),
        ("--lang", "sv", "status", "--json"),
        ("--lang=sv", "deal", "--buy"),
        ("rules", "show", "--json"),
        ("rules",),
        ("sessions",),
        ("stat",),
        ("--help",),
        ("-h",),
        (),
    ],
)
def test_a_command_line_naming_one_command_is_answered_as_by_the_whole_app(
    table: Path, args: tuple[str, ...]
) -> None:
    """cli.app.run builds only the command named; help, output, errors and status are the same."""
    session = table / "sessions" / "fredag.toml"
    before = session.read_bytes()
    fast = subprocess.run([str(CHICAGO), *args], env=command_env(table), capture_output=True, check=False)
    session.write_bytes(before)
    whole = subprocess.run([*WHOLE_APP, *args], env=command_env(table), capture_output=True, check=False)
    session.write_bytes(before)
    assert (fast.returncode, fast.stdout, fast.stderr) == (
        whole.returncode,
        whole.stdout,
        whole.stderr,
    )


@pytest.mark.slow
def test_the_benchmark_runs_and_prints_its_table(tmp_path: Path) -> None:
    """bench/latency.py builds its sessions, times every everyday command once and prints
    the table, with each command's ratio to `import typer`."""
    bench = Path(__file__).resolve().parents[2] / "bench" / "latency.py"
    done = subprocess.run(
        [sys.executable, str(bench), "--runs", "1"],  # installs the project (not editable)
        env=command_env(tmp_path),
        capture_output=True,
        text=True,
        check=False,
        timeout=1200,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert "| CPU × floor | CPU × typer | target | met |" in done.stdout
    for command in (
        "status --json", "status", "log", "deal ...", "undo", "settle", "sessions", "--version",
    ):  # fmt: skip
        assert f"\n| {command} | " in done.stdout
    assert "| export --format json, 1000 deals |" in done.stdout
    for least in ("(a read's core) |", "(a write's core) |"):  # what is left for the command
        assert least in done.stdout
    assert "targets met" in done.stdout


# What the root app alone imports of ours: no command module and no part of the core but
# its errors (`--version`, and `--help`'s list of commands).
ROOT_ALONE = frozenset(
    {
        "chicago_protokoll.cli.app",
        "chicago_protokoll.cli.listing",
        # the root's parameter types (--lang is a choice), refusing in the chosen language
        "chicago_protokoll.cli.param_types",
        "chicago_protokoll.cli.typer_seams",
        "chicago_protokoll.cli.root",
        "chicago_protokoll.core.errors",
    }
)


def test_version_is_answered_by_the_root_alone(chicago_home: Path) -> None:
    """`chicago --version` (also after --lang) imports no command module and no part of the
    scoring core: the root's eager option answers before any command is looked at."""
    for args in (("--version",), ("--lang", "sv", "--version"), ("--version", "status")):
        modules = imported_by(chicago_home, *args)
        assert "chicago_protokoll.cli.app" in modules
        ours = ("chicago_protokoll.cli.", "chicago_protokoll.core.")
        loaded = {m for m in modules if m.startswith(ours)}
        assert loaded <= ROOT_ALONE, args


@pytest.mark.parametrize(
    "args", [("--help",), ("--lang", "sv", "--help"), ("--lang=sv",), ("-h",), ()]
)
def test_help_listed_without_the_commands_is_the_whole_apps(
    chicago_home: Path, args: tuple[str, ...]
) -> None:
    """`chicago --help` from cli.listing alone prints, byte for byte and in Swedish too,
    what the whole app built (every command module imported) prints."""
    whole = (
        "import sys; from chicago_protokoll.cli import app; "
        "app._help_only = lambda args: False; app.run()"  # the whole app, as before
    )
    listed = subprocess.run([str(CHICAGO), *args], env=command_env(chicago_home), capture_output=True, check=False)
    built = subprocess.run([sys.executable, "-c", whole, *args], env=command_env(chicago_home), capture_output=True, check=False)
    assert b"merge-driver" in listed.stdout
    assert (listed.returncode, listed.stdout, listed.stderr) == (built.returncode, built.stdout, built.stderr)


def test_help_lists_the_commands_without_importing_one(chicago_home: Path) -> None:
    """`chicago --help` (and -h, a bare `chicago`, in Swedish too) lists every command with
    its help from cli.listing: no command module and no part of the core is imported.
    That the text is the whole app's, byte for byte, is held above."""
    for args in (("--help",), ("-h",), ("--lang", "sv", "--help"), ()):
        modules = imported_by(chicago_home, *args)
        assert "chicago_protokoll.cli.app" in modules  # the check sees the imports
        loaded = {m for m in modules if m.startswith(("chicago_protokoll.cli.", "chicago_protokoll.core."))}
        assert loaded <= ROOT_ALONE, args


def test_sessions_and_stats_name_the_index_without_package_metadata(table: Path) -> None:
    """The index is named by the package's own __version__: `sessions` never loads
    importlib.metadata (49 modules) to find it."""
    for args in (("sessions",), ("stats", "--json")):
        assert "importlib.metadata" not in imported_by(table, *args), args


def test_nights_help_loads_no_part_of_the_core(chicago_home: Path) -> None:
    """`chicago nights --help` imports its own module and the root's, no part of the scoring
    core but its errors: the night files are read only when the list is asked for."""
    ours = ("chicago_protokoll.cli.", "chicago_protokoll.core.")
    loaded = {m for m in imported_by(chicago_home, "nights", "--help") if m.startswith(ours)}
    # cli.options: the shared options' one declaration (--json), Typer's alone.
    assert loaded <= ROOT_ALONE | {
        "chicago_protokoll.cli.examples",
        "chicago_protokoll.cli.nights",
        "chicago_protokoll.cli.options",
    }
    # The check can fail: the list itself reads the night files through the core.
    assert "chicago_protokoll.core.night" in imported_by(chicago_home, "nights", "--json")


# Every template engine's module: Jinja2 and the markup-safe string it escapes into.
TEMPLATE_PACKAGES = ("jinja2", "markupsafe")


def _templates(modules: set[str]) -> set[str]:
    return {name for name in modules if name.split(".")[0] in TEMPLATE_PACKAGES}


@pytest.fixture
def night(table: Path) -> Path:
    """The table's home with a club night of two tables beside its session."""
    _run(table, "night", "new", "fredag", "Anna", "Bo", "Cilla", "Dag", "Eva", "Fredrik", "Greta", "Hans")
    return table


@pytest.mark.parametrize(
    "args",
    [
        ("status",),
        ("status", "--json"),
        (*DEAL, "--showdown", "pass"),
        ("log",),
        ("settle",),
        ("explain",),
        ("chart",),
        ("export", "--format", "json"),
        ("export", "--format", "csv"),
        ("export", "--format", "md"),
        ("sessions",),
        ("night", "status"),
        ("night", "status", "--json"),
        ("nights",),
    ],
    ids="-".join,
)
def test_only_the_commands_that_write_html_pay_for_the_template_engine(
    night: Path, args: tuple[str, ...]
) -> None:
    """Jinja2 (and markupsafe) load for the pages, sheets and cards alone: a command that
    answers in text or JSON never imports them (templating imports Jinja2 on first use)."""
    assert _templates(imported_by(night, *args)) == set()


@pytest.mark.parametrize(
    "args",
    [("export", "--format", "html"), ("export", "--format", "protocol"), ("night", "cards")],
    ids=["export-html", "export-protocol", "night-cards"],
)
def test_the_commands_that_write_html_do_load_the_template_engine(
    night: Path, args: tuple[str, ...], tmp_path: Path
) -> None:
    """The check above can fail: these commands render templates, and their compiled
    templates are kept in the cache directory, so a second run compiles none of them."""
    written = tmp_path / "page.html"
    assert "jinja2" in imported_by(night, *args, "-o", str(written))
    assert written.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    kept = list((night / "cache").glob("templates-*/*.cache"))
    assert kept, "no compiled template was kept"


@pytest.mark.parametrize(
    "args",
    [
        ("export", "--format", "html"),
        ("export", "--format", "protocol"),
        ("night", "cards"),
        ("night", "cards", "--protocol"),
        ("publish",),
    ],
    ids=["export-html", "export-protocol", "night-cards", "night-cards-protocol", "publish"],
)
def test_a_page_written_to_disk_loads_no_web_server_or_qr_code(
    night: Path, args: tuple[str, ...], tmp_path: Path
) -> None:
    """The sheet, the paper protocol, the table cards and the results site pay for the
    template engine (2.0x `import typer`, bench/latency.py) and for nothing a page they
    write does not need: not Starlette or uvicorn, not segno's QR codes (the served cards
    alone carry one)."""
    where = [str(tmp_path / "site")] if args == ("publish",) else ["-o", str(tmp_path / "page.html")]
    modules = imported_by(night, *args, *where)
    assert "jinja2" in modules  # the check can fail: the page was rendered
    assert not {name for name in modules if name.split(".")[0] in SERVER_PACKAGES}
    assert not {name for name in modules if name.startswith("chicago_protokoll.serve")}
