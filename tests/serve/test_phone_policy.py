"""The phone's and the keeper's pages load nothing but the package's own static files:
each page's Content-Security-Policy allows no inline script or style and no wildcard,
every script and stylesheet is named with its ``integrity`` hash at the address of its
content, which serves exactly those bytes with ``nosniff``; no ``style=`` attribute.  (That
no module assembles HTML or escapes text itself is tests/test_no_markup_outside_templates.py's.)"""

from __future__ import annotations

import base64
import hashlib
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from phone_states import addresses, declare, end_the_game, keep_a_conflict, tap, to_the_tricks
from serve_support import Served

from cli_support import ANNA_23_DEAL, ok


class _Tags(HTMLParser):
    """Every start tag of a page, with its attributes, and the text inside <script>s."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.inline: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        self._in_script = tag == "script"

    def handle_endtag(self, tag: str) -> None:
        self._in_script = False

    def handle_data(self, data: str) -> None:
        if self._in_script and data.strip():
            self.inline.append(data)


def policy_problems(server: Served, path: str) -> list[str]:
    """What lets in more than the package's static files on the page at ``path``."""
    code, headers, body = server.fetch(path, {"Host": server.host})
    assert code == 200, body
    problems = []
    directives = {
        part.split()[0]: part.split()[1:]
        for part in headers["content-security-policy"].split(";")
        if part.strip()
    }
    for name, sources in directives.items():
        for source in sources:
            if source == "'unsafe-inline'" or "*" in source or source in ("'unsafe-eval'", "data:", "http:"):
                problems.append(f"{name} allows {source}")
    if directives.get("default-src") != ["'none'"]:
        problems.append("default-src is not 'none'")
    if headers.get("x-content-type-options") != "nosniff":
        problems.append("the page is not nosniff")
    parsed = _Tags()
    parsed.feed(body)
    if parsed.inline:
        problems.append("an inline script")
    for tag, attrs in parsed.tags:
        if "style" in attrs:
            problems.append(f"a style= attribute on <{tag}>")
        if any(name.startswith("on") for name in attrs):
            problems.append(f"an event handler attribute on <{tag}>")
        if tag == "style":
            problems.append("a <style> element")
        address = attrs.get("src") if tag == "script" else attrs.get("href") if tag == "link" else None
        if address is None:
            continue
        if not attrs.get("integrity"):
            problems.append(f"<{tag}> {address} without integrity")
            continue
        if not re.fullmatch(r"/static/[A-Za-z0-9_-]{16}/[a-z_]+\.(js|css)", address):
            problems.append(f"<{tag}> {address} is not at the address of its content")
            continue
        code, served, content = server.fetch(address, {"Host": server.host})
        algorithm, _, digest = str(attrs["integrity"]).partition("-")
        if code != 200 or base64.b64encode(hashlib.new(algorithm, content.encode()).digest()).decode() != digest:
            problems.append(f"{address} does not serve the bytes of its integrity hash")
        if served.get("x-content-type-options") != "nosniff" or "immutable" not in served.get("cache-control", ""):
            problems.append(f"{address} is not served nosniff and immutable")
    return problems


@pytest.fixture
def recorded(table: Path) -> Path:
    ok(*ANNA_23_DEAL)  # Anna 27: she may declare Chicago
    return table


def test_every_phone_page_in_every_state_loads_only_the_packages_files_with_integrity(
    recorder: Served,
) -> None:
    server = recorder
    path = server.recording()[1]
    pages = {**addresses(path), "ping": "/ping", "keeper": server.keeper()}
    found = {name: policy_problems(server, address) for name, address in pages.items()}
    keep_a_conflict(server, path)
    found["a kept conflict"] = policy_problems(server, path)
    found["the keeper with a kept conflict"] = policy_problems(server, server.keeper())
    to_the_tricks(server, path)
    found["the tricks"] = policy_problems(server, path)
    declare(server, path)
    found["the chicago"] = policy_problems(server, path)
    end_the_game(server, path)
    found["game over"] = policy_problems(server, path)
    assert {name: problems for name, problems in found.items() if problems} == {}


def test_the_second_tap_page_loads_only_the_packages_files(recorder: Served) -> None:
    """The page a royal asks again on is an answer to a POST: its policy is the same."""
    server = recorder
    path = server.recording()[1]
    code, body = tap(server, path, do="royal", who="Bo")
    assert code == 200 and "Tap again to be sure" in body
    assert "<style" not in body and "<script>" not in body and " style=" not in body
