"""The answers typed at ``play``, kept for the up arrow of the next ``play``.

One file, ``play-history`` in the cache directory (`locations.cache_dir`): the platform's
user cache directory, or ``$CHICAGO_PROTOKOLL_HOME/cache``.  Never beside the sessions: a
club folder shares the data directory between machines, and the cache stays on each
(``/cache/`` in `store.club.IGNORED`); what one person typed is nobody else's history.

A convenience, not a record: a file that cannot be read is an empty history, and one that
cannot be written (a read-only cache) is left as it was, without a word.  Each answer is
added at once, so a closed terminal loses none; the file is read again before each write,
so two ``play`` at the same time both keep theirs (atomic writes, no lock: two answers in
the same instant may keep one, which costs an up arrow, never a file).
"""

from __future__ import annotations

from contextlib import suppress
from pathlib import Path

from ..core.errors import ChicagoError
from . import locations
from .atomic import write_text_atomic
from .regularfile import NotReadable, read_bounded

#: The answers kept, newest last: a few evenings of play.
MAX_ANSWERS = 1000
_MAX_BYTES = 1 << 20  # a history file grown past this (written by hand) is not read


def history_path() -> Path:
    return locations.cache_dir() / "play-history"


def load() -> list[str]:
    """The answers kept, oldest first; none when the file is missing or cannot be read."""
    try:
        data = read_bounded(history_path(), _MAX_BYTES)
    except (OSError, NotReadable):
        return []
    return [line for line in data.decode("utf-8", "replace").split("\n") if worth_keeping(line)]


def worth_keeping(answer: str) -> bool:
    """An answer the up arrow may bring back: not blank, and nothing in it a terminal
    would act on (an escape typed by mistake is not worth recalling)."""
    return bool(answer.strip()) and answer.isprintable()


def remember(answer: str) -> None:
    """Add ``answer`` to the history (not again right after itself), keeping the newest
    `MAX_ANSWERS`."""
    answer = answer.strip()  # `play` reads it so; a space left by a TAB makes no other answer
    if not worth_keeping(answer):
        return
    answers = load()
    if answers and answers[-1] == answer:
        return
    answers.append(answer)
    # A history that cannot be written is no reason to stop the game.
    with suppress(OSError, ChicagoError):
        write_text_atomic(history_path(), "\n".join(answers[-MAX_ANSWERS:]) + "\n")
