"""A recording page's writes by identity (cli.md, "Every entry has an identity"): a resend
records nothing twice, a stale page takes back or records nothing it did not see, a
taken-back entry stays taken back, and notes recorded since do not make a page stale."""

from __future__ import annotations

import html
import re

from serve_support import Served, alert, chicago, page_fields

from chicago_protokoll.core import ids
from chicago_protokoll.core.again import follows_key
from chicago_protokoll.serve.record_app import ENTRY_HEADER
from chicago_protokoll.store.sessionfile import load_session
from cli_support import session_file


def _page(server: Served) -> tuple[str, dict[str, str]]:
    path = server.recording()[1]
    code, body = server.get(path)
    assert code == 200, body
    return path, page_fields(body)


BUY = {"do": "buy", "who": "Bo", "hand": "two-pair"}


def test_a_lost_answer_then_the_same_post_is_already_saved_and_one_event(
    recorder: Served,
) -> None:
    path, fields = _page(recorder)
    file = session_file("fredag")
    count = len(load_session(file).events)
    assert recorder.post(path, {**fields, **BUY})[0] == 200  # the answer "lost"
    saved = file.read_bytes()
    code, body = recorder.post(path, {**fields, **BUY})  # the phone sends it again
    assert code == 200, body
    assert "Already saved: deal 2, köp 1: Bo: two pair" in body
    assert file.read_bytes() == saved
    events = load_session(file).events
    assert len(events) == count + 1
    assert events[-1].id == f"{fields['entry']}-1"  # ENTRY-1


def test_the_answer_to_a_write_names_the_entry_it_saved(recorder: Served) -> None:
    path, fields = _page(recorder)
    from urllib.parse import urlencode

    code, headers, _ = recorder.fetch(path, method="GET")
    assert code == 200 and ENTRY_HEADER not in headers
    import http.client

    connection = http.client.HTTPConnection("127.0.0.1", recorder.port, timeout=20)
    try:
        connection.request(
            "POST",
            path,
            body=urlencode({**fields, **BUY}),
            headers={"Content-Type": "application/x-www-form-urlencoded", "Host": recorder.host},
        )
        response = connection.getresponse()
        response.read()
        assert response.status == 200
        assert response.getheader(ENTRY_HEADER) == fields["entry"]
    finally:
        connection.close()


def test_the_same_entry_with_other_content_is_a_conflict_showing_both(
    recorder: Served,
) -> None:
    path, fields = _page(recorder)
    file = session_file("fredag")
    assert recorder.post(path, {**fields, **BUY})[0] == 200
    saved = file.read_bytes()
    code, body = recorder.post(path, {**fields, "do": "buy", "who": "Anna", "hand": "pair"})
    assert code == 409
    said = alert(body)
    assert "deal 2, köp 1: Bo: two pair was saved for this question" in said
    assert "you tapped deal 2, köp 1: Anna: pair" in said
    assert file.read_bytes() == saved


def test_a_stale_undo_is_refused_and_the_terminals_entry_stays(recorder: Served) -> None:
    """The page saw deal 2 begin; at the terminal `undo` and `tricks`... the page's old
    Undo would take back what it never saw: refused."""
    chicago("buy", "Anna:pair")
    path, fields = _page(recorder)
    chicago("undo")
    chicago("buy", "Cilla:pair")  # as long a record as the page saw, not the one
    file = session_file("fredag")
    text = file.read_bytes()
    code, body = recorder.post(path, {**fields, "do": "undo"})
    assert code == 409
    assert "the protocol changed since this page was shown" in alert(body)
    assert file.read_bytes() == text
    assert load_session(file).events[-1].player == "Cilla"  # type: ignore[union-attr]


def test_two_phones_never_undo_each_others_entry(recorder: Served) -> None:
    path, first = _page(recorder)
    _, second = _page(recorder)
    assert recorder.post(path, {**second, **BUY})[0] == 200  # the other phone records
    file = session_file("fredag")
    text = file.read_bytes()
    assert recorder.post(path, {**first, "do": "undo"})[0] == 409
    assert file.read_bytes() == text


