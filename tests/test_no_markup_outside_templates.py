"""No module of the package makes markup: every page, sheet, site and card is a template
(chicago_protokoll/templates/) and the template engine escapes what goes into it.

Every module of ``chicago_protokoll`` is read with `ast` (docstrings and comments aside)
for the three ways Python makes markup by hand: a string holding a tag (an f-string's
parts read together, so ``f"<{tag}>"`` counts), a call of an ``escape`` (``html.escape``,
markupsafe's; the CLI's control-character escape is named `escape_control_characters` so
it is not taken for one), and text let through as markup unescaped (``Markup(...)`` or a
class with ``__html__``).  The few places that let text through are listed in
`LET_THROUGH`, each with why it is markup already; a place that no longer does so must
leave the list too, so it cannot grow stale.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "chicago_protokoll"

# A tag's start: "<td", "</tr", "<!DOCTYPE", followed by a space, "/", ">" or the end of the
# string; not "<=", "3 < 4", a regular expression's "(?P<name>" nor "{min}<x<{max}".
TAG = re.compile(r"(?<!\?P)<[/!]?[A-Za-z][A-Za-z0-9-]*(?=[\s/>]|$)")

#: (module, function, what) -> why that text is markup already.
LET_THROUGH: dict[tuple[str, str, str], str] = {
    ("present/documents.py", "standalone", "Markup()"): (
        "the package's own stylesheets (static/*.css), put inline in a standalone document "
        "under the hash its policy names: CSS, which escaping would break"
    ),
    ("present/night_cards.py", "qr_markup", "Markup()"): (
        "segno's QR code as SVG, made from our own address alone: the one place a QR code "
        "enters a page (the table cards, the paper protocols and the keeper's page call it)"
    ),
    ("serve/pages.py", "live_document", "Markup()"): (
        "a live view's body, rendered by its own template (sheet/body.html, "
        "room/tv_body.html, room/board_body.html) and kept in the snapshot that the event "
        "stream also sends: it enters its page here"
    ),
}


class _Markup(ast.NodeVisitor):
    """Where one module makes markup: (function, what, line)."""

    def __init__(self) -> None:
        self.found: list[tuple[str, str, int]] = []
        self._within: list[str] = []
        self._docstrings: set[int] = set()

    def _scope(self, node: ast.Module | ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) -> None:
        body = node.body
        if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
            self._docstrings.add(id(body[0].value))

    def visit_Module(self, node: ast.Module) -> None:
        self._scope(node)
        self.generic_visit(node)

    def _named(self, node: ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) -> None:
        self._scope(node)
        if isinstance(node, ast.FunctionDef) and node.name == "__html__":
            self.found.append((".".join(self._within), "__html__", node.lineno))
        self._within.append(node.name)
        self.generic_visit(node)
        self._within.pop()

    visit_FunctionDef = visit_AsyncFunctionDef = visit_ClassDef = _named

    def _where(self) -> str:
        return ".".join(self._within) or "<module>"

    def visit_JoinedStr(self, node: ast.JoinedStr) -> None:
        # The f-string's parts read as one string, each {…} standing for a word.
        text = "".join(
            part.value if isinstance(part, ast.Constant) and isinstance(part.value, str) else "x"
            for part in node.values
        )
        if TAG.search(text):
            self.found.append((self._where(), f"a tag in {text[:40]!r}", node.lineno))
        for part in node.values:  # what is put in, not its format ("{name:<{width}}")
            if isinstance(part, ast.FormattedValue):
                self.visit(part.value)

    def visit_Constant(self, node: ast.Constant) -> None:
        if isinstance(node.value, str) and id(node) not in self._docstrings and TAG.search(node.value):
            self.found.append((self._where(), f"a tag in {node.value[:40]!r}", node.lineno))

    def visit_Call(self, node: ast.Call) -> None:
        called = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
        if called == "escape":
            self.found.append((self._where(), "escape()", node.lineno))
        if called == "Markup":
            self.found.append((self._where(), "Markup()", node.lineno))
        self.generic_visit(node)


def markup_in(source: str) -> list[tuple[str, str, int]]:
    """Where ``source`` (a module's text) makes markup by hand: (function, what, line)."""
    visitor = _Markup()
    visitor.visit(ast.parse(source))
    return sorted(visitor.found, key=lambda found: found[2])


def test_no_module_builds_a_tag_escapes_or_lets_text_through_outside_the_named_places() -> None:
    found: dict[tuple[str, str, str], list[int]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        module = path.relative_to(PACKAGE).as_posix()
        for function, what, line in markup_in(path.read_text(encoding="utf-8")):
            found.setdefault((module, function, what), []).append(line)
    unexplained = [
        f"{module}:{lines[0]} ({function}): {what}"
        for (module, function, what), lines in found.items()
        if (module, function, what) not in LET_THROUGH
    ]
    assert unexplained == []
    stale = [place for place in LET_THROUGH if place not in found]
    assert stale == [], "these places no longer let text through: take them off LET_THROUGH"


def test_the_check_finds_a_tag_an_escape_and_text_let_through_but_not_a_docstring_or_a_comparison() -> None:
    source = '''"""<p>a docstring may show a tag</p>"""
import html, re
from markupsafe import Markup
NAME = re.compile(r"(?P<name>[a-z]+)")  # a group's name is no tag
RANGE = "{min}<x<{max}"
def row(cells, tag):
    """<td> in a docstring."""
    return "<tr>" + "".join(f"<td>{html.escape(cell)}</td>" for cell in cells) + f"<{tag} class=x>"
def through(svg):
    return Markup(svg)
class Shown:
    def __html__(self):
        return ""
'''
    assert markup_in(source) == [
        ("row", "a tag in '<tr>'", 8),
        ("row", "a tag in '<td>x</td>'", 8),
        ("row", "escape()", 8),
        ("row", "a tag in '<x class=x>'", 8),
        ("through", "Markup()", 10),
        ("Shown", "__html__", 12),
    ]


def test_the_check_finds_an_escape_inside_an_f_string_but_no_tag_in_its_format() -> None:
    source = 'x = f"{escape(name)} won"\ny = f"{name:<{width}}"\n'
    assert markup_in(source) == [("<module>", "escape()", 1)]
