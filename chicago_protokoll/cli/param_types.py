"""The parameter types of ``chicago``'s options and arguments, refusing in the chosen language.

Typer makes a Click type from each annotation (a ``Literal`` a choice, an ``int`` with
``min=``/``max=`` a range, a ``Path`` a path); the vendored Click words their refusals
with f-strings, in English.  Each command's class (cli/root.py) puts the type of this
module in place of Typer's (`localize`), with the same settings, so every refusal, the
range after an option's help (``[default: 80; 40<=x<=400]``) and a missing choice's list
are said through the catalogue.  In English each says exactly what Click says.

The base classes are named in cli/typer_seams.py, the one module that reaches into
Typer's private ``typer._click``.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Sequence
from typing import Any

from ..i18n.language import pt, t
from .typer_seams import (
    ChoiceType,
    FloatRangeType,
    FloatType,
    IntRangeType,
    IntType,
    PathType,
    escape_control_characters,
)


class Choice(ChoiceType):  # type: ignore[type-arg]
    """A choice (``--format``, ``--lang``): a word that is none of them is refused so."""

    def get_invalid_choice_message(self, value: Any, ctx: Any) -> str:
        choices = ", ".join(map(repr, self._normalized_mapping(ctx=ctx).values()))
        return t("{value} is not one of {choices}.", value=repr(value), choices=choices)

    def get_missing_message(self, param: Any, ctx: Any) -> str:
        choices = ",\n\t".join(self._normalized_mapping(ctx=ctx).values())
        return t("Choose from:\n\t{choices}", choices=choices)


class _Number:
    """A whole number or a number, refusing a word that is none in the chosen language."""

    _number_class: type[Any]

    def _parsed(self, value: Any, param: Any, ctx: Any) -> Any:
        try:
            return self._number_class(value)
        except ValueError:
            if self._number_class is int:
                said = t("{value} is not a whole number.", value=repr(value))
            else:
                said = t("{value} is not a number.", value=repr(value))
            self.fail(said, param, ctx)  # type: ignore[attr-defined]


class Integer(_Number, IntType):
    def convert(self, value: Any, param: Any, ctx: Any) -> Any:
        return self._parsed(value, param, ctx)


class Number(_Number, FloatType):
    def convert(self, value: Any, param: Any, ctx: Any) -> Any:
        return self._parsed(value, param, ctx)


def describe_range(low: Any, high: Any, low_open: bool, high_open: bool) -> str:
    """A range as Click writes it (``40<=x<=400``, ``x>=1``) in English, in words in another
    language: after an option's help and in the sentence that refuses a number."""
    if low is None:
        if high_open:
            return t("x<{max}", max=high)
        return t("x<={max}", max=high)
    if high is None:
        if low_open:
            return t("x>{min}", min=low)
        return t("x>={min}", min=low)
    if low_open and high_open:
        return t("{min}<x<{max}", min=low, max=high)
    if low_open:
        return t("{min}<x<={max}", min=low, max=high)
    if high_open:
        return t("{min}<=x<{max}", min=low, max=high)
    return t("{min}<=x<={max}", min=low, max=high)


class _Range(_Number):
    """Click's `_NumberRangeBase`, with its refusal and its description in the language."""

    min: Any
    max: Any
    min_open: bool
    max_open: bool
    clamp: bool

    def convert(self, value: Any, param: Any, ctx: Any) -> Any:
        number = self._parsed(value, param, ctx)
        below = self.min is not None and (number <= self.min if self.min_open else number < self.min)
        above = self.max is not None and (number >= self.max if self.max_open else number > self.max)
        if self.clamp and (below or above):
            # Click's clamping, which knows the bounds' open ends (no option clamps today)
            return super().convert(number, param, ctx)  # type: ignore[misc]
        if below or above:
            self.fail(  # type: ignore[attr-defined]
                t("{value} is not in the range {range}.", value=number, range=self._describe_range()),
                param,
                ctx,
            )
        return number

    def _describe_range(self) -> str:
        return describe_range(self.min, self.max, self.min_open, self.max_open)


class IntRange(_Range, IntRangeType):
    pass


class FloatRange(_Range, FloatRangeType):
    pass


# What a path is called, as a sentence about it starts ("File 'x' does not exist.").
_PATH_KINDS = {
    "file": lambda: pt("path kind", "File"),
    "directory": lambda: pt("path kind", "Directory"),
    "path": lambda: pt("path kind", "Path"),
}


class Path(PathType):
    """A path (``--file``, ``--rules``, ``publish FOLDER``): Typer's checks, said in the
    chosen language."""

    def convert(self, value: Any, param: Any, ctx: Any) -> Any:
        is_dash = self.file_okay and self.allow_dash and value in (b"-", "-")
        if is_dash:
            return self.coerce_path_result(value)
        path = os.path.realpath(value) if self.resolve_path else value
        kind = _PATH_KINDS[self.name]()
        name = repr(escape_control_characters(os.fsdecode(value)))
        try:
            status = os.stat(path)
        except OSError:
            if not self.exists:
                return self.coerce_path_result(path)
            self.fail(t("{kind} {name} does not exist.", kind=kind, name=name), param, ctx)
        if not self.file_okay and stat.S_ISREG(status.st_mode):
            self.fail(t("{kind} {name} is a file.", kind=kind, name=name), param, ctx)
        if not self.dir_okay and stat.S_ISDIR(status.st_mode):
            self.fail(t("{kind} {name} is a directory.", kind=kind, name=name), param, ctx)
        if self.readable and not os.access(path, os.R_OK):
            self.fail(t("{kind} {name} is not readable.", kind=kind, name=name), param, ctx)
        if self.writable and not os.access(path, os.W_OK):
            self.fail(t("{kind} {name} is not writable.", kind=kind, name=name), param, ctx)
        return self.coerce_path_result(path)


# Typer's type -> this module's, made with the same settings.
_OURS: dict[type[Any], Any] = {
    ChoiceType: lambda kind: Choice(kind.choices, kind.case_sensitive),
    IntRangeType: lambda kind: IntRange(kind.min, kind.max, kind.min_open, kind.max_open, kind.clamp),
    FloatRangeType: lambda kind: FloatRange(
        kind.min, kind.max, kind.min_open, kind.max_open, kind.clamp
    ),
    IntType: lambda kind: Integer(),
    FloatType: lambda kind: Number(),
    PathType: lambda kind: Path(
        exists=kind.exists,
        file_okay=kind.file_okay,
        dir_okay=kind.dir_okay,
        writable=kind.writable,
        readable=kind.readable,
        resolve_path=kind.resolve_path,
        allow_dash=kind.allow_dash,
        path_type=kind.type,
    ),
}


def _localized(kind: Any) -> Any:
    """The type of this module with the same settings as Typer's ``kind`` (its exact class:
    a subclass is someone's own); any other type as it is (tests/cli/test_vendored_click.py
    fails on a type whose refusal would be English)."""
    make = _OURS.get(type(kind))
    return kind if make is None else make(kind)


def localize(params: Sequence[Any]) -> None:
    """Give every parameter the type of this module in place of Typer's: a command's class
    calls it as the command is made, as it names the metavars."""
    for param in params:
        param.type = _localized(param.type)

