"""What ``play`` shows when it resumes a game: the totals, and what the deal being played
holds so far, so the table picks up where it was (after Ctrl-C, a closed terminal, a
night's sleep) without reading ``chicago log``."""

from __future__ import annotations

from ..core.game import Game
from ..i18n.language import t
from .narrate import describe_in_deal
from .views import plain_standings


def resumed(game: Game, name: str) -> list[str]:
    """The lines shown on resuming ``name`` at the state ``game`` replays."""
    lines = [
        t("Resuming '{name}' at deal {deal}.", name=name, deal=game.deal),
        plain_standings(game.standings(), name),
    ]
    if not game.entries:
        return [*lines, t("Nothing is recorded in deal {deal} yet.", deal=game.deal)]
    lines.append(t("Deal {deal} so far:", deal=game.deal))
    for applied in game.entries:
        awards = ", ".join(f"{a.player} {a.points:+d}" for a in applied.awards)
        lines.append("  " + describe_in_deal(applied.event) + (f"  ({awards})" if awards else ""))
    return lines
