"""The figures a Chicago club argues about and the club's records (core/stats.py, defined in
docs/club.md, "The figures" and "The records"), each worked out by hand over three small
games; the rating's kept sequence changing no number; and the order by μ − 3σ."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from chicago_protokoll.core.cards import Category
from chicago_protokoll.core.session import Session
from chicago_protokoll.core.stats import Played, league, played
from chicago_protokoll.core.summary import summarize, summary_from_data, summary_to_data
from chicago_table import Table


def recorded(table: Table, name: str, created: str) -> Session:
    standings = table.standings()
    events = tuple(entry.event for deal in standings.deals for entry in deal.entries)
    return Session(
        players=table.game.players,
        rules=table.game.rules,
        first_dealer=table.game.players[0],
        events=events,
        name=name,
        created=created,
    )


def as_played(table: Table, name: str, created: str) -> Played:
    game = played(recorded(table, name, created), table.standings())
    assert game is not None
    return game


def full(table: Table, who: str) -> None:
    """``who`` scores a full house in both köp and the showdown, and the last trick: 23."""
    table.play_deal((who, 6), (who, 6), last=who, show=(who, 6))


def game_x() -> Table:
    """Bo leads 46-0-0 after deal 2 (the first deal anyone reaches 26, half of 52); Anna
    scores 23 in deals 3 and 4, then begins deal 5 in köpstopp and wins it with two pair
    and the last trick taken with a two (5): Anna 53, Bo 46, Cilla 0, five deals."""
    table = Table(("Anna", "Bo", "Cilla"))
    full(table, "Bo")
    full(table, "Bo")
    full(table, "Anna")
    full(table, "Anna")
    table.buy(("Anna", 2))
    table.buy(None)
    table.last("Anna", with_two=True)
    table.show(None)
    assert table.scores == {"Anna": 53, "Bo": 46, "Cilla": 0}
    assert table.standings().winners == ("Anna",)
    return table


def game_z() -> Table:
    """Anna 23, 46, then a pair and the last trick in deal 3 (begun in köpstopp): 52 to 0
    in three deals."""
    table = Table(("Anna", "Cilla"))
    full(table, "Anna")
    full(table, "Anna")
    table.play_deal(("Anna", 1), None, last="Anna")
    assert table.scores == {"Anna": 52, "Cilla": 0}
    return table


def game_y() -> Table:
    """Anna 23, then a Chicago won (38), one Bo breaks (23), one won again (38); in deal 5
    Bo shows a royal straight flush and wins at once with the target, 52."""
    table = Table(("Anna", "Bo"))
    full(table, "Anna")
    table.play_chicago("Anna")
    table.play_chicago("Anna", breaker="Bo")
    table.play_chicago("Anna")
    assert table.scores == {"Anna": 38, "Bo": 0}
    table.royal("Bo")
    assert table.standings().winners == ("Bo",)
    assert table.scores == {"Anna": 38, "Bo": 52}
    return table


def club() -> list[Played]:
    return [
        as_played(game_x(), "x", "2026-03-06T18:00:00+00:00"),
        as_played(game_z(), "z", "2026-03-06T19:00:00+00:00"),
        as_played(game_y(), "y", "2026-03-06T20:00:00+00:00"),
    ]


def test_chicago_success_rate_and_the_points_it_won_and_cost() -> None:
    anna = league(club()).player("Anna")
    assert (anna.chicagos_declared, anna.chicagos_won, anna.chicagos_failed) == (3, 2, 1)
    assert anna.chicago_rate == 2 / 3
    assert (anna.chicago_points_won, anna.chicago_points_lost) == (30, 15)
    assert league(club()).player("Cilla").chicago_rate is None  # never declared


def test_koepstopp_deals_begun_in_it_and_games_won_from_it() -> None:
    """Bo began deals 3, 4 and 5 of x in köpstopp and won neither; Anna began the last
    deal of x and of z in köpstopp and won both."""
    result = league(club())
    assert {p.name: (p.buy_stop_deals, p.buy_stop_wins) for p in result.players} == {
        "Anna": (2, 2),
        "Bo": (3, 0),
        "Cilla": (0, 0),
    }


def test_last_tricks_and_those_taken_with_a_two() -> None:
    result = league(club())
    assert {p.name: (p.last_tricks, p.last_tricks_with_two) for p in result.players} == {
        "Anna": (7, 1),  # x: deals 3, 4, 5 (with a two); y: deal 1; z: deals 1-3
        "Bo": (2, 0),  # x: deals 1 and 2
        "Cilla": (0, 0),
    }


def test_best_hands_by_category_and_royal_straight_flushes() -> None:
    result = league(club())
    anna, bo = result.player("Anna"), result.player("Bo")
    assert {k: v for k, v in anna.hand_counts().items() if v} == {"pair": 1, "two-pair": 1, "full-house": 15}
    # Bo's royal was entered with `chicago royal`: a best hand all the same.
    assert {k: v for k, v in bo.hand_counts().items() if v} == {
        "full-house": 6, "royal-straight-flush": 1
    }
    assert (anna.royals, bo.royals) == (0, 1)
    assert set(anna.hand_counts()) == {category.value for category in Category}


def test_average_deals_per_game() -> None:
    result = league(club())
    assert {p.name: round(p.avg_deals, 2) for p in result.players} == {
        "Anna": 4.33,  # 5 + 5 + 3 over three games
        "Bo": 5.0,
        "Cilla": 4.0,  # 5 + 3
    }


def test_comebacks_are_wins_from_last_place_at_the_halfway_deal() -> None:
    """x: after deal 2 (Bo 46) Anna and Cilla share the last place, and Anna wins.  y: after
    deal 2 (Anna 38) Bo is last and wins with the royal.  z: Anna leads at halfway."""
    result = league(club())
    assert {p.name: p.comebacks for p in result.players} == {"Anna": 1, "Bo": 1, "Cilla": 0}


def test_the_club_records_by_hand() -> None:
    records = {r.kind: (r.players, r.value, r.game) for r in league(club()).records}
    assert records == {
        "highest_total": (("Anna",), 53, "x"),
        "biggest_comeback": (("Anna",), 46, "x"),  # Bo's 38 behind in y is less
        "fastest_game": (("Anna",), 3, "z"),
        "longest_streak": (("Anna",), 2, "z"),  # x and z, before y
        "most_chicagos": (("Anna",), 2, "y"),
    }


def test_a_record_tied_later_stays_with_the_game_that_set_it() -> None:
    games = club()
    again = as_played(game_z(), "z2", "2026-03-07T19:00:00+00:00")
    records = {r.kind: (r.value, r.game) for r in league([*games, again]).records}
    assert records["fastest_game"] == (3, "z")
    assert records["longest_streak"] == (2, "z")  # y broke Anna's streak; z2 starts anew


def test_the_league_is_ranked_by_mu_minus_three_sigma_then_wins() -> None:
    result = league(club())
    floors = [p.rating.mu - 3 * p.rating.sigma for p in result.players]
    assert floors == sorted(floors, reverse=True)
    assert all(p.rating.conservative == p.rating.mu - 3 * p.rating.sigma for p in result.players)


def test_a_summary_read_back_from_plain_data_is_the_same() -> None:
    """What the index keeps of a session gives back exactly what replaying it gives."""
    for table, name in ((game_x(), "x"), (game_y(), "y"), (game_z(), "z")):
        summary = summarize(recorded(table, name, "2026-03-06T18:00:00+00:00"), table.standings())
        assert summary_from_data(summary_to_data(summary)) == summary
    open_table = Table(("Anna", "Bo"))
    full(open_table, "Bo")
    summary = summarize(recorded(open_table, "open", ""), open_table.standings())
    assert summary.played is None and summary_from_data(summary_to_data(summary)) == summary


def many() -> list[Played]:
    """Nine games in which the three tables' results repeat with other start times."""
    games = []
    for day in range(1, 4):
        for maker, name, hour in ((game_x, "x", 18), (game_z, "z", 19), (game_y, "y", 20)):
            games.append(as_played(maker(), f"{name}{day}", f"2026-03-0{day}T{hour}:00:00+00:00"))
    return games


MANY = many()


@settings(max_examples=40)
@given(
    st.lists(st.sampled_from(MANY), unique=True),
    st.lists(st.sampled_from(MANY), unique=True),
)
def test_a_kept_rating_sequence_changes_no_number(
    before: list[Played], now: list[Played]
) -> None:
    """Whatever sequence was kept (another set of games, another order), the league of
    ``now`` with it is exactly the league without it; only the prefix it agrees with is
    not rated again."""
    kept = league(before).rated
    fresh, reused = league(now), league(now, rated=kept)
    assert reused.players == fresh.players
    assert reused.history == fresh.history
    assert reused.rated == fresh.rated
    assert reused.records == fresh.records
    same = 0
    while same < min(len(kept), len(fresh.rated)) and kept[same] == fresh.rated[same]:
        same += 1
    assert reused.rated_again == len(fresh.rated) - same
