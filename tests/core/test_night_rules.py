"""The club night's rules (cli.md "The club night", rules.md "Club nights and the revisor"):
table sizes, the seeded draw, placement points, the night's standings and the final."""

from __future__ import annotations

import itertools
from dataclasses import replace
from fractions import Fraction
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from chicago_protokoll.core.names import PlayerNameError
from chicago_protokoll.core.night import (
    GameResult,
    Night,
    NightError,
    join,
    leave,
    night_of_session,
    parse_points,
    playing_now,
    result_of,
    table_sizes,
)
from chicago_protokoll.core.night_draw import (
    draw_final,
    draw_next,
    meetings,
    new_night,
    repeated_pairs,
)
from chicago_protokoll.core.night_results import night_standings, placements
from chicago_protokoll.core.rules import HouseRules, preset
from chicago_protokoll.present.night_status import night_status_dict, shown_number
from chicago_table import Table

MAIN = HouseRules()
BIG = preset("big-table")
NINE = tuple(f"P{number}" for number in range(1, 10))


def result(
    totals: dict[str, int],
    winners: tuple[str, ...] = (),
    forfeited: tuple[str, ...] = (),
    *,
    finished: bool = True,
) -> GameResult:
    return GameResult(tuple(totals), totals, winners, forfeited, finished, 9)


def finish_all(night: Night, results: dict[str, GameResult] | None = None) -> dict[str, GameResult]:
    """Every table's game over, won by its first seat, the others at 0 (unless given)."""
    done = dict(results or {})
    for table in night.tables:
        if table.session not in done:
            totals = {name: (52 if i == 0 else 0) for i, name in enumerate(table.players)}
            done[table.session] = result(totals, (table.players[0],))
    return done


def playing(night: Night) -> dict[str, GameResult]:
    return {
        t.session: result(dict.fromkeys(t.players, 0), finished=False) for t in night.tables
    }


# -- table sizes ----------------------------------------------------------------------------


