"""Every rule of docs/rules.md, one test (or a few) each, through the replay engine.

A refused event is always checked with `Table.refuse`: it raises `RuleViolation`
naming the rule (and the house-rules key where there is one) and leaves the
standings exactly as they were.
"""

from __future__ import annotations

import pytest

from chicago_protokoll.core.cards import Category
from chicago_protokoll.core.compare import best_of
from chicago_protokoll.core.errors import ChicagoError, RuleViolation
from chicago_protokoll.core.events import (
    BuyWinner,
    ChicagoBroken,
    ChicagoDeclared,
    ChicagoWon,
    Exchange,
    LastTrick,
    Royal,
    Showdown,
)
from chicago_protokoll.core.game import replay
from chicago_protokoll.core.rules import PRESETS, HouseRules
from chicago_protokoll.core.session import new_session
from chicago_protokoll.core.standings import Moment
from chicago_table import BY_POINTS, Table

# -- table and deal ----------------------------------------------------------


@pytest.mark.parametrize("size", [2, 3, 4])
def test_a_table_seats_two_to_four_players_in_the_main_rule(size: int) -> None:
    """A game starts with any table of two to four players."""
    players = ["Anna", "Bo", "Cilla", "Dan"][:size]
    assert new_session(players).players == tuple(players)


@pytest.mark.parametrize(
    ("players", "key"),
    [(["Anna"], "game.min_players"), (["A", "B", "C", "D", "E"], "game.max_players")],
)
def test_a_table_outside_two_to_four_players_is_refused(players: list[str], key: str) -> None:
    """One player or five players are refused in the main rule, naming the key."""
    with pytest.raises(RuleViolation) as caught:
        new_session(players)
    assert caught.value.key == key
    assert key in str(caught.value)


def test_player_names_must_be_distinct_and_usable() -> None:
    """Two players of one name, an empty name or a reserved word are refused."""
    for players in (["Anna", "anna"], ["Anna", " "], ["Anna", "pass"], ["Anna", "B:o"]):
        with pytest.raises(ChicagoError):
            new_session(players)


def test_the_dealer_passes_clockwise_after_every_deal() -> None:
    """Seats are clockwise, so the deal passes to the next seat after each deal."""
    table = Table(dealer="Bo")
    dealers = [table.game.dealer]
    for _ in range(4):
        table.play_deal(last="Anna")
        dealers.append(table.game.dealer)
    assert dealers == ["Bo", "Cilla", "Anna", "Bo", "Cilla"]
    assert [record.dealer for record in table.standings().deals] == dealers[:4]


def test_forehand_sits_left_of_the_dealer() -> None:
    """The player after the dealer in seat order is förhand, in every deal."""
    table = Table(["Anna", "Bo", "Cilla", "Dan"], dealer="Dan")
    seen = []
    for _ in range(4):
        seen.append((table.game.dealer, table.game.forehand))
        table.play_deal(last="Anna")
    assert seen == [("Dan", "Anna"), ("Anna", "Bo"), ("Bo", "Cilla"), ("Cilla", "Dan")]
    assert [record.forehand for record in table.standings().deals] == ["Anna", "Bo", "Cilla", "Dan"]


def test_a_deal_runs_buy_one_buy_two_tricks_showdown() -> None:
    """The scoring moments of a deal come in the order köp 1, köp 2, tricks, showdown."""
    table = Table()
    moments = [(table.game.moment, table.standings().buy)]
    table.buy(None)
    moments.append((table.game.moment, table.standings().buy))
    table.buy(None)
    moments.append((table.game.moment, table.standings().buy))
    table.last("Bo")
    moments.append((table.game.moment, table.standings().buy))
    table.show(None)
    moments.append((table.game.moment, table.standings().buy))
    assert moments == [
        (Moment.BUY, 1),
        (Moment.BUY, 2),
        (Moment.TRICKS, None),
        (Moment.SHOWDOWN, None),
        (Moment.BUY, 1),
    ]
    assert table.deal == 2


def test_the_tricks_come_after_the_scored_buys() -> None:
    """The last trick cannot be recorded before köp 2's best hand."""
    table = Table()
    table.buy(("Anna", 1))
    table.refuse(LastTrick("Bo", deal=1), rule="order of the deal", key="game.scored_buys")


