"""The server's kept conflicts, over HTTP (cli.md, "One act, one entry"): "record it
now" is one entry however many taps ask at once, on the phone or the keeper's page; a
table's kept conflicts cost a recording no more as they pile up (a page shows the newest
and counts the rest); an entry kept and later saved by a resend leaves the list; a kept
entry is recorded only into the game it was made for."""

from __future__ import annotations

import json
import os
import re
import statistics
import threading
import tomllib
from dataclasses import asdict
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest
from serve_support import Served, chicago, page_fields

from chicago_protokoll.serve.conflicts import Conflict, Conflicts, kept_form
from chicago_protokoll.serve.record_app import KEPT_SHOWN
from cli_support import session_file

ONE_TABLE = "table"  # the key of a server's one table's secret (keys.table_key)
BATCH = 10  # recordings a measurement: the clock ticks of /proc are 10 ms


def _events() -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = tomllib.loads(session_file("fredag").read_text()).get(
        "events", []
    )
    return events


def _post(server: Served, path: str, form: dict[str, str]) -> tuple[int, dict[str, str], str]:
    import http.client

    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    try:
        connection.request(
            "POST",
            path,
            body=urlencode(form),
            headers={"Host": server.host, "Content-Type": "application/x-www-form-urlencoded"},
        )
        response = connection.getresponse()
        headers = {k.lower(): v for k, v in response.getheaders()}
        return response.status, headers, response.read().decode()
    finally:
        connection.close()


def _phone(server: Served) -> tuple[str, str, dict[str, str]]:
    path = server.recording()[1]
    code, body = server.get(path, {"Host": server.host})
    assert code == 200, body
    return path, body, page_fields(body)


def _keeper_token(server: Served) -> str:
    code, page = server.get(server.keeper(), {"Host": server.host})
    assert code == 200, page
    found = re.search(r'name="token" value="([^"]+)"', page)
    assert found is not None
    return found.group(1)


def _kept_note(fields: dict[str, str], entry: str, text: str) -> Conflict:
    """A note kept for a person (as a server of an earlier release kept one: a note is no
    longer refused for what another entry did), made for the page's game."""
    form = {**fields, "do": "note", "text": text, "entry": entry, "queued": "1"}
    return Conflict(
        entry=entry,
        table=1,
        label="fredag",
        form=kept_form(form),
        tapped=f"note: {text}",
        in_file=[],
        reason="the protocol changed since this page was shown",
        game=fields["session"],
        created=fields["created"],
    )


