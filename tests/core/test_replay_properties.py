"""Properties of the replay engine over random legal games.

`legal_event` draws a legal next event from the state of a `Game` (its moment,
who may still exchange, who may declare): random games are built one legal
event at a time, under the main rule and several house-rule tables.
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Sequence
from typing import Any, TypeVar

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chicago_protokoll.core.cards import Category
from chicago_protokoll.core.errors import RuleViolation, SessionFileError
from chicago_protokoll.core.events import (
    BuyWinner,
    ChicagoBroken,
    ChicagoDeclared,
    ChicagoWon,
    Event,
    Exchange,
    Forfeit,
    LastTrick,
    Note,
    Penalty,
    Royal,
    Showdown,
    event_from_dict,
    event_to_dict,
)
from chicago_protokoll.core.game import Game, replay
from chicago_protokoll.core.rules import PRESETS, HouseRules
from chicago_protokoll.core.session import new_session
from chicago_protokoll.core.standings import Moment

FAST = settings(
    max_examples=100,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

NAMES = ("Anna", "Bo", "Cilla", "Dan", "Eva", "Fia")
MAIN = HouseRules()
TABLES = [
    MAIN,
    *(rules for _, rules in PRESETS.values()),
    MAIN.with_changes(chicago={"min_score": 0}, scoring={"floor": False}),
    MAIN.with_changes(game={"buys": 1, "scored_buys": 1}, chicago={"min_score": 5}),
    MAIN.with_changes(game={"scored_buys": 0}, chicago={"min_score": 0, "max_per_player": 1}),
    MAIN.with_changes(
        hands={"ties": "suit", "royal_straight_flush": 20, "four_of_a_kind_zeroes": "choice"},
        scoring={"floor": -10, "last_trick_with_two": 10},
        chicago={"min_score": 0, "breaker_bonus": 10},
        buy_stop={"threshold": 20},
    ),
    # Seed 001: points taken off an opponent, next to four of a kind's own choice.
    MAIN.with_changes(
        scoring={"take_from_opponent": True}, hands={"four_of_a_kind_zeroes": "choice"}
    ),
    MAIN.with_changes(
        scoring={"take_from_opponent": True, "floor": False},
        hands={"four_of_a_kind_zeroes": "always"},
    ),
]
TAKING = [r for r in TABLES if r.scoring.take_from_opponent]
# `False == 0` in Python: a table without a floor must not count as floor 0.
FLOOR_ZERO = [r for r in TABLES if r.scoring.floor is not None and r.scoring.floor == 0]
# Hands that score; the royal is drawn rarely, since it usually ends the game.
SCORING_HANDS = tuple(
    c for c in Category if c not in (Category.HIGH_CARD, Category.ROYAL_STRAIGHT_FLUSH)
)
T = TypeVar("T")
INDEXES = {n: st.integers(0, n - 1) for n in range(1, 201)}
# sampled_from, not integers: Hypothesis favours the ends of an integer range.
RARE = {n: st.sampled_from(range(n)) for n in (8, 60, 150)}


def pick(draw: st.DrawFn, options: Sequence[T]) -> T:
    """One of the options (a shared index strategy is cheaper than a new sampled_from)."""
    return options[draw(INDEXES[len(options)])]


def one_in(draw: st.DrawFn, n: int) -> bool:
    """True about once in n draws."""
    return draw(RARE[n]) == n // 2


@st.composite
def tables(draw: st.DrawFn, rules: Sequence[HouseRules] = TABLES) -> Game:
    """A new game: some house rules, a legal number of players, any first dealer."""
    chosen = pick(draw, rules)
    size = draw(st.integers(chosen.game.min_players, chosen.game.max_players))
    players = NAMES[:size]
    return Game(new_session(players, chosen, dealer=pick(draw, players)))


def open_exchanges(game: Game) -> list[tuple[str, int]]:
    """The (player, köp) exchanges that may be recorded now."""
    scored, buys = game.rules.game.scored_buys, game.rules.game.buys
    if game.moment is Moment.BUY:
        buys_open = [game.hands_scored + 1]
    elif game.moment is Moment.TRICKS:
        buys_open = list(range(scored + 1, buys + 1))
    else:
        return []
    return [(p, b) for b in buys_open for p in game.players if (p, b) not in game.exchanged]


def hand_event(draw: st.DrawFn, game: Game, *, showdown: bool) -> Event:
    """The best hand of a köp or the showdown: a winner (usually), a pass or a tie."""
    rules = game.rules.hands
    kinds = ["winner", "winner", "winner", "pass"] + (["tie"] if rules.ties == "none" else [])
    kind = pick(draw, kinds)
    player: str | None = None
    hand: Category | None = None
    zero = False
    taken: str | None = None
    if kind == "winner":
        player = pick(draw, game.players)
        hand = Category.ROYAL_STRAIGHT_FLUSH if one_in(draw, 60) else pick(draw, SCORING_HANDS)
        if hand is Category.FOUR_OF_A_KIND and rules.four_of_a_kind_zeroes:
            zero = draw(st.booleans())
        zeroing = hand is Category.FOUR_OF_A_KIND and (
            zero or rules.four_of_a_kind_zeroes == "always"
        )
        if rules.points(hand) != "win" and not zeroing:
            taken = opponent_taken(draw, game, player)
    if showdown:
        return Showdown(player, hand, tie=kind == "tie", zero=zero, opponent=taken, deal=game.deal)
    return BuyWinner(
        player,
        hand,
        tie=kind == "tie",
        zero=zero,
        opponent=taken,
        buy=game.hands_scored + 1, deal=game.deal,
    )


def opponent_taken(draw: st.DrawFn, game: Game, player: str) -> str | None:
    """Where the table takes points off an opponent: now and then one of the others."""
    if not game.rules.scoring.take_from_opponent or draw(st.booleans()):
        return None
    return pick(draw, [name for name in game.players if name != player])


def revisor_event(draw: st.DrawFn, game: Game) -> Event:
    """A penalty (now and then far past the floor), a note on the deal an entry belongs to
    now or on any recorded deal, or, rarely, a forfeit."""
    players = game.players
    if one_in(draw, 150):
        return Forfeit(game.entry_deal, pick(draw, players), "claimed a flush")
    if draw(st.booleans()):
        numbers = [game.entry_deal, *(record.number for record in game.deals)]
        return Note(pick(draw, numbers), "a card was shown")
    points = draw(st.integers(1, 12) | st.just(60))
    return Penalty(game.entry_deal, pick(draw, players), points, "a late exchange")


def legal_event(draw: st.DrawFn, game: Game, *, revisor: bool = True) -> Event:
    """A legal next event for the game's current moment (``revisor``: now and then one of
    the revisor's entries, which may come at any moment)."""
    deal, players, rules = game.deal, game.players, game.rules
    if rules.hands.royal_straight_flush == "win" and one_in(draw, 150):
        return Royal(deal, pick(draw, players))
    if revisor and one_in(draw, 8):
        return revisor_event(draw, game)
    moment = game.moment
    exchanges = open_exchanges(game)
    kinds: list[str]
    if moment is Moment.BUY:
        kinds = ["hand", "hand"] + (["exchange"] if exchanges else [])
    elif moment is Moment.TRICKS:
        kinds = ["last", "last"] + (["exchange"] if exchanges else [])
        if any(game.may_declare(p) for p in players):
            kinds.append("declare")
        if rules.hands.four_of_a_kind_zeroes:
            kinds.append("zero")
    elif moment is Moment.CHICAGO:
        kinds = ["won", "broken"]
    else:
        assert moment is Moment.SHOWDOWN
        kinds = ["showdown"]
    kind = pick(draw, kinds)
    if kind == "hand":
        return hand_event(draw, game, showdown=False)
    if kind == "showdown":
        return hand_event(draw, game, showdown=True)
    if kind == "exchange":
        player, buy = pick(draw, exchanges)
        stopped = player in game.buy_stop
        return Exchange(deal, player, buy, 0 if stopped else draw(INDEXES[6]))
    if kind == "last":
        taker = pick(draw, players)
        return LastTrick(
            taker, with_two=draw(st.booleans()), opponent=opponent_taken(draw, game, taker), deal=deal
        )
    if kind == "declare":
        return ChicagoDeclared(deal, pick(draw, [p for p in players if game.may_declare(p)]))
    if kind == "zero":
        return Showdown(pick(draw, players), Category.FOUR_OF_A_KIND, zero=True, deal=deal)
    declarer = game.chicago
    assert declarer is not None
    if kind == "won":
        return ChicagoWon(deal, declarer)
    return ChicagoBroken(deal, pick(draw, [p for p in players if p != declarer]))


