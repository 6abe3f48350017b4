"""What `sessions`, `export --format json`, `settle --json`, `status` in Swedish and `undo`
leave out (issue 41, "Speed holds"): each imports only what its answer needs, and the
answer is the same as when it imported everything.  No timings here: the figures are
bench/latency.py's (docs/latency.md)."""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from test_latency_imports import command_env, imported_by

CHICAGO = Path(sys.executable).parent / "chicago"
DEAL = ("deal", "--buy", "Anna:pair", "--buy", "Bo:KH KS 9D 9H 3C", "--last-trick", "Bo")
# The scoring model a replay needs; a command that replays nothing needs none of it.
MODEL = frozenset(
    {
        "chicago_protokoll.core.events",
        "chicago_protokoll.core.rules",
        "chicago_protokoll.core.session",
        "chicago_protokoll.core.standings",
        "chicago_protokoll.core.game",
    }
)


def _run(home: Path, *args: str, **extra: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(CHICAGO), *args], env=command_env(home, **extra), capture_output=True, text=True, check=False
    )


@pytest.fixture
def table(chicago_home: Path) -> Path:
    """Two sessions, the current one with two deals, made the way a user makes them."""
    for args in (
        ("new", "torsdag", "Anna", "Bo", "Cecilia", "Åsa"),
        ("new", "fredag", "Anna", "Bo", "Cecilia", "Åsa"),
        (*DEAL, "--showdown", "Åsa:flush"),
        (*DEAL, "--showdown", "pass"),
    ):
        done = _run(chicago_home, *args)
        assert done.returncode == 0, done.stderr
    return chicago_home


# -- sessions ------------------------------------------------------------------------


def test_sessions_from_a_warm_index_import_no_scoring_model(table: Path) -> None:
    """The list of sessions comes from the index's rows: with every file known (by its
    stat key, or by its text after it was written again unchanged) nothing is replayed,
    and the model a replay needs is not imported."""
    first = _run(table, "sessions")  # the index learns both files
    assert first.returncode == 0, first.stderr
    assert not imported_by(table, "sessions") & MODEL
    session = table / "sessions" / "fredag.toml"
    session.write_bytes(session.read_bytes())  # a new change time: known by its text now
    assert not imported_by(table, "sessions", "--json") & MODEL
    assert _run(table, "sessions").stdout == first.stdout



def test_a_nights_tables_read_through_the_index_leave_the_other_sessions_known(
    table: Path,
) -> None:
    """`night status` reads its tables through the same index as `sessions`: it forgets
    no other session's row, so the next `sessions` still replays nothing (it replayed
    every session, the model imported, after each `night status` or `publish`)."""
    for args in (
        ("night", "new", "klubb", "Anna", "Bo", "Cecilia", "Åsa", "--seed", "3"),
        ("sessions",),  # the index learns every file, the night's table too
        ("night", "status", "klubb"),
    ):
        done = _run(table, *args)
        assert done.returncode == 0, done.stderr
    assert not imported_by(table, "sessions") & MODEL


def test_a_warm_sessions_list_imports_no_hand_categories(table: Path) -> None:
    """A row read back from the index carries its hand counts as numbers: the categories
    (`core.cards`, which a summary counts by) are imported only where one is made."""
    assert _run(table, "sessions").returncode == 0  # the index learns both files
    assert "chicago_protokoll.core.cards" not in imported_by(table, "sessions")
    shutil.rmtree(table / "cache")
    assert "chicago_protokoll.core.cards" in imported_by(table, "sessions")

def test_sessions_replay_what_the_index_does_not_know(table: Path) -> None:
    """The check above can fail: without the index (deleted, as a user may) each file is
    replayed, with the model, and the list is the same."""
    warm = _run(table, "sessions").stdout
    shutil.rmtree(table / "cache")
    assert imported_by(table, "sessions") >= MODEL
    shutil.rmtree(table / "cache")
    assert _run(table, "sessions").stdout == warm
    assert "fredag" in warm and "torsdag" in warm


# -- export --format json ---------------------------------------------------------------

NARRATION = frozenset({"chicago_protokoll.present.narrate", "chicago_protokoll.core.claims"})


@pytest.mark.parametrize("args", [("export", "--format", "json"), ("log", "--json")])
def test_the_protocol_as_data_imports_no_narration(table: Path, args: tuple[str, ...]) -> None:
    """JSON carries each event as data: the wording of events (`present.narrate`, and the
    claims it words hands with) is not loaded."""
    assert not imported_by(table, *args) & NARRATION


def test_the_markdown_protocol_still_tells_the_events(table: Path) -> None:
    """The check above can fail: Markdown tells each event in words, through narrate."""
    assert imported_by(table, "export", "--format", "md") >= NARRATION
    assert "Åsa" in _run(table, "export", "--format", "md").stdout


# -- undo -------------------------------------------------------------------------------

CORRECTIONS = frozenset(
    {"chicago_protokoll.core.correct", "chicago_protokoll.core.entry", "chicago_protokoll.core.recorded"}
)


def test_undo_without_a_correction_loads_no_corrections(table: Path) -> None:
    """A plain `undo` takes back the last event: the corrections (`core.correct`, and the
    entry parsing it brings) load only for a session with a correction, or for --deal."""
    assert not imported_by(table, "undo") & CORRECTIONS
    shown = _run(table, "status", "--json").stdout
    assert '"next": "showdown"' in shown  # the showdown of deal 2 was taken back


