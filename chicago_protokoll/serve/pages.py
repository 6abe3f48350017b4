"""The documents the server sends for the room: the live sheet (``/``, a night's
``/t/N``), one session's screen (``/tv``), and a night's board (``/``) and ``/tv``: each
a snapshot's view inside ``templates/room/page.html``, with the script that keeps it live
(``static/live.js``; the board's paging besides, ``static/board.js``).

The script opens the page's event stream and swaps the page's ``<main>`` with each new
view, so a deal, an undo or a new current session shows without a reload; it says when
the link is lost (the browser's EventSource reconnects by itself).

Styles and scripts are the package's static files, named by their content and each with
its ``integrity`` hash; the policy (`POLICY`) lets nothing else load or run — no inline
script or style, no ``style=`` attribute: the pages show names typed at the table.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..i18n.language import language, t
from ..present.templating import inline_hash, render
from .board import Snapshot

#: The policy of every live page of the room: scripts and styles only from the server
#: (the pages name only the package's static files, each with its integrity hash), the
#: event stream only to it, no form anywhere, no other site framing it.
POLICY = (
    "default-src 'none'; style-src 'self'; script-src 'self'; connect-src 'self'; "
    "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)


def csp_for(style: str, script: str | None = None, *, forms: bool = False) -> str:
    """The policy of a page with its own inline style (and script), pinned by hash: the
    pages not yet moved to static files (the recording page, the cards).  The room's
    live pages use `POLICY`."""
    scripts = f"script-src {inline_hash(script)}; connect-src 'self'; " if script else ""
    form = "'self'" if forms else "'none'"
    return (
        f"default-src 'none'; style-src {inline_hash(style)}; {scripts}"
        f"base-uri 'none'; form-action {form}; frame-ancestors 'none'"
    )


@dataclass(frozen=True)
class Kind:
    """One kind of live page: the view it shows, its stylesheets, its scripts."""

    view: str
    main: str  # the class of its <main> (and <body>): the style's part that is its own
    styles: Sequence[str]
    scripts: Sequence[str] = ("live.js",)
    rotate: int = 0  # seconds between two pages of the board (0: it does not turn page)
    policy: str = POLICY


SHEET = Kind("sheet", "sheet", ("sheet.css",))
TV = Kind("tv", "tv", ("room.css",))


def live_document(snapshot: Snapshot, view: str, kind: Kind) -> str:
    """The page of ``view`` as ``kind`` shows it, at the snapshot's version."""
    shown = snapshot.views[view]
    from markupsafe import Markup

    return render(
        "room/page.html",
        lang=language(),
        title=shown.title,
        styles=kind.styles,
        scripts=kind.scripts,
        main=kind.main,
        rotate=kind.rotate,
        view=view,
        version=shown.id,
        words={"live": t("● live"), "lost": t("reconnecting…")},
        # the one place a view's body enters the page: rendered by its own template
        body=Markup(shown.body),
    )


def sheet_document(snapshot: Snapshot, view: str = SHEET.view) -> str:
    """The live sheet of ``view`` (a night's table N is ``tN``)."""
    return live_document(snapshot, view, SHEET)


def tv_document(snapshot: Snapshot) -> str:
    return live_document(snapshot, TV.view, TV)
