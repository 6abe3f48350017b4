"""Move every text written as an English/Swedish pair into the one catalogue, i18n/sv.po.

    python scripts/migrate_messages.py [--check] [ROOT]

Rewrites, in every module of chicago_protokoll/ (AST for finding, byte offsets for
editing, so the rest of each file is left exactly as it was):

* ``tr(en, sv)``                      ->  ``t("template", name=value, ...)``
* ``AnyChicagoError(en, ..., sv=sv)`` ->  ``AnyChicagoError(Msg("template", ...), ...)``
* ``RulesFileError(src, [en...], sv_problems=[sv...])`` -> ``RulesFileError(src, [Msg(...)...])``
* a call of a function listed in ``PAIR_FUNCTIONS`` with an (en, sv) pair of arguments
  ->  the same call with one ``Msg(...)``
* a tuple ``(en, sv)`` of two texts (a problem returned or appended as a pair) -> ``Msg(...)``
* the entries of i18n/help_sv.py (help texts keyed by their English) -> sv.po; the file goes.

An f-string becomes a template with named placeholders (``{deal}``, ``{player}`` for
``event.player``, ``{cards_count}`` for ``len(cards)``); the English and the Swedish must use
the same expressions (``x.localized('sv')`` counts as ``x``, ``c.swedish`` as ``c.english``,
which become ``x`` and ``c`` rendered in the reader's language).  The Swedish is appended to
sv.po with the module as its reference; an id already there keeps its translation.

Safe to run again: already migrated code has no pairs left, and new pairs written later are
picked up and appended.  What it cannot convert (the two sides use different expressions, a
plural faked with a conditional, a pair built at run time) is listed with its place, left
as it was, and the exit status is 1: convert those by hand.  ``--check`` writes nothing and
exits 1 when anything is left to migrate.
"""

from __future__ import annotations

import argparse
import ast
import io
import keyword
import re
import subprocess
import sys
import tokenize
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "chicago_protokoll"
PO = Path(PACKAGE) / "i18n" / "sv.po"
HELP_SV = Path(PACKAGE) / "i18n" / "help_sv.py"
SKIP = {Path(PACKAGE) / "fast" / "completion_spec.py", Path(PACKAGE) / "i18n" / "language.py"}

# Functions of this code base that take a message as an (English, Swedish) pair of positional
# arguments, and where the English one is: the pair becomes one Msg.  Their definitions are
# changed by hand, once.
PAIR_FUNCTIONS = {"refuse": 0, "problem": 0, "Check": 2}


@dataclass
class Entry:
    msgid: str
    msgstr: str
    where: str
    formatted: bool


@dataclass
class Result:
    entries: list[Entry] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    changed: list[Path] = field(default_factory=list)


class Unconvertible(Exception):
    pass


# -- templates from string expressions ---------------------------------------------------


def _normalized(node: ast.expr, fold_names: bool = True) -> ast.expr:
    """The value both languages mean: x.localized('sv') and x.swedish/x.english are x."""
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "localized"
        and len(node.args) == 1
        and isinstance(node.args[0], ast.Constant)
    ):
        return _normalized(node.func.value, fold_names)
    if fold_names and isinstance(node, ast.Attribute) and node.attr in ("english", "swedish"):
        return node.value
    if isinstance(node, ast.Name) and node.id.endswith("_SV"):
        return ast.Name(id=node.id[: -len("_SV")], ctx=ast.Load())
    return node


def _name_for(node: ast.expr) -> str:
    """A placeholder name a translator can read: the expression's most telling word."""
    if isinstance(node, ast.Name):
        name = node.id
    elif isinstance(node, ast.Attribute) and node.attr in ("english", "swedish"):
        name = f"{_name_for(node.value)}_{'en' if node.attr == 'english' else 'sv'}"
    elif isinstance(node, ast.Attribute):
        name = node.attr if not node.attr.startswith("_") else _name_for(node.value)
    elif isinstance(node, ast.Subscript):
        key = node.slice
        is_text = isinstance(key, ast.Constant) and isinstance(key.value, str)
        name = key.value if is_text else _name_for(node.value)  # type: ignore[attr-defined]
    elif isinstance(node, ast.Call):
        func = node.func
        if isinstance(func, ast.Name) and func.id == "len" and node.args:
            name = f"{_name_for(node.args[0])}_count"
        elif isinstance(func, ast.Name) and func.id == "type" and node.args:
            name = f"{_name_for(node.args[0])}_type"
        elif node.args:
            name = _name_for(node.args[0])
        elif isinstance(func, ast.Name):
            name = func.id  # _current_file() -> current_file
        elif isinstance(func, ast.Attribute):
            name = _name_for(func.value)
        else:
            name = "value"
    elif isinstance(node, ast.BinOp):
        name = _name_for(node.left)
    else:
        name = "value"
    name = re.sub(r"\W", "_", name.strip("_")).lower() or "value"
    if keyword.iskeyword(name) or name[0].isdigit():
        name = f"{name}_"
    return name


