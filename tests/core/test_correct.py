"""Correcting a past deal: replace its events, replay everything after, keep the history."""

from __future__ import annotations

import tomllib
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_replay_properties import TABLES, games, legal_event

from chicago_protokoll.core import ids
from chicago_protokoll.core.cards import Category
from chicago_protokoll.core.correct import (
    CorrectionRefused,
    DealChanges,
    correct_deal,
    deal_events,
    edit_deal,
    keep_revisor_entries,
    undo_correction,
    undoable_correction,
)
from chicago_protokoll.core.errors import ChicagoError, EntryError
from chicago_protokoll.core.events import (
    BuyWinner,
    ChicagoBroken,
    ChicagoDeclared,
    Claim,
    Event,
    Exchange,
    LastTrick,
    Note,
    Penalty,
    Royal,
    Showdown,
    Taking,
)
from chicago_protokoll.core.game import Game, replay
from chicago_protokoll.core.session import Session, new_session
from chicago_protokoll.store import fileformat, tomlsubset

AT = "2026-11-30T21:04:00+00:00"
EDITS = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def _session(events: list[Event]) -> Session:
    session = new_session(("Anna", "Bo", "Cilla"), dealer="Cilla", name="fredag")
    return replace(session, events=tuple(events), created="2026-11-30T20:00:00+00:00")


def seed_deal(deal: int, last: str = "Cilla") -> list[Event]:
    """Seed 000's deal: Bo two pair, Anna two pair, LAST takes the last trick, Anna shows."""
    return [
        BuyWinner("Bo", Category.TWO_PAIR, buy=1, deal=deal),
        BuyWinner("Anna", Category.TWO_PAIR, buy=2, deal=deal),
        LastTrick(last, deal=deal),
        Showdown("Anna", Category.TWO_PAIR, deal=deal),
    ]


def anna_20(deal: int) -> list[Event]:
    return [
        BuyWinner("Anna", Category.FLUSH, buy=1, deal=deal),
        BuyWinner("Anna", Category.FLUSH, buy=2, deal=deal),
        LastTrick("Anna", deal=deal),
        Showdown("Anna", Category.FLUSH, deal=deal),
    ]


def test_a_corrected_last_trick_moves_five_points_and_later_deals_are_replayed() -> None:
    session = _session([*seed_deal(1), *seed_deal(2)])
    corrected, game = correct_deal(session, 1, seed_deal(1, last="Bo"), at=AT)
    assert game.scores == [8, 9, 5]
    assert corrected.events[4:] == session.events[4:]
    (correction,) = corrected.corrections
    assert (correction.deal, correction.at) == (1, AT)
    assert correction.before == tuple(seed_deal(1))
    assert correction.after == tuple(seed_deal(1, last="Bo"))


def test_a_correction_that_breaks_a_later_chicago_names_that_deal_and_the_rule() -> None:
    """Anna's 20 in deal 1 let her declare in deal 2; corrected to 5, she could not."""
    deal_2 = [
        BuyWinner(None, buy=1, deal=2),
        BuyWinner(None, buy=2, deal=2),
        ChicagoDeclared(2, "Anna"),
        ChicagoBroken(2, "Bo"),
    ]
    session = _session([*anna_20(1), *deal_2])
    with pytest.raises(CorrectionRefused) as refused:
        correct_deal(session, 1, seed_deal(1), at=AT)
    assert refused.value.deal == 2
    assert refused.value.key == "chicago.min_score"
    assert "deal 2" in str(refused.value) and "chicago.min_score" in str(refused.value)


def test_a_finished_deal_cannot_be_corrected_into_an_unfinished_one() -> None:
    session = _session(seed_deal(1))
    with pytest.raises(CorrectionRefused, match="who took the last trick"):
        correct_deal(session, 1, seed_deal(1)[:2], at=AT)


def test_a_correction_that_ends_the_game_before_a_later_deal_is_refused() -> None:
    """A royal straight flush corrected into deal 2 wins the game: deal 3 was never played."""
    session = _session([*seed_deal(1), *anna_20(2), *seed_deal(3)])
    royal = [BuyWinner("Anna", Category.ROYAL_STRAIGHT_FLUSH, buy=1, deal=2)]
    with pytest.raises(CorrectionRefused) as refused:
        correct_deal(session, 2, royal, at=AT)
    assert refused.value.deal == 3
    assert refused.value.key == "game.target"
    assert "over after deal 2" in str(refused.value)


def test_a_deal_not_recorded_or_a_correction_that_changes_nothing_is_refused() -> None:
    session = _session(seed_deal(1))
    with pytest.raises(ChicagoError, match="deals 1 to 1"):
        correct_deal(session, 2, seed_deal(2), at=AT)
    with pytest.raises(ChicagoError, match="nothing to correct"):
        correct_deal(session, 1, seed_deal(1), at=AT)


