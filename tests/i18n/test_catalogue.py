"""The text catalogue: message ids in the code, each language in its own ``.po`` file,
real plural forms, decimal commas, and a new language by dropping in a file."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from chicago_protokoll.core.errors import ChicagoError, RulesFileError, RuleViolation
from chicago_protokoll.i18n import language
from chicago_protokoll.i18n.catalogue import from_text, parse
from chicago_protokoll.i18n.language import Msg, environment_language, number, set_language, t, tn

GERMAN = r'''
# a translator's comment
msgid ""
msgstr ""
"Language: de\n"
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

msgid "say \"{word}\"\tnow"
msgstr "sag \"{word}\"\tjetzt"

msgid "stake {stake}"
msgstr "Einsatz {stake}"
'''

POLISH_PLURALS = (
    'msgid ""\nmsgstr "Plural-Forms: nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && '
    '(n%100<10 || n%100>=20) ? 1 : 2);\\n"\n\n'
    'msgid "{n} point"\nmsgid_plural "{n} points"\n'
    'msgstr[0] "{n} punkt"\nmsgstr[1] "{n} punkty"\nmsgstr[2] "{n} punktów"\n'
)


@pytest.fixture
def german(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A catalogue directory with Swedish and a German file dropped in beside it."""
    (tmp_path / "sv.po").write_bytes((Path(language.__file__).parent / "sv.po").read_bytes())
    (tmp_path / "de.po").write_text(GERMAN, encoding="utf-8")
    monkeypatch.setattr(language, "CATALOGUE_DIR", str(tmp_path))
    yield tmp_path
    set_language(None)


def test_a_po_file_reads_continued_lines_escapes_plurals_and_skips_fuzzy() -> None:
    catalogue = from_text(GERMAN)
    assert catalogue.messages["Nothing is recorded yet."] == "Noch nichts eingetragen."
    assert catalogue.messages['say "{word}"\tnow'] == 'sag "{word}"\tjetzt'
    assert "Winner" not in catalogue.messages  # fuzzy: not yet a translation
    assert catalogue.plurals["{n} point"] == ["{n} Punkt", "{n} Punkte"]
    assert catalogue.decimal_separator == ","
    assert parse(GERMAN)[0].msgid == ""  # the header first


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
    assert t("Nothing is recorded yet.") == "Noch nichts eingetragen."
    assert t("Winner") == "Winner"  # no translation yet: the English text
    assert tn("{n} point", "{n} points", 1) == "1 Punkt"
    assert tn("{n} point", "{n} points", 3) == "3 Punkte"


def test_plural_rules_beyond_two_forms(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "pl.po").write_text(POLISH_PLURALS, encoding="utf-8")
    monkeypatch.setattr(language, "CATALOGUE_DIR", str(tmp_path))
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


@given(st.text(alphabet=st.characters(blacklist_categories=["Cs", "Cc"]), max_size=40))
def test_any_text_survives_the_po_quoting(text: str) -> None:
    quoted = text.replace("\\", "\\\\").replace('"', '\\"')
    catalogue = from_text(f'msgid "{quoted}x"\nmsgstr "{quoted}y"\n')
    assert catalogue.messages[f"{text}x"] == f"{text}y"


def test_the_parsed_catalogue_is_kept_beside_it_and_follows_every_change(
    german: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The cache (like a .pyc) gives what the .po says, and a changed .po is read again."""
    from chicago_protokoll.i18n import catalogue

    monkeypatch.setattr("sys.dont_write_bytecode", False)
    monkeypatch.setattr("sys.pycache_prefix", None)
    path = str(german / "de.po")
    first = catalogue._read(path)
    assert Path(catalogue.cache_path(path)).exists()
    cached = catalogue._read(path)
    assert (cached.messages, cached.plurals, cached.decimal_separator) == (
        first.messages,
        first.plurals,
        ",",
    )
    (german / "de.po").write_text(
        GERMAN.replace('msgstr "Einsatz {stake}"', 'msgstr "Einsatz: {stake}"'), encoding="utf-8"
    )
    assert catalogue._read(path).messages["stake {stake}"] == "Einsatz: {stake}"


def test_a_damaged_cache_is_read_past(german: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from chicago_protokoll.i18n import catalogue

    monkeypatch.setattr("sys.dont_write_bytecode", False)
    monkeypatch.setattr("sys.pycache_prefix", None)
    path = str(german / "de.po")
    catalogue._read(path)
    Path(catalogue.cache_path(path)).write_bytes(b"\x00garbage")
    assert catalogue._read(path).messages["Nothing is recorded yet."] == "Noch nichts eingetragen."


def test_no_cache_is_written_where_no_bytecode_is(
    german: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from chicago_protokoll.i18n import catalogue

    monkeypatch.setattr("sys.dont_write_bytecode", True)
    path = str(german / "de.po")
    assert catalogue._read(path).messages["Nothing is recorded yet."] == "Noch nichts eingetragen."
    assert not Path(catalogue.cache_path(path)).exists()
