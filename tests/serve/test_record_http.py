"""``chicago serve --record`` over HTTP: a write only with the table's secret and the page's
token, never from another site's form; the read-only pages never hold a secret; a write
names the session and the events its page saw and is refused when either changed;
a refusal is the command line's sentence and changes nothing; the secrets survive a
restart (and ``--new-secrets`` replaces them); a phone and a terminal recording at
once never lose an event."""

from __future__ import annotations

import os
import re
import stat
import subprocess
import threading
from pathlib import Path

import pytest
from serve_support import PLAYERS, Served, alert, chicago, page_fields

from cli_support import CHICAGO, ENGLISH, ok, session_file, status, without_taken_back


def _page(server: Served, table: int = 1, query: str = "") -> tuple[str, dict[str, str]]:
    path = server.recording()[table]
    code, body = server.get(path + query)
    assert code == 200, body
    return path, page_fields(body)


def test_the_recording_address_is_printed_secret_and_the_secrets_file_is_private(
    recorder: Served, chicago_home: Path
) -> None:
    path = recorder.recording()[1]
    secret = path.rsplit("/", 1)[1]
    assert len(secret) >= 22
    secrets = chicago_home / "serve-secrets"
    assert stat.S_IMODE(secrets.stat().st_mode) == 0o600
    assert secret in secrets.read_text()
    assert recorder.keeper().rsplit("/", 1)[1] in secrets.read_text()


def test_a_tapped_buy_is_recorded_as_the_command_line_records_it(recorder: Served) -> None:
    before = status()
    path, fields = _page(recorder)
    code, body = recorder.post(path, {**fields, "do": "buy", "who": "Bo", "hand": "two-pair"})
    assert code == 200, body
    assert "Saved: deal 2, köp 1: Bo: two pair" in body
    after = status()
    assert after["players"] != before["players"]
    assert recorder.status() == after  # the read-only page has it too, at once


def test_a_write_without_the_secret_or_the_token_is_refused(recorder: Served) -> None:
    path, fields = _page(recorder)
    file = session_file("fredag")
    text = file.read_bytes()
    form = {**fields, "do": "buy", "who": "Bo", "hand": "pair"}
    wrong_secret = path.rsplit("/", 1)[0] + "/" + "x" * 24
    assert recorder.post(wrong_secret, form)[0] == 403
    assert recorder.post(path.rsplit("/", 1)[0] + "/", form)[0] == 404
    assert recorder.post(path, {**form, "token": "0" * 32})[0] == 403
    no_token = {key: value for key, value in form.items() if key != "token"}
    assert recorder.post(path, no_token)[0] == 403
    # another site's form, carrying everything but its own origin
    assert recorder.post(path, form, {"Origin": "http://evil.example"})[0] == 403
    assert recorder.post(path, form, {"Sec-Fetch-Site": "cross-site"})[0] == 403
    assert recorder.get(wrong_secret)[0] == 403
    assert recorder.get(recorder.keeper()[:-3] + "abc")[0] == 403
    assert file.read_bytes() == text
    # and with both, from our own page, it is recorded
    own = {"Origin": f"http://{recorder.host}", "Sec-Fetch-Site": "same-origin"}
    assert recorder.post(path, form, own)[0] == 200
    assert file.read_bytes() != text


def test_the_read_only_pages_never_contain_a_secret(recorder: Served, chicago_home: Path) -> None:
    secrets = re.findall(r'"([A-Za-z0-9_-]{20,})"', (chicago_home / "serve-secrets").read_text())
    assert len(secrets) == 2
    _, fields = _page(recorder)
    token = fields["token"]
    for read_only in ("/", "/tv", "/status.json"):
        code, body = recorder.get(read_only)
        assert code == 200
        for secret in (*secrets, token):
            assert secret not in body
    stream = recorder.open_stream()
    try:
        data = b""
        while b"event: sheet" not in data:
            data += stream.recv(65536)
        for secret in (*secrets, token):
            assert secret.encode() not in data
    finally:
        stream.close()


def test_a_refusal_shows_the_command_lines_sentence_and_changes_nothing(
    recorder: Served,
) -> None:
    file = session_file("fredag")
    text = file.read_bytes()
    path, fields = _page(recorder)
    form = {**fields, "do": "penalty", "who": "Bo", "points": "0", "reason": "early köp"}
    code, body = recorder.post(path, form)
    assert code == 422
    refused = subprocess.run(
        [str(CHICAGO), "penalty", "Bo", "0", "--reason", "early köp"],
        capture_output=True,
        text=True,
        env={**os.environ, **ENGLISH},
        check=False,
    )
    assert refused.returncode == 1
    assert refused.stderr.strip() == "chicago: " + alert(body)  # the same sentence
    assert "penalty" in alert(body)
    assert file.read_bytes() == text


