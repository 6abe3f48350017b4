"""How ``chicago play`` talks, shared by its dialogue (dialogue.py) and its corrections
(dialogue_edit.py), which import this and not each other's module."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:  # the corrections load only when `e N` is asked
    from ..core.correct import DealChanges

#: How the dialogue asks (a prompt in, the answer out) and tells; `input` and `print`
#: at a terminal, a script in the tests.
Ask = Callable[[str], str]
Say = Callable[[str], None]


class CorrectFile(Protocol):
    """`cli.correct.correct_file`: correct a deal of the file (or, ``dry_run``, only say
    what it would do); the text to show."""

    def __call__(self, path: Path, deal: int, changes: DealChanges, *, dry_run: bool) -> str: ...
