"""The server's side of the recording page's outbox, over HTTP (cli.md, "Recording that
survives the room's network"): the script served at the address of its content with its hash, the pings, a
saved write naming its entry, a waiting write refused on arrival kept in
serve-conflicts/ over a restart and resolved on the keeper's page or the phone, the
whole-deal form judged by the same rules as ``chicago deal``, and the warnings about
``--host``."""

from __future__ import annotations

import base64
import hashlib
import json
import re
import tomllib
from pathlib import Path
from typing import Any

from serve_support import Served, chicago, page_fields

from chicago_protokoll.serve.hosts import host_warning
from cli_support import session_file


def _page(server: Served) -> tuple[str, str, dict[str, str]]:
    path = server.recording()[1]
    code, body = server.get(path, {"Host": server.host})
    assert code == 200, body
    return path, body, page_fields(body)


def _events() -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = tomllib.loads(session_file("fredag").read_text()).get(
        "events", []
    )
    return events


def _raw_post(server: Served, path: str, body: str) -> tuple[int, dict[str, str], str]:
    import http.client

    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=20)
    try:
        connection.request(
            "POST",
            path,
            body=body,
            headers={"Host": server.host, "Content-Type": "application/x-www-form-urlencoded"},
        )
        response = connection.getresponse()
        headers = {k.lower(): v for k, v in response.getheaders()}
        return response.status, headers, response.read().decode()
    finally:
        connection.close()


def test_the_outbox_script_is_served_at_the_address_of_its_content_with_its_hash(table: Path) -> None:
    server = Served("--record")
    try:
        _, body, _ = _page(server)
        found = re.search(r'<script src="(/static/[^/"]+/outbox\.js)" integrity="sha384-([^"]+)"', body)
        assert found, body
        code, headers, script = server.fetch(found.group(1), {"Host": server.host})
        assert code == 200 and headers["content-type"].startswith("text/javascript")
        assert headers["x-content-type-options"] == "nosniff"
        assert "immutable" in headers["cache-control"]
        digest = base64.b64encode(hashlib.sha384(script.encode()).digest()).decode()
        assert found.group(2) == digest
        _, page_headers, _ = server.fetch(server.recording()[1], {"Host": server.host})
        assert "script-src 'self'" in page_headers["content-security-policy"]
        # The address before the content-addressed one: an older page's integrity could
        # pass no other bytes than the old file's, so it is simply gone.
        assert server.fetch("/outbox.js", {"Host": server.host})[0] == 404
        # A small script, not a framework (it also sends every tap and shows its answer in
        # the page's place since taps stopped being plain forms: 16 KiB became 20).
        assert len(script.encode()) < 20 * 1024
    finally:
        assert server.stop()[0] == 0


def test_a_phone_checks_the_connection_with_ping(table: Path) -> None:
    server = Served("--record")
    try:
        code, body = server.get("/ping", {"Host": server.host})
        assert code == 200 and "This phone reaches the laptop" in body
        path = server.recording()[1]
        assert server.fetch(path + "/ping", {"Host": server.host})[0] == 204
        wrong = re.sub(r"/r/1/[^/]+", "/r/1/not-the-secret", path)
        assert server.fetch(wrong + "/ping", {"Host": server.host})[0] == 403
    finally:
        assert server.stop()[0] == 0


def test_a_saved_write_names_its_entry(table: Path) -> None:
    server = Served("--record")
    try:
        path, _, fields = _page(server)
        code, headers, _ = _raw_post(
            server, path, _form({**fields, "do": "buy", "who": "pass", "entry": "e1"})
        )
        assert code == 200 and headers["x-chicago-entry"] == "e1"
        assert _events()[-1]["type"] == "buy"
    finally:
        assert server.stop()[0] == 0


def _form(fields: dict[str, str]) -> str:
    from urllib.parse import urlencode

    return urlencode(fields)


