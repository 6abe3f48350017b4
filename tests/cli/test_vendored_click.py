"""Every usage error the vendored Click (``typer._click`` in Typer 0.28) can raise reaches
the reader in the chosen language (issue 40, item 1).

Click words its errors with f-strings, in English.  These tests read its source (with
ast): every exception class and every raise or ``fail`` site is listed here with what says
it in the chosen language, and a Typer release that adds one, or rewords one, fails here
until it is said too.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest
import typer
import typer.main

import chicago_protokoll
from chicago_protokoll.cli import param_types, typer_seams
from chicago_protokoll.cli.app import app
from chicago_protokoll.i18n.language import set_language

TYPER = Path(typer.__file__).parent
PACKAGE = Path(chicago_protokoll.__file__).parent
# Typer's own modules that raise Click's errors: its group (core.py), its choice and path
# types (_types.py, models.py), and the callback checks (main.py).
TYPER_MODULES = ("core.py", "_types.py", "models.py", "main.py")

SEAM = "rendered from its fields by typer_seams.usage_message"
SENTENCE = "one of Click's sentences read back by typer_seams._CLICK_SENTENCES"
NO_TYPE = "a type no command uses (test_every_parameter_type_refuses_in_the_language)"

# Each exception class of the vendored Click and Typer, and what shows it.
CLASSES = {
    "TyperException": "the base: Click's exceptions are its subclasses",
    "ClickException": SEAM,
    "UsageError": SEAM,
    "BadParameter": SEAM,
    "MissingParameter": SEAM,
    "NoSuchOption": SEAM,
    "BadOptionUsage": SEAM,
    "BadArgumentUsage": SEAM,
    "FileError": SEAM,
    "NoArgsIsHelpError": "the help, shown in place of an error (in the language of the help)",
    "Abort": "'Aborted!' said by root.ChicagoGroup.invoke",
    "Exit": "an exit status, nothing said",
}

# Each raise or fail site: (module, function, exception or "fail", its arguments) -> what
# says it in the chosen language.
SITES = {
    ("_click/core.py", "Context.fail", "UsageError", "message, self"): "the message given (the project's, or one below)",
    ("_click/core.py", "Context.abort", "Abort", ""): CLASSES["Abort"],
    ("_click/core.py", "Context.exit", "Exit", "code"): CLASSES["Exit"],
    ("_click/core.py", "Command.parse_args", "NoArgsIsHelpError", "ctx"): CLASSES["NoArgsIsHelpError"],
    ("_click/core.py", "Command.parse_args", "fail", "f'Got unexpected extra argument(s) ({extra_args})'"): "root.ChicagoCommand.parse_args raises its own",
    ("_click/core.py", "Parameter.type_cast_value.check_iter", "BadParameter", "'Value must be an iterable.', ctx=ctx, param=self"): SENTENCE,
    ("_click/core.py", "Parameter.type_cast_value.convert", "BadParameter", "f'Takes {self.nargs} values but {len(value)} given.', ctx=ctx, param=self"): SENTENCE,
    ("_click/core.py", "Parameter.process_value", "MissingParameter", "ctx=ctx, param=self"): SEAM,
    ("_click/parser.py", "_Argument.process", "BadArgumentUsage", "f'Argument {self.dest!r} takes {self.nargs} values.'"): SENTENCE,
    ("_click/parser.py", "_OptionParser._match_long_opt", "NoSuchOption", "opt, possibilities=possibilities, ctx=self.ctx"): SEAM,
    ("_click/parser.py", "_OptionParser._match_long_opt", "BadOptionUsage", "opt, f'Option {opt!r} does not take a value.'"): SENTENCE,
    ("_click/parser.py", "_OptionParser._match_short_opt", "NoSuchOption", "opt, ctx=self.ctx"): SEAM,
    ("_click/parser.py", "_OptionParser._get_value_from_state", "BadOptionUsage", "option_name, f'Option {option_name!r} requires {msg}'"): SENTENCE,
    ("_click/termui.py", "prompt.prompt_func", "Abort", ""): "typer.prompt: no module of the package calls it",
    ("_click/termui.py", "confirm", "Abort", ""): "typer.confirm: no module of the package calls it (cli/ask.py asks)",
    ("_click/types.py", "ParamType.fail", "BadParameter", "message, ctx=ctx, param=param"): "the message given (by a type of cli/param_types.py)",
    ("_click/types.py", "FuncParamType.convert", "fail", "_escape_control_characters(value), param, ctx"): NO_TYPE,
    ("_click/types.py", "DateTime.convert", "fail", "f'{value!r} does not match the formats {formats_str}.', param, ctx"): NO_TYPE,
    ("_click/types.py", "_NumberParamTypeBase.convert", "fail", "f'{value!r} is not a valid {self.name}.', param, ctx"): "param_types.Integer, Number, IntRange, FloatRange",
    ("_click/types.py", "_NumberRangeBase.convert", "fail", "f'{rv} is not in the range {self._describe_range()}.', param, ctx"): "param_types.IntRange, FloatRange",
    ("_click/types.py", "BoolParamType.convert", "fail", "f'{value!r} is not a valid boolean. Recognized values: {states}', param, ctx"): "a flag: no text is converted (test_every_parameter_type_refuses_in_the_language)",
    ("_click/types.py", "UUIDParameterType.convert", "fail", "f'{value!r} is not a valid UUID.', param, ctx"): NO_TYPE,
    ("_click/types.py", "File.convert", "fail", "f\"'{filename}': {e.strerror}\", param, ctx"): NO_TYPE,
    ("_click/types.py", "Tuple.convert", "fail", "f'{len_type} values are required, but {len_value} given.', param=param, ctx=ctx"): NO_TYPE,
    ("_click/utils.py", "LazyFile.open", "FileError", "self.name, hint=e.strerror"): NO_TYPE,
    ("core.py", "_main", "Abort", ""): CLASSES["Abort"],
    ("core.py", "_main", "Exit", "130"): "Ctrl-C: root.ChicagoGroup.invoke says it first",
    ("core.py", "TyperGroup.parse_args", "NoArgsIsHelpError", "ctx"): CLASSES["NoArgsIsHelpError"],
    ("core.py", "TyperGroup.invoke", "fail", "_('Missing command.')"): SENTENCE,
    ("core.py", "TyperGroup._click_resolve_command", "fail", "_('No such command {name!r}.').format(name=original_cmd_name)"): "root._NamesItsCommands.resolve_command raises its own",
    ("_types.py", "TyperChoice.convert", "fail", "self.get_invalid_choice_message(value=value, ctx=ctx), param=param, ctx=ctx"): "param_types.Choice",
    ("models.py", "TyperPath.convert", "fail", "f'{self.name.title()} {_click.utils.format_filename(value)!r} does not exist.', param, ctx"): "param_types.Path",
    ("models.py", "TyperPath.convert", "fail", "f'{name} {loc} is a file.', param, ctx"): "param_types.Path",
    ("models.py", "TyperPath.convert", "fail", "f'{name} {loc} is a directory.', param, ctx"): "param_types.Path",
    ("models.py", "TyperPath.convert", "fail", "f'{name} {loc} is not readable.', param, ctx"): "param_types.Path",
    ("models.py", "TyperPath.convert", "fail", "f'{name} {loc} is not writable.', param, ctx"): "param_types.Path",
    ("main.py", "get_param_callback", "ClickException", "'Too many CLI parameter callback function parameters'"): "a callback written wrong: the app does not build (a bug, found by any test)",
    ("main.py", "get_param_completion", "ClickException", "f'Invalid autocompletion callback parameters: {show_params}'"): "a completion callback written wrong: the app does not build",
}


def _classes() -> set[str]:
    found = set()
    for path in (TYPER / "_click" / "exceptions.py", TYPER / "exceptions.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        found |= {node.name for node in tree.body if isinstance(node, ast.ClassDef)}
    return found


def _arguments(call: ast.Call) -> str:
    return ", ".join(
        [ast.unparse(arg) for arg in call.args]
        + [f"{keyword.arg}={ast.unparse(keyword.value)}" for keyword in call.keywords]
    )


def _sites_in(
    node: ast.AST, module: str, where: str, classes: set[str]
) -> Iterator[tuple[str, str, str, str]]:
    for child in ast.iter_child_nodes(node):
        name = where
        if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            name = f"{where}.{child.name}" if where else child.name
        if isinstance(child, ast.Raise) and isinstance(child.exc, ast.Call):
            func = child.exc.func
            raised = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
            if raised in classes:
                yield module, name, raised, _arguments(child.exc)
        if isinstance(child, ast.Call) and getattr(child.func, "attr", None) == "fail":
            yield module, name, "fail", _arguments(child)
        yield from _sites_in(child, module, name, classes)


def _sites() -> Iterator[tuple[str, str, str, str]]:
    """Every ``raise X(...)`` of one of the exception classes, and every ``….fail(...)``,
    with the function it is in."""
    classes = _classes()
    paths = sorted((TYPER / "_click").glob("*.py")) + [TYPER / name for name in TYPER_MODULES]
    for path in paths:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        yield from _sites_in(tree, path.relative_to(TYPER).as_posix(), "", classes)


def test_every_exception_class_of_the_vendored_click_is_said_in_the_language() -> None:
    assert _classes() == set(CLASSES)
    rendered = {cls.__name__ for cls in typer_seams.RENDERED_CLASSES}
    assert rendered == {name for name, how in CLASSES.items() if how == SEAM} | {
        "NoArgsIsHelpError"
    }


def test_every_raise_and_fail_site_of_the_vendored_click_is_said_in_the_language() -> None:
    """A site Typer adds, moves or rewords is a difference here: say it, then list it."""
    found = set(_sites())
    assert sorted(found - set(SITES)) == []  # new or reworded: say it, then list it here
    assert sorted(set(SITES) - found) == []  # gone: take it off the list


def _parameters(command: object) -> Iterator[tuple[str, object]]:
    for param in getattr(command, "params", []):
        yield getattr(command, "name", "chicago"), param
    for sub in getattr(command, "commands", {}).values():
        yield from _parameters(sub)


def test_every_parameter_type_refuses_in_the_language() -> None:
    """Each option and argument of every command has a type of cli/param_types.py, text
    (which refuses nothing) or is a flag: no type whose refusal would be Click's English."""
    ours = (
        param_types.Choice,
        param_types.Integer,
        param_types.Number,
        param_types.IntRange,
        param_types.FloatRange,
        param_types.Path,
    )
    whole = typer.main.get_command(app)
    for command, param in _parameters(whole):
        kind = param.type  # type: ignore[attr-defined]
        name = f"{command} {param.name}"  # type: ignore[attr-defined]
        if isinstance(kind, ours):
            continue
        if kind.name == "boolean":
            assert param.is_flag, name  # type: ignore[attr-defined]
        else:
            assert kind.name == "str", name
        # nargs of 1 (or any number, for an argument): Click's "Takes N values" cannot come
        assert param.nargs in (1, -1), name  # type: ignore[attr-defined]


