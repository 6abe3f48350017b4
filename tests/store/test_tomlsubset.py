"""tomlsubset reads what tomllib reads, or declines: it never returns a different table."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import tomli_w
from hypothesis import given, settings
from hypothesis import strategies as st

from chicago_protokoll.core.events import BuyWinner, LastTrick, Showdown
from chicago_protokoll.core.rules import PRESETS
from chicago_protokoll.core.session import new_session
from chicago_protokoll.store import fileformat, nightfile, tomlsubset
from cli_support import ok

KEYS = st.text(alphabet="abcdefghijklmnopqrstuvwxyzABC0123456789_-", min_size=1, max_size=12)
STRINGS = st.text(max_size=20)
VALUES = st.one_of(
    STRINGS,
    st.integers(min_value=-(10**12), max_value=10**12),
    st.booleans(),
    st.lists(STRINGS, max_size=5),
    # a night's points: whole numbers, one a line (mixed arrays are TOML too)
    st.lists(st.one_of(STRINGS, st.integers(-(10**20), 10**20), st.booleans()), max_size=5),
)
TABLES = st.dictionaries(KEYS, VALUES, max_size=6)
DOCUMENTS = st.fixed_dictionaries(
    {},
    optional={
        "format": st.just(fileformat.FORMAT),
        "version": st.integers(min_value=-3, max_value=3),
        "players": st.lists(STRINGS, max_size=5),
        "rules": st.dictionaries(KEYS, TABLES, max_size=4),
        "events": st.lists(TABLES, min_size=1, max_size=6),
    },
).flatmap(
    lambda head: st.dictionaries(KEYS, VALUES, max_size=4).map(lambda extra: {**extra, **head})
)


def agrees(text: str) -> bool:
    """tomlsubset gives tomllib's table for ``text``, or declines."""
    fast = tomlsubset.loads(text)
    if fast is None:
        return True
    try:
        return fast == tomllib.loads(text) and _same_types(fast, tomllib.loads(text))
    except tomllib.TOMLDecodeError:
        return False


def _same_types(a: Any, b: Any) -> bool:
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return list(a) == list(b) and all(_same_types(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return all(_same_types(x, y) for x, y in zip(a, b, strict=True))
    return True


@settings(max_examples=300)
@given(DOCUMENTS)
def test_what_tomli_w_writes_is_read_as_tomllib_reads_it(document: dict[str, Any]) -> None:
    """Documents of strings, numbers, booleans, string arrays, tables and [[events]]."""
    text = tomli_w.dumps(document)
    assert agrees(text)


@settings(max_examples=500)
@given(DOCUMENTS, st.data())
def test_a_damaged_text_is_declined_or_read_as_tomllib_reads_it(
    document: dict[str, Any], data: st.DataObject
) -> None:
    """Cut, doubled or stray characters: tomlsubset never reads what tomllib refuses."""
    text = tomli_w.dumps(document)
    where = data.draw(st.integers(min_value=0, max_value=len(text)))
    how = data.draw(st.sampled_from(["cut", "insert", "delete", "double-line"]))
    if how == "cut":
        text = text[:where]
    elif how == "insert":
        text = (
            text[:where] + data.draw(st.sampled_from(list('"\\#=[] .\t\r\x00x1-+,'))) + text[where:]
        )
    elif how == "delete":
        text = text[:where] + text[where + 1 :]
    else:
        lines = text.split("\n")
        line = data.draw(st.integers(min_value=0, max_value=max(len(lines) - 1, 0)))
        text = "\n".join([*lines[: line + 1], *lines[line:]])
    assert agrees(text)


NESTED = st.lists(
    st.tuples(TABLES, st.lists(st.tuples(st.sampled_from(["before", "after"]), TABLES))),
    min_size=1,
    max_size=3,
)


@settings(max_examples=200, deadline=None)
@given(DOCUMENTS, NESTED)
def test_arrays_of_tables_inside_an_array_of_tables_are_read_as_tomllib_reads_them(
    document: dict[str, Any], corrections: list[tuple[dict[str, Any], list[tuple[str, Any]]]]
) -> None:
    """[[corrections]] then [[corrections.before]] / [[corrections.after]], as the store
    writes a correction's events, and the same text damaged."""
    document.pop("corrections", None)
    parts = [tomli_w.dumps(document)]
    for head, inner in corrections:
        parts.append("\n[[corrections]]\n" + tomli_w.dumps(head))
        for side, table in inner:
            parts.append(f"\n[[corrections.{side}]]\n" + tomli_w.dumps(table))
    text = "".join(parts)
    assert agrees(text)
    cut = len(text) * 2 // 3
    assert agrees(text[:cut]) and agrees(text[:cut] + "\n[[corrections.before]]\n")


def test_session_files_the_store_writes_are_read_without_tomllib() -> None:
    """Every preset, players with Swedish names, events of every shape: the fast reader reads them."""
    for _, (_, rules) in PRESETS.items():
        session = new_session(
            ["Anna", "Bo", "Åsa", "Örjan"],
            rules,
            name="fredag",
            created="2026-11-29T20:50:00+00:00",
        )
        session = session.with_event(BuyWinner("Anna", cards="K♥ K♠ 9♦ 9♥ 3♣", deal=1))
        session = session.with_event(BuyWinner(None, tie=True, buy=2, deal=1))
        session = session.with_event(LastTrick("Åsa", with_two=True, deal=1))
        session = session.with_event(Showdown(None, deal=1))
        text = fileformat.dumps_session(session)
        fast = tomlsubset.loads(text)
        assert fast is not None
        assert fast == tomllib.loads(text)
        assert fileformat.loads_session(text, "fredag.toml") == session


def test_night_files_the_store_writes_are_read_without_tomllib(chicago_home: Path) -> None:
    """A night's players and its points (an array of whole numbers): the fast reader
    reads them, as the board of a served night reads the file at every change."""
    ok("night", "new", "klubb", *(f"Spelare {n}" for n in range(1, 13)), "--seed", "1")
    text = nightfile.night_path("klubb").read_text(encoding="utf-8")
    fast = tomlsubset.loads(text)
    assert fast is not None
    assert fast == tomllib.loads(text) and _same_types(fast, tomllib.loads(text))


def test_unusual_shapes_are_left_to_tomllib() -> None:
    """Escapes, comments after values, floats, dates, inline tables, CRLF, dotted keys."""
    for text in (
        'a = "x\\"y"\n',
        "a = 1 # one\n",
        "a = 1.5\n",
        "a = 1979-05-27\n",
        "a = { b = 1 }\n",
        "a = 1\r\n",
        "a.b = 1\n",
        "a = 01\n",
        "a = 1_000\n",
        "a = []\n",
        'a = ["x"]\n',
        "[a]\n[a]\n",
        "a = 1\na = 2\n",
        "[[a]]\n[a]\n",
        "[ a ]\n",
        "a = 'x'\n",
        "[[a.b]]\n",
        "[[a]]\nb = 1\n[[a.b]]\n",
        "[[a]]\n[[a.b.c]]\n",
        "[a]\n[[a.b]]\n",
    ):
        assert tomlsubset.loads(text) is None, text
