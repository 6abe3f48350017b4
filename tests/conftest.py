"""Shared fixtures: every test gets its own data directory, never the user's."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def chicago_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Point CHICAGO_PROTOKOLL_HOME at a fresh temp dir so no test touches real sessions."""
    home = tmp_path / "chicago-home"
    monkeypatch.setenv("CHICAGO_PROTOKOLL_HOME", str(home))
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.delenv("_CHICAGO_COMPLETE", raising=False)
    return home