def test_a_waiting_write_refused_on_arrival_is_kept_over_a_restart_until_a_person_drops_it(
    table: Path, chicago_home: Path
) -> None:
    server = Served("--record")
    path, _, fields = _page(server)
    chicago("note", "meanwhile at the terminal")
    chicago("buy", "pass")  # the page's question is answered at the terminal: stale
    before = session_file("fredag").read_bytes()
    form = {**fields, "do": "buy", "who": "Bo", "hand": "pair", "entry": "waited", "queued": "1"}
    code, headers, body = _raw_post(server, path, _form(form))
    assert code == 409 and headers["x-chicago-conflict"] == "waited"
    assert session_file("fredag").read_bytes() == before
    kept = list((chicago_home / "serve-conflicts").glob("*.json"))
    assert len(kept) == 1 and '"waited"' in kept[0].read_text()
    assert "token" not in kept[0].read_text()  # the form kept without the table's secret
    assert server.stop()[0] == 0

    server = Served("--record")  # a restart finds it again
    try:
        _, body, _ = _page(server)
        assert "Not recorded: decide what happens to it" in body and "köp: Bo:pair" in body
        assert 'data-conflicts="waited"' in body
        keeper = server.keeper()
        code, page = server.get(keeper, {"Host": server.host})
        assert code == 200 and "köp: Bo:pair" in page and "table 1:" in page
        token = re.search(r'name="token" value="([^"]+)"', page)
        assert token is not None
        drop = {"token": token.group(1), "table": "1", "conflict": "waited", "do": "conflict-drop"}
        code, _, page = _raw_post(server, keeper, _form(drop))
        assert code == 200 and "Dropped: köp: Bo:pair" in page
        assert '"waited"' not in kept[0].read_text()
        _, body, _ = _page(server)
        assert "Not recorded" not in body
        assert session_file("fredag").read_bytes() == before
    finally:
        assert server.stop()[0] == 0


def test_record_it_now_judges_a_kept_write_on_the_file_as_it_is(table: Path) -> None:
    server = Served("--record")
    try:
        path, _, fields = _page(server)
        chicago("note", "meanwhile at the terminal")
        chicago("buy", "pass")
        form = {**fields, "do": "buy", "who": "Bo", "hand": "pair", "entry": "late", "queued": "1"}
        code, headers, _ = _raw_post(server, path, _form(form))
        assert code == 409 and headers["x-chicago-conflict"] == "late"
        _, _, now = _page(server)
        retry = {**now, "do": "conflict-retry", "conflict": "late"}
        code, headers, body = _raw_post(server, path, _form(retry))
        assert code == 200 and headers["x-chicago-entry"] == "late", body
        assert _events()[-1] == {**_events()[-1], "type": "buy", "player": "Bo", "hand": "pair"}
        assert "Not recorded" not in body
    finally:
        assert server.stop()[0] == 0


def test_the_whole_deal_form_records_the_rest_of_the_deal_as_chicago_deal_would(
    table: Path,
) -> None:
    server = Served("--record")
    try:
        chicago("buy", "Bo:pair")  # köp 1 of deal 2 is in the file already
        path, body, fields = _page(server)
        assert (
            'id="whole-deal" hidden' in body
            and 'name="buy1"' not in body.split('id="whole-deal"')[1]
        )
        rest = {
            **fields,
            "do": "deal",
            "buy2": "Anna",
            "hand2": "flush",
            "last": "Cilla",
            "show": "pass",
        }
        code, _, answer = _raw_post(server, path, _form(rest))
        assert code == 200, answer
        deal2 = [e for e in _events() if e["deal"] == 2]
        assert [e["type"] for e in deal2] == ["buy", "buy", "last-trick", "showdown"]
        assert deal2[1]["player"] == "Anna" and deal2[1]["hand"] == "flush"

        # A rule broken: the sentence of the command line, nothing recorded.
        before = session_file("fredag").read_bytes()
        path, body, fields = _page(server)
        broken = {**fields, "do": "deal", "chicago": "Dagny", "last": "Dagny"}
        code, _, answer = _raw_post(server, path, _form(broken))
        assert code == 422 and "a Chicago deal has no last trick" in answer
        assert session_file("fredag").read_bytes() == before
    finally:
        assert server.stop()[0] == 0


def test_the_whole_deal_form_asks_whose_total_the_points_come_off_where_the_rules_take_from_an_opponent(
    chicago_home: Path, tmp_path: Path
) -> None:
    """scoring.take_from_opponent: the whole-deal form offers the opponent beside each köp,
    the last trick and the showdown, as the step-by-step page does, and records them as
    ``chicago deal --buy Anna:kåk:från:Bo --last-trick Cilla:från:Bo`` would."""
    rules = tmp_path / "from.toml"
    rules.write_text("[scoring]\ntake_from_opponent = true\n", encoding="utf-8")
    chicago("new", "fredag", "Anna", "Bo", "Cilla", "--rules", str(rules))
    chicago("deal", "--buy", "Bo:kåk", "--buy", "Bo:färg", "--last-trick", "Bo", "--showdown", "pass")
    server = Served("--record")
    try:
        path, body, fields = _page(server)
        whole = body.split('id="whole-deal"')[1]
        for name in ("from1", "from2", "lastfrom", "showfrom"):
            assert f'name="{name}"' in whole, name
        assert "take from Bo" in whole
        rest = {
            **fields,
            "do": "deal",
            "buy1": "Anna",
            "hand1": "full-house",
            "from1": "Bo",
            "last": "Cilla",
            "lastfrom": "Bo",
            "show": "pass",
        }
        code, _, answer = _raw_post(server, path, _form(rest))
        assert code == 200, answer
        deal2 = [e for e in _events() if e["deal"] == 2]
        said = [(e["type"], e.get("player"), e.get("opponent")) for e in deal2]
        assert said == [
            ("buy", "Anna", "Bo"),
            ("buy", None, None),  # köp 2 passed
            ("last-trick", "Cilla", "Bo"),
            ("showdown", None, None),
        ]
        status = json.loads(chicago("status", "--json"))
        scores = {p["name"]: p["score"] for p in status["players"]}
        assert scores == {"Anna": 0, "Bo": 6 + 5 + 5 - 6 - 5, "Cilla": 0}
    finally:
        assert server.stop()[0] == 0


