"""A publish whose inputs and site are as the last one left them prints its kept answer
(store/publish_kept.py, docs/latency.md "HTML writers"): nothing is rewritten, the text
is today's, and neither the model nor the template engine is imported.  Whatever it was
made from that changes makes it publish again.  No timings here: bench/latency.py's."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from test_latency_imports import command_env, imported_by

from chicago_protokoll.store.publish import MANIFEST
from cli_support import ok
from publish_support import files_of, night_home, one_deal, use_home

CHICAGO = Path(sys.executable).parent / "chicago"
# What a publish computes its pages with; its kept answer needs none of it.
MODEL_AND_ENGINE = frozenset(
    {"chicago_protokoll.core.events", "chicago_protokoll.core.standings", "jinja2"}
)


def publish(home: Path, site: Path, *more: str) -> str:
    done = subprocess.run(
        [str(CHICAGO), "publish", str(site), *more],
        env=command_env(home),
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    return done.stdout


def counts(said: str) -> tuple[int, int, int]:
    """(written, unchanged, removed) of a publish's line."""
    words = said.split(":", 1)[1].replace(",", " ").split()
    return int(words[0]), int(words[2]), int(words[4])


@pytest.fixture(scope="module")
def made_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return night_home(tmp_path_factory.mktemp("kept"))


@pytest.fixture
def published(made_home: Path, chicago_home: Path, tmp_path: Path) -> Path:
    """The played night published once, and once more (which keeps the answer)."""
    use_home(made_home, chicago_home)
    site = tmp_path / "site"
    publish(chicago_home, site)
    publish(chicago_home, site)
    return site


def test_a_publish_with_nothing_changed_rewrites_nothing_and_says_what_it_said(
    chicago_home: Path, published: Path
) -> None:
    """The second and later publishes of the same inputs: the same words, every file's
    inode and time as they were, and (kept) no model and no template engine imported."""
    before = files_of(published)
    said = publish(chicago_home, published)
    assert said == f"Published {published}: 0 written, {len(before) - 1} unchanged, 0 removed\n"
    assert files_of(published) == before
    assert not imported_by(chicago_home, "publish", str(published)) & MODEL_AND_ENGINE
    assert publish(chicago_home, published) == said


def test_the_kept_publish_check_can_fail(chicago_home: Path, published: Path) -> None:
    """Without the cache (deleted, as a user may) the publish computes its pages, with
    the model and the engine, and says the same."""
    said = publish(chicago_home, published)
    for cache in (chicago_home / "cache").iterdir():
        if cache.name == "answers":
            for entry in cache.iterdir():
                entry.unlink()
    assert imported_by(chicago_home, "publish", str(published)) >= MODEL_AND_ENGINE
    assert publish(chicago_home, published) == said


def test_a_new_deal_is_published(chicago_home: Path, published: Path) -> None:
    page = published / "games" / "solo.html"
    old = page.read_bytes()
    one_deal("solo", ["Anna", "Bo", "Cilla"])
    written, _, _ = counts(publish(chicago_home, published))
    assert written >= 1
    assert page.read_bytes() != old


def test_a_changed_house_rule_is_published(chicago_home: Path, published: Path) -> None:
    """A session holds its own rules: a changed target is a changed file, and page."""
    session = chicago_home / "sessions" / "solo.toml"
    text = session.read_text("utf-8")
    assert "target = 52\n" in text
    session.write_text(text.replace("target = 52\n", "target = 99\n", 1), "utf-8")
    page = published / "games" / "solo.html"
    old = page.read_bytes()
    written, _, _ = counts(publish(chicago_home, published))
    assert written >= 1
    assert page.read_bytes() != old


def test_a_new_session_is_published(chicago_home: Path, published: Path) -> None:
    subprocess.run([str(CHICAGO), "new", "lordag", "Anna", "Bo", "Cilla"], env=command_env(chicago_home),
                   check=True, capture_output=True)  # fmt: skip
    assert counts(publish(chicago_home, published))[0] >= 1
    assert (published / "games" / "lordag.html").is_file()


