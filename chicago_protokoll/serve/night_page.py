"""``GET /`` and ``GET /tv`` with ``--night``: the room's board, and the night's standings
in large type.

The board: left, every table of the current round (its players and totals, the deal
being played, the leader marked while it plays, the winner(s) when it is over); right,
the night's standings by placement points (rank, name, points, games, wins).  ``/tv``:
the same two parts the other way round, the standings first and larger.

Laid out for what it holds, never squeezed: the names' column takes what the numbers
leave (the numbers' columns are as wide as their figures, never a fixed width), and
the type never gets smaller than ``--room-type`` (24 px) for the players' names and
totals, however many players.  What does not fit turns page: the page's script
(`PAGE_SCRIPT`) measures how many tables and how many standings rows the screen holds,
shows a page of each and turns to the next every ROTATE_SECONDS, saying "page 2 of 3";
``?page=N`` shows page N and stays there.  On a phone (narrower than 700 px) the board
is one column that scrolls, every table and every row shown, the type 16 px.

``--hide-standings-last N`` keeps the night's standings off both in the last N rounds
(`standings_hidden`); the tables stay.

Every text from the files (names) goes through `html.escape`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

from ..i18n.language import t
from ..present.html_sheet import document
from ..present.marks import CORRECTED
from ..present.night_sheet import placement_points
from ..present.night_status import round_title
from .tv import ROOM_PALETTE

ROTATE_SECONDS = 12


BOARD_STYLE = ROOM_PALETTE + """
html, body { margin: 0; height: 100%; overflow: hidden; background: var(--page);
  color: var(--ink); font: max(24px, min(2.7vh, 1.55vw))/1.25 "DejaVu Sans", "Segoe UI",
  Helvetica, Arial, sans-serif; }
main.nb { height: 100vh; width: 100vw; padding: 1.6vh 1.6vw; display: flex;
  flex-direction: column; gap: 1.2vh; overflow: hidden; }
.nb-head { flex: none; display: flex; align-items: baseline; gap: 1.5vw; min-width: 0;
  padding-right: 4.5em; }
.nb-head h1 { margin: 0; font-size: 1.45em; white-space: nowrap; overflow: hidden;
  text-overflow: ellipsis; min-width: 0; flex: none; max-width: 60%; }
.nb-sub { margin: 0; color: var(--muted); font-size: 0.8em; white-space: nowrap;
  overflow: hidden; text-overflow: ellipsis; min-width: 0; flex: 1; }
.nb-pages { color: var(--ink); font-weight: bold; }
.nb-grid { flex: 1; min-height: 0; display: grid; column-gap: 1.6vw;
  grid-template-columns: minmax(0, 57fr) minmax(0, 43fr); }
.nb-grid.alone { grid-template-columns: minmax(0, 1fr); }
.nb-grid.tv { grid-template-columns: minmax(0, 56fr) minmax(0, 44fr); }
.nb-grid.tv .nb-side { order: -1; }
.nb-tables { display: grid; gap: 1.2vh 1vw; min-height: 0; min-width: 0; overflow: hidden;
  align-content: start; grid-auto-rows: max-content;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 11.5em), 1fr)); }
.nb-table { background: var(--panel); border-radius: 0.4em; padding: 0.25em 0.45em 0.35em;
  min-width: 0; overflow: hidden; display: flex; flex-direction: column; gap: 0.12em;
  border: 3px solid transparent; }
.nb-table.over { border-color: var(--win); }
.nb-table[hidden] { display: none; }
.nb-table > * { flex: none; }
.nb-table h2 { margin: 0; font-size: 1.05em; white-space: nowrap; overflow: hidden;
  text-overflow: ellipsis; }
.nb-state { margin: 0; color: var(--muted); font-size: 0.8em; white-space: nowrap;
  overflow: hidden; text-overflow: ellipsis; }
.nb-table ol { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column;
  gap: 0.1em; }
.nb-table li { display: flex; gap: 0.4em; align-items: baseline; padding: 0.05em 0.3em;
  border-radius: 0.3em; border: 2px solid transparent; min-width: 0; }
.nb-table li .n { flex: 1; min-width: 0; white-space: nowrap; overflow: hidden;
  text-overflow: ellipsis; }
.nb-table li .s { flex: none; font-weight: bold; font-variant-numeric: tabular-nums; }
.nb-table li.leader { border-color: var(--lead); }
.nb-table li.winner { background: var(--win); }
.nb-side { min-height: 0; min-width: 0; overflow: hidden; display: flex; flex-direction: column; }
.nb-side h2 { margin: 0 0 0.3em; font-size: 0.75em; color: var(--muted); font-weight: normal;
  text-transform: uppercase; letter-spacing: 0.08em; white-space: nowrap; overflow: hidden;
  text-overflow: ellipsis; }
