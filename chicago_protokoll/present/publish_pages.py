"""The pages of the published site (see `publish_site` for what is where).

Each page is the sheet's standalone document (`html_sheet.page`: no script, no file
from outside, printable on A4) with the site's navigation above it.  Every link is
relative to the page's own place in the folder.  Every text from a file (names of
players, sessions and nights) goes through `html.escape`, and into a link's path
through `quote`.
"""

from __future__ import annotations

import posixpath
from collections.abc import Mapping, Sequence
from html import escape
from typing import Any
from urllib.parse import quote

from ..i18n.language import number, t, tn
from .html_sheet import page, sheet_body
from .night_sheet import (
    NIGHT_STYLE,
    _facts,
    _night_state,
    _rounds,
    _staged,
    _standing_cells,
    _standings_heads,
    _standings_numeric,
    _table_heading,
    _table_heads,
    _table_rows,
    _table_state,
    _title,
    placement_points,
)
from .publish_model import GameSource, Site, game_path, night_path, player_path, results_path

SITE_STYLE = """
:root { --link: #0645ad; }
@media (prefers-color-scheme: dark) { :root { --link: #9cc3ff; } }
a { color: var(--link); }
nav.site { max-width: 210mm; margin: 12px auto 0; padding: 0 14mm; }
nav.site ul { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: 4px 18px; }
nav.site a { display: inline-block; padding: 6px 0; }
.site-list { padding-left: 1.2em; }
.site-list li { margin: 4px 0; }
td.name { white-space: normal; overflow-wrap: anywhere; }
.state-label { font-weight: bold; }
@media print { nav.site { display: none; } a { color: inherit; text-decoration: none; } }
"""


def href(here: str, there: str) -> str:
    """The relative link from the page at ``here`` to the file at ``there`` (both paths in
    the folder), each part percent-encoded."""
    relative = posixpath.relpath(there, posixpath.dirname(here) or ".")
    return "/".join(quote(part) for part in relative.split("/"))


def link(here: str, there: str, text: str) -> str:
    return f'<a href="{escape(href(here, there))}">{escape(text)}</a>'


def _nav(here: str, extra: Sequence[tuple[str, str]] = ()) -> str:
    items = [("index.html", t("Results")), ("league.html", t("League")), *extra]
    entries = "".join(f"<li>{link(here, there, text)}</li>" for there, text in items)
    return f'<nav class="site" aria-label="{escape(t("Site"))}"><ul>{entries}</ul></nav>'


def _document(here: str, title: str, body: str, extra: Sequence[tuple[str, str]] = ()) -> str:
    return page(title, body, before=_nav(here, extra), style=NIGHT_STYLE + SITE_STYLE)


def _table(heads: Sequence[str], rows: Sequence[str], numeric: Sequence[bool]) -> str:
    head = "".join(
        f'<th scope="col"{" class=num" if right else ""}>{escape(text)}</th>'
        for text, right in zip(heads, numeric, strict=True)
    )
    return (
        f'<div class="wide"><table><thead><tr>{head}</tr></thead>\n<tbody>\n'
        + "\n".join(rows)
        + "\n</tbody></table></div>"
    )


def _cells(cells: Sequence[str], numeric: Sequence[bool]) -> str:
    """A row of cells already made HTML."""
    return "<tr>" + "".join(
        f'<td class="{"num" if right else "name"}">{cell}</td>'
        for cell, right in zip(cells, numeric, strict=True)
    ) + "</tr>"


def result_state(status: Mapping[str, Any]) -> str | None:
    """Provisional or final, only where the night's status has a result state."""
    state = status.get("result")
    if state == "final":
        return t("final")
    if state == "provisional":
        return t("provisional")
    return None


def _night_line(here: str, status: Mapping[str, Any]) -> str:
    name = str(status["night"])
    state = _night_state(status)
    label = result_state(status)
    shown = f"{escape(state)}" + (
        f' · <span class="state-label">{escape(label)}</span>' if label else ""
    )
    return f"<li>{link(here, night_path(name), name)} · {shown}</li>"


# -- the index ------------------------------------------------------------------------------


