"""The phone's and keeper's pages in each state a person meets them in, for the tests of
their policy and of axe-core: a table served with ``--record`` is brought to each
question by the taps a phone sends (HTTP POSTs of the page's own forms).  Not a test
module."""

from __future__ import annotations

import re
from urllib.parse import urlencode

from serve_support import Served, chicago, page_fields


def tap(server: Served, path: str, **form: str) -> tuple[int, str]:
    """A tap on the page at ``path`` as it is now: its hidden fields and ``form``."""
    code, body = server.get(path, {"Host": server.host})
    assert code == 200, body
    return server.post(path, {**page_fields(body), **form})


def to_the_tricks(server: Served, path: str) -> None:
    """Every köp left passed: the page asks who declares Chicago, or the last trick."""
    for _ in range(3):
        code, body = server.get(path, {"Host": server.host})
        if "best hand?" not in body:
            return
        code, body = tap(server, path, do="buy", who="pass")
        assert code == 200, body
    raise AssertionError("the page still asks for a köp")


def keep_a_conflict(server: Served, path: str) -> None:
    """A tap that waited on the phone while the keeper recorded at the laptop: kept for a
    person (the page it was made on no longer is the file's)."""
    code, body = server.get(path, {"Host": server.host})
    assert code == 200, body
    stale = page_fields(body)
    chicago("buy", "pass")  # the terminal answers the page's question: the tap is stale
    form = {**stale, "do": "buy", "who": "pass", "entry": "waited1", "queued": "1"}
    code, _ = server.post(path, form)
    assert code == 409


def end_the_game(server: Served, path: str) -> None:
    """A royal straight flush, tapped twice: the game is over."""
    code, _ = tap(server, path, do="royal", who="Anna", sure="1")
    assert code == 200


def addresses(path: str) -> dict[str, str]:
    """The states a plain load shows, by name: the question of köp 1, a player's hand,
    a tie's hand, and a past deal's correction."""
    return {
        "köp": path,
        "hand": path + "?" + urlencode({"who": "Anna"}),
        "tie": path + "?who=tie",
        "correction": path + "?edit=1",
    }


def keeper_token(page: str) -> str:
    found = re.search(r'name="token" value="([^"]+)"', page)
    assert found is not None
    return found.group(1)


def declare(server: Served, path: str) -> None:
    """The first player the page offers declares Chicago: it asks for the outcome."""
    code, body = server.get(path, {"Host": server.host})
    found = re.search(r'value="declare">.*?<button name="who" value="([^"]+)"', body, re.S)
    assert found is not None, "nobody may declare"
    code, body = tap(server, path, do="declare", who=found.group(1))
    assert code == 200, body
