"""``GET /tv``: the session on the room's screen, read from the sofa.

Not the sheet made bigger: a TV shows one screenful and nobody scrolls it.  So the page
is laid out in the screen's own units (``vh``/``vw``, the same proportions at 1920×1080
and at 1280×720): the standings in large type on the left, one row a player with the
total in figures a tenth of the screen high, the leader marked while the game runs,
the winner(s) and the settlement when it ends; on the right the newest deals, newest
first, as many as fit.  The deals' box clips what does not fit (oldest at the bottom)
and the page's script hides a row cut in half; the page is never taller or wider than
the screen however long the game.

Every text from the session (names) goes through `html.escape`.
"""

from __future__ import annotations

from decimal import Decimal
from html import escape

from ..core.settle import amount_json, amount_text, settle
from ..core.standings import Standings
from ..i18n.language import number as local_number
from ..i18n.language import t, tn
from ..present.export import chicago_mark, protocol_rows
from ..present.marks import CORRECTED
from ..present.views import marks, moment_text

# More deals than any screen holds at this size; the box shows those that fit.
MOST_DEALS = 30

# The room's screens (the TV and the night's board) share one dark palette.
ROOM_PALETTE = """
:root { color-scheme: dark; --page: #0e0e10; --ink: #f2f2f2; --muted: #a8a8b0;
  --rule: #3a3a42; --lead: #e3b341; --win: #2f7d46; --panel: #1b1b1f; --problem: #7a2424; }
* { box-sizing: border-box; }
"""