@dataclass
class Template:
    parts: list[str | tuple[str, str, str]]  # literal text, or (key, conversion, spec)

    def render(self, names: dict[str, str]) -> str:
        has_fields = any(not isinstance(part, str) for part in self.parts)
        out = []
        for part in self.parts:
            if isinstance(part, str):
                out.append(part.replace("{", "{{").replace("}", "}}") if has_fields else part)
            else:
                key, conversion, spec = part
                out.append("{" + names[key] + conversion + (f":{spec}" if spec else "") + "}")
        return "".join(out)

    def fields(self) -> list[str]:
        return [part[0] for part in self.parts if not isinstance(part, str)]


def _template(node: ast.expr, values: dict[str, ast.expr], fold_names: bool = True) -> Template:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return Template([node.value])
    if not isinstance(node, ast.JoinedStr):
        raise Unconvertible(f"not a string literal: {ast.unparse(node)}")
    parts: list[str | tuple[str, str, str]] = []
    for value in node.values:
        if isinstance(value, ast.Constant):
            parts.append(str(value.value))
            continue
        assert isinstance(value, ast.FormattedValue)
        spec = ""
        if value.format_spec is not None:
            assert isinstance(value.format_spec, ast.JoinedStr)
            if not all(isinstance(v, ast.Constant) for v in value.format_spec.values):
                raise Unconvertible("a format spec with an expression in it")
            spec = "".join(str(v.value) for v in value.format_spec.values)  # type: ignore[attr-defined]
        conversion = "" if value.conversion == -1 else f"!{chr(value.conversion)}"
        normal = _normalized(value.value, fold_names)
        if isinstance(normal, ast.IfExp):
            raise Unconvertible(f"a conditional inside the text (a faked plural?): {{{ast.unparse(value.value)}}}")
        key = ast.dump(normal)
        values.setdefault(key, normal)
        parts.append((key, conversion, spec))
    return Template(parts)


def _stem(node: ast.expr) -> str | None:
    """hint_en/hint_sv/sv_hint -> hint; pair[0]/pair[1] -> pair: one value in two languages."""
    if (
        isinstance(node, ast.Subscript)
        and isinstance(node.slice, ast.Constant)
        and node.slice.value in (0, 1)
        and isinstance(node.value, ast.Name)
    ):
        return node.value.id
    if isinstance(node, ast.Name):
        return re.sub(r"^(sv|en)_|_(sv|en)$", "", node.id)
    return None


def _pair_up(english: Template, swedish: Template, values: dict[str, ast.expr]) -> None:
    """Values the two sides name differently but that are one value in two languages (an
    English and a Swedish variable, or a pair's two halves) become that one value, which
    must then be a Msg: the place that makes it is converted by hand."""
    only_en = [k for k in dict.fromkeys(english.fields()) if k not in swedish.fields()]
    only_sv = [k for k in dict.fromkeys(swedish.fields()) if k not in english.fields()]
    for en_key in only_en:
        stem = _stem(values[en_key])
        matches = [k for k in only_sv if stem is not None and _stem(values[k]) == stem]
        if len(matches) != 1:
            continue
        node = values[en_key]
        if isinstance(node, ast.Subscript):
            node = node.value
        key = ast.dump(node)
        values[key] = node
        for template in (english, swedish):
            template.parts = [
                (key, *part[1:]) if not isinstance(part, str) and part[0] in (en_key, matches[0])
                else part
                for part in template.parts
            ]
        only_sv.remove(matches[0])


