"""The arrows between the package's layers point down: core <- store <- present <- serve, cli.

Every import in every module of ``chicago_protokoll`` is read with `ast` (also
the ones inside functions, which the code uses to keep start-up light) and
checked against what its layer may import:

- ``core`` (cards, rules, events, the engine, entry, settle, compare, errors) is
  pure: no store, presentation or CLI, and no Typer, Click or Rich;
- ``store`` (session files) may use the core, not presentation or the CLI, and
  draws nothing (no Typer, Click or Rich);
- ``present`` may use the core and the store, never the CLI or Typer/Click;
- ``serve`` (the live page) may use the core, the store and present, never the CLI;
  only the CLI imports it (``chicago serve``), so no other layer pays for a server;
- ``cli`` may use everything.

``i18n`` (the language of messages) sits below every layer: any layer may
import it (the core uses ``i18n.language.tr``), and it imports no layer of the
package, only the standard library and itself.  The package's own
``__init__`` (the lazy public API) and ``__main__`` (the entry point) are the
top and may import anything.

No two modules import each other, directly or around a longer circle
(`import_circles`): a circle means neither module can be read, tested or loaded
without the other, so their jobs are not really apart.  Imports inside functions
and under ``TYPE_CHECKING`` count too: putting an import there hides a circle
from Python at start-up, not from the reader.

No module imports another's private name (a leading underscore), nor reaches one
through a name it imported (`private_imports`): a private name is its module's own
business, free to change; what two modules share is public, in a module of its own.

TAB completion of names (``store.completion``, run by the scripts in
completions/) is store code; that it loads no more than the store's readers
is held by tests/store/test_completion.py, which looks at what it imports.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "chicago_protokoll"

# What each subpackage may import of the package itself.
ALLOWED: dict[str, set[str]] = {
    "core": {"core", "i18n"},
    "store": {"core", "store", "i18n"},
    "present": {"core", "store", "present", "i18n"},
    "serve": {"core", "store", "present", "serve", "i18n"},
    "cli": {"core", "store", "present", "serve", "cli", "i18n"},
    "i18n": {"i18n"},
}
# Third-party packages a subpackage must not import.
FORBIDDEN_OUTSIDE: dict[str, set[str]] = {
    "core": {"typer", "click", "rich"},
    "store": {"typer", "click", "rich"},
    "present": {"typer", "click"},
    "serve": {"typer", "click"},
    "i18n": {"typer", "click", "rich"},
}


def imported_modules(source: str, module: str) -> list[str]:
    """Absolute names of every module ``source`` (the module ``module``) imports."""
    package_parts = module.split(".")[:-1]
    names: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package_parts[: len(package_parts) - node.level + 1]
                prefix = ".".join(base)
                target = f"{prefix}.{node.module}" if node.module else prefix
                # `from . import record`: each name may be a module of the package.
                if node.module is None:
                    names.extend(f"{target}.{alias.name}" for alias in node.names)
                    continue
            else:
                target = node.module or ""
            names.append(target)
    return names


def layer_problems(source: str, module: str) -> list[str]:
    """What ``module`` imports that its layer may not; empty when it keeps to its layer."""
    parts = module.split(".")
    if len(parts) < 3:  # chicago_protokoll/__init__.py, __main__.py: the top
        return []
    layer = parts[1]
    problems = []
    for name in imported_modules(source, module):
        top, *rest = name.split(".")
        if top == "chicago_protokoll":
            if rest and rest[0] not in ALLOWED[layer]:
                problems.append(f"{module} imports {name}")
        elif top in FORBIDDEN_OUTSIDE.get(layer, set()):
            problems.append(f"{module} imports {name}")
    return problems


def _modules() -> list[tuple[str, Path]]:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = path.relative_to(PACKAGE.parent).with_suffix("")
        # ``pkg/__init__.py`` is named ``pkg.__init__``: its relative imports start in pkg.
        found.append((".".join(relative.parts), path))
    return found


# The pages' Jinja2 templates and their CSS and JavaScript (design.md: "Pages are
# templates and static files"): data the presentation reads, never code of a layer.
PAGE_FILES = {"templates", "static"}


def test_every_subpackage_is_a_known_layer() -> None:
    """Each folder of the package is one of the layers this test knows, or holds the pages'
    templates and static files, with no Python in it."""
    folders = {p.name for p in PACKAGE.iterdir() if p.is_dir() and p.name != "__pycache__"}
    assert folders - PAGE_FILES == set(ALLOWED)
    for name in folders & PAGE_FILES:
        assert not list((PACKAGE / name).rglob("*.py")), name


@pytest.mark.parametrize(("module", "path"), _modules(), ids=str)
def test_each_module_imports_only_its_own_layer_and_those_below(module: str, path: Path) -> None:
    """No import points up: core never reaches the store, presentation, CLI, Typer or Rich."""
    assert layer_problems(path.read_text(encoding="utf-8"), module) == []


@pytest.mark.parametrize(
    ("module", "source"),
    [
        ("chicago_protokoll.core.game", "from ..store import sessionfile"),
        ("chicago_protokoll.core.game", "def f():\n    import rich.console"),
        ("chicago_protokoll.core.game", "import typer"),
        ("chicago_protokoll.store.catalogue", "from ..present.views import plain_standings"),
        ("chicago_protokoll.store.catalogue", "from chicago_protokoll.cli import common"),
        ("chicago_protokoll.present.views", "from ..cli.common import handled"),
        ("chicago_protokoll.present.views", "from .. import cli"),
        ("chicago_protokoll.present.views", "from ..serve import live"),
        ("chicago_protokoll.store.catalogue", "from ..serve.live import Board"),
        ("chicago_protokoll.serve.live", "from ..cli.common import handled"),
        ("chicago_protokoll.serve.live", "import typer"),
        ("chicago_protokoll.store.completion", "from ..cli import common"),
        ("chicago_protokoll.i18n.language", "from ..core.errors import ChicagoError"),
    ],
)
def test_an_import_pointing_up_is_caught(module: str, source: str) -> None:
    """The checker itself: each of these imports breaks the layering and is reported."""
    assert layer_problems(source, module) == [
        f"{module} imports {imported_modules(source, module)[0]}"
    ]


def test_imports_pointing_down_are_allowed() -> None:
    """The cli may use everything; the core may use i18n and the standard library."""
    assert (
        layer_problems("from ..store import sessionfile\nimport typer", "chicago_protokoll.cli.x")
        == []
    )
    assert (
        layer_problems(
            "from ..i18n.language import tr\nfrom dataclasses import dataclass",
            "chicago_protokoll.core.x",
        )
        == []
    )


def import_graph(sources: dict[str, str]) -> dict[str, set[str]]:
    """Which modules of the package each module imports, from ``{module: source}``
    (module names as `_modules` gives them; a package is its ``__init__``)."""

    def known(name: str) -> str | None:
        # `from .x import Name` names a module or something in one: the longest known prefix.
        while name:
            if name in modules:
                return name
            name = name.rpartition(".")[0]
        return None

    modules = {name.removesuffix(".__init__") for name in sources}
    graph: dict[str, set[str]] = {}
    for module, source in sources.items():
        own = module.removesuffix(".__init__")
        found = {known(name) for name in imported_modules(source, module)}
        graph[own] = {name for name in found if name is not None and name != own}
    return graph


def import_circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every set of modules that import each other, directly or around a circle (the
    graph's strongly connected components of more than one module), each sorted."""
    order: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    circles: list[list[str]] = []

    def visit(module: str) -> None:  # Tarjan's algorithm
        order[module] = low[module] = len(order)
        stack.append(module)
        for target in sorted(graph.get(module, ())):
            if target not in order:
                visit(target)
                low[module] = min(low[module], low[target])
            elif target in stack:
                low[module] = min(low[module], order[target])
        if low[module] == order[module]:
            component = []
            while True:
                member = stack.pop()
                component.append(member)
                if member == module:
                    break
            if len(component) > 1:
                circles.append(sorted(component))

    for module in sorted(graph):
        if module not in order:
            visit(module)
    return sorted(circles)