def test_the_showdown_comes_after_the_last_trick() -> None:
    """The showdown cannot be recorded before the last trick."""
    table = Table()
    table.buy(None)
    table.buy(None)
    table.refuse(Showdown("Anna", Category.PAIR, deal=1), rule="order of the deal")


def test_the_third_buy_scores_no_hand() -> None:
    """Köp 3 is an exchange only: a best hand for it is refused."""
    table = Table()
    table.buy(None)
    table.buy(None)
    table.refuse(
        BuyWinner("Anna", Category.PAIR, buy=3, deal=1), rule="scored köp", key="game.scored_buys"
    )


def test_only_one_last_trick_per_deal() -> None:
    """A second last trick in one deal is refused."""
    table = Table()
    table.buy(None)
    table.buy(None)
    table.last("Bo")
    table.refuse(LastTrick("Anna", deal=1), rule="one last trick")


@pytest.mark.parametrize("count", [0, 1, 2, 3, 4, 5])
def test_an_exchange_is_zero_to_five_cards(count: int) -> None:
    """A player may exchange any number of cards from none to all five."""
    table = Table()
    entry = table.exchange("Anna", count)
    assert entry.event == Exchange(1, "Anna", 1, count)
    assert entry.awards == ()


@pytest.mark.parametrize("count", [-1, 6, 52])
def test_an_exchange_of_more_than_five_or_fewer_than_zero_cards_is_refused(count: int) -> None:
    """An exchange count outside 0-5 is refused."""
    Table().refuse(Exchange(1, "Anna", 1, count), rule="exchange count")


def test_each_player_exchanges_once_per_buy() -> None:
    """A second exchange by the same player in the same köp is refused."""
    table = Table()
    table.exchange("Anna", 2)
    table.refuse(Exchange(1, "Anna", 1, 1), rule="one exchange per köp")


def test_exchanges_follow_the_order_of_the_buys() -> None:
    """Köp 2's exchange waits for köp 1's hand, and köp 1's is closed once it scored."""
    table = Table()
    table.refuse(Exchange(1, "Anna", 2, 1), rule="exchange order")
    table.refuse(Exchange(1, "Anna", 3, 1), rule="exchange order")
    table.buy(None)
    table.refuse(Exchange(1, "Anna", 1, 1), rule="exchange order")
    table.exchange("Anna", 1, buy=2)
    table.buy(None)
    table.exchange("Anna", 3, buy=3)
    table.last("Anna")
    table.refuse(Exchange(1, "Bo", 3, 1), rule="exchange order")


def test_an_unknown_player_is_refused() -> None:
    """An event naming someone not at the table is refused."""
    table = Table()
    table.refuse(Exchange(1, "Zed", 1, 1), rule="players")
    table.refuse(BuyWinner("Zed", Category.PAIR, deal=1), rule="players")


# -- the best hand -------------------------------------------------------------


def test_only_the_single_best_hand_scores_at_each_moment() -> None:
    """The best hand's holder scores its points and nobody else gets anything."""
    table = Table()
    entry = table.buy(("Bo", Category.TWO_PAIR))
    assert [(a.player, a.points) for a in entry.awards] == [("Bo", 2)]
    assert table.scores == {"Anna": 0, "Bo": 2, "Cilla": 0}


def test_one_best_hand_per_moment() -> None:
    """A second best hand for a köp already recorded is refused."""
    table = Table()
    table.buy(("Bo", 2))
    table.refuse(table.buy_event(("Anna", 3), buy=1), rule="köp order")
    table.buy(None)
    table.refuse(table.buy_event(("Anna", 3), buy=2), rule="scored köp", key="game.scored_buys")
    table.last("Anna")
    table.show(("Cilla", 1))
    table.refuse(Showdown("Anna", Category.FLUSH, deal=1), rule="deal order")


@pytest.mark.parametrize(("points", "category"), sorted(BY_POINTS.items()))
def test_hands_score_the_points_of_the_table(points: int, category: Category) -> None:
    """Pair 1, two pair 2 ... straight flush 8, at köp 1, köp 2 and the showdown."""
    table = Table()
    table.buy(("Anna", category))
    table.buy(("Bo", category))
    table.last("Bo")
    table.show(("Cilla", category))
    assert table.scores == {"Anna": points, "Bo": points + 5, "Cilla": points}


