"""The documents the server sends: the live sheet (``/``) and the room's screen (``/tv``),
each a snapshot's view inside its page with the one script that keeps it live.

The script opens the page's event stream and swaps the page's ``<main>`` with each new
view, so a deal, an undo or a new current session shows without a reload; it says when
the link is lost (the browser's EventSource reconnects by itself).  Where a box is
marked ``data-fit`` (the TV's deals) it hides the rows the box cuts in half.

Style and script are inline and pinned by hash in the Content-Security-Policy: the
pages show names typed at the table, and nothing else may run or load.
"""

from __future__ import annotations

import base64
import hashlib
import json
from dataclasses import dataclass
from html import escape

from ..i18n.language import language, t
from ..present.html_sheet import page
from ..present.sheet_style import STYLE
from .board import Snapshot
from .tv import TV_STYLE

SCRIPT = """(() => {
  const main = document.querySelector("main");
  const badge = document.getElementById("live");
  const words = JSON.parse(badge.dataset.words);
  const fit = () => {
    for (const box of main.querySelectorAll("[data-fit]")) {
      const rows = [...box.querySelectorAll(box.dataset.fit)];
      rows.forEach((row) => { row.hidden = false; });
      const bottom = box.getBoundingClientRect().bottom;
      const first = rows.findIndex((row) => row.getBoundingClientRect().bottom > bottom + 0.5);
      if (first >= 0) rows.slice(first).forEach((row) => { row.hidden = true; });
    }
  };
  const url = badge.dataset.stream + "&since=" + encodeURIComponent(badge.dataset.version);
  const source = new EventSource(url);
  source.addEventListener("sheet", (event) => {
    const data = JSON.parse(event.data);
    main.innerHTML = data.html;
    document.title = data.title;
    badge.dataset.version = event.lastEventId;
    fit();
  });
  source.addEventListener("open", () => {
    badge.textContent = words.live;
    badge.className = "live";
  });
  source.addEventListener("error", () => {
    badge.textContent = words.lost;
    badge.className = "live lost";
  });
  window.addEventListener("resize", fit);
  fit();
})();"""


def _digest(text: str) -> str:
    return base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()


def csp(style: str) -> str:
    """Only our own inline style and script may run, and the page may talk only to its
    server; no form goes anywhere, no other site may frame it."""
    return (
        f"default-src 'none'; style-src 'sha256-{_digest(style)}'; "
        f"script-src 'sha256-{_digest(SCRIPT)}'; connect-src 'self'; "
        "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    )


@dataclass(frozen=True)
class Kind:
    """One kind of page: the board's view it shows, its stylesheet and its policy."""

    view: str
    style: str
    policy: str


SHEET = Kind("sheet", STYLE, csp(STYLE))
TV = Kind("tv", TV_STYLE, csp(TV_STYLE))


def _badge(snapshot: Snapshot, kind: Kind) -> str:
    words = json.dumps({"live": t("● live"), "lost": t("reconnecting…")}, ensure_ascii=False)
    return (
        f'<p id="live" class="live lost" role="status" data-version="{snapshot.id}" '
        f'data-stream="/events?view={kind.view}" '
        f'data-words="{escape(words)}">{t("connecting…")}</p>'
    )


def sheet_document(snapshot: Snapshot) -> str:
    view = snapshot.views[SHEET.view]
    return page(view.title, view.body, before=_badge(snapshot, SHEET), script=SCRIPT)


def tv_document(snapshot: Snapshot) -> str:
    view = snapshot.views[TV.view]
    parts = [
        "<!DOCTYPE html>",
        f'<html lang="{language()}">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{escape(view.title)}</title>",
        f"<style>{TV_STYLE}</style>",
        "</head>",
        "<body>",
        _badge(snapshot, TV),
        f'<main class="tv">\n{view.body}\n</main>',
        f"<script>{SCRIPT}</script>",
        "</body>",
        "</html>",
    ]
    return "\n".join(parts) + "\n"
