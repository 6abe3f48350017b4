"""The pages of the published site (see `publish_site` for what is where).

Each page is a template under ``templates/site/`` extending the standalone document
(`documents`: no script, no file from outside, printable on A4) with the site's
navigation above it.  Every link is relative to the page's own place in the folder and
each part of its path is percent-encoded (`href`); every text is escaped by the template
engine.  A night's page is made of the same parts as the night's sheet
(``night/parts.html``, `night_sheet.night_context`), a game's of the protocol sheet's
(``sheet/body.html``, `html_sheet.sheet_context`).
"""

from __future__ import annotations

import posixpath
from collections.abc import Mapping, Sequence
from typing import Any
from urllib.parse import quote

from ..i18n.language import number, t, tn
from .html_sheet import sheet_context
from .night_facts import night_state, placement_points, title
from .night_sheet import night_context
from .publish_model import GameSource, Site, game_path, night_path, player_path, results_path

#: The site's stylesheets, inline in every page.
SITE_STYLES = ("sheet.css", "night.css", "site.css")

#: How many finished games the index lists.
LATEST = 20


def href(here: str, there: str) -> str:
    """The relative link from the page at ``here`` to the file at ``there`` (both paths in
    the folder), each part percent-encoded."""
    relative = posixpath.relpath(there, posixpath.dirname(here) or ".")
    return "/".join(quote(part) for part in relative.split("/"))


def _page(template: str, here: str, title_: str, extra: Sequence[tuple[str, str]] = (), **context: Any) -> str:
    from .documents import standalone

    items = [("index.html", t("Results")), ("league.html", t("League")), *extra]
    nav = [{"href": href(here, there), "text": text} for there, text in items]
    return standalone(template, title=title_, stylesheets=SITE_STYLES, nav=nav, **context)


def result_state(status: Mapping[str, Any]) -> str | None:
    """Provisional or final, only where the night's status has a result state."""
    state = status.get("result")
    if state == "final":
        return t("final")
    if state == "provisional":
        return t("provisional")
    return None


def _rating(mu: float, sigma: float) -> str:
    return number(round(mu - 3 * sigma, 1))


# -- the index ------------------------------------------------------------------------------


def index_page(site: Site) -> str:
    here = "index.html"
    nights = [
        {
            "name": str(status["night"]),
            "href": href(here, night_path(str(status["night"]))),
            "state": night_state(status),
            "label": result_state(status),
        }
        for status in site.nights
    ]
    league = [
        {
            "rank": rank,
            "name": player.name,
            "href": href(here, player_path(player.name)),
            "games": player.games,
            "wins": player.wins,
            "rating": _rating(player.rating.mu, player.rating.sigma),
        }
        for rank, player in enumerate(site.league.players if site.league is not None else (), start=1)
    ]
    finished = [game for game in site.games if game.standings.finished]
    finished.sort(key=lambda game: (game.created, game.name), reverse=True)
    latest = [
        {
            "name": game.name,
            "href": href(here, game_path(game.name)),
            "date": game.created[:10],
            "winners": [{"name": n, "href": href(here, player_path(n))} for n in game.standings.winners],
            "players": ", ".join(p.name for p in game.standings.players),
        }
        for game in finished[:LATEST]
    ]
    return _page(
        "site/index.html",
        here,
        t("Results"),
        nights=nights,
        league=league,
        league_href=href(here, "league.html"),
        latest=latest,
    )


# -- the league -----------------------------------------------------------------------------


def league_page(site: Site) -> str:
    """The league as ``stats --format html`` draws it, with the site's navigation."""
    from ..core.stats import league
    from .league import league_html

    result = site.league if site.league is not None else league(())
    here = "league.html"
    nav = [
        {"href": href(here, there), "text": text}
        for there, text in (("index.html", t("Results")), ("league.html", t("League")))
    ]
    return league_html(result, nav=nav, site=True) + "\n"


# -- a night --------------------------------------------------------------------------------


def night_page(site: Site, status: Mapping[str, Any]) -> str:
    name = str(status["night"])
    here = night_path(name)

    def link(kind: str, what: str) -> str | None:
        if kind == "player":
            return href(here, player_path(what))
        return href(here, game_path(what)) if what in site.game_names else None

    return _page(
        "site/night.html",
        here,
        title(status),
        night=night_context(status, link),
        label=result_state(status),
        results_href=href(here, results_path(name)),
    )


# -- a game ---------------------------------------------------------------------------------


def game_page(site: Site, game: GameSource) -> str:
    here = game_path(game.name)
    extra = []
    if game.night is not None and any(s["night"] == game.night for s in site.nights):
        extra.append((night_path(game.night), t("Club night: {night}", night=game.night)))
    extra.extend((player_path(p.name), p.name) for p in game.standings.players)
    return _page(
        "site/game.html",
        here,
        t("Chicago protocol: {session_name}", session_name=game.name),
        extra,
        sheet=sheet_context(game.standings, game.name, site.stake, game.corrections),
    )


def moved_page(here: str, there: str, name: str) -> str:
    """A page where a release before put ``name``'s page, sending a link made then on to
    ``there`` (a redirect at once, and a link for a browser that does not follow it)."""
    from .documents import standalone

    return standalone(
        "site/moved.html", title=name, stylesheets=("sheet.css", "site.css"), to=href(here, there)
    )


# -- a player -------------------------------------------------------------------------------


def player_page(site: Site, name: str) -> str:
    here = player_path(name)
    stats = None
    if site.league is not None:
        stats = next((p for p in site.league.players if p.name == name), None)
    summary = (
        tn(
            "{n} finished game, {wins} won; rating (μ − 3σ) {rating}",
            "{n} finished games, {wins} won; rating (μ − 3σ) {rating}",
            stats.games,
            wins=stats.wins,
            rating=_rating(stats.rating.mu, stats.rating.sigma),
        )
        if stats is not None
        else ""
    )
    nights = [
        {
            "name": str(status["night"]),
            "href": href(here, night_path(str(status["night"]))),
            "rank": row["rank"],
            "points": placement_points(row["points"]),
            "games": row["games"],
        }
        for status in site.nights
        for row in status.get("standings", ())
        if row["name"] == name
    ]
    played = [g for g in site.games if any(p.name == name for p in g.standings.players)]
    played.sort(key=lambda game: (game.created, game.name), reverse=True)
    games = []
    for game in played:
        standings = game.standings
        if standings.finished:
            total = str(standings.score(name))
            result = t("won") if name in standings.winners else "–"
        else:
            total, result = "–", t("being played")
        games.append(
            {
                "name": game.name,
                "href": href(here, game_path(game.name)),
                "date": game.created[:10],
                "total": total,
                "result": result,
            }
        )
    return _page("site/player.html", here, name, name=name, summary=summary, nights=nights, games=games)