@st.composite
def games(
    draw: st.DrawFn, rules: Sequence[HouseRules] = TABLES, max_events: int = 90
) -> tuple[Game, list[Event]]:
    """A game advanced by a random number of legal events, and those events."""
    game = draw(tables(rules))
    events: list[Event] = []
    for _ in range(draw(st.integers(0, max_events) | st.just(max_events))):
        if game.finished:
            break
        event = legal_event(draw, game)
        game.apply(event)  # a legal event is never refused
        events.append(event)
    return game, events


@functools.cache
def any_event(players: tuple[str, ...], deal: int) -> st.SearchStrategy[Event]:
    """Any event at all, legal or (mostly) not, around the given deal."""
    names = st.sampled_from([*players, "Zed"])
    deals = st.integers(max(deal - 1, 0), deal + 1)
    hands = st.none() | st.sampled_from(list(Category))
    cards = st.none() | st.sampled_from(
        ["KH KS 9D 9H 3C", "AH 2S 3D 4C 5H", "AH KH QH JH TH", "KH KS", "XX YY"]
    )
    hand_fields: dict[str, Any] = {
        "deal": deals,
        "player": st.none() | names,
        "hand": hands,
        "cards": cards,
        "tie": st.booleans(),
        "zero": st.booleans(),
        "opponent": st.none() | names,
    }
    return st.one_of(
        st.builds(BuyWinner, buy=st.integers(0, 4), **hand_fields),
        st.builds(Showdown, **hand_fields),
        st.builds(Exchange, deals, names, st.integers(0, 4), st.integers(-1, 6)),
        st.builds(ChicagoDeclared, deals, names),
        st.builds(ChicagoWon, deals, names),
        st.builds(ChicagoBroken, deals, names),
        st.builds(LastTrick, names, st.booleans(), st.none() | names, deal=deals),
        st.builds(Royal, deals, names),
        st.builds(Penalty, deals, names, st.integers(-2, 8), st.sampled_from(["", "late"])),
        st.builds(Forfeit, deals, names, st.sampled_from(["", " ", "left"])),
        st.builds(Note, deals, st.sampled_from(["", "misdeal"])),
    )


