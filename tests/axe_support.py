"""axe-core in the browser tests: the accessibility rules run on a page in Chromium.

The engine is the ``axe.min.js`` that the Python package axe-playwright-python ships
(pinned in the test extras, so every machine runs the same axe version); only that file
is used, run in the page by Playwright's ``evaluate`` (the way a browser's developer tools
run a script: a page's own Content-Security-Policy, which lets no script in that is not
its own, does not stop it), and ``axe.run`` is called with issue 39's rule sets (`TAGS`:
WCAG 2.0 A and AA, 2.1 AA, 2.2 AA and the best practices) on the page with every
``<details>`` opened, so what a tap would show is read too.  Not a test module.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from browser_support import in_ci

if TYPE_CHECKING:
    from playwright.sync_api import Page


def axe_script() -> Path:
    """The pinned axe-core engine; skips (fails under CI) when the package is missing."""
    try:
        import axe_playwright_python
    except ImportError:
        message = "axe-playwright-python is not installed (pip install -e '.[test]')"
        if in_ci():
            pytest.fail(f"CI is set but {message}", pytrace=False)
        pytest.skip(message)
    return Path(axe_playwright_python.__file__).parent / "axe.min.js"


#: The rule sets every page is held to (issue 39, item 4).
TAGS = ("wcag2a", "wcag2aa", "wcag21aa", "wcag22aa", "best-practice")


def axe_violations(page: Page) -> list[dict[str, Any]]:
    """axe-core's violations of `TAGS` on the page as it is shown now with every
    ``<details>`` opened, each with its rule, impact and the elements that break it."""
    page.evaluate("document.querySelectorAll('details').forEach((d) => { d.open = true; })")
    page.evaluate(axe_script().read_text(encoding="utf-8") + "\n;undefined")
    found: list[dict[str, Any]] = page.evaluate(
        """async (tags) => (await axe.run(document, {runOnly: {type: 'tag', values: tags},
                                                     resultTypes: ['violations']})).violations
             .map(v => ({id: v.id, impact: v.impact, help: v.help,
                         nodes: v.nodes.map(n => n.target.join(' ') + ': ' + n.failureSummary)}))""",
        list(TAGS),
    )
    return found


def axe_version() -> str:
    head = axe_script().read_text(encoding="utf-8")[:40]
    return head.split("axe v", 1)[1].split()[0]