def test_everyone_passing_scores_nothing() -> None:
    """When everybody passes (not even a pair) nobody scores at that moment."""
    table = Table()
    entry = table.buy(None)
    assert entry.awards == ()
    assert table.scores == {"Anna": 0, "Bo": 0, "Cilla": 0}


def test_an_exact_tie_scores_nothing() -> None:
    """Two exactly equal best hands score nothing for anyone."""
    table = Table()
    entry = table.buy(None, tie=True)
    assert entry.awards == ()
    table.buy(("Anna", 1))
    table.last("Bo")
    entry = table.show(None, tie=True)
    assert entry.awards == ()
    assert table.scores == {"Anna": 1, "Bo": 5, "Cilla": 0}


def test_a_tie_names_no_winner() -> None:
    """A tie that names a winner is refused."""
    table = Table()
    table.refuse(table.buy_event(("Anna", 1), tie=True), rule="exact tie")


def test_a_winning_hand_must_be_named() -> None:
    """A best hand without the hand it was is refused."""
    Table().refuse(BuyWinner("Anna", None, deal=1), rule="best hand")


def test_same_category_compares_highest_pair_first_then_kickers() -> None:
    """Within a category ordinary poker decides: the higher pair, then the kickers."""
    anna, bo = "KH KS 9D 9H 3C", "QH QD 9C 9S AH"
    assert best_of([bo, anna]) == 1
    assert best_of(["KH KS 9D 9H 3C", "KD KC 9C 9S 4H"]) == 1
    assert best_of(["8H 8S AD KH 3C", "8D 8C AS QH JC"]) == 0


def test_ace_is_high() -> None:
    """The ace ranks above the king."""
    assert best_of(["KH QS 9D 7H 3C", "AH 2S 4D 6H 8C"]) == 1
    assert best_of(["AH AS 2D 3H 5C", "KH KS QD JH 9C"]) == 0


def test_suits_never_rank_in_the_main_rule() -> None:
    """Two hands equal in rank are an exact tie whatever their suits."""
    assert best_of(["KH KS 9D 9H 3C", "KD KC 9C 9S 3H"]) is None
    assert best_of(["AH KH 9H 7H 3H", "AS KS 9S 7S 3S", "2C 2D 3C 4D 5S"]) is None


def test_the_cards_shown_must_make_the_claimed_hand() -> None:
    """A best hand recorded with cards that make a different hand is refused."""
    table = Table()
    message = table.refuse(
        table.buy_event(("Anna", Category.FLUSH), cards="KH KS 9D 9H 3C"), rule="cards shown"
    )
    assert "två par" in message or "two pair" in message
    table.refuse(table.buy_event(("Anna", Category.PAIR), cards="KH KS 9D"), rule="cards shown")
    table.buy(("Anna", Category.TWO_PAIR), cards="KH KS 9D 9H 3C")
    assert table.score("Anna") == 2


def test_royal_straight_flush_wins_the_game_at_once_regardless_of_totals() -> None:
    """A royal straight flush ends the game at once and its holder alone wins, even
    below another player's total."""
    table = Table()
    table.bring("Bo", 48)
    table.buy(("Bo", 7))
    assert table.score("Bo") == 55
    entry = table.royal("Anna")
    assert entry.awards[0].key == "hands.royal_straight_flush"
    standings = table.standings()
    assert standings.finished
    assert standings.winners == ("Anna",)
    assert standings.moment is Moment.OVER
    assert table.score("Anna") == 52


@pytest.mark.parametrize("phase", ["köp 1", "köp 3", "chicago", "after the last trick"])
def test_royal_straight_flush_wins_in_any_phase(phase: str) -> None:
    """The royal wins the game whatever phase of the deal it appears in."""
    table = Table()
    table.bring("Anna", 20)
    if phase != "köp 1":
        table.buy(None)
        table.buy(None)
    if phase == "chicago":
        table.declare("Anna")
    if phase == "after the last trick":
        table.last("Anna")
    table.royal("Cilla")
    assert table.standings().winners == ("Cilla",)
    assert table.standings().finished