@pytest.mark.parametrize(
    "form",
    [
        {"do": "note", "text": "felgiv \x1b]0;pwned\x07"},
        {"do": "penalty", "who": "Bo", "points": "2", "reason": "sen \u202eköp"},
        {"do": "forfeit", "who": "Bo", "reason": "\u2066sjuk"},
    ],
    ids=lambda form: form["do"],
)
def test_the_phone_refuses_a_control_in_a_note_or_reason_and_changes_nothing(
    recorder: Served, form: dict[str, str]
) -> None:
    """The phone's note and reasons go through the one check of notes and reasons, as the
    command line's do (names.remark_problem): a refusal in a sentence, the file unchanged."""
    file = session_file("fredag")
    text = file.read_bytes()
    path, fields = _page(recorder)
    code, body = recorder.post(path, {**fields, **form})
    assert code == 422
    said = alert(body)
    assert "cannot be recorded" in said and "not visible text" in said
    assert "\x1b" not in said and "\u202e" not in said and "\u2066" not in said
    assert file.read_bytes() == text


def test_a_page_that_saw_other_events_is_refused_and_shows_the_file_as_it_is(
    recorder: Served,
) -> None:
    path, fields = _page(recorder)
    chicago("deal", "--buy", "Anna:pair", "--last-trick", "Bo", "--showdown", "pass")
    file = session_file("fredag")
    text = file.read_bytes()
    code, body = recorder.post(path, {**fields, "do": "buy", "who": "Bo", "hand": "pair"})
    assert code == 409
    assert "the protocol changed since this page was shown" in alert(body)
    assert file.read_bytes() == text
    assert page_fields(body)["last_event"] == _last_event(file)
    # the same form sent twice (a double tap, a resend) records once: "already saved"
    fresh = page_fields(body)
    form = {**fresh, "do": "buy", "who": "Bo", "hand": "pair"}
    assert recorder.post(path, form)[0] == 200
    once = file.read_bytes()
    code, body = recorder.post(path, form)
    assert code == 200 and "Already saved: deal 3, köp 1: Bo: pair" in body
    assert file.read_bytes() == once


def _last_event(file: Path) -> str:
    from chicago_protokoll.store.sessionfile import load_session

    return load_session(file).events[-1].id


def test_a_page_open_on_last_games_session_never_writes_into_the_next(
    recorder: Served,
) -> None:
    path, fields = _page(recorder)
    chicago("again")  # the next game at the table: fredag-2 is current, the page follows
    new = session_file("fredag-2")
    text = new.read_bytes()
    old = session_file("fredag").read_bytes()
    code, body = recorder.post(path, {**fields, "do": "buy", "who": "Bo", "hand": "pair"})
    assert code == 409
    assert new.read_bytes() == text and session_file("fredag").read_bytes() == old
    assert page_fields(body)["session"] == "fredag-2"  # the page shows the new game


def test_an_open_page_carries_on_over_a_restart_and_new_secrets_replace_the_old(
    table: Path,
) -> None:
    first = Served("--record")
    path, fields = _page(first)
    assert first.stop()[0] == 0
    second = Served("--record")
    try:
        assert second.recording()[1] == path  # the same address
        form = {**fields, "do": "buy", "who": "Bo", "hand": "pair"}
        code, body = second.post(path, form)  # a form the old server made
        assert code == 200, body
    finally:
        assert second.stop()[0] == 0
    third = Served("--record", "--new-secrets")
    try:
        assert third.recording()[1] != path
        assert third.get(path)[0] == 403
    finally:
        assert third.stop()[0] == 0


