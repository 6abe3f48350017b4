"""`publish` owns DIR (cli.md, "One act, one entry"): a link or a non-regular entry where
it would write or remove is refused by name, nothing is written outside DIR or into the
data directory, and only what its manifest names inside DIR is removed.

Every refusal is checked the same way: exit 1, one plain line naming the path, and the
sha256 of every file outside DIR (the data directory's sessions and cache/ included)
unchanged, as is everything inside DIR."""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import pytest

from chicago_protokoll.store.publish import MANIFEST
from cli_support import SEED_000_DEAL, ok, refused


def snapshot(root: Path, *, leaving_out: Path | None = None) -> dict[str, str]:
    """Every entry under ``root`` (but ``leaving_out``'s) by path: a file's sha256, where a
    link leads, or "folder"; links are not followed."""
    found: dict[str, str] = {}
    for folder, dirs, names in os.walk(root):
        here = Path(folder)
        if leaving_out is not None and (here == leaving_out or leaving_out in here.parents):
            dirs[:] = []
            continue
        for name in [*dirs, *names]:
            path = here / name
            if leaving_out is not None and path == leaving_out:
                continue
            key = path.relative_to(root).as_posix()
            if path.is_symlink():
                found[key] = "-> " + os.readlink(path)
            elif path.is_dir():
                found[key] = "folder"
            else:
                found[key] = hashlib.sha256(path.read_bytes()).hexdigest()
    return found


def but_the_cache(found: dict[str, str]) -> dict[str, str]:
    """A snapshot without the cache folder (with CHICAGO_PROTOKOLL_HOME, its ``cache/``):
    derived data, the index and the kept answers (a publish keeps its own), which any
    command may write and anyone may delete."""
    return {key: value for key, value in found.items() if "cache" not in key.split("/")[:2]}


@pytest.fixture
def home(chicago_home: Path) -> Path:
    """Two games, and the league's index in the data directory's cache/."""
    ok("new", "solo", "Anna", "Bo", "Cilla")
    ok(*SEED_000_DEAL)
    ok("new", "other", "Dag", "Eva", "Fia")
    ok("stats")
    assert any((chicago_home / "cache").iterdir())
    return chicago_home


@pytest.fixture
def site(home: Path, tmp_path: Path) -> Path:
    folder = tmp_path / "site"
    ok("publish", str(folder))
    assert (folder / "games" / "solo.html").is_file() and (folder / MANIFEST).is_file()
    return folder


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    """A folder of the user's outside DIR, holding files named as the site's pages are."""
    folder = tmp_path / "outside"
    folder.mkdir()
    for name in ("index.html", "solo.html", "other.html", "victim.html"):
        (folder / name).write_text(f"the user's own {name}\n")
    return folder


def refused_and_untouched(site: Path, *args: str) -> str:
    """``chicago publish SITE ARGS`` is refused, and nothing inside or outside DIR changed."""
    root = site.parent
    before_outside = snapshot(root, leaving_out=site)
    before_inside = snapshot(site) if site.exists() else None
    message = refused("publish", str(site), *args)
    assert snapshot(root, leaving_out=site) == before_outside
    assert (snapshot(site) if site.exists() else None) == before_inside
    return message


@pytest.mark.parametrize("earlier", ["a manifest", "--force"])
def test_a_page_that_links_to_a_session_file_is_refused_and_the_game_is_kept(
    earlier: str, home: Path, tmp_path: Path
) -> None:
    """The index.html a link to the game's file: with an earlier publish's manifest (no
    --force needed before) and in a folder adopted with --force."""
    site = tmp_path / "site"
    if earlier == "a manifest":
        ok("publish", str(site))
        (site / "index.html").unlink()
    else:
        site.mkdir()
    game = home / "sessions" / "solo.toml"
    (site / "index.html").symlink_to(game)
    before = game.read_bytes()
    message = refused_and_untouched(site, *(["--force"] if earlier == "--force" else []))
    assert str(site / "index.html") in message and "symbolic link" in message
    assert game.read_bytes() == before
    ok("log", "--session", "solo")  # still a game


def test_a_published_file_that_links_to_a_regular_file_outside_is_refused_too(
    site: Path, outside: Path
) -> None:
    """Unlike -o FILE: inside DIR the program writes no file through a link, wherever it leads."""
    (site / "index.html").unlink()
    (site / "index.html").symlink_to(outside / "index.html")
    message = refused_and_untouched(site)
    assert str(site / "index.html") in message and "symbolic link" in message


def test_a_sub_folder_that_links_outside_dir_is_refused_and_nothing_outside_changes(
    site: Path, outside: Path
) -> None:
    """games/ a link to a folder holding solo.html and other.html: neither is written."""
    for page in (site / "games").iterdir():
        page.unlink()
    (site / "games").rmdir()
    (site / "games").symlink_to(outside, target_is_directory=True)
    message = refused_and_untouched(site)
    assert str(site / "games") in message and "symbolic link" in message


def test_a_stale_page_behind_a_linked_sub_folder_is_not_removed(site: Path, outside: Path) -> None:
    """The manifest names old/victim.html, which the site no longer has, and old/ links
    outside: the file there stays (before, publish removed it)."""
    manifest = json.loads((site / MANIFEST).read_text())
    manifest["files"].append("old/victim.html")
    (site / MANIFEST).write_text(json.dumps(manifest))
    (site / "old").symlink_to(outside, target_is_directory=True)
    message = refused_and_untouched(site)
    assert str(site / "old/victim.html") in message and "symbolic link" in message
    assert (outside / "victim.html").read_text() == "the user's own victim.html\n"