@pytest.mark.parametrize("moment", ["köp 1", "köp 2", "showdown"])
def test_royal_straight_flush_as_the_best_hand_wins_the_game(moment: str) -> None:
    """A royal straight flush recorded as a moment's best hand also wins the game."""
    table = Table()
    if moment == "köp 1":
        table.buy(("Bo", Category.ROYAL_STRAIGHT_FLUSH))
    elif moment == "köp 2":
        table.buy(None)
        table.buy(("Bo", Category.ROYAL_STRAIGHT_FLUSH))
    else:
        table.buy(None)
        table.buy(None)
        table.last("Anna")
        table.show(("Bo", Category.ROYAL_STRAIGHT_FLUSH))
    assert table.standings().finished
    assert table.standings().winners == ("Bo",)


# -- Chicago -------------------------------------------------------------------


def test_chicago_needs_fifteen_points() -> None:
    """A player with fewer than 15 points may not declare Chicago."""
    table = Table()
    table.bring("Anna", 14)
    table.buy(None)
    table.buy(None)
    assert not table.standings().players[0].may_declare_chicago
    message = table.refuse(
        ChicagoDeclared(2, "Anna"), rule="Chicago needs a minimum score", key="chicago.min_score"
    )
    assert "14" in message


@pytest.mark.parametrize("buy", [1, 2])
def test_chicago_min_score_counts_this_deals_buy_points(buy: int) -> None:
    """Points from köp 1 and köp 2 of this deal count toward the 15 at the declaration."""
    table = Table()
    table.bring("Anna", 10)
    table.buy(("Anna", 5) if buy == 1 else None)
    table.buy(("Anna", 5) if buy == 2 else None)
    assert table.score("Anna") == 15
    table.declare("Anna")
    assert table.game.moment is Moment.CHICAGO


def test_chicago_is_declared_after_the_buys_and_before_the_first_lead() -> None:
    """A declaration during the köp or after the last trick is refused."""
    table = Table()
    table.bring("Anna", 20)
    table.refuse(ChicagoDeclared(2, "Anna"), rule="Chicago before the tricks")
    table.buy(None)
    table.buy(None)
    table.last("Bo")
    table.refuse(ChicagoDeclared(2, "Anna"), rule="Chicago before the tricks")


def test_at_most_one_chicago_per_deal() -> None:
    """A second declaration in the same deal is refused, by anyone."""
    table = Table()
    table.bring("Anna", 20)
    table.bring("Bo", 20)
    table.buy(None)
    table.buy(None)
    table.declare("Anna")
    table.refuse(ChicagoDeclared(table.deal, "Bo"), rule="one Chicago per deal")
    table.refuse(ChicagoDeclared(table.deal, "Anna"), rule="one Chicago per deal")


def test_successful_chicago_scores_fifteen() -> None:
    """All five tricks after a declaration give the declarer 15."""
    table = Table()
    table.bring("Anna", 20)
    table.buy(("Bo", 2))
    table.buy(None)
    table.declare("Anna")
    entry = table.chicago_won("Anna")
    assert [(a.player, a.points, a.key) for a in entry.awards] == [("Anna", 15, "chicago.success")]
    assert table.scores == {"Anna": 35, "Bo": 2, "Cilla": 0}


def test_no_last_trick_or_showdown_after_a_successful_chicago() -> None:
    """A successful Chicago ends the deal: neither last trick nor showdown scores."""
    table = Table()
    table.bring("Anna", 20)
    number = table.deal
    table.buy(None)
    table.buy(None)
    table.declare("Anna")
    table.refuse(LastTrick("Anna", deal=number), rule="no last trick after a Chicago")
    table.refuse(Showdown("Anna", Category.PAIR, deal=number), rule="no showdown after a Chicago")
    table.chicago_won("Anna")
    assert table.deal == number + 1
    table.refuse(LastTrick("Anna", deal=number), rule="no last trick after a Chicago")
    table.refuse(Showdown("Bo", Category.PAIR, deal=number), rule="no showdown after a Chicago")
    table.refuse(LastTrick("Anna", deal=number + 1), rule="no last trick after a Chicago")
    assert table.score("Anna") == 35


