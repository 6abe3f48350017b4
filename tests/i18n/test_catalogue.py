"""The text catalogue: message ids in the code, each language a ``.po`` compiled to the ``.mo``
the standard library's gettext reads, real plural forms, context, decimal commas, a new
language by dropping in a file, and English whatever is wrong with a catalogue."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from chicago_protokoll.core.errors import ChicagoError, RulesFileError, RuleViolation
from chicago_protokoll.i18n import language
from chicago_protokoll.i18n.language import (
    Msg,
    environment_language,
    number,
    pt,
    set_language,
    t,
    tn,
)
from msgfmt_support import compile_po

GERMAN = r"""
# a translator's comment
msgid ""
msgstr ""
"Language: de\n"
"Content-Type: text/plain; charset=UTF-8\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\n"
"X-Decimal-Separator: ,\n"

msgid "Nothing is recorded yet."
msgstr "Noch nichts "
"eingetragen."

#, python-brace-format
msgid "{n} point"
msgid_plural "{n} points"
msgstr[0] "{n} Punkt"
msgstr[1] "{n} Punkte"

#, fuzzy
msgid "Winner"
msgstr "Gewinnerin?"

#, python-brace-format
msgid "say \"{word}\"\tnow"
msgstr "sag \"{word}\"\tjetzt"

#, python-brace-format
msgid "stake {stake}"
msgstr "Einsatz {stake}"

msgid "it is empty"
msgstr "sie ist leer"

msgctxt "player name"
msgid "it is empty"
msgstr "er ist leer"
"""

POLISH_PLURALS = (
    'msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n'
    '"Plural-Forms: nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && '
    '(n%100<10 || n%100>=20) ? 1 : 2);\\n"\n\n'
    'msgid "{n} point"\nmsgid_plural "{n} points"\n'
    'msgstr[0] "{n} punkt"\nmsgstr[1] "{n} punkty"\nmsgstr[2] "{n} punktów"\n'
)

GETTEXT_VARIABLES = ("CHICAGO_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


def drop_in(folder: Path, lang: str, po_text: str, *, check: bool = True) -> None:
    """``xx.po`` written into the catalogue folder and compiled beside it, as a translator does."""
    (folder / f"{lang}.po").write_text(po_text, encoding="utf-8")
    compiled = compile_po(folder / f"{lang}.po", folder / f"{lang}.mo", check=check)
    assert compiled.returncode == 0, compiled.stderr


@pytest.fixture
def catalogues(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A catalogue folder with the package's Swedish and no language chosen by the machine."""
    for name in ("sv.po", "sv.mo"):
        (tmp_path / name).write_bytes((Path(language.__file__).parent / name).read_bytes())
    monkeypatch.setattr(language, "CATALOGUE_DIR", str(tmp_path))
    for variable in GETTEXT_VARIABLES:
        monkeypatch.delenv(variable, raising=False)
    yield tmp_path
    set_language(None)


@pytest.fixture
def german(catalogues: Path) -> Path:
    """The catalogue folder with a German catalogue dropped in beside the Swedish."""
    drop_in(catalogues, "de", GERMAN)
    return catalogues


