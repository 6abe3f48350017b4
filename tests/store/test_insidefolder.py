"""`insidefolder.Folder`: a write or removal inside DIR never follows a link, even one put
there after `publish` checked every path (the check and the write are two moments)."""

from __future__ import annotations

from pathlib import Path

import pytest

from chicago_protokoll.core.errors import ChicagoError
from chicago_protokoll.store import insidefolder
from chicago_protokoll.store.insidefolder import Blocked, Folder
from chicago_protokoll.store.publish import MANIFEST, publish_site


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    folder = tmp_path / "outside"
    folder.mkdir()
    (folder / "page.html").write_text("the user's own\n")
    return folder


@pytest.fixture
def site(tmp_path: Path) -> Path:
    folder = tmp_path / "site"
    folder.mkdir()
    return folder


def test_a_write_through_a_linked_folder_is_blocked_and_lands_nowhere(site: Path, outside: Path) -> None:
    (site / "games").symlink_to(outside, target_is_directory=True)
    with Folder(str(site)) as folder, pytest.raises(Blocked) as blocked:
        folder.write("games/page.html", b"the site")
    assert blocked.value.where == "games"
    assert sorted(p.name for p in outside.iterdir()) == ["page.html"]
    assert (outside / "page.html").read_text() == "the user's own\n"


def test_a_write_over_a_link_is_blocked_and_leaves_no_temporary_file(site: Path, outside: Path) -> None:
    (site / "page.html").symlink_to(outside / "page.html")
    with Folder(str(site)) as folder, pytest.raises(Blocked):
        folder.write("page.html", b"the site")
    assert (outside / "page.html").read_text() == "the user's own\n"
    assert sorted(p.name for p in site.iterdir()) == ["page.html"]


def test_a_removal_through_a_linked_folder_is_blocked(site: Path, outside: Path) -> None:
    (site / "old").symlink_to(outside, target_is_directory=True)
    with Folder(str(site)) as folder, pytest.raises(Blocked):
        folder.remove("old/page.html")
    assert (outside / "page.html").is_file()


def test_a_write_makes_its_folders_and_a_removal_takes_the_emptied_ones(site: Path) -> None:
    with Folder(str(site)) as folder:
        folder.write("nights/fredag/index.html", b"one")
        assert (site / "nights" / "fredag" / "index.html").read_bytes() == b"one"
        assert folder.read("nights/fredag/index.html", 100) == b"one"
        assert folder.remove("nights/fredag/index.html")
        assert not folder.remove("nights/fredag/index.html")
    assert list(site.iterdir()) == []


def test_a_link_put_in_dir_after_the_checks_is_still_not_followed(
    site: Path, outside: Path, monkeypatch: pytest.MonkeyPatch, chicago_home: Path
) -> None:
    """The race: every check passes (here: made to), then games/ becomes a link before the
    pages are written; the write refuses it by name and nothing lands outside."""
    publish_site(site, {"index.html": b"1", "games/page.html": b"2"})
    (site / "games" / "page.html").unlink()
    (site / "games").rmdir()
    (site / "games").symlink_to(outside, target_is_directory=True)
    monkeypatch.setattr(insidefolder.Folder, "lookup", lambda self, name: None)
    with pytest.raises(ChicagoError) as refused:
        publish_site(site, {"index.html": b"1", "games/page.html": b"3"})
    said = refused.value.localized("en")
    assert str(site / "games") in said and "while publish was writing" in said
    assert (outside / "page.html").read_text() == "the user's own\n"
    assert sorted(p.name for p in outside.iterdir()) == ["page.html"]
    assert (site / MANIFEST).is_file()
