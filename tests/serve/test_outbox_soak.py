"""The soak test of recording over a bad network (cli.md, "Recording that survives the
room's network"), at the HTTP level on loopback: a night of 8 tables, two phones a table
speaking the recording page's protocol as its outbox script does (`outbox_client`), one
tapping whole games, one mostly reading and now and then undoing; a TCP proxy between
them and the server drops connections at random, before the request, after it and
before the answer, while the terminal records notes.

Then the network heals and every phone sends what it still holds.  At the end, at every
table: the events the phones made are exactly the entries a phone was told were saved
(less those a reader's undo took back, which the file keeps as taken back), none twice;
every other entry is a conflict the server keeps.  The counts are printed (run with -s).

Bounded: CHAOS seconds of drops, then at most SETTLE to heal; the phones resend every
RESEND seconds (the script's rule, at a test's pace: the script waits 4 s).
"""

from __future__ import annotations

import json
import random
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from outbox_client import Drawn, Phone, entry_of
from serve_support import Served
from tcp_proxy import Proxy

from chicago_protokoll.serve import keys
from chicago_protokoll.serve.conflicts import Conflicts
from chicago_protokoll.serve.record_app import KEPT_SHOWN
from chicago_protokoll.store import sessionfile
from cli_support import ok, session_file

CHAOS = 35.0
SETTLE = 25.0
RESEND = 0.25
TABLES = 8
DROP = {"before": 0.08, "after": 0.08, "answer": 0.08}  # the rest pass
QUEUED = frozenset({"buy", "showdown", "declare", "trick", "outcome"})


def _fate(rng: random.Random, lock: threading.Lock, chaos: dict[str, bool]) -> Any:
    def fate(line: bytes) -> str:
        if not chaos["on"]:
            return "pass"
        with lock:
            roll = rng.random()
        for what, chance in DROP.items():
            if roll < chance:
                return what
            roll -= chance
        return "pass"

    return fate


def _choose(phone: Phone, page: Drawn, rng: random.Random) -> tuple[Any, tuple[str, str]] | None:
    """A tap on the question shown: a button of the moment, or a player's link and then
    a hand (the page's two steps)."""
    moment = [f for f in page.forms if f.section == "moment" and f.do in QUEUED]
    if page.links and rng.random() < 0.6:
        step = phone.get(rng.choice(page.links))
        if step is None:
            return None
        moment = [f for f in step.forms if f.section == "moment" and f.do in QUEUED]
    choices = [(form, button) for form in moment for button in form.buttons]
    return rng.choice(choices) if choices else None


def _tapper(phone: Phone, rng: random.Random, until: float, settle: float) -> None:
    note = None
    while time.monotonic() < until:
        if phone.waiting():
            time.sleep(RESEND)
            if note is not None and rng.random() < 0.1:
                phone.tap(note, ("", ""))  # a note while a tap waits: chained behind it
                phone.count("chained notes")
            phone.resend()
            continue
        if phone.asked is not None:  # tapped again, as the person does
            asked, phone.asked = phone.asked, None
            phone.tap(asked, ("", ""))
            continue
        page = phone.get()
        if page is None or page.status != 200:
            time.sleep(0.05)
            continue
        if page.over:
            phone.count("games finished")
            break
        note = next((f for f in page.forms if f.do == "note"), None)
        if note is not None:
            note.hidden["text"] = "phone note"
        chosen = _choose(phone, page, rng)
        if chosen is not None:
            phone.tap(*chosen)
    while phone.waiting() and time.monotonic() < settle:
        time.sleep(RESEND)
        phone.resend()


def _reader(phone: Phone, rng: random.Random, until: float) -> None:
    while time.monotonic() < until:
        page = phone.get()
        time.sleep(0.15)
        if page is not None and page.status == 200 and rng.random() < 0.06:
            undo = next((f for f in page.forms if f.do == "undo"), None)
            if undo is not None and phone.command(undo) == 200:
                phone.count("undos")


