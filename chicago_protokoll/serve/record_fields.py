"""The correction form's exchanges and royal straight flush (`record_page.correction`):
what a past deal's exchanges were, each player's count in each köp (``ex-P-K``: the
player in seat P, köp K, read back by `recorder.edit_changes`), and who had the royal,
as choices preset to the deal as recorded (templates/phone/edit.html lays them out)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from ..core.game import Game
from ..i18n.language import t
from .recorder import exchange_counts

if TYPE_CHECKING:
    from ..core.entry import PlayerExchanges
    from .page_parts import Select


def exchanges_and_royal(
    game: Game,
    exchanges: Sequence[PlayerExchanges],
    royal: str | None,
    pick: Callable[[str, str], str],
) -> tuple[list[tuple[str, list[Select]]], Select]:
    """A row a player of one 0-5 choice a köp (each named "köp N" by its ``<label>``), and
    the royal's choice.  ``pick(name, recorded)`` is the value to preset (the form's, after
    a preview)."""
    from .page_parts import Select

    counts = exchange_counts(exchanges)
    buys = game.rules.game.buys
    numbers = [(str(n), str(n)) for n in range(6)]
    rows = []
    for index, player in enumerate(game.players):
        had = counts.get(player, [])
        rows.append(
            (
                player,
                [
                    Select(
                        f"ex-{index}-{buy}",
                        numbers,
                        pick(f"ex-{index}-{buy}", str(had[buy - 1]) if buy <= len(had) else "0"),
                        t("köp {buy}", buy=buy),
                    )
                    for buy in range(1, buys + 1)
                ],
            )
        )
    players = [(p, p) for p in game.players]
    said = t("Royal straight flush")
    return rows, Select("royal", [("", t("nobody")), *players], pick("royal", royal or ""), said)