def test_failed_chicago_costs_fifteen_and_ends_the_deal() -> None:
    """When another player takes a trick the declarer loses 15 and the deal is over."""
    table = Table()
    table.bring("Anna", 20)
    number = table.deal
    table.buy(None)
    table.buy(None)
    table.declare("Anna")
    entry = table.chicago_broken("Bo")
    assert [(a.player, a.points, a.key) for a in entry.awards] == [("Anna", -15, "chicago.failure")]
    assert table.scores == {"Anna": 5, "Bo": 0, "Cilla": 0}
    assert table.deal == number + 1
    table.refuse(LastTrick("Bo", deal=number), rule="no last trick after a Chicago")
    table.refuse(Showdown("Bo", Category.PAIR, deal=number), rule="no showdown after a Chicago")


def test_points_of_the_deal_before_a_failed_chicago_stand() -> None:
    """Köp 1 and köp 2 points of the deal are kept when its Chicago fails."""
    table = Table()
    table.bring("Anna", 20)
    table.buy(("Anna", 3))
    table.buy(("Bo", 6))
    table.declare("Anna")
    table.chicago_broken("Cilla")
    assert table.scores == {"Anna": 20 + 3 - 15, "Bo": 6, "Cilla": 0}
    record = table.standings().deals[-1]
    assert [a.points for entry in record.entries for a in entry.awards] == [3, 6, -15]


def test_the_breaker_gets_no_bonus_in_the_main_rule() -> None:
    """In the main rule breaking a Chicago gives the breaker nothing."""
    table = Table()
    table.bring("Anna", 20)
    table.play_chicago("Anna", breaker="Bo")
    assert table.score("Bo") == 0


@pytest.mark.parametrize(("preset", "bonus"), [("tournament", 10), ("pagat-old", 8)])
def test_breaker_bonus_goes_to_the_player_who_broke_the_chicago(preset: str, bonus: int) -> None:
    """With a breaker bonus the player who broke the Chicago gets it."""
    table = Table(rules=PRESETS[preset][1])
    table.bring("Anna", 20)
    table.buy(None)
    table.buy(None)
    table.declare("Anna")
    entry = table.chicago_broken("Cilla")
    assert ("Cilla", bonus, "chicago.breaker_bonus") in [
        (a.player, a.points, a.key) for a in entry.awards
    ]
    assert table.scores == {"Anna": 5, "Bo": 0, "Cilla": bonus}


def test_a_declarer_cannot_break_their_own_chicago() -> None:
    """Only another player can break a Chicago."""
    table = Table()
    table.bring("Anna", 20)
    table.buy(None)
    table.buy(None)
    table.declare("Anna")
    table.refuse(ChicagoBroken(table.deal, "Anna"), rule="Chicago outcome")


def test_only_the_declarer_wins_a_chicago() -> None:
    """A successful Chicago is the declarer's; another name is refused."""
    table = Table()
    table.bring("Anna", 20)
    table.buy(None)
    table.buy(None)
    table.declare("Anna")
    table.refuse(ChicagoWon(table.deal, "Bo"), rule="Chicago outcome")


def test_a_chicago_outcome_needs_a_declaration() -> None:
    """Won or broken without a declaration in the deal is refused."""
    table = Table()
    table.buy(None)
    table.buy(None)
    table.refuse(ChicagoWon(1, "Anna"), rule="Chicago outcome")
    table.refuse(ChicagoBroken(1, "Anna"), rule="Chicago outcome")


def test_the_tricks_of_a_declared_chicago_have_no_last_trick() -> None:
    """While a Chicago is being played the last trick cannot be recorded."""
    table = Table()
    table.bring("Anna", 20)
    table.buy(None)
    table.buy(None)
    table.declare("Anna")
    table.refuse(LastTrick("Anna", deal=table.deal), rule="no last trick after a Chicago")
    assert table.game.moment is Moment.CHICAGO


# -- floor, buy stop, end of game --------------------------------------------------


def test_failed_chicago_never_goes_below_zero() -> None:
    """12 points and a failed Chicago leave 0, not -3."""
    table = Table(rules=HouseRules().with_changes(chicago={"min_score": 0}))
    table.bring("Anna", 12)
    table.buy(None)
    table.buy(None)
    table.declare("Anna")
    entry = table.chicago_broken("Bo")
    assert table.score("Anna") == 0
    award = entry.awards[0]
    assert (award.points, award.nominal) == (-12, -15)


def test_floor_false_lets_totals_go_negative() -> None:
    """Without the zero floor a failed Chicago can take a total below zero."""
    rules = HouseRules().with_changes(chicago={"min_score": 0}, scoring={"floor": False})
    table = Table(rules=rules)
    table.bring("Anna", 12)
    table.play_chicago("Anna", breaker="Bo")
    assert table.score("Anna") == -3
    table.play_chicago("Anna", breaker="Bo")
    assert table.score("Anna") == -18


