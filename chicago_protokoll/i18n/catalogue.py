"""A small reader for gettext ``.po`` catalogues: what `language.t` needs and no more.

Why not the stdlib `gettext` and a ``.mo``: a build step and a second file that can disagree
with the ``.po`` a translator edits.  Reading the ``.po`` itself takes about a millisecond
for Swedish (docs/latency.md), only when a language other than English is in use, and with
no import beyond what the interpreter has loaded already (no re, no dataclasses: start-up).

Read: ``msgid``, ``msgid_plural``, ``msgstr``, ``msgstr[N]``, continued string lines, the
escapes ``\\n \\t \\" \\\\``, ``#, fuzzy`` (skipped, as msgfmt does), and from the header
``Plural-Forms`` and this project's ``X-Decimal-Separator``.  ``msgctxt`` is refused.
"""

from __future__ import annotations

import contextlib
import marshal
import os
import sys

TYPE_CHECKING = False  # typing itself is not imported: start-up
if TYPE_CHECKING:
    from collections.abc import Callable

_ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\", "r": "\r"}


def _unquote(text: str) -> str:
    body = text.strip()
    if len(body) < 2 or body[0] != '"' or body[-1] != '"':
        raise ValueError(f"not a quoted string: {text!r}")
    body = body[1:-1]
    if "\\" not in body:
        return body
    out = []
    index = 0
    while index < len(body):
        char = body[index]
        if char == "\\" and index + 1 < len(body):
            following = body[index + 1]
            out.append(_ESCAPES.get(following, char + following))
            index += 2
        else:
            out.append(char)
            index += 1
    return "".join(out)


class Entry:
    """One catalogue entry as written in the file."""

    __slots__ = ("comments", "fuzzy", "msgid", "msgstr", "plural")

    def __init__(self) -> None:
        self.msgid = ""
        self.plural: str | None = None
        self.msgstr: list[str] = []
        self.fuzzy = False
        self.comments: list[str] = []


def parse(text: str) -> list[Entry]:
    """The entries of a ``.po`` text, the header (msgid "") first when there is one."""
    entries: list[Entry] = []
    entry = Entry()
    field_name = ""  # which string the continuation lines extend
    started = False
    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            continue
        first = line[0]
        if first == '"':
            value = _unquote(line)
            if field_name == "msgid":
                entry.msgid += value
            elif field_name == "msgid_plural":
                entry.plural = (entry.plural or "") + value
            elif field_name:
                entry.msgstr[-1] += value
            continue
        if first == "#":
            if started and field_name.startswith("msgstr"):
                entries.append(entry)
                entry, started, field_name = Entry(), False, ""
            if line.startswith("#,") and "fuzzy" in line:
                entry.fuzzy = True
            entry.comments.append(line)
            continue
        keyword, _, rest = line.partition(" ")
        if keyword == "msgid":
            if started:
                entries.append(entry)
                entry = Entry()
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
    if started:
        entries.append(entry)
    return entries


def _header_field(header: str, name: str) -> str | None:
    for line in header.split("\n"):
        key, _, value = line.partition(":")
        if key.strip().lower() == name.lower():
            return value.strip()
    return None


def _english_plural(n: int) -> int:
    return int(n != 1)


def _plural_rule(header: str) -> Callable[[int], int]:
    """The header's ``plural=`` expression as a function of n; English's when there is none."""
    forms = _header_field(header, "Plural-Forms") or ""
    expression = forms.partition("plural=")[2].rstrip(";").strip() or "(n != 1)"
    if expression.replace(" ", "") in ("(n!=1)", "n!=1"):
        return _english_plural
    import gettext  # the stdlib's safe reader of C plural expressions, for other rules

    return gettext.c2py(expression)


class Catalogue:
    """One language: the translations of single texts and of counted ones."""

    __slots__ = ("decimal_separator", "header", "messages", "plural_index", "plurals")

    def __init__(
        self, messages: dict[str, str], plurals: dict[str, list[str]], header: str
    ) -> None:
        self.messages = messages
        self.plurals = plurals
        self.header = header
        self.plural_index = _plural_rule(header)
        self.decimal_separator = (_header_field(header, "X-Decimal-Separator") or ".")[:1] or "."


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
    return Catalogue(messages, plurals, header)


_loaded: dict[str, Catalogue] = {}
_CACHE_FORMAT = 1


def path_of(lang: str) -> str:
    from .language import CATALOGUE_DIR

    return os.path.join(CATALOGUE_DIR, f"{lang}.po")


def cache_path(path: str) -> str:
    """Where the parsed catalogue is kept: where Python keeps a module's bytecode."""
    folder, name = os.path.split(os.path.abspath(path))
    if sys.pycache_prefix:
        return os.path.join(sys.pycache_prefix, folder.lstrip(os.sep), f"{name}.marshal")
    return os.path.join(folder, "__pycache__", f"{name}.marshal")


def load(lang: str) -> Catalogue:
    """The catalogue of ``lang``, read once per process; an empty one if there is no file."""
    path = path_of(lang)
    found = _loaded.get(path)
    if found is None:
        found = _loaded[path] = _read(path)
    return found


def _read(path: str) -> Catalogue:
    """The ``.po`` parsed, from the cache beside it when that was made from this very file
    (its size and modification time): a parse costs about a millisecond, the cache a tenth.
    The cache is written like a .pyc: when it can be, never in the way when it cannot."""
    try:
        stat = os.stat(path)
    except FileNotFoundError:
        return Catalogue({}, {}, "")
    stamp = (_CACHE_FORMAT, stat.st_size, stat.st_mtime_ns)
    cache = cache_path(path)
    try:
        with open(cache, "rb") as file:
            cached = marshal.load(file)
        if cached[0] == stamp:
            return Catalogue(*cached[1])
    except (OSError, EOFError, ValueError, TypeError, IndexError):
        pass
    with open(path, encoding="utf-8") as file:
        catalogue = from_text(file.read())
    if not sys.dont_write_bytecode:
        temporary = f"{cache}.{os.getpid()}.tmp"
        try:
            os.makedirs(os.path.dirname(cache), exist_ok=True)
            with open(temporary, "wb") as file:
                marshal.dump((stamp, (catalogue.messages, catalogue.plurals, catalogue.header)), file)
            os.replace(temporary, cache)
        except OSError:
            with contextlib.suppress(OSError):
                os.remove(temporary)
    return catalogue
