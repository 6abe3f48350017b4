"""Session files: the format round-trips, damaged files are refused and never
overwritten, writes are atomic and locked, names stay inside the data directory."""

from __future__ import annotations

import multiprocessing
import os
import random
import re
import signal
import subprocess
import sys
import textwrap
import time
import tomllib
import unicodedata
from dataclasses import replace
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chicago_protokoll.core.cards import Category
from chicago_protokoll.core.errors import ChicagoError, RuleViolation, SessionFileError
from chicago_protokoll.core.events import (
    BuyWinner,
    ChicagoBroken,
    ChicagoDeclared,
    ChicagoWon,
    Event,
    Exchange,
    LastTrick,
    Royal,
    Showdown,
)
from chicago_protokoll.core.names import RESERVED_NAMES, hidden_character, name_problem
from chicago_protokoll.core.rules import HouseRules, schema
from chicago_protokoll.core.session import Session, new_session
from chicago_protokoll.store import atomic, catalogue, fileformat, locations, sessionfile

PLAYERS = ("Anna", "Bo", "Cilla")


def _game(events: tuple[Event, ...] = (), **changes: Any) -> Session:
    session = new_session(["Åsa", *PLAYERS[1:]], name="fredag", created="2026-11-29T20:50:00+00:00")
    return replace(session, events=events, **changes)


def _some_events(deals: int = 3) -> tuple[Event, ...]:
    """Every kind of event, with non-ASCII text, over a few deals."""
    events: list[Event] = []
    for deal in range(1, deals + 1):
        events += [
            Exchange(deal, "Bo", 1, 3),
            BuyWinner("Åsa", Category.PAIR, buy=1, deal=deal),
            BuyWinner(None, tie=True, buy=2, deal=deal),
            ChicagoDeclared(deal, "Cilla"),
            ChicagoBroken(deal, "Bo"),
            Showdown("Cilla", Category.FOUR_OF_A_KIND, cards="K♥ K♠ K♦ K♣ 3♣", zero=True, deal=deal),
            LastTrick("Åsa", with_two=True, deal=deal),
            ChicagoWon(deal, "Cilla"),
        ]
    events.append(Royal(deals, "Bo"))
    return tuple(events)


@pytest.fixture
def saved() -> Path:
    """A valid session file ``sessions/fredag.toml`` with a few deals in it."""
    path = locations.session_path("fredag")
    sessionfile.create_session(path, _game(_some_events()))
    return path


def _append(deal: int) -> Any:
    return lambda session: session.with_event(LastTrick("Bo", deal=deal))


# -- the format ------------------------------------------------------------------

_names = st.text(st.characters(exclude_categories=("Cs",)), min_size=1, max_size=10).filter(
    lambda p: (
        p == unicodedata.normalize("NFC", p)
        and name_problem(p) is None
        and p.casefold() not in RESERVED_NAMES
        and not any(c in p for c in ":,")
        and not p.startswith("-")
    )
)


