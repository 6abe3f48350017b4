"""The one Jinja2 environment every HTML page is rendered through, and the package's
static files (stylesheets, scripts) named by their content.

Every page — the phone's, the board's, the TV's, the keeper's, the results site, the
sheets, the table cards and the paper protocol — is a template in ``templates/``
rendered here: autoescaped, `StrictUndefined` (a name a template asks for and is not
given is an error, not an empty cell), with the project's own gettext functions installed
through ``jinja2.ext.i18n`` so a template's ``_("…")``, ``ngettext("…", "…", n)`` and
``pgettext("…", "…")`` are the catalogue's `t`, `tn` and `pt` (``{placeholder}`` style,
as in the Python code, so one catalogue serves both; tests/i18n reads the templates).

Jinja2 is imported when the first page is rendered, never at import of this module, so a
command that writes no HTML does not pay for it (tests/cli/test_latency_imports.py).  The
templates compiled are kept in Jinja2's own bytecode cache, in the cache directory
(`locations.cache_dir`, ``templates-…``): its key is the template's name and the checksum
of its source, so an edited or upgraded template is compiled afresh and a kept one is
never stale; the folder's name carries Jinja2's version and the environment's settings,
which the compiled code also depends on.  A cache that cannot be read or written costs
the compile, never the page (bench/latency.py times the commands that write HTML).

A static file is named in a page by `static_url` (``/static/HASH/NAME``: a new release's
file has a new address, so a browser's cached copy is never checked against the wrong
``integrity``) and `integrity` (the Subresource Integrity hash of its bytes).  A
standalone document (the site, a sheet) carries the file inline through `static_text`.
"""

from __future__ import annotations

import base64
import hashlib
import os
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..i18n.language import pt, t, tn

if TYPE_CHECKING:
    from jinja2 import Environment
    from jinja2.bccache import BytecodeCache

PACKAGE = Path(__file__).parent.parent
TEMPLATES = PACKAGE / "templates"
STATIC = PACKAGE / "static"

#: The hash a static file's `integrity` is given in (and the prefix of its address).
SRI_ALGORITHM = "sha384"


#: The environment's settings, which the compiled templates depend on (the cache's folder
#: is named by them).
SETTINGS: dict[str, Any] = {
    "autoescape": True,
    "extensions": ["jinja2.ext.i18n"],
    "trim_blocks": True,
    "lstrip_blocks": True,
    "keep_trailing_newline": True,
}


@cache
def environment() -> Environment:
    """The environment of every page (made once a process)."""
    from jinja2 import Environment, FileSystemLoader, StrictUndefined

    env = Environment(
        loader=FileSystemLoader(TEMPLATES),
        undefined=StrictUndefined,
        bytecode_cache=_compiled_templates(),
        **SETTINGS,
    )
    # Old-style callables: Jinja2 passes the keyword arguments straight to ours, which fill
    # ``{placeholders}`` in the current language (new-style would %-format them instead).
    env.install_gettext_callables(gettext=t, ngettext=tn, newstyle=False, pgettext=pt)  # type: ignore[attr-defined]
    env.globals.update(static_url=static_url, integrity=integrity, static_text=static_text)
    return env


def compiled_folder() -> Path:
    """Where the compiled templates are kept: the cache directory's ``templates-KEY``, KEY
    naming Jinja2's version and `SETTINGS`."""
    import jinja2

    from ..store.locations import cache_dir

    settings = repr((jinja2.__version__, sorted(SETTINGS.items())))
    key = hashlib.sha256(settings.encode("utf-8")).hexdigest()[:16]
    return cache_dir() / f"templates-{key}"


def _compiled_templates() -> BytecodeCache:
    from jinja2 import FileSystemBytecodeCache
    from jinja2.bccache import Bucket

    class Kept(FileSystemBytecodeCache):
        """Jinja2's own cache of compiled templates, which a folder that cannot be made,
        read or written leaves to compile the template again (the page is made all the
        same, only not faster)."""

        def load_bytecode(self, bucket: Bucket) -> None:
            try:
                super().load_bytecode(bucket)
            except Exception:  # a file cut short or not a cache's: compiled afresh
                bucket.reset()

        def dump_bytecode(self, bucket: Bucket) -> None:
            try:
                os.makedirs(self.directory, exist_ok=True)
                super().dump_bytecode(bucket)
            except OSError:
                pass

    return Kept(str(compiled_folder()), "%s.cache")


def render(template: str, /, **context: Any) -> str:
    """The template ``template`` (a path under ``templates/``) filled from ``context``."""
    return environment().get_template(template).render(**context)


@cache
def static_bytes(name: str) -> bytes:
    """The bytes of the package's static file ``name`` (read once a process)."""
    path = (STATIC / name).resolve()
    if path.parent != STATIC.resolve() and STATIC.resolve() not in path.parents:
        raise ValueError(f"{name!r} is not a static file of the package")
    return path.read_bytes()


def static_text(name: str) -> str:
    """The static file ``name`` as text, for a standalone document that carries it inline."""
    return static_bytes(name).decode("utf-8")


@cache
def _digest(name: str) -> bytes:
    return hashlib.new(SRI_ALGORITHM, static_bytes(name)).digest()


def integrity(name: str) -> str:
    """The ``integrity`` attribute's value for the static file ``name``."""
    return f"{SRI_ALGORITHM}-{base64.b64encode(_digest(name)).decode('ascii')}"


def content_key(name: str) -> str:
    """A short key of the file's content: the part of its address that changes with it."""
    return base64.urlsafe_b64encode(_digest(name)).decode("ascii").rstrip("=")[:16]


def static_url(name: str) -> str:
    """The address a served page names the static file ``name`` by (``/static/KEY/NAME``)."""
    return f"/static/{content_key(name)}/{name}"


def inline_hash(text: str) -> str:
    """The Content-Security-Policy source (``'sha256-…'``) allowing one inline block."""
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return f"'sha256-{base64.b64encode(digest).decode('ascii')}'"