def snapshot(game: Game) -> tuple[object, dict[str, Any]]:
    """Everything a refused event must leave alone: the standings and the game's state.

    The game changes its lists and dicts in place; what they hold is immutable."""
    state = {
        name: value.copy() if isinstance(value, list | dict) else value
        for name, value in vars(game).items()
    }
    return game.standings(), state


def session_of(game: Game, events: list[Event]) -> Any:
    session = game.session
    for event in events:
        session = session.with_event(event)
    return session


@FAST
@given(games())
def test_replay_is_deterministic(played: tuple[Game, list[Event]]) -> None:
    """Replaying the same events always gives the same standings as recording them did."""
    game, events = played
    session = session_of(game, events)
    first = replay(session).standings()
    assert first == replay(session).standings()
    assert first == game.standings()


def every_total(game: Game) -> list[int]:
    """Each player's total after every event of the game so far."""
    return [
        total
        for record in game.standings().deals
        for entry in record.entries
        for total in entry.totals
    ]


@FAST
@given(games(FLOOR_ZERO))
def test_no_total_goes_below_the_floor(played: tuple[Game, list[Event]]) -> None:
    """On a zero floor no total is ever below 0, after any event."""
    game, _ = played
    assert min(every_total(game), default=0) >= 0


@FAST
@given(games([r for r in TAKING if r.scoring.floor == 0]))
def test_points_taken_off_an_opponent_never_take_a_total_below_the_zero_floor(
    played: tuple[Game, list[Event]],
) -> None:
    """Seed 001's choice, drawn often: every total stays at 0 or more after every event."""
    game, _ = played
    assert min(every_total(game), default=0) >= 0


@FAST
@given(games(TAKING))
def test_points_taken_off_an_opponent_leave_the_scorer_and_the_others_alone(
    played: tuple[Game, list[Event]],
) -> None:
    """A scoring taken off an opponent moves only the opponent's total, down by at most
    its points; the scorer's total and every other player's stay as they were."""
    game, _ = played
    names = game.players
    for record in game.standings().deals:
        before = record.start
        for entry in record.entries:
            taken = getattr(entry.event, "opponent", None)
            if taken is not None:
                assert [award.player for award in entry.awards] == [taken]
                award = entry.awards[0]
                assert award.nominal <= award.points <= 0
                assert award.key == "scoring.take_from_opponent"
                changed = [
                    name
                    for name, old, new in zip(names, before, entry.totals, strict=True)
                    if old != new
                ]
                assert changed in ([], [taken])
            before = entry.totals


@FAST
@given(games())
def test_no_total_goes_below_a_floor_below_zero_either(played: tuple[Game, list[Event]]) -> None:
    """Whatever the floor, every total stays at or above it (false: no floor)."""
    game, _ = played
    floor = game.rules.scoring.floor
    if floor is not None:
        assert min(every_total(game), default=0) >= floor


