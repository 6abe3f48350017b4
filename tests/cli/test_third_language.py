"""A third language needs no code: a catalogue dropped in beside sv.po (de.po, compiled to
de.mo with msgfmt) is chosen by --lang, CHICAGO_LANG, LANGUAGE and the locale, for output,
refusals and help alike (issue 13).  The tests run a copy of the package with de.po and
de.mo added, as a translator would try it."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import chicago_protokoll
from msgfmt_support import compile_po

PACKAGE = Path(chicago_protokoll.__file__).parent
LANGUAGE_VARIABLES = (
    "CHICAGO_LANG",
    "LANGUAGE",
    "LC_ALL",
    "LC_MESSAGES",
    "LANG",
    "_CHICAGO_COMPLETE",
)

GERMAN = """
msgid ""
msgstr ""
"Language: de\\n"
"Content-Type: text/plain; charset=UTF-8\\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\\n"
"X-Decimal-Separator: ,\\n"

msgid "the main rule: 52 points, köpstopp at 46, Chicago ±15"
msgstr "die Grundregel: 52 Punkte, Kaufstopp bei 46, Chicago ±15"

msgid "List the built-in presets."
msgstr "Die eingebauten Regelsätze auflisten."

#, python-brace-format
msgid "{name} has {n} point and may not declare Chicago: it takes at least {min_score}"
msgid_plural "{name} has {n} points and may not declare Chicago: it takes at least {min_score}"
msgstr[0] "{name} hat {n} Punkt und darf nicht Chicago ansagen: nötig sind {min_score}"
msgstr[1] "{name} hat {n} Punkte und darf nicht Chicago ansagen: nötig sind {min_score}"
"""


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the package with de.po dropped in beside sv.po and compiled: nothing else
    changed."""
    root = tmp_path_factory.mktemp("with-german")
    shutil.copytree(
        PACKAGE, root / "chicago_protokoll", ignore=shutil.ignore_patterns("__pycache__")
    )
    catalogues = root / "chicago_protokoll" / "i18n"
    (catalogues / "de.po").write_text(GERMAN, encoding="utf-8")
    compiled = compile_po(catalogues / "de.po", catalogues / "de.mo")
    assert compiled.returncode == 0, compiled.stderr
    return root


def chicago(installed: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    variables = {k: v for k, v in os.environ.items() if k not in LANGUAGE_VARIABLES}
    return subprocess.run(
        [sys.executable, "-m", "chicago_protokoll", *args],
        capture_output=True,
        text=True,
        env={**variables, "PYTHONPATH": str(installed), "LANG": "C.UTF-8", **env},
        cwd=installed,
        timeout=60,
        check=False,
    )


def test_lang_de_uses_the_dropped_in_catalogue(installed: Path) -> None:
    result = chicago(installed, "--lang", "de", "rules", "presets")
    assert result.returncode == 0, result.stderr
    assert "die Grundregel: 52 Punkte" in result.stdout
    assert "tournament play" in result.stdout  # not translated yet: the English stays


def test_a_refusal_in_the_third_language_with_its_plural(installed: Path) -> None:
    assert chicago(installed, "new", "fredag", "Anna", "Bo", "Cilla").returncode == 0
    chicago(installed, "buy", "pass")
    chicago(installed, "buy", "Anna:pair")
    result = chicago(installed, "declare", "Anna", CHICAGO_LANG="de")
    assert result.returncode == 1
    assert "Anna hat 1 Punkt und darf nicht Chicago ansagen" in result.stderr


def test_a_locale_of_the_third_language_chooses_it(installed: Path) -> None:
    result = chicago(installed, "rules", "presets", LANG="de_DE.UTF-8")
    assert "die Grundregel" in result.stdout


def test_gettexts_language_list_chooses_it_before_the_locale(installed: Path) -> None:
    result = chicago(installed, "rules", "presets", LANGUAGE="de:en", LANG="sv_SE.UTF-8")
    assert "die Grundregel" in result.stdout
    assert result.stderr == ""


def test_the_help_lists_the_dropped_in_language_as_a_choice(installed: Path) -> None:
    assert "de" in chicago(installed, "--help").stdout.partition("--lang")[2].split("]")[0]
    result = chicago(installed, "--lang", "fr", "rules", "presets")
    assert result.returncode == 2
    assert "'fr' is not one of 'en', 'de', 'sv'" in result.stderr


def test_a_damaged_catalogue_costs_the_translation_not_the_command(
    installed: Path, tmp_path: Path
) -> None:
    """de.mo cut short: the command runs in English and says why in one line, no traceback."""
    damaged = tmp_path / "damaged"
    shutil.copytree(installed, damaged, ignore=shutil.ignore_patterns("__pycache__"))
    mo = damaged / "chicago_protokoll" / "i18n" / "de.mo"
    mo.write_bytes(mo.read_bytes()[:40])
    result = chicago(damaged, "--lang", "de", "rules", "presets")
    assert result.returncode == 0
    assert "the main rule: 52 points" in result.stdout
    assert result.stderr.count("\n") == 1
    assert result.stderr.startswith("chicago: cannot read the catalogue ")
    assert "the texts are shown in English" in result.stderr
