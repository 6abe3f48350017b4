"""The published site's pages as pure functions: player file names, relative links, and
the night's result state shown only where the night has one."""

from __future__ import annotations

import hashlib
import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st
from test_night_sheet import night

from chicago_protokoll.present.publish_pages import href
from chicago_protokoll.present.publish_site import player_path, player_slug, site_files

pytestmark = pytest.mark.usefixtures("english")


def test_a_players_file_is_the_ascii_of_the_nfkd_name_and_8_hex_of_the_nfc_sha256() -> None:
    decomposed = unicodedata.normalize("NFD", "Åsa Öberg")
    digest = hashlib.sha256("Åsa Öberg".encode()).hexdigest()[:8]
    assert player_slug("Åsa Öberg") == player_slug(decomposed) == f"AsaOberg-{digest}"
    assert player_path("Anna") == f"players/Anna-{hashlib.sha256(b'Anna').hexdigest()[:8]}.html"
    assert player_slug("張偉") == hashlib.sha256("張偉".encode()).hexdigest()[:8]


@given(st.text(min_size=1, max_size=40))
def test_a_players_file_name_is_plain_ascii_and_never_leaves_the_folder(name: str) -> None:
    slug = player_slug(name)
    assert slug.isascii() and "/" not in slug and not slug.startswith(".")
    assert slug[-8:] == hashlib.sha256(unicodedata.normalize("NFC", name).encode()).hexdigest()[:8]


def test_links_are_relative_to_the_page() -> None:
    assert href("nights/fredag/index.html", "games/fredag-r1-t1.html") == "../../games/fredag-r1-t1.html"
    assert href("index.html", "nights/fre dag/index.html") == "nights/fre%20dag/index.html"
    assert href("players/A-1.html", "index.html") == "../index.html"


def test_provisional_or_final_is_shown_only_when_the_night_has_a_result_state() -> None:
    """Stages and the close of a night come later: a status without ``result`` says
    neither word; one with it says it on the night's page and the index."""
    plain = site_files([night()], [], None)
    for path in ("index.html", "nights/fredag/index.html"):
        text = plain[path].decode()
        assert "provisional" not in text and ">final<" not in text
    for state in ("provisional", "final"):
        files = site_files([{**night(), "result": state}], [], None)
        for path in ("index.html", "nights/fredag/index.html"):
            assert f'<span class="state-label">{state}</span>' in files[path].decode()
        assert f'"result": "{state}"' in files["nights/fredag/results.json"].decode()
