"""A third language needs no code: a catalogue dropped in beside sv.po is chosen by --lang,
CHICAGO_LANG and the locale, for output, refusals and help alike (issue 13)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from chicago_protokoll.cli.app import app
from chicago_protokoll.i18n import language
from chicago_protokoll.i18n.language import set_language

GERMAN = """
msgid ""
msgstr ""
"Language: de\\n"
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

NO_LOCALE = {"CHICAGO_LANG": None, "LC_ALL": None, "LC_MESSAGES": None, "LANG": "C.UTF-8"}


@pytest.fixture(autouse=True)
def german(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    catalogues = tmp_path / "i18n"
    catalogues.mkdir()
    (catalogues / "sv.po").write_bytes((Path(language.__file__).parent / "sv.po").read_bytes())
    (catalogues / "de.po").write_text(GERMAN, encoding="utf-8")
    monkeypatch.setattr(language, "CATALOGUE_DIR", str(catalogues))
    yield
    set_language(None)


def invoke(*args: str, **env: str | None) -> Result:
    return CliRunner().invoke(app, list(args), prog_name="chicago", env={**NO_LOCALE, **env})


def test_lang_de_uses_the_dropped_in_catalogue() -> None:
    result = invoke("--lang", "de", "rules", "presets")
    assert result.exit_code == 0, result.output
    assert "die Grundregel: 52 Punkte" in result.stdout
    assert "tournament play" in result.stdout  # not translated yet: the English stays


def test_a_refusal_in_the_third_language_with_its_plural() -> None:
    assert invoke("new", "fredag", "Anna", "Bo", "Cilla").exit_code == 0
    invoke("buy", "pass")
    invoke("buy", "Anna:pair")
    result = invoke("declare", "Anna", CHICAGO_LANG="de")
    assert result.exit_code == 1
    assert "Anna hat 1 Punkt und darf nicht Chicago ansagen" in result.stderr


def test_a_locale_of_the_third_language_chooses_it() -> None:
    result = invoke("rules", "presets", LANG="de_DE.UTF-8")
    assert "die Grundregel" in result.stdout


def test_a_language_without_a_catalogue_is_a_usage_error() -> None:
    result = invoke("--lang", "fr", "rules", "presets")
    assert result.exit_code == 2
    assert "use en or de or sv" in result.output
