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

from ..i18n.language import t
from ..present.html_sheet import document, page
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


def csp_for(style: str, script: str | None = None, *, forms: bool = False) -> str:
    """Only our own inline style and script may run, and the page may talk only to its
    server; a form goes only to it (a recording page), or nowhere; no other site may
    frame it."""
    scripts = f"script-src 'sha256-{_digest(script)}'; connect-src 'self'; " if script else ""
    return (
        f"default-src 'none'; style-src 'sha256-{_digest(style)}'; {scripts}"
        f"base-uri 'none'; form-action {'self' if forms else 'none'}; frame-ancestors 'none'"
    ).replace("form-action self", "form-action 'self'")


def csp(style: str) -> str:
    """The policy of a live read-only page: its style and the one script."""
    return csp_for(style, SCRIPT)


@dataclass(frozen=True)
class Kind:
    """One kind of page: the board's view it shows, its stylesheet and its policy."""

    view: str
    style: str
    policy: str


SHEET = Kind("sheet", STYLE, csp(STYLE))
TV = Kind("tv", TV_STYLE, csp(TV_STYLE))


def badge(snapshot: Snapshot, view: str, *, extra: str = "") -> str:
    """The page's link to its stream: the view it follows, the version it shows."""
    words = json.dumps({"live": t("● live"), "lost": t("reconnecting…")}, ensure_ascii=False)
    return (
        f'<p id="live" class="live lost" role="status" '
        f'data-version="{snapshot.views[view].id}" '
        f'data-stream="/events?view={view}" {extra}'
        f'data-words="{escape(words)}">{t("connecting…")}</p>'
    )


def sheet_document(snapshot: Snapshot, view: str = SHEET.view) -> str:
    """The live sheet of ``view`` (a night's table N is ``tN``)."""
    shown = snapshot.views[view]
    return page(shown.title, shown.body, before=badge(snapshot, view), script=SCRIPT)


def tv_document(snapshot: Snapshot) -> str:
    view = snapshot.views[TV.view]
    return document(
        view.title, view.body, style=TV_STYLE, main="tv", before=badge(snapshot, TV.view),
        script=SCRIPT,
    )
