"""How ``chicago play`` talks, shared by its dialogue (dialogue.py) and its corrections
(dialogue_edit.py), which import this and not each other's module."""

from __future__ import annotations

from collections.abc import Callable

#: How the dialogue asks (a prompt in, the answer out) and tells; `input` and `print`
#: at a terminal, a script in the tests.
Ask = Callable[[str], str]
Say = Callable[[str], None]


#: What says yes to a question of ``play`` that asks before it changes the file (save a
#: correction, take an answer back); anything else, Enter included, is no.
YES = frozenset({"j", "ja", "y", "yes"})

# Words that answer a question without naming anyone; compared case-folded.
# A Chicago is worth ±15: only an explicit answer settles it, never a bare Enter or a "y".
ALL_FIVE = frozenset({"alla fem", "all five", "alla", "all", "fem", "five"})
#: "All five tricks?" is a yes/no question too (glossary: ja/nej): a whole "ja" says all
#: five, a "nej" that it was broken, and by whom is asked.  A player so named comes first.
CHICAGO_YES = frozenset({"ja", "yes"})
CHICAGO_NO = frozenset({"nej", "no"})