@pytest.mark.parametrize("hand", ["deleted", "edited"])
def test_a_page_deleted_or_edited_by_hand_is_written_again(
    chicago_home: Path, published: Path, hand: str
) -> None:
    page = published / "league.html"
    good = page.read_bytes()
    if hand == "deleted":
        page.unlink()
    else:
        page.write_bytes(good.replace(b"</body>", b"<p>mine</p></body>"))
    assert counts(publish(chicago_home, published))[0] == 1
    assert page.read_bytes() == good


def test_a_folder_replaced_by_a_link_is_refused_again(
    chicago_home: Path, published: Path, tmp_path: Path
) -> None:
    """The kept answer proves the folder's tree too: a link put in place of a folder is
    seen, and refused by the publish as it always is."""
    games = published / "games"
    elsewhere = tmp_path / "elsewhere"
    games.rename(elsewhere)
    games.symlink_to(elsewhere, target_is_directory=True)
    done = subprocess.run([str(CHICAGO), "publish", str(published)], env=command_env(chicago_home),
                          capture_output=True, text=True, check=False)  # fmt: skip
    assert done.returncode == 1
    assert "refusing" in done.stderr


def test_another_language_is_published_in_it(chicago_home: Path, published: Path) -> None:
    """The language is part of what the answer was kept for: in Swedish every page is
    written again (and the kept English answer is not said), and back in English too."""
    swedish = publish(chicago_home, published, "--lang", "sv")
    assert swedish.startswith("Publicerade") and counts(swedish)[0] > 0
    assert 'lang="sv"' in (published / "index.html").read_text("utf-8")
    assert counts(publish(chicago_home, published, "--lang", "sv"))[0] == 0
    assert counts(publish(chicago_home, published, "--lang", "en"))[0] > 0
    assert 'lang="en"' in (published / "index.html").read_text("utf-8")