@FAST
@given(st.data())
def test_a_refused_event_leaves_the_state_unchanged(data: st.DataObject) -> None:
    """An event the rules refuse raises RuleViolation and changes nothing."""
    game, _ = data.draw(games(max_events=60))
    for _ in range(4):
        event = data.draw(any_event(game.players, game.deal))
        before = snapshot(game)
        try:
            game.apply(event)
        except RuleViolation as refusal:
            assert snapshot(game) == before
            assert str(refusal)
            if refusal.key:
                assert refusal.key in str(refusal)


@FAST
@given(games())
def test_the_totals_equal_the_sum_of_the_awards(played: tuple[Game, list[Event]]) -> None:
    """Every total is the sum of the points its awards gave, entry by entry."""
    game, _ = played
    standings = game.standings()
    running = [0] * len(game.players)
    for record in standings.deals:
        assert record.start == tuple(running)
        for entry in record.entries:
            for award in entry.awards:
                running[game.players.index(award.player)] += award.points
            assert entry.totals == tuple(running)
        assert record.totals == tuple(running)
    assert tuple(running) == tuple(p.score for p in standings.players)


@FAST
@given(games())
def test_a_finished_game_has_winners_with_the_highest_total_or_an_instant_win(
    played: tuple[Game, list[Event]],
) -> None:
    """A game is over after a deal ending at the target, with the highest totals winning,
    at once after an instant win, or at once after a forfeit, the others' best winning."""
    game, _ = played
    standings = game.standings()
    if not standings.finished:
        assert standings.winners == ()
        return
    # The entry that ended it (a note on the last deal may follow it).
    last = [e for e in standings.deals[-1].entries if not isinstance(e.event, Note)][-1]
    ending = last
    instant = any(a.reason.wins_the_game for a in last.awards)
    if isinstance(ending.event, Forfeit):
        others = {n: s for n, s in standings.scores.items() if n != ending.event.player}
        best = max(others.values())
        assert standings.forfeited == (ending.event.player,)
        assert standings.winners == tuple(n for n, s in others.items() if s == best)
    elif instant:
        assert standings.winners == (last.awards[0].player,)
    else:
        best = max(standings.scores.values())
        assert best >= game.rules.game.target
        assert standings.winners == tuple(n for n, s in standings.scores.items() if s == best)


def event_strategy() -> st.SearchStrategy[Event]:
    text = st.text(min_size=0, max_size=12)
    ints = st.integers(-(2**31), 2**31)
    hand_fields: dict[str, Any] = {
        "deal": ints,
        "player": st.none() | text,
        "hand": st.none() | st.sampled_from(list(Category)),
        "cards": st.none() | text,
        "tie": st.booleans(),
        "zero": st.booleans(),
        "opponent": st.none() | text,
    }
    return st.one_of(
        st.builds(BuyWinner, buy=ints, **hand_fields),
        st.builds(Showdown, **hand_fields),
        st.builds(Exchange, ints, text, ints, ints),
        st.builds(ChicagoDeclared, ints, text),
        st.builds(ChicagoWon, ints, text),
        st.builds(ChicagoBroken, ints, text),
        st.builds(LastTrick, text, st.booleans(), st.none() | text, deal=ints),
        st.builds(Royal, ints, text),
        st.builds(Penalty, ints, text, ints, text),
        st.builds(Forfeit, ints, text, text),
        st.builds(Note, ints, text),
    )


@FAST
@given(event_strategy())
def test_event_to_dict_and_back_is_identity(event: Event) -> None:
    """event_from_dict(event_to_dict(e)) gives back the same event, for every kind."""
    data = event_to_dict(event)
    assert data["type"] == event.kind
    assert event_from_dict(data) == event


@FAST
@given(games())
def test_every_recorded_event_round_trips_through_its_dict(
    played: tuple[Game, list[Event]],
) -> None:
    """The events of a played game survive the session file's dict form and replay alike."""
    game, events = played
    again = [event_from_dict(event_to_dict(event)) for event in events]
    assert again == events
    assert replay(session_of(game, again)).standings() == game.standings()


@FAST
@given(
    st.dictionaries(
        st.sampled_from(["type", "deal", "player", "hand", "count", "x"]),
        st.none() | st.integers() | st.text(max_size=5) | st.booleans(),
    )
)
def test_a_bad_event_table_is_a_session_file_error(data: dict[str, Any]) -> None:
    """A table that is not an event raises SessionFileError, never another exception."""
    with contextlib.suppress(SessionFileError):
        event_from_dict(data)