def test_no_two_modules_import_each_other() -> None:
    """No import circle anywhere in the package, however long, imports in functions and
    under TYPE_CHECKING included."""
    sources = {module: path.read_text(encoding="utf-8") for module, path in _modules()}
    assert import_circles(import_graph(sources)) == []


@pytest.mark.parametrize(
    ("sources", "circle"),
    [
        (
            {
                "chicago_protokoll.cli.read": "from .evening import settle_evening",
                "chicago_protokoll.cli.evening": "def f():\n    from .stats import read",
                "chicago_protokoll.cli.stats": "from .read import stake_parameter",
            },
            ["chicago_protokoll.cli.evening", "chicago_protokoll.cli.read", "chicago_protokoll.cli.stats"],
        ),
        (
            {
                "chicago_protokoll.present.dialogue": (
                    "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                    "    from .dialogue_edit import CorrectFile"
                ),
                "chicago_protokoll.present.dialogue_edit": "from .dialogue import Ask, Say",
            },
            ["chicago_protokoll.present.dialogue", "chicago_protokoll.present.dialogue_edit"],
        ),
        (
            {
                "chicago_protokoll.core.__init__": "from . import game",
                "chicago_protokoll.core.game": "from chicago_protokoll.core import rules",
                "chicago_protokoll.core.rules": "",
            },
            ["chicago_protokoll.core", "chicago_protokoll.core.game"],
        ),
    ],
)
def test_an_import_circle_is_caught(sources: dict[str, str], circle: list[str]) -> None:
    """The circle checker itself: the two circles of the third round, and one through a
    package's __init__, are each found, with every module on them."""
    assert import_circles(import_graph(sources)) == [circle]


