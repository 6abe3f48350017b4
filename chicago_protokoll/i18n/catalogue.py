"""A small reader for gettext ``.po`` catalogues: what `language.t` needs and no more.

Why not the stdlib `gettext` and a ``.mo``: a build step and a second file that can disagree
with the ``.po`` a translator edits; parsing the ``.po`` itself costs about a millisecond for
Swedish (docs/latency.md) and only when a language other than English is in use.

Read: ``msgid``, ``msgid_plural``, ``msgstr``, ``msgstr[N]``, continued string lines, the
escapes ``\\n \\t \\" \\\\``, ``#, fuzzy`` (skipped, as msgfmt does), and from the header
``Plural-Forms`` and this project's ``X-Decimal-Separator``.  ``msgctxt`` is not used here.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from dataclasses import dataclass, field

_ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\", "r": "\r"}
_ESCAPE = re.compile(r"\\(.)")


def _unquote(text: str) -> str:
    body = text.strip()
    if len(body) < 2 or body[0] != '"' or body[-1] != '"':
        raise ValueError(f"not a quoted string: {text!r}")
    body = body[1:-1]
    if "\\" not in body:
        return body
    return _ESCAPE.sub(lambda m: _ESCAPES.get(m.group(1), m.group(0)), body)


@dataclass
class Entry:
    """One catalogue entry as written in the file."""

    msgid: str = ""
    plural: str | None = None
    msgstr: list[str] = field(default_factory=list)
    fuzzy: bool = False
    comments: list[str] = field(default_factory=list)


def parse(text: str) -> list[Entry]:
    """The entries of a ``.po`` text, the header (msgid "") first when there is one."""
    entries: list[Entry] = []
    entry = Entry()
    field_name = ""  # which string the continuation lines extend
    started = False

    def finish() -> None:
        nonlocal entry, started
        if started:
            entries.append(entry)
        entry, started = Entry(), False

    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            if started and field_name.startswith("msgstr"):
                finish()
            if line.startswith("#,") and "fuzzy" in line:
                entry.fuzzy = True
            entry.comments.append(line)
            continue
        if line.startswith('"'):
            value = _unquote(line)
            if field_name == "msgid":
                entry.msgid += value
            elif field_name == "msgid_plural":
                entry.plural = (entry.plural or "") + value
            elif field_name.startswith("msgstr"):
                entry.msgstr[-1] += value
            continue
        keyword, _, rest = line.partition(" ")
        if keyword == "msgid":
            if started:
                finish()
            started = True
            entry.msgid = _unquote(rest)
        elif keyword == "msgid_plural":
            entry.plural = _unquote(rest)
        elif keyword == "msgstr" or keyword.startswith("msgstr["):
            entry.msgstr.append(_unquote(rest))
        elif keyword == "msgctxt":
            raise ValueError("msgctxt is not supported by this catalogue reader")
        else:
            raise ValueError(f"cannot read this .po line: {line!r}")
        field_name = keyword
    finish()
    return entries


def _plural_rule(header: str) -> Callable[[int], int]:
    """The header's ``plural=`` expression as a function of n; English's when there is none."""
    found = re.search(r"plural\s*=\s*([^;]+)", header)
    expression = found.group(1).strip() if found else "(n != 1)"
    if expression.replace(" ", "") in ("(n!=1)", "n!=1"):
        return lambda n: int(n != 1)
    import gettext  # the stdlib's safe reader of C plural expressions, for other languages

    return gettext.c2py(expression)


@dataclass
class Catalogue:
    """One language: the translations of single texts and of counted ones."""

    messages: dict[str, str]
    plurals: dict[str, list[str]]
    plural_index: Callable[[int], int]
    decimal_separator: str


def from_text(text: str) -> Catalogue:
    messages: dict[str, str] = {}
    plurals: dict[str, list[str]] = {}
    header = ""
    for entry in parse(text):
        if entry.msgid == "":
            header = entry.msgstr[0] if entry.msgstr else ""
        elif entry.fuzzy:
            continue
        elif entry.plural is not None:
            plurals[entry.msgid] = entry.msgstr
        elif entry.msgstr and entry.msgstr[0]:
            messages[entry.msgid] = entry.msgstr[0]
    separator = re.search(r"X-Decimal-Separator:\s*(\S)", header)
    return Catalogue(
        messages, plurals, _plural_rule(header), separator.group(1) if separator else "."
    )


_loaded: dict[str, Catalogue] = {}


def path_of(lang: str) -> str:
    from .language import CATALOGUE_DIR

    return os.path.join(CATALOGUE_DIR, f"{lang}.po")


def load(lang: str) -> Catalogue:
    """The catalogue of ``lang``, read once per process; an empty one if there is no file."""
    path = path_of(lang)
    key = f"{lang}\0{path}"
    found = _loaded.get(key)
    if found is None:
        try:
            with open(path, encoding="utf-8") as file:
                found = from_text(file.read())
        except FileNotFoundError:
            found = from_text("")
        _loaded[key] = found
    return found
