"""Files outlive versions: every session file an earlier release wrote loads in this one.

tests/corpus/RELEASE/ holds files written by that release's own commands
(tests/corpus/make_corpus.sh) and what its ``status --json`` said of each; a change of
the file format adds, in the same change, a folder written by its own release, which
holds a file of the new format (docs/architecture.md says so in its recipes).
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import chicago_protokoll
from chicago_protokoll.core.errors import SessionFileError
from chicago_protokoll.core.session import Session
from chicago_protokoll.present.views import last_ids, status_dict
from chicago_protokoll.store import fileformat
from chicago_protokoll.store.rulesfile import read_rules_file
from chicago_protokoll.store.sessionfile import load_session
from cli_support import invoke, refused

CORPUS = Path(__file__).resolve().parents[1] / "corpus"
RELEASES = sorted(path for path in CORPUS.iterdir() if path.is_dir())
SESSIONS = [
    path for release in RELEASES for path in sorted(release.glob("*.toml"))
    if path.name != "house-rules.toml"
]


NIGHTS = [
    path for release in RELEASES for path in sorted(release.glob("nights/*.toml"))
]


def _expected(path: Path) -> dict[str, Any]:
    expected: dict[str, Any] = json.loads((path.parent / "expected.json").read_text("utf-8"))
    return expected[path.stem]  # type: ignore[no-any-return]


def _contains(actual: Any, expected: Any) -> bool:
    """``actual`` holds everything ``expected`` does (later releases may add keys)."""
    if isinstance(expected, dict):
        return isinstance(actual, dict) and all(
            key in actual and _contains(actual[key], value) for key, value in expected.items()
        )
    if isinstance(expected, list):
        return (
            isinstance(actual, list)
            and len(actual) == len(expected)
            and all(_contains(a, e) for a, e in zip(actual, expected, strict=True))
        )
    return bool(actual == expected)


def _version(path: Path) -> int:
    line = next(line for line in path.read_text("utf-8").splitlines() if line.startswith("version"))
    return int(line.partition("=")[2])


def test_the_corpus_holds_the_files_of_every_release_and_every_format() -> None:
    """Every format so far is in the corpus, this release's (ids) too: a release that
    changes the format adds its folder (make_corpus.sh); finished and unfinished games;
    night files; and each folder says the standings of each file it holds."""
    assert {_version(path) for path in SESSIONS} == set(range(1, fileformat.VERSION + 1))
    assert NIGHTS
    finished = {_expected(path)["finished"] for path in SESSIONS}
    assert finished == {True, False}
    for release in RELEASES:
        stems = {p.stem for p in release.glob("*.toml")} - {"house-rules"}
        expected = json.loads((release / "expected.json").read_text("utf-8"))
        assert set(expected) == stems, release.name
        assert (release / "RELEASE").is_file() and (release / "house-rules.toml").is_file()
        nights = {p.stem for p in release.glob("nights/*.toml")}
        if nights:
            said = json.loads((release / "nights" / "expected.json").read_text("utf-8"))
            assert set(said) == nights, release.name


def test_the_recipes_say_how_a_format_change_gets_its_corpus_files() -> None:
    """docs/architecture.md tells a format change what the test above wants: files of the
    new format, written by the release that has it (never by the release before)."""
    recipes = (Path(__file__).resolve().parents[2] / "docs" / "architecture.md").read_text("utf-8")
    words = " ".join(recipes.split())
    assert "test_the_corpus_holds_the_files_of_every_release_and_every_format" in words
    assert "written by this release, the one with the key" in words
    assert "release before the change" not in words


def test_the_corpus_holds_this_releases_ids_taken_back_corrections_stages_and_a_close() -> None:
    """The files of the release with ids (format 5): a session with corrections and what
    undo took back, a night of stages and a closed night with an amendment."""
    newest = [path for path in SESSIONS if _version(path) == fileformat.IDS_VERSION]
    texts = [path.read_text("utf-8") for path in newest]
    assert texts and any("id = " in text for text in texts)
    assert any("[[taken_back]]" in text and "[[corrections]]" in text for text in texts)
    nights = {
        path.stem: json.loads((path.parent / "expected.json").read_text("utf-8"))[path.stem]
        for path in NIGHTS
        if path.parents[1] == newest[0].parent
    }
    assert any(night.get("games_per_table") and night["stage"] > 1 for night in nights.values())
    assert any(night.get("result") == "final" and night["amendments"] for night in nights.values())


@pytest.mark.parametrize("path", SESSIONS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_a_file_of_an_earlier_release_loads_with_the_standings_it_had(path: Path) -> None:
    """The standings `status --json` gives are the ones the writing release gave."""
    out = invoke("status", "--json", "--file", str(path))
    assert out.exit_code == 0, out.output
    assert _contains(json.loads(out.stdout), _expected(path))


def _ids(session: Session) -> list[str]:
    return [
        *(event.id for event in session.events),
        *(c.id for c in session.corrections),
        *(event.id for c in session.corrections for event in (*c.before, *c.after)),
        *(c.last_event for c in session.corrections),
    ]


@pytest.mark.parametrize("path", SESSIONS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_a_file_of_an_earlier_release_gets_the_same_ids_at_every_load_and_keeps_them(
    path: Path,
) -> None:
    """A file without ids gets ids derived from position and content, the same at every
    load; the first save writes them (and the new format version), and the file saved
    loads again as the same record with the same ids and the same standings."""
    text = path.read_text("utf-8")
    session = fileformat.loads_session(text, str(path))
    if _version(path) >= fileformat.IDS_VERSION:  # this release's own: its ids as written
        assert ("id = " in text) == bool(session.events)  # a game drawn, not begun: none
        assert fileformat.dumps_session(session) == text
    else:
        assert "id = " not in text
    assert _ids(session) == _ids(fileformat.loads_session(text, str(path)))
    assert all(_ids(session)[: len(session.events)])
    assert len({event.id for event in session.events}) == len(session.events)
    saved = fileformat.dumps_session(session)
    # the ids' version, or the file's own where it holds what came later (format 6)
    assert f"version = {max(fileformat.IDS_VERSION, _version(path))}" in saved
    again = fileformat.loads_session(saved, str(path))
    assert again == session and _ids(again) == _ids(session)
    assert fileformat.dumps_session(again) == saved  # written back byte for byte


@pytest.mark.parametrize("path", SESSIONS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_a_file_an_earlier_release_wrote_is_not_changed_by_reading_it(
    path: Path, tmp_path: Path
) -> None:
    """The files this release has only read stay as they were, so the release that wrote
    them still reads them: `status`, `log` and `export` write nothing."""
    copy = tmp_path / path.name
    shutil.copyfile(path, copy)
    for command in (("status", "--json"), ("log", "--json"), ("export",)):
        assert invoke(*command, "--file", str(copy)).exit_code == 0
    assert copy.read_bytes() == path.read_bytes()


@pytest.mark.parametrize("release", RELEASES, ids=lambda p: p.name)
def test_the_saved_house_rules_of_an_earlier_release_still_read(release: Path) -> None:
    """A saved house-rules.toml of an earlier release is read as it was written."""
    rules = read_rules_file(release / "house-rules.toml")
    assert rules.buy_stop.threshold == 45 and rules.chicago.breaker_bonus == 10


def test_a_file_from_a_newer_release_is_refused_and_never_rewritten(tmp_path: Path) -> None:
    """A format this release does not know is refused by name; the file keeps every byte."""
    newer = tmp_path / "newer.toml"
    text = (CORPUS / "fca2959" / "söndag.toml").read_text("utf-8")
    newer.write_text(
        text.replace("version = 1", f"version = {fileformat.VERSION + 1}"), encoding="utf-8"
    )
    before = newer.read_bytes()
    with pytest.raises(SessionFileError, match="newer chicago-protokoll"):
        load_session(newer)
    assert "newer chicago-protokoll" in refused("deal", "--buy", "pass", "--last-trick", "Dag",
                                                "--file", str(newer))
    assert newer.read_bytes() == before


# -- the recipe for a new house-rules key, tried on a copy of the package -------------

_ADDED_KEY = (
    "    last_trick: int = number(5, N_(\"points for the last trick (sista sticket)\"), low=0)\n"
)
_PROBE = r"""
import json, sys
from pathlib import Path
from chicago_protokoll.core.game import replay
from chicago_protokoll.core.session import new_session
from chicago_protokoll.core.rules import HouseRules
from chicago_protokoll.present.views import last_ids, status_dict
from chicago_protokoll.store import fileformat
out = {}
for name in sys.argv[1:]:
    path = Path(name)
    session = fileformat.loads_session(path.read_text("utf-8"), name)
    out[name] = status_dict(replay(session).standings(), path.stem) | last_ids(session)
    assert fileformat.loads_session(fileformat.dumps_session(session), name) == session, name
