"""The published site: every page and file of ``chicago publish DIR``, as bytes by path.

A pure function of what was read (the nights' status objects, each game's replayed
standings, the league): no clock, no file, so the same games give the same bytes and
an unchanged page is never rewritten (store.publish compares them).  Pages link to
each other by relative paths and use nothing outside the folder: they open from
``file://`` with the network off.  The layout of the pages is in `publish_pages`.

The paths:

- ``index.html``: the nights, the league table, the latest finished games;
- ``league.html``: the whole league (the page of ``stats --format html``);
- ``nights/NAME/index.html`` and ``nights/NAME/results.json`` per night;
- ``games/SESSION.html`` per game (the protocol as the HTML sheet shows it);
  a session's or a night's NAME is its name where that is plain ASCII, else its ASCII
  letters and 8 hex of its SHA-256 (`publish_model.page_slug`), and the address an
  earlier release gave such a page holds a page sending a link made then on;
- ``players/SLUG-HASH8.html`` per player (cli.md: the ASCII letters and digits of the
  NFKD name, and 8 hex digits of the SHA-256 of the NFC name).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from .publish_model import (
    GameSource,
    Site,
    game_path,
    moved_paths,
    night_path,
    player_path,
    player_slug,
    results_path,
)
from .results_json import results_text

if TYPE_CHECKING:
    from ..core.stats import League

__all__ = ["GameSource", "player_path", "player_slug", "site_files"]


def site_files(
    nights: Sequence[Mapping[str, Any]],
    games: Sequence[GameSource],
    league: League | None,
    *,
    stake: str = "1",
) -> dict[str, bytes]:
    """Every file of the site, by its path in the folder."""
    from . import publish_pages as pages

    site = Site(tuple(nights), tuple(games), league, stake)
    files: dict[str, str] = {"index.html": pages.index_page(site)}
    files["league.html"] = pages.league_page(site)
    for status in site.nights:
        name = str(status["night"])
        files[night_path(name)] = pages.night_page(site, status)
        files[results_path(name)] = results_text(status)
        for old in moved_paths("night", name):
            files[old] = pages.moved_page(old, night_path(name), name)
    for game in site.games:
        files[game_path(game.name)] = pages.game_page(site, game)
        for old in moved_paths("game", game.name):
            files[old] = pages.moved_page(old, game_path(game.name), game.name)
    for player in site.players():
        files[player_path(player)] = pages.player_page(site, player)
    return {path: text.encode("utf-8") for path, text in files.items()}
