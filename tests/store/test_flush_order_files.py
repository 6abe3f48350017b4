"""``hands.flush_order`` in session files (docs/session-format.md, format 7): a file an
earlier release wrote has no such key and its game was played by the ranks, so it loads
with the main rule ``"ranks"`` and is written back without the key, in its own format; a
table that chose ``"suit"`` is written in format 7, which the releases before refuse by
name rather than read it as a game played by the ranks."""

from __future__ import annotations

from pathlib import Path

import pytest

from chicago_protokoll.core.rules import HandRules, HouseRules
from chicago_protokoll.core.session import new_session
from chicago_protokoll.store import fileformat

CORPUS = Path(__file__).resolve().parents[1] / "corpus"
# Every session file the releases before format 7 wrote (their folders hold no 7).
OLD = [
    path
    for release in sorted(CORPUS.iterdir())
    if release.is_dir()
    for path in sorted(release.glob("*.toml"))
    if path.name != "house-rules.toml" and "flush_order" not in path.read_text("utf-8")
]


def _version(text: str) -> int:
    line = next(line for line in text.splitlines() if line.startswith("version"))
    return int(line.partition("=")[2])


def test_the_corpus_has_old_files_without_the_flush_order_key() -> None:
    assert len(OLD) > 50
    assert {_version(path.read_text("utf-8")) for path in OLD} >= set(range(1, 7))


@pytest.mark.parametrize("path", OLD, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_flush_order_an_old_file_without_the_key_loads_with_the_main_rule_ranks(
    path: Path,
) -> None:
    text = path.read_text("utf-8")
    session = fileformat.loads_session(text, str(path))
    assert session.rules.hands.flush_order == "ranks"
    saved = fileformat.dumps_session(session)
    assert "flush_order" not in saved  # the main rule: the releases before still read it
    assert _version(saved) == max(fileformat.IDS_VERSION, _version(text))


def test_flush_order_suit_is_written_in_format_7_and_read_back() -> None:
    rules = HouseRules(hands=HandRules(flush_order="suit"))
    text = fileformat.dumps_session(new_session(("Anna", "Bo", "Cilla"), rules))
    assert 'flush_order = "suit"' in text and _version(text) == 7
    assert fileformat.loads_session(text, "suit.toml").rules == rules
    plain = fileformat.dumps_session(new_session(("Anna", "Bo", "Cilla"), HouseRules()))
    assert "flush_order" not in plain and _version(plain) == fileformat.IDS_VERSION
