"""Names cut to a length where a page has no room for them whole, cut so that the players
of one table stay told apart: "Anna-Karin Johansson-Lindqvist" and "Anna-Karin
Johansson-Berg" cut at their start would both read "Anna-Karin Joh…"."""

from __future__ import annotations

from collections.abc import Sequence

ELLIPSIS = "…"


def _cuts(name: str, limit: int) -> list[str]:
    """The ways to show ``name`` in ``limit`` characters, the most readable first: whole,
    its start, its start and its end, then wider cuts of both up to the whole name."""
    if len(name) <= limit:
        return [name]
    head = limit - 1
    ways = [name[:head].rstrip() + ELLIPSIS]
    ends = limit // 2
    ways.append(name[: limit - ends - 1].rstrip() + ELLIPSIS + name[-ends:].lstrip())
    for wider in range(limit + 1, len(name)):
        ends = wider // 2
        ways.append(name[: wider - ends - 1].rstrip() + ELLIPSIS + name[-ends:].lstrip())
    ways.append(name)
    return ways


def told_apart(names: Sequence[str], limit: int) -> dict[str, str]:
    """Each of ``names`` as shown in about ``limit`` characters, no two alike: a cut that
    two names share is widened (for both) until they differ, up to the whole name."""
    ways = {name: _cuts(name, limit) for name in names}
    chosen = dict.fromkeys(names, 0)
    while True:
        shown = {name: ways[name][chosen[name]] for name in names}
        seen: dict[str, list[str]] = {}
        for name, text in shown.items():
            seen.setdefault(text, []).append(name)
        clashes = [group for group in seen.values() if len(group) > 1]
        if not clashes:
            return shown
        moved = False
        for group in clashes:
            for name in group:
                if chosen[name] < len(ways[name]) - 1:
                    chosen[name] += 1
                    moved = True
        if not moved:  # the same name twice: nothing tells them apart but their seat
            return shown
