"""Our standalone documents (the sheet, the night's sheet, the results site, the league,
the evening, the table cards, the paper protocol): a template under ``templates/`` that
extends ``document.html``, with the package's stylesheets carried inline.

A standalone file opens from disk or a mail with no server behind it, so its policy is a
``<meta>`` Content-Security-Policy: nothing may load, and the one ``<style>`` runs by its
hash (`templating.inline_hash`), never ``'unsafe-inline'``; no element has a ``style=``
attribute.  What differs from document to document but is not a file (the paper's column
widths) is CSS made by a template too, and goes into the same hashed ``<style>``.
"""

from __future__ import annotations

from typing import Any

from ..i18n.language import language
from .templating import inline_hash, render, static_text


def stylesheet(*names: str) -> str:
    """The package's stylesheets ``names``, one after the other, as one inline style."""
    return "".join(static_text(name) for name in names)


def policy(style: str, script: str | None = None) -> str:
    """A standalone document's policy: its own style (and script) by hash, nothing else;
    images only as ``data:`` (none of ours has one: the QR code and charts are inline SVG)."""
    scripts = f"script-src {inline_hash(script)}; " if script else ""
    return (
        f"default-src 'none'; style-src {inline_hash(style)}; {scripts}"
        "img-src data:; base-uri 'none'; form-action 'none'"
    )


def standalone(
    template: str, /, *, title: str, stylesheets: tuple[str, ...], extra_style: str = "", **context: Any
) -> str:
    """The document ``template`` with ``stylesheets`` (static files) and ``extra_style``
    inline under its policy."""
    from markupsafe import Markup

    style = stylesheet(*stylesheets) + extra_style
    return render(
        template,
        lang=language(),
        title=title,
        style=Markup(style),  # the package's own files, put in as they are
        policy=policy(style),
        **context,
    )
