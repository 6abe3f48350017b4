"""A read asks once: its kept answer when the session file (and the program) are as they
were, else the answer computed by the existing code, and kept (store/answers.py).

The session file is resolved (`locations.resolve`, no model) and the kept answer looked up
before anything of the scoring model is imported; on a miss the file is read once, and the
bytes the answer is computed from are the bytes kept beside it.  An answer is kept only
when it was made without a word on stderr (a catalogue that cannot be read, a warning)
and once it was shown (printed, or written by ``-o FILE``): what is kept is exactly what
a command that succeeded printed.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..core.session import Session

    #: The files an answer was made from, each with the bytes it was made from; None: keep it not.
    Inputs = list[tuple[Path, bytes]] | None


class WatchedStderr:
    """Standard error as it was, noting whether anything was written to it."""

    def __init__(self, stream: Any) -> None:
        self.stream = stream
        self.written = False

    def write(self, text: str) -> int:
        if text:
            self.written = True
        return int(self.stream.write(text))

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)


@contextmanager
def stderr_watched() -> Iterator[WatchedStderr]:
    """Standard error watched while an answer is made: a word on it (a warning, a file
    skipped) means the answer is not kept, so it is said again next time."""
    watched = WatchedStderr(sys.stderr)
    sys.stderr = watched
    try:
        yield watched
    finally:
        if sys.stderr is watched:
            sys.stderr = watched.stream


def answer(
    command: str,
    options: Iterable[object],
    session: str | None,
    file: Path | None,
    make: Callable[[Session, Path], str],
    show: Callable[[Path, str], None],
    *,
    painted: bool = False,
) -> None:
    """Show (``show(path, text)``) the text ``command`` answers with ``options`` about the
    chosen session: kept, or made by ``make(session, path)`` from the file's text as read
    once, and kept with those bytes.  ``painted``: the text is a table whose escape
    sequences depend on the terminal (`present.render`)."""
    from ..store.locations import resolve

    path = resolve(session, file)

    def made() -> tuple[str, Inputs]:
        from ..store.fileformat import loads_session
        from ..store.sessiontext import read_session_text

        read, source = read_session_text(path)
        text = make(loads_session(read, source), path)
        # the text read, as bytes: the file's own unless it starts with a byte order mark
        # (then never equal, and such a file is simply computed every time)
        return text, [(path, read.encode("utf-8"))]

    answered(command, options, path, made, lambda text: show(path, text), painted=painted)


def answered(
    command: str,
    options: Iterable[object],
    path: Path,
    make: Callable[[], tuple[str, Inputs]],
    show: Callable[[str], None],
    *,
    painted: bool = False,
) -> None:
    """Show the text ``command`` answers with ``options`` about the file at ``path``: kept,
    or made by ``make``, which says the files (and their bytes) it was made from, None for
    an answer not to keep.  A text is kept only once shown: a command that fails (a file
    it may not write, a closed pipe) keeps nothing."""
    from ..i18n.language import language
    from ..store import answers

    lang = language()
    if painted:
        options = (*options, answers.terminal_styles())
    asked = answers.question(command, options, path, lang)
    found = answers.kept(asked)
    if found is not None:
        show(found)
        return
    with stderr_watched() as watched:
        text, inputs = make()
    show(text)
    if inputs is not None and not watched.written:
        answers.keep(asked, inputs, text, lang)
