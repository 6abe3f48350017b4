"""The room's pages load nothing but the package's own static files (issue 39, item 2): the
live sheet, one session's /tv, a night's board, its /tv and a table's sheet.  Each page's
Content-Security-Policy has no ``'unsafe-inline'`` and no ``*``; every script and
stylesheet is a static file named by its content with the ``integrity`` of its bytes, and
the file served there has those bytes, says ``nosniff`` and may be kept for good; the page
has no inline script, no ``<style>`` and no ``style=`` attribute."""

from __future__ import annotations

import base64
import hashlib
from collections.abc import Iterator
from html.parser import HTMLParser

import pytest
from serve_support import Served

from cli_support import ok


class Tags(HTMLParser):
    """Every start tag of a page, with its attributes, and whether a script has a body."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str]]] = []
        self.inline_script = False
        self._in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, {name: value or "" for name, value in attrs}))
        self._in_script = tag == "script"

    def handle_endtag(self, tag: str) -> None:
        self._in_script = False

    def handle_data(self, data: str) -> None:
        if self._in_script and data.strip():
            self.inline_script = True


def _policy(header: str) -> dict[str, list[str]]:
    directives = {}
    for part in header.split(";"):
        words = part.split()
        if words:
            directives[words[0]] = words[1:]
    return directives


def _check_page(server: Served, path: str) -> None:
    code, headers, body = server.fetch(path, {"Host": server.host})
    assert code == 200, path
    policy = _policy(headers["content-security-policy"])
    for directive, sources in policy.items():
        assert "'unsafe-inline'" not in sources, (path, directive)
        assert "'unsafe-eval'" not in sources, (path, directive)
        assert not any("*" in source for source in sources), (path, directive)
    assert policy["default-src"] == ["'none'"], path
    assert policy["script-src"] == ["'self'"] and policy["style-src"] == ["'self'"], path
    tags = Tags()
    tags.feed(body)
    assert not tags.inline_script, f"{path}: an inline script"
    names = [tag for tag, _ in tags.tags]
    assert "style" not in names, f"{path}: a <style> element"
    assert not [tag for tag, attrs in tags.tags if "style" in attrs], f"{path}: a style= attribute"
    files = [attrs["src"] for tag, attrs in tags.tags if tag == "script"]
    files += [attrs["href"] for tag, attrs in tags.tags if tag == "link"]
    assert files, path
    for tag, attrs in tags.tags:
        if tag in ("script", "link"):
            assert attrs.get("integrity", "").startswith("sha384-"), (path, attrs)
            address = attrs.get("src") or attrs["href"]
            assert address.startswith("/static/"), (path, address)
            static_code, static_headers, content = server.fetch(address, {"Host": server.host})
            assert static_code == 200, address
            assert static_headers["x-content-type-options"] == "nosniff", address
            assert "immutable" in static_headers["cache-control"], address
            digest = hashlib.sha384(content.encode("utf-8")).digest()
            assert attrs["integrity"] == "sha384-" + base64.b64encode(digest).decode(), address


@pytest.fixture
def night(chicago_home: object) -> Iterator[Served]:
    ok("night", "new", "klubb", *(f"Spelare {n}" for n in range(1, 9)))
    server = Served("--night", "klubb")
    yield server
    code, _, err = server.stop()
    assert code == 0 and err == "", err


def test_the_live_sheet_and_the_tv_load_only_the_packages_files_with_integrity(
    served: Served,
) -> None:
    for path in ("/", "/tv"):
        _check_page(served, path)


def test_the_nights_board_tv_and_table_sheet_load_only_the_packages_files_with_integrity(
    night: Served,
) -> None:
    for path in ("/", "/tv", "/t/1"):
        _check_page(night, path)