def test_a_stale_page_that_is_now_a_link_is_refused_not_removed(site: Path, outside: Path) -> None:
    manifest = json.loads((site / MANIFEST).read_text())
    manifest["files"].append("victim.html")
    (site / MANIFEST).write_text(json.dumps(manifest))
    (site / "victim.html").symlink_to(outside / "victim.html")
    message = refused_and_untouched(site)
    assert str(site / "victim.html") in message and "symbolic link" in message


@pytest.mark.parametrize("entry", ["../outside/victim.html", "games/../../outside/victim.html", "ABSOLUTE"])
def test_a_manifest_naming_a_path_outside_dir_is_refused(entry: str, site: Path, outside: Path) -> None:
    """A manifest naming ../x or an absolute path is not followed: nothing is removed."""
    name = str(outside / "victim.html") if entry == "ABSOLUTE" else entry
    manifest = json.loads((site / MANIFEST).read_text())
    manifest["files"].append(name)
    (site / MANIFEST).write_text(json.dumps(manifest))
    message = refused_and_untouched(site)
    assert MANIFEST in message and name in message
    assert (outside / "victim.html").is_file()


def test_a_manifest_that_is_a_link_is_refused(site: Path, outside: Path) -> None:
    """A link as the manifest, to a copy of it outside: neither read nor written through."""
    kept = outside / "manifest.json"
    kept.write_bytes((site / MANIFEST).read_bytes())
    (site / MANIFEST).unlink()
    (site / MANIFEST).symlink_to(kept)
    message = refused_and_untouched(site)
    assert str(site / MANIFEST) in message and "symbolic link" in message


def test_a_file_where_a_sub_folder_goes_is_refused(site: Path) -> None:
    for page in (site / "games").iterdir():
        page.unlink()
    (site / "games").rmdir()
    (site / "games").write_text("the club's notes\n")
    message = refused_and_untouched(site)
    assert str(site / "games") in message and "not a folder" in message


@pytest.mark.parametrize("where", ["the data directory", "cache", "sessions", "a new folder in it", "a link to cache"])
def test_publish_into_the_data_directory_or_a_folder_in_it_is_refused(
    where: str, home: Path, tmp_path: Path
) -> None:
    folder = {
        "the data directory": home,
        "cache": home / "cache",
        "sessions": home / "sessions",
        "a new folder in it": home / "site",
        "a link to cache": tmp_path / "web",
    }[where]
    if where == "a link to cache":
        folder.symlink_to(home / "cache", target_is_directory=True)
    before = snapshot(tmp_path)
    message = refused("publish", str(folder))
    assert str(folder) in message and "data directory" in message
    assert snapshot(tmp_path) == before


def test_a_folder_in_dir_that_is_the_data_directory_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The data directory at DIR/games (CHICAGO_PROTOKOLL_HOME set so): no page goes in."""
    site = tmp_path / "site"
    monkeypatch.setenv("CHICAGO_PROTOKOLL_HOME", str(site / "games"))
    ok("new", "solo", "Anna", "Bo", "Cilla")
    message = refused_and_untouched(site, "--force")
    assert str(site / "games") in message and "data directory" in message


def test_publishing_again_removes_only_the_stale_files_its_manifest_names(
    site: Path, home: Path, tmp_path: Path
) -> None:
    """A normal publish and a re-publish after a game is removed: that game's page goes,
    the club's own files stay, and nothing outside DIR (the data directory's cache/
    included) is written."""
    (site / "games" / "club-notes.txt").write_text("ours\n")
    (site / "about.html").write_text("the club\n")
    ok("sessions", "remove", "other", "--yes")
    old = set(json.loads((site / MANIFEST).read_text())["files"])
    before_outside = but_the_cache(snapshot(tmp_path, leaving_out=site))
    said = ok("publish", str(site))
    new = set(json.loads((site / MANIFEST).read_text())["files"])
    stale = old - new  # other's page and its three players' pages
    assert "games/other.html" in stale and len(stale) == 4
    assert f"{len(stale)} removed" in said
    assert not any((site / name).exists() for name in stale)
    assert all((site / name).is_file() for name in new)
    assert (site / "games" / "club-notes.txt").read_text() == "ours\n"
    assert (site / "about.html").read_text() == "the club\n"
    assert but_the_cache(snapshot(tmp_path, leaving_out=site)) == before_outside
    assert not list(site.rglob(".*.tmp"))
    assert "0 written" in ok("publish", str(site))  # and again: nothing to do


def test_publish_writes_nothing_in_the_data_directory(home: Path, tmp_path: Path) -> None:
    """Before, `publish DATA/cache` put the site in the cache; a publish elsewhere never
    touches the data directory either (it reads the session files, not the index)."""
    before = but_the_cache(snapshot(home))
    ok("publish", str(tmp_path / "site"))
    assert but_the_cache(snapshot(home)) == before


def test_a_dir_that_is_itself_a_link_is_followed(home: Path, tmp_path: Path) -> None:
    """DIR is the folder the user named: a link to a folder outside the data directory is
    where the site goes (only the entries inside it are never followed)."""
    real = tmp_path / "www"
    real.mkdir()
    (tmp_path / "web").symlink_to(real, target_is_directory=True)
    ok("publish", str(tmp_path / "web"))
    assert (real / "index.html").is_file() and (tmp_path / "web").is_symlink()