@pytest.mark.parametrize("count", range(3, 26))
@pytest.mark.parametrize("size", [4, 5])
def test_tables_are_the_fewest_then_as_even_as_possible(count: int, size: int) -> None:
    rules = MAIN if size == 4 else BIG
    if (count, size) == (5, 4):
        with pytest.raises(NightError):
            table_sizes(count, size, rules)
        return
    sizes = table_sizes(count, size, rules)
    assert sum(sizes) == count
    assert all(3 <= s <= size for s in sizes)
    assert len(sizes) == -(-count // size)  # the fewest tables
    assert max(sizes) - min(sizes) <= 1  # then as even as possible
    assert list(sizes) == sorted(sizes, reverse=True)


def test_ten_players_sit_four_three_three_and_twelve_four_four_four() -> None:
    assert table_sizes(10, 4, MAIN) == (4, 3, 3)
    assert table_sizes(12, 4, MAIN) == (4, 4, 4)
    assert table_sizes(11, 5, BIG) == (4, 4, 3)


def test_a_number_that_cannot_be_seated_is_refused_naming_the_numbers_that_can() -> None:
    with pytest.raises(NightError) as refused:
        table_sizes(5, 4, MAIN)
    assert str(refused.value) == (
        "5 players cannot sit at tables of 3 to 4; 3, 4 or any number from 6 can"
    )
    with pytest.raises(NightError) as too_few:
        table_sizes(2, 4, MAIN)
    assert "2 players cannot sit" in str(too_few.value)


def test_tables_of_one_size_name_its_multiples() -> None:
    rules = MAIN.with_changes(game={"min_players": 4})
    with pytest.raises(NightError) as refused:
        table_sizes(6, 4, rules)
    assert "4, 8, 12 and so on (multiples of 4)" in str(refused.value)
    assert table_sizes(8, 4, rules) == (4, 4)


def test_a_table_size_above_game_max_players_is_refused_naming_the_key() -> None:
    with pytest.raises(NightError) as refused:
        table_sizes(10, 5, MAIN)
    assert "game.max_players" in str(refused.value)
    with pytest.raises(NightError):
        table_sizes(10, 2, MAIN)


# -- the draw -------------------------------------------------------------------------------


def test_the_same_seed_gives_the_same_draws_and_another_seed_others() -> None:
    players = [f"P{number}" for number in range(1, 15)]

    def three_rounds(seed: int) -> Night:
        night = new_night("f", players, seed=seed)
        for _ in range(2):
            night = draw_next(night, finish_all(night))
        return night

    assert three_rounds(7).tables == three_rounds(7).tables
    assert three_rounds(7).tables != three_rounds(8).tables


@pytest.mark.parametrize("seed", range(25))
def test_nine_players_over_three_rounds_of_three_tables_meet_nobody_twice(seed: int) -> None:
    night = new_night("f", NINE, seed=seed, table_size=3)
    for _ in range(2):
        night = draw_next(night, finish_all(night))
    assert [len(night.tables_of(r)) for r in (1, 2, 3)] == [3, 3, 3]
    assert repeated_pairs(night) == 0
    assert set(meetings(night.tables).values()) == {1}  # 27 pairs, each met once


def test_repeated_pairs_counts_every_meeting_again() -> None:
    night = new_night("f", ["A", "B", "C", "D"], seed=1, rounds=3)
    for _ in range(2):
        night = draw_next(night, finish_all(night))
    assert repeated_pairs(night) == 12  # one table: 6 pairs meet again in rounds 2 and 3


def test_a_draw_keeps_the_fewest_meetings_again_when_some_cannot_be_avoided() -> None:
    night = new_night("f", [f"P{n}" for n in range(8)], seed=3, rounds=6)
    for _ in range(5):
        night = draw_next(night, finish_all(night))
    # 6 rounds x 12 pairs at two tables of 4 = 72 meetings of 28 pairs: 44 again at least
    assert repeated_pairs(night) == 44


@given(st.integers(min_value=0, max_value=2**40), st.integers(min_value=3, max_value=30))
def test_every_present_player_has_one_seat_each_round(seed: int, count: int) -> None:
    players = [f"P{n}" for n in range(count)]
    if count == 5:
        return
    night = new_night("f", players, seed=seed, rounds=2)
    night = draw_next(night, finish_all(night))
    for number in (1, 2):
        seated = [p for t in night.tables_of(number) for p in t.players]
        assert sorted(seated) == sorted(players)


def test_the_first_seat_deals_first_and_sessions_are_named_by_round_and_table() -> None:
    night = new_night("fredag", [f"P{n}" for n in range(10)], seed=2)
    assert [t.session for t in night.tables] == ["fredag-r1-t1", "fredag-r1-t2", "fredag-r1-t3"]
    assert night_of_session("fredag-r1-t3") == "fredag"
    assert night_of_session("fredag-final") == "fredag"
    assert night_of_session("a-r1-t1-r2-t3") == "a-r1-t1"
    assert night_of_session("fredag-2") is None
    status = night_status_dict(night, playing(night))
    assert all(t["dealer"] == t["players"][0] for t in status["tables"])


# -- names and the scheme -------------------------------------------------------------------


def test_unknown_characters_and_repeated_names_are_refused() -> None:
    with pytest.raises(PlayerNameError):
        new_night("f", ["Anna", "Bo", "anna"])
    with pytest.raises(PlayerNameError):
        new_night("f", ["Anna", "Bo", "Ci\u200bla"])


@pytest.mark.parametrize(
    "text", ["20,12,8,x", "20,12,-8", "8,12", "", "20,,5", "2.5,1", "1234567890"]
)
def test_points_that_are_not_a_falling_list_of_whole_numbers_are_refused(text: str) -> None:
    with pytest.raises(NightError) as refused:
        parse_points(text)
    assert "placement points" in str(refused.value)


def test_points_may_stay_level_from_one_place_to_the_next() -> None:
    assert parse_points("20, 12,12,0") == (20, 12, 12, 0)


# -- placement points -----------------------------------------------------------------------


def test_two_level_first_at_a_table_of_four_share_twenty_and_twelve() -> None:
    game = result({"A": 52, "B": 52, "C": 30, "D": 10}, ("A", "B"))
    placed = placements(game, (20, 12, 8, 5))
    assert {n: p.points for n, p in placed.items()} == {"A": 16, "B": 16, "C": 8, "D": 5}
    assert {n: p.place for n, p in placed.items()} == {"A": 1, "B": 1, "C": 3, "D": 4}


def test_two_level_second_at_a_table_of_three_share_twelve_and_eight() -> None:
    game = result({"A": 53, "B": 20, "C": 20}, ("A",))
    placed = placements(game, (20, 12, 8, 5))
    assert {n: p.points for n, p in placed.items()} == {"A": 20, "B": 10, "C": 10}
    assert placed["C"].place == 2


def test_a_royal_holder_below_another_total_takes_first_place() -> None:
    # Totals may go negative (preset chicago-anytime): Cilla's broken Chicago leaves her at
    # -15, so her royal (+52) brings her to 37, below Anna's 46.
    table = Table(("Anna", "Bo", "Cilla"), preset("chicago-anytime"))
    table.bring("Anna", 23)
    table.play_chicago("Cilla", breaker="Bo")
    table.bring("Anna", 46)
    table.royal("Cilla")
    standings = table.standings()
    assert standings.winners == ("Cilla",)
    assert standings.score("Anna") > standings.score("Cilla")
    placed = placements(result_of(standings), (20, 12, 8, 5))
    assert placed["Cilla"] == replace(placed["Cilla"], place=1, points=Fraction(20))
    assert placed["Anna"].points == 12
    assert placed["Bo"].points == 8


def test_a_forfeiting_player_is_last_whatever_the_total() -> None:
    game = result({"A": 40, "B": 50, "C": 20, "D": 10}, ("B",), ("A",))
    placed = placements(game, (20, 12, 8, 5))
    assert {n: p.points for n, p in placed.items()} == {"B": 20, "C": 12, "D": 8, "A": 5}


def test_a_forfeit_is_read_from_the_standings_when_they_have_one() -> None:
    table = Table(("Anna", "Bo", "Cilla"))
    table.royal("Bo")
    standings: Any = SimpleNamespace(
        **{name: getattr(table.standings(), name) for name in ("players", "winners", "finished", "deal")},
        scores=table.standings().scores,
        forfeited=("Anna",),
    )
    assert result_of(standings).forfeited == ("Anna",)
    assert result_of(table.standings()).forfeited == ()


def test_a_place_past_the_list_gets_its_last_value() -> None:
    game = result({"A": 52, "B": 3, "C": 2, "D": 1}, ("A",))
    placed = placements(game, (10, 4))
    assert [placed[n].points for n in "ABCD"] == [10, 4, 4, 4]


# -- the night's standings ------------------------------------------------------------------


def _night_of(tables: list[tuple[str, ...]], **scheme: Any) -> Night:
    from chicago_protokoll.core.night import NightTable, table_session

    players = tuple(dict.fromkeys(p for t in tables for p in t))
    night_tables = tuple(
        NightTable(1, number, table_session("f", 1, number), seats)
        for number, seats in enumerate(tables, start=1)
    )
    return Night("f", players, tables=night_tables, **scheme)


def test_shared_places_give_fractions_shown_with_at_most_two_decimals() -> None:
    night = _night_of([("A", "B", "C")])
    results = {"f-r1-t1": result({"A": 52, "B": 10, "C": 10}, ("A",))}
    night = replace(night, points=(20, 12, 7))
    rows = night_standings(night, results)
    assert rows[1].points == Fraction(19, 2)
    status = night_status_dict(night, results)
    assert [row["points"] for row in status["standings"]] == [20, 9.5, 9.5]
    assert shown_number(Fraction(25, 3)) == 8.33
    assert isinstance(shown_number(Fraction(16)), int)


def test_level_players_share_a_rank_competition_style() -> None:
    night = _night_of([("A", "B", "C"), ("D", "E", "F")])
    results = {
        "f-r1-t1": result({"A": 52, "B": 20, "C": 10}, ("A",)),
        "f-r1-t2": result({"D": 52, "E": 30, "F": 10}, ("D",)),
    }
    rows = night_standings(night, results)
    assert [(r.name, r.rank) for r in rows[:3]] == [("A", 1), ("D", 1), ("E", 3)]


def test_level_points_are_parted_by_games_won_then_game_points() -> None:
    night = _night_of([("A", "B", "C", "D")])
    results = {"f-r1-t1": result({"A": 52, "B": 52, "C": 40, "D": 30}, ("A", "B"))}
    rows = night_standings(night, results)
    assert [(r.name, r.rank, r.wins) for r in rows] == [
        ("A", 1, 1), ("B", 1, 1), ("C", 3, 0), ("D", 4, 0),
    ]  # fmt: skip
    # Level on points and wins, parted by game points:
    results = {"f-r1-t1": result({"A": 52, "B": 20, "C": 20, "D": 10}, ("A",))}
    night = replace(night, points=(20, 10, 10, 0))
    rows = night_standings(night, results)
    assert [r.name for r in rows] == ["A", "B", "C", "D"]
    assert [r.rank for r in rows] == [1, 2, 2, 4]


def test_a_forfeiters_game_points_count_zero() -> None:
    night = _night_of([("A", "B", "C")])
    results = {"f-r1-t1": result({"A": 40, "B": 45, "C": 10}, ("B",), ("A",))}
    rows = {r.name: r for r in night_standings(night, results)}
    assert rows["A"].game_points == 0
    assert rows["A"].points == 8


# -- the draw between rounds ----------------------------------------------------------------


def test_a_draw_before_the_round_is_over_names_the_tables_still_playing() -> None:
    night = new_night("fredag", [f"P{n}" for n in range(10)], seed=1)
    results = finish_all(night)
    results["fredag-r1-t2"] = replace(results["fredag-r1-t2"], finished=False)
    with pytest.raises(NightError) as refused:
        draw_next(night, results)
    assert str(refused.value) == "round 1 is not over: table 2 (fredag-r1-t2) is still playing"


def test_a_draw_after_the_last_round_is_refused() -> None:
    night = new_night("f", NINE, seed=1, rounds=1)
    with pytest.raises(NightError) as refused:
        draw_next(night, finish_all(night))
    assert "night final" in str(refused.value)


# -- leave and join -------------------------------------------------------------------------


def test_leave_and_join_change_who_is_drawn_from_the_next_round() -> None:
    night = new_night("f", NINE, seed=1)
    night = leave(night, "p3")  # any case
    assert night.absent == ("P3",)
    night = join(night, "Åsa")
    night = join(night, "P3")
    assert night.absent == ()
    night = leave(night, "P4")
    night = draw_next(night, finish_all(night))
    seated = {p for t in night.tables_of(2) for p in t.players}
    assert "P4" not in seated
    assert {"Åsa", "P3"} <= seated
    assert playing_now(night, "Åsa", playing(night)) is not None


def test_leave_or_join_of_a_name_not_or_already_in_the_night_is_refused() -> None:
    night = new_night("f", NINE, seed=1)
    with pytest.raises(NightError):
        leave(night, "Zed")
    with pytest.raises(NightError):
        join(night, "P1")
    night = leave(night, "P1")
    with pytest.raises(NightError):
        leave(night, "P1")
    with pytest.raises(PlayerNameError):
        join(night, "nobody")


# -- the final ------------------------------------------------------------------------------


def _played_out(rounds: int = 1, players: tuple[str, ...] = NINE) -> tuple[Night, dict[str, GameResult]]:
    night = new_night("f", players, seed=5, rounds=rounds)
    for _ in range(rounds - 1):
        night = draw_next(night, finish_all(night))
    return night, finish_all(night)


def test_the_final_is_drawn_once_after_the_last_round() -> None:
    night, results = _played_out(rounds=2)
    early = new_night("f", NINE, seed=5, rounds=2)
    with pytest.raises(NightError) as too_soon:
        draw_final(early, finish_all(early))
    assert "after the last round" in str(too_soon.value)
    with pytest.raises(NightError):
        draw_final(night, {**results, night.current[0].session: playing(night)[night.current[0].session]})
    final, _ = draw_final(night, results, 3)
    assert final.final is not None
    assert final.final.session == "f-final"
    assert final.final.round == 3
    with pytest.raises(NightError) as twice:
        draw_final(final, finish_all(final, results))
    assert "final already" in str(twice.value)
    with pytest.raises(NightError):
        draw_next(final, finish_all(final, results))


@pytest.mark.parametrize("top", [2, 5])
def test_top_out_of_range_is_refused(top: int) -> None:
    night, results = _played_out()
    with pytest.raises(NightError) as refused:
        draw_final(night, results, top)
    assert "3 to 4" in str(refused.value)


def test_the_final_takes_the_best_and_a_tie_at_the_cut_is_broken_by_lot_and_said() -> None:
    night, results = _played_out()  # three tables of three: three winners level first
    final, cut = draw_final(night, results, 4)
    winners = {t.players[0] for t in night.tables}
    assert winners <= set(final.final.players)  # type: ignore[union-attr]
    assert cut is not None
    assert len(cut.chosen) == 1
    assert set(cut.level) == {p for p in NINE if p not in winners}
    again, same_cut = draw_final(night, results, 4)
    assert again == final and same_cut == cut  # by lot from the seed: the same again
    final3, no_cut = draw_final(night, results, 3)
    assert no_cut is None
    assert set(final3.final.players) == winners  # type: ignore[union-attr]


def test_the_finals_places_order_its_players_above_everyone_else() -> None:
    night, results = _played_out()
    final, _ = draw_final(night, results, 3)
    table = final.final
    assert table is not None
    last = table.players[-1]
    totals = {p: (52 if p == last else 10) for p in table.players}
    results[table.session] = result(totals, (last,))
    rows = night_standings(final, results)
    assert rows[0].name == last
    assert {r.name for r in rows[:3]} == set(table.players)
    assert [r.rank for r in rows[:4]] == [1, 2, 2, 4]  # the two level second tie before too
    assert rows[0].points == 40  # its final's 20 count like any game's


def test_finalists_level_in_the_final_keep_their_order_from_the_standings() -> None:
    night = _night_of([("A", "B", "C"), ("D", "E", "F")], rounds=1)
    results = {
        "f-r1-t1": result({"A": 52, "B": 40, "C": 10}, ("A",)),
        "f-r1-t2": result({"D": 52, "E": 30, "F": 10}, ("D",)),
    }
    final, _ = draw_final(night, results, 3)
    assert set(final.final.players) == {"A", "D", "B"}  # type: ignore[union-attr]
    results["f-final"] = result({"A": 10, "D": 52, "B": 10}, ("D",))
    rows = night_standings(final, results)
    assert [r.name for r in rows[:3]] == ["D", "A", "B"]
    assert [r.rank for r in rows[:3]] == [1, 2, 3]


def test_a_player_who_left_plays_no_final() -> None:
    night, results = _played_out()
    first = night.tables[0].players[0]
    night = leave(night, first)
    final, _ = draw_final(night, results, 3)
    assert first not in final.final.players  # type: ignore[union-attr]


def test_every_pair_meeting_is_counted_once_per_round() -> None:
    night, _ = _played_out(rounds=1)
    pairs = meetings(night.tables)
    assert len(pairs) == 9
    assert all(frozenset(pair) in pairs for t in night.tables for pair in itertools.combinations(t.players, 2))