@st.composite
def sessions(draw: st.DrawFn) -> Session:
    buys = draw(st.integers(1, 3))
    rules = HouseRules().with_changes(
        game={
            "target": draw(st.integers(1, 200)),
            "max_players": draw(st.integers(2, 6)),
            "buys": buys,
            "scored_buys": draw(st.integers(0, buys)),
        },
        scoring={"floor": draw(st.one_of(st.just(False), st.integers(-30, 0)))},
        hands={
            "straight_flush": draw(st.one_of(st.just("win"), st.integers(0, 20))),
            "four_of_a_kind_zeroes": draw(st.sampled_from([False, "choice", "always"])),
            "ace_low_straight": draw(st.booleans()),
            "ties": draw(st.sampled_from(["none", "suit"])),
        },
        chicago={
            "success": draw(st.integers(0, 30)),
            "failure": draw(st.integers(-30, 0)),
            "required_to_win": draw(st.booleans()),
        },
        buy_stop={"threshold": draw(st.one_of(st.just(False), st.integers(1, 100)))},
    )
    players = draw(
        st.lists(_names, min_size=2, max_size=rules.game.max_players, unique_by=str.casefold)
    )
    seat = st.sampled_from(players)
    deal = st.integers(1, 10_000)
    hand = st.one_of(st.none(), st.sampled_from(list(Category)))
    event = st.one_of(
        st.builds(
            BuyWinner,
            deal=deal,
            player=st.one_of(st.none(), seat),
            hand=hand,
            cards=st.one_of(st.none(), st.text(max_size=20)),
            tie=st.booleans(),
            zero=st.booleans(),
            buy=st.integers(1, 3),
        ),
        st.builds(
            Showdown,
            deal=deal,
            player=st.one_of(st.none(), seat),
            hand=hand,
            cards=st.one_of(st.none(), st.text(max_size=20)),
            tie=st.booleans(),
            zero=st.booleans(),
        ),
        st.builds(Exchange, deal=deal, player=seat, buy=st.integers(1, 3), count=st.integers(0, 5)),
        st.builds(ChicagoDeclared, deal=deal, player=seat),
        st.builds(ChicagoWon, deal=deal, player=seat),
        st.builds(ChicagoBroken, deal=deal, player=seat),
        st.builds(LastTrick, deal=deal, player=seat, with_two=st.booleans()),
        st.builds(Royal, deal=deal, player=seat),
    )
    offsets = st.timedeltas(min_value=timedelta(hours=-23), max_value=timedelta(hours=23))
    created = draw(
        st.one_of(
            st.just(""),
            st.datetimes(timezones=st.builds(timezone, offsets)).map(datetime.isoformat),
        )
    )
    return Session(
        players=tuple(players),
        rules=rules,
        first_dealer=draw(seat),
        events=tuple(draw(st.lists(event, max_size=25))),
        name=draw(st.text(max_size=20).filter(lambda n: hidden_character(n) is None)),
        created=created,
    )


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sessions())
def test_saved_session_loads_back_identical(session: Session) -> None:
    """Any session written as text reads back equal, and writing it again gives the same text."""
    text = fileformat.dumps_session(session)
    loaded = fileformat.loads_session(text, "x.toml")
    assert loaded == session
    assert fileformat.dumps_session(loaded) == text


def test_session_file_holds_what_happened_and_nothing_derived(saved: Path) -> None:
    """The file has the documented keys (format, version, seats, dealer, rules, events) and no totals."""
    text = saved.read_text(encoding="utf-8")
    data = tomllib.loads(text)
    assert set(data) == {
        "format", "version", "name", "created", "players", "first_dealer", "rules", "events"
    }  # fmt: skip
    assert data["format"] == "chicago-protokoll/session"
    assert data["version"] == fileformat.IDS_VERSION  # every saved file has ids
    assert data["players"] == ["Åsa", "Bo", "Cilla"]
    # Every key of format 1; a later key (its `Key.since` above 1, read off the schema)
    # only when it is used.
    later = {key.path for key in schema() if key.since > 1}
    assert later  # the check below sees a later key to leave out
    assert data["rules"] == fileformat.rules_table(HouseRules())
    assert {s: set(keys) for s, keys in data["rules"].items()} == {
        s: {key for key in keys if f"{s}.{key}" not in later}
        for s, keys in HouseRules().to_mapping().items()
    }
    assert isinstance(data["events"][0].pop("id"), str)
    assert data["events"][0] == {
        "type": "exchange",
        "deal": 1,
        "player": "Bo",
        "buy": 1,
        "count": 3,
    }
    assert "[rules.chicago]" in text
    assert "[[events]]" in text
    assert text.endswith(fileformat.END_LINE + "\n")


def test_session_with_no_events_round_trips_through_a_file() -> None:
    """A new session without events is written and read back as it was created."""
    path = locations.session_path("tom")
    session = new_session(["Anna", "Bo"], name="tom", created="2026-11-29T20:50:00+00:00")
    sessionfile.create_session(path, session)
    assert sessionfile.load_session(path) == session


def test_file_saved_by_a_windows_editor_still_loads(saved: Path) -> None:
    """A byte-order mark and CRLF line ends, as some editors write them, do not stop a load."""
    session = sessionfile.load_session(saved)
    saved.write_bytes(b"\xef\xbb\xbf" + saved.read_bytes().replace(b"\n", b"\r\n"))
    assert sessionfile.load_session(saved) == session


