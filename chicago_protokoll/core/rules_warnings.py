"""Rules a table may play but is told about, each with the house-rules key it is about.

Apart from `rules` (the schema and reading) because a warning never makes a file wrong:
`rules check` and `new` print them beside an accepted table."""

from __future__ import annotations

from ..i18n.language import Msg
from .rules import HouseRules

__all__ = ["rules_warnings"]


def rules_warnings(rules: HouseRules, players: int | None = None) -> list[tuple[str, Msg]]:
    """What a table may play but is told about, each with the key it is about: a key left
    with nothing to decide, and a rule the texts advise against at this many ``players``
    (None: the table is not known yet, as for ``rules check``)."""
    warnings: list[tuple[str, Msg]] = []
    hands = rules.hands
    if hands.flush_order == "suit" and hands.ties == "flush-suit":
        # Two flushes of one suit cannot be equal (one deck), and two of different suits
        # are ranked by the suit: no equal flushes are left for the tie-break.
        warnings.append((
            "hands.ties",
            Msg('hands.ties = "flush-suit" has nothing left to decide: with '
                'hands.flush_order = "suit" the suits already rank every two flushes'),
        ))
    if rules.chicago.required_to_win and players is not None and players >= 4:
        # The rule text that gives the rule (Pagat's) says so: the game may never end.
        warnings.append((
            "chicago.required_to_win",
            Msg.counted(
                "chicago.required_to_win at a table of {n} player: Pagat advises against it "
                "at four players, as the game can then get very long",
                "chicago.required_to_win at a table of {n} players: Pagat advises against it "
                "at four players, as the game can then get very long",
                players,
            ),
        ))
    return warnings
