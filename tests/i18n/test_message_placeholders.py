"""Every message the code builds fills each placeholder its text names.

A message renders late (`Msg`), so a placeholder without its keyword would only fail
when the message is shown: at the table, as a KeyError.  This reads every call of
`Msg`, `t`, `tn` and `pt` in the package with `ast` and compares."""

from __future__ import annotations

import ast
import string
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "chicago_protokoll"
BUILDERS = {"Msg", "t", "tn", "pt"}


def _placeholders(text: str) -> set[str]:
    return {
        field.split(".")[0].split("[")[0]
        for _, field, _, _ in string.Formatter().parse(text)
        if field
    }


def _mismatches() -> list[str]:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
            texts = [
                arg.value
                for arg in node.args
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str)
            ]
            if name not in BUILDERS or not texts or any(k.arg is None for k in node.keywords):
                continue
            given = {k.arg for k in node.keywords if k.arg} | ({"n"} if name == "tn" else set())
            needed = set().union(*map(_placeholders, texts))
            if needed - given:
                where = f"{path.relative_to(PACKAGE)}:{node.lineno}"
                found.append(f"{where}: {sorted(needed - given)} not given")
    return found


def test_every_placeholder_of_a_message_is_given_a_value() -> None:
    """No message names a placeholder that its call leaves out."""
    assert _mismatches() == []
