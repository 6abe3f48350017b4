"""Text as Markdown shows it: the one escaping of every Markdown the package writes (the
protocol's export, the evening's settlement, the club night's sheet)."""

from __future__ import annotations

_ENTITIES = {"&": "&amp;", "<": "&lt;", ">": "&gt;"}
_SPECIAL = frozenset("\\`*_[]|~")


def markdown_text(text: str) -> str:
    """Text as Markdown shows it and nothing more: ``<``, ``>`` and ``&`` as entities (no
    HTML gets through to a renderer), and ``|`` (a table cell), ``\\``, backticks,
    emphasis and link brackets with a backslash."""
    return "".join(_ENTITIES.get(ch) or (f"\\{ch}" if ch in _SPECIAL else ch) for ch in text)
