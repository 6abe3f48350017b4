"""A progress bar on stderr for long reading (the first index of a big club folder).

Drawn with Rich, which is imported here only when a bar is really drawn: on a terminal,
for enough files to take a while.  Piped, nothing is drawn and Rich is never loaded, so
no other command's start-up pays for it (tests/cli/test_latency_imports.py).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from ..i18n.language import t

#: Fewer files than this are read before a bar would be worth drawing.
DRAW_FROM = 200


@contextmanager
def progress_bar(total: int) -> Iterator[Callable[[], None]]:
    """Yields the function to call after each of ``total`` files; draws a bar on stderr
    when it is a terminal and ``total`` is at least `DRAW_FROM`, else nothing."""
    if total < DRAW_FROM or not sys.stderr.isatty():
        yield _nothing
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    bar = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        console=Console(file=sys.stderr),
        transient=True,  # gone when done: the answer follows on a clean screen
    )
    with bar:
        task = bar.add_task(t("Reading session files"), total=total)
        yield lambda: bar.advance(task)


def _nothing() -> None:
    return None
