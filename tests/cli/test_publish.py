"""`chicago publish DIR`: the results as a static site (cli.md, "Results leave the room")."""

from __future__ import annotations

import json
import os
import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from chicago_protokoll.store.publish import MANIFEST
from cli_support import invoke, ok, refused
from publish_support import files_of, night_home, one_deal, use_home

DOCS = Path(__file__).resolve().parents[2] / "docs"


class Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name in ("href", "src") and value is not None:
                self.found.append(value)


def links_of(page: Path) -> list[str]:
    parser = Links()
    parser.feed(page.read_text(encoding="utf-8"))
    return parser.found


def pages(site: Path) -> list[Path]:
    return sorted(site.rglob("*.html"))


@pytest.fixture(scope="module")
def made_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return night_home(tmp_path_factory.mktemp("publish"))


@pytest.fixture
def night(made_home: Path, chicago_home: Path) -> None:
    """This test's data directory holds the played night (and the session solo)."""
    use_home(made_home, chicago_home)


@pytest.fixture
def site(night: None, tmp_path: Path) -> Path:
    folder = tmp_path / "site"
    ok("publish", str(folder))
    return folder


def test_the_site_has_an_index_a_page_per_night_game_and_player_and_results_json(site: Path) -> None:
    """Index, league, the night's page and results.json, every table's game, every player."""
    status = json.loads(ok("night", "status", "fredag", "--json"))
    made = {path.relative_to(site).as_posix() for path in site.rglob("*") if path.is_file()}
    assert {"index.html", "league.html", "nights/fredag/index.html", "nights/fredag/results.json", MANIFEST} <= made
    assert {f"games/{table['session']}.html" for table in status["results"]} | {"games/solo.html"} <= made
    players = [name for name in made if name.startswith("players/")]
    assert len(players) == 10
    assert all(re.fullmatch(r"players/[A-Za-z0-9]+-[0-9a-f]{8}\.html", name) for name in players)


def test_every_link_in_the_site_resolves_to_a_file_in_the_folder(site: Path) -> None:
    """A crawler from index.html: every href and src is relative, leads to a file inside the
    folder, and every page is reached."""
    root = site.resolve()
    reached = {root / "index.html"}
    queue = [root / "index.html"]
    checked = 0
    while queue:
        page = queue.pop()
        for target in links_of(page):
            parts = urlsplit(target)
            assert not parts.scheme and not parts.netloc and not target.startswith("/"), (page, target)
            resolved = (page.parent / unquote(parts.path)).resolve()
            assert resolved.is_relative_to(root) and resolved.is_file(), (page, target)
            checked += 1
            if resolved.suffix == ".html" and resolved not in reached:
                reached.add(resolved)
                queue.append(resolved)
    assert checked > 50
    assert reached == {page.resolve() for page in pages(site)}


def test_every_page_parses_without_error_in_html5lib_strict_mode(site: Path) -> None:
    """No parse error at all: html5lib's strict parser raises on the first."""
    import html5lib

    for page in pages(site):
        html5lib.HTMLParser(strict=True, namespaceHTMLElements=False).parse(page.read_bytes())


def documented_schema() -> dict[str, object]:
    text = (DOCS / "results-json.md").read_text(encoding="utf-8")
    block = text.split("## The schema", 1)[1].split("```json", 1)[1].split("```", 1)[0]
    schema: dict[str, object] = json.loads(block)
    return schema


def test_results_json_validates_against_its_documented_schema_and_equals_night_status(site: Path) -> None:
    import jsonschema

    schema = documented_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    results = json.loads((site / "nights" / "fredag" / "results.json").read_text(encoding="utf-8"))
    jsonschema.validate(results, schema, cls=jsonschema.Draft202012Validator)
    status = json.loads(ok("night", "status", "fredag", "--json"))
    shared = set(status) & set(results)
    assert shared == set(status)  # every field of night status is in the file
    assert {key: results[key] for key in shared} == status
    assert results["version"] == 1 and results["schema"] == "chicago-protokoll/results"
    assert len(results["results"]) == 6  # three tables in round 1, three in round 2


