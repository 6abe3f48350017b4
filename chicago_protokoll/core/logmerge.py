"""Three-way merges of what two machines recorded from one common file: a pure function of
three values, symmetric in its two sides (the club folder's merge, docs/club.md).

Two shapes are merged here, each generic, so that every file of ours merges by the same
two rules:

- `merge_log`: an ordered log whose entries carry an identity (a session's events, its
  corrections).  An entry of BASE that either side removed is removed; an identity either
  side took back never comes back; each side's new entries keep their place after the
  entry that preceded them in that side's log; where both sides added after the same
  entry, the run whose first entry comes first by ``order`` goes first, then the one
  whose first identity is smaller.  Every tie is broken by what the runs hold, never by
  which side they came from, so ``merge(B, x, y) == merge(B, y, x)``.
- `merge_keyed`: items known by a key (a night's joins and leaves, its tables).  Each
  side's additions are kept, a removal on one side is kept where the other left the item
  as it was, and the same key with different content is a conflict.  Items may be grouped
  (a round's draw): a group added on both sides must be the same group.

A merge that cannot decide raises `MergeConflict`, which names what two people must decide.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import TypeVar

from ..i18n.language import Msg
from .errors import ChicagoError

T = TypeVar("T")
K = TypeVar("K", bound=Hashable)


class MergeConflict(ChicagoError):
    """Two sides recorded what no rule can join; ``deal`` is the deal it is about, if any.

    ``kind`` says what a person decides (``"deal"``, ``"two-games"``, ``"night"``, or ""
    for anything else), and ``sides`` holds, per deal that differs, (deal, this side's
    entries, the other side's entries): the words are the presentation's to choose
    (`present.conflicts`), never event type names."""

    def __init__(
        self,
        message: Msg,
        *,
        deal: int | None = None,
        kind: str = "",
        sides: tuple[tuple[int, tuple[object, ...], tuple[object, ...]], ...] = (),
    ) -> None:
        self.deal = deal
        self.kind = kind
        self.sides = sides
        super().__init__(message)


def merge_log(
    base: Sequence[T],
    ours: Sequence[T],
    theirs: Sequence[T],
    *,
    ident: Callable[[T], str],
    order: Callable[[T], int],
    dropped: Iterable[str] = (),
    changed: Callable[[T, T], Msg],
) -> list[T]:
    """The log both sides lead to from ``base``: see the module docstring.

    ``dropped`` are identities taken back anywhere (they are left out wherever they
    stand); ``changed(one, other)`` words the conflict of one identity that holds
    different content on two of the three logs.
    """
    gone = set(dropped)
    base_by_id = {ident(entry): entry for entry in base}
    sides = (ours, theirs)
    # One identity is one entry: the same content wherever it stands.
    seen: dict[str, T] = dict(base_by_id)
    for side in sides:
        for entry in side:
            key = ident(entry)
            known = seen.setdefault(key, entry)
            if known != entry:
                raise MergeConflict(changed(known, entry))
    kept = [{ident(entry) for entry in side} for side in sides]
    for key in base_by_id:
        if key not in kept[0] or key not in kept[1]:
            gone.add(key)
    # Each side's new entries, in runs after the BASE entry before them (None: the start).
    runs: dict[str | None, list[tuple[T, ...]]] = {}
    for side in sides:
        anchor: str | None = None
        run: list[T] = []
        for entry in side:
            key = ident(entry)
            if key in base_by_id:
                if run:
                    runs.setdefault(anchor, []).append(tuple(run))
                    run = []
                anchor = key
            else:
                run.append(entry)
        if run:
            runs.setdefault(anchor, []).append(tuple(run))
    merged: list[T] = []
    placed: set[str] = set()

    def place(entries: Iterable[T]) -> None:
        for entry in entries:
            key = ident(entry)
            if key not in gone and key not in placed:
                placed.add(key)
                merged.append(entry)

    def run_order(run: tuple[T, ...]) -> tuple[int, str, tuple[str, ...]]:
        return (order(run[0]), ident(run[0]), tuple(ident(entry) for entry in run))

    for anchor in (None, *base_by_id):
        if anchor is not None:
            place((base_by_id[anchor],))
        for added in sorted(runs.get(anchor, ()), key=run_order):
            place(added)
    return merged


def merge_keyed(
    base: Sequence[T],
    ours: Sequence[T],
    theirs: Sequence[T],
    *,
    key: Callable[[T], K],
    group: Callable[[T], Hashable] | None = None,
    different: Callable[[T, T], Msg],
    removed_and_changed: Callable[[T], Msg],
    group_differs: Callable[[Hashable], Msg] | None = None,
    order: Callable[[T], Sequence[object]],
) -> list[T]:
    """Items by key, merged three-way (see the module docstring), in ``order``.

    ``different(one, other)`` words two versions of one key; ``removed_and_changed`` an
    item one side removed and the other changed; ``group_differs(g)`` a group both sides
    added, differently.
    """
    def by_key(items: Sequence[T]) -> dict[K, T]:
        return {key(item): item for item in items}

    old, mine, other = by_key(base), by_key(ours), by_key(theirs)
    result: dict[K, T] = {}
    for name in sorted(set(old) | set(mine) | set(other), key=repr):
        was, one, two = old.get(name), mine.get(name), other.get(name)
        if one == two:
            chosen = one
        elif one == was:
            chosen = two
        elif two == was:
            chosen = one
        elif one is None and two is not None:
            raise MergeConflict(removed_and_changed(two))
        elif two is None and one is not None:
            raise MergeConflict(removed_and_changed(one))
        else:
            assert one is not None and two is not None
            raise MergeConflict(different(one, two))
        if chosen is not None:
            result[name] = chosen
    if group is not None and group_differs is not None:
        # A group (a round's draw) added on both sides must be the same group whole: the
        # same tables, not the first tables alike and one side's extra.
        def added(items: dict[K, T]) -> dict[Hashable, set[K]]:
            groups: dict[Hashable, set[K]] = {}
            for name, item in items.items():
                if name not in old:
                    groups.setdefault(group(item), set()).add(name)
            return groups

        mine_groups, other_groups = added(mine), added(other)
        for drawn in sorted(set(mine_groups) & set(other_groups), key=repr):
            if mine_groups[drawn] != other_groups[drawn]:
                raise MergeConflict(group_differs(drawn))
    return sorted(result.values(), key=lambda item: tuple(order(item)))
