"""Swedish or English for everything the person at the table reads.

Each text is written in place as a pair, ``tr("Deal", "Giv")``, so the two
languages never drift apart in separate catalogues.  The language comes from
``--lang``, else ``CHICAGO_LANG``, else the locale (``LANG``/``LC_ALL``/
``LC_MESSAGES`` starting with ``sv``), else English.
"""

from __future__ import annotations

import os

_chosen: str | None = None

LANGUAGES = ("en", "sv")


def set_language(lang: str | None) -> None:
    """Fix the language for this run (``--lang``); None goes back to the environment."""
    global _chosen  # noqa: PLW0603 - one process, one language: a module switch is the honest shape
    _chosen = lang


def language() -> str:
    return _chosen or environment_language()


def environment_language() -> str:
    """The language the environment asks for: ``CHICAGO_LANG``, else the locale, else English."""
    explicit = os.environ.get("CHICAGO_LANG", "")
    if explicit in LANGUAGES:
        return explicit
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(variable, "")
        if value:
            return "sv" if value.lower().startswith("sv") else "en"
    return "en"


def tr(en: str, sv: str) -> str:
    """The text in the current language."""
    return sv if language() == "sv" else en
