"""Names that read alike are refused where they are typed, never where a file is read
(cli.md, "Output files and bad input"): a name whose NFKC case fold equals a seated
one's, or does once the Cyrillic and Greek letters that look Latin are read as those, is
refused at `new`, `again --add`, `night new` and `night join`; and `again --drop Anna
--add Anna` is refused naming her instead of leaving her out."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from chicago_protokoll.core.names import reading_key
from chicago_protokoll.store import sessionfile
from cli_support import ok, refused, session_file

LOOKALIKES = [
    "\u0410nna",  # Cyrillic А
    "Ann\u0430",  # Cyrillic а
    "ＡＮＮＡ",  # full width
    "\u0391nna",  # Greek Alpha
    "ANNA",  # plain case: refused already, by the same sentence family
]
NINE = ("Anna", "Bo", "Cilla", "Dag", "Eva", "Fia", "Gun", "Hugo", "Ida")


@pytest.mark.parametrize("name", LOOKALIKES)
def test_new_refuses_a_name_that_reads_like_a_seated_one(chicago_home: Path, name: str) -> None:
    error = refused("new", "fredag", "Anna", "Bo", name)
    assert "Anna" in error
    assert not session_file("fredag").exists()


@pytest.mark.parametrize("name", LOOKALIKES[:4])
def test_again_add_refuses_a_name_that_reads_like_a_seated_one(
    chicago_home: Path, name: str
) -> None:
    ok("new", "fredag", "Anna", "Bo", "Cilla")
    assert "reads like 'Anna'" in refused("again", "--add", name)
    assert not session_file("fredag-2").exists()


@pytest.mark.parametrize("name", LOOKALIKES[:4])
def test_night_new_and_join_refuse_a_name_that_reads_like_one_in_the_night(
    chicago_home: Path, name: str
) -> None:
    assert "reads like 'Anna'" in refused("night", "new", "klubb", *NINE[:5], name)
    ok("night", "new", "klubb", *NINE)
    before = (chicago_home / "nights" / "klubb.toml").read_bytes()
    assert "reads like 'Anna'" in refused("night", "join", name)
    assert (chicago_home / "nights" / "klubb.toml").read_bytes() == before


def test_again_drop_and_add_of_one_player_is_refused_naming_her(chicago_home: Path) -> None:
    ok("new", "fredag", "Anna", "Bo", "Cilla")
    error = refused("again", "--drop", "Anna", "--add", "Anna")
    assert "Anna is both dropped and added" in error
    assert not session_file("fredag-2").exists()
    ok("again", "--drop", "Anna")
    assert [p["name"] for p in json.loads(ok("status", "--json"))["players"]] == ["Bo", "Cilla"]


def test_a_file_with_lookalike_names_still_loads_and_plays(chicago_home: Path) -> None:
    """The file reader never judges how names read: an earlier release may have let them in."""
    ok("new", "fredag", "Anna", "Bo")
    path = session_file("fredag")
    text = path.read_text("utf-8").replace('"Bo"', '"\u0410nna"')
    path.write_text(text, "utf-8")
    loaded = sessionfile.load_session(path)
    assert loaded.players == ("Anna", "\u0410nna")
    ok("deal", "--last-trick", "Anna")
    assert "Anna" in ok("status")


def test_distinct_names_still_seat(chicago_home: Path) -> None:
    ok("new", "fredag", "Anna", "Anni", "Ånna", "Änna")


@given(st.text(alphabet="abcdefghijklmnopqrstuvwxyzåäö", min_size=1, max_size=8))
def test_a_latin_name_reads_as_its_own_case_fold(name: str) -> None:
    assert reading_key(name) == reading_key(name.upper()) == name.casefold()