@pytest.mark.slow
def test_no_tap_is_lost_or_doubled_by_a_network_that_drops_connections(chicago_home: Path) -> None:
    ok("night", "new", "klubb", *(f"Spelare {n}" for n in range(1, 4 * TABLES + 1)))
    night = json.loads(ok("night", "status", "klubb", "--json"))
    assert len(night["tables"]) == TABLES
    started = time.monotonic()
    server = Served("--night", "klubb", "--record")
    rng, lock, chaos = random.Random(27), threading.Lock(), {"on": True}
    proxy = Proxy(server.port, _fate(rng, lock, chaos))
    try:
        paths = server.recording()
        tappers = [Phone(proxy.port, paths[n]) for n in range(1, TABLES + 1)]
        readers = [Phone(proxy.port, paths[n]) for n in range(1, TABLES + 1)]
        until = time.monotonic() + CHAOS
        settle = until + SETTLE
        threads = [
            threading.Thread(target=_tapper, args=(p, random.Random(n), until, settle))
            for n, p in enumerate(tappers)
        ] + [
            threading.Thread(target=_reader, args=(p, random.Random(100 + n), until))
            for n, p in enumerate(readers)
        ]
        for thread in threads:
            thread.start()
        notes = 0
        while time.monotonic() < until:  # the terminal, meanwhile
            table = night["tables"][notes % TABLES]
            ok("note", f"terminal note {notes}", "--session", table["session"])
            notes += 1
            time.sleep(0.7)
        chaos["on"] = False
        for thread in threads:
            thread.join(timeout=SETTLE + 15)
        assert not any(thread.is_alive() for thread in threads)
        drops = dict(proxy.counts)
    finally:
        proxy.close()
    elapsed = time.monotonic() - started

    counts: Counter[str] = Counter()
    for phone in tappers + readers:
        counts.update(phone.counts)
    print("soak phones:", dict(counts), "proxy:", drops)  # every count, for the closing note
    kept_total = 0
    events_total = 0
    conflicts = Conflicts(chicago_home)
    for number, table in enumerate(night["tables"], start=1):
        tapper = tappers[number - 1]
        session = sessionfile.load_session(session_file(table["session"]))
        ids = [event.id for event in session.events]
        assert len(ids) == len(set(ids)), "an event twice"
        made = {entry_of(i) for i in ids if entry_of(i) != i}  # the phones' entries
        taken = {entry_of(t.id) for t in session.taken_back}
        told = set(tapper.saved)
        kept = {e.id for e in tapper.outbox if e.state == "conflict"}
        assert not tapper.waiting(), "an entry still waiting after the network healed"
        assert made <= told, f"table {number}: in the file but never told saved: {made - told}"
        assert told <= made | taken, f"table {number}: told saved but not in the file"
        code, body = server.get(f"/k/{server.keeper().rsplit('/', 1)[1]}")
        assert code == 200
        # The server keeps every conflict a phone was told of; the keeper's page shows
        # the newest KEPT_SHOWN of a table and counts the rest (each settled one brings
        # the next up), so a table with more than that shows only its newest.
        held = conflicts.of(keys.table_key(night="klubb", table=number, fixed=None))
        assert kept <= {c.entry for c in held}, f"table {number}: a conflict the server lost"
        for conflict in held[-KEPT_SHOWN:]:
            assert conflict.entry in body, f"table {number}: a conflict the keeper does not see"
        for entry in told & made:  # each entry's events are ENTRY-1, ENTRY-2... once
            own = [i for i in ids if entry_of(i) == entry]
            assert own == [f"{entry}-{k}" for k in range(1, len(own) + 1)]
        kept_total += len(kept)
        events_total += len(session.events)
    code, _, err = server.stop()
    assert code == 0 and err == "", err
    report = {
        "taps": counts["taps"],
        "drops": {k: v for k, v in drops.items() if k != "pass"},
        "resends": counts["resends"],
        "told saved": sum(len(p.saved) for p in tappers),
        "conflicts kept": kept_total,
        "refused in front of the person": counts["refused in front of the person"],
        "undos": counts["undos"],
        "terminal notes": notes,
        "events in the files": events_total,
        "seconds": round(elapsed, 1),
    }
    print("soak:", json.dumps(report))
    # Enough happened to mean something, on a machine loaded by other work too.
    assert counts["taps"] >= 5 * TABLES and all(drops.get(k, 0) >= 5 for k in DROP)