def test_a_correction_at_the_terminal_then_an_old_pages_undo_is_refused(
    recorder: Served,
) -> None:
    path, fields = _page(recorder)
    chicago("edit", "1", "--last-trick", "Bo")
    file = session_file("fredag")
    text = file.read_bytes()
    code, _ = recorder.post(path, {**fields, "do": "undo"})
    assert code == 409
    assert file.read_bytes() == text
    assert load_session(file).corrections  # the correction stays


def test_an_undone_entry_posted_again_records_nothing(recorder: Served) -> None:
    path, fields = _page(recorder)
    assert recorder.post(path, {**fields, **BUY})[0] == 200
    chicago("undo")
    file = session_file("fredag")
    text = file.read_bytes()
    taken = ids.taken_back(load_session(file), fields["entry"])
    assert taken is not None
    code, body = recorder.post(path, {**fields, **BUY})
    assert code == 409
    from chicago_protokoll.serve.entries import clock

    assert f"this entry was taken back at {clock(taken.at)}; nothing was recorded" in alert(
        body
    )
    assert re.fullmatch(r"\d\d:\d\d", clock(taken.at))
    assert file.read_bytes() == text


def test_a_note_at_the_terminal_then_the_pages_next_tap_is_recorded(
    recorder: Served,
) -> None:
    path, fields = _page(recorder)
    chicago("note", "Bo kom sent")
    code, body = recorder.post(path, {**fields, **BUY})
    assert code == 200, body
    assert "Saved: deal 2, köp 1: Bo: two pair" in body


def test_a_penalty_at_the_terminal_makes_the_page_stale(recorder: Served) -> None:
    path, fields = _page(recorder)
    chicago("penalty", "Bo", "1", "--reason", "sen")
    file = session_file("fredag")
    text = file.read_bytes()
    assert recorder.post(path, {**fields, **BUY})[0] == 409
    assert file.read_bytes() == text


def test_an_undo_after_a_note_it_did_not_see_is_refused(recorder: Served) -> None:
    """A note since does not make a tap stale, but Undo would take the note back: it is
    refused, nothing is taken back."""
    path, fields = _page(recorder)
    chicago("note", "felgiv")
    file = session_file("fredag")
    text = file.read_bytes()
    assert recorder.post(path, {**fields, "do": "undo"})[0] == 409
    assert file.read_bytes() == text


def test_a_page_drawn_by_the_earlier_release_gets_409_and_redraws(recorder: Served) -> None:
    """A form with the counts of the earlier release and no ids: 409, nothing recorded,
    the page drawn again with the new fields."""
    path, fields = _page(recorder)
    file = session_file("fredag")
    text = file.read_bytes()
    session = load_session(file)
    old = {
        "session": fields["session"],
        "created": fields["created"],
        "events": str(len(session.events)),
        "corrections": "0",
        "token": fields["token"],
        **BUY,
    }
    code, body = recorder.post(path, old)
    assert code == 409
    assert file.read_bytes() == text
    redrawn = page_fields(body)
    assert redrawn["last_event"] == session.events[-1].id and redrawn["entry"]
    # a form with the ids but no entry id is as old
    no_entry = {k: v for k, v in fields.items() if k != "entry"}
    assert recorder.post(path, {**no_entry, **BUY})[0] == 409
    assert file.read_bytes() == text


def test_a_resend_of_the_tap_that_ended_the_game_is_already_saved(
    recorder: Served,
) -> None:
    """A straight flush that wins the game (preset straight-flush-wins), sent again:
    "already saved", not "the game is over"."""
    chicago("new", "snabb", "Anna", "Bo", "Cilla", "--preset", "straight-flush-wins")
    path, fields = _page(recorder)
    assert fields["session"] == "snabb"
    # "sure": the second tap a game-ending tap may ask for (the phone's evening)
    form = {**fields, "do": "buy", "who": "Anna", "hand": "straight-flush", "sure": "1"}
    code, body = recorder.post(path, form)
    assert code == 200, body
    file = session_file("snabb")
    saved = file.read_bytes()
    code, body = recorder.post(path, form)
    assert code == 200, body
    assert "Already saved: deal 1, köp 1: Anna: straight flush" in body
    assert file.read_bytes() == saved


