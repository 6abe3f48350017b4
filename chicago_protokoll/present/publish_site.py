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
- ``players/SLUG-HASH8.html`` per player (cli.md: the ASCII letters and digits of the
  NFKD name, and 8 hex digits of the SHA-256 of the NFC name).
"""

from __future__ import annotations

import hashlib
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .results_json import results_text

if TYPE_CHECKING:
    from ..core.events import Correction
    from ..core.standings import Standings
    from ..core.stats import League


@dataclass(frozen=True, slots=True)
class GameSource:
    """One game as the site shows it: its session's name, when it was started, the
    replayed standings and the corrections (the sheet lists them)."""

    name: str
    created: str
    standings: Standings
    corrections: tuple[Correction, ...] = ()
    night: str | None = None


def player_slug(name: str) -> str:
    """``players/SLUG-HASH8.html``'s name part: ``Åsa Öberg`` -> ``AsaOberg-1a2b3c4d``."""
    decomposed = unicodedata.normalize("NFKD", name)
    letters = "".join(c for c in decomposed if c.isascii() and c.isalnum())
    digest = hashlib.sha256(unicodedata.normalize("NFC", name).encode("utf-8")).hexdigest()[:8]
    return f"{letters}-{digest}" if letters else digest


def player_path(name: str) -> str:
    return f"players/{player_slug(name)}.html"


def game_path(session: str) -> str:
    return f"games/{session}.html"


def night_path(night: str) -> str:
    return f"nights/{night}/index.html"


def results_path(night: str) -> str:
    return f"nights/{night}/results.json"


@dataclass(frozen=True, slots=True)
class Site:
    """What the pages know of each other: which games, nights and players have a page."""

    nights: tuple[Mapping[str, Any], ...]
    games: tuple[GameSource, ...]
    league: League | None
    stake: str = "1"

    @property
    def game_names(self) -> frozenset[str]:
        return frozenset(game.name for game in self.games)

    def players(self) -> list[str]:
        """Everyone who played a game or sat at a night, each once, by name."""
        names: set[str] = set()
        for game in self.games:
            names.update(p.name for p in game.standings.players)
        for status in self.nights:
            names.update(status.get("players", ()))
        return sorted(names, key=lambda name: (name.casefold(), name))


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
    for game in site.games:
        files[game_path(game.name)] = pages.game_page(site, game)
    for player in site.players():
        files[player_path(player)] = pages.player_page(site, player)
    return {path: text.encode("utf-8") for path, text in files.items()}