TV_STYLE = ROOM_PALETTE + """
html, body { margin: 0; height: 100%; overflow: hidden; background: var(--page);
  color: var(--ink); font: min(3.2vh, 1.9vw)/1.2 "DejaVu Sans", "Segoe UI", Helvetica,
  Arial, sans-serif; }
main.tv { height: 100vh; width: 100vw; padding: 2.5vh 2.5vw; display: flex;
  flex-direction: column; gap: 1.8vh; overflow: hidden; }
.tv-head { flex: none; display: flex; align-items: baseline; gap: 2vw; min-width: 0;
  padding-right: 9em; }
.tv-head h1 { margin: 0; font-size: 1.8em; white-space: nowrap; overflow: hidden;
  text-overflow: ellipsis; min-width: 0; }
.tv-moment { margin: 0; color: var(--muted); font-size: 1.1em; white-space: nowrap;
  overflow: hidden; text-overflow: ellipsis; min-width: 0; flex: 1; }
.tv-grid { flex: 1; min-height: 0; display: grid; column-gap: 2.5vw;
  grid-template-columns: minmax(0, 37fr) minmax(0, 63fr); }
.tv-standings { display: flex; flex-direction: column; gap: 1.2vh; min-height: 0;
  overflow: hidden; margin: 0; padding: 0; list-style: none; }
.tv-player { flex: 1 1 0; max-height: 17vh; min-height: 0; display: grid;
  grid-template-columns: minmax(0, 1fr) auto; grid-template-rows: auto auto;
  align-content: center; column-gap: 1vw; padding: 0.6vh 1.2vw; border-radius: 1vh;
  background: var(--panel); border: 0.4vh solid transparent; overflow: hidden; }
.tv-name { font-size: 1.7em; font-weight: bold; white-space: nowrap; overflow: hidden;
  text-overflow: ellipsis; align-self: end; }
.tv-score { grid-row: 1 / 3; grid-column: 2; font-size: min(9vh, 5.4vw); line-height: 1;
  font-weight: bold; font-variant-numeric: tabular-nums; align-self: center; }
.tv-marks { color: var(--muted); font-size: 0.9em; white-space: nowrap; overflow: hidden;
  text-overflow: ellipsis; }
.tv-player.leader { border-color: var(--lead); }
.tv-badge { color: #111; background: var(--lead); font-weight: bold; padding: 0 0.5em;
  border-radius: 1em; }
.tv-player.winner { background: var(--win); border-color: var(--ink); }
.tv-side { display: flex; flex-direction: column; gap: 1.8vh; min-height: 0; min-width: 0;
  overflow: hidden; }
.tv-side h2 { margin: 0 0 0.6vh; font-size: 1em; color: var(--muted); font-weight: normal;
  text-transform: uppercase; letter-spacing: 0.08em; }
.tv-result { flex: none; max-height: 48vh; overflow: hidden; padding: 1vh 1.2vw;
  border-radius: 1vh; background: var(--panel); border: 0.4vh solid var(--win); }
.tv-winners { margin: 0 0 1vh; font-size: 1.6em; font-weight: bold; white-space: nowrap;
  overflow: hidden; text-overflow: ellipsis; }
.tv-deals { flex: 1; min-height: 0; overflow: hidden; }
table { border-collapse: collapse; width: 100%; table-layout: fixed; }
th, td { padding: 0.35vh 0.6vw; white-space: nowrap; overflow: hidden;
  text-overflow: ellipsis; border-bottom: 1px solid var(--rule); text-align: right;
  font-variant-numeric: tabular-nums; }
th { color: var(--muted); font-weight: normal; }
th.text, td.text { text-align: left; }
.tv-deals col.deal { width: 3.6em; }
.tv-deals .corrected { color: var(--lead); }
.tv-deals col.dealer { width: 6.5em; }
.tv-deals .pts { color: var(--muted); font-size: 0.8em; }
.tv-deals .total { font-weight: bold; }
.tv-deals tbody tr:first-child td { color: var(--lead); }
.tv-settlement td { font-size: 1.15em; }
.tv-note { color: var(--muted); margin: 0; }
.problem { background: var(--problem); padding: 2vh 2vw; border-radius: 1vh;
  font-size: 1.3em; overflow: hidden; max-height: 80vh; }
.live { position: fixed; top: 1.5vh; right: 1.5vw; margin: 0; padding: 0.1em 0.8em;
  border-radius: 1em; background: var(--panel); color: var(--muted); font-size: 0.8em; }
.live.lost { background: var(--problem); color: var(--ink); }
@media (max-width: 700px) {
  /* A phone: one column that scrolls (standings, then the result and the deals), in
     type a phone can read; the badge scrolls away instead of sitting on a total. */
  html, body { height: auto; overflow: visible; font-size: 16px; }
  main.tv { height: auto; width: auto; padding: 10px 12px 24px; gap: 10px; overflow: visible; }
  .tv-head { display: block; padding-right: 5.5em; }
  .tv-head h1 { white-space: normal; overflow-wrap: anywhere; }
  .tv-moment { white-space: normal; margin-top: 2px; }
  .tv-grid { display: flex; flex-direction: column; gap: 14px; }
  .tv-standings, .tv-side, .tv-deals, .tv-result { overflow: visible; max-height: none; }
  .tv-player { flex: none; max-height: none; padding: 6px 10px; }
  .tv-name { font-size: 1.25em; white-space: normal; overflow-wrap: anywhere; }
  .tv-score { font-size: 2.2em; }
  /* the deals as wide as their figures, scrolled sideways inside their box */
  .tv-deals { overflow-x: auto; }
  .tv-deals table { table-layout: auto; width: max-content; min-width: 100%; }
  .tv-deals th, .tv-deals td { overflow: visible; }
  .tv-deals td.text, .tv-deals th { max-width: 6.5em; overflow: hidden; }
  .live { position: absolute; top: 8px; right: 10px; font-size: 0.8em; }
}
"""


def tv_title(session_name: str) -> str:
    return t("Chicago scoreboard: {session_name}", session_name=session_name)


def tv_body(
    standings: Standings | None,
    session_name: str,
    stake: str,
    problem: str | None = None,
    corrected: frozenset[int] = frozenset(),
) -> str:
    """What is inside ``<main class="tv">``: the live page swaps exactly this."""
    name = escape(session_name)
    if standings is None:
        return "\n".join(
            [
                f'<header class="tv-head"><h1>{name}</h1></header>',
                f'<p class="problem" role="alert">{escape(problem or "")}</p>',
            ]
        )
    side = [_deals(standings, corrected)]
    if standings.finished:
        side.insert(0, _result(standings, stake))
    return "\n".join(
        [
            '<header class="tv-head">',
            f"<h1>{name}</h1>",
            f'<p class="tv-moment">{escape(_moment(standings))}</p>',
            "</header>",
            '<div class="tv-grid">',
            _standings(standings),
            '<div class="tv-side">',
            *side,
            "</div>",
            "</div>",
        ]
    )


