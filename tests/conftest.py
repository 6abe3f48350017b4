"""Shared fixtures: every test gets its own data directory, never the user's."""

from __future__ import annotations

import signal
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from hypothesis import settings

from browser_support import launch

if TYPE_CHECKING:
    from playwright.sync_api import Browser

# No per-example time limit by default: the suite runs with -n 2 on a 2-core machine,
# often beside other work, and a deadline there measures the machine, not the code
# (examples of the dataclass and TOML-reader properties crossed 200 ms only under load).
# Speed is measured by bench/, not by tests.
settings.register_profile("chicago", deadline=None)
settings.load_profile("chicago")


@pytest.fixture(autouse=True)
def chicago_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Point CHICAGO_PROTOKOLL_HOME at a fresh temp dir so no test touches real sessions."""
    home = tmp_path / "chicago-home"
    monkeypatch.setenv("CHICAGO_PROTOKOLL_HOME", str(home))
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.delenv("_CHICAGO_COMPLETE", raising=False)
    return home


@pytest.fixture
def english() -> Iterator[None]:
    """What is rendered in this process, in English, the language unset again after.  Not
    autouse: a module asks for it (``pytestmark = pytest.mark.usefixtures("english")``)."""
    from chicago_protokoll.i18n.language import set_language

    set_language("en")
    yield
    set_language(None)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """One headless Chromium for the browser tests of a module (tests/serve has its own)."""
    with launch() as opened:
        yield opened


def pytest_runtest_setup(item: pytest.Item) -> None:
    """A test marked ``needs_sigint`` presses Ctrl-C on a child process.  Where this process
    ignores SIGINT (run as a background job of a shell, or under ``trap '' INT``) every child
    inherits the ignore, Python installs no KeyboardInterrupt for it, and the test would wait
    out its timeout for an answer that cannot come: it is skipped, saying why."""
    if item.get_closest_marker("needs_sigint") and signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        pytest.skip(
            "SIGINT is ignored in this process (a background job, or trap '' INT), so its "
            "children cannot be sent Ctrl-C: run the tests in the foreground to run this one"
        )