def _names_both_ways(node: ast.expr) -> bool:
    attrs: dict[str, set[str]] = {}
    for inner in ast.walk(node):
        if isinstance(inner, ast.Attribute) and inner.attr in ("english", "swedish"):
            attrs.setdefault(ast.dump(inner.value), set()).add(inner.attr)
    return any(len(found) == 2 for found in attrs.values())


def convert_pair(en: ast.expr, sv: ast.expr) -> tuple[str, str, list[tuple[str, str]]]:
    """(English template, Swedish template, [(placeholder, value source)])."""
    values: dict[str, ast.expr] = {}
    # A text that names a hand both ways ("par (pair)") keeps x.swedish and x.english apart.
    fold = not any(_names_both_ways(side) for side in (en, sv))
    english, swedish = _template(en, values, fold), _template(sv, values, fold)
    _pair_up(english, swedish, values)
    # The Swedish may leave out what only the English needs (the English name beside it).
    if not fold and set(swedish.fields()) <= set(english.fields()):
        pass
    elif set(english.fields()) != set(swedish.fields()):
        only_en = [ast.unparse(values[k]) for k in english.fields() if k not in swedish.fields()]
        only_sv = [ast.unparse(values[k]) for k in swedish.fields() if k not in english.fields()]
        raise Unconvertible(f"the two texts use different values: English only {only_en}, Swedish only {only_sv}")
    names: dict[str, str] = {}
    taken: set[str] = set()
    params: list[tuple[str, str]] = []
    for key in english.fields():
        if key in names:
            continue
        base = _name_for(values[key])
        name, number = base, 2
        while name in taken:
            name, number = f"{base}{number}", number + 1
        names[key] = name
        taken.add(name)
        params.append((name, ast.unparse(values[key])))
    return english.render(names), swedish.render(names), params


def pyquote(text: str, avoid: str = "") -> str:
    """A string literal, double-quoted where it can be; never using the quote ``avoid``
    (the quote of an f-string the call sits in, which Python 3.11 cannot nest)."""
    quoted = repr(text)
    if quoted.startswith("'") and '"' not in text and avoid != '"':
        quoted = '"' + quoted[1:-1].replace("\\'", "'") + '"'
    return quoted


def call_text(
    function: str,
    template: str,
    params: list[tuple[str, str]],
    avoid: str = "",
    *,
    indent: str = "",
    room: int = 100,
) -> str:
    """The call, on one line when it fits in ``room`` columns, else one argument a line
    (the template stays whole on its line, so it can be grepped)."""
    args = [pyquote(template, avoid), *(f"{name}={value}" for name, value in params)]
    made = f"{function}({', '.join(args)})"
    if avoid:  # inside an f-string: one line, and never its quote (Python 3.11)
        if avoid in made or "\\" in made:
            raise Unconvertible(f"inside an f-string quoted with {avoid}: rewrite it by hand")
        return made
    if len(made) <= room:
        return made
    inner = indent + "    "
    return f"{function}(\n" + "".join(f"{inner}{arg},\n" for arg in args) + f"{indent})"


# -- finding the pairs -----------------------------------------------------------------------


def _callee(node: ast.Call) -> str | None:
    func = node.func
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return None


def error_classes(root: Path) -> set[str]:
    """ChicagoError and every class of the package that derives from it, by name."""
    bases: dict[str, set[str]] = {}
    for path in (root / PACKAGE).rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                bases[node.name] = {
                    b.id if isinstance(b, ast.Name) else b.attr
                    for b in node.bases
                    if isinstance(b, (ast.Name, ast.Attribute))
                }
    found = {"ChicagoError"}
    grew = True
    while grew:
        grew = False
        for name, parents in bases.items():
            if name not in found and parents & found:
                found.add(name)
                grew = True
    return found


@dataclass
class Edit:
    start: int
    end: int
    text: str


def _offset(lines: list[bytes], lineno: int, col: int) -> int:
    return sum(len(line) for line in lines[: lineno - 1]) + col


def _span(lines: list[bytes], node: ast.AST) -> tuple[int, int]:
    return (
        _offset(lines, node.lineno, node.col_offset),  # type: ignore[attr-defined]
        _offset(lines, node.end_lineno, node.end_col_offset),  # type: ignore[attr-defined]
    )


def _contains_pair(node: ast.AST, classes: set[str]) -> bool:
    return any(child is not node and _is_pair(child, classes) for child in ast.walk(node))


