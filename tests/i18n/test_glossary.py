"""The Swedish catalogue follows docs/glossary-sv.md: no translation uses a word the
glossary rules out (its ```ruled-out``` block, one regular expression a line)."""

from __future__ import annotations

import re
from pathlib import Path

import chicago_protokoll
from msgfmt_support import mo_entries

ROOT = Path(chicago_protokoll.__file__).parent.parent
GLOSSARY = ROOT / "docs" / "glossary-sv.md"
MO = ROOT / "chicago_protokoll" / "i18n" / "sv.mo"

# What the program fills in or the reader types as it stands is not the translator's word:
# a {placeholder}, a --option, a `command` and a command line's chicago subcommand.
_NOT_WORDS = re.compile(r"\{[^{}]*\}|--[\w-]+|`[^`]*`|\bchicago [a-z]+( [a-z]+)?")


def ruled_out() -> list[re.Pattern[str]]:
    text = GLOSSARY.read_text(encoding="utf-8")
    block = re.search(r"```ruled-out\n(.*?)```", text, re.S)
    assert block, f"{GLOSSARY} has no ```ruled-out``` block"
    return [re.compile(line, re.I) for line in block.group(1).splitlines() if line.strip()]


def translations() -> list[tuple[str, str]]:
    """(message id, one Swedish form) of every entry, the header aside."""
    found = []
    for original, translation in mo_entries(MO).items():
        if original:
            msgid = original.split("\x00")[0].rpartition("\x04")[2]
            found += [(msgid, form) for form in translation.split("\x00")]
    return found


def offences(entries: list[tuple[str, str]], patterns: list[re.Pattern[str]]) -> list[str]:
    return [
        f"{pattern.pattern!r} in {swedish!r} (msgid {msgid!r})"
        for msgid, swedish in entries
        for pattern in patterns
        if pattern.search(_NOT_WORDS.sub(" ", swedish))
    ]


def test_no_swedish_translation_uses_a_word_the_glossary_rules_out() -> None:
    assert offences(translations(), ruled_out()) == []


def test_the_glossary_check_catches_a_ruled_out_word_and_passes_a_placeholder() -> None:
    patterns = ruled_out()
    caught = offences([("x", "Senaste givarna"), ("y", "den aktuella sessionen")], patterns)
    assert len(caught) == 2
    assert offences([("z", "{session}, giv {deal}: `chicago play --session X`")], patterns) == []


def test_the_glossary_names_the_words_the_issue_asks_for() -> None:
    text = GLOSSARY.read_text(encoding="utf-8")
    for word in ("protokoll", "giv", "givare", "köp", "förhand", "köpstopp", "sista sticket",
                 "omgång", "parti", "ger upp"):  # fmt: skip
        assert word in text, word
