"""What `chicago serve` leaves out before its first page (docs/latency.md, "HTML
writers"): the night's, the phones' and the QR code's modules, and the index's sqlite,
load only with the options that use them.  No timings here: bench/latency.py's."""

from __future__ import annotations

from pathlib import Path

from serve_support import Served

# Used only by `--night` (the night's board and pages), `--record` (the phones' pages,
# their QR codes) and the league (the index); the live sheet needs none of them.
NOT_FOR_THE_SHEET = frozenset(
    {
        "chicago_protokoll.serve.night_app",
        "chicago_protokoll.serve.nightboard",
        "chicago_protokoll.serve.record_app",
        "chicago_protokoll.present.terminal_qr",
        "segno",
        "sqlite3",
        "chicago_protokoll.store.index",
    }
)


def imported_serving(*args: str) -> set[str]:
    """The modules a server imported from its start to its first page and its Ctrl-C."""
    server = Served(*args, env={"PYTHONPROFILEIMPORTTIME": "1"})
    code, body = server.get("/", {"Host": server.host})
    assert code == 200 and "<!DOCTYPE html>" in body
    stopped, _, err = server.stop()
    assert stopped == 0, err[-2000:]
    return {
        line.rsplit("|", 1)[1].strip()
        for line in err.splitlines()
        if line.startswith("import time:") and "|" in line
    }


def test_the_live_sheet_imports_no_night_phone_qr_or_index_module(table: Path) -> None:
    assert not imported_serving() & NOT_FOR_THE_SHEET


def test_the_check_of_what_the_sheet_imports_can_fail(table: Path) -> None:
    """With `--record` the phones' pages are loaded: the set above is
    what the options that use it import (the QR code only for a terminal)."""
    assert imported_serving("--record") & NOT_FOR_THE_SHEET >= {"chicago_protokoll.serve.record_app"}