def test_buy_stop_begins_in_the_deal_after_46_is_reached() -> None:
    """A player at 46 or more when a deal begins may not exchange cards in it."""
    table = Table()
    table.bring("Anna", 46)
    assert table.standings().players[0].buy_stop
    assert table.standings().deals[-1].buy_stop == ()
    message = table.refuse(
        Exchange(table.deal, "Anna", 1, 1), rule="köpstopp", key="buy_stop.threshold"
    )
    assert "46" in message
    table.exchange("Bo", 3)
    table.buy(None)
    table.refuse(Exchange(table.deal, "Anna", 2, 5), rule="köpstopp", key="buy_stop.threshold")
    table.buy(None)
    table.refuse(Exchange(table.deal, "Anna", 3, 2), rule="köpstopp", key="buy_stop.threshold")


def test_buy_stop_does_not_apply_in_the_deal_where_46_is_reached() -> None:
    """Reaching 46 in the middle of a deal leaves that deal's exchanges open."""
    table = Table()
    table.bring("Anna", 30)
    table.buy(("Anna", 8))
    table.buy(("Anna", 8))
    assert table.score("Anna") == 46
    table.exchange("Anna", 4, buy=3)
    assert not table.standings().players[0].buy_stop
    table.last("Bo")
    table.show(None)
    assert table.standings().players[0].buy_stop


def test_a_player_under_buy_stop_may_stand_pat() -> None:
    """An exchange of no cards is allowed under köpstopp."""
    table = Table()
    table.bring("Anna", 47)
    table.exchange("Anna", 0)
    assert table.game.exchanged[("Anna", 1)] == 0


def test_reaching_52_mid_deal_ends_nothing_until_the_deal_is_over() -> None:
    """A total of 52 after köp 1 leaves the deal running; the showdown ends the game."""
    table = Table()
    table.bring("Anna", 48)
    table.buy(("Anna", 4))
    assert table.score("Anna") == 52
    standings = table.standings()
    assert not standings.finished
    assert standings.winners == ()
    table.buy(("Bo", 8))
    table.last("Cilla")
    assert not table.standings().finished
    table.show(None)
    assert table.standings().finished
    assert table.standings().winners == ("Anna",)


def test_the_game_ends_when_a_deal_ends_at_52_or_more() -> None:
    """The game goes on below 52 and ends at the first deal that ends with 52 or more."""
    table = Table()
    table.bring("Anna", 51)
    assert not table.standings().finished
    table.play_deal(last="Bo")
    assert not table.standings().finished
    table.play_deal(("Anna", 1), last="Bo")
    assert table.standings().finished
    assert table.standings().winners == ("Anna",)


def test_the_highest_total_wins_when_several_reach_52() -> None:
    """When several end a deal at 52 or more the highest total wins alone."""
    table = Table()
    table.bring("Anna", 48)
    table.bring("Bo", 46)
    table.play_deal(("Anna", 4), ("Bo", 3), last="Bo", show=("Anna", 1))
    assert table.scores == {"Anna": 53, "Bo": 54, "Cilla": 0}
    assert table.standings().winners == ("Bo",)


def test_equal_highest_totals_share_the_win() -> None:
    """Two players ending on the same highest total both win."""
    table = Table()
    table.bring("Anna", 47)
    table.bring("Bo", 46)
    table.play_deal(("Anna", 5), ("Bo", 1), last="Bo", show=None)
    assert table.scores == {"Anna": 52, "Bo": 52, "Cilla": 0}
    assert table.standings().finished
    assert table.standings().winners == ("Anna", "Bo")


def test_a_chicago_that_reaches_52_ends_the_game() -> None:
    """A successful Chicago ends its deal, so reaching 52 with it ends the game."""
    table = Table()
    table.bring("Anna", 40)
    table.play_chicago("Anna")
    assert table.score("Anna") == 55
    assert table.standings().winners == ("Anna",)