def index_page(site: Site) -> str:
    here = "index.html"
    parts = [f"<header><h1>{escape(t('Results'))}</h1></header>"]
    parts.append(f"<section><h2>{escape(t('Club nights'))}</h2>")
    if site.nights:
        parts.append('<ul class="site-list">')
        parts.extend(_night_line(here, status) for status in site.nights)
        parts.append("</ul>")
    else:
        parts.append(f'<p class="note">{escape(t("No club night yet."))}</p>')
    parts.append("</section>")
    parts.append(_league_section(here, site))
    parts.append(_latest_section(here, site))
    return _document(here, t("Results"), "\n".join(parts))


def _league_section(here: str, site: Site) -> str:
    parts = [f"<section><h2>{escape(t('League'))}</h2>"]
    players = site.league.players if site.league is not None else ()
    if players:
        rows = [
            _cells(
                [
                    str(rank),
                    link(here, player_path(player.name), player.name),
                    str(player.games),
                    str(player.wins),
                    escape(number(round(player.rating.mu - 3 * player.rating.sigma, 1))),
                ],
                [True, False, True, True, True],
            )
            for rank, player in enumerate(players, start=1)
        ]
        parts.append(
            _table(
                [t("Rank"), t("Player"), t("Games"), t("Wins"), t("Rating (μ − 3σ)")],
                rows,
                [True, False, True, True, True],
            )
        )
    else:
        parts.append(f'<p class="note">{escape(t("No game is finished yet."))}</p>')
    parts.append(f"<p>{link(here, 'league.html', t('The whole league'))}</p></section>")
    return "\n".join(parts)


#: How many finished games the index lists.
LATEST = 20


def _latest_section(here: str, site: Site) -> str:
    finished = [game for game in site.games if game.standings.finished]
    finished.sort(key=lambda game: (game.created, game.name), reverse=True)
    parts = [f"<section><h2>{escape(t('Latest games'))}</h2>"]
    if not finished:
        parts.append(f'<p class="note">{escape(t("No game is finished yet."))}</p></section>')
        return "\n".join(parts)
    rows = []
    for game in finished[:LATEST]:
        names = [p.name for p in game.standings.players]
        rows.append(
            _cells(
                [
                    link(here, game_path(game.name), game.name),
                    escape(game.created[:10]),
                    ", ".join(link(here, player_path(n), n) for n in game.standings.winners),
                    escape(", ".join(names)),
                ],
                [False, False, False, False],
            )
        )
    parts.append(
        _table([t("Game"), t("Date"), t("Won by"), t("Players")], rows, [False] * 4)
    )
    parts.append("</section>")
    return "\n".join(parts)


# -- the league -----------------------------------------------------------------------------


def league_page(site: Site) -> str:
    """The league as ``stats --format html`` draws it, with the site's navigation."""
    from ..core.stats import league
    from .league import league_html

    result = site.league if site.league is not None else league(())
    text = league_html(result) + "\n"
    # The league's own page, and the way back to the rest of the site above it.
    return text.replace("<body>\n", "<body>\n" + _nav("league.html") + "\n", 1).replace(
        "</style>", SITE_STYLE + "</style>", 1
    )


# -- a night --------------------------------------------------------------------------------


def night_page(site: Site, status: Mapping[str, Any]) -> str:
    name = str(status["night"])
    here = night_path(name)
    title = _title(status)
    label = result_state(status)
    state = escape(_night_state(status)) + (
        f' · <span class="state-label">{escape(label)}</span>' if label else ""
    )
    parts = [
        "<header>",
        f"<h1>{escape(title)}</h1>",
        f'<p class="meta"><strong>{state}</strong> · {escape(" · ".join(_facts(status)))}</p>',
        f'<p class="meta">{link(here, results_path(name), t("The result as a file (results.json)"))}</p>',
        "</header>",
        '<div class="night">',
        _night_standings(here, status),
    ]
    for heading, tables in _rounds(status):
        parts.append(f'<section class="round">\n<h2>{escape(heading)}</h2>\n<div class="tables">')
        parts.extend(_night_table(here, site, table) for table in tables)
        parts.append("</div>\n</section>")
    parts.append("</div>")
    return _document(here, title, "\n".join(parts))