def test_a_dropped_in_language_is_chosen_by_lang_and_environment(
    german: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert language.languages() == ("en", "de", "sv")
    monkeypatch.setenv("CHICAGO_LANG", "de")
    assert environment_language() == "de"
    monkeypatch.delenv("CHICAGO_LANG")
    monkeypatch.setenv("LC_ALL", "de_AT.UTF-8")
    assert environment_language() == "de"
    monkeypatch.setenv("LC_ALL", "fr_FR.UTF-8")  # no fr.po: English
    assert environment_language() == "en"
    set_language("de")
    assert t("Nothing is recorded yet.") == "Noch nichts eingetragen."  # a continued line
    assert t("Winner") == "Winner"  # fuzzy, not yet a translation: the English text
    assert t('say "{word}"\tnow', word="hallo") == 'sag "hallo"\tjetzt'  # escapes
    assert tn("{n} point", "{n} points", 1) == "1 Punkt"
    assert tn("{n} point", "{n} points", 3) == "3 Punkte"


@pytest.mark.parametrize(
    ("variables", "chosen"),
    [
        ({"LANGUAGE": "sv:en"}, "sv"),
        ({"LANGUAGE": "fr:sv"}, "sv"),  # the first language of the list that has a catalogue
        ({"LANGUAGE": "en:sv"}, "en"),
        ({"LANGUAGE": "sv_SE:en", "LANG": "en_GB.UTF-8"}, "sv"),  # LANGUAGE before the locale
        ({"LANGUAGE": "", "LC_ALL": "sv_SE.UTF-8"}, "sv"),  # an empty one is not set
        ({"LC_ALL": "sv_SE.UTF-8", "LANG": "en_US.UTF-8"}, "sv"),
        ({"LC_MESSAGES": "sv_FI.UTF-8@euro", "LANG": "C"}, "sv"),
        ({"LANG": "sv_SE.UTF-8"}, "sv"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LANG": "POSIX"}, "en"),
        ({"LANGUAGE": "C:sv"}, "en"),  # C ends the list, as in gettext.find
        ({"LANG": "fr_FR.UTF-8"}, "en"),  # no catalogue: English
        ({}, "en"),
        ({"CHICAGO_LANG": "en", "LANGUAGE": "sv"}, "en"),  # CHICAGO_LANG first
        ({"CHICAGO_LANG": "sv", "LANGUAGE": "en"}, "sv"),
    ],
)
def test_the_language_follows_chicago_lang_then_gettexts_variables(
    catalogues: Path, monkeypatch: pytest.MonkeyPatch, variables: dict[str, str], chosen: str
) -> None:
    for name, value in variables.items():
        monkeypatch.setenv(name, value)
    assert environment_language() == chosen


def test_plural_rules_beyond_two_forms(catalogues: Path) -> None:
    drop_in(catalogues, "pl", POLISH_PLURALS)
    said = [Msg.counted("{n} point", "{n} points", n).localized("pl") for n in (1, 3, 5, 22)]
    assert said == ["1 punkt", "3 punkty", "5 punktów", "22 punkty"]


def test_english_has_real_plurals_without_a_catalogue() -> None:
    set_language("en")
    try:
        assert tn("{name} has {n} point", "{name} has {n} points", 1, name="Anna") == (
            "Anna has 1 point"
        )
        assert tn("{name} has {n} point", "{name} has {n} points", 2, name="Anna") == (
            "Anna has 2 points"
        )
    finally:
        set_language(None)


def test_one_english_text_can_have_two_translations_by_its_context(german: Path) -> None:
    """A file "is empty" (sie, die Datei) and a name "is empty" (er, der Name): gettext's
    msgctxt keeps the two apart, in the lazy and the immediate form alike."""
    assert Msg("it is empty").localized("de") == "sie ist leer"
    assert Msg.in_context("player name", "it is empty").localized("de") == "er ist leer"
    assert str(Msg.in_context("player name", "it is empty")) == "it is empty"
    assert Msg.in_context("player name", "it is empty") != Msg("it is empty")
    set_language("de")
    assert pt("player name", "it is empty") == "er ist leer"
    assert pt("a context with no entry", "it is empty") == "it is empty"


def test_swedish_names_an_empty_file_and_an_empty_name_each_in_its_gender() -> None:
    assert Msg("it is empty").localized("sv") == "den är tom"
    assert Msg.in_context("player name", "it is empty").localized("sv") == "det är tomt"


def test_swedish_writes_a_decimal_comma_english_a_point(german: Path) -> None:
    assert number(4.5, "sv") == "4,5"
    assert number(4.5, "en") == "4.5"
    assert number(3, "sv") == "3"
    assert Msg("stake {stake}", stake=0.5).localized("de") == "Einsatz 0,5"
    assert Msg("stake {stake:.2f}", stake=0.5).localized("sv") == "stake 0,50"
    assert str(Msg("stake {stake}", stake=0.5)) == "stake 0.5"


def test_an_error_from_the_core_is_rendered_in_the_language_it_is_printed_in(
    german: Path,
) -> None:
    error = ChicagoError(Msg("Nothing is recorded yet."))
    assert str(error) == "Nothing is recorded yet."
    assert error.localized("de") == "Noch nichts eingetragen."
    nested = ChicagoError(Msg("{error}; nothing was recorded", error=error))
    assert nested.localized("de").startswith("Noch nichts eingetragen.")
    violation = RuleViolation(Msg("Nothing is recorded yet."), rule="x", key="game.target")
    assert str(violation) == "Nothing is recorded yet. (house rule game.target)"
    problems = RulesFileError("a.toml", [Msg("{n} point", n=1), "plain"])
    assert problems.problems == ["1 point", "plain"]
    assert problems.localized("en") == "a.toml: 1 point; plain"


# -- a catalogue that cannot be read -------------------------------------------------------

SWEDISH_MO = (Path(language.__file__).parent / "sv.mo").read_bytes()


@pytest.mark.parametrize(
    "damage",
    [
        pytest.param(b"", id="empty"),
        pytest.param(b"\x00garbage" * 10, id="not a catalogue"),
        pytest.param(SWEDISH_MO[:12], id="cut in the header"),
        pytest.param(SWEDISH_MO[: len(SWEDISH_MO) // 2], id="cut in half"),
        pytest.param(SWEDISH_MO[:28] + b"\xff" * (len(SWEDISH_MO) - 28), id="overwritten"),
    ],
)
def test_a_damaged_catalogue_leaves_the_texts_english_and_says_so_once(
    catalogues: Path, capsys: pytest.CaptureFixture[str], damage: bytes
) -> None:
    (catalogues / "sv.mo").write_bytes(damage)
    set_language("sv")
    assert t("Nothing is recorded yet.") == "Nothing is recorded yet."
    assert tn("{n} point", "{n} points", 2) == "2 points"
    assert number(4.5) == "4.5"
    said = capsys.readouterr().err.splitlines()
    assert len(said) == 1
    assert said[0].startswith(f"chicago: cannot read the catalogue {catalogues / 'sv.mo'}: ")
    assert said[0].endswith(
        "; the texts are shown in English (compile sv.po with msgfmt: docs/translating.md)"
    )



@pytest.mark.parametrize("damage", [b"", SWEDISH_MO[:12]], ids=["empty", "cut in the header"])
def test_a_damaged_reads_domain_leaves_the_whole_catalogue_to_answer(
    catalogues: Path, capsys: pytest.CaptureFixture[str], damage: bytes
) -> None:
    """sv-reads.mo is only a shortcut into sv.mo: damaged, the whole catalogue answers
    every text, in Swedish, and nothing is said."""
    (catalogues / "sv-reads.mo").write_bytes(damage)
    set_language("sv")
    assert t("Nothing is recorded yet.") != "Nothing is recorded yet."
    assert tn("{n} point", "{n} points", 2) == "2 poäng"
    assert capsys.readouterr().err == ""

def test_a_po_dropped_in_without_its_mo_is_offered_and_shows_english(
    catalogues: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (catalogues / "de.po").write_text(GERMAN, encoding="utf-8")
    assert "de" in language.languages()
    assert Msg("Nothing is recorded yet.").localized("de") == "Nothing is recorded yet."
    assert "de.mo: there is no such file; " in capsys.readouterr().err


def test_a_translation_with_a_placeholder_the_program_does_not_fill_shows_the_english(
    catalogues: Path,
) -> None:
    """msgfmt -c refuses such a catalogue (tests/i18n/test_compiled_catalogue.py); one
    compiled without the check still gives the reader a sentence, not a traceback."""
    drop_in(
        catalogues,
        "de",
        'msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        'msgid "stake {stake}"\nmsgstr "Einsatz {einsatz}"\n',
        check=False,
    )
    assert Msg("stake {stake}", stake=2).localized("de") == "stake 2"


# -- start-up --------------------------------------------------------------------------------

OPENS = """
import sys
opened = []
sys.addaudithook(
    lambda event, args: opened.append(str(args[0]))
    if event == "open" and str(args[0]).endswith((".mo", ".po")) else None
)
from chicago_protokoll.i18n.language import Msg, number, set_language, t, tn
set_language(sys.argv[1])
t("Nothing is recorded yet.")
tn("{n} point", "{n} points", 2)
Msg("it is empty").localized(sys.argv[1])
number(4.5)
print([name.rpartition("/")[2] for name in opened], "gettext" in sys.modules)
"""


@pytest.mark.parametrize(
    ("lang", "opened"), [("en", "[] False"), ("sv", "['sv-reads.mo', 'sv.mo'] True")]
)
def test_english_opens_no_catalogue_and_imports_no_gettext(lang: str, opened: str) -> None:
    """Swedish opens each of its catalogues once, however many texts: the reads domain,
    then the whole .mo behind it for the texts the domain does not hold (these); English
    never opens one."""
    done = subprocess.run(
        [sys.executable, "-c", OPENS, lang],
        capture_output=True,
        text=True,
        env={k: v for k, v in os.environ.items() if k not in GETTEXT_VARIABLES},
        timeout=60,
        check=True,
    )
    assert done.stdout.strip() == opened
