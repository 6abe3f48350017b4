"""One catalogue, kept whole: every message id the code uses has its Swedish in sv.po, every
entry of sv.po is used by the code, the placeholders agree, and no text is written the old
way (an English/Swedish pair) that scripts/migrate_messages.py would still have to move."""

from __future__ import annotations

import ast
import re
import string
import subprocess
import sys
from pathlib import Path

import typer.main

import chicago_protokoll
from chicago_protokoll.cli.app import app
from chicago_protokoll.core.cards import Category
from chicago_protokoll.core.errors import ChicagoError
from chicago_protokoll.i18n.catalogue import parse

PACKAGE = Path(chicago_protokoll.__file__).parent
ROOT = PACKAGE.parent
PO = PACKAGE / "i18n" / "sv.po"
MARKERS = {"t": 1, "tn": 2, "N_": 1, "Msg": 1, "counted": 2}  # callee -> how many ids


def _callee(node: ast.Call) -> str | None:
    func = node.func
    return func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)


def _modules() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py") if p.name != "completion_spec.py")


def ids_in_code() -> dict[str, str]:
    """Every literal message id of a t/tn/N_/Msg/Msg.counted call -> where it is."""
    found: dict[str, str] = {}
    for path in _modules():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and _callee(node) in MARKERS:
                for arg in node.args[: MARKERS[_callee(node)]]:
                    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                        found.setdefault(arg.value, f"{path.relative_to(ROOT)}:{node.lineno}")
    return found


def help_texts() -> set[str]:
    """Every help text of the app, and Click's help option: they are message ids too."""
    texts = {"Show this message and exit."}
    stack = [typer.main.get_command(app)]
    while stack:
        command = stack.pop()
        texts.update(text for text in (command.help, command.short_help) if text)
        texts.update(p.help for p in command.params if getattr(p, "help", None))
        if command.epilog:  # "Example:" and a command line: i18n.help translates the word
            texts.add(command.epilog.partition("\n")[0])
        stack.extend(getattr(command, "commands", {}).values())
    return texts


def used_ids() -> set[str]:
    return set(ids_in_code()) | help_texts() | {category.english for category in Category}


def catalogue() -> dict[str, list[str]]:
    """Message id (and a plural entry's plural id) -> its translations."""
    entries: dict[str, list[str]] = {}
    for entry in parse(PO.read_text(encoding="utf-8")):
        for key in (entry.msgid, entry.plural):
            if key:
                entries[key] = entry.msgstr
    return entries


def test_every_message_id_in_the_code_has_a_swedish_entry() -> None:
    entries = catalogue()
    missing = sorted(i for i in used_ids() if not any(entries.get(i, [])))
    assert not missing, f"message ids with no Swedish in {PO.name}: {missing}"


def test_no_catalogue_entry_is_stale() -> None:
    stale = sorted(set(catalogue()) - used_ids())
    assert not stale, f"{PO.name} entries no code uses any more: {stale}"


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_the_swedish_uses_only_placeholders_the_english_has() -> None:
    """An unknown {name} would fail when the text is shown; leaving one out (the English
    name beside a Swedish hand name) is the translator's choice."""
    wrong = []
    for entry in parse(PO.read_text(encoding="utf-8")):
        if not entry.msgid or not entry.comments or "python-brace-format" not in " ".join(
            entry.comments
        ):
            continue
        english = _fields(entry.msgid) | _fields(entry.plural or "")
        wrong.extend(
            (entry.msgid, text) for text in entry.msgstr if not _fields(text) <= english
        )
    assert not wrong


def test_plural_entries_have_both_swedish_forms() -> None:
    plurals = [e for e in parse(PO.read_text(encoding="utf-8")) if e.plural]
    assert plurals
    assert all(len(e.msgstr) == 2 and all(e.msgstr) for e in plurals)


def test_hand_names_in_the_catalogue_are_those_the_parser_reads() -> None:
    """A hand's Swedish name is both output (sv.po) and input (cards.py): they agree."""
    entries = catalogue()
    assert {c: entries[c.english][0] for c in Category} == {c: c.swedish for c in Category}


def test_nothing_is_left_to_migrate() -> None:
    """No tr(en, sv), sv= twin or help_sv table: the migration script finds nothing to do."""
    result = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "migrate_messages.py"), "--check"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_every_error_the_package_raises_carries_a_message_id() -> None:
    """A ChicagoError (or subclass) is given a Msg, never a finished string: the core does
    not know the language, the CLI renders the message when it prints it."""
    classes = {cls.__name__ for cls in _subclasses(ChicagoError)}
    plain = []
    for path in _modules():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and _callee(node) in classes and node.args:
                first = node.args[1] if _callee(node) == "RulesFileError" else node.args[0]
                if isinstance(first, (ast.Constant, ast.JoinedStr, ast.BinOp)):
                    plain.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not plain


def _subclasses(cls: type) -> list[type]:
    return [cls, *(s for sub in cls.__subclasses__() for s in _subclasses(sub))]


def test_the_code_walk_sees_every_kind_of_message() -> None:
    ids = ids_in_code()
    assert "Nothing is recorded yet." in ids  # t
    assert "{n} point" in ids and "{n} points" in ids  # tn
    assert any(re.search(r"has \{n\} points? and may not declare", i) for i in ids)  # counted
    assert "it is empty" in ids  # Msg in the store
