"""House rules written out as a commented TOML file, for ``chicago rules init``."""

from __future__ import annotations

from typing import Any

from ..core.rules import LIMIT, HouseRules, Key, Kind, schema
from ..core.rules_warnings import rules_warnings
from ..i18n.language import Msg, cut_numbers, language, t, tn


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


def warning_lines(rules: HouseRules, players: int | None = None) -> list[str]:
    """``Warning: ...`` for each rule the table is told about (`rules_warnings`): by
    `rules check`, and by `new`, `again` and `play` where the table's size is known."""
    lang = language()
    return [t("Warning: {warning}", warning=msg.localized(lang)) for _, msg in rules_warnings(rules, players)]


def _in_words(key: Key, value: Any) -> str:
    """One changed key for a sheet: what it means (its comment's first clause, in the
    reader's language), then its value in words, then the key to look it up by."""
    comment = t(key.comment)
    head = comment.split("; ")[0].split(" (")[0]
    if key.kind is Kind.FLAG:
        head = head.removeprefix("true: ")  # the TOML word, in every language
        said = head if value else t("not so: {rule}", rule=head)
        return f"{said} ({key.path})"
    if value is None:
        shown = t("off")
    elif value == "win":
        shown = t("wins the game")
    elif key.kind is Kind.POINTS:
        shown = tn("{n} point", "{n} points", value)
    else:
        shown = str(value)
    return f"{head}: {shown} ({key.path})"


def rules_in_words(rules: HouseRules) -> str:
    """The sheets' house-rules line: every rule that differs from the main rule said in
    words (``the breaker gets 10``), each with its key; `rules_line` is the terminal's."""
    changes = [_in_words(key, value) for key, value in rules.changed_keys()]
    if not changes:
        return t("House rules: the main rule.")
    return t("House rules: ") + "; ".join(changes) + "."


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


def _range_text(key: Key) -> str:
    if key.kind is Kind.FLAG:
        return "true, false"
    if key.kind is Kind.CHOICE:
        words = [f'"{choice}"' for choice in key.choices]
        return ", ".join(["false", *words] if key.off_allowed else words)
    low = "" if key.low <= -LIMIT else str(key.low)
    high = "" if key.high >= LIMIT else str(key.high)
    span = f"{low or -LIMIT} to {high or LIMIT}"
    extra = {Kind.NUMBER_OR_OFF: ", or false", Kind.POINTS: ', or "win"'}.get(key.kind, "")
    return span + extra


def house_rules_markdown() -> str:
    """docs/house-rules.md: every key of the schema, as the schema declares it."""
    lines = [
        "# House rules: every key",
        "",
        "Generated from the schema in `chicago_protokoll/core/rules.py` by",
        "`python scripts/generate_house_rules_doc.py`; a test fails when this page and the",
        "schema disagree. What each rule means at the table is in [rules.md](rules.md).",
        "Every key is optional: a missing key takes the main rule (the default below).",
        "",
        "| key | values | main rule | since format | meaning | på svenska |",
        "|---|---|---|---|---|---|",
    ]
    for key in schema():
        comment = Msg(key.comment)
        default = toml_value(key.to_toml(key.default))
        lines.append(
            f"| `{key.path}` | {_range_text(key)} | `{default}` | {key.since} "
            f"| {comment.localized('en')} | {comment.localized('sv')} |"
        )
    return "\n".join(lines) + "\n"


def presets_list() -> list[dict[str, Any]]:
    """``rules presets --json``: each preset's name, its text in the reader's language and
    the keys it sets differently from the main rule."""
    from ..core.rules import PRESETS

    return [
        {
            "name": name,
            "text": t(text),
            "differs": {key.path: key.to_toml(value) for key, value in rules.changed_keys()},
        }
        for name, (text, rules) in PRESETS.items()
    ]


def problem_key(problem: Msg) -> str | None:
    """The house-rules key (or section) a problem of a rules file is about, when it names one."""
    params = problem.params
    if "section" in params and "key" in params:
        return f"{params['section']}.{params['key']}"
    for name in ("name", "key", "section"):
        value = params.get(name)
        if isinstance(value, str) and value:
            return value
    return None


def rules_check_dict(
    file: str,
    problems: list[Msg] | None,
    lang: str,
    warnings: list[tuple[str, Msg]] | None = None,
) -> dict[str, Any]:
    """``rules check --json``: ``ok`` when ``problems`` is empty or None; ``warnings``
    (`rules_warnings`) do not make a file wrong."""
    return {
        "file": file,
        "ok": not problems,
        "errors": [
            {"key": problem_key(problem), "text": cut_numbers(problem.localized(lang), lang)}
            for problem in problems or []
        ],
        "warnings": [{"key": key, "text": warning.localized(lang)} for key, warning in warnings or []],
    }
