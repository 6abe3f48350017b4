"""``/static/KEY/NAME``: the package's stylesheets and scripts, as every served page names
them (`present.templating.static_url`).

KEY is the file's content key: a release that changes a file changes its address, so a
phone that cached the older file never checks it against the newer page's ``integrity``,
and the answer may be kept for good (``immutable``).  An address whose key is not the
file's current one is not found rather than served with the wrong bytes.  Every answer
says ``nosniff``: a browser takes a stylesheet only as a stylesheet.
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from starlette.routing import Route

from ..present import templating

PATH = "/static/{key}/{name}"

#: The media type of each kind of static file the package has.
MEDIA_TYPES = {
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".svg": "image/svg+xml",
    ".mp4": "video/mp4",
    ".webm": "video/webm",
}


async def static_file(request: Request) -> Response:
    """One static file, or 404 for a name the package does not have or a stale key."""
    name = request.path_params["name"]
    media_type = MEDIA_TYPES.get("." + name.rpartition(".")[2]) if "." in name else None
    if media_type is None or "/" in name or name.startswith("."):
        return PlainTextResponse(
            "not found", status_code=404, headers={"x-content-type-options": "nosniff"}
        )
    try:
        key = templating.content_key(name)
    except (OSError, ValueError):
        key = None
    if key is None or key != request.path_params["key"]:
        return PlainTextResponse(
            "not found", status_code=404, headers={"x-content-type-options": "nosniff"}
        )
    headers = {
        "cache-control": "public, max-age=31536000, immutable",
        "x-content-type-options": "nosniff",
    }
    return Response(templating.static_bytes(name), media_type=media_type, headers=headers)


def static_route() -> Route:
    """The route every served app answers static files on."""
    return Route(PATH, static_file, methods=["GET"])
