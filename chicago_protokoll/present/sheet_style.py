"""The one stylesheet of the protocol sheet, for every screen: the exported file and the
live page of `chicago serve` alike.

- A phone (390 px): the sheet fills the width, numbers never wrap (``nowrap`` cells),
  a table wider than the phone scrolls inside its own box, never the page.
- A big screen (a TV at 1920 px): larger type, in two columns (standings and protocol
  beside the chart and the result).
- Print: one A4 page as before, always light, one column.
- A dim room: a dark scheme with ``prefers-color-scheme: dark``.

Colours are custom properties so the dark scheme and print swap them in one place; the
chart's SVG reads the same properties (it is inline, so the page's CSS reaches it).
"""

STYLE = """
:root { color-scheme: light dark;
  --page: #e9e6df; --paper: #fff; --ink: #1b1b1b; --muted: #555; --rule: #bbb;
  --head: #f1efe9; --stop: #fff4d6; --win: #dff0d8; --grid: #e2e2e2; --axis: #333;
  --stop-line: #b8860b; --shadow: rgba(0, 0, 0, 0.25); --problem: #fde2e1; }
@media (prefers-color-scheme: dark) {
  :root { --page: #0e0e10; --paper: #1b1b1e; --ink: #ececec; --muted: #b0b0b0;
    --rule: #4a4a4f; --head: #2a2a2f; --stop: #4a3b12; --win: #1e4226; --grid: #34343a;
    --axis: #c8c8c8; --stop-line: #e3b341; --shadow: rgba(0, 0, 0, 0.6); --problem: #5c2020; }
}
* { box-sizing: border-box; }
body { margin: 0; background: var(--page); color: var(--ink);
  font: 15px/1.4 "DejaVu Sans", "Segoe UI", Helvetica, Arial, sans-serif; }
.sheet { max-width: 210mm; margin: 16px auto; padding: 14mm 14mm 10mm; background: var(--paper);
  box-shadow: 0 1px 6px var(--shadow); }
h1 { font-size: 1.6em; margin: 0 0 2px; overflow-wrap: anywhere; }
h2 { font-size: 1.1em; margin: 18px 0 6px; border-bottom: 1px solid var(--rule); }
.meta { margin: 0; color: var(--muted); }
/* A note or a reason is free text: an unbroken 3,000 characters (a pasted link, a key
   held down) must wrap anywhere, not make the page as wide as itself on a phone. */
li { overflow-wrap: anywhere; }
.wide { overflow-x: auto; }
table { border-collapse: collapse; width: 100%; }
th, td { border: 1px solid var(--rule); padding: 2px 6px; white-space: nowrap; }
th { background: var(--head); }
/* a long name may wrap between its words; nothing else in a table ever wraps */
.protocol thead th { white-space: normal; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
.standings td.score { font-weight: bold; font-size: 1.15em; }
.standings td.marks { white-space: normal; color: var(--muted); }
.standings tr.winner td { background: var(--win); }
.next { margin: 6px 0 0; font-weight: bold; }
.protocol td.player { text-align: right; font-variant-numeric: tabular-nums; }
.protocol .points { color: var(--muted); font-size: 0.85em; }
.protocol .total { font-weight: bold; }
.protocol td.buy-stop { background: var(--stop); }
.protocol tfoot td { font-weight: bold; border-top: 2px solid var(--axis); }
.protocol .winner { background: var(--win); }
.note { color: var(--muted); font-size: 0.85em; margin: 4px 0 0; }
.chart svg { width: 100%; height: auto; display: block; }
.chart .grid { stroke: var(--grid); stroke-width: 1; }
.chart .axis { stroke: var(--axis); stroke-width: 1; }
.chart .target { stroke: var(--ink); stroke-width: 2; }
.chart .buy-stop { stroke: var(--stop-line); stroke-width: 1.5; stroke-dasharray: 6 4; }
.chart text { font-size: 15px; fill: var(--ink); }
.chart text.label { paint-order: stroke; stroke: var(--paper); stroke-width: 4px; }
.chart polyline.player { fill: none; stroke-width: 2.5; stroke-linejoin: round; }
.winners { font-size: 1.2em; font-weight: bold; margin: 4px 0; }
.settlement { width: auto; min-width: 50%; }
.problem { background: var(--problem); padding: 0.8em 1em; border-radius: 4px;
  font-size: 1.1em; }
.live { position: absolute; top: 6px; right: 8px; margin: 0; padding: 1px 10px;
  border-radius: 1em; background: var(--head); color: var(--muted); font-size: 0.8em; }
.live.lost { background: var(--problem); color: var(--ink); }
.live + main h1 { padding-right: 5.5em; }  /* a long title runs beside the badge, not under */
/* absolute, not fixed: it scrolls away with the heading, so it never sits on a cell. */
footer { margin-top: 16px; color: var(--muted); font-size: 0.8em; }
@media screen and (max-width: 640px) {
  body { font-size: 14px; background: var(--paper); }
  .sheet { margin: 0; padding: 14px 10px 10px; box-shadow: none; }
  h1 { font-size: 1.35em; }
  th, td { padding: 2px 4px; }
  .protocol .points { font-size: 0.8em; }
  /* the dealer's name is in the head too: a long one is cut here (full name on hover) */
  .protocol td.dealer { max-width: 5.5em; overflow: hidden; text-overflow: ellipsis; }
}
@media screen and (min-width: 1200px) {
  body { font-size: clamp(16px, 1.05vw, 32px); }
  .sheet { max-width: min(96vw, 2400px); padding: 1.6em 2em 1.2em; }
  .columns { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
    column-gap: 2.5em; align-items: start; }
}
@page { size: A4; margin: 12mm; }
@media print {
  :root { color-scheme: light; --page: #fff; --paper: #fff; --ink: #1b1b1b; --muted: #555;
    --rule: #bbb; --head: #eee; --grid: #e2e2e2; --axis: #333; --stop-line: #b8860b; }
  body { background: #fff; font-size: 10.5pt; }
  .sheet { margin: 0; padding: 0; max-width: none; box-shadow: none; }
  .wide { overflow: visible; }
  .live { display: none; }
  section { break-inside: avoid; }
  /* the chart at its paper size (the narrow viewBox would fill the page at full width) */
  .chart svg { height: 80mm; }
  table.standings { width: auto; min-width: 60%; }
  /* on paper after the game, the protocol's totals and the winner say it all */
  section.standings.over { display: none; }
  .protocol td.buy-stop { background: none; }
  .protocol .winner, .standings tr.winner td { background: none; text-decoration: underline; }
  * { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
}
"""
