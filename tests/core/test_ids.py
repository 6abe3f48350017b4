"""Every entry has an identity (cli.md): ids unique and stable across any sequence of
record, undo, edit and save; a file without ids gets the same ids at every load."""

from __future__ import annotations

import tempfile
from datetime import UTC, datetime
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_replay_properties import TABLES, games, legal_event

from chicago_protokoll.core import ids
from chicago_protokoll.core.correct import DealChanges, edit_deal, recorded_deals
from chicago_protokoll.core.errors import ChicagoError
from chicago_protokoll.core.events import Taking
from chicago_protokoll.core.game import replay
from chicago_protokoll.core.session import Session
from chicago_protokoll.store import fileformat, recording, sessionfile


def _record_ids(session: Session) -> list[str]:
    return [event.id for event in session.events]


def _check(session: Session, seen: dict[str, int]) -> None:
    """Ids unique in the record and among corrections; none taken back is in the record;
    every id once seen stands for what it stood for (an event's id never moves to
    another)."""
    record = _record_ids(session)
    assert all(record) and len(set(record)) == len(record)
    corrections = [c.id for c in session.corrections]
    assert all(corrections) and len(set(corrections)) == len(corrections)
    assert not set(corrections) & set(record)
    gone = {taken.id for taken in session.taken_back}
    assert not gone & set(record)
    for event in session.events:
        deal = seen.setdefault(event.id, event.deal)
        assert deal == event.deal


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
@given(st.data())
def test_ids_stay_unique_and_stable_across_record_undo_edit_and_save(data: st.DataObject) -> None:
    game, _ = data.draw(games(TABLES, max_events=20))
    start = Session(
        players=game.session.players, rules=game.session.rules, name="t", created=""
    )
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "t.toml"
        sessionfile.create_session(path, start)
        seen: dict[str, int] = {}
        for _ in range(data.draw(st.integers(1, 14))):
            op = data.draw(st.sampled_from(["record", "record", "undo", "edit", "load"]))
            before = sessionfile.load_session(path)
            try:
                if op == "record":
                    current = replay(before)
                    if current.finished:
                        continue
                    event = legal_event(data.draw, current)
                    recording.record(path, lambda _game, e=event: [e], after_the_game=False)
                elif op == "undo":
                    recording.undo(path)
                elif op == "edit" and recorded_deals(before):
                    deal = data.draw(st.integers(1, recorded_deals(before)))
                    who = data.draw(st.sampled_from(before.players))
                    at = datetime.now(UTC).isoformat(timespec="seconds")
                    sessionfile.transact(
                        path,
                        lambda s, d=deal, w=who, a=at: edit_deal(
                            s, d, DealChanges(last_trick=Taking(w)), at=a
                        )[0],
                    )
            except ChicagoError:
                pass  # a refusal writes nothing: the ids stay as they were
            after = sessionfile.load_session(path)
            _check(after, seen)
            # What was there before and is still there kept its id; what went was taken
            # back or replaced by a correction, and never comes back.
            gone_now = {t.id for t in after.taken_back}
            assert {t.id for t in before.taken_back} <= gone_now
            was = {event.id: event for event in before.events}
            assert all(was[e.id] == e for e in after.events if e.id in was)
            if op == "undo":
                # What an undo took away was taken back: the last event, a deal's events,
                # or (right after `edit`) what the correction had added, which need not be
                # the last event of the record (an edit that adds a last trick before the
                # showdown kept).
                went = {event.id for event in before.events} - {e.id for e in after.events}
                assert went <= gone_now
            # Saving again without a change keeps every id (written, not re-derived).
            text = path.read_text("utf-8")
            assert fileformat.dumps_session(fileformat.loads_session(text, "t")) == text


@settings(max_examples=40, deadline=None)
@given(games(TABLES, max_events=40))
def test_a_file_without_ids_gets_the_same_ids_at_every_load(found: object) -> None:
    game, events = found  # type: ignore[misc]
    session = Session(players=game.session.players, rules=game.session.rules,
                      events=tuple(events))
    text = fileformat.dumps_session(session)
    # As an earlier release wrote it: no ids.
    bare = "".join(
        line for line in text.splitlines(keepends=True) if not line.startswith("id = ")
    ).replace(f"version = {fileformat.IDS_VERSION}", "version = 4")
    first = fileformat.loads_session(bare, "old.toml")
    second = fileformat.loads_session(bare, "old.toml")
    assert _record_ids(first) == _record_ids(second)
    assert len(set(_record_ids(first))) == len(first.events)
    # ...and the first save writes them: loaded again, the same ids.
    assert _record_ids(fileformat.loads_session(fileformat.dumps_session(first), "x")) == (
        _record_ids(first)
    )


def test_a_taken_back_id_is_never_recorded_again(tmp_path: Path) -> None:
    from chicago_protokoll.core.events import Note

    path = tmp_path / "t.toml"
    sessionfile.create_session(path, Session(players=("Anna", "Bo"), name="t"))
    recording.record(path, lambda _g: [Note(1, "x", id="E-1")], after_the_game=True)
    recording.undo(path)
    assert ids.taken_back(sessionfile.load_session(path), "E-1") is not None
    before = path.read_bytes()
    try:
        recording.record(path, lambda _g: [Note(1, "x", id="E-1")], after_the_game=True)
    except ChicagoError as error:
        assert "already used" in str(error)
    else:  # pragma: no cover - the assertion is the test
        raise AssertionError("a taken-back id was recorded again")
    assert path.read_bytes() == before