def test_hand_written_toml_date_time_is_accepted_as_created(saved: Path) -> None:
    """An unquoted TOML date-time in ``created`` reads as the same moment in ISO form."""
    text = saved.read_text(encoding="utf-8")
    saved.write_text(text.replace('"2026-11-29T20:50:00+00:00"', "2026-11-29T20:50:00Z"), "utf-8")
    assert sessionfile.load_session(saved).created == "2026-11-29T20:50:00+00:00"


# -- refusals: damaged, hand-edited, newer files -----------------------------------


def _edit(old: str, new: str) -> Any:
    def change(text: str) -> str:
        assert old in text, old
        return text.replace(old, new, 1)

    return change


def _replace_players(by: str) -> Any:
    def change(text: str) -> str:
        start = text.index("players = [")
        return text[:start] + by + text[text.index("]", start) + 2 :]

    return change


# The version line of every file this release saves.
_VERSION = f"version = {fileformat.IDS_VERSION}"


def _without_deal_of_the_royal(text: str) -> str:
    start = text.index('type = "royal"\n')
    at = text.index("deal = 3\n", start)
    return text[:at] + text[at + len("deal = 3\n") :]


def _events_not_tables(text: str) -> str:
    head = text[: text.index("\n[[events]]")]
    return head.replace(_VERSION, _VERSION + "\nevents = [1]", 1) + f"\n\n{fileformat.END_LINE}\n"


_AFTER_END = '\n[[events]]\ntype = "royal"\ndeal = 4\nplayer = "Bo"\n'

_DAMAGE: dict[str, tuple[Any, str]] = {
    "not-toml": (lambda t: "this is = = not toml\n", "not valid TOML"),
    "binary": (lambda t: bytes(range(256)), "not UTF-8 text"),
    "empty": (lambda t: "", "it is empty"),
    "rules-file": (
        lambda t: "[game]\ntarget = 52\n",
        'no line format = "chicago-protokoll/session"',
    ),
    "other-format": (
        _edit('"chicago-protokoll/session"', '"chicago-protokoll/rules"'),
        "its format is 'chicago-protokoll/rules'",
    ),
    "version-as-text": (_edit(_VERSION, 'version = "1"'), "version must be a whole number"),
    "version-zero": (_edit(_VERSION, "version = 0"), "version must be a whole number"),
    "end-line-removed": (lambda t: t.replace(fileformat.END_LINE, ""), "cut short"),
    "added-after-end": (lambda t: t + _AFTER_END, "or something was added after that line"),
    "derived-total": (_edit(_VERSION, _VERSION + "\nscore = 12"), "unknown field 'score'"),
    "typo-in-key": (_edit("players =", "player ="), "did you mean 'players'"),
    "players-missing": (_replace_players(""), "it has no 'players'"),
    "players-as-text": (
        _replace_players('players = "Åsa, Bo, Cilla"\n'),
        "players must be a list of names",
    ),
    "player-not-text": (_edit('"Bo",', "7,"), "players must be a list of names"),
    "same-player-twice": (_edit('"Bo",', '"Cilla",'), "two players are called 'Cilla'"),
    "padded-name": (_edit('"Bo",', '" Bo",'), "starts or ends with a space"),
    "one-player": (_edit('"Bo",\n    "Cilla",', ""), "2 to 4 players, not 1"),
    "dealer-not-seated": (
        _edit('first_dealer = "Åsa"', 'first_dealer = "Dan"'),
        "first_dealer must be one of the players",
    ),
    "name-not-text": (_edit('name = "fredag"', "name = 5"), "name must be a string"),
    "created-not-a-date": (
        _edit('created = "2026', 'created = "igår 2026'),
        "created must be a date and time",
    ),
    "unknown-event": (
        _edit('type = "royal"', 'type = "joker"'),
        "event 25 of 25 (deal 3): unknown event type 'joker'",
    ),
    "event-unknown-field": (
        _edit("with_two = true", "with_three = true"),
        "event 7 of 25 (deal 1): a last-trick event has an unknown field 'with_three'",
    ),
    "event-bad-value": (
        _edit("count = 3", 'count = "three"'),
        "event 1 of 25 (deal 1): a exchange event has a bad value for count",
    ),
    "event-without-deal": (
        _without_deal_of_the_royal,
        "event 25 of 25: a royal event has no deal number",
    ),
    "event-stranger": (
        _edit('breaker = "Bo"', 'breaker = "Dan"'),
        "event 5 (deal 1) names 'Dan', who is not at this table",
    ),
    "events-not-tables": (_events_not_tables, "event 1 of 1 is not a table"),
    "rule-ill-typed": (
        _edit("target = 52", 'target = "femtiotvå"'),
        "game.target must be a whole number",
    ),
    "rule-unknown": (
        _edit("[rules.buy_stop]", "[rules.bonus]\nx = 1\n\n[rules.buy_stop]"),
        "unknown section [bonus]",
    ),
}


