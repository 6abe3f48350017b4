"""core.paper: a protocol written out from any game reads back as the same events."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from chicago_protokoll.core.claims import typed_deal
from chicago_protokoll.core.entry import apply_deal
from chicago_protokoll.core.errors import RuleViolation
from chicago_protokoll.core.events import Event, event_to_dict
from chicago_protokoll.core.game import Game
from chicago_protokoll.core.paper import import_rows, read_protocol
from chicago_protokoll.core.rules import HouseRules
from chicago_protokoll.core.session import new_session

PLAYERS = ("Anna", "Bo", "Cilla", "Dag")
HANDS = ("par", "två par", "triss", "stege", "färg", "kåk")
who = st.one_of(st.just("pass"), st.tuples(st.sampled_from(PLAYERS), st.sampled_from(HANDS)).map(":".join))
deal = st.tuples(who, who, st.sampled_from(PLAYERS), who)


def replayed(events: list[Event]) -> Game:
    game = Game(new_session(PLAYERS, HouseRules()))
    for event in events:
        game.apply(event)
    return game


def played(deals: list[tuple[str, str, str, str]]) -> tuple[list[Event], list[str]]:
    """The events those deals make (up to the game's end), and the protocol's CSV lines.
    A hand that wins the game in a köp ends the deal there: the paper has the rest empty."""
    events: list[Event] = []
    lines = ["giv;köp 1;köp 2;sista sticket;visning;" + ";".join(f"summa {p}" for p in PLAYERS)]
    for number, (buy1, buy2, last, showdown) in enumerate(deals, start=1):
        game = replayed(events)
        if game.finished:
            break
        for cells in ((buy1, buy2, last, showdown), (buy1, buy2, "", ""), (buy1, "", "", "")):
            game = replayed(events)
            entry = typed_deal(
                game,
                buys=tuple(c for c in cells[:2] if c),
                last_trick=cells[2] or None,
                showdown=cells[3] or None,
            )
            try:
                made = apply_deal(game, entry)
            except RuleViolation:
                continue
            break
        events.extend(made)
        totals = game.standings().deals[-1].totals
        lines.append(f"{number};" + ";".join(cells) + ";" + ";".join(map(str, totals)))
    return events, lines


def content(event: Event) -> dict[str, object]:
    """An event as the file has it, without its id (each import draws new ones)."""
    data = event_to_dict(event)
    data.pop("id", None)
    return data


@given(st.lists(deal, min_size=1, max_size=12))
def test_a_protocol_written_from_a_game_imports_as_the_same_events_and_again_as_nothing(
    deals: list[tuple[str, str, str, str]],
) -> None:
    events, lines = played(deals)
    game = replayed(events)
    recorded = [content(e) for e in events]
    rows = read_protocol("\ufeff" + "\n".join(lines) + "\n", 2)
    fresh = new_session(PLAYERS, HouseRules())
    first = import_rows(fresh, rows)
    assert [content(e) for e in first.session.events] == recorded
    assert all(e.id for e in first.session.events)  # each has its identity
    assert first.standings.scores == game.standings().scores
    again = import_rows(first.session, rows)
    assert again.new == 0 and again.session == first.session