def test_undo_right_after_a_correction_restores_the_record_and_the_file_text() -> None:
    session = ids.identified(_session([*seed_deal(1), *seed_deal(2)]))  # as loaded: ids
    corrected, _ = correct_deal(session, 1, seed_deal(1, last="Bo"), at=AT)
    assert undoable_correction(corrected) is not None
    restored = undo_correction(corrected)
    assert restored == session
    assert fileformat.dumps_session(restored) == fileformat.dumps_session(session)


def test_a_penalty_recorded_after_a_deals_first_exchange_stays_in_that_deal() -> None:
    """Penalty on Bo after Anna's exchange in köp 1 of deal 2, before any scoring moment:
    it belongs to deal 2.  A correction keeps it after the exchange; at the deal's very
    start it would belong to deal 1 and the correction was refused for it."""
    deal_2 = [Exchange(2, "Anna", 1, 3), Penalty(2, "Bo", 2, "x"), *seed_deal(2)]
    session = _session([*seed_deal(1), *deal_2])
    corrected, game = correct_deal(
        session, 2, [Exchange(2, "Anna", 1, 3), *seed_deal(2, "Bo")], at=AT
    )
    assert [type(e) for e in deal_events(corrected, 2)][:2] == [Exchange, Penalty]
    assert game.scores == replay(replace(corrected, corrections=())).scores


def test_a_note_on_an_earlier_deal_keeps_its_place_among_the_corrected_deals_events() -> None:
    """A note on deal 1 written after köp 1 of deal 2 is no part of deal 2: correcting
    deal 2 replaces its four moments around the note, and undo puts them back."""
    note = Note(1, "Bo visade fel kort")
    session = ids.identified(_session([*seed_deal(1), *seed_deal(2)[:1], note, *seed_deal(2)[1:]]))
    assert note not in [replace(e, id="") for e in deal_events(session, 2)]
    corrected, game = correct_deal(session, 2, seed_deal(2, last="Bo"), at=AT)
    plain = [replace(e, id="") for e in corrected.events]
    assert plain == [*seed_deal(1), *seed_deal(2, "Bo")[:1], note, *seed_deal(2, "Bo")[1:]]
    assert game.scores == replay(replace(corrected, corrections=())).scores
    assert undo_correction(corrected) == session


def test_a_correction_is_no_longer_undone_once_something_is_recorded_after_it() -> None:
    session = _session(seed_deal(1))
    corrected, _ = correct_deal(session, 1, seed_deal(1, last="Bo"), at=AT)
    later = corrected.with_event(BuyWinner(None, buy=1, deal=2))
    assert undoable_correction(later) is None
    # ...and once that event is taken back, the correction is the last thing done again
    assert undoable_correction(later.without_last_event()) is not None


def test_a_file_with_or_without_corrections_is_written_in_the_format_of_ids() -> None:
    """Since ids every saved file needs their format (cli.md, "Every entry has an
    identity"), corrections or not; the corrections read back as they were."""
    session = _session(seed_deal(1))
    assert f"version = {fileformat.IDS_VERSION}\n" in fileformat.dumps_session(session)
    corrected, _ = correct_deal(session, 1, seed_deal(1, last="Bo"), at=AT)
    text = fileformat.dumps_session(corrected)
    assert f"version = {fileformat.IDS_VERSION}\n" in text
    assert fileformat.loads_session(text, "x.toml") == corrected
    assert tomlsubset.loads(text) == tomllib.loads(text)


@st.composite
def edits(draw: st.DrawFn) -> tuple[Session, int, list[Event]]:
    """A random legal game, one of its deals, and a random legal replay of that deal."""
    game, events = draw(games(TABLES, max_events=60))
    if not events:
        events = [legal_event(draw, game)]
        game.apply(events[0])
    session = replace(game.session, events=tuple(events))
    deal = draw(st.integers(1, events[-1].deal))
    prefix = [event for event in events if event.deal < deal]
    rebuilt = Game(replace(session, events=()))
    for event in prefix:
        rebuilt.apply(event)
    was_last = deal == events[-1].deal
    new: list[Event] = []
    limit = draw(st.integers(1, 12)) if was_last else 40
    while len(new) < limit and not rebuilt.finished and rebuilt.deal == deal:
        # The deal's play: a correction keeps the deal's penalties and notes by itself.
        event = legal_event(draw, rebuilt, revisor=False)
        rebuilt.apply(event)
        new.append(event)
    return session, deal, new


