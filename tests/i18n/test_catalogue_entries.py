"""One catalogue, kept whole: every message id the code uses has its Swedish in sv.po, every
entry of sv.po is used by the code, and the placeholders agree.  The entries are read from
sv.mo, which tests/i18n/test_compiled_catalogue.py keeps equal to sv.po."""

from __future__ import annotations

import ast
import re
import string
from pathlib import Path

import typer.main

import chicago_protokoll
from chicago_protokoll.cli.app import app
from chicago_protokoll.core.cards import Category
from chicago_protokoll.core.errors import ChicagoError
from chicago_protokoll.i18n.help import epilog_words
from chicago_protokoll.present.templating import environment
from msgfmt_support import mo_entries

PACKAGE = Path(chicago_protokoll.__file__).parent
ROOT = PACKAGE.parent
PO = PACKAGE / "i18n" / "sv.po"
MO = PACKAGE / "i18n" / "sv.mo"
MARKERS = {"t": 1, "tn": 2, "N_": 1, "Msg": 1, "counted": 2}  # callee -> how many ids
IN_CONTEXT = {"pt", "in_context"}  # callee(context, msgid, ...): gettext's pgettext
TEMPLATE_FUNCTIONS = (
    "_",
    "gettext",
    "ngettext",
    "pgettext",
)  # as present/templating.py installs them


def _callee(node: ast.Call) -> str | None:
    func = node.func
    return func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)


def _modules() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py") if p.name != "completion_spec.py")


def _literals(nodes: list[ast.expr]) -> list[str]:
    return [n.value for n in nodes if isinstance(n, ast.Constant) and isinstance(n.value, str)]


def ids_in_code() -> dict[str, str]:
    """Every literal message id of a t/tn/N_/Msg/Msg.counted call, and of a pt/Msg.in_context
    call as ``context\x04msgid`` (how a .mo stores it) -> where it is."""
    found: dict[str, str] = {}
    for path in _modules():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            where = f"{path.relative_to(ROOT)}:{node.lineno}"
            if _callee(node) in MARKERS:
                for msgid in _literals(node.args[: MARKERS[_callee(node)]]):
                    found.setdefault(msgid, where)
            elif _callee(node) in IN_CONTEXT and len(_literals(node.args[:2])) == 2:
                context, msgid = _literals(node.args[:2])
                found.setdefault(f"{context}\x04{msgid}", where)
    found.update({key: where for key, where in ids_in_templates().items() if key not in found})
    return found


def ids_in_templates() -> dict[str, str]:
    """Every message id a template names through ``_``, ``gettext``, ``ngettext`` or
    ``pgettext`` (the catalogue's `t`, `tn`, `pt`, installed by present/templating.py)."""
    found: dict[str, str] = {}
    for path in sorted((PACKAGE / "templates").rglob("*.html")) + sorted(
        (PACKAGE / "templates").rglob("*.svg")
    ):
        source = path.read_text(encoding="utf-8")
        calls = environment().extract_translations(source, gettext_functions=TEMPLATE_FUNCTIONS)
        for line, function, message in calls:
            where = f"{path.relative_to(ROOT)}:{line}"
            strings = [
                m
                for m in (message if isinstance(message, tuple) else (message,))
                if isinstance(m, str)
            ]
            if function == "pgettext" and len(strings) >= 2:
                found.setdefault(f"{strings[0]}\x04{strings[1]}", where)
            elif function == "ngettext":
                for msgid in strings[:2]:
                    found.setdefault(msgid, where)
            else:
                for msgid in strings[:1]:
                    found.setdefault(msgid, where)
    return found


def help_texts() -> set[str]:
    """Every help text of the app, and Click's help option: they are message ids too."""
    texts = {"Show this message and exit."}
    stack = [typer.main.get_command(app)]
    while stack:
        command = stack.pop()
        texts.update(text for text in (command.help, command.short_help) if text)
        texts.update(p.help for p in command.params if getattr(p, "help", None))
        if command.epilog:  # "Example:" and a command line: i18n.help translates the words
            texts.update(epilog_words(command.epilog))
        stack.extend(getattr(command, "commands", {}).values())
    return texts


def used_ids() -> set[str]:
    return set(ids_in_code()) | help_texts() | {category.english for category in Category}


def entries() -> list[tuple[str, str | None, list[str]]]:
    """Every entry of the Swedish catalogue but the header: (msgid, with ``context\x04``
    before it when it has one; the plural id of a counted text, or None; the translations)."""
    found = []
    for original, translation in mo_entries(MO).items():
        if original:
            msgid, _, plural = original.partition("\x00")
            context = msgid.rpartition("\x04")[0]
            found.append(
                (
                    msgid,
                    (f"{context}\x04{plural}" if context else plural) if plural else None,
                    translation.split("\x00"),
                )
            )
    return found


def catalogue() -> dict[str, list[str]]:
    """Message id (and a plural entry's plural id) -> its translations."""
    return {key: forms for msgid, plural, forms in entries() for key in (msgid, plural) if key}


def test_every_message_id_in_the_code_has_a_swedish_entry() -> None:
    entries = catalogue()
    missing = sorted(i for i in used_ids() if not any(entries.get(i, [])))
    assert not missing, f"message ids with no Swedish in {PO.name}: {missing}"


def test_no_catalogue_entry_is_stale() -> None:
    stale = sorted(set(catalogue()) - used_ids())
    assert not stale, f"{PO.name} entries no code uses any more: {stale}"


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_the_swedish_uses_the_placeholders_the_english_has() -> None:
    """Every one, and no other: an unknown {name} would show the English instead, a missing
    one loses a fact (msgfmt -c checks this only where an entry is marked python-brace-format).
    A plural form may leave out the count, as "en giv" for "{n} deal"."""
    wrong = []
    for msgid, plural, forms in entries():
        english = _fields(msgid) | _fields(plural or "")
        may_omit = {"n"} if plural else set()
        wrong.extend(
            (msgid, text)
            for text in forms
            if not _fields(text) <= english or not english - _fields(text) <= may_omit
        )
    assert not wrong


def test_plural_entries_have_both_swedish_forms() -> None:
    plurals = [forms for _, plural, forms in entries() if plural]
    assert plurals
    assert all(len(forms) == 2 and all(forms) for forms in plurals)


def test_hand_names_in_the_catalogue_are_those_the_parser_reads() -> None:
    """A hand's Swedish name is both output (sv.po) and input (cards.py): they agree."""
    entries = catalogue()
    assert {c: entries[c.english][0] for c in Category} == {c: c.swedish for c in Category}


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
    assert "player name\x04it is empty" in ids  # Msg.in_context


def test_a_refusal_on_the_phone_names_no_command_to_type_in_either_language() -> None:
    """The recording page shows the command line's sentences less the clause that names a
    command (a phone has no terminal): every catalogue sentence naming `chicago …`, in
    English and in Swedish, keeps its reason and loses the command."""
    from chicago_protokoll.serve.recorder import phone_sentence

    naming = [(msgid, forms) for msgid, _, forms in entries() if "`chicago " in msgid]
    assert naming, "no sentence names a command: the test would prove nothing"
    for msgid, forms in naming:
        for sentence in (msgid, *forms):
            if not sentence or sentence.startswith("`chicago "):
                continue  # a line that is only the command (help and examples)
            said = phone_sentence(sentence)
            assert "`chicago " not in said and said.strip(), (sentence, said)
