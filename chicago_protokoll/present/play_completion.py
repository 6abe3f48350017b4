"""What TAB offers at ``play``'s prompt: player names, hands, a claim's modifiers and
``play``'s own commands, each where it may be said.

A name may hold a hyphen or a space (``Anna-Karin``, ``Anna Karin``) and so may a hand
(``två par``, ``full-house``), so no character breaks a word for the completer: it is
given the whole line before the cursor and gives back whole lines.  Each is the line as
typed with its last word (or last words, for a name or hand with a space) completed and a
space after, so that what was typed is never changed or shortened by a TAB, whatever its
case (``anna-k`` becomes ``anna-karin ``, which ``play`` reads as Anna-Karin).

What may follow what is the spoken claim's order (`core.claims.spoken_claim`):
``PLAYER HAND [nolla] [från PLAYER]``, ``PLAYER [2] [från PLAYER]``, ``tie [HAND]``, and a
player after ``royal``, ``x`` and the revisor's ``straff`` and ``förlorar``.  The words
come from the tables the readers act on: the hands of `core.cards.HAND_NAMES`, the
modifiers of `core.claims.MODIFIERS`, the commands of `present.dialogue`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..core.cards import HAND_NAMES
from ..core.claims import MODIFIERS, NOBODY
from .dialogue import COMMAND_WORDS, PLAYER_COMMAND_WORDS
from .dialogue_edit import EDIT_WORDS
from .talk import ALL_FIVE

_HANDS = tuple(dict.fromkeys(name for names in HAND_NAMES.values() for name in names))
_FOLDED_HANDS = frozenset(name.casefold() for name in _HANDS)
# Said first, before any name: the commands, and the answers that name nobody.
_FIRST = (*COMMAND_WORDS, *EDIT_WORDS, *ALL_FIVE, *NOBODY, *MODIFIERS["tie"])


def completions(line: str, players: Sequence[str]) -> list[str]:
    """The lines a TAB may make of ``line`` (the text before the cursor), in a steady order."""
    found: dict[str, None] = {}
    for start in _word_starts(line):
        fragment = line[start:]
        folded = fragment.casefold()
        for word in _offered(line[:start], players):
            # Compared a character at a time, so that the typed part keeps its length.
            if len(word) >= len(fragment) and word[: len(fragment)].casefold() == folded:
                found.setdefault(line + word[len(fragment) :] + " ")
    return sorted(found, key=str.casefold)


def shown(line: str, completion: str) -> str:
    """A completion as listed under the prompt: from the word being typed on (``Karin``,
    ``två par``), not the whole line again."""
    return completion[line.rfind(" ") + 1 :].rstrip()


def _word_starts(line: str) -> list[int]:
    """Where a word may begin: the line's start, after each space, and its end after a space."""
    return [
        index
        for index in range(len(line) + 1)
        if (index == 0 or line[index - 1] == " ") and (index == len(line) or line[index] != " ")
    ]


def _offered(before: str, players: Sequence[str]) -> Iterable[str]:
    """The words that may come after ``before`` (the words already typed, and a space)."""
    if before and not before.endswith(" "):
        return ()
    head = " ".join(before.casefold().split())
    if not head:
        return _useful((*_FIRST, *players))
    if head.split()[-1] in MODIFIERS["opponent"] or head in PLAYER_COMMAND_WORDS:
        return players
    if head in MODIFIERS["tie"]:
        return _HANDS
    rest = _after_a_player(head, players)
    if rest == "":
        return _useful((*_HANDS, *MODIFIERS["with_two"], *MODIFIERS["opponent"]))
    if rest in _FOLDED_HANDS:
        return _useful((*MODIFIERS["zero"], *MODIFIERS["opponent"]))
    if rest in MODIFIERS["with_two"]:
        return _useful(MODIFIERS["opponent"])
    return ()


def _after_a_player(head: str, players: Sequence[str]) -> str | None:
    """What follows the player ``head`` starts with (a whole name, or a unique start of
    one as ``play`` reads it), case-folded; None when it starts with no player."""
    for name in sorted(players, key=len, reverse=True):
        folded = name.casefold()
        if head == folded or head.startswith(folded + " "):
            return head[len(folded) :].strip()
    first, _, rest = head.partition(" ")
    if len([name for name in players if name.casefold().startswith(first)]) == 1:
        return rest
    return None


def _useful(words: Iterable[str]) -> list[str]:
    """The words worth a TAB: not the one-letter shortcuts (``q``, ``u``, ``x``, ``2``),
    which are typed faster than completed."""
    return [word for word in dict.fromkeys(words) if len(word) > 1]
