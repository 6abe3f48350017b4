"""The lists nobody keeps by hand, said outright: which event types the property tests
do not generate, and which commands docs/commands.md does not describe.  A new event
type or command fails here until it is generated and described (or named below, with
the reason)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from chicago_protokoll.core.events import EVENT_TYPES

TESTS = Path(__file__).resolve().parent
DOCS = TESTS.parent / "docs"

#: Event types the property tests (tests/core/test_replay_properties.py, `games()`)
#: never generate, with why: none.
NOT_GENERATED: dict[str, str] = {}

#: Commands docs/commands.md does not describe, with why: none.
NOT_DESCRIBED: dict[str, str] = {}


def _generated() -> set[str]:
    """The event classes the legal-event generators of the property tests construct:
    every call of a class by name in a function of tests/core/test_replay_properties.py
    that is neither a test nor `any_event` (which draws illegal events on purpose)."""
    source = (TESTS / "core" / "test_replay_properties.py").read_text(encoding="utf-8")
    made: set[str] = set()
    for node in ast.parse(source).body:
        if not isinstance(node, ast.FunctionDef) or node.name.startswith("test_"):
            continue
        if node.name == "any_event":
            continue
        for call in ast.walk(node):
            if isinstance(call, ast.Call) and isinstance(call.func, ast.Name):
                made.add(call.func.id)
    return made


@pytest.mark.parametrize("kind", sorted(EVENT_TYPES))
def test_the_property_tests_generate_every_event_type(kind: str) -> None:
    """Each event type of the file format is among the legal events `games()` draws (or
    named in NOT_GENERATED with the reason)."""
    generated = EVENT_TYPES[kind].__name__ in _generated()
    assert generated != (kind in NOT_GENERATED)


def _commands() -> list[str]:
    """Every command of ``chicago`` by its words (``night draw``), walked as
    scripts/generate_completions.py walks the Click tree."""
    from typing import Any

    import typer.main

    from chicago_protokoll.cli.app import app

    names: list[str] = []

    def walk(command: Any, path: str, parent: Any) -> None:
        ctx = command.make_context(path or "chicago", [], parent=parent, resilient_parsing=True)
        subcommands = command.list_commands(ctx) if getattr(command, "commands", {}) else []
        if path and not subcommands:
            names.append(path)
        for name in subcommands:
            sub = command.get_command(ctx, name)
            if sub is not None and not sub.hidden:
                walk(sub, f"{path} {name}".strip(), ctx)

    walk(typer.main.get_command(app), "", None)
    return names


def _described(name: str, text: str) -> bool:
    """Whether the docs show the command as typed: ``chicago NAME`` or `NAME ...` in
    backticks (a table row of docs/commands.md, a line of a how-to)."""
    words = re.escape(name)
    return re.search(rf"`(?:chicago )?{words}(?:[ `]|$)", text, re.M) is not None


def test_the_docs_describe_every_command() -> None:
    """Each command (each of a group's) is shown in README.md or docs/, or named in
    NOT_DESCRIBED with the reason."""
    text = "\n".join(
        path.read_text(encoding="utf-8")
        for path in [TESTS.parent / "README.md", *sorted(DOCS.glob("*.md"))]
    )
    missing = {name for name in _commands() if not _described(name, text)}
    assert missing == set(NOT_DESCRIBED)
