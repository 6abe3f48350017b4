"""A number echoed in a message is cut past 20 digits (`language.cut_numbers`): wherever a
refusal is shown (the terminal, the phone's page, `rules check`), in every language."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from chicago_protokoll.core.errors import ChicagoError, RulesFileError
from chicago_protokoll.i18n.language import Msg, cut_numbers

LONG_RUN = re.compile(r"\d{21}")


def test_a_number_past_20_digits_keeps_its_first_12_and_says_how_many_it_had() -> None:
    assert cut_numbers("not " + "7" * 5000 + ".", "en") == "not 777777777777… (5000 digits)."
    assert cut_numbers("1" * 21, "en") == "111111111111… (21 digits)"
    assert cut_numbers("1" * 21, "sv") == "111111111111… (21 siffror)"


def test_numbers_the_program_prints_itself_are_never_cut() -> None:
    """An entry's id (16 hex digits), a date, a total: 20 digits and fewer stay whole."""
    for text in ("id 0123456789abcdef", "2026-12-01 21:30", "12345678901234567890", "-1000000"):
        assert cut_numbers(text, "en") == text


@given(st.text(alphabet=st.sampled_from("0123456789 -x٣"), max_size=200))
def test_no_cut_message_holds_a_run_of_more_than_20_digits(text: str) -> None:
    cut = cut_numbers(text, "en")
    assert not LONG_RUN.search(cut)
    assert cut_numbers(cut, "en") == cut  # cutting twice (the core, then the terminal) is once
    if not LONG_RUN.search(text):
        assert cut == text


def test_a_refusal_cuts_its_numbers_in_the_language_it_is_shown_in() -> None:
    """The phone's pages show `ChicagoError.localized`, the terminal too."""
    error = ChicagoError(Msg("there is no deal {deal}: nothing is recorded yet", deal=10**30))
    assert error.localized("en") == "there is no deal 100000000000… (31 digits): nothing is recorded yet"
    assert str(error) == error.localized("en")
    assert "(31 siffror)" in error.localized("sv")


def test_a_rules_files_problems_are_cut_one_by_one() -> None:
    error = RulesFileError("r.toml", [Msg("{name} must be a whole number, not {value!r}", name="game.target", value="9" * 4000)])
    assert error.problems == ["game.target must be a whole number, not '999999999999… (4000 digits)'"]
    assert error.localized_problems("sv")[0].endswith("(4000 siffror)'")
