"""``GET /`` with ``--night``: the room's board on one 1920×1080 screen.

Left, every table of the current round: its players and totals, the deal being played,
the leader marked while it plays, the winner(s) when it is over.  Right, the night's
standings by placement points (rank, name, points, games, wins).  Laid out in the
screen's own units, as ``/tv`` is, so 1280×720 shows the same.  Up to eight tables
show at once; above eight the page shows them eight at a time and turns to the next
eight every ROTATE_SECONDS (the page's script).  The standings' type gets smaller with
more players, and the box hides rows it would cut (``data-fit``), so the page is never
taller or wider than the screen.

Every text from the files (names) goes through `html.escape`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

from ..i18n.language import t
from ..present.html_sheet import document
from ..present.night_sheet import placement_points
from ..present.night_status import round_title
from .tv import ROOM_PALETTE

TABLES_AT_ONCE = 8
ROTATE_SECONDS = 12

BOARD_STYLE = ROOM_PALETTE + """
html, body { margin: 0; height: 100%; overflow: hidden; background: var(--page);
  color: var(--ink); font: min(2.6vh, 1.5vw)/1.2 "DejaVu Sans", "Segoe UI", Helvetica,
  Arial, sans-serif; }
main.nb { height: 100vh; width: 100vw; padding: 2vh 2vw; display: flex;
  flex-direction: column; gap: 1.5vh; overflow: hidden; }
.nb-head { flex: none; display: flex; align-items: baseline; gap: 2vw; min-width: 0;
  padding-right: 9em; }
.nb-head h1 { margin: 0; font-size: 1.9em; white-space: nowrap; overflow: hidden;
  text-overflow: ellipsis; min-width: 0; }
.nb-sub { margin: 0; color: var(--muted); font-size: 1.1em; white-space: nowrap;
  overflow: hidden; text-overflow: ellipsis; min-width: 0; flex: 1; }
.nb-grid { flex: 1; min-height: 0; display: grid; column-gap: 2vw;
  grid-template-columns: minmax(0, 68fr) minmax(0, 32fr); }
.nb-tables { display: grid; gap: 1.5vh 1.2vw; min-height: 0; overflow: hidden;
  grid-template-columns: repeat(4, minmax(0, 1fr)); grid-auto-rows: minmax(0, 1fr); }
.nb-tables.cols-1 { grid-template-columns: minmax(0, 1fr); }
.nb-tables.cols-2 { grid-template-columns: repeat(2, minmax(0, 1fr)); }
.nb-tables.cols-3 { grid-template-columns: repeat(3, minmax(0, 1fr)); }
.nb-tables.cols-4 { grid-template-columns: repeat(4, minmax(0, 1fr)); }
.nb-table { background: var(--panel); border-radius: 1vh; padding: 1vh 1vw; min-height: 0;
  min-width: 0; overflow: hidden; display: flex; flex-direction: column; gap: 0.6vh;
  border: 0.3vh solid transparent; }
.nb-table.over { border-color: var(--win); }
.nb-table h2 { margin: 0; font-size: 1.35em; white-space: nowrap; overflow: hidden;
  text-overflow: ellipsis; }
.nb-state { margin: 0; color: var(--muted); white-space: nowrap; overflow: hidden;
  text-overflow: ellipsis; }
.nb-table ol { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column;
  gap: 0.4vh; min-height: 0; }
.nb-table li { display: grid; grid-template-columns: minmax(0, 1fr) auto; column-gap: 0.6vw;
  padding: 0.3vh 0.5vw; border-radius: 0.6vh; border: 0.25vh solid transparent;
  font-size: 1.25em; }
.nb-table li .n { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.nb-table li .s { font-weight: bold; font-variant-numeric: tabular-nums; }
.nb-table li.leader { border-color: var(--lead); }
.nb-table li.winner { background: var(--win); }
.nb-side { min-height: 0; min-width: 0; overflow: hidden; display: flex; flex-direction: column; }
.nb-side h2 { margin: 0 0 0.8vh; font-size: 1em; color: var(--muted); font-weight: normal;
  text-transform: uppercase; letter-spacing: 0.08em; }
.nb-standings { flex: 1; min-height: 0; overflow: hidden; }
table { border-collapse: collapse; width: 100%; table-layout: fixed; }
th, td { padding: 0.3vh 0.4vw; white-space: nowrap; overflow: hidden; text-overflow: ellipsis;
  border-bottom: 1px solid var(--rule); text-align: right; font-variant-numeric: tabular-nums; }
th { color: var(--muted); font-weight: normal; }
th.text, td.text { text-align: left; }
col.rank { width: 2.6em; } col.pts { width: 4.6em; } col.games { width: 4.8em; } col.wins { width: 5.2em; }
.nb-standings.size-l { font-size: 1.35em; }
.nb-standings.size-m { font-size: 1.1em; }
.nb-standings.size-s { font-size: 0.85em; }
.nb-standings.size-xs { font-size: 0.68em; }
.nb-standings.size-xxs { font-size: 0.55em; }
.nb-standings td, .nb-standings th { padding: 0.15vh 0.4vw; }
.nb-pages { color: var(--muted); }
.problem { background: var(--problem); padding: 2vh 2vw; border-radius: 1vh; font-size: 1.4em; }
#live { position: fixed; top: 1.5vh; right: 1.5vw; margin: 0; font-size: 0.9em;
  padding: 0.2em 0.8em; border-radius: 1em; background: var(--win); }