def _apply_damage(path: Path, damage: Any) -> bytes:
    result = damage(path.read_text(encoding="utf-8"))
    data = result if isinstance(result, bytes) else result.encode()
    path.write_bytes(data)
    return data


@pytest.mark.parametrize(
    "damage",
    [
        _edit("min_score = 15\n", "min_score = 0\n"),
        _edit("[rules.buy_stop]\nthreshold = 46\n", "[rules.buy_stop]\nthreshold = 40\n"),
    ],
    ids=["a-key", "a-section"],
)
def test_a_house_rules_key_a_file_lacks_takes_the_main_rule(saved: Path, damage: Any) -> None:
    """A file written before a key existed lacks it: the key takes the main rule, so the
    file loads with the standings it had (nothing is demanded that the file predates)."""
    text = saved.read_text(encoding="utf-8")
    changed = damage(text)
    removed = changed.replace("min_score = 0\n", "").replace(
        "[rules.buy_stop]\nthreshold = 40\n", ""
    )
    saved.write_text(removed, encoding="utf-8")
    session = sessionfile.load_session(saved)
    assert session.rules.chicago.min_score == 15
    assert session.rules.buy_stop.threshold == 46


@pytest.mark.parametrize("case", sorted(_DAMAGE))
def test_damaged_file_is_refused_by_name_and_never_overwritten(saved: Path, case: str) -> None:
    """A damaged or wrongly hand-edited file is refused in one line naming the file and the
    problem, and neither a transaction nor a save changes a byte of it."""
    damage, expected = _DAMAGE[case]
    data = _apply_damage(saved, damage)
    with pytest.raises(SessionFileError) as refused:
        sessionfile.load_session(saved)
    message = str(refused.value)
    assert message.startswith("sessions/fredag.toml ")
    assert expected in message
    assert "\n" not in message
    with pytest.raises(SessionFileError):
        sessionfile.transact(saved, _append(4))
    with pytest.raises(SessionFileError):
        sessionfile.save_session(saved, _game())
    assert saved.read_bytes() == data
    assert [p.name for p in saved.parent.iterdir() if p.name.endswith(".tmp")] == []


def test_file_from_a_newer_version_is_refused_with_an_upgrade_hint(saved: Path) -> None:
    """A file of a future format version says which version wrote it and is left untouched."""
    from chicago_protokoll.store.fileformat import VERSION

    data = _apply_damage(saved, _edit(_VERSION, f"version = {VERSION + 1}"))
    with pytest.raises(SessionFileError) as refused:
        sessionfile.transact(saved, _append(4))
    assert str(refused.value) == (
        f"sessions/fredag.toml was written by a newer chicago-protokoll (format {VERSION + 1}); "
        f"this version reads format {VERSION} — upgrade to open it"
    )
    assert saved.read_bytes() == data


def test_newer_version_is_recognised_even_if_the_rest_is_unknown(saved: Path) -> None:
    """A newer file is refused for its version, not for fields this version does not know."""
    newer = fileformat.VERSION + 1
    saved.write_text(
        f'format = "chicago-protokoll/session"\nversion = {newer}\n[seats]\nnorth = "Anna"\n',
        "utf-8",
    )
    with pytest.raises(SessionFileError, match=rf"newer chicago-protokoll \(format {newer}\)"):
        sessionfile.load_session(saved)