def _is_text(node: ast.expr) -> bool:
    return isinstance(node, ast.JoinedStr) or (
        isinstance(node, ast.Constant) and isinstance(node.value, str)
    )


def _is_pair_tuple(node: ast.AST) -> bool:
    """``(english, swedish)``: two texts, one an f-string or a sentence (a space in it)."""
    if not (isinstance(node, ast.Tuple) and isinstance(node.ctx, ast.Load) and len(node.elts) == 2):
        return False
    en, sv = node.elts
    if not (_is_text(en) and _is_text(sv)) or ast.dump(en) == ast.dump(sv):
        return False
    return any(
        isinstance(e, ast.JoinedStr) or " " in str(getattr(e, "value", "")) for e in (en, sv)
    )


def _is_pair(node: ast.AST, classes: set[str]) -> bool:
    if isinstance(node, ast.Call):
        return _is_pair_call(node, classes)
    return _is_pair_tuple(node)


def _is_pair_call(node: ast.Call, classes: set[str]) -> bool:
    name = _callee(node)
    if name == "tr" and len(node.args) == 2:
        return True
    if name in classes and any(k.arg in ("sv", "sv_problems") for k in node.keywords):
        return True
    at = PAIR_FUNCTIONS.get(name or "")
    return at is not None and len(node.args) >= at + 2 and all(
        _is_text(arg) for arg in node.args[at : at + 2]
    )


def _edits_for(
    node: ast.Call | ast.Tuple,
    source: bytes,
    lines: list[bytes],
    classes: set[str],
    where: str,
    avoid: str,
) -> tuple[list[Edit], list[Entry], list[str]]:
    """The edits that migrate one pair call, its catalogue entries, and what it needs imported."""
    name = _callee(node) if isinstance(node, ast.Call) else None
    entries: list[Entry] = []

    def message(function: str, en: ast.expr, sv: ast.expr) -> str:
        english, swedish, params = convert_pair(en, sv)
        anchor = en if function == "Msg" and isinstance(node, ast.Call) else node
        line = lines[anchor.lineno - 1]
        indent = line[: len(line) - len(line.lstrip())].decode()
        column = anchor.col_offset
        made = call_text(function, english, params, avoid, indent=indent, room=100 - column - 2)
        entries.append(Entry(english, swedish, where, bool(params)))
        return made

    if isinstance(node, ast.Tuple):
        start, end = _span(lines, node)
        return [Edit(start, end, message("Msg", node.elts[0], node.elts[1]))], entries, ["Msg"]
    if name == "tr":
        start, end = _span(lines, node)
        return [Edit(start, end, message("t", node.args[0], node.args[1]))], entries, ["t"]
    if name in PAIR_FUNCTIONS and name not in classes:
        at = PAIR_FUNCTIONS[name]
        en, sv = node.args[at], node.args[at + 1]
        start, _ = _span(lines, en)
        _, end = _span(lines, sv)
        return [Edit(start, end, message("Msg", en, sv))], entries, ["Msg"]
    # An error class with sv= (or RulesFileError's sv_problems=).
    edits: list[Edit] = []
    for kw in node.keywords:
        if kw.arg == "sv":
            if not node.args:
                raise Unconvertible("sv= without an English message")
            start, end = _span(lines, node.args[0])
            edits.append(Edit(start, end, message("Msg", node.args[0], kw.value)))
        elif kw.arg == "sv_problems":
            english = node.args[1] if len(node.args) > 1 else None
            if not (
                isinstance(english, ast.List)
                and isinstance(kw.value, ast.List)
                and len(english.elts) == len(kw.value.elts)
            ):
                raise Unconvertible("problems and sv_problems are not two lists of the same length")
            for en, sv in zip(english.elts, kw.value.elts, strict=True):
                start, end = _span(lines, en)
                edits.append(Edit(start, end, message("Msg", en, sv)))
        else:
            continue
        edits.append(_drop_keyword(node, kw, source, lines))
    return edits, entries, ["Msg"]


def _drop_keyword(node: ast.Call, kw: ast.keyword, source: bytes, lines: list[bytes]) -> Edit:
    """Remove ``, sv=...`` with the comma before it (and the whitespace between)."""
    start, end = _span(lines, kw)
    cut = start
    while source[cut - 1 : cut] in (b" ", b"\n", b"\t"):
        cut -= 1
    if source[cut - 1 : cut] == b",":
        cut -= 1
    # A trailing comma after the keyword (a call laid out one argument per line) stays.
    return Edit(cut, end, "")