@EDITS
@given(edits())
def test_totals_after_a_correction_are_those_of_a_fresh_replay_and_edit_back_restores_them(
    edit: tuple[Session, int, list[Event]],
) -> None:
    """For random legal games and edits: an accepted correction's totals are a fresh replay
    of the corrected record, the file round-trips, correcting back restores the standings,
    and undo restores the record; a refused one names a deal from the corrected one on."""
    session, deal, new = edit
    before = replay(session)
    try:
        corrected, game = correct_deal(session, deal, new, at=AT)
    except CorrectionRefused as refused:
        assert refused.deal >= deal
        return
    except ChicagoError as error:
        assert "nothing to correct" in str(error)
        recorded = deal_events(session, deal)
        assert keep_revisor_entries(recorded, new) == recorded  # its penalties and notes kept
        return
    fresh = replay(replace(corrected, corrections=()))
    assert game.scores == fresh.scores
    assert (game.finished, game.winners, game.deal) == (fresh.finished, fresh.winners, fresh.deal)
    text = fileformat.dumps_session(corrected)
    assert fileformat.loads_session(text, "x.toml") == corrected
    assert_restored(undo_correction(corrected), session, deal)
    if any(record.number == deal and record.complete for record in before.deals):
        # (a deal still being played, once finished by a correction, stays finished)
        back, game_back = correct_deal(corrected, deal, list(deal_events(session, deal)), at=AT)
        assert game_back.scores == before.scores
        assert_restored(replace(back, corrections=session.corrections), session, deal)


def assert_restored(back: Session, session: Session, deal: int) -> None:
    """``back`` is ``session`` again: exactly, unless a note on an earlier deal stands among
    deal ``deal``'s events and the correction left fewer events where it stood (then
    only its place among them may differ: every event is there, every deal's events in
    their order, and the note among deal ``deal``'s events still, `correct._place`)."""
    if back == session:
        return

    def others(events: tuple[Event, ...]) -> list[Event]:
        return [e for e in events if not (isinstance(e, Note) and e.deal < deal)]

    def inside(s: Session) -> list[str]:
        """The notes on earlier deals from the deal's first event to the next deal's."""
        first = next(i for i, e in enumerate(s.events) if e.deal == deal)
        stop = next((i for i, e in enumerate(s.events) if e.deal > deal), len(s.events))
        return sorted(repr(e) for e in s.events[first:stop] if e.deal < deal)

    assert inside(session), "only a note on an earlier deal may stand elsewhere"
    assert back.corrections == session.corrections
    assert others(back.events) == others(session.events)
    assert sorted(map(repr, back.events)) == sorted(map(repr, session.events))
    assert inside(back) == inside(session)


@st.composite
def named_changes(draw: st.DrawFn) -> tuple[Session, int, DealChanges]:
    """A random legal game, one of its finished deals, and what `chicago edit` could name."""
    game, events = draw(games(TABLES, max_events=60))
    finished = [record.number for record in game.deals if record.complete]
    if not finished:
        return replace(game.session, events=tuple(events)), 0, DealChanges()
    deal = draw(st.sampled_from(finished))
    who = st.sampled_from(game.players)
    hands = st.sampled_from(
        [Category.PAIR, Category.TWO_PAIR, Category.THREE_OF_A_KIND, Category.FULL_HOUSE]
    )
    claim = st.one_of(st.just(Claim(None)), st.builds(Claim, who, hands))
    taking = st.builds(Taking, who)
    scored = game.rules.game.scored_buys
    changes = draw(
        st.one_of(
            st.builds(DealChanges, last_trick=taking, with_two=st.booleans()),
            st.builds(DealChanges, buys=st.lists(claim, max_size=scored).map(tuple)),
            st.builds(DealChanges, showdown=claim),
            st.builds(DealChanges, chicago=who, broken_by=st.none() | who),
            st.builds(DealChanges, no_chicago=st.just(True), last_trick=taking),
        )
    )
    return replace(game.session, events=tuple(events)), deal, changes


@EDITS
@given(named_changes())
def test_an_edit_s_totals_are_a_fresh_replay_of_the_corrected_record_and_undo_restores_it(
    edit: tuple[Session, int, DealChanges],
) -> None:
    """For random legal games and random `edit` options: accepted, the totals are those of a
    fresh replay and the named part is what was asked for; refused, nothing was made."""
    session, deal, changes = edit
    if not deal:
        return
    try:
        corrected, game = edit_deal(session, deal, changes, at=AT)
    except (CorrectionRefused, EntryError) as refused:
        assert getattr(refused, "deal", deal) >= deal
        return
    except ChicagoError as error:
        # the same record again, or a deal a forfeit ended before it was played out
        assert "nothing to correct" in str(error) or "no whole deal to correct" in str(error)
        return
    fresh = replay(replace(corrected, corrections=()))
    assert game.scores == fresh.scores and game.finished == fresh.finished
    if changes.last_trick is not None and not any(
        isinstance(e, Royal) for e in deal_events(corrected, deal)
    ):
        (trick,) = [e for e in deal_events(corrected, deal) if isinstance(e, LastTrick)]
        assert trick.player == changes.last_trick.player and trick.with_two == changes.with_two
    assert_restored(undo_correction(corrected), session, deal)
