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

What the standard decorator still compiles, it need not compile on every start:
`scripts/generate_dataclass_code.py` writes the very texts it compiles for the
core's classes into `fast.dataclass_code`, compiled once into the byte-code
cache like any module.  While this decorator runs, dataclasses' ``_create_fn``
takes a function from there when asked for exactly that text, and compiles
anything else as before (a class changed since, another Python): slower,
never different.  Every text it had to compile is noted in `MISSED`.

Type checkers see `dataclasses.dataclass` itself.
"""

from __future__ import annotations

import dataclasses
import sys
from _thread import get_ident
from collections.abc import Callable, Mapping
from typing import Any, cast

from .dataclass_code import FUNCTIONS as _GENERATED
from .dataclass_code import PYTHON

# The Python whose dataclasses._create_fn this module's `_create_fn` repeats; elsewhere
# the standard decorator runs untouched.
_REPEATS = (3, 11)
# Texts written by another Python's dataclasses are not looked at.
FUNCTIONS = cast(
    "Mapping[str, Callable[..., object]]", _GENERATED if sys.version_info[:2] == PYTHON else {}
)

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
MISSED: list[str] = []  # the texts dataclasses had to compile: none, once generated
_CREATE_FN: Callable[..., object] | None = getattr(dataclasses, "_create_fn", None)
_MISSING = dataclasses.MISSING


def _create_fn(
    name: str,
    args: tuple[str, ...],
    body: tuple[str, ...],
    *,
    globals: dict[str, object] | None = None,
    locals: dict[str, object] | None = None,
    return_type: object = _MISSING,
) -> object:
    """dataclasses._create_fn of Python 3.11, with the text's function taken ready-compiled
    from FUNCTIONS when it is there: the same text, the same locals, the same result."""
    if locals is None:
        locals = {}
    return_annotation = ""
    if return_type is not _MISSING:
        locals["_return_type"] = return_type
        return_annotation = "->_return_type"
    joined = "\n".join(f"  {line}" for line in body)
    text = f" def {name}({','.join(args)}){return_annotation}:\n{joined}"
    text = f"def __create_fn__({', '.join(locals.keys())}):\n{text}\n return {name}"
    factory: Callable[..., object] | None = FUNCTIONS.get(text)
    if factory is None:
        MISSED.append(text)
        namespace: dict[str, Callable[..., object]] = {}
        exec(text, globals, namespace)
        factory = namespace["__create_fn__"]
    made: Any = factory(**locals)
    if globals is not None and "__name__" in globals:
        made.__module__ = globals["__name__"]  # as exec gives it
    return made


def _standard(cls: type, options: dict[str, object]) -> type:
    """``dataclasses.dataclass(cls, **options)``, its methods compiled ahead where possible."""
    if _CREATE_FN is None or sys.version_info[:2] != _REPEATS:
        return dataclasses.dataclass(cls, **options)  # type: ignore[call-overload, no-any-return]
    dataclasses._create_fn = _create_fn  # type: ignore[attr-defined]
    try:
        return dataclasses.dataclass(cls, **options)  # type: ignore[call-overload, no-any-return]
    finally:
        dataclasses._create_fn = _CREATE_FN  # type: ignore[attr-defined]


def _process(cls: type, options: dict[str, object]) -> type:
    if (
        any(name in cls.__dict__ for name in _OWN)
        or options.get("order")
        or options.get("unsafe_hash")
        or options.get("slots")
    ):
        return _standard(cls, options)
    repr_ = options.get("repr", True)
    eq = options.get("eq", True)
    frozen = options.get("frozen", False)
    made: type = _standard(cls, {**options, "repr": False, "eq": False})
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