def test_a_kept_answer_that_is_damaged_is_no_answer(chicago_home: Path, published: Path) -> None:
    said = publish(chicago_home, published)
    before = files_of(published)
    answers = chicago_home / "cache" / "answers"
    kept = list(answers.iterdir())
    assert kept
    for entry in kept:
        entry.write_bytes(entry.read_bytes()[: len(entry.read_bytes()) // 2])
    assert publish(chicago_home, published) == said
    assert files_of(published) == before


def test_a_cache_that_cannot_be_written_costs_the_kept_answer_only(
    chicago_home: Path, made_home: Path, tmp_path: Path
) -> None:
    """A file where the cache folder should be (no folder can be made there, not even by
    root): every publish computes its pages, and says and writes what it always did."""
    use_home(made_home, chicago_home)
    (chicago_home / "cache").write_text("not a folder", "utf-8")
    site = tmp_path / "site"
    assert counts(publish(chicago_home, site))[0] > 0
    before = files_of(site)
    for _ in range(2):
        again = publish(chicago_home, site)
        assert again == f"Published {site}: 0 written, {len(before) - 1} unchanged, 0 removed\n"
        assert files_of(site) == before


def test_the_manifest_is_proven_too(chicago_home: Path, published: Path) -> None:
    """A manifest edited by hand is read by the publish again (here: refused as damaged)."""
    (published / MANIFEST).write_text("{}", "utf-8")
    done = subprocess.run([str(CHICAGO), "publish", str(published)], env=command_env(chicago_home),
                          capture_output=True, text=True, check=False)  # fmt: skip
    assert done.returncode == 1
    assert "manifest" in done.stderr


def test_a_new_session_in_a_dir_is_published(chicago_home: Path, made_home: Path, tmp_path: Path) -> None:
    """A folder given with --dir is listed for the proof: a session put there is a new
    name in it, and is published."""
    use_home(made_home, chicago_home)
    elsewhere, site = tmp_path / "elsewhere", tmp_path / "site"
    elsewhere.mkdir()
    solo = (chicago_home / "sessions" / "solo.toml").read_text("utf-8")
    (elsewhere / "borta.toml").write_text(solo.replace('name = "solo"', 'name = "borta"', 1), "utf-8")
    publish(chicago_home, site, "--dir", str(elsewhere))
    assert counts(publish(chicago_home, site, "--dir", str(elsewhere)))[0] == 0
    (elsewhere / "hemma.toml").write_text(solo.replace('name = "solo"', 'name = "hemma"', 1), "utf-8")
    assert counts(publish(chicago_home, site, "--dir", str(elsewhere)))[0] >= 1
    assert (site / "games" / "hemma.html").is_file()


def test_a_session_made_while_a_publish_renders_is_published_next_time(
    chicago_home: Path, published: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A folder is proven as the publish looked into it, not as it is once the pages are
    written: a session made in another terminal meanwhile is not on the pages, so the
    next publish must not find the answer kept."""
    from chicago_protokoll.present import publish_site

    sessions = chicago_home / "sessions"
    rendered = publish_site.site_files

    def rendered_while_a_session_is_made(*args: object, **kwargs: object) -> object:
        pages = rendered(*args, **kwargs)  # type: ignore[arg-type]
        solo = (sessions / "solo.toml").read_text("utf-8")
        (sessions / "race.toml").write_text(solo.replace('name = "solo"', 'name = "race"', 1), "utf-8")
        return pages

    one_deal("solo", ["Anna", "Bo", "Cilla"])  # so that this publish renders
    monkeypatch.setattr(publish_site, "site_files", rendered_while_a_session_is_made)
    ok("publish", str(published))
    monkeypatch.undo()
    assert not (published / "games" / "race.html").exists()
    assert counts(publish(chicago_home, published))[0] >= 1
    assert (published / "games" / "race.html").is_file()


def test_a_name_that_becomes_a_session_is_published(chicago_home: Path, published: Path) -> None:
    """A listing holds each name's kind as the readers test it: a folder named like a
    session, then a session file under that name, is a new session."""
    odd = chicago_home / "sessions" / "x3.toml"
    odd.mkdir()
    publish(chicago_home, published)
    publish(chicago_home, published)
    odd.rmdir()
    solo = (chicago_home / "sessions" / "solo.toml").read_text("utf-8")
    odd.write_text(solo.replace('name = "solo"', 'name = "x3"', 1), "utf-8")
    assert counts(publish(chicago_home, published))[0] >= 1
    assert (published / "games" / "x3.html").is_file()


def test_a_dir_inside_the_site_folder_is_read_as_sessions(chicago_home: Path, published: Path) -> None:
    """A club's pages beside its sessions: a --dir inside the site is an input, never
    taken for the site's own output."""
    club = published / "club"
    club.mkdir()
    solo = (chicago_home / "sessions" / "solo.toml").read_text("utf-8")
    (club / "x1.toml").write_text(solo.replace('name = "solo"', 'name = "x1"', 1), "utf-8")
    publish(chicago_home, published, "--dir", str(club))
    publish(chicago_home, published, "--dir", str(club))
    text = (club / "x1.toml").read_text("utf-8")
    (club / "x1.toml").write_text(text.replace("target = 52\n", "target = 99\n", 1), "utf-8")
    page = published / "games" / "x1.html"
    old = page.read_bytes()
    assert counts(publish(chicago_home, published, "--dir", str(club)))[0] >= 1
    assert page.read_bytes() != old


def test_a_store_without_nights_keeps_its_answer(chicago_home: Path, tmp_path: Path) -> None:
    """A club that never held a night has no nights/ folder: proven still missing, it
    does not cost the kept answer."""
    ok("new", "solo", "Anna", "Bo", "Cilla")
    one_deal("solo", ["Anna", "Bo", "Cilla"])
    assert not (chicago_home / "nights").exists()
    site = tmp_path / "site"
    publish(chicago_home, site)
    publish(chicago_home, site)
    assert not imported_by(chicago_home, "publish", str(site)) & MODEL_AND_ENGINE