def test_imports_one_way_make_no_circle() -> None:
    """Modules that import along one direction only are no circle."""
    sources = {
        "chicago_protokoll.cli.read": "from .common import stake_parameter",
        "chicago_protokoll.cli.stats": "from .common import stake_parameter",
        "chicago_protokoll.cli.common": "from ..store.leaguefiles import read_games",
        "chicago_protokoll.store.leaguefiles": "from . import index",
        "chicago_protokoll.store.index": "",
    }
    assert import_circles(import_graph(sources)) == []


#: The longest a module may be: past it, a module holds more than one job (habits in
#: shared/docs/design.md, "Small modules with one job").
LONGEST_MODULE = 600

#: The modules allowed past `LONGEST_MODULE`, each with its reason.
LONG_ON_PURPOSE = {
    # One class with one job, the game's state advanced by one event: cut into three
    # files by inheritance (DealState -> PlayChecks -> Game) it was one class read in
    # three places, each needing the other two (issue 38, "One class, one place").
    "chicago_protokoll.core.game": "Game, the replay engine, is one class in one place",
}


def test_no_module_is_over_600_lines() -> None:
    """Every module of the package has at most 600 lines, but the one named with its
    reason; split one by job when it grows."""
    long = {
        module: lines
        for module, path in _modules()
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) > LONGEST_MODULE
    }
    assert set(long) == set(LONG_ON_PURPOSE)


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def private_imports(source: str, module: str) -> list[str]:
    """Each private name of another module of the package that ``module`` imports
    (``from .x import _name``) or reaches through a name it imported (``x._name``)."""
    package_parts = module.split(".")[:-1]
    found: list[str] = []
    bound: dict[str, str] = {}  # a name imported from the package -> where it comes from
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = ".".join(package_parts[: len(package_parts) - node.level + 1])
                target = f"{base}.{node.module}" if node.module else base
            else:
                target = node.module or ""
            if target.split(".")[0] != "chicago_protokoll":
                continue
            for alias in node.names:
                if _private(alias.name):
                    found.append(f"{module} imports {target}.{alias.name}")
                bound[alias.asname or alias.name] = f"{target}.{alias.name}"
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "chicago_protokoll":
                    bound[alias.asname or alias.name.split(".")[0]] = alias.name
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and _private(node.attr)
            and isinstance(node.value, ast.Name)
            and node.value.id in bound
        ):
            found.append(f"{module} reaches {bound[node.value.id]}.{node.attr}")
    return found


#: Private imports waiting for their own change: none (the published pages' pieces of the
#: night sheet are public in present/night_facts.py).  Each one would be listed here, so a
#: new one fails all the same.
PRIVATE_IMPORTS_WAITING: set[str] = set()


def test_no_module_imports_a_private_name_of_another() -> None:
    """What two modules share is public (in a module of its own); a private name stays in
    its module: never imported, never reached through an imported name."""
    found = {
        problem
        for module, path in _modules()
        for problem in private_imports(path.read_text(encoding="utf-8"), module)
    }
    assert found - PRIVATE_IMPORTS_WAITING == set()
    # A waiting import that is gone leaves the list too: it never hides a new one.
    assert PRIVATE_IMPORTS_WAITING - found == set()


