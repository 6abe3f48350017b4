"""What the published site's pages know of each other (`publish_site` makes them, the
layout is `publish_pages`): the games and nights on the site, and where each file goes.
See `publish_site` for the paths."""

from __future__ import annotations

import hashlib
import unicodedata
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from ..core.events import Correction
    from ..core.standings import Standings
    from ..core.stats import League


# Named tuples, not frozen dataclasses: records the pages read and nothing compares, made by
# `publish` alone, where each frozen slotted dataclass costs about 1.6 % of `import typer`
# at import and a named tuple a fifth of that (bench/html_instructions.py).
class GameSource(NamedTuple):
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


#: The characters a session's or a night's name keeps in its page's file name as it is.
_PLAIN = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.")


def page_slug(name: str) -> str:
    """A session's or a night's page name: the name itself when it is plain ASCII
    (``fredag-r1-t2``, so the addresses published before stay), else the ASCII of its
    NFKD name, spaces as ``-``, and 8 hex of its SHA-256 (``fredag kväll`` ->
    ``fredag-kvall-1a2b3c4d``): no address needs percent-encoding, and two names that
    fold to the same letters still have two pages."""
    if name and set(name) <= _PLAIN and not name.startswith("."):
        return name
    decomposed = unicodedata.normalize("NFKD", name)
    letters = "".join(
        c if c.isascii() and (c.isalnum() or c in "-_.") else "-" if c.isspace() else ""
        for c in decomposed
    ).strip("-.")
    digest = hashlib.sha256(unicodedata.normalize("NFC", name).encode("utf-8")).hexdigest()[:8]
    return f"{letters}-{digest}" if letters else digest


def game_path(session: str) -> str:
    return f"games/{page_slug(session)}.html"


def night_path(night: str) -> str:
    return f"nights/{page_slug(night)}/index.html"


def results_path(night: str) -> str:
    return f"nights/{page_slug(night)}/results.json"


def moved_paths(kind: str, name: str) -> list[str]:
    """Where a release before the ASCII names put the page of the game or night ``name``
    (``games/kväll.html``), when that is not where it is now: a page there sends a link
    made before on to the new one."""
    old = f"games/{name}.html" if kind == "game" else f"nights/{name}/index.html"
    new = game_path(name) if kind == "game" else night_path(name)
    return [old] if old != new else []


class Site(NamedTuple):
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