# -- one module --------------------------------------------------------------------------------


def _binds_name(tree: ast.Module, name: str) -> bool:
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, ast.Store):
            return True
        if isinstance(node, ast.arg) and node.arg == name:
            return True
    return False


def _add_import(text: str, path: Path, names: set[str]) -> str:
    """``from <..>i18n.language import`` the names, merged into an existing such import."""
    depth = len(path.relative_to(PACKAGE).parts) - 1
    module = "." * (depth + 1) + "i18n.language" if depth else ".i18n.language"
    pattern = re.compile(rf"^from {re.escape(module)} import ([^\n(]+)$", re.MULTILINE)
    found = pattern.search(text)
    if found:
        have = {n.strip() for n in found.group(1).split(",")}
        merged = ", ".join(sorted(have | names))
        return text[: found.start(1)] + merged + text[found.end(1) :]
    line = f"from {module} import {', '.join(sorted(names))}\n"
    tree = ast.parse(text)
    last = None
    for node in tree.body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            last = node
        elif last is not None:
            break
    if last is None:
        return line + text
    lines = text.splitlines(keepends=True)
    return "".join(lines[: last.end_lineno]) + line + "".join(lines[last.end_lineno :])


def _string_quotes(text: str, lines: list[bytes]) -> list[tuple[int, int, str]]:
    """Each string literal's byte span and quote character (tokenize: implicit concatenation
    may mix quotes, and a call inside an f-string cannot reuse that f-string's quote)."""
    spans = []
    text_lines = text.splitlines(keepends=True)
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if token.type != tokenize.STRING:
            continue
        (row, col), (end_row, end_col) = token.start, token.end
        start = _offset(lines, row, len(text_lines[row - 1][:col].encode()))
        end = _offset(lines, end_row, len(text_lines[end_row - 1][:end_col].encode()))
        quote = token.string.lstrip("rRfFbBuU")[:1]
        spans.append((start, end, quote))
    return spans


def _quote_around(spans: list[tuple[int, int, str]], start: int, end: int) -> str:
    for span_start, span_end, quote in spans:
        if span_start < start and end < span_end:
            return quote
    return ""


def migrate_module(path: Path, root: Path, classes: set[str], result: Result) -> str | None:
    """The module's new text, or None when nothing in it changes."""
    text = (root / path).read_text(encoding="utf-8")
    original = text
    imports: set[str] = set()
    failed: set[tuple[int, int]] = set()
    while True:  # innermost pairs first: a pair inside another's f-string is converted first
        source = text.encode("utf-8")
        lines = source.splitlines(keepends=True)
        tree = ast.parse(text)
        pending = [
            node
            for node in ast.walk(tree)
            if isinstance(node, (ast.Call, ast.Tuple))
            and _is_pair(node, classes)
            and (node.lineno, node.col_offset) not in failed
        ]
        ready = [node for node in pending if not _contains_pair(node, classes)]
        if not ready:
            break
        edits: list[Edit] = []
        quotes = _string_quotes(text, lines)
        for node in ready:
            where = f"{path}:{node.lineno}"
            try:
                if path.parts[:2] == (PACKAGE, "fast"):
                    raise Unconvertible("the fast path imports only fast, not i18n: by hand (N_)")
                more, entries, needs = _edits_for(
                    node, source, lines, classes, where, _quote_around(quotes, *_span(lines, node))
                )
            except Unconvertible as why:
                result.problems.append(f"{where}: {why}")
                failed.add((node.lineno, node.col_offset))
                continue
            edits.extend(more)
            result.entries.extend(entries)
            imports.update(needs)
        if not edits:
            break
        for edit in sorted(edits, key=lambda e: e.start, reverse=True):
            source = source[: edit.start] + edit.text.encode("utf-8") + source[edit.end :]
        text = source.decode("utf-8")
        failed = set()  # positions moved; the failures are found (and reported) again
        result.problems[:] = [p for p in result.problems if not p.startswith(f"{path}:")]
    if text == original:
        return None
    tree = ast.parse(text)
    for name in sorted(imports):
        if _binds_name(tree, name):
            result.problems.append(f"{path}: binds the name {name!r} itself; import it under another name by hand")
    return _add_import(text, path, imports)