def _night_standings(here: str, status: Mapping[str, Any]) -> str:
    rows = []
    staged = _staged(status)
    numeric = _standings_numeric(staged)
    for row in status.get("standings", ()):
        rank, name, *numbers = _standing_cells(row)
        rows.append(_cells([rank, link(here, player_path(name), name), *map(escape, numbers)], numeric))
    body = (
        _table(_standings_heads(staged), rows, numeric)
        if rows
        else f'<p class="note">{escape(t("No game is finished yet."))}</p>'
    )
    return f'<section class="night-standings">\n<h2>{escape(t("Standings"))}</h2>\n{body}\n</section>'


def _night_table(here: str, site: Site, table: Mapping[str, Any]) -> str:
    session = str(table["session"])
    numeric = [True, False, True, True]
    rows = []
    for row in _table_rows(table):
        marks = "".join(f' <span class="mark">{escape(text)}</span>' for text in row.marks())
        rows.append(
            _cells(
                [row.place, link(here, player_path(row.name), row.name) + marks, row.total, escape(row.points)],
                numeric,
            )
        )
    game = link(here, game_path(session), session) if session in site.game_names else escape(session)
    state = "finished" if table["finished"] else "playing"
    return "\n".join(
        [
            f'<div class="table {state}">',
            f"<h3>{escape(_table_heading(table))} · {game} "
            f'<span class="state">· {escape(_table_state(table))}</span></h3>',
            _table(_table_heads(), rows, numeric),
            "</div>",
        ]
    )


# -- a game ---------------------------------------------------------------------------------


def game_page(site: Site, game: GameSource) -> str:
    here = game_path(game.name)
    extra = []
    if game.night is not None and any(s["night"] == game.night for s in site.nights):
        extra.append((night_path(game.night), t("Club night: {night}", night=game.night)))
    extra.extend((player_path(p.name), p.name) for p in game.standings.players)
    body = sheet_body(game.standings, game.name, site.stake, game.corrections)
    return _document(here, t("Chicago protocol: {session_name}", session_name=game.name), body, extra)


# -- a player -------------------------------------------------------------------------------


def player_page(site: Site, name: str) -> str:
    here = player_path(name)
    parts = [f"<header><h1>{escape(name)}</h1></header>"]
    stats = None
    if site.league is not None:
        stats = next((p for p in site.league.players if p.name == name), None)
    if stats is not None:
        parts.append(
            f'<p class="meta">{escape(tn("{n} finished game, {wins} won; rating (μ − 3σ) {rating}", "{n} finished games, {wins} won; rating (μ − 3σ) {rating}", stats.games, wins=stats.wins, rating=number(round(stats.rating.mu - 3 * stats.rating.sigma, 1))))}</p>'
        )
    nights = [
        (status, row)
        for status in site.nights
        for row in status.get("standings", ())
        if row["name"] == name
    ]
    if nights:
        numeric = [False, True, True, True]
        rows = [
            _cells(
                [
                    link(here, night_path(str(status["night"])), str(status["night"])),
                    str(row["rank"]),
                    escape(placement_points(row["points"])),
                    str(row["games"]),
                ],
                numeric,
            )
            for status, row in nights
        ]
        parts.append(f"<section><h2>{escape(t('Club nights'))}</h2>")
        parts.append(_table([t("Night"), t("Rank"), t("Placement points"), t("Games")], rows, numeric))
        parts.append("</section>")
    played = [g for g in site.games if any(p.name == name for p in g.standings.players)]
    played.sort(key=lambda game: (game.created, game.name), reverse=True)
    if played:
        numeric = [False, False, True, False]
        rows = []
        for game in played:
            standings = game.standings
            if standings.finished:
                total = str(standings.score(name))
                result = t("won") if name in standings.winners else "–"
            else:
                total, result = "–", t("being played")
            rows.append(
                _cells(
                    [link(here, game_path(game.name), game.name), escape(game.created[:10]), total, escape(result)],
                    numeric,
                )
            )
        parts.append(f"<section><h2>{escape(t('Games'))}</h2>")
        parts.append(_table([t("Game"), t("Date"), t("Points"), t("Result")], rows, numeric))
        parts.append("</section>")
    return _document(here, name, "\n".join(parts))
