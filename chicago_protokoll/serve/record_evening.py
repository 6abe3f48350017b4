"""The recording page through the evening (cli.md "The phone through the evening"): what
`record_page.Page` shows besides a deal's moments.

- When the game is over: the winners, and what happens next: *Next game* (the same
  seats and rules; players may leave or join) where the server follows the current
  session; where it shows one game, that the next is started on the laptop; at a night
  the table's placement points and what the organiser does next (the page follows the
  table's next game by itself once it is drawn), and at a night's table shown without
  ``--night`` that the organiser draws its next game.
- The second tap a royal, a forfeit and a tap that ends the game ask for
  (`recorder.SecondTap`): the same form again, with ``sure=1``.
- A hand shown before the first lead (a four of a kind's nolla, a hand that wins the game):
  folded away below the last trick where the house rules have one.
- "Keep the screen on": the Wake Lock API, else a muted looping video started by the
  tap; where the API is absent the page says the screen may still turn off.

This module says what these parts show; templates/phone/evening.html lays them out, and
static/record.js keeps the screen on.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Protocol

from ..core.game import Game
from ..i18n.language import t, tn
from ..present.night_sheet import placement_points

if TYPE_CHECKING:
    from .page_parts import Choice


class Page(Protocol):
    """What these parts use of `record_page.Page` (not imported: it imports this)."""

    game: Game
    night: Mapping[str, Any] | None
    follows: bool
    drawn_by: str


# The fields a form sends that say what the page saw; a second tap sends them anew.
SEEN_FIELDS = frozenset({"token", "session", "created", "events", "corrections", "sure"})


def before_the_lead(page: Page) -> list[Choice]:
    """Folded away below the last trick, where the house rules have one: a hand shown
    before the first lead that ends the deal with no last trick (a four of a kind's
    nolla, a hand that wins the game; rules.md, "Cases the texts leave open").  The hands
    offered are the engine's (`Game.hands_before_the_lead`), which judges the tap too."""
    from .page_parts import Choice, hand_label

    shown = page.game.hands_before_the_lead()
    return [Choice(claim.choices()[1], hand_label(claim)) for claim in shown]


def second_tap(form: Mapping[str, str]) -> tuple[str | None, dict[str, str]]:
    """The tap asked again: what it does and the same form's fields with ``sure=1``."""
    fields = {k: v for k, v in form.items() if k not in SEEN_FIELDS}
    fields["sure"] = "1"
    return fields.pop("do", None), fields


def game_over(page: Page) -> dict[str, Any]:
    """The game is over: the winners, then what happens next at this table (``next``:
    ``night``, ``drawn``, ``follows`` or ``elsewhere``)."""
    game = page.game
    if page.night is not None:
        kind = "night"
        said = night_next_text(page.night)
    elif page.drawn_by:
        kind = "drawn"
        said = t("This is a table of the night {night}: the organiser draws its next game.", night=page.drawn_by)
    elif page.follows:
        kind, said = "follows", ""
    else:
        kind = "elsewhere"
        said = t(
            "This server shows only this game: the next game is started on the laptop, and a server started there for it gives a new recording address."
        )
    last = (
        t("The night is closed: its result is final, and nothing more is entered here.")
        if closed(page.night)
        else t("Nothing more is played in this game; a note can still be written.")
    )
    return {
        "winners": t("Winner: {winners}", winners=" & ".join(game.winners)),
        "next": kind,
        "said": said,
        "placed": placed(page.night) if page.night is not None else [],
        "last": last,
    }


def closed(night: Mapping[str, Any] | None) -> bool:
    """At a night that is closed (`night close`): its result is final, and nothing more
    is entered on the page of its tables."""
    return night is not None and night.get("result") == "final"


def placed(table: Mapping[str, Any]) -> list[tuple[str, str, str]]:
    """At a night: the table's placement points (place, name, points), best first."""
    points: Mapping[str, Any] = table.get("placement_points", {})
    places: Mapping[str, Any] = table.get("places", {})
    return [
        (str(places.get(name, "")), name, placement_points(points[name]))
        for name in sorted(table.get("players", ()), key=lambda name: (places.get(name, 99), name))
        if name in points
    ]


def night_next_text(table: Mapping[str, Any]) -> str:
    """What happens next at a night once this table's game is over."""
    if table.get("final"):
        return t("That was the final: the night is over.")
    games = table.get("games_per_table")
    if games:  # a night of stages: the table stays together for its games
        game = int(table.get("game", 1))
        if game < int(games):
            return t(
                "Game {game} of {games} at this table is over: the organiser draws your seats for the next game; this page shows it by itself.",
                game=game,
                games=games,
            )
        return tn(
            "This table has played its {n} game: the organiser draws the next stage, or the night is over.",
            "This table has played its {n} games: the organiser draws the next stage, or the night is over.",
            int(games),
        )
    if int(table.get("round", 1)) < int(table.get("rounds", 1)):
        return t(
            "The organiser draws the next round; this page shows your table's next game by itself."
        )
    return t("That was the night's last round: the organiser may draw the final.")
