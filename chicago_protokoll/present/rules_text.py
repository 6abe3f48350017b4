"""House rules written out as a commented TOML file, for ``chicago rules init``."""

from __future__ import annotations

from typing import Any

from ..core.rules import HouseRules, schema
from ..i18n.language import t


def toml_value(value: Any) -> str:
    """A house-rules value as it is written in the TOML file: ``true``, ``"win"``, ``46``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    return str(value)


def rule_changes(rules: HouseRules) -> list[str]:
    """``key = value`` for every house rule that differs from the main rule."""
    return [
        f"{key.path} = {toml_value(key.to_toml(value))}" for key, value in rules.changed_keys()
    ]


def rules_line(rules: HouseRules) -> str:
    """One line naming every house rule that differs from the main rule (no silent rules:
    `new`, `again`, `play` and `explain` say it)."""
    changes = rule_changes(rules)
    if not changes:
        return t("House rules: the main rule.")
    joined = ", ".join(changes)
    return t("House rules different from the main rule: {joined}.", joined=joined)


def rules_toml_text(rules: HouseRules, title: str) -> str:
    """The complete rules as TOML, every key commented; `rules_from_toml` reads it back."""
    lines = [
        "# " + t("Chicago house rules: {title}", title=title),
        "# " + t("Every key is optional; a missing key takes the main rule."),
        "",
    ]
    section = None
    for key in schema():
        if key.section != section:
            if section is not None:
                lines.append("")
            section = key.section
            lines.append(f"[{section}]")
        value = key.to_toml(getattr(getattr(rules, key.section), key.name))
        assignment = f"{key.name} = {toml_value(value)}"
        lines.append(f"{assignment:<32} # {t(key.comment)}")
    lines.append("")
    return "\n".join(lines)