def test_the_phones_next_game_sent_again_is_already_started_and_starts_one_game(
    recorder: Served,
) -> None:
    chicago("deal", "--royal", "Anna")  # the game is over
    path, fields = _page(recorder)
    code, body = recorder.post(path, {**fields, "do": "again"})
    assert code == 200, body
    following = session_file("fredag-2")
    # The new game keeps which game it follows: the same write again (or another page's)
    # finds it by that (store.recording.next_game).
    finished = load_session(session_file("fredag"))
    assert load_session(following).started_by == follows_key(finished, "fredag")
    saved = following.read_bytes()
    code, body = recorder.post(path, {**fields, "do": "again"})  # the answer was lost
    assert code == 200, body
    assert "Next game already started: fredag-2" in html.unescape(body)
    assert following.read_bytes() == saved
    assert not session_file("fredag-3").exists()


def _undo_form(body: str) -> dict[str, str]:
    """The hidden fields of the page's Undo form, as the phone sends them."""
    form = next(f for f in re.findall(r"<form .*?</form>", body, re.S) if 'value="undo"' in f)
    found = re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', form)
    return {name: html.unescape(value) for name, value in found}


def test_the_undo_form_names_what_it_takes_back(recorder: Served) -> None:
    path = recorder.recording()[1]
    undo = _undo_form(recorder.get(path)[1])
    assert undo["do"] == "undo"
    assert undo["takes"] == load_session(session_file("fredag")).events[-1].id


def test_a_lost_undo_answer_then_the_same_undo_is_already_taken_back_and_takes_back_once(
    recorder: Served,
) -> None:
    """Issue 25: the phone's Undo was done but its answer lost; sent again it is told so
    (200), not "the protocol changed... nothing was recorded", and nothing more goes."""
    path, fields = _page(recorder)
    assert recorder.post(path, {**fields, **BUY})[0] == 200
    file = session_file("fredag")
    undo = _undo_form(recorder.get(path)[1])
    assert undo["takes"] == f"{fields['entry']}-1"
    count = len(load_session(file).events)
    assert recorder.post(path, undo)[0] == 200  # the answer "lost"
    text = file.read_bytes()
    assert len(load_session(file).events) == count - 1
    code, body = recorder.post(path, undo)  # the phone sends it again
    assert code == 200, body
    from chicago_protokoll.serve.entries import clock

    taken = ids.taken_back(load_session(file), undo["takes"])
    assert taken is not None
    assert f"Already taken back at {clock(taken.at)}; nothing more was taken back" in body
    assert file.read_bytes() == text


def test_an_undo_resent_after_the_terminal_recorded_more_takes_back_nothing_more(
    recorder: Served,
) -> None:
    path, fields = _page(recorder)
    assert recorder.post(path, {**fields, **BUY})[0] == 200
    undo = _undo_form(recorder.get(path)[1])
    assert recorder.post(path, undo)[0] == 200
    chicago("buy", "Cilla:pair")  # recorded after the undo, at the terminal
    file = session_file("fredag")
    text = file.read_bytes()
    code, body = recorder.post(path, undo)
    assert code == 200 and "Already taken back at" in body
    assert file.read_bytes() == text
    assert load_session(file).events[-1].player == "Cilla"  # type: ignore[union-attr]


def test_a_resent_undo_of_a_correction_is_already_taken_back(recorder: Served) -> None:
    chicago("edit", "1", "--last-trick", "Bo")
    path = recorder.recording()[1]
    file = session_file("fredag")
    undo = _undo_form(recorder.get(path)[1])
    assert undo["takes"] == load_session(file).corrections[-1].id
    assert recorder.post(path, undo)[0] == 200
    assert not load_session(file).corrections
    text = file.read_bytes()
    code, body = recorder.post(path, undo)
    assert code == 200 and "Already taken back at" in body
    assert file.read_bytes() == text


def test_an_undo_naming_what_it_takes_back_is_refused_when_the_file_changed_since(
    recorder: Served,
) -> None:
    """Identity does not loosen staleness: an Undo naming an entry not taken back is still
    refused when anything was recorded since the page was drawn."""
    path = recorder.recording()[1]
    undo = _undo_form(recorder.get(path)[1])
    chicago("buy", "Cilla:pair")
    file = session_file("fredag")
    text = file.read_bytes()
    code, body = recorder.post(path, undo)
    assert code == 409
    assert "the protocol changed since this page was shown" in alert(body)
    assert file.read_bytes() == text