def test_no_module_asks_through_clicks_english_questions() -> None:
    """typer.confirm says [y/N] and "Error: invalid input", typer.prompt "Error: …": the
    project asks through cli/ask.py."""
    offenders = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Attribute)
                and node.attr in ("confirm", "prompt")
                and isinstance(node.value, ast.Name)
                and node.value.id in ("typer", "click")
            ):
                offenders.append(f"{path.relative_to(PACKAGE)}:{node.lineno}")
    assert offenders == []


# Click's own sentences, made as Click makes them, and what they say at 1 and 2.
@pytest.mark.parametrize(
    ("error", "english", "swedish"),
    [
        (
            typer_seams.BadOptionUsage("--x", "Option '--x' requires an argument."),
            "Option '--x' requires an argument.",
            "Flaggan '--x' behöver ett värde.",
        ),
        (
            typer_seams.BadOptionUsage("--x", "Option '--x' requires 2 arguments."),
            "Option '--x' requires 2 arguments.",
            "Flaggan '--x' behöver 2 värden.",
        ),
        (
            typer_seams.BadOptionUsage("--x", "Option '--x' does not take a value."),
            "Option '--x' does not take a value.",
            "Flaggan '--x' tar inget värde.",
        ),
        (
            typer_seams.BadArgumentUsage("Argument 'x' takes 1 values."),
            "Argument 'x' takes 1 value.",
            "Argumentet 'x' tar 1 värde.",
        ),
        (
            typer_seams.BadArgumentUsage("Argument 'x' takes 2 values."),
            "Argument 'x' takes 2 values.",
            "Argumentet 'x' tar 2 värden.",
        ),
        (
            typer_seams.BadParameter("Takes 1 values but 3 given."),
            "Invalid value: Takes 1 value but 3 given.",
            "Ogiltigt värde: Tar 1 värde men fick 3.",
        ),
        (
            typer_seams.BadParameter("Takes 2 values but 3 given."),
            "Invalid value: Takes 2 values but 3 given.",
            "Ogiltigt värde: Tar 2 värden men fick 3.",
        ),
        (
            typer_seams.BadParameter("Value must be an iterable."),
            "Invalid value: Value must be an iterable.",
            "Ogiltigt värde: Värdet måste vara en lista.",
        ),
        (
            typer_seams.UsageError("Missing command."),
            "Missing command.",
            "Kommando saknas.",
        ),
        (
            typer_seams.MissingParameter(param_type="option", param_hint="'--x'"),
            "Missing option '--x'.",
            "Flagga saknas: '--x'.",
        ),
        (
            typer_seams.FileError("x.txt", "No such file or directory"),
            "Could not open file 'x.txt': No such file or directory",
            "Kunde inte öppna filen 'x.txt': No such file or directory",
        ),
    ],
)
def test_clicks_sentences_are_said_in_both_languages(
    error: typer_seams.ClickException, english: str, swedish: str
) -> None:
    try:
        set_language("en")
        assert typer_seams.usage_message(error) == english
        if "takes 1 values" not in error.message and "Takes 1 values" not in error.message:
            assert english == error.format_message()  # Click's own words, in English
        set_language("sv")
        assert typer_seams.usage_message(error) == swedish
    finally:
        set_language(None)
