"""A night file merged three-way by key (core.nightmerge): each side's joins, leaves and
draws kept, symmetric, and a conflict for the same table drawn differently or a round
drawn on both sides with different tables."""

from __future__ import annotations

from dataclasses import replace

import pytest

from chicago_protokoll.core.logmerge import MergeConflict, merge_keyed, merge_log
from chicago_protokoll.core.night import NightTable, join, leave
from chicago_protokoll.core.night_draw import new_night
from chicago_protokoll.core.nightmerge import merge_nights
from chicago_protokoll.i18n.language import Msg

PLAYERS = ("Anna", "Bo", "Cilla", "Dag", "Eva", "Fia")
CREATED = "2026-12-04T18:00:00+00:00"


def night():  # type: ignore[no-untyped-def]
    return new_night("fredag", PLAYERS, created=CREATED, seed=7)


def test_a_join_on_one_side_and_a_leave_on_the_other_are_both_kept_either_way() -> None:
    base = night()
    a = join(base, "Kim")
    b = join(leave(base, "Bo"), "Lo")
    merged = merge_nights(base, a, b)
    assert merged == merge_nights(base, b, a)
    assert merged.players == (*PLAYERS, "Kim", "Lo")
    assert "Bo" in merged.absent and {"Kim", "Lo"} <= set(merged.present)


def test_a_side_merged_with_itself_is_that_side() -> None:
    base = night()
    a = leave(join(base, "Kim"), "Dag")
    assert merge_nights(base, a, a) == a
    assert merge_nights(a, a, a) == a
    assert merge_nights(base, base, a) == a


def _drawn(base, players, round_number=2):  # type: ignore[no-untyped-def]
    tables = tuple(
        NightTable(round_number, n, f"fredag-r{round_number}-t{n}", seats)
        for n, seats in enumerate(players, start=1)
    )
    return replace(base, tables=(*base.tables, *tables))


def test_the_same_round_drawn_alike_on_both_sides_is_one_draw() -> None:
    base = night()
    a = _drawn(base, [("Anna", "Dag", "Eva"), ("Bo", "Cilla", "Fia")])
    assert merge_nights(base, a, a) == a
    assert merge_nights(base, a, replace(a)) == a


def test_a_round_drawn_differently_on_both_sides_is_a_conflict() -> None:
    base = night()
    a = _drawn(base, [("Anna", "Dag", "Eva"), ("Bo", "Cilla", "Fia")])
    b = _drawn(base, [("Anna", "Bo", "Eva"), ("Dag", "Cilla", "Fia")])
    with pytest.raises(MergeConflict, match=r"round 2, table 1 .* drawn differently"):
        merge_nights(base, a, b)


def test_a_round_drawn_on_both_with_a_table_more_on_one_is_a_conflict() -> None:
    base = night()
    a = _drawn(base, [("Anna", "Dag", "Eva"), ("Bo", "Cilla", "Fia")])
    b = _drawn(a, [("Kim", "Lo", "Mo")], 2)
    b = replace(b, tables=(*a.tables, replace(b.tables[-1], table=3, session="fredag-r2-t3")))
    with pytest.raises(MergeConflict, match=r"round 2 .* drawn on both sides, with different tables"):
        merge_nights(base, a, b)


def test_two_nights_started_under_one_name_are_a_conflict() -> None:
    a = night()
    b = replace(night(), created="2026-12-05T18:00:00+00:00")
    with pytest.raises(MergeConflict, match="two different nights"):
        merge_nights(None, a, b)


def test_the_night_changed_on_both_sides_differently_is_a_conflict() -> None:
    base = night()
    with pytest.raises(MergeConflict, match="rounds"):
        merge_nights(base, replace(base, rounds=4), replace(base, rounds=5))


def test_log_runs_after_one_entry_go_by_order_then_first_id_whichever_side() -> None:
    base = [("b1", 1), ("b2", 2)]
    a = [("b1", 1), ("x9", 2), ("b2", 2)]
    b = [("b1", 1), ("a5", 2), ("a6", 2), ("b2", 2)]

    def merge(one, other):  # type: ignore[no-untyped-def]
        return merge_log(
            base, one, other, ident=lambda e: e[0], order=lambda e: e[1], changed=lambda *_: Msg("x")
        )

    assert merge(a, b) == merge(b, a) == [("b1", 1), ("a5", 2), ("a6", 2), ("x9", 2), ("b2", 2)]


def test_log_entries_removed_or_taken_back_on_either_side_never_return() -> None:
    base = [("b1", 1), ("b2", 1), ("b3", 1)]
    a = [("b1", 1), ("b3", 1), ("n1", 2)]  # b2 removed
    b = [("b1", 1), ("b2", 1), ("b3", 1), ("n2", 2)]
    merged = merge_log(
        base, a, b, ident=lambda e: e[0], order=lambda e: e[1], dropped={"n2"}, changed=lambda *_: Msg("x")
    )
    assert merged == [("b1", 1), ("b3", 1), ("n1", 2)]


def test_keyed_items_removed_on_one_side_and_changed_on_the_other_are_a_conflict() -> None:
    with pytest.raises(MergeConflict):
        merge_keyed(
            [("k", 1)],
            [],
            [("k", 2)],
            key=lambda e: e[0],
            order=lambda e: e,
            different=lambda *_: Msg("different"),
            removed_and_changed=lambda *_: Msg("removed and changed"),
        )


def test_on_a_night_of_stages_each_tables_next_game_drawn_on_one_side_is_kept() -> None:
    """Stages merge by stage, table and game: table 1's second game drawn on one machine
    and table 2's on the other are both kept, whichever side is which."""
    from chicago_protokoll.core.night import NightTable as Table

    base = new_night(
        "sm", (*PLAYERS, "Gun", "Hugo"), created=CREATED, seed=3, games_per_table=2
    )
    one, two = base.tables
    a = replace(base, tables=(*base.tables, Table(2, 1, "sm-s1-t1-g2", one.players[::-1], stage=1, game=2, drawn="2026-12-04T19:00:00+00:00")))  # fmt: skip
    b = replace(base, tables=(*base.tables, Table(2, 2, "sm-s1-t2-g2", two.players[::-1], stage=1, game=2, drawn="2026-12-04T19:01:00+00:00")))  # fmt: skip
    merged = merge_nights(base, a, b)
    assert merged == merge_nights(base, b, a)
    assert {t.session for t in merged.tables} == {
        "sm-s1-t1-g1", "sm-s1-t2-g1", "sm-s1-t1-g2", "sm-s1-t2-g2",
    }  # fmt: skip
    # The same next game drawn on both machines at two moments is one draw, the earlier.
    later = replace(a, tables=(*base.tables, replace(a.tables[-1], drawn="2026-12-04T19:05:00+00:00")))
    both = merge_nights(base, a, later)
    assert [t.drawn for t in both.tables if t.game == 2] == ["2026-12-04T19:00:00+00:00"]
    assert both == merge_nights(base, later, a)