def test_events_after_the_game_is_over_are_refused() -> None:
    """Nothing can be recorded once the game is over."""
    table = Table()
    table.bring("Anna", 52)
    assert table.standings().finished
    for event in (
        Exchange(table.deal, "Bo", 1, 1),
        BuyWinner("Bo", Category.PAIR, deal=table.deal),
        Royal(table.deal, "Bo"),
        LastTrick("Bo", deal=table.deal),
        ChicagoDeclared(table.deal, "Anna"),
    ):
        table.refuse(event, rule="end of game")


def test_events_of_another_deal_are_refused() -> None:
    """An event carrying another deal's number is refused."""
    table = Table()
    table.refuse(BuyWinner("Anna", Category.PAIR, deal=2), rule="deal order")
    table.play_deal(last="Bo")
    table.refuse(BuyWinner("Anna", Category.PAIR, deal=1), rule="deal order")


def test_replaying_a_session_gives_the_same_standings_as_applying_its_events() -> None:
    """replay(session) derives the totals from the recorded events alone."""
    table = Table()
    table.play_deal(("Anna", 2), ("Bo", 3), last="Cilla", show=("Anna", 1))
    events = [entry.event for record in table.standings().deals for entry in record.entries]
    session = table.game.session
    for event in events:
        session = session.with_event(event)
    assert replay(session).standings() == table.standings()


# -- house-rule variants of the rules ----------------------------------------------


def test_four_of_a_kind_choice_zeroes_the_opponents_instead_of_scoring() -> None:
    """With "choice" a four of a kind may zero every opponent, and scores nothing itself."""
    table = Table(rules=PRESETS["straight-flush-11"][1])
    table.bring("Anna", 20)
    table.bring("Bo", 10)
    entry = table.buy(("Cilla", Category.FOUR_OF_A_KIND), zero=True)
    assert table.scores == {"Anna": 0, "Bo": 0, "Cilla": 0}
    assert {a.key for a in entry.awards} == {"hands.four_of_a_kind_zeroes"}


def test_four_of_a_kind_choice_may_still_score() -> None:
    """With "choice" the holder may take the four of a kind's points instead."""
    table = Table(rules=PRESETS["straight-flush-11"][1])
    table.bring("Anna", 20)
    table.buy(("Cilla", Category.FOUR_OF_A_KIND))
    assert table.scores == {"Anna": 20, "Bo": 0, "Cilla": 8}


def test_four_of_a_kind_always_scores_and_zeroes() -> None:
    """With "always" a four of a kind scores and zeroes every opponent."""
    table = Table(rules=PRESETS["straight-flush-wins"][1])
    table.bring("Anna", 20)
    table.bring("Bo", 10)
    table.buy(("Bo", Category.FOUR_OF_A_KIND))
    assert table.scores == {"Anna": 0, "Bo": 17, "Cilla": 0}


def test_zeroing_is_refused_where_the_table_does_not_play_it() -> None:
    """In the main rule a four of a kind cannot zero the opponents."""
    table = Table()
    table.refuse(
        table.buy_event(("Anna", Category.FOUR_OF_A_KIND), zero=True),
        rule="four of a kind zeroing",
        key="hands.four_of_a_kind_zeroes",
    )


def test_only_a_four_of_a_kind_zeroes() -> None:
    """A zeroing claim with another hand is refused."""
    table = Table(rules=PRESETS["straight-flush-11"][1])
    table.refuse(
        table.buy_event(("Anna", Category.FULL_HOUSE), zero=True),
        rule="four of a kind zeroing",
        key="hands.four_of_a_kind_zeroes",
    )


def test_zeroing_four_of_a_kind_before_the_tricks_ends_the_deal() -> None:
    """A zeroing four of a kind announced before the first lead ends the deal unplayed."""
    table = Table(rules=PRESETS["straight-flush-11"][1])
    table.bring("Anna", 20)
    table.buy(None)
    table.buy(None)
    table.show(("Bo", Category.FOUR_OF_A_KIND), zero=True)
    assert table.scores == {"Anna": 0, "Bo": 0, "Cilla": 0}
    assert table.game.moment is Moment.BUY
    assert table.standings().deals[-1].complete


def test_last_trick_won_with_a_two_scores_last_trick_with_two() -> None:
    """With the variant a last trick won with a two scores 10 instead of 5."""
    table = Table(rules=HouseRules().with_changes(scoring={"last_trick_with_two": 10}))
    table.buy(None)
    table.buy(None)
    entry = table.last("Bo", with_two=True)
    assert [(a.points, a.key) for a in entry.awards] == [(10, "scoring.last_trick_with_two")]
    table.show(None)
    table.play_deal(last="Cilla")
    assert table.scores == {"Anna": 0, "Bo": 10, "Cilla": 5}


