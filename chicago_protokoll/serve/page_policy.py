"""The Content-Security-Policy of the pages the server sends (the phone's, the keeper's,
/ping): styles and scripts only from the server's own static files, which every page
names with their ``integrity`` hash (templates/assets.html) at the address of their
content (`static_files`); no inline style or script, no ``style=`` attribute; the page may
talk only to its server, post a form only to it, and no other site may frame it."""

from __future__ import annotations


def page_policy(*, scripts: bool = True, forms: bool = False, media: bool = False) -> str:
    """The policy of a page with (or without) scripts, forms and its own static video."""
    parts = ["default-src 'none'", "style-src 'self'"]
    if scripts:
        parts += ["script-src 'self'", "connect-src 'self'"]
    if media:
        parts.append("media-src 'self'")
    parts += ["base-uri 'none'", f"form-action {'self' if forms else 'none'}".replace("self", "'self'")]
    parts.append("frame-ancestors 'none'")
    return "; ".join(parts)


#: The recording page (its forms post to it; its scripts follow the table, keep the
#: outbox; "Keep the screen on" plays the package's muted video where the Wake Lock API
#: is refused) and the keeper's page (its forms; its script keeps it live).
RECORD_POLICY = page_policy(scripts=True, forms=True, media=True)
KEEPER_POLICY = page_policy(scripts=True, forms=True)
#: /ping: a line of text.
PING_POLICY = page_policy(scripts=False, forms=False)
