"""bench/serve.py runs end to end at its smallest size (issue 39, item 8), so the room's
benchmark cannot rot with the pages: its tap-to-page part taps today's recording page in
Chromium, and its scale part serves a night to a separate process of clients that read
the recording page's forms and follow the streams.  Its figures are not checked here (a
benchmark, not a timed test); only that every part ran and printed them."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

BENCH = Path(__file__).parents[2] / "bench" / "serve.py"


def test_the_room_benchmark_runs_at_its_smallest_size() -> None:
    # The bench makes its own home in TMPDIR; a short one, since Chromium's socket there
    # must fit a Unix socket path (pytest's own folder can be too deep for it).
    with tempfile.TemporaryDirectory(prefix="cb", dir="/tmp") as home:
        done = _bench({**os.environ, "TMPDIR": home})
    assert done.returncode == 0, done.stderr
    assert "tap-to-page (recording page -> phone and TV) over 2 taps" in done.stdout
    assert "the room at scale: 1 tables, 1 phones a table" in done.stdout
    assert "3 streams from one process (0 lost)" in done.stdout
    assert "tap-to-every-page over 2 taps: p95" in done.stdout


def _bench(env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(BENCH), "--only", "taps,scale", "--deals", "2", "--tables", "1",
         "--phones", "1", "--taps", "2", "--minutes", "0", "--idle", "0.5"],
        check=False, env=env, capture_output=True, text=True, timeout=600,
    )
