"""Static files are served at an address named by their content, kept for good by the
browser, never sniffed as something else, and a stale or foreign address is not found."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from serve_support import Served

from chicago_protokoll.present import templating


@pytest.fixture
def served(table: Path) -> Iterator[Served]:
    server = Served()
    yield server
    code, _, err = server.stop()
    assert code == 0 and err == "", err


def test_a_static_file_at_its_content_address_is_kept_for_good_and_never_sniffed(
    served: Served,
) -> None:
    status, headers, body = served.fetch(templating.static_url("paper_protocol.css"))
    assert status == 200
    assert body == templating.static_text("paper_protocol.css")
    assert headers["content-type"].startswith("text/css")
    assert headers["x-content-type-options"] == "nosniff"
    assert "immutable" in headers["cache-control"]


@pytest.mark.parametrize(
    "path",
    [
        "/static/stale-key/paper_protocol.css",
        f"/static/{templating.content_key('paper_protocol.css')}/missing.css",
        "/static/x/..%2F..%2Fcore%2Frules.py",
    ],
)
def test_a_stale_or_foreign_static_address_is_not_found(served: Served, path: str) -> None:
    status, headers, _ = served.fetch(path)
    assert status == 404
    assert headers["x-content-type-options"] == "nosniff"