def test_a_phone_and_a_terminal_recording_at_once_never_lose_an_event(
    chicago_home: Path,
) -> None:
    rules = chicago_home.parent / "long.toml"
    rules.write_text("[game]\ntarget = 1000\n")
    ok("new", "lång", *PLAYERS, "--rules", str(rules))
    server = Served("--record")
    deals = 12
    recorded: list[str] = []
    try:
        path = server.recording()[1]

        def terminal() -> None:
            for _ in range(deals):
                done = subprocess.run(
                    [str(CHICAGO), "deal", "--buy", "Anna:pair", "--last-trick", "Bo"],
                    capture_output=True,
                    text=True,
                    env={**os.environ, **ENGLISH},
                    check=False,
                )
                assert done.returncode == 0, done.stderr

        keeper = threading.Thread(target=terminal)
        keeper.start()
        number = 0
        while keeper.is_alive() or number < 10:
            number += 1
            _, fields = _page(server)
            code, body = server.post(path, {**fields, "do": "note", "text": f"note {number}"})
            assert code in (200, 409), body
            if code == 200:
                recorded.append(f"note {number}")
        keeper.join()
    finally:
        assert server.stop()[0] == 0
    from chicago_protokoll.core.events import Note
    from chicago_protokoll.store.sessionfile import load_session

    events = load_session(session_file("lång")).events
    notes = [event.text for event in events if isinstance(event, Note)]
    assert sorted(notes) == sorted(recorded)  # every note the phone was told is saved, once
    assert len(recorded) >= 10
    assert status()["deal"] == deals + 1  # and every deal of the terminal
    assert len(events) == deals * 4 + len(recorded)


def test_a_past_deal_is_corrected_as_chicago_edit_corrects_it(recorder: Served) -> None:
    path, fields = _page(recorder, query="?edit=1")
    file = session_file("fredag")
    text = file.read_bytes()
    form = {
        **fields,
        "deal": "1",
        "buy1": "Bo",
        "hand1": "two-pair",
        "buy2": "Anna",
        "hand2": "two-pair",
        "chicago": "",
        "broken": "",
        "last": "Dagny",
        "show": "Anna",
        "showhand": "two-pair",
    }
    code, body = recorder.post(path, {**form, "do": "edit-preview"})
    assert code == 200, body
    dry_run = chicago("edit", "1", "--last-trick", "Dagny", "--dry-run")
    assert dry_run.splitlines()[1] in html_text(body)  # each total before → after
    assert file.read_bytes() == text
    code, body = recorder.post(path, {**form, "do": "edit-save"})
    assert code == 200, body
    assert "Corrected: " in html_text(body)
    assert {p["name"]: p["score"] for p in status()["players"]}["Dagny"] == 5
    _, fields = _page(recorder)
    code, body = recorder.post(path, {**fields, "do": "undo"})
    assert code == 200 and "Taken back: " in html_text(body)
    # as it was, but for the [[taken_back]] it keeps: the correction and what it changed
    assert without_taken_back(file.read_bytes()) == (text, 2)


def html_text(body: str) -> str:
    import html

    return html.unescape(body)


def test_the_phone_takes_the_points_off_an_opponent_where_the_house_rules_allow_it(
    chicago_home: Path, tmp_path: Path
) -> None:
    """scoring.take_from_opponent: the hand's page asks whose total the points come off,
    and the tap is recorded as `Anna:kåk:från:Bo` is at the command line."""
    rules = tmp_path / "from.toml"
    rules.write_text("[scoring]\ntake_from_opponent = true\n", encoding="utf-8")
    ok("new", "tagning", *PLAYERS, "--rules", str(rules))
    ok("deal", "--buy", f"{PLAYERS[1]}:kåk", "--last-trick", PLAYERS[1], "--showdown", "pass")
    server = Served("--record")
    try:
        path, fields = _page(server)
        code, body = server.get(path + "?who=" + PLAYERS[0])
        assert code == 200 and 'name="from"' in body and f"take from {PLAYERS[1]}" in body
        code, body = server.post(
            path, {**fields, "do": "buy", "who": PLAYERS[0], "hand": "pair", "from": PLAYERS[1]}
        )
        assert code == 200, body
        scores = {p["name"]: p["score"] for p in status()["players"]}
        assert scores[PLAYERS[0]] == 0 and scores[PLAYERS[1]] == 11 - 1
    finally:
        server.stop()