#live.lost { background: var(--problem); }
"""

# After the page's own script (pages.SCRIPT): above TABLES_AT_ONCE tables, show them a
# screenful at a time and turn every ROTATE_SECONDS; again after each new board.
ROTATE_SCRIPT = (
    """(() => {
  const main = document.querySelector("main");
  let turn = 0;
  const show = () => {
    const tables = [...main.querySelectorAll(".nb-table")];
    const pages = Math.max(1, Math.ceil(tables.length / PER));
    turn = turn % pages;
    tables.forEach((table, index) => { table.hidden = Math.floor(index / PER) !== turn; });
    const mark = main.querySelector(".nb-pages");
    if (mark) mark.textContent = pages > 1 ? (turn + 1) + "/" + pages : "";
  };
  new MutationObserver(show).observe(main, {childList: true});
  setInterval(() => { turn += 1; show(); }, SECONDS * 1000);
  show();
})();""".replace("PER", str(TABLES_AT_ONCE)).replace("SECONDS", str(ROTATE_SECONDS))
)


def board_title(night: str) -> str:
    return t("Club night: {night}", night=night)


def _columns(count: int) -> int:
    shown = min(count, TABLES_AT_ONCE)
    return 1 if shown <= 1 else 2 if shown <= 4 else 3 if shown <= 6 else 4


def _standings_size(count: int) -> str:
    if count <= 12:
        return "l"
    if count <= 16:
        return "m"
    if count <= 24:
        return "s"
    return "xs" if count <= 32 else "xxs"


def _table(table: Mapping[str, Any]) -> str:
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
    over = " over" if table["finished"] else ""
    return (
        f'<article class="nb-table{over}" data-table="{int(table["table"])}">'
        f'<h2>{escape(t("Table {table}", table=table["table"]))}</h2>'
        f'<p class="nb-state">{escape(state)}</p>'
        f'<ol>{"".join(rows)}</ol></article>'
    )


def _standings(rows: Sequence[Mapping[str, Any]]) -> str:
    body = "".join(
        f'<tr><td>{row["rank"]}</td><td class="text">{escape(str(row["name"]))}</td>'
        f'<td>{escape(placement_points(row["points"]))}</td><td>{row["games"]}</td>'
        f'<td>{row["wins"]}</td></tr>'
        for row in rows
    )
    return (
        f'<div class="nb-standings size-{_standings_size(len(rows))}" data-fit="tbody tr">'
        '<table><colgroup><col class="rank"><col><col class="pts"><col class="games">'
        '<col class="wins"></colgroup>'
        f'<thead><tr><th>#</th><th class="text">{escape(t("Player"))}</th>'
        f'<th>{escape(t("Points"))}</th><th>{escape(t("Games"))}</th>'
        f'<th>{escape(t("Wins"))}</th></tr></thead>'
        f"<tbody>{body}</tbody></table></div>"
    )


def board_body(status: Mapping[str, Any] | None, night: str, problem: str | None) -> str:
    """What goes inside the board's ``<main>``; the stream swaps exactly this."""
    if status is None:
        return (
            f'<header class="nb-head"><h1>{escape(board_title(night))}</h1></header>'
            f'<p class="problem" role="alert">{escape(problem or "")}</p>'
        )
    tables = sorted(status["tables"], key=lambda table: int(table["table"]))
    sub = round_title(status)
    if status["finished"]:
        sub += " · " + t("the night is over")
    heading = (
        f'<header class="nb-head"><h1>{escape(board_title(night))}</h1>'
        f'<p class="nb-sub">{escape(sub)} <span class="nb-pages"></span></p></header>'
    )
    cells = "".join(_table(table) for table in tables) or f"<p>{escape(t('No round is being played.'))}</p>"
    standings = escape(t("The night's standings"))
    return (
        heading
        + '<div class="nb-grid">'
        + f'<section class="nb-tables cols-{_columns(len(tables))}">{cells}</section>'
        + f'<section class="nb-side"><h2>{standings}</h2>'
        + _standings(status["standings"])
        + "</section></div>"
    )


def board_document(view_title: str, body: str, badge: str, script: str) -> str:
    return document(view_title, body, style=BOARD_STYLE, main="nb", before=badge, script=script)
