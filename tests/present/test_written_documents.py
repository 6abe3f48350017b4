"""The written documents (the sheets, the results site, the league, the evening, the
table cards, the paper protocols) are templates (that no module makes markup is
tests/test_no_markup_outside_templates.py's, for the whole package); each
standalone document lets in only its own inline style, by hash, and says a night of
stages in stages and games."""

from __future__ import annotations

import base64
import hashlib
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st
from written_nights import LONG, TWIN, club_night

from chicago_protokoll.core.rules import HouseRules
from chicago_protokoll.i18n.language import set_language
from chicago_protokoll.present import publish_model
from chicago_protokoll.present.night_cards import night_cards_html
from chicago_protokoll.present.night_sheet import night_html
from chicago_protokoll.present.protocol_cards import protocol_cards_html
from chicago_protokoll.present.publish_site import site_files
from chicago_protokoll.present.short_names import told_apart

pytestmark = pytest.mark.usefixtures("english")


def standalone_documents() -> dict[str, str]:
    staged = club_night(12, staged=True)
    documents = {
        "night sheet": night_html(club_night(12)),
        "staged night sheet": night_html(staged),
        "table cards": night_cards_html(staged),
        "paper protocols": protocol_cards_html(staged, HouseRules()),
    }
    for path, data in site_files([club_night(12), staged], [], None).items():
        if path.endswith(".html"):
            documents[path] = data.decode("utf-8")
    return documents


def test_every_standalone_document_runs_only_its_own_style_by_hash_and_has_no_style_attribute() -> None:
    for name, document in standalone_documents().items():
        policy = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">', document)
        assert policy is not None, name
        rules = dict(rule.strip().split(" ", 1) for rule in policy[1].replace("&#39;", "'").split(";"))
        assert rules["default-src"] == "'none'" and "unsafe-inline" not in policy[1], name
        assert "*" not in policy[1], name
        styles = re.findall(r"<style>(.*?)</style>", document, re.S)
        assert len(styles) == 1, name
        digest = base64.b64encode(hashlib.sha256(styles[0].encode()).digest()).decode()
        assert rules["style-src"] == f"'sha256-{digest}'", name
        assert " style=" not in document and "<script" not in document, name


def test_a_night_of_stages_is_named_by_stage_and_game_on_its_sheets_and_pages() -> None:
    staged = club_night(12, staged=True)
    sheet = night_html(staged)
    assert "Stage 1" in sheet and "Stage 1, game 2" in sheet and "Round" not in sheet
    for document in (night_cards_html(staged), protocol_cards_html(staged, HouseRules())):
        assert "Stage 1, game 3 of 3" in document and "Round" not in document
    files = site_files([staged], [], None)
    for path in ("index.html", "nights/sm-dag-1/index.html"):
        assert "Round" not in files[path].decode(), path
        assert "Stage 1" in files[path].decode(), path


def test_a_night_of_stages_is_named_in_swedish_by_steg_and_parti() -> None:
    set_language("sv")
    cards = night_cards_html(club_night(12, staged=True))
    assert "Steg 1, parti 3 av 3" in cards and "Omgång" not in cards


@given(st.lists(st.text(alphabet="Aab -é", min_size=1, max_size=40), min_size=2, max_size=8, unique=True))
def test_names_cut_at_one_table_stay_told_apart(names: list[str]) -> None:
    shown = told_apart(names, 9)
    assert len(set(shown.values())) == len(names)
    for name in names:
        assert len(shown[name]) <= 9 or len(shown[name]) <= len(name)


def test_two_long_names_sharing_their_start_are_cut_apart() -> None:
    shown = told_apart([LONG, TWIN, "Bo"], 16)
    assert shown["Bo"] == "Bo"
    assert shown[LONG] != shown[TWIN]
    assert max(len(shown[LONG]), len(shown[TWIN])) <= 16


@given(st.text(min_size=1, max_size=60).filter(lambda name: "/" not in name and "\x00" not in name))
def test_a_game_or_night_page_is_named_in_plain_ascii_inside_its_folder(name: str) -> None:
    slug = publish_model.page_slug(name)
    assert re.fullmatch(r"[A-Za-z0-9._-]+", slug) and not slug.startswith(".")
    assert publish_model.game_path(name).count("/") == 1


def test_a_game_with_a_swedish_name_gets_an_ascii_page_and_its_old_address_sends_on() -> None:
    from test_chart_html import finished_game

    game = publish_model.GameSource("kväll", "2025-03-07T19:00:00", finished_game().standings())
    files = site_files([], [game], None)
    new = publish_model.game_path("kväll")
    assert re.fullmatch(r"games/kvall-[0-9a-f]{8}\.html", new) and new in files
    moved = files["games/kväll.html"].decode()
    assert f'url={new.split("/")[1]}' in moved and f'href="{new.split("/")[1]}"' in moved
    assert publish_model.game_path("fredag-r1-t1") == "games/fredag-r1-t1.html"
    assert publish_model.moved_paths("game", "fredag-r1-t1") == []
