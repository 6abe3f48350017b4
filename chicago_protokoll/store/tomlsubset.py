"""The TOML that chicago-protokoll writes, read many times faster than `tomllib`.

Session files are written by tomli_w in one plain shape: comment lines,
``key = value`` lines holding strings, whole numbers, booleans or arrays of
them (one item a line: a night's players and its points), ``[a.b]`` tables, ``[[events]]`` arrays of tables
and ``[[a.b]]`` arrays of tables inside the last table of ``[[a]]`` (a
correction's events).  `loads` reads exactly that shape, line by line, and returns None for
anything else: an escape in a string, a float or a date, a comment after a
value, a duplicate key, a stray control character...  The caller then gives
the text to `tomllib`, which decides, errors included.  Where `loads` returns
a table it is the table `tomllib.loads` would return (a property test holds
it to that); it only ever declines.

Why: `tomllib` is pure Python and general, so a session of 200 deals took
longer to parse than everything else a command does, and its import compiles
a handful of regular expressions on every start.  This module imports
nothing, so the TAB-completion fast path reads player names with it too.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

# Characters TOML refuses outside strings and inside basic strings alike
# (a tab is allowed, a newline only ends a line).
_CONTROL = (*(chr(code) for code in range(0x20) if code not in (0x09, 0x0A)), "\x7f")
_BARE = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")
_DIGITS = frozenset("0123456789")
# Declined, for tomllib to decide: longer integers and deeper tables than the store writes.
_MAX_DIGITS = 18
_MAX_DEPTH = 8


def loads(text: str) -> dict[str, Any] | None:
    """The table in ``text``, or None when ``text`` is not in the plain shape (see above)."""
    for char in _CONTROL:
        if char in text:
            return None
    root: dict[str, Any] = {}
    table = root
    arrays_of_tables: set[str] = set()
    nested: set[tuple[int, str]] = set()
    lines = text.split("\n")
    count = len(lines)
    index = 0
    while index < count:
        line = lines[index].strip(" \t")
        index += 1
        if not line or line[0] == "#":
            continue
        if line[0] == "[":
            found = _header(line, root, arrays_of_tables, nested)
            if found is None:
                return None
            table = found
            continue
        key, _, rest = line.partition("=")
        key = key.rstrip(" \t")
        if not key or not _BARE.issuperset(key) or key in table:
            return None
        rest = rest.lstrip(" \t")
        if rest == "[":
            items: list[Any] = []
            while True:
                if index >= count:
                    return None
                item = lines[index].strip(" \t")
                index += 1
                if item == "]":
                    break
                if not item.endswith(","):
                    # tomli_w ends every item with a comma; anything else is left to tomllib
                    return None
                value = _value(item[:-1].rstrip(" \t"))
                if value is None:
                    return None
                items.append(value)
            table[key] = items
            continue
        value = _value(rest)
        if value is None:
            return None
        table[key] = value
    return root


def _header(
    line: str,
    root: dict[str, Any],
    arrays_of_tables: set[str],
    nested: set[tuple[int, str]],
) -> dict[str, Any] | None:
    """The table a ``[a.b]``, ``[[a]]`` or ``[[a.b]]`` line opens, created in ``root``;
    None if unusual.  ``nested`` holds (id of the table, key) of each ``[[a.b]]`` array."""
    if line.startswith("[["):
        name = line[2:-2]
        if not line.endswith("]]") or not name:
            return None
        outer, dot, inner = name.partition(".")
        if dot:
            # [[a.b]] adds a table to the array b of the last table of the array [[a]]
            if (
                outer not in arrays_of_tables
                or not inner
                or not _BARE.issuperset(inner)
                or not root[outer]
            ):
                return None
            owner = root[outer][-1]
            if inner in owner:
                if (id(owner), inner) not in nested:
                    return None
            else:
                owner[inner] = []
                nested.add((id(owner), inner))
            table: dict[str, Any] = {}
            owner[inner].append(table)
            return table
        if not _BARE.issuperset(name):
            return None
        if name in root:
            if name not in arrays_of_tables:
                return None
        else:
            root[name] = []
            arrays_of_tables.add(name)
        element: dict[str, Any] = {}
        root[name].append(element)
        return element
    if not line.endswith("]"):
        return None
    parts = line[1:-1].split(".")
    if len(parts) > _MAX_DEPTH:
        return None  # nesting no session file has: tomllib decides (and the store refuses)
    parent = root
    for part in parts[:-1]:
        if not part or not _BARE.issuperset(part) or part in arrays_of_tables:
            return None
        child = parent.setdefault(part, {})
        if not isinstance(child, dict):
            return None
        parent = child
    last = parts[-1]
    if not last or not _BARE.issuperset(last) or last in parent:
        # A table defined twice is an error; one defined after its sub-tables is
        # valid but unusual: tomllib decides both.
        return None
    opened: dict[str, Any] = {}
    parent[last] = opened
    return opened


def _string(text: str) -> str | None:
    """A basic string without escapes, ``"..."`` and nothing after it."""
    if len(text) < 2 or text[0] != '"' or text[-1] != '"':
        return None
    inner = text[1:-1]
    if '"' in inner or "\\" in inner:
        return None
    return inner


def _value(text: str) -> str | int | bool | None:
    if not text:
        return None
    first = text[0]
    if first == '"':
        return _string(text)
    if text == "true":
        return True
    if text == "false":
        return False
    digits = text[1:] if first in "+-" else text
    if not digits or not _DIGITS.issuperset(digits) or (digits[0] == "0" and len(digits) > 1):
        return None
    if len(digits) > _MAX_DIGITS:
        return None  # beyond any count in a session (and int() refuses 4300+ digits)
    return int(text)


__all__ = ["loads"]
