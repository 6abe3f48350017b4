"""`dataclasses.dataclass`, cheaper to apply: the core's classes cost less at every start.

The standard decorator writes each method it adds as source text and compiles
it: six compilations for a frozen class, about 150 for the scoring core, which
made up three quarters of the time ``import chicago_protokoll.game`` took
(docs/latency.md).  This one lets the standard decorator make only what needs
the class's own code (``__init__``, and ``__setattr__``/``__delattr__`` for a
frozen class) and adds ``__repr__``, ``__eq__`` and ``__hash__`` as ready-made
functions that do exactly what the generated ones do: the same fields, the same
comparison of field tuples, the same hash, the same text, the same "..." for a
recursive repr.  Classes that define one of those methods themselves, or ask
for ``order``, ``unsafe_hash`` or ``slots``, go to the standard decorator
unchanged.  tests/fast/test_dataclass.py compares the two.

Type checkers see `dataclasses.dataclass` itself.
"""

from __future__ import annotations

import dataclasses
from _thread import get_ident

TYPE_CHECKING = False
if TYPE_CHECKING:
    from dataclasses import dataclass
else:

    def dataclass(cls=None, /, **options):
        """`dataclasses.dataclass` with the same arguments and the same result."""

        def wrap(cls):
            return _process(cls, options)

        return wrap if cls is None else wrap(cls)


_OWN = ("__repr__", "__eq__", "__hash__")


def _process(cls: type, options: dict[str, object]) -> type:
    if (
        any(name in cls.__dict__ for name in _OWN)
        or options.get("order")
        or options.get("unsafe_hash")
        or options.get("slots")
    ):
        return dataclasses.dataclass(cls, **options)  # type: ignore[call-overload, no-any-return]
    repr_ = options.get("repr", True)
    eq = options.get("eq", True)
    frozen = options.get("frozen", False)
    made: type = dataclasses.dataclass(cls, **{**options, "repr": False, "eq": False})  # type: ignore[call-overload]
    fields = dataclasses.fields(made)
    if repr_:
        _set(made, "__repr__", _repr_of(tuple(f.name for f in fields if f.repr)))
    if eq:
        _set(made, "__eq__", _eq_of(tuple(f.name for f in fields if f.compare)))
        if frozen:
            hashed = tuple(f.name for f in fields if (f.compare if f.hash is None else f.hash))
            _set(made, "__hash__", _hash_of(hashed))
        else:
            made.__hash__ = None  # type: ignore[assignment]  # as dataclasses does: eq without frozen
    return made


def _set(cls: type, name: str, function: object) -> None:
    function.__qualname__ = f"{cls.__qualname__}.{name}"  # type: ignore[attr-defined]
    setattr(cls, name, function)


def _repr_of(names: tuple[str, ...]) -> object:
    running: set[tuple[int, int]] = set()

    def __repr__(self: object) -> str:
        key = id(self), get_ident()
        if key in running:
            return "..."
        running.add(key)
        try:
            inner = ", ".join(f"{name}={getattr(self, name)!r}" for name in names)
            return f"{self.__class__.__qualname__}({inner})"
        finally:
            running.discard(key)

    return __repr__


def _eq_of(names: tuple[str, ...]) -> object:
    def __eq__(self: object, other: object) -> bool:
        if other.__class__ is self.__class__:
            # tuples, as the generated method compares: an object equals itself even
            # where its == says otherwise (a NaN)
            return tuple([getattr(self, name) for name in names]) == tuple(
                [getattr(other, name) for name in names]
            )
        return NotImplemented

    return __eq__


def _hash_of(names: tuple[str, ...]) -> object:
    def __hash__(self: object) -> int:
        return hash(tuple([getattr(self, name) for name in names]))

    return __hash__


__all__ = ["dataclass"]