def form_as_sent(body: str, marker: str = 'value="edit-preview"') -> dict[str, str]:
    """The fields the form holding ``marker`` sends as a browser sends it untouched: its
    hidden inputs, each select's selected option (the first when none is), the checked
    boxes and radios."""
    from html.parser import HTMLParser

    class Form(HTMLParser):
        def __init__(self) -> None:
            super().__init__()
            self.forms: list[tuple[dict[str, str], str]] = []
            self.fields: dict[str, str] | None = None
            self.raw = ""
            self.select: str | None = None
            self.first: str | None = None

        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            at = {k: v or "" for k, v in attrs}
            if tag == "form":
                self.fields, self.raw = {}, ""
            if self.fields is None:
                return
            self.raw += self.get_starttag_text() or ""
            if tag == "input" and at.get("name"):
                kind = at.get("type", "text")
                if kind in ("checkbox", "radio"):
                    if "checked" in at:
                        self.fields[at["name"]] = at.get("value", "on")
                elif kind != "submit":
                    self.fields[at["name"]] = at.get("value", "")
            elif tag == "select":
                self.select, self.first = at["name"], None
            elif tag == "option" and self.select is not None:
                if self.first is None:
                    self.first = at.get("value", "")
                    self.fields.setdefault(self.select, self.first)
                if "selected" in at:
                    self.fields[self.select] = at.get("value", "")

        def handle_endtag(self, tag: str) -> None:
            if tag == "select":
                self.select = None
            elif tag == "form" and self.fields is not None:
                self.forms.append((self.fields, self.raw))
                self.fields = None

    parser = Form()
    parser.feed(body)
    found = [fields for fields, raw in parser.forms if marker in raw]
    assert len(found) == 1, body[:3000]
    return found[0]


def test_a_phone_correction_of_another_part_keeps_a_kop_taken_from_an_opponent(
    chicago_home: Path, tmp_path: Path
) -> None:
    """The phone bug: köp 1 was Anna's full house taken off Bo's total.  The correction
    form shows it so (the hand and the opponent chosen), and changing only the last trick
    saves with the köp as it was: the opponent kept, no "'Anna:' needs a hand"."""
    from chicago_protokoll.core.events import BuyWinner
    from chicago_protokoll.store import sessionfile

    rules = tmp_path / "from.toml"
    rules.write_text("[scoring]\ntake_from_opponent = true\n", encoding="utf-8")
    anna, bo, cilla = PLAYERS[0], PLAYERS[1], PLAYERS[2]
    ok("new", "tagning", *PLAYERS, "--rules", str(rules))
    ok("deal", "--buy", f"{bo}:par", "--last-trick", bo, "--showdown", "pass")  # Bo 1 + 5
    ok("deal", "--buy", f"{anna}:kåk:från:{bo}", "--last-trick", cilla, "--showdown", "pass")
    file = session_file("tagning")
    server = Served("--record")
    try:
        path, _ = _page(server)
        code, body = server.get(path + "?edit=2")
        assert code == 200, body
        form = form_as_sent(body)
        assert (form["buy1"], form["hand1"], form["from1"]) == (anna, "full-house", bo)
        dry_run = chicago("edit", "2", "--last-trick", anna, "--dry-run")
        code, body = server.post(path, {**form, "last": anna, "do": "edit-preview"})
        assert code == 200, body
        assert dry_run.splitlines()[1] in html_text(body)  # the totals the command line gives
        code, body = server.post(path, {**form, "last": anna, "do": "edit-save"})
        assert code == 200 and "Corrected: " in html_text(body), body
    finally:
        server.stop()
    events = sessionfile.load_session(file).events
    kop = next(e for e in events if isinstance(e, BuyWinner) and e.deal == 2)
    assert (kop.player, kop.opponent) == (anna, bo)
    assert status()["players"][0]["score"] == 5  # Anna's last trick only: her köp was Bo's −6


def test_a_refusal_on_the_phone_names_no_command_to_type(chicago_home: Path) -> None:
    """Correcting a deal a forfeit ended: the command line says which command notes it;
    the phone keeps the reason and drops the command."""
    ok("new", "ff", "Anna", "Bo", "Cilla")
    ok("deal", "--buy", "Anna:par", "--buy", "Bo:par", "--last-trick", "Cilla", "--showdown", "Anna:par")
    ok("buy", "Anna:par")
    ok("forfeit", "Bo", "--reason", "visade inte handen")
    server = Served("--record")
    try:
        path = server.recording()[1]
        code, body = server.get(path + "?edit=2")
        assert code == 200, body
        changed = {**form_as_sent(body), "buy1": "Cilla", "hand1": "pair", "do": "edit-preview"}
        code, body = server.post(path, changed)
        assert code == 422
        said = alert(body)
        assert "no whole deal to correct" in said and "chicago" not in said, said
    finally:
        server.stop()


def test_a_tables_file_that_cannot_be_read_is_named_on_the_phone_by_its_table_never_its_path(
    recorder: Served, table: Path
) -> None:
    """A damaged file behind a table: the phone's page says the table's protocol cannot be
    read and why, and names no path (a phone has no files; the keeper's terminal has)."""
    path = recorder.recording()[1]
    table.write_text("this is = not [a protocol\n")
    code, body = recorder.get(path)
    assert code == 503
    assert "the protocol of" in body and "fredag" in body
    assert str(table) not in body and str(table.parent) not in body
