"""House rules written out as a commented TOML file, for ``chicago rules init``."""

from __future__ import annotations

from typing import Any

from ..core.rules import HouseRules
from ..i18n.language import N_, t

# What each key means, written beside it so a table can edit the file by hand.
_COMMENTS: dict[str, dict[str, str]] = {
    "game": {
        "target": N_("points that end the game, judged at the end of a deal (51 in one variant)"),
        "min_players": N_("fewest players at the table"),
        "max_players": N_("most players at the table (up to 6)"),
        "buys": N_("exchanges (köp) per deal, 1..3"),
        "scored_buys": N_("exchanges followed by a best-hand scoring, 0..buys"),
    },
    "scoring": {
        "last_trick": N_("points for the last trick (sista sticket)"),
        "last_trick_with_two": N_("points when the last trick is won with a two (variant: 10)"),
        "floor": N_("lowest possible total; false: totals may go negative"),
    },
    "hands": {
        "pair": N_("par"),
        "two_pair": N_("två par"),
        "three_of_a_kind": N_("triss"),
        "straight": N_("stege"),
        "flush": N_("färg"),
        "full_house": N_("kåk"),
        "four_of_a_kind": N_("fyrtal (variant 8)"),
        "straight_flush": N_('färgstege (variants 11, or "win")'),
        "royal_straight_flush": N_('"win": the game is won at once'),
        "four_of_a_kind_zeroes": N_('false, "choice" (zero the others instead of scoring) or "always"'),
        "ace_low_straight": N_("A-2-3-4-5 counts as a straight"),
        "ties": N_('"none": equal hands score nothing; "suit": hearts > spades > diamonds > clubs'),
    },
    "chicago": {
        "success": N_("points for taking all five tricks (variant 10)"),
        "failure": N_("points for a broken Chicago (variant -10)"),
        "min_score": N_("points needed to declare, counted at the moment of declaring; 0: any time"),
        "breaker_bonus": N_("points for the player who breaks a Chicago (10 tournament, 8 old Pagat)"),
        "required_to_win": N_("true: reaching the target without a successful Chicago resets to 0"),
        "max_per_player": N_("Chicagos a player may declare in one game; 0: unlimited"),
    },
    "buy_stop": {
        "threshold": N_("köpstopp from the deal after a player has this many; false: no köpstopp"),
    },
}


def toml_value(value: Any) -> str:
    """A house-rules value as it is written in the TOML file: ``true``, ``"win"``, ``46``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    return str(value)


def rule_changes(rules: HouseRules) -> list[str]:
    """``key = value`` for every house rule that differs from the main rule."""
    main = HouseRules().to_mapping()
    return [
        f"{section}.{key} = {toml_value(value)}"
        for section, values in rules.to_mapping().items()
        for key, value in values.items()
        if main[section][key] != value or type(main[section][key]) is not type(value)
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
    for section, values in rules.to_mapping().items():
        lines.append(f"[{section}]")
        for key, value in values.items():
            assignment = f"{key} = {toml_value(value)}"
            comment = t(_COMMENTS[section][key]) if key in _COMMENTS.get(section, {}) else ""
            lines.append(f"{assignment:<32} # {comment}" if comment else assignment)
        lines.append("")
    return "\n".join(lines)
