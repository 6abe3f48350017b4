"""The rules the tool enforces are in the project's own docs (docs/rules.md), which an
installed project has, not in a shared folder nobody who installs it sees; the cases users
look for (ties and the särspel, a nolla before the lead) are found there."""

from __future__ import annotations

from pathlib import Path

from chicago_protokoll.core.rules import PRESETS, schema

ROOT = Path(__file__).resolve().parents[1]
RULES = (ROOT / "docs" / "rules.md").read_text("utf-8")


def test_the_readme_sends_users_to_the_projects_own_rules_page() -> None:
    readme = (ROOT / "README.md").read_text("utf-8")
    assert "docs/rules.md" in readme and "shared docs" not in readme


def test_no_project_doc_sends_users_to_the_shared_rules() -> None:
    for page in (ROOT / "docs").glob("*.md"):
        assert "shared `rules.md`" not in page.read_text("utf-8"), page.name


def test_the_rules_page_finds_the_sarspel_and_the_nolla_before_the_lead() -> None:
    assert "Särspel" in RULES and "flush-suit" in RULES
    assert "before the first lead" in RULES and "nolla" in RULES


def test_every_key_the_rules_page_names_is_a_house_rules_key() -> None:
    import re

    keys = {key.path for key in schema()}
    named = set(re.findall(r"`([a-z_]+\.[a-z_]+)`", RULES)) - {"rules.md", "house-rules.md"}
    named = {n for n in named if not n.endswith(".py") and not n.startswith("core")}
    assert named <= keys, named - keys


def test_every_preset_the_rules_page_names_exists() -> None:
    import re

    named = set(re.findall(r"`--preset ([a-z0-9-]+)`|in `([a-z0-9-]+)`", RULES))
    flat = {n for pair in named for n in pair if n}
    assert flat <= set(PRESETS), flat - set(PRESETS)


def test_the_docs_cite_each_rule_text_by_what_it_says_never_as_a_seed() -> None:
    """A reader has the texts' titles and words, not the numbers of files they never see
    ("seed 000 to seed 003"); the draws' seed (`--seed`, "the night's seed") is another word."""
    import re

    for page in (ROOT / "docs").glob("*.md"):
        cited = re.findall(r"\bseeds? \d{3}\b", page.read_text("utf-8"), flags=re.IGNORECASE)
        assert not cited, (page.name, cited)
    for title in ("Chicago regler – så spelar du kortspelet", "Chicago kortspel regler",
                  "Ett svenskt spel med pokerhänder", "Chicago är ett spel för 2 till 4 spelare"):
        assert title in RULES


def test_the_readme_never_says_seed() -> None:
    """Not even for a worked deal: the README names what a rule text says.  The one
    option of that name (`night new --seed 7`, which makes the tour's draw repeatable)
    is an option, not a source."""
    readme = (ROOT / "README.md").read_text("utf-8").replace("--seed 7", "")
    assert "seed" not in readme.casefold()
