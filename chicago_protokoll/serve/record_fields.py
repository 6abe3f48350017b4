"""The correction form's exchanges and royal straight flush (`record_page.Page.
edit_section`): what a past deal's exchanges were, each player's count in each köp
(``ex-P-K``: the player in seat P, köp K, read back by `recorder.edit_changes`), and
who had the royal, as choices preset to the deal as recorded."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape

from ..core.game import Game
from ..i18n.language import t
from .recorder import exchange_counts


def select(name: str, choices: Sequence[tuple[str, str]], chosen: str) -> str:
    options = "".join(
        f'<option value="{escape(v)}"{" selected" if v == chosen else ""}>{escape(label)}</option>'
        for v, label in choices
    )
    return f'<select name="{escape(name)}">{options}</select>'


def exchanges_and_royal(
    game: Game, exchanges: Sequence[str], royal: str | None, pick: Callable[[str, str], str]
) -> str:
    """The fields, folded: a row a player of one 0-5 choice a köp; then the royal.
    ``pick(name, recorded)`` is the value to preset (the form's, after a preview)."""
    counts = exchange_counts(exchanges)
    buys = game.rules.game.buys
    numbers = [(str(n), str(n)) for n in range(6)]
    rows = []
    for index, player in enumerate(game.players):
        had = counts.get(player, [])
        cells = "".join(
            f'<label class="field">{escape(t("köp {buy}", buy=buy))}'
            + select(
                f"ex-{index}-{buy}",
                numbers,
                pick(f"ex-{index}-{buy}", str(had[buy - 1]) if buy <= len(had) else "0"),
            )
            + "</label>"
            for buy in range(1, buys + 1)
        )
        rows.append(f'<p class="who">{escape(player)}</p><div class="row ex-{buys}">{cells}</div>')
    players = [(p, p) for p in game.players]
    return (
        f"<details><summary>{escape(t('Exchanges (cards changed in each köp)'))}</summary>"
        + "".join(rows)
        + "</details>"
        + f'<p class="who">{escape(t("Royal straight flush"))}</p>'
        + select("royal", [("", t("nobody")), *players], pick("royal", royal or ""))
    )
