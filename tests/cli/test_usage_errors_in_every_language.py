"""Every kind of usage error is said in the reader's language (issue 40, item 1): under
``--lang sv`` and under ``LANGUAGE=sv`` each equals its catalogue rendering, in English it
is the English below (Click's words), and it exits 2 (a question given up: 1) with no
traceback.  Each runs as the installed ``chicago`` does, in its own process."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pexpect
import pytest

from chicago_protokoll.i18n.language import Msg

CHICAGO = Path(sys.executable).parent / "chicago"
LANGUAGE_VARIABLES = ("CHICAGO_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
PLAYERS = ("Anna", "Bo", "Cilla")

# How each run chooses its language: English, --lang sv, the environment's LANGUAGE=sv.
WAYS = {
    "en": ((), {"CHICAGO_LANG": "en"}),
    "--lang sv": (("--lang", "sv"), {}),
    "LANGUAGE=sv": ((), {"LANGUAGE": "sv"}),
}


def _environment(**variables: str) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if key not in LANGUAGE_VARIABLES}
    return {**env, "COLUMNS": "80", "NO_COLOR": "1", **variables}


def _chicago(way: str, *args: str) -> subprocess.CompletedProcess[str]:
    before, variables = WAYS[way]
    return subprocess.run(
        [str(CHICAGO), *before, *args],
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,  # no terminal: a question is refused, never asked
        env=_environment(**variables),
        timeout=60,
        check=False,
    )


def _lang(way: str) -> str:
    return "en" if way == "en" else "sv"


@dataclass(frozen=True)
class Kind:
    """One kind of usage error: the command line, the command whose usage is shown (None:
    Click shows none), the sentence after "Error:" as the catalogue renders it, and the
    English stderr in full."""

    name: str
    args: tuple[str, ...]
    command: str | None
    sentence: Callable[[], Msg]
    english: str


def _usage(command: str, sentence: str) -> str:
    return f"Try '{command} -h' for help.\n\nError: {sentence}\n"


KINDS = [
    Kind(
        "unknown command",
        ("nosuchcommand",),
        "chicago",
        lambda: Msg("No such command {name}.", name="'nosuchcommand'"),
        "Usage: chicago [OPTIONS] COMMAND [ARGS]...\n"
        + _usage("chicago", "No such command 'nosuchcommand'."),
    ),
    Kind(
        "unknown command, one it may have meant",
        ("exprt",),
        "chicago",
        lambda: Msg(
            "{message} Did you mean {commands}?",
            message=Msg("No such command {name}.", name="'exprt'"),
            commands="'export'",
        ),
        "Usage: chicago [OPTIONS] COMMAND [ARGS]...\n"
        + _usage("chicago", "No such command 'exprt'. Did you mean 'export'?"),
    ),
    Kind(
        "unknown option",
        ("deal", "--no-such-option"),
        "chicago deal",
        lambda: Msg("No such option: {name}", name="--no-such-option"),
        "Usage: chicago deal [OPTIONS]\n" + _usage("chicago deal", "No such option: --no-such-option"),
    ),
    Kind(
        "unknown option, ones it may have meant",
        ("compare", "--fil", "AS", "KS"),
        "chicago compare",
        lambda: Msg(
            "{message} (Possible options: {options})",
            message=Msg("No such option: {name}", name="--fil"),
            options="--file",
        ),
        "Usage: chicago compare [OPTIONS] HAND HAND...\n"
        + _usage("chicago compare", "No such option: --fil (Possible options: --file)"),
    ),
    Kind(
        "missing argument",
        ("compare",),
        "chicago compare",
        lambda: Msg("Missing argument {name}.", name="'HAND HAND...'"),
        "Usage: chicago compare [OPTIONS] HAND HAND...\n"
        + _usage("chicago compare", "Missing argument 'HAND HAND...'."),
    ),
    Kind(
        "option without its value",
        ("chart", "--width"),
        None,
        lambda: Msg.counted(
            "Option {name} requires an argument.",
            "Option {name} requires {n} arguments.",
            1,
            name="'--width'",
        ),
        "Error: Option '--width' requires an argument.\n",
    ),
    Kind(
        "bad choice",
        ("export", "--format", "pdf"),
        "chicago export",
        lambda: Msg(
            "Invalid value for {name}: {message}",
            name="'--format'",
            message=Msg(
                "{value} is not one of {choices}.",
                value="'pdf'",
                choices="'json', 'csv', 'md', 'html', 'protocol'",
            ),
        ),
        "Usage: chicago export [OPTIONS]\n"
        + _usage(
            "chicago export",
            "Invalid value for '--format': 'pdf' is not one of 'json', 'csv', 'md', 'html', 'protocol'.",
        ),
    ),
    Kind(
        "out of range",
        ("chart", "--width", "5"),
        "chicago chart",
        lambda: Msg(
            "Invalid value for {name}: {message}",
            name="'--width'",
            message=Msg(
                "{value} is not in the range {range}.",
                value=5,
                range=Msg("{min}<=x<={max}", min=40, max=400),
            ),
        ),
        "Usage: chicago chart [OPTIONS]\n"
        + _usage("chicago chart", "Invalid value for '--width': 5 is not in the range 40<=x<=400."),
    ),
    Kind(
        "not a whole number",
        ("chart", "--width", "wide"),
        "chicago chart",
        lambda: Msg(
            "Invalid value for {name}: {message}",
            name="'--width'",
            message=Msg("{value} is not a whole number.", value="'wide'"),
        ),
        "Usage: chicago chart [OPTIONS]\n"
        + _usage("chicago chart", "Invalid value for '--width': 'wide' is not a whole number."),
    ),
    Kind(
        "a folder where a file goes",
        ("status", "--file", "/"),
        "chicago status",
        lambda: Msg(
            "Invalid value for {name}: {message}",
            name="'--file' / '-f'",
            message=Msg(
                "{kind} {name} is a directory.",
                kind=Msg.in_context("path kind", "File"),
                name="'/'",
            ),
        ),
        "Usage: chicago status [OPTIONS]\n"
        + _usage("chicago status", "Invalid value for '--file' / '-f': File '/' is a directory."),
    ),
    Kind(
        "extra argument",
        ("status", "extra"),
        "chicago status",
        lambda: Msg.counted(
            "Got unexpected extra argument ({args})",
            "Got unexpected extra arguments ({args})",
            1,
            args="extra",
        ),
        "Usage: chicago status [OPTIONS]\n"
        + _usage("chicago status", "Got unexpected extra argument (extra)"),
    ),
    Kind(
        "extra arguments",
        ("status", "one", "two"),
        "chicago status",
        lambda: Msg.counted(
            "Got unexpected extra argument ({args})",
            "Got unexpected extra arguments ({args})",
            2,
            args="one two",
        ),
        "Usage: chicago status [OPTIONS]\n"
        + _usage("chicago status", "Got unexpected extra arguments (one two)"),
    ),
    Kind(
        "compare given one hand",
        ("compare", "AS"),
        "chicago compare",
        lambda: Msg(
            "Invalid value for {name}: {message}",
            name=Msg.in_context("metavar", "HAND"),
            message=Msg("give at least two hands"),
        ),
        "Usage: chicago compare [OPTIONS] HAND HAND...\n"
        + _usage("chicago compare", "Invalid value for HAND: give at least two hands"),
    ),
    Kind(
        "no terminal",
        ("sessions", "remove", "fredag"),
        "chicago sessions remove",
        lambda: Msg("there is no terminal to ask on: {flag} answers yes without asking", flag="--yes"),
        "Usage: chicago sessions remove [OPTIONS] NAME\n"
        + _usage(
            "chicago sessions remove",
            "there is no terminal to ask on: --yes answers yes without asking",
        ),
    ),
]


@pytest.fixture
def table() -> None:
    """A session ``fredag``, for the commands that need one to get as far as the error."""
    done = _chicago("en", "new", "fredag", *PLAYERS)
    assert done.returncode == 0, done.stderr


def _expected(kind: Kind, lang: str) -> list[str]:
    """The lines the catalogue renders for ``kind`` in ``lang`` after the usage line."""
    error = Msg("Error: {message}", message=kind.sentence()).localized(lang)
    if kind.command is None:
        return [error]
    hint = Msg("Try '{command} {option}' for help.", command=kind.command, option="-h")
    return [hint.localized(lang), "", error]


@pytest.mark.usefixtures("table")
@pytest.mark.parametrize("way", list(WAYS))
@pytest.mark.parametrize("kind", KINDS, ids=[kind.name for kind in KINDS])
def test_a_usage_error_is_its_catalogue_rendering_in_the_language_asked_for(
    kind: Kind, way: str
) -> None:
    done = _chicago(way, *kind.args)
    assert done.returncode == 2
    assert done.stdout == ""
    assert "Traceback" not in done.stderr
    lines = done.stderr.splitlines()
    lang = _lang(way)
    if kind.command is not None:
        usage, *lines = lines
        assert usage.startswith(Msg("Usage: ").localized(lang) + kind.command + " ")
    assert lines == _expected(kind, lang)
    if way == "en":
        assert done.stderr == kind.english


def test_the_swedish_of_each_kind_is_swedish() -> None:
    """The catalogue has a Swedish sentence for each kind: none is the English again."""
    for kind in KINDS:
        assert kind.sentence().localized("sv") != kind.sentence().localized("en"), kind.name


@pytest.mark.parametrize("way", list(WAYS))
def test_a_question_given_up_says_aborted_in_the_language_asked_for(way: str) -> None:
    """``sessions remove`` at a terminal asks in the language ([j/N] in Swedish); Ctrl-D
    gives the question up: "Aborted!" (Avbrutet!), exit 1, and the session is kept."""
    assert _chicago("en", "new", "fredag", *PLAYERS).returncode == 0
    before, variables = WAYS[way]
    child = pexpect.spawn(
        str(CHICAGO),
        [*before, "sessions", "remove", "fredag"],
        env={**_environment(**variables), "TERM": "dumb"},
        encoding="utf-8",
        timeout=60,
    )
    lang = _lang(way)
    child.expect_exact(Msg("{question} [y/N]: ", question="").localized(lang).strip())
    child.sendeof()
    child.expect(pexpect.EOF)
    child.close()
    said: Any = child.before
    assert child.exitstatus == 1
    assert Msg("Aborted!").localized(lang) in said
    assert "Traceback" not in said
    assert _chicago("en", "sessions", "show", "fredag").returncode == 0


@pytest.mark.parametrize(("answer", "removed"), [("ja", True), ("nej", False), ("j", True)])
def test_the_swedish_question_takes_ja_and_nej(answer: str, removed: bool) -> None:
    assert _chicago("en", "new", "fredag", *PLAYERS).returncode == 0
    child = pexpect.spawn(
        str(CHICAGO),
        ["--lang", "sv", "sessions", "remove", "fredag"],
        env={**_environment(), "TERM": "dumb"},
        encoding="utf-8",
        timeout=60,
    )
    child.expect_exact("[j/N]: ")
    child.sendline(answer)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == (0 if removed else 1)
    assert (_chicago("en", "sessions", "show", "fredag").returncode != 0) is removed


@pytest.mark.parametrize("way", list(WAYS))
def test_a_file_the_system_refuses_is_refused_in_the_language_asked_for(
    way: str, tmp_path: Path
) -> None:
    """`rules check` of a missing file: the system's reason in the reader's language, never
    its English ("No such file or directory") under Swedish."""
    missing = tmp_path / "house.toml"
    done = _chicago(way, "rules", "check", str(missing))
    assert done.returncode == 1
    reason = Msg("No such file or directory").localized(_lang(way))
    expected = Msg(
        "cannot use a file{where}: {strerror}", where=f" ({missing})", strerror=reason
    ).localized(_lang(way))
    assert done.stderr == f"chicago: {expected}\n"
    if way != "en":
        assert "No such file" not in done.stderr
