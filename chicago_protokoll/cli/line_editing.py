"""``play``'s answers read at a terminal as a shell reads them (GNU readline, or libedit
on macOS): left/right/Home/End and the rest of readline's editing, up/down through the
answers of this and earlier games (`store.answer_history`), and TAB completing names,
hands, modifiers and ``play``'s commands (`present.play_completion`).

The standard library's `readline` gives all of that; nothing listed needs more (a
prompt_toolkit would add a dependency and its start-up to a prompt that asks one line
at a time).  Imported only when a person is at a terminal, so that a script, a pipe and
every other command never load it (`cli.play_loop`).
"""

from __future__ import annotations

import readline
import sys
from collections.abc import Callable, Sequence

from ..core.errors import ChicagoError
from ..present.play_completion import completions, shown
from ..present.width import visible_lines
from ..store import answer_history

# libedit's readline emulation takes its own binding syntax, and reports itself in the
# module's doc (Python 3.13 adds `readline.backend`; the doc is there in every release).
_LIBEDIT = "libedit" in (readline.__doc__ or "")


class LineEditor:
    """``ask(prompt)`` as `input` with readline; ``players`` gives the names TAB offers
    (asked on each TAB: the next game at the table may seat others)."""

    def __init__(self, players: Callable[[], Sequence[str]]) -> None:
        self._players = players
        self._prompt = ""
        self._matches: list[str] = []
        # Added by `ask`, not by readline on its own: a blank answer or one with an
        # escape in it is not worth an up arrow, nor an answer twice in a row.
        readline.set_auto_history(False)
        for answer in answer_history.load():
            readline.add_history(answer)
        # No character breaks a word: a name holds hyphens and spaces, a hand spaces.
        readline.set_completer_delims("\n")
        readline.set_completer(self._complete)
        if _LIBEDIT:
            readline.parse_and_bind("bind ^I rl_complete")
        else:
            readline.parse_and_bind("tab: complete")
            readline.set_completion_display_matches_hook(self._list)

    def ask(self, prompt: str) -> str:
        self._prompt = visible_lines(prompt)
        answer = input(self._prompt)
        kept = answer.strip()
        length = readline.get_current_history_length()
        last = readline.get_history_item(length) if length else None
        if answer_history.worth_keeping(kept) and kept != last:
            readline.add_history(kept)
        answer_history.remember(kept)
        return answer

    def _complete(self, text: str, state: int) -> str | None:
        """readline's completer: the ``state``-th completion of the line before the cursor."""
        if state == 0:
            begin, end = readline.get_begidx(), readline.get_endidx()
            line = readline.get_line_buffer()[:end]
            try:
                players = self._players()
            except (ChicagoError, OSError):  # a file gone or changed under the game
                players = ()
            # readline replaces the text from `begin` on: a whole line, cut to that.
            self._matches = [match[begin:] for match in completions(line, players)]
        return self._matches[state] if state < len(self._matches) else None

    def _list(self, substitution: str, matches: Sequence[str], longest: int) -> None:
        """The completions listed under the prompt by the word being typed, not as whole
        lines; then the prompt and the line again, as readline leaves them."""
        line = readline.get_line_buffer()
        typed = line[: readline.get_endidx()]
        begin = readline.get_begidx()
        words = [visible_lines(shown(typed, line[:begin] + match)) for match in matches]
        sys.stdout.write("\n" + "  ".join(words) + "\n" + self._prompt + visible_lines(line))
        sys.stdout.flush()