rules = HouseRules().with_changes(scoring={"test_bonus": 3})
text = fileformat.dumps_session(new_session(("Anna", "Bo"), rules))
out["__key_read_back__"] = fileformat.loads_session(text, "with-key").rules.scoring.test_bonus
out["__text__"] = text
print(json.dumps(out))
"""


def test_a_key_added_by_the_recipe_leaves_every_earlier_file_loading(tmp_path: Path) -> None:
    """One declaration more in core/rules.py (the recipe of docs/architecture.md) and
    every corpus file still loads, and saves and loads back, with the same standings; a file that uses
    the new key is written in a newer format that this release refuses by name."""
    package = Path(chicago_protokoll.__file__).parent
    copy = tmp_path / "chicago_protokoll"
    shutil.copytree(package, copy, ignore=shutil.ignore_patterns("__pycache__"))
    rules_py = copy / "core" / "rules.py"
    source = rules_py.read_text("utf-8")
    assert source.count(_ADDED_KEY) == 1
    new_version = fileformat.VERSION + 1
    rules_py.write_text(
        source.replace(
            _ADDED_KEY,
            _ADDED_KEY + f"    test_bonus: int = number(0, 'a key added by a test', low=0, "
            f"since={new_version})\n",
        ),
        encoding="utf-8",
    )
    result = subprocess.run(
        [sys.executable, "-c", _PROBE, *map(str, SESSIONS)],
        cwd=tmp_path, capture_output=True, text=True, check=False,
        env={"PYTHONPATH": str(tmp_path), "PATH": "/usr/bin:/bin"},
    )
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    for path in SESSIONS:
        assert _contains(out[str(path)], _expected(path)), path
    assert out["__key_read_back__"] == 3
    text = out["__text__"]
    assert f"version = {new_version}" in text and "test_bonus = 3" in text
    with pytest.raises(SessionFileError, match="newer chicago-protokoll"):
        fileformat.loads_session(text, "with-key.toml")


def test_status_dict_is_what_status_json_prints() -> None:
    """The probe above uses status_dict: the same object as `status --json`."""
    path = CORPUS / "fca2959" / "söndag.toml"
    session = load_session(path)
    from chicago_protokoll.core.game import replay

    assert status_dict(replay(session).standings(), path.stem) | last_ids(session) == json.loads(
        invoke("status", "--json", "--file", str(path)).stdout
    )


# -- night files -----------------------------------------------------------------------


@pytest.mark.parametrize("path", NIGHTS, ids=lambda p: f"{p.parents[1].name}/{p.stem}")
def test_a_night_file_of_an_earlier_release_is_written_back_as_it_was(path: Path) -> None:
    from chicago_protokoll.store import nightfile

    text = path.read_text("utf-8")
    assert nightfile.dumps_night(nightfile.loads_night(text, str(path), stem=path.stem)) == text


@pytest.mark.parametrize("path", NIGHTS, ids=lambda p: f"{p.parents[1].name}/{p.stem}")
def test_a_night_of_an_earlier_release_has_the_standings_it_had(
    path: Path, chicago_home: Path
) -> None:
    """The night's file and its tables' sessions in a data directory: `night status --json`
    gives what the writing release gave."""
    release = path.parents[1]
    (chicago_home / "sessions").mkdir(parents=True, exist_ok=True)
    (chicago_home / "nights").mkdir(parents=True, exist_ok=True)
    for session in release.glob("*.toml"):
        if session.name != "house-rules.toml":
            shutil.copy(session, chicago_home / "sessions" / session.name)
    shutil.copy(path, chicago_home / "nights" / path.name)
    out = invoke("night", "status", path.stem, "--json")
    assert out.exit_code == 0, out.output
    expected = json.loads((path.parent / "expected.json").read_text("utf-8"))[path.stem]
    assert _contains(json.loads(out.stdout), expected)