.nb-standings { flex: 1; min-height: 0; overflow: hidden; }
.nb-grid.tv .nb-standings { font-size: 1.3em; }
.nb-standings table { border-collapse: collapse; width: 100%; }
.nb-standings th, .nb-standings td { padding: 0.08em 0.3em; white-space: nowrap;
  border-bottom: 1px solid var(--rule); text-align: right; font-variant-numeric: tabular-nums; }
.nb-standings th { color: var(--muted); font-weight: normal; font-size: 0.7em; }
/* The name takes whatever the figures leave (and is cut with an ellipsis only there). */
.nb-standings .name { width: 100%; max-width: 0; overflow: hidden; text-overflow: ellipsis;
  text-align: left; }
.nb-standings td.pts { font-weight: bold; }
.nb-hidden { color: var(--muted); margin: 0; }
.problem { background: var(--problem); padding: 2vh 2vw; border-radius: 1vh; font-size: 1.2em; }
#live { position: fixed; top: 1.5vh; right: 1.5vw; margin: 0; font-size: 0.6em;
  padding: 0.2em 0.8em; border-radius: 1em; background: var(--win); }
#live.lost { background: var(--problem); }
@media (max-width: 700px) {
  /* A phone: one column that scrolls, everything shown; the badge scrolls away with the
     heading instead of sitting on a total. */
  html, body { height: auto; overflow: visible; font-size: 16px; }
  main.nb { height: auto; width: auto; padding: 10px 12px 24px; gap: 10px; overflow: visible; }
  .nb-head { display: block; padding-right: 5.5em; }
  .nb-head h1 { max-width: none; white-space: normal; overflow-wrap: anywhere; }
  .nb-sub { white-space: normal; margin-top: 2px; }
  .nb-grid, .nb-grid.tv { display: flex; flex-direction: column; gap: 14px; }
  .nb-tables { overflow: visible; grid-template-columns: minmax(0, 1fr); }
  .nb-side, .nb-standings { overflow: visible; }
  .nb-grid.tv .nb-standings { font-size: 1.1em; }
  .nb-standings th { font-size: max(14px, 0.8em); }  /* a heading a phone can read too */
  #live { position: absolute; top: 8px; right: 10px; font-size: 0.8em; }
}
"""

# After the page's own script (pages.SCRIPT).  Measures what the screen holds, shows a
# page of the tables and of the standings, and turns page every SECONDS (both at once:
# the page count is the larger of the two; the shorter one starts again).  `?page=N`
# shows page N and stays.  On a phone (the narrow layout) everything shows.
PAGE_SCRIPT = (
    """(() => {
  const main = document.querySelector("main");
  const wanted = parseInt(new URLSearchParams(location.search).get("page") || "", 10);
  const stays = wanted > 0;
  let turn = stays ? wanted - 1 : 0;
  const narrow = () => matchMedia("(max-width: 700px)").matches;
  const room = (box, items) => {
    // how many of items (all shown, in order) lie wholly inside box: a page's worth
    if (!box || !items.length) return 1;
    const bottom = box.getBoundingClientRect().bottom + 0.5;
    const inside = items.filter((item) => item.getBoundingClientRect().bottom <= bottom).length;
    return Math.max(1, inside);
  };
  const show = () => {
    const tables = [...main.querySelectorAll(".nb-table")];
    const rows = [...main.querySelectorAll(".nb-standings tbody tr")];
    [...tables, ...rows].forEach((item) => { item.hidden = false; });
    const mark = main.querySelector(".nb-pages");
    if (narrow()) { if (mark) mark.textContent = ""; main.dataset.pages = 1; return; }
    const perTable = room(main.querySelector(".nb-tables"), tables);
    const perRow = room(main.querySelector(".nb-standings"), rows);
    const tablePages = Math.max(1, Math.ceil(tables.length / perTable));
    const rowPages = Math.max(1, Math.ceil(rows.length / perRow));
    const pages = Math.max(tablePages, rowPages);
    main.dataset.pages = pages;
    const page = stays ? Math.min(turn, pages - 1) : turn % pages;
    const at = (items, per, count) => {
      const first = (page % count) * per;
      items.forEach((item, index) => { item.hidden = index < first || index >= first + per; });
    };
    at(tables, perTable, tablePages);
    at(rows, perRow, rowPages);
    if (mark) {
      const words = mark.dataset.words || "page {page} of {pages}";
      mark.textContent = pages > 1
        ? "· " + words.replace("{page}", page + 1).replace("{pages}", pages) : "";
    }
    if (!stays) turn = page;
  };
  new MutationObserver(show).observe(main, {childList: true});
  setInterval(() => { if (!stays) { turn += 1; show(); } }, SECONDS * 1000);
  window.addEventListener("resize", show);
  show();
})();""".replace("SECONDS", str(ROTATE_SECONDS))
)


def board_title(night: str) -> str:
    return t("Club night: {night}", night=night)


def tv_title(night: str) -> str:
    return t("Club night: {night} — standings", night=night)


def standings_hidden(status: Mapping[str, Any], last: int) -> bool:
    """``--hide-standings-last N``: the standings stay off in the night's last N rounds
    (the final counts as the round after the last)."""
    return last > 0 and int(status["round"]) > int(status["rounds"]) - last


def _table(table: Mapping[str, Any], corrected: bool) -> str:
    players: Sequence[str] = table["players"]
    totals: Mapping[str, int] = table["totals"]
    winners = set(table["winners"])
    best = max(totals.values(), default=0)
    leaders = [p for p in players if totals[p] == best]
    leader = leaders[0] if len(leaders) == 1 and best > 0 and not table["finished"] else None
    rows = []
    for name in players:
        mark = " winner" if name in winners else " leader" if name == leader else ""
        rows.append(
            f'<li class="p{mark}"><span class="n">{escape(name)}</span>'
            f'<span class="s">{totals[name]}</span></li>'
        )
    if table["finished"]:
        state = t("won by {winners}", winners=" & ".join(table["winners"]))
    else:
        state = t("deal {deal}", deal=table["deal"])
        if leader is not None:
            state += " · " + t("{player} leads", player=leader)
    if corrected:
        state = f"{CORRECTED} {state}"
    over = " over" if table["finished"] else ""
    return (
        f'<article class="nb-table{over}" data-table="{int(table["table"])}">'
        f'<h2>{escape(t("Table {table}", table=table["table"]))}</h2>'
        f'<p class="nb-state">{escape(state)}</p>'
        f'<ol>{"".join(rows)}</ol></article>'
    )


def _standings(rows: Sequence[Mapping[str, Any]]) -> str:
    body = "".join(
        f'<tr><td class="rank">{row["rank"]}</td><td class="name">{escape(str(row["name"]))}</td>'
        f'<td class="pts">{escape(placement_points(row["points"]))}</td><td>{row["games"]}</td>'
        f'<td>{row["wins"]}</td></tr>'
        for row in rows
    )
    return (
        '<div class="nb-standings">'
        f'<table><thead><tr><th>#</th><th class="name">{escape(t("Player"))}</th>'
        f'<th>{escape(t("Points"))}</th><th>{escape(t("Games"))}</th>'
        f'<th>{escape(t("Wins"))}</th></tr></thead>'
        f"<tbody>{body}</tbody></table></div>"
    )


def board_body(
    status: Mapping[str, Any] | None,
    night: str,
    problem: str | None,
    *,
    tv: bool = False,
    hide_last: int = 0,
    corrected: frozenset[str] = frozenset(),
) -> str:
    """What goes inside the board's (or, ``tv``, the night's ``/tv``) ``<main>``; the
    stream swaps exactly this.  ``corrected``: the sessions with a corrected deal."""
    title = tv_title(night) if tv else board_title(night)
    if status is None:
        return (
            f'<header class="nb-head"><h1>{escape(title)}</h1></header>'
            f'<p class="problem" role="alert">{escape(problem or "")}</p>'
        )
    tables = sorted(status["tables"], key=lambda table: int(table["table"]))
    sub = round_title(status)
    if status["finished"]:
        sub += " · " + t("the night is over")
    # The room sees whether the result may still change (cli.md: provisional until
    # `night close`, final after), as the sheets and exports say it.
    sub += " · " + (t("result: final") if status.get("result") == "final" else t("result: provisional"))
    # the page's script fills in the numbers: the placeholders are handed on as they are
    words = escape(t("page {page} of {pages}", page="{page}", pages="{pages}"))
    heading = (
        f'<header class="nb-head"><h1>{escape(title)}</h1>'
        f'<p class="nb-sub">{escape(sub)} <span class="nb-pages" data-words="{words}"></span></p>'
        "</header>"
    )
    cells = "".join(_table(table, table["session"] in corrected) for table in tables)
    cells = cells or f"<p>{escape(t('No round is being played.'))}</p>"
    hidden = standings_hidden(status, hide_last)
    side = ""
    if not hidden:
        label = escape(t("The night's standings"))
        side = (
            f'<section class="nb-side"><h2>{label}</h2>'
            + _standings(status["standings"])
            + "</section>"
        )
    grid = "nb-grid" + (" alone" if hidden else " tv" if tv else "")
    kept = ""
    if hidden:
        kept = f'<p class="nb-hidden">{escape(t("The standings are kept for the end of the night."))}</p>'
    return (
        heading
        + kept
        + f'<div class="{grid}">'
        + f'<section class="nb-tables">{cells}</section>'
        + side
        + "</div>"
    )


def board_document(view_title: str, body: str, badge: str, script: str) -> str:
    return document(view_title, body, style=BOARD_STYLE, main="nb", before=badge, script=script)