def test_publishing_again_after_one_more_deal_rewrites_only_the_pages_that_show_it(site: Path) -> None:
    """The game's page, the night's page and its results.json change; every other file keeps
    its bytes, its inode and its time."""
    before = files_of(site)
    table = json.loads(ok("night", "status", "fredag", "--json"))["tables"][1]
    one_deal(table["session"], table["players"])
    out = ok("publish", str(site))
    after = files_of(site)
    changed = {name for name in after if after[name] != before.get(name)}
    assert changed == {
        f"games/{table['session']}.html",
        "nights/fredag/index.html",
        "nights/fredag/results.json",
    }
    assert "3 written" in out
    assert set(after) == set(before)


def test_publishing_unchanged_games_writes_nothing_and_the_pages_carry_no_time(site: Path, tmp_path: Path) -> None:
    """Again into the same folder: every file as it was; into another folder later: the same bytes."""
    before = files_of(site)
    assert "0 written" in ok("publish", str(site))
    assert files_of(site) == before
    other = tmp_path / "other"
    ok("publish", str(other))
    assert {name: data for name, (_, _, data) in files_of(other).items()} == {
        name: data for name, (_, _, data) in before.items()
    }


def test_a_folder_holding_files_and_no_manifest_is_refused_unless_forced(night: None, tmp_path: Path) -> None:
    folder = tmp_path / "web"
    folder.mkdir()
    (folder / "club.html").write_text("the club's own page")
    message = refused("publish", str(folder))
    assert "--force" in message and MANIFEST in message
    assert sorted(p.name for p in folder.iterdir()) == ["club.html"]
    ok("publish", str(folder), "--force")
    assert (folder / "club.html").read_text() == "the club's own page"
    assert (folder / "index.html").is_file()
    ok("publish", str(folder))  # the manifest is there now: no --force needed


def test_publish_removes_only_the_files_it_wrote(site: Path) -> None:
    """Publishing only the night drops the other game's page it wrote before, never a file
    that is not in its manifest."""
    (site / "games" / "notes.txt").write_text("ours, not the program's")
    ok("publish", str(site), "--night", "fredag")
    assert not (site / "games" / "solo.html").exists()
    assert (site / "games" / "notes.txt").read_text() == "ours, not the program's"
    manifest = json.loads((site / MANIFEST).read_text())
    assert "games/solo.html" not in manifest["files"] and "index.html" in manifest["files"]


def test_a_published_file_that_is_a_fifo_or_folder_is_refused_and_nothing_is_written(site: Path) -> None:
    before = files_of(site)
    (site / "league.html").unlink()
    os.mkfifo(site / "league.html")
    message = refused("publish", str(site))
    assert "league.html" in message and "named pipe" in message
    os.unlink(site / "league.html")
    (site / "league.html").mkdir()
    assert "folder" in refused("publish", str(site))
    del before["league.html"]
    assert dict(files_of(site).items()) == before


def test_a_damaged_manifest_is_refused_and_never_overwritten(site: Path) -> None:
    (site / MANIFEST).write_text("{not json")
    assert MANIFEST in refused("publish", str(site))
    assert (site / MANIFEST).read_text() == "{not json"


def test_the_site_is_in_one_language(night: None, tmp_path: Path) -> None:
    """--lang sv: every page says lang="sv" and the words are Swedish; --lang en: English."""
    ok("publish", str(tmp_path / "sv"), "--lang", "sv")
    ok("publish", str(tmp_path / "en"), "--lang", "en")
    for lang in ("sv", "en"):
        for page in pages(tmp_path / lang):
            assert f'<html lang="{lang}">' in page.read_text(encoding="utf-8"), page
    assert "Ställning" in (tmp_path / "sv" / "nights" / "fredag" / "index.html").read_text(encoding="utf-8")
    assert "Standings" in (tmp_path / "en" / "nights" / "fredag" / "index.html").read_text(encoding="utf-8")