# -- the catalogue ------------------------------------------------------------------------------


def _po_string(text: str, width: int = 76) -> str:
    escaped = (
        text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t")
    )
    if len(escaped) <= width - 8:
        return f'"{escaped}"'
    chunks, line = [], ""
    for word in re.findall(r"\S+\s*|\s+", escaped):
        if line and len(line) + len(word) > width:
            chunks.append(line)
            line = ""
        line += word
    chunks.append(line)
    return '""\n' + "\n".join(f'"{chunk}"' for chunk in chunks)


def po_entry(entry: Entry) -> str:
    flags = "#, python-brace-format\n" if entry.formatted else ""
    return (
        f"#: {entry.where}\n{flags}msgid {_po_string(entry.msgid)}\n"
        f"msgstr {_po_string(entry.msgstr)}\n"
    )


def merge_into_po(po: Path, entries: list[Entry], result: Result) -> str:
    sys.path.insert(0, str(ROOT))  # this repository's reader, whatever tree is migrated
    from chicago_protokoll.i18n.catalogue import parse

    text = po.read_text(encoding="utf-8")
    known = {e.msgid: (e.msgstr[0] if e.msgstr else "") for e in parse(text) if e.plural is None}
    added: dict[str, Entry] = {}
    for entry in entries:
        have = known.get(entry.msgid, added[entry.msgid].msgstr if entry.msgid in added else None)
        if have is None:
            added[entry.msgid] = entry
        elif have != entry.msgstr:
            result.problems.append(
                f"{entry.where}: {entry.msgid!r} is already translated as {have!r}, "
                f"not {entry.msgstr!r}: sv.po keeps the first; check it"
            )
    if not added:
        return text
    return text.rstrip("\n") + "\n\n" + "\n".join(po_entry(e) for e in added.values())


def help_entries(root: Path) -> list[Entry]:
    """The help_sv.HELP table and HELP_OPTION, as catalogue entries."""
    path = root / HELP_SV
    if not path.exists():
        return []
    tree = ast.parse(path.read_text(encoding="utf-8"))
    entries = []
    for node in tree.body:
        target = node.target if isinstance(node, ast.AnnAssign) else (
            node.targets[0] if isinstance(node, ast.Assign) else None
        )
        if not isinstance(target, ast.Name) or node.value is None:  # type: ignore[union-attr]
            continue
        value = ast.literal_eval(node.value)  # type: ignore[union-attr]
        if target.id == "HELP":
            entries.extend(Entry(en, sv, "help", False) for en, sv in value.items())
        elif target.id == "HELP_OPTION":
            entries.append(Entry("Show this message and exit.", value, "help", False))
    return entries


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("root", nargs="?", type=Path, default=ROOT)
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 if anything is left")
    args = parser.parse_args()
    root: Path = args.root.resolve()
    result = Result()
    classes = error_classes(root)
    new_texts: dict[Path, str] = {}
    for full in sorted((root / PACKAGE).rglob("*.py")):
        path = full.relative_to(root)
        if path in SKIP or path == HELP_SV:
            continue
        new = migrate_module(path, root, classes, result)
        if new is not None:
            new_texts[path] = new
    result.entries.extend(help_entries(root))
    po_text = merge_into_po(root / PO, result.entries, result)
    pending = bool(new_texts) or (root / HELP_SV).exists()
    if args.check:
        for path in new_texts:
            print(f"{path}: has pairs to migrate")
        for problem in result.problems:
            print(problem)
        return 1 if pending or result.problems else 0
    for path, text in new_texts.items():
        (root / path).write_text(text, encoding="utf-8")
        print(f"migrated {path}")
    (root / PO).write_text(po_text, encoding="utf-8")
    if (root / HELP_SV).exists():
        (root / HELP_SV).unlink()
        print(f"moved {HELP_SV} into {PO}")
    if new_texts:
        # Sorted imports, and no import of tr left where nothing uses it any more.
        subprocess.run(
            [sys.executable, "-m", "ruff", "check", "--quiet", "--fix", "--select", "I001,F401",
             *(str(root / p) for p in new_texts)],
            check=False,
        )
    for problem in result.problems:
        print(f"left for a hand: {problem}", file=sys.stderr)
    return 1 if result.problems else 0


if __name__ == "__main__":
    sys.exit(main())