def test_last_trick_with_a_two_scores_five_in_the_main_rule() -> None:
    """In the main rule a last trick won with a two is an ordinary last trick."""
    table = Table()
    table.buy(None)
    table.buy(None)
    table.last("Bo", with_two=True)
    assert table.score("Bo") == 5


def test_straight_flush_win_ends_the_game_at_once() -> None:
    """Where every straight flush wins, one ends the game at once."""
    table = Table(rules=PRESETS["straight-flush-wins"][1])
    table.bring("Anna", 30)
    table.buy(("Cilla", Category.STRAIGHT_FLUSH))
    assert table.standings().finished
    assert table.standings().winners == ("Cilla",)


def test_required_to_win_resets_a_player_who_reaches_the_target_without_a_chicago() -> None:
    """With required_to_win, ending a deal at 52 without a successful Chicago resets to 0."""
    table = Table(rules=PRESETS["chicago-required"][1])
    table.bring("Anna", 48)
    table.play_deal(("Anna", 4), last="Bo")
    assert table.score("Anna") == 0
    assert not table.standings().finished
    last_awards = table.standings().deals[-1].entries[-1].awards
    assert ("Anna", -52, "chicago.required_to_win") in [
        (a.player, a.points, a.key) for a in last_awards
    ]


def test_required_to_win_lets_a_player_with_a_chicago_win() -> None:
    """With required_to_win, a player who has made a Chicago wins at 52."""
    table = Table(rules=PRESETS["chicago-required"][1])
    table.bring("Anna", 20)
    table.play_chicago("Anna")
    table.bring("Anna", 52)
    assert table.standings().finished
    assert table.standings().winners == ("Anna",)


def test_max_per_player_limits_the_chicagos_a_player_declares() -> None:
    """With max_per_player = 1 a second declaration by the same player is refused."""
    table = Table(rules=HouseRules().with_changes(chicago={"max_per_player": 1}))
    table.bring("Anna", 20)
    table.play_chicago("Anna", breaker="Bo")
    table.bring("Anna", 20)
    table.buy(None)
    table.buy(None)
    table.refuse(
        ChicagoDeclared(table.deal, "Anna"),
        rule="Chicagos per player",
        key="chicago.max_per_player",
    )
    table.bring("Bo", 0)
    assert not table.standings().players[0].may_declare_chicago


def test_buys_sets_the_exchanges_per_deal() -> None:
    """With one köp per deal there is no köp 2 to exchange in."""
    table = Table(rules=HouseRules().with_changes(game={"buys": 1, "scored_buys": 1}))
    table.exchange("Anna", 3, buy=1)
    table.refuse(Exchange(1, "Anna", 2, 1), rule="exchanges per deal", key="game.buys")
    table.buy(("Anna", 2))
    assert table.game.moment is Moment.TRICKS


def test_scored_buys_sets_how_many_buys_score_a_hand() -> None:
    """With scored_buys = 1 the tricks follow köp 1's hand and köp 2 scores nothing."""
    table = Table(rules=HouseRules().with_changes(game={"scored_buys": 1}))
    table.buy(("Anna", 2))
    table.refuse(table.buy_event(("Bo", 3)), rule="scored köp", key="game.scored_buys")
    table.exchange("Bo", 2, buy=2)
    table.exchange("Bo", 2, buy=3)
    table.last("Bo")
    table.show(None)
    assert table.scores == {"Anna": 2, "Bo": 5, "Cilla": 0}


def test_max_players_allows_a_larger_table() -> None:
    """With max_players = 6 a table of six plays, and the deal goes round all six."""
    table = Table(["A", "B", "C", "D", "E", "F"], rules=PRESETS["big-table"][1], dealer="F")
    for _ in range(6):
        table.play_deal(last="A")
    assert [record.forehand for record in table.standings().deals] == list("ABCDEF")
    with pytest.raises(RuleViolation) as caught:
        new_session(list("ABCDEFG"), PRESETS["big-table"][1])
    assert caught.value.key == "game.max_players"
