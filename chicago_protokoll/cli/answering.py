"""A read asks once: its kept answer when the session file (and the program) are as they
were, else the answer computed by the existing code, and kept (store/answers.py).

The session file is resolved (`locations.resolve`, no model) and the kept answer looked up
before anything of the scoring model is imported; on a miss the file is read once, and the
bytes the answer is computed from are the bytes kept beside it.  An answer is kept only
when it was made without a word on stderr (a catalogue that cannot be read, a warning):
what is kept is then exactly what the command printed on stdout.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..core.session import Session


class _Watched:
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


def answer(
    command: str,
    options: Iterable[object],
    session: str | None,
    file: Path | None,
    make: Callable[[Session, Path], str],
    *,
    painted: bool = False,
) -> tuple[Path, str]:
    """The chosen session's file and the text ``command`` answers with ``options``: kept,
    or made by ``make(session, path)`` and kept.  ``painted``: the text is a table whose
    escape sequences depend on the terminal (`present.render`)."""
    from ..i18n.language import language
    from ..store import answers
    from ..store.locations import resolve

    path = resolve(session, file)
    lang = language()
    if painted:
        options = (*options, answers.terminal_styles())
    asked = answers.question(command, options, path, lang)
    found = answers.kept(asked)
    if found is not None:
        return path, found
    from ..store.fileformat import loads_session
    from ..store.sessiontext import read_session_text

    read, source = read_session_text(path)
    current = loads_session(read, source)
    watched = _Watched(sys.stderr)
    sys.stderr = watched
    try:
        text = make(current, path)
    finally:
        if sys.stderr is watched:
            sys.stderr = watched.stream
    if not watched.written:
        # the text read, as bytes: the file's own unless it starts with a byte order mark
        # (then never equal, and such a file is simply computed every time)
        answers.keep(asked, [(path, read.encode("utf-8"))], text, lang)
    return path, text
