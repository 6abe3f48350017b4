"""docs/house-rules.md is derived from the one schema of house-rules keys."""

from __future__ import annotations

from pathlib import Path

from chicago_protokoll.core.rules import schema
from chicago_protokoll.present.rules_text import house_rules_markdown

PAGE = Path(__file__).resolve().parents[2] / "docs" / "house-rules.md"


def test_the_house_rules_page_is_what_the_schema_says() -> None:
    """The committed page is the generated one (scripts/generate_house_rules_doc.py)."""
    assert PAGE.read_text("utf-8") == house_rules_markdown()


def test_the_page_names_every_key_in_both_languages() -> None:
    """One row per key, its comment in English and in Swedish."""
    rows = [line for line in house_rules_markdown().splitlines() if line.startswith("| `")]
    assert [row.split("`")[1] for row in rows] == [key.path for key in schema()]
    threshold = next(row for row in rows if "buy_stop.threshold" in row)
    assert "no köpstopp" in threshold and "köpstopp" in threshold.split("|")[-2]
