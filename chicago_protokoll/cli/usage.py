"""Usage lines say ``chicago new [OPTIONS] NAME PLAYER PLAYER...``, not Typer's ``{NAME}``.

Typer writes a required argument in braces in the usage line; the convention of
man pages and of Click itself is the bare name (optional ones keep their ``[...]``).
`use` unwraps the braces on Typer's argument class, for this process only.
"""

from typing import Any

from typer.core import TyperArgument

_typer_make_metavar = TyperArgument.make_metavar


def _make_metavar(self: TyperArgument, ctx: Any, *, usage: bool = False) -> str:
    var: str = _typer_make_metavar(self, ctx, usage=usage)
    if usage and var.startswith("{") and var.endswith("}"):
        return var[1:-1]
    return var


def use() -> None:
    TyperArgument.make_metavar = _make_metavar  # type: ignore[method-assign]
