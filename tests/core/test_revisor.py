"""The revisor's entries in the engine (rules.md, "Club nights and the revisor"; cli.md, "The
revisor's entries"): a penalty, a forfeit and a note, each replayed like any event."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

import pytest

from chicago_protokoll.core.cards import Category
from chicago_protokoll.core.correct import DealChanges, edit_deal, undo_correction
from chicago_protokoll.core.errors import ChicagoError, Rule
from chicago_protokoll.core.events import (
    BuyWinner,
    Claim,
    Event,
    Exchange,
    Forfeit,
    LastTrick,
    Note,
    Penalty,
    Showdown,
    Taking,
)
from chicago_protokoll.core.game import replay
from chicago_protokoll.core.rules import HouseRules
from chicago_protokoll.core.session import Session, new_session
from chicago_protokoll.core.settle import Payment, settle_standings
from chicago_protokoll.core.stats import league, played, ranks
from chicago_table import Table

AT = "2026-11-30T21:04:00+00:00"
KOPSTOPP_45 = HouseRules().with_changes(buy_stop={"threshold": 45})


def penalty(table: Table, player: str, points: int, reason: str = "för tidigt köp") -> None:
    table.apply(Penalty(table.game.entry_deal, player, points, reason))


# -- penalty -----------------------------------------------------------------------


def test_a_penalty_takes_its_points_off_the_players_total() -> None:
    table = Table()
    table.bring("Anna", 20)
    penalty(table, "Anna", 5)
    assert table.scores == {"Anna": 15, "Bo": 0, "Cilla": 0}
    entry = table.standings().deals[-1].entries[-1]
    assert (entry.awards[0].points, entry.awards[0].nominal) == (-5, -5)


def test_the_floor_keeps_a_total_at_0_and_the_penalty_is_still_recorded() -> None:
    """Anna at 3, penalty 5: 0 (the award moved 3, the rule gave 5); at 0 a penalty moves
    nothing and stays in the record."""
    table = Table()
    table.play_deal(("Anna", 3))  # köp 1 three of a kind; the forehand's last trick
    assert table.score("Anna") == 3
    penalty(table, "Anna", 5)
    penalty(table, "Anna", 2)
    assert table.score("Anna") == 0
    awards = [
        entry.awards[0]
        for record in table.standings().deals
        for entry in record.entries
        if isinstance(entry.event, Penalty)
    ]
    assert [(a.points, a.nominal) for a in awards] == [(-3, -5), (0, -2)]


def test_without_a_floor_a_penalty_takes_a_total_below_0() -> None:
    table = Table(rules=HouseRules().with_changes(scoring={"floor": False}))
    penalty(table, "Bo", 4)
    assert table.score("Bo") == -4


def test_a_penalty_during_a_deal_counts_from_that_moment() -> None:
    table = Table()
    table.buy(("Anna", 2))
    penalty(table, "Anna", 1)
    table.buy(("Anna", 2))
    assert table.score("Anna") == 3
    record = table.standings().deals[-1]
    assert [type(e.event) for e in record.entries] == [BuyWinner, Penalty, BuyWinner]
    assert [e.totals[0] for e in record.entries] == [2, 1, 3]


def test_the_end_of_a_deal_is_judged_after_the_penalties_that_belong_to_it() -> None:
    """Anna at 47 takes the last trick (52), is penalised 3 (49) before the showdown:
    the deal ends under the target, so the game goes on."""
    table = Table()
    table.bring("Anna", 47)
    table.buy(None)
    table.buy(None)
    table.last("Anna")
    penalty(table, "Anna", 3)
    table.show(None)
    assert table.score("Anna") == 49
    assert not table.game.finished


def test_a_penalty_before_the_first_deal_counts_in_deal_1() -> None:
    table = Table(rules=HouseRules().with_changes(scoring={"floor": False}))
    penalty(table, "Cilla", 2)
    table.play_deal(("Bo", 2), last="Anna")
    first = table.standings().deals[0]
    assert first.number == 1
    assert isinstance(first.entries[0].event, Penalty)
    assert first.start == (0, 0, 0)
    assert first.totals == (5, 2, -2)


def test_a_penalty_between_deals_belongs_to_the_deal_just_finished() -> None:
    """Recorded after deal 1's showdown: its event has deal 1's number, deal 1's record holds
    it and its totals, and deal 2 starts from the lowered total."""
    table = Table()
    table.play_deal(("Bo", 2), ("Anna", 2), last="Cilla", show=("Anna", 2))
    assert table.game.entry_deal == 1
    penalty(table, "Cilla", 3, "visade korten")
    first = table.standings().deals[0]
    assert isinstance(first.entries[-1].event, Penalty)
    assert first.entries[-1].event.deal == 1
    assert first.totals == (4, 2, 2)
    table.buy(None)
    assert table.standings().deals[1].start == (4, 2, 2)


def test_a_penalty_between_deals_counts_for_the_next_deals_kopstopp() -> None:
    """Threshold 45: Anna ends deal 4 at 46, so köpstopp would begin in deal 5; a penalty of
    5 between the deals leaves her at 41, so she may exchange in deal 5."""
    table = Table(rules=KOPSTOPP_45, dealer="Cilla")
    table.bring("Anna", 46)
    assert "Anna" in table.game.buy_stop
    penalty(table, "Anna", 5)
    assert table.score("Anna") == 41
    assert table.game.buy_stop == ()
    table.exchange("Anna", 3)  # allowed: not under köpstopp
    record = table.standings().deals[-1]
    assert record.buy_stop == ()
    assert record.start[0] == 41


def test_a_penalty_never_puts_a_player_under_kopstopp() -> None:
    """The reverse is not possible: a penalty only lowers a total, so a player under the
    threshold stays free to exchange, and one above it may fall below."""
    table = Table(rules=KOPSTOPP_45)
    table.bring("Bo", 44)
    penalty(table, "Bo", 1)
    assert table.game.buy_stop == ()
    table.exchange("Bo", 2)


def test_a_penalty_never_ends_a_game_by_itself() -> None:
    table = Table()
    table.bring("Anna", 50)
    penalty(table, "Bo", 5)
    penalty(table, "Anna", 5)
    assert not table.game.finished


@pytest.mark.parametrize("points", [0, -5])
def test_a_penalty_of_0_or_fewer_points_is_refused(points: int) -> None:
    table = Table()
    table.bring("Anna", 10)
    message = table.refuse(Penalty(1, "Anna", points, "x"), rule=Rule.PENALTY_POINTS)
    assert "1 or more" in message


def test_a_penalty_or_a_forfeit_without_a_reason_is_refused() -> None:
    table = Table()
    table.refuse(Penalty(1, "Anna", 2, " "), rule=Rule.A_REASON)
    table.refuse(Forfeit(1, "Anna", ""), rule=Rule.A_REASON)
    table.refuse(Note(1, ""), rule=Rule.A_REASON)


def test_a_penalty_for_another_deal_than_the_entries_deal_is_refused() -> None:
    table = Table()
    table.play_deal(last="Anna")
    table.buy(None)  # deal 2 has begun: an entry now belongs to deal 2
    table.refuse(Penalty(1, "Anna", 2, "x"), rule=Rule.DEAL_ORDER)
    table.refuse(Penalty(3, "Anna", 2, "x"), rule=Rule.DEAL_ORDER)


def test_a_penalty_of_a_player_not_at_the_table_is_refused() -> None:
    Table().refuse(Penalty(1, "Dag", 2, "x"), rule=Rule.PLAYERS)


def test_after_the_game_a_forfeit_is_refused_and_a_note_is_allowed() -> None:
    """(A penalty once the game is over is refused where it is recorded, `recording.record`;
    the engine judges one that belongs to the deal that reached the target: below.)"""
    table = Table()
    table.bring("Anna", 55)
    assert table.game.finished
    table.refuse(Forfeit(table.deal, "Anna", "x"), rule=Rule.END_OF_GAME)
    table.apply(Note(table.deal, "Bo räknade om"))
    last = table.standings().deals[-1]
    assert last.number == table.deal
    assert last.entries[-1].event == Note(table.deal, "Bo räknade om")


def test_the_end_of_a_deal_is_judged_after_a_penalty_that_belongs_to_it() -> None:
    """cli.md, "The revisor's entries": Anna reaches 55 (target 52) with a deal's end; a
    penalty of 5 in that deal leaves her at 50, so the game goes on with the next deal,
    dealt by the next player, from the lowered total."""
    table = Table()
    table.bring("Anna", 55)
    deal, dealer = table.deal, table.game.dealer
    penalty(table, "Anna", 5)
    assert not table.game.finished and table.game.winners == ()
    assert table.scores["Anna"] == 50
    assert table.deal == deal + 1 and table.game.dealer != dealer
    last = table.standings().deals[-1]
    assert last.number == deal and last.totals[0] == 50
    assert isinstance(last.entries[-1].event, Penalty)
    # the deal after it is played as any other; the penalty stays in its deal
    table.play_deal(last="Bo")
    assert table.scores["Bo"] == 5


def test_a_penalty_that_leaves_the_target_reached_keeps_the_end_and_judges_the_winners() -> None:
    """Target 10.  Deal 2 ends Anna 14, Bo 11: Anna wins.  Penalties in that deal: Anna 4
    (10 and 11: Bo wins), Bo 2 (10 and 9: Anna wins again), Anna 1 (9 and 9: nobody has
    reached the target, the game goes on with deal 3)."""
    table = Table(rules=HouseRules().with_changes(game={"target": 10}))
    table.play_deal(("Anna", 3), ("Bo", 3), last="Cilla")
    table.play_deal(("Anna", 6), ("Bo", 6), last="Anna", show=("Bo", 2))
    assert table.scores == {"Anna": 14, "Bo": 11, "Cilla": 5}
    assert table.game.winners == ("Anna",)
    penalty(table, "Anna", 4)
    assert table.game.finished and table.game.winners == ("Bo",)
    penalty(table, "Bo", 2)
    assert table.game.finished and table.game.winners == ("Anna",)
    penalty(table, "Anna", 1)
    assert not table.game.finished and table.deal == 3
    assert table.standings().deals[-1].totals == (9, 9, 5)


def test_after_an_amendment_after_the_end_a_penalty_without_it_is_refused() -> None:
    """An amendment of the result (``after_end``) settles the end: a penalty recorded as
    one of the deal is refused after it, as after any end."""
    table = Table()
    table.bring("Anna", 55)
    table.apply(Penalty(table.deal, "Anna", 1, "x", after_end=True))
    table.refuse(Penalty(table.deal, "Anna", 5, "x"), rule=Rule.END_OF_GAME)


# -- forfeit -----------------------------------------------------------------------


def forfeited_game() -> Table:
    """Anna 40, Bo 20, Cilla 30 after deal 8; Anna forfeits before deal 9."""
    table = Table()
    table.bring("Anna", 40)
    table.bring("Cilla", 30)
    table.bring("Bo", 20)
    table.apply(Forfeit(table.game.entry_deal, "Anna", "visade inte kåken"))
    return table


def test_a_forfeit_ends_the_game_at_once_and_the_best_of_the_others_win() -> None:
    table = forfeited_game()
    standings = table.standings()
    assert standings.finished
    assert standings.forfeited == ("Anna",)
    assert standings.winners == ("Cilla",)
    assert standings.scores == {"Anna": 40, "Bo": 20, "Cilla": 30}  # as recorded
    assert standings.counted_scores == {"Anna": 0, "Bo": 20, "Cilla": 30}


def test_a_forfeit_between_deals_ends_the_game_with_the_deal_just_finished() -> None:
    table = forfeited_game()
    last = table.standings().deals[-1]
    assert table.deal == last.number
    assert isinstance(last.entries[-1].event, Forfeit)
    assert last.complete


def test_a_forfeit_during_a_deal_ends_it_there() -> None:
    table = Table()
    table.buy(("Bo", 2))
    table.apply(Forfeit(1, "Bo", "påstod en kåk"))
    standings = table.standings()
    assert standings.finished
    assert standings.winners == ("Anna", "Cilla")  # both at 0, the best among the others
    assert len(standings.deals) == 1


def test_the_settlement_counts_a_forfeiting_player_as_0() -> None:
    """Anna forfeits at 40; Cilla wins with 30.  Anna pays 30 - 0 = 30, Bo 30 - 20 = 10."""
    payments = settle_standings(forfeited_game().standings(), 1)
    assert payments == [
        Payment("Anna", "Cilla", Decimal(30)),
        Payment("Bo", "Cilla", Decimal(10)),
    ]


def test_stats_count_a_forfeiting_player_as_0_points_and_last() -> None:
    table = forfeited_game()
    game = played(new_session(("Anna", "Bo", "Cilla")), table.standings())
    assert game is not None
    assert game.scores == (0, 20, 30)
    assert ranks(game.scores, [True, False, False]) == [3, 2, 1]
    assert ranks((0, 0, 30), [True, False, False]) == [3, 2, 1]  # last, even at an equal 0
    row = next(p for p in league([game]).players if p.name == "Anna")
    assert (row.points, row.wins, row.money) == (0, 0, Decimal(-30))


# -- note ----------------------------------------------------------------------------


def test_a_note_changes_no_total_and_belongs_to_its_deal() -> None:
    table = Table()
    table.play_deal(("Bo", 2), last="Cilla")
    table.apply(Note(table.game.entry_deal, "felgiv: omgiven"))
    table.buy(("Anna", 1))
    table.apply(Note(1, "Bo visade fel kort"))  # on deal 1, written during deal 2
    deals = table.standings().deals
    assert [e.event for e in deals[0].entries if isinstance(e.event, Note)] == [
        Note(1, "felgiv: omgiven"),
        Note(1, "Bo visade fel kort"),
    ]
    assert deals[0].totals == (0, 2, 5)
    assert table.scores == {"Anna": 1, "Bo": 2, "Cilla": 5}


def test_a_note_on_a_deal_not_played_is_refused() -> None:
    table = Table()
    table.play_deal(last="Anna")
    table.refuse(Note(3, "x"), rule=Rule.DEAL_ORDER)
    table.refuse(Note(0, "x"), rule=Rule.DEAL_ORDER)


def test_a_note_or_penalty_before_the_deal_does_not_begin_it() -> None:
    table = Table()
    table.apply(Note(1, "Bo kom sent"))
    penalty(table, "Bo", 1)
    assert not table.game.deal_begun
    table.buy(("Anna", 1))
    assert table.game.deal_begun


# -- corrections keep them -------------------------------------------------------------


def _session(events: list[Event]) -> Session:
    session = new_session(("Anna", "Bo", "Cilla"), dealer="Cilla", name="fredag")
    return replace(session, events=tuple(events), created="2026-11-30T20:00:00+00:00")


def test_edit_keeps_a_penalty_after_the_scoring_moment_it_followed_and_the_notes() -> None:
    """Deal 1: Bo two pair, a penalty of 1 on Bo, Anna two pair, Cilla's last trick, Anna's
    showdown; a note; deal 2 begun.  Editing the last trick to Bo keeps the penalty after
    köp 1 and the note, and the totals are a fresh replay: Anna 4, Bo 2 - 1 + 5 = 6."""
    events: list[Event] = [
        BuyWinner("Bo", Category.TWO_PAIR, buy=1, deal=1),
        Penalty(1, "Bo", 1, "för tidigt köp"),
        BuyWinner("Anna", Category.TWO_PAIR, buy=2, deal=1),
        LastTrick("Cilla", deal=1),
        Showdown("Anna", Category.TWO_PAIR, deal=1),
        Note(1, "felgiv"),
        Exchange(2, "Anna", 1, 3),
    ]
    session = _session(events)
    corrected, game = edit_deal(session, 1, DealChanges(last_trick=Taking("Bo")), at=AT)
    assert corrected.events[:6] == (
        events[0],
        events[1],
        events[2],
        LastTrick("Bo", deal=1),
        events[4],
        events[5],
    )
    assert dict(zip(game.players, game.scores, strict=True)) == {"Anna": 4, "Bo": 6, "Cilla": 0}
    assert undo_correction(corrected) == session


def test_edit_leaves_a_note_written_later_on_the_deal_where_it_is() -> None:
    events: list[Event] = [
        BuyWinner("Bo", Category.TWO_PAIR, buy=1, deal=1),
        BuyWinner("Anna", Category.TWO_PAIR, buy=2, deal=1),
        LastTrick("Cilla", deal=1),
        Showdown("Anna", Category.TWO_PAIR, deal=1),
        BuyWinner("Bo", Category.PAIR, buy=1, deal=2),
        Note(1, "räknat om"),
        BuyWinner("Bo", Category.PAIR, buy=2, deal=2),
    ]
    session = _session(events)
    corrected, _ = edit_deal(session, 1, DealChanges(last_trick=Taking("Anna")), at=AT)
    assert corrected.events[5] == Note(1, "räknat om")
    corrected, _ = edit_deal(corrected, 1, DealChanges(showdown=Claim(None)), at=AT)
    assert corrected.events[5] == Note(1, "räknat om")
    # Anna: köp 2's two pair and the last trick, 7; Bo: two pair, then two pairs in deal 2, 4.
    assert replay(corrected).scores == [7, 4, 0]


def test_edit_of_a_deal_keeps_the_forfeit_after_it() -> None:
    events: list[Event] = [
        BuyWinner("Bo", Category.TWO_PAIR, buy=1, deal=1),
        BuyWinner("Anna", Category.TWO_PAIR, buy=2, deal=1),
        LastTrick("Cilla", deal=1),
        Showdown("Anna", Category.TWO_PAIR, deal=1),
        Forfeit(1, "Cilla", "visade inte sticket"),
    ]
    corrected, game = edit_deal(_session(events), 1, DealChanges(last_trick=Taking("Bo")), at=AT)
    assert corrected.events[-1] == events[-1]
    assert game.finished
    assert game.forfeited == ("Cilla",)
    assert game.winners == ("Bo",)  # Bo 7, Anna 4


def test_edit_of_a_deal_a_forfeit_ended_before_it_was_played_out_is_refused() -> None:
    events: list[Event] = [
        BuyWinner("Bo", Category.TWO_PAIR, buy=1, deal=1),
        Forfeit(1, "Bo", "påstod två par"),
    ]
    with pytest.raises(ChicagoError, match="forfeit"):
        edit_deal(_session(events), 1, DealChanges(buys=(Claim("Anna", Category.PAIR),)), at=AT)


# -- a penalty after the game's end (a closed night's amendment) ----------------------------


def test_a_penalty_after_the_end_lowers_the_total_and_keeps_the_end_and_the_winner() -> None:
    table = Table()
    table.bring("Bo", 20)
    table.royal("Anna")
    last = table.deal
    table.apply(Penalty(last, "Anna", 30, "räknade fel", after_end=True))
    table.apply(Penalty(last, "Bo", 4, "visade kort", after_end=True))
    standings = table.standings()
    assert standings.finished and standings.winners == ("Anna",)
    assert table.scores == {"Anna": 22, "Bo": 16, "Cilla": 0}
    assert standings.deals[-1].number == last
    assert [e.event for e in standings.deals[-1].entries][-2:] == [
        Penalty(last, "Anna", 30, "räknade fel", after_end=True),
        Penalty(last, "Bo", 4, "visade kort", after_end=True),
    ]
    assert standings.deals[-1].totals == (22, 16, 0)


def test_a_plain_penalty_is_still_refused_after_the_end_and_an_after_end_one_before_it() -> None:
    table = Table()
    table.bring("Bo", 20)
    assert "still being played" in table.refuse(
        Penalty(table.deal, "Bo", 2, "x", after_end=True), rule=Rule.DEAL_ORDER
    )
    table.royal("Anna")
    assert "the game is over" in table.refuse(Penalty(table.deal, "Bo", 2, "x"))
    assert "its last deal" in table.refuse(Penalty(table.deal + 1, "Bo", 2, "x", after_end=True))
