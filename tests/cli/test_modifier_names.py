"""A new player may not be called by a word of a claim (issue 38): the readers take
``från``, ``nolla``, ``tvåa``... after a hand for the modifier, so a player called so
could not be told apart from it.  Every word of every language in `claims.MODIFIERS` is
refused where a name is typed — `new`, `again --add`, `night new`, `night join` — with
one sentence naming the word and where it stands, and nothing written; a file that
already holds such a name still loads and plays, as a look-alike name's does."""

from __future__ import annotations

from pathlib import Path

import pytest

from chicago_protokoll.core.claims import MODIFIER_NAMES
from chicago_protokoll.core.names import RESERVED_NAMES
from chicago_protokoll.store import sessionfile
from cli_support import ok, refused, session_file

# Every word of every row, in both languages, and some in another case.
WORDS = [*sorted(MODIFIER_NAMES), "Zero", "FRÅN", "Nolla", "TVÅ"]
NINE = ("Anna", "Bo", "Cilla", "Dag", "Eva", "Fia", "Gun", "Hugo", "Ida")


def _files(home: Path) -> dict[Path, bytes]:
    """Every file under the home folder, with its bytes: what a refusal leaves alone."""
    return {path: path.read_bytes() for path in sorted(home.rglob("*")) if path.is_file()}


@pytest.mark.parametrize("word", WORDS)
def test_new_refuses_a_player_called_by_a_word_of_a_claim(chicago_home: Path, word: str) -> None:
    before = _files(chicago_home)
    error = refused("new", "fredag", "Anna", "Bo", word)
    assert f"'{word}'" in error
    assert "cannot be a player's name" in error
    # 'tie' and 'lika' answer "who?" and were refused as such before the table had them.
    reason = "it means something else" if word in RESERVED_NAMES else "is a word of a claim"
    assert reason in error
    assert _files(chicago_home) == before
    assert not session_file("fredag").exists()


def test_the_refusal_shows_where_the_word_stands(chicago_home: Path) -> None:
    assert refused("new", "fredag", "Anna", "från") == (
        "chicago: 'från' is a word of a claim (PLAYER:HAND:från:OPPONENT) "
        "and cannot be a player's name"
    )
    assert "(PLAYER:HAND:nolla)" in refused("new", "fredag", "Anna", "nolla")
    assert "(PLAYER:tvåa)" in refused("new", "fredag", "Anna", "tvåa")


def test_the_refusal_is_said_in_swedish(chicago_home: Path) -> None:
    error = refused("--lang", "sv", "new", "fredag", "Anna", "från")
    assert error == (
        "chicago: 'från' är ett av orden när en hand anmäls (SPELARE:HAND:från:MOTSPELARE) "
        "och kan inte vara namnet på en spelare"
    )


@pytest.mark.parametrize("word", ["från", "Nolla", "from"])
def test_again_add_refuses_a_player_called_by_a_word_of_a_claim(
    chicago_home: Path, word: str
) -> None:
    ok("new", "fredag", "Anna", "Bo", "Cilla")
    before = _files(chicago_home)
    assert f"'{word}' is a word of a claim" in refused("again", "--add", word)
    assert _files(chicago_home) == before
    assert not session_file("fredag-2").exists()


@pytest.mark.parametrize("word", ["fran", "zero", "tvåa"])
def test_night_new_refuses_a_player_called_by_a_word_of_a_claim(
    chicago_home: Path, word: str
) -> None:
    before = _files(chicago_home)
    assert f"'{word}' is a word of a claim" in refused("night", "new", "klubb", *NINE[:5], word)
    assert _files(chicago_home) == before


@pytest.mark.parametrize("word", ["från", "NOLLA", "two"])
def test_night_join_refuses_a_player_called_by_a_word_of_a_claim(
    chicago_home: Path, word: str
) -> None:
    ok("night", "new", "klubb", *NINE)
    before = _files(chicago_home)
    assert f"'{word}' is a word of a claim" in refused("night", "join", word)
    assert _files(chicago_home) == before


def test_a_name_holding_a_word_of_a_claim_still_seats(chicago_home: Path) -> None:
    """Only the word itself is refused: a name that merely contains one reads apart."""
    ok("new", "fredag", "Anna", "Nollan", "Fransson", "Bo från Borås")


def test_a_file_with_a_player_called_by_a_word_of_a_claim_still_loads_and_plays(
    chicago_home: Path,
) -> None:
    """Checked at entry only: a file an earlier release wrote keeps its names, and the
    word after ``från`` is always a player, so points still come off the player ``från``."""
    ok("new", "fredag", "Anna", "Bo", "--preset", "from-opponent")
    path = session_file("fredag")
    path.write_text(path.read_text("utf-8").replace('"Bo"', '"från"'), "utf-8")
    assert sessionfile.load_session(path).players == ("Anna", "från")
    ok("deal", "--buy", "Anna:kåk:från:från", "--last-trick", "från")
    assert "från" in ok("status")
    ok("again")  # the seat kept keeps its name: only a new player is refused
