"""Timing without a wall-clock bound (issue 39, item 9): "answers at once" is said relative to
what this machine takes now, measured in the same test, so a loaded 2-core runner is slow,
not wrong.  Not a test module."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

#: How many times its unloaded time a request may take under the test's load and still
#: count as answered at once (the failures this guards against wait for a timeout of
#: seconds: a slow socket's REQUEST_TIMEOUT, a stream's SEND_TIMEOUT).
FACTOR = 20


def seconds(action: Callable[[], object]) -> float:
    """How long ``action`` took."""
    start = time.monotonic()
    action()
    return time.monotonic() - start


def fastest(action: Callable[[], object], times: int = 3) -> float:
    """The quickest of ``times`` runs of ``action``: a page stuck behind a timeout is slow
    every time, a machine's passing spike (another worker starting a browser) once."""
    return min(seconds(action) for _ in range(times))


def baseline(action: Callable[[], object], times: int = 5) -> float:
    """The median of ``times`` runs of ``action``: what it takes on this machine now."""
    return statistics.median(seconds(action) for _ in range(times))


def at_once(elapsed: float, unloaded: float, setup: float = 0.0) -> bool:
    """Whether ``elapsed`` is "at once" beside ``unloaded`` (the same requests' baseline)
    or ``setup`` (how long the test took to build its load: a machine that slow is slow
    at answering too)."""
    return elapsed <= max(FACTOR * unloaded, setup)