@pytest.mark.parametrize(
    ("module", "source", "problem"),
    [
        (
            "chicago_protokoll.cli.read",
            "from .common import _load, stake_parameter",
            "chicago_protokoll.cli.read imports chicago_protokoll.cli.common._load",
        ),
        (
            "chicago_protokoll.core.evening",
            "def f():\n    from chicago_protokoll.core.settle import _tidy",
            "chicago_protokoll.core.evening imports chicago_protokoll.core.settle._tidy",
        ),
        (
            "chicago_protokoll.serve.nightboard",
            "from . import board\nboard._stat(None)",
            "chicago_protokoll.serve.nightboard reaches chicago_protokoll.serve.board._stat",
        ),
        (
            "chicago_protokoll.present.evening",
            "import chicago_protokoll.present.export as export\nexport._md('x')",
            "chicago_protokoll.present.evening reaches chicago_protokoll.present.export._md",
        ),
        (
            "chicago_protokoll.cli.play",
            "from ..core.game import Game\nGame._known",
            "chicago_protokoll.cli.play reaches chicago_protokoll.core.game.Game._known",
        ),
    ],
)
def test_a_private_import_is_caught(module: str, source: str, problem: str) -> None:
    """The checker itself: a private name imported, in a function too, or reached through
    an imported module or class, is reported."""
    assert private_imports(source, module) == [problem]


def test_public_names_dunders_and_own_privates_are_not_private_imports() -> None:
    """A public name, a dunder, the standard library's or Typer's privates, and a module's
    use of its own private names are no breach."""
    source = (
        "from __future__ import annotations\n"
        "import sys\n"
        "from typer._click import Context\n"
        "from .common import stake_parameter, __doc__\n"
        "def _own():\n    return sys._getframe()\n"
        "_own()\nself._x\n"
    )
    assert private_imports(source, "chicago_protokoll.cli.read") == []


# -- the readers of text ---------------------------------------------------------------

# The readers that turn what a person typed or said into a claim or a taking
# (`core.claims`).  A value is never printed to text to be read again: every other
# front end builds the value (the phone from its choices), and the core takes values.
TEXT_READERS = {
    "claim",
    "spoken_claim",
    "parse_claim",
    "taking",
    "parse_taking",
    "spoken_last_trick",
    "typed_deal",
    "typed_exchanges",
}
# Who may call them: the command line, `play`'s dialogue, and the paper protocol's
# import; and claims itself.
TEXT_READER_CALLERS = ("chicago_protokoll.cli.", "chicago_protokoll.present.dialogue")
TEXT_READER_MODULES = {
    "chicago_protokoll.core.claims",
    "chicago_protokoll.core.paper",
    "chicago_protokoll.store.paper_import",
}


def text_reader_calls(source: str) -> list[str]:
    """The text readers ``source`` calls (``claims.claim(...)`` or a name imported
    from ``claims``), by name, in order."""
    tree = ast.parse(source)
    imported = {
        alias.asname or alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and (node.module or "").endswith("claims")
        for alias in node.names
        if alias.name in TEXT_READERS
    }
    called = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        if isinstance(func, ast.Attribute) and func.attr in TEXT_READERS:
            if isinstance(func.value, ast.Name) and func.value.id == "claims":
                called.append(func.attr)
        elif isinstance(func, ast.Name) and func.id in imported:
            called.append(func.id)
    return called


def _may_read_text(module: str) -> bool:
    return module.startswith(TEXT_READER_CALLERS) or module in TEXT_READER_MODULES


@pytest.mark.parametrize(("module", "path"), _modules(), ids=[m for m, _ in _modules()])
def test_text_is_read_into_a_claim_only_at_the_edge(module: str, path: Path) -> None:
    """The command line, `play`'s dialogue and the import read text; nobody else does."""
    if _may_read_text(module):
        return
    assert text_reader_calls(path.read_text(encoding="utf-8")) == [], module


def test_a_text_reader_called_past_the_edge_is_caught() -> None:
    """The phone's form printing its claim and reading it again, as it once did."""
    breach = (
        "from ..core import claims\n"
        "def buy(game, form):\n"
        "    return claims.claim(game, Claim.from_choices(form['who']).text())\n"
    )
    assert not _may_read_text("chicago_protokoll.serve.recorder")
    assert text_reader_calls(breach) == ["claim"]
    # Imported under another name, it is caught by that name.
    assert text_reader_calls("from ..core.claims import spoken_claim as s\ns(g, t)\n") == ["s"]