def test_the_whole_deal_form_offers_no_opponent_where_the_rules_do_not_take_from_one(
    table: Path,
) -> None:
    server = Served("--record")
    try:
        _, body, _ = _page(server)
        whole = body.split('id="whole-deal"')[1]
        assert 'name="lastfrom"' not in whole and 'name="from1"' not in whole
    finally:
        assert server.stop()[0] == 0


def test_serve_record_warns_for_a_loopback_host(table: Path) -> None:
    server = Served("--record")
    try:
        said = "".join(server.lines)
        assert "Warning: --host 127.0.0.1 is this computer only: phones cannot reach" in said
    finally:
        assert server.stop()[0] == 0


def test_a_host_that_is_not_this_machines_is_warned_about() -> None:
    assert host_warning("0.0.0.0", {"10.0.0.2"}) is None
    assert host_warning("10.0.0.2", {"10.0.0.2"}) is None
    assert "this computer only" in (host_warning("localhost", {"10.0.0.2"}) or "")
    assert "this computer only" in (host_warning("::1", {"10.0.0.2"}) or "")
    foreign = host_warning("192.0.2.7", {"10.0.0.2"}) or ""
    assert "is not one of this machine's addresses (10.0.0.2)" in foreign


def test_a_royal_asked_again_is_answered_in_front_of_the_person_and_leaves_the_outbox(
    table: Path,
) -> None:
    """The first tap of a royal writes nothing and asks again; the answer names the entry
    as settled (the phone's outbox forgets it, so the question is not hidden behind a
    waiting entry) and its own form is the second tap."""
    server = Served("--record")
    try:
        path, _, fields = _page(server)
        before = session_file("fredag").read_bytes()
        form = {**fields, "do": "royal", "who": "Bo", "entry": "crown"}
        code, headers, body = _raw_post(server, path, _form(form))
        assert code == 200 and "x-chicago-entry" not in headers
        assert 'data-done="crown"' in body and 'class="moment sure"' in body
        assert session_file("fredag").read_bytes() == before
        sure = {**page_fields(body), "do": "royal", "who": "Bo", "sure": "1"}
        code, headers, _ = _raw_post(server, path, _form(sure))
        assert code == 200 and headers["x-chicago-entry"] == sure["entry"]
        assert _events()[-1]["type"] == "royal"
    finally:
        assert server.stop()[0] == 0


def test_a_royal_that_waited_in_the_outbox_is_kept_for_a_person_whose_choice_records_it(
    table: Path,
) -> None:
    """Sent again from the outbox nobody is there to be asked: the royal is kept as a
    conflict, never recorded unasked; "record it now" is the person's second tap."""
    server = Served("--record")
    try:
        path, _, fields = _page(server)
        before = session_file("fredag").read_bytes()
        form = {**fields, "do": "royal", "who": "Bo", "entry": "crown", "queued": "1"}
        code, headers, body = _raw_post(server, path, _form(form))
        assert code == 409 and headers["x-chicago-conflict"] == "crown", body
        assert session_file("fredag").read_bytes() == before
        _, _, now = _page(server)
        retry = {**now, "do": "conflict-retry", "conflict": "crown"}
        code, headers, body = _raw_post(server, path, _form(retry))
        assert code == 200 and headers["x-chicago-entry"] == "crown", body
        assert _events()[-1]["type"] == "royal"
    finally:
        assert server.stop()[0] == 0


def test_an_address_this_machine_can_listen_on_is_its_own_whatever_its_name_resolves_to() -> None:
    """The warning's list of this machine's addresses takes in every address it can bind
    (its own IPv6 address was warned about as foreign), and never one it cannot."""
    from chicago_protokoll.cli.serve import _bindable

    assert _bindable("127.0.0.1") == {"127.0.0.1"}
    assert _bindable("192.0.2.7") == set()  # TEST-NET-1: nobody's address here
    assert _bindable("not a host name at all") == set()