def test_file_cut_at_any_byte_is_refused(saved: Path) -> None:
    """A session file cut short at any byte (inside a number, a name, between events) is
    refused; only the final newline may go missing."""
    saved.write_text(fileformat.dumps_session(_game(_some_events(1))), "utf-8")
    whole = saved.read_bytes()
    complete = len(whole.rstrip(b"\n"))
    accepted = []
    for cut in range(complete):
        saved.write_bytes(whole[:cut])
        try:
            sessionfile.load_session(saved)
        except SessionFileError:
            continue
        accepted.append(cut)
    assert accepted == []
    saved.write_bytes(whole[:complete])
    assert sessionfile.load_session(saved) == _game(_some_events(1))


def test_transaction_on_a_cut_file_leaves_it_byte_for_byte(saved: Path) -> None:
    """A transaction on a file cut at a random byte is refused and the file keeps its bytes."""
    whole = saved.read_bytes()
    rng = random.Random(1729)
    for cut in rng.sample(range(len(whole) - 1), 30):
        saved.write_bytes(whole[:cut])
        with pytest.raises(SessionFileError):
            sessionfile.transact(saved, _append(4))
        assert saved.read_bytes() == whole[:cut]


def test_missing_file_is_refused_by_name() -> None:
    """A transaction on a session file that is not there says so and creates nothing."""
    path = locations.session_path("borta")
    with pytest.raises(SessionFileError, match=r"^sessions/borta\.toml does not exist$"):
        sessionfile.transact(path, _append(1))
    assert not path.exists()


def test_file_outside_the_data_directory_is_named_as_given(tmp_path: Path) -> None:
    """A ``--file`` path is named in a refusal as the user gave it."""
    path = tmp_path / "spel.toml"
    path.write_text("nonsense", "utf-8")
    with pytest.raises(
        SessionFileError, match=f"^{re.escape(str(path))} is not a chicago-protokoll session file"
    ):
        sessionfile.load_session(path)


# -- transactions, creation, atomic writes -----------------------------------------


def test_transaction_appends_an_event(saved: Path) -> None:
    """A transaction's change is on disk afterwards and is what it returned."""
    returned = sessionfile.transact(saved, _append(4))
    assert sessionfile.load_session(saved) == returned
    assert returned.events[-1] == LastTrick("Bo", deal=4)


def test_refused_change_writes_nothing(saved: Path) -> None:
    """When the change raises (a rule refuses the event), the file keeps every byte and its
    modification time, and no temporary file is left."""
    before = saved.read_bytes()
    mtime = saved.stat().st_mtime_ns

    def refuse(session: Session) -> Session:
        raise RuleViolation("a Chicago needs 15 points", rule="Chicago")

    with pytest.raises(RuleViolation):
        sessionfile.transact(saved, refuse)
    assert saved.read_bytes() == before
    assert saved.stat().st_mtime_ns == mtime
    assert sorted(p.name for p in saved.parent.iterdir()) == [
        ".chicago-protokoll.lock",
        "fredag.toml",
    ]


def test_unchanged_session_is_not_rewritten(saved: Path) -> None:
    """A transaction whose change returns the same session leaves the file untouched."""
    mtime = saved.stat().st_mtime_ns
    time.sleep(0.01)
    sessionfile.transact(saved, lambda session: session)
    assert saved.stat().st_mtime_ns == mtime


def test_session_the_store_could_not_read_back_is_never_written(saved: Path) -> None:
    """A change that seats a stranger as dealer is refused before anything is written."""
    before = saved.read_bytes()
    with pytest.raises(ChicagoError, match=r"refusing to write sessions/fredag\.toml"):
        sessionfile.transact(saved, lambda s: replace(s, first_dealer="Dan"))
    assert saved.read_bytes() == before


def test_new_session_never_overwrites_an_existing_one(saved: Path) -> None:
    """Creating a session under a name already taken is refused and the old file is kept."""
    before = saved.read_bytes()
    with pytest.raises(sessionfile.SessionExistsError, match=r"sessions/fredag\.toml already exists"):
        sessionfile.create_session(saved, _game())
    assert saved.read_bytes() == before


def test_new_session_gets_its_directory_and_a_creation_time() -> None:
    """The first session creates the sessions directory and is stamped with the time it began."""
    path = locations.session_path("lördag")
    written = sessionfile.create_session(path, new_session(["Anna", "Bo"], name="lördag"))
    stamp = datetime.fromisoformat(written.created)
    assert abs(datetime.now(UTC) - stamp) < timedelta(minutes=1)
    assert sessionfile.load_session(path) == written