def _at_once(count: int, tap: Any) -> list[tuple[int, dict[str, str], str]]:
    """``count`` taps sent at the same moment, each on its own connection."""
    start = threading.Barrier(count)
    answers: list[tuple[int, dict[str, str], str]] = []
    lock = threading.Lock()

    def one() -> None:
        start.wait()
        answer = tap()
        with lock:
            answers.append(answer)

    threads = [threading.Thread(target=one) for _ in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return answers


@pytest.mark.parametrize("where", ["phone", "keeper"])
def test_three_taps_at_once_on_record_it_now_record_the_kept_note_once(
    table: Path, chicago_home: Path, where: str
) -> None:
    server = Served("--record")
    try:
        path, _, fields = _phone(server)
        Conflicts(chicago_home).keep(ONE_TABLE, _kept_note(fields, "kept-note", "Bo kom sent"))
        if where == "phone":
            _, _, now = _phone(server)
            answers = _at_once(
                3, lambda: _post(server, path, {**now, "do": "conflict-retry", "conflict": "kept-note"})
            )
        else:
            token = _keeper_token(server)
            form = {"token": token, "table": "1", "conflict": "kept-note", "do": "conflict-retry"}
            answers = _at_once(3, lambda: _post(server, server.keeper(), form))
        notes = [e for e in _events() if e["type"] == "note" and e["text"] == "Bo kom sent"]
        assert len(notes) == 1, notes
        assert [code for code, _, _ in answers] == [200, 200, 200]
        said = [body for _, _, body in answers]
        assert sum("Saved: " in body for body in said) == 1, said
        assert sum("Already saved: " in body for body in said) == 2  # the later taps are told
        assert Conflicts(chicago_home).of(ONE_TABLE) == []
        _, body, _ = _phone(server)
        assert "Not recorded" not in body
    finally:
        assert server.stop()[0] == 0


def _cpu_seconds(pid: int) -> float:
    """The processor time a process has used so far (user and system), from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def test_a_recording_costs_no_more_than_twice_as_much_with_a_thousand_kept_conflicts(
    table: Path, chicago_home: Path
) -> None:
    """The server's processor time a recording POST costs, with 1,000 conflicts kept for
    the table and with none, measured in turns (none, 1,000, none, ...) on one server: the
    median of the one is at most twice the other's.  Processor time, not the clock: a
    loaded machine slows both the same way."""
    server = Served("--record")
    try:
        path, _, fields = _phone(server)
        store = Conflicts(chicago_home)
        kept = [asdict(_kept_note(fields, f"old{n:04d}", f"old note {n}")) for n in range(1000)]
        thousand = store.file_of(ONE_TABLE)
        thousand.parent.mkdir(parents=True, exist_ok=True)
        aside = thousand.with_name("aside.json")
        aside.write_text(json.dumps({"version": 1, "key": ONE_TABLE, "conflicts": kept}), encoding="utf-8")
        pid = server.process.pid
        costs: dict[bool, list[float]] = {False: [], True: []}
        posts = 0
        for turn in range(14):
            many = turn % 2 == 1
            if many:
                os.replace(aside, thousand)
            elif thousand.exists():
                os.replace(thousand, aside)
            before = _cpu_seconds(pid)
            for _ in range(BATCH):
                posts += 1
                form = {**fields, "do": "note", "text": f"note {posts}", "entry": f"cost{posts}"}
                code, headers, body = _post(server, path, form)
                assert code == 200 and headers["x-chicago-entry"] == f"cost{posts}", body
                if many:
                    assert "995 older kept entries are not shown" in body
                    assert body.count('value="conflict-retry"') == KEPT_SHOWN
            costs[many].append((_cpu_seconds(pid) - before) / BATCH)
        none, with_kept = statistics.median(costs[False]), statistics.median(costs[True])
        print(f"recording POST, server CPU: none kept {none * 1000:.1f} ms, 1,000 kept {with_kept * 1000:.1f} ms")
        assert with_kept <= 2 * none, (costs, with_kept / none)
    finally:
        assert server.stop()[0] == 0


def test_an_entry_kept_and_then_saved_by_a_resend_leaves_the_list(
    table: Path, chicago_home: Path
) -> None:
    server = Served("--record")
    try:
        path, _, fields = _phone(server)
        chicago("buy", "pass")  # the terminal answers the page's question: the köp is stale
        waited = {**fields, "do": "buy", "who": "Bo", "hand": "pair", "entry": "waited", "queued": "1"}
        code, headers, _ = _post(server, path, waited)
        assert code == 409 and headers["x-chicago-conflict"] == "waited"
        code, keeper = server.get(server.keeper(), {"Host": server.host})
        assert "köp: Bo:pair" in keeper
        chicago("undo")  # the terminal takes its köp back: the phone's resend now fits
        code, headers, body = _post(server, path, waited)
        assert code == 200 and headers["x-chicago-entry"] == "waited", body
        assert _events()[-1] == {**_events()[-1], "type": "buy", "player": "Bo", "hand": "pair"}
        assert Conflicts(chicago_home).of(ONE_TABLE) == []
        assert "Not recorded" not in body and 'data-conflicts=""' in body
        code, keeper = server.get(server.keeper(), {"Host": server.host})
        assert code == 200 and "köp: Bo:pair" not in keeper
    finally:
        assert server.stop()[0] == 0


def test_record_it_now_is_refused_naming_the_game_once_the_table_plays_another(
    table: Path, chicago_home: Path
) -> None:
    """A kept entry made for the game fredag, while the server (following the current
    session) now records into the game lördag: named as fredag's, only "Drop it" offered,
    and "record it now" refused with the reason; lördag's file is untouched."""
    server = Served("--record")
    try:
        path, _, fields = _phone(server)
        Conflicts(chicago_home).keep(ONE_TABLE, _kept_note(fields, "for-fredag", "fredag's note"))
        chicago("new", "lördag", "Anna", "Bo", "Cilla")  # the current session: the table moves on
        other = session_file("lördag")
        before = other.read_bytes()
        _, body, now = _phone(server)
        assert now["session"] == "lördag"
        assert "Made for the game fredag, which this table no longer plays" in body
        assert 'value="conflict-retry"' not in body
        code, _, body = _post(server, path, {**now, "do": "conflict-retry", "conflict": "for-fredag"})
        assert code == 422 and "made for the game fredag, which this table no longer plays" in body
        token = _keeper_token(server)
        form = {"token": token, "table": "1", "conflict": "for-fredag", "do": "conflict-retry"}
        code, _, keeper = _post(server, server.keeper(), form)
        assert code == 422 and "made for the game fredag" in keeper
        assert other.read_bytes() == before
        assert [c.entry for c in Conflicts(chicago_home).of(ONE_TABLE)] == ["for-fredag"]
    finally:
        assert server.stop()[0] == 0


def test_a_note_queued_behind_a_refused_entry_is_recorded(table: Path, chicago_home: Path) -> None:
    """A note changes no total: when the entry before it in the outbox is refused, the
    note (naming the last event that entry would have left) still records into its game."""
    server = Served("--record")
    try:
        path, _, fields = _phone(server)
        chicago("buy", "pass")
        first = {**fields, "do": "buy", "who": "Bo", "hand": "pair", "entry": "first", "queued": "1"}
        code, headers, _ = _post(server, path, first)
        assert code == 409 and headers["x-chicago-conflict"] == "first"
        behind = {**fields, "last_event": "first-1", "do": "note", "text": "behind it", "entry": "behind", "queued": "1"}
        code, headers, body = _post(server, path, behind)
        assert code == 200 and headers["x-chicago-entry"] == "behind", body
        assert _events()[-1] == {**_events()[-1], "type": "note", "text": "behind it"}
        assert [c.entry for c in Conflicts(chicago_home).of(ONE_TABLE)] == ["first"]
    finally:
        assert server.stop()[0] == 0