def test_undo_right_after_an_edit_takes_back_the_correction(table: Path) -> None:
    """The check above can fail: after `chicago edit` the correction is the last act, and
    `undo` loads the corrections to take it back."""
    done = _run(table, "edit", "1", "--showdown", "Bo:flush")
    assert done.returncode == 0, done.stderr
    before = _run(table, "export", "--format", "json").stdout
    assert imported_by(table, "undo") >= {"chicago_protokoll.core.correct"}
    after = _run(table, "export", "--format", "json").stdout
    assert '"player": "Åsa"' in after and after != before
    assert imported_by(table, "undo", "--deal") >= {"chicago_protokoll.core.correct"}


# -- status (and the other reads) in Swedish -------------------------------------------

OPENED = """
import sys
opened = []
sys.addaudithook(
    lambda event, args: opened.append(str(args[0]).rpartition("/")[2])
    if event == "open" and str(args[0]).endswith(".mo") else None
)
sys.argv = ["chicago", *sys.argv[1:]]
from chicago_protokoll.__main__ import main
try:
    main()
finally:
    sys.stderr.write(f"\\nopened {opened}\\n")
"""


def _catalogues_opened(home: Path, *args: str) -> list[str]:
    done = subprocess.run(
        [sys.executable, "-c", OPENED, *args],
        env={**command_env(home), "CHICAGO_LANG": "sv"},
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    last = done.stderr.splitlines()[-1]
    assert last.startswith("opened ")
    return list(ast.literal_eval(last.removeprefix("opened ")))


@pytest.mark.parametrize(
    "args",
    [
        ("status",),
        ("log",),
        ("settle",),
        ("settle", "--json"),
        ("export", "--format", "json"),
        ("sessions",),
        ("undo",),
    ],
    ids=" ".join,
)
def test_a_read_in_swedish_parses_only_the_reads_catalogue(
    table: Path, args: tuple[str, ...]
) -> None:
    """What the reading commands print is in the short `reads` domain (sv-reads.mo,
    i18n/reads.pot): the whole catalogue, ten times its size, is not parsed.  A text a
    command starts to print that the domain lacks makes this fail: list it in reads.pot
    and compile the domain (docs/translating.md)."""
    assert _catalogues_opened(table, *args) == ["sv-reads.mo"]


@pytest.mark.parametrize("args", [("status",), ("log",), ("export", "--format", "csv"), ("undo",)], ids=" ".join)
def test_a_read_of_a_corrected_game_in_swedish_parses_only_the_reads_catalogue(
    table: Path, args: tuple[str, ...]
) -> None:
    """A game with a correction prints the correction's line ("giv 1 rättad …"), whose
    words are in the domain too."""
    done = _run(table, "edit", "1", "--last-trick", "Bo", "--with-two")
    assert done.returncode == 0, done.stderr
    assert _catalogues_opened(table, *args) == ["sv-reads.mo"]


def test_a_text_outside_the_reads_domain_is_still_swedish(table: Path) -> None:
    """The check above can fail: a command whose words are not in the domain (`rules
    presets`' descriptions) opens the whole catalogue behind it, and speaks Swedish."""
    assert _catalogues_opened(table, "rules", "presets") == ["sv-reads.mo", "sv.mo"]
    done = subprocess.run(
        [str(CHICAGO), "rules", "presets"],
        env={**command_env(table), "CHICAGO_LANG": "sv"},
        capture_output=True,
        text=True,
        check=True,
    )
    assert "huvudregeln: 52 poäng" in done.stdout


# -- kept answers (store/answers.py) ----------------------------------------------------

KEPT_READS = [
    ("status",),
    ("status", "--json"),
    ("log",),
    ("settle", "--json"),
    ("export", "--format", "json"),
    ("export", "--format", "html"),
]


@pytest.mark.parametrize("args", KEPT_READS, ids=" ".join)
def test_a_read_of_an_unchanged_file_imports_no_scoring_model(
    table: Path, args: tuple[str, ...]
) -> None:
    """The second read of a file whose bytes are as they were prints the kept answer: the
    same bytes, and nothing of the model (nor the template engine) imported."""
    first = _run(table, *args)
    assert first.returncode == 0, first.stderr
    assert not imported_by(table, *args) & (MODEL | {"jinja2", "hashlib", "sqlite3"})
    again = _run(table, *args)
    assert again.stdout == first.stdout and again.stderr == first.stderr == ""


def test_a_read_in_swedish_of_an_unchanged_file_imports_no_scoring_model(table: Path) -> None:
    first = _run(table, "--lang", "sv", "status")
    assert "giv" in first.stdout
    assert not imported_by(table, "--lang", "sv", "status") & MODEL
    assert _run(table, "--lang", "sv", "status").stdout == first.stdout


def test_the_first_read_after_a_change_replays_with_the_model(table: Path) -> None:
    """The check above can fail: after a deal the file's bytes differ, and the first read
    replays it (importing the model); the one after is kept again."""
    before = _run(table, "status").stdout
    done = _run(table, *DEAL, "--showdown", "Bo:flush")
    assert done.returncode == 0, done.stderr
    assert imported_by(table, "status") >= MODEL
    after = _run(table, "status").stdout
    assert after != before
    assert not imported_by(table, "status") & MODEL


def test_night_cards_of_an_unchanged_night_import_no_scoring_model(chicago_home: Path) -> None:
    done = _run(chicago_home, "night", "new", "klubb", "Anna", "Bo", "Cilla", "Dag", "Eva", "Fia", "Greta")
    assert done.returncode == 0, done.stderr
    first = _run(chicago_home, "night", "cards")
    assert first.returncode == 0, first.stderr
    assert not imported_by(chicago_home, "night", "cards") & (MODEL | {"jinja2", "sqlite3"})
    assert _run(chicago_home, "night", "cards").stdout == first.stdout