def test_save_replaces_a_good_file(saved: Path) -> None:
    """save_session replaces a session file that loads with the session given."""
    sessionfile.save_session(saved, _game())
    assert sessionfile.load_session(saved) == _game()


def test_write_goes_through_a_symlink_and_keeps_the_file_mode(saved: Path, tmp_path: Path) -> None:
    """A ``--file`` symlink stays a link to the updated file, and the file keeps its permissions."""
    saved.chmod(0o600)
    link = tmp_path / "link.toml"
    link.symlink_to(saved)
    sessionfile.transact(link, _append(4))
    assert link.is_symlink()
    assert sessionfile.load_session(saved).events[-1] == LastTrick("Bo", deal=4)
    assert saved.stat().st_mode & 0o777 == 0o600


def test_writer_waits_for_the_lock_and_gives_up_with_a_message(saved: Path) -> None:
    """While another writer holds the directory lock, a transaction waits, then says why it gave up."""
    before = saved.read_bytes()
    with atomic.locked(saved.parent), pytest.raises(ChicagoError, match="another chicago command"):
        sessionfile.transact(saved, _append(4), timeout=0.2)
    assert saved.read_bytes() == before


# -- names, the current session, listing, removal ------------------------------------


@pytest.mark.parametrize(
    "name",
    [
        "", "   ", "../fredag", "..", ".", ".dold", "a/b", "/etc/passwd", "a\\b", "..\\x",
        "fre\x00dag", "fre\ndag", "fre\u200bdag", " fredag", "fredag ", "x" * 65,
        "fredag:1", "fredag*", "~", "$HOME",
    ],
)  # fmt: skip
def test_session_name_that_could_leave_the_sessions_directory_is_refused(name: str) -> None:
    """A name with a separator, a leading dot, a control character or an absurd length is
    refused in one sentence that names the rule."""
    with pytest.raises(ChicagoError) as refused:
        locations.session_path(name)
    message = str(refused.value)
    assert message.startswith(f"{name!r} cannot be a session name: it ")
    assert "\n" not in message


@pytest.mark.parametrize(
    "name", ["fredag", "Fredag 29 nov", "kräftskiva-2026", "år_1.5", "ÅÄÖ åäö"]
)
def test_ordinary_session_names_stay_in_the_sessions_directory(name: str) -> None:
    """Letters (åäö too), digits, spaces, '-', '_' and '.' make a file directly in sessions/."""
    path = locations.session_path(name)
    assert path.parent == locations.data_dir() / "sessions"
    assert path.name == f"{name}.toml"


def test_decomposed_name_means_the_same_session() -> None:
    """'Åsa' typed with a combining ring names the same file as the precomposed 'Åsa'."""
    decomposed = unicodedata.normalize("NFD", "Åsa")
    assert decomposed != "Åsa"
    assert locations.session_path(decomposed) == locations.session_path("Åsa")


