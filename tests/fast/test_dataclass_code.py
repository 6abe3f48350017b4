"""fast.dataclass_code: the methods dataclasses compiles for the core, compiled once ahead.

The package must import without compiling a dataclass method, and each method taken
from the generated module must be the very code dataclasses would have compiled."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from pathlib import Path
from types import CodeType, FunctionType

import pytest

from chicago_protokoll.fast import dataclass as fast
from chicago_protokoll.fast.dataclass_code import FUNCTIONS

ROOT = Path(__file__).resolve().parents[2]


def _inner(code: CodeType) -> CodeType:
    """The method's code inside a ``__create_fn__`` factory."""
    return next(const for const in code.co_consts if isinstance(const, CodeType))


def _same_code(a: CodeType, b: CodeType) -> bool:
    return (a.co_code, a.co_names, a.co_varnames, a.co_freevars, a.co_argcount) == (
        b.co_code,
        b.co_names,
        b.co_varnames,
        b.co_freevars,
        b.co_argcount,
    ) and [c for c in a.co_consts if not isinstance(c, CodeType)] == [
        c for c in b.co_consts if not isinstance(c, CodeType)
    ]


def test_the_generated_methods_match_the_core_as_it_is() -> None:
    """scripts/generate_dataclass_code.py --check: regenerate after changing a core class."""
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "generate_dataclass_code.py"), "--check"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr


def test_importing_every_command_compiles_no_dataclass_method() -> None:
    """A start of `chicago` takes every dataclass method ready-made (docs/latency.md)."""
    program = (
        "import chicago_protokoll.cli.app, chicago_protokoll.core.settle, "
        "chicago_protokoll.core.compare\n"
        "from chicago_protokoll.fast import dataclass\n"
        "print(len(dataclass.MISSED))"
    )
    done = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == "0"


@pytest.mark.parametrize("text", list(FUNCTIONS), ids=range(len(FUNCTIONS)))
def test_each_ready_made_method_is_the_code_dataclasses_compiles(text: str) -> None:
    """Compiling the text dataclasses asked for gives the same code as the generated function."""
    compiled = compile(text, "<string>", "exec")
    factory = next(c for c in compiled.co_consts if isinstance(c, CodeType))
    generated = FUNCTIONS[text]
    assert isinstance(generated, FunctionType)
    assert _same_code(_inner(factory), _inner(generated.__code__))
    assert (
        factory.co_varnames[: factory.co_argcount]
        == generated.__code__.co_varnames[: generated.__code__.co_argcount]
    )


def test_a_class_not_generated_is_compiled_as_dataclasses_compiles_it() -> None:
    """A class the generated module does not know: fast.dataclass builds the same text and
    compiles it, so its methods are those of the standard decorator."""

    def body(decorate: object) -> type:
        @decorate(frozen=True)  # type: ignore[operator, misc]
        class Seat:
            player: str
            points: int = 0
            notes: list[str] = dataclasses.field(default_factory=list)

            def __post_init__(self) -> None:
                object.__setattr__(self, "points", self.points + 1)

        return Seat  # type: ignore[no-any-return]

    before = len(fast.MISSED)
    ours, standard = body(fast.dataclass), body(dataclasses.dataclass)
    assert len(fast.MISSED) > before  # compiled, not found
    for name in ("__init__", "__setattr__", "__delattr__"):
        assert _same_code(getattr(ours, name).__code__, getattr(standard, name).__code__), name
        assert getattr(ours, name).__module__ == getattr(standard, name).__module__
        assert getattr(ours, name).__qualname__ == getattr(standard, name).__qualname__
    assert ours("Anna").points == standard("Anna").points == 1
    with pytest.raises(dataclasses.FrozenInstanceError):
        ours("Anna").points = 3  # type: ignore[misc]