def test_publish_never_writes_into_the_data_directory(night: None, chicago_home: Path) -> None:
    before = sorted(p.name for p in (chicago_home / "sessions").iterdir())
    assert "data directory" in refused("publish", str(chicago_home / "sessions"))
    assert sorted(p.name for p in (chicago_home / "sessions").iterdir()) == before


def test_a_night_that_is_not_there_is_refused(tmp_path: Path) -> None:
    result = invoke("publish", str(tmp_path / "x"), "--night", "nosuch")
    assert result.exit_code == 1
    assert not (tmp_path / "x").exists()


def test_night_cards_protocol_writes_a_paper_protocol_per_table_of_the_round(night: None, tmp_path: Path) -> None:
    status = json.loads(ok("night", "status", "fredag", "--json"))
    ok("night", "cards", "fredag", "--protocol", "-o", str(tmp_path / "protokoll.html"))
    text = (tmp_path / "protokoll.html").read_text(encoding="utf-8")
    assert text.count('<section class="paper') == len(status["tables"]) == 3
    for table in status["tables"]:
        assert f'data-session="{table["session"]}"' in text
    assert "Köp 2" in text and "Köp 3" not in text  # the night's rules score two köp


def test_results_json_of_a_closed_night_of_stages_carries_its_amendments_as_night_status_does(
    chicago_home: Path, tmp_path: Path
) -> None:
    """A night of stages, closed, then corrected with a reason: results.json still equals
    `night status --json` (its stage fields, "final", the amendment) and fits the schema."""
    import jsonschema

    ok("night", "new", "sm", "Anna", "Bo", "Cilla", "Dag", "Eva", "Fia", "--games-per-table", "1", "--seed", "4")
    tables = json.loads(ok("night", "status", "sm", "--json"))["tables"]
    for table in tables:
        ok("royal", table["players"][0], "--session", table["session"])
    ok("night", "close", "sm")
    first = tables[0]
    ok("edit", "1", "--royal", first["players"][1], "--reason", "fel spelare", "--session", first["session"])
    ok("publish", str(tmp_path / "site"))
    results = json.loads((tmp_path / "site" / "nights" / "sm" / "results.json").read_text(encoding="utf-8"))
    jsonschema.validate(results, documented_schema(), cls=jsonschema.Draft202012Validator)
    status = json.loads(ok("night", "status", "sm", "--json"))
    assert {key: results[key] for key in status} == status
    assert results["result"] == "final" and results["stage"] == 1
    assert [a["kind"] for a in results["amendments"]] == ["correction"]
    assert "fel spelare" in results["amendments"][0]["text"]


def test_a_published_night_of_stages_shows_the_stage_each_player_reached(
    chicago_home: Path, tmp_path: Path
) -> None:
    """The standings rank by the stage reached first: the published page and the night's
    sheet say it in a column, so a player out after stage 1 with more points standing
    below one who went on is explained on the page."""
    players = [f"Spelare {n}" for n in range(1, 9)]
    ok("night", "new", "sm", *players, "--games-per-table", "1", "--seed", "4")
    for table in json.loads(ok("night", "status", "sm", "--json"))["tables"]:
        ok("royal", table["players"][0], "--session", table["session"])
    ok("night", "advance", "sm", "--per-table", "2")
    status = json.loads(ok("night", "status", "sm", "--json"))
    reached = {row["name"]: row["stage_reached"] for row in status["standings"]}
    assert sorted(reached.values()) == [1, 1, 1, 1, 2, 2, 2, 2]
    ok("publish", str(tmp_path / "site"))
    page = (tmp_path / "site" / "nights" / "sm" / "index.html").read_text(encoding="utf-8")
    standings = page.split('class="night-standings"', 1)[1].split("</section>", 1)[0]
    assert ">Stage</th>" in standings
    for name, stage in reached.items():
        row = standings.split(f">{name}</a>", 1)[1].split("</tr>", 1)[0]
        assert row.rstrip().endswith(f">{stage}</td>"), (name, row)
    sheet = ok("night", "status", "sm", "--format", "md")
    assert "| Stage |" in sheet.splitlines()[sheet.splitlines().index("## Standings") + 2]