def test_data_dir_follows_the_environment(
    chicago_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """CHICAGO_PROTOKOLL_HOME moves all data; without it the platform's user data dir is used."""
    assert locations.data_dir() == chicago_home
    monkeypatch.delenv("CHICAGO_PROTOKOLL_HOME")
    import platformdirs

    assert locations.data_dir() == Path(platformdirs.user_data_dir("chicago-protokoll"))


def test_current_session_pointer_round_trips(chicago_home: Path) -> None:
    """The current session is remembered in a small text file until it is changed."""
    assert catalogue.get_current() is None
    catalogue.set_current("fredag")
    assert catalogue.get_current() == "fredag"
    assert (chicago_home / "current").read_text(encoding="utf-8") == "fredag\n"
    catalogue.set_current("lördag")
    assert catalogue.get_current() == "lördag"


def test_current_pointer_refuses_a_name_outside_the_directory() -> None:
    """The pointer cannot be set to a name that leads out of the sessions directory."""
    with pytest.raises(ChicagoError):
        catalogue.set_current("../x")
    assert catalogue.get_current() is None


def test_listing_shows_sessions_only(saved: Path) -> None:
    """Listings show session files by name, in order, and skip leftovers of crashed writes,
    the lock, hidden and foreign files."""
    sessionfile.create_session(locations.session_path("Äventyr"), _game())
    sessionfile.create_session(locations.session_path("anna"), _game())
    for junk in (".fredag.toml.0a1b2c3d4e5f.tmp", ".dold.toml", "notes.txt", "fredag.toml.bak"):
        (saved.parent / junk).write_text("x", "utf-8")
    (saved.parent / "mapp.toml").mkdir()
    names = [name for name, _ in catalogue.list_sessions()]
    assert names == ["anna", "fredag", "Äventyr"]
    assert dict(catalogue.list_sessions())["fredag"] == saved


def test_listing_without_any_sessions_is_empty() -> None:
    """Before the first session there is nothing to list, and no error."""
    assert catalogue.list_sessions() == []


def test_removing_the_current_session_clears_the_pointer(saved: Path) -> None:
    """Removing the current session deletes its file and forgets it as current."""
    catalogue.set_current("fredag")
    catalogue.remove_session("fredag")
    assert not saved.exists()
    assert catalogue.get_current() is None
    assert catalogue.list_sessions() == []


def test_removing_the_current_session_never_leaves_a_pointer_to_a_missing_file(
    saved: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The pointer is gone before the file: a reader between the two steps sees the final
    state ("no current session"), not a current session whose file has vanished."""
    catalogue.set_current("fredag")
    seen: list[tuple[str, str | None]] = []
    unlink = Path.unlink

    def watched(self: Path, missing_ok: bool = False) -> None:
        seen.append((self.name, catalogue.get_current()))
        unlink(self, missing_ok=missing_ok)

    monkeypatch.setattr(Path, "unlink", watched)
    catalogue.remove_session("fredag")
    assert ("fredag.toml", None) in seen
    assert not saved.exists() and catalogue.get_current() is None


def test_a_session_that_could_not_be_removed_stays_current(
    saved: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """If the file cannot be deleted, nothing changed: the pointer still names it."""
    catalogue.set_current("fredag")
    unlink = Path.unlink

    def refused(self: Path, missing_ok: bool = False) -> None:
        if self == saved:
            raise PermissionError(13, "Permission denied")
        unlink(self, missing_ok=missing_ok)

    monkeypatch.setattr(Path, "unlink", refused)
    with pytest.raises(ChicagoError, match="could not remove"):
        catalogue.remove_session("fredag")
    assert saved.exists() and catalogue.get_current() == "fredag"


def test_removing_another_session_keeps_the_pointer(saved: Path) -> None:
    """Removing a session that is not current leaves the current one as it was."""
    sessionfile.create_session(locations.session_path("lördag"), _game())
    catalogue.set_current("fredag")
    catalogue.remove_session("lördag")
    assert catalogue.get_current() == "fredag"


def test_removing_a_damaged_session_is_allowed(saved: Path) -> None:
    """A session file that no longer loads can still be removed."""
    saved.write_text("garbage", "utf-8")
    catalogue.remove_session("fredag")
    assert not saved.exists()


def test_removing_a_missing_session_says_so() -> None:
    """Removing a session that does not exist is refused with its name."""
    with pytest.raises(ChicagoError, match="there is no session 'nada'"):
        catalogue.remove_session("nada")


def test_resolve_prefers_file_then_session_then_current(saved: Path, tmp_path: Path) -> None:
    """``--file`` wins over ``--session``, which wins over the current session."""
    other = locations.session_path("lördag")
    sessionfile.create_session(other, _game())
    loose = tmp_path / "loose.toml"
    sessionfile.create_session(loose, _game())
    catalogue.set_current("fredag")
    assert catalogue.resolve("lördag", loose) == loose
    assert catalogue.resolve("lördag", None) == other
    assert catalogue.resolve(None, None) == saved


def test_resolve_without_any_session_tells_how_to_start_one() -> None:
    """With no --file, no --session and no current session, the message shows `chicago new`."""
    with pytest.raises(ChicagoError, match=r"`chicago new NAME PLAYER PLAYER`"):
        catalogue.resolve(None, None)


def test_resolve_names_what_is_missing(tmp_path: Path) -> None:
    """A missing --file, an unknown --session and a removed current session are each named."""
    with pytest.raises(ChicagoError, match=r"nope\.toml does not exist"):
        catalogue.resolve(None, tmp_path / "nope.toml")
    with pytest.raises(ChicagoError, match="there is no session 'nope'"):
        catalogue.resolve("nope", None)
    catalogue.set_current("borta")
    with pytest.raises(ChicagoError, match="the current session 'borta' no longer exists"):
        catalogue.resolve(None, None)
    with pytest.raises(ChicagoError, match="cannot be a session name"):
        catalogue.resolve("../x", None)


def test_export_file_is_written_whole_into_a_new_directory(tmp_path: Path) -> None:
    """write_text_atomic creates the directory, replaces an old file and leaves no temporary."""
    target = tmp_path / "ut" / "fredag.md"
    atomic.write_text_atomic(target, "gammal\n")
    atomic.write_text_atomic(target, "# Fredag\n")
    assert target.read_text(encoding="utf-8") == "# Fredag\n"
    assert [p.name for p in target.parent.iterdir()] == ["fredag.md"]


def test_saved_house_rules_live_in_the_data_directory(chicago_home: Path) -> None:
    """The saved house rules are one file under CHICAGO_PROTOKOLL_HOME."""
    assert locations.saved_rules_path() == chicago_home / "house-rules.toml"


# -- processes: start-up, concurrency, crashes -----------------------------------------


def _python(code: str, *args: str, **popen: Any) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(code), *args], text=True, env=os.environ, **popen
    )


def test_importing_the_store_loads_no_cli_or_toml_libraries() -> None:
    """Importing the store pulls in neither Rich, Typer, platformdirs nor a TOML library,
    so every command starts fast."""
    code = """
        import sys
        import chicago_protokoll.store
        heavy = ("rich", "typer", "platformdirs", "tomllib", "tomli_w", "tempfile", "random")
        print(" ".join(m for m in heavy if m in sys.modules))
    """
    with _python(code, stdout=subprocess.PIPE) as child:
        out, _ = child.communicate(timeout=30)
    assert child.returncode == 0
    assert out.strip() == ""


def _record_one(path: Path, deal: int, go: Any) -> None:
    go.wait()  # every process is released at the same moment
    sessionfile.transact(path, _append(deal))


@pytest.mark.slow
def test_twenty_processes_recording_at_once_lose_no_event() -> None:
    """Twenty processes that each record one event at the same moment leave all twenty in
    the file."""
    path = locations.session_path("fredag")
    # a file of some size, so that each read-modify-write takes a while
    sessionfile.create_session(path, _game(_some_events(20)))
    before = len(sessionfile.load_session(path).events)
    forks = multiprocessing.get_context("fork")
    go = forks.Event()
    children = [forks.Process(target=_record_one, args=(path, deal, go)) for deal in range(1, 21)]
    for child in children:
        child.start()
    go.set()
    for child in children:
        child.join(timeout=60)
    assert [child.exitcode for child in children] == [0] * 20
    events = sessionfile.load_session(path).events
    assert len(events) == before + 20
    assert sorted(event.deal for event in events[before:]) == list(range(1, 21))


def _keep_recording(path: Path, writing: Any) -> None:
    deal = 1000
    while True:
        deal += 1
        sessionfile.transact(path, _append(deal))
        writing.set()


@pytest.mark.slow
def test_writer_killed_at_any_moment_leaves_a_loadable_file() -> None:
    """A process killed (SIGKILL) at random moments while it keeps recording leaves a file
    that always loads, never with fewer events than before."""
    path = locations.session_path("fredag")
    # a few hundred events, so that a kill often lands inside a write
    sessionfile.create_session(path, _game(_some_events(30)))
    forks = multiprocessing.get_context("fork")
    rng = random.Random(52)
    recorded = len(sessionfile.load_session(path).events)
    for _ in range(30):
        writing = forks.Event()
        child = forks.Process(target=_keep_recording, args=(path, writing))
        child.start()
        assert writing.wait(timeout=30)
        time.sleep(rng.uniform(0, 0.04))
        child.kill()
        child.join(timeout=30)
        assert child.exitcode == -signal.SIGKILL
        events = sessionfile.load_session(path).events
        assert len(events) > recorded
        recorded = len(events)
    assert [name for name, _ in catalogue.list_sessions()] == ["fredag"]
