"""Shared fixtures: every test gets its own data directory, never the user's."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import settings

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