def _moment(standings: Standings) -> str:
    if standings.finished:
        return t("The game is over after deal {deal}.", deal=standings.deal)
    return t(
        "Deal {deal}, next: {standings}", deal=standings.deal, standings=moment_text(standings)
    )


def _standings(standings: Standings) -> str:
    """A row a player in seat order (the deals' columns), the leader or winners marked."""
    leader = None if standings.finished else standings.leader
    badge = f'<span class="tv-badge">{escape(t("leads"))}</span> '
    rows = []
    for player in standings.players:
        css = "tv-player"
        if player.name in standings.winners:
            css += " winner"
        elif player.name == leader:
            css += " leader"
        note = escape(marks(standings, player.name))
        if player.name == leader:
            note = badge + note
        rows.append(
            f'<li class="{css}">'
            f'<span class="tv-name">{escape(player.name)}</span>'
            f'<span class="tv-score">{player.score}</span>'
            f'<span class="tv-marks">{note or "&nbsp;"}</span>'
            "</li>"
        )
    label = escape(t("Standings"))
    return f'<ol class="tv-standings" aria-label="{label}">\n' + "\n".join(rows) + "\n</ol>"


def _deals(standings: Standings, corrected: frozenset[int] = frozenset()) -> str:
    """The newest deals first; the box shows as many as fit; a corrected deal marked ✎."""
    names = [p.name for p in standings.players]
    rows: list[str] = []
    for record, cells in reversed(protocol_rows(standings)[-MOST_DEALS:]):
        tds = []
        for name, (points, total) in zip(names, cells, strict=True):
            shown = f"{points:+d}" if points else "–"
            if chicago := chicago_mark(record, name):
                shown += f" {chicago}"
            tds.append(
                f'<td><span class="pts">{shown}</span> <span class="total">{total}</span></td>'
            )
        number = str(record.number) + ("" if record.complete else "…")
        if record.number in corrected:
            number += f' <span class="corrected" title="{escape(t("corrected afterwards"))}">{CORRECTED}</span>'
        rows.append(
            f'<tr><td>{number}</td><td class="text">{escape(record.dealer)}</td>'
            + "".join(tds)
            + "</tr>"
        )
    if not rows:
        content = f'<p class="tv-note">{t("Nothing is recorded yet.")}</p>'
    else:
        head = "".join(f"<th>{escape(n)}</th>" for n in names)
        cols = '<col class="deal"><col class="dealer">' + "<col>" * len(names)
        content = "\n".join(
            [
                f"<table><colgroup>{cols}</colgroup>",
                f'<thead><tr><th>{t("Deal")}</th><th class="text">{t("Dealer")}</th>'
                f"{head}</tr></thead>",
                "<tbody>\n" + "\n".join(rows) + "\n</tbody>",
                "</table>",
            ]
        )
    return (
        f'<section class="tv-deals" data-fit="tbody tr">\n<h2>{t("Newest deals")}</h2>\n'
        f"{content}\n</section>"
    )


def _result(standings: Standings, stake: str) -> str:
    """The winner(s) with their points, and who pays whom."""
    winners = " &amp; ".join(escape(w) for w in standings.winners)
    best = max(standings.scores[w] for w in standings.winners)
    heading = t("Winner") if len(standings.winners) == 1 else t("Winners")
    stake_shown = local_number(amount_json(Decimal(stake)))
    parts = [
        '<section class="tv-result">',
        f"<h2>{heading}</h2>",
        f'<p class="tv-winners">{winners} — {tn("{n} point", "{n} points", best)}</p>',
        f"<h2>{t('Settlement')} ({t('stake {stake_shown} per point', stake_shown=stake_shown)})</h2>",
    ]
    payments = settle(standings.scores, standings.winners, stake)
    if payments:
        parts.append('<table class="tv-settlement">')
        parts.append(
            f'<thead><tr><th class="text">{t("Pays")}</th><th class="text">{t("To")}</th>'
            f"<th>{t('Amount')}</th></tr></thead><tbody>"
        )
        parts.extend(
            f'<tr><td class="text">{escape(p.payer)}</td><td class="text">{escape(p.payee)}</td>'
            f"<td>{local_number(amount_text(p.amount))}</td></tr>"
            for p in payments
        )
        parts.append("</tbody></table>")
    else:
        parts.append(f'<p class="tv-note">{t("Nobody pays anything.")}</p>')
    parts.append("</section>")
    return "\n".join(parts)
