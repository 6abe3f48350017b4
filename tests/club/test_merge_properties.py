"""The session merge held to its contract on random histories (shared/docs/cli.md, "A club
folder on many machines"): BASE, A and B are made by `chicago` itself (in process), by
recording deals, notes and penalties, undoing and correcting; the merge is the driver's
(`store.clubfiles.merge_texts`, what ``chicago merge-driver`` writes).

- symmetric: merge(BASE, A, B) and merge(BASE, B, A) are the same bytes;
- idempotent: a side merged with itself is that side, byte for byte;
- the merged events are, as a list of ids, this test's own model of the contract (BASE's
  events minus those either side removed or took back, plus each side's new events after
  the event that preceded them, runs after one event ordered by deal, then first id);
- the standings are those of an oracle here that adds up that list by the main rule;
- a conflict only where the model expects one (one deal played differently on both
  sides, or a merged record that breaks a rule), and then nothing is written.
"""

from __future__ import annotations

import shutil
import tempfile
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, example, given, settings
from hypothesis import strategies as st

from chicago_protokoll.core.errors import ChicagoError
from chicago_protokoll.core.events import (
    BuyWinner,
    Event,
    LastTrick,
    Note,
    Penalty,
    PlayEvent,
    Showdown,
)
from chicago_protokoll.core.game import Game, standings
from chicago_protokoll.core.logmerge import MergeConflict
from chicago_protokoll.core.rules import HouseRules
from chicago_protokoll.core.session import Session
from chicago_protokoll.store import clubfiles
from chicago_protokoll.store.fileformat import loads_session
from chicago_protokoll.store.locations import session_path
from cli_support import invoke

PLAYERS = ("Anna", "Bo", "Cilla")
PATH = "sessions/fredag.toml"
HANDS = ("pass", "Anna:par", "Bo:två par", "Cilla:par", "Anna:två par")
COUNTS: Counter[str] = Counter()

deal_op = st.tuples(
    st.just("deal"),
    st.sampled_from(HANDS),
    st.sampled_from(HANDS),
    st.sampled_from(PLAYERS),
    st.sampled_from(HANDS),
)
note_op = st.tuples(st.just("note"), st.sampled_from(("giv om", "domslut", "felgiv")))
penalty_op = st.tuples(st.just("penalty"), st.sampled_from(PLAYERS), st.integers(1, 3))
undo_op = st.tuples(st.just("undo"))
edit_op = st.tuples(st.just("edit"), st.integers(1, 2), st.sampled_from(PLAYERS))
# The club's laptop mostly plays on; the revisor at home mostly notes, fines and corrects.
table_op = st.one_of(deal_op, deal_op, note_op, undo_op, edit_op)
revisor_op = st.one_of(note_op, penalty_op, edit_op, undo_op, deal_op)


def command(op: tuple[object, ...]) -> list[str]:
    match op:
        case ("deal", buy1, buy2, last, showdown):
            return ["deal", "--buy", str(buy1), "--buy", str(buy2), "--last-trick", str(last), "--showdown", str(showdown)]
        case ("note", text):
            return ["note", str(text)]
        case ("penalty", player, points):
            return ["penalty", str(player), str(points), "--reason", "sent kort"]
        case ("undo",):
            return ["undo"]
        case ("edit", deal, player):
            return ["edit", str(deal), "--last-trick", str(player)]
    raise AssertionError(op)


def play(path: Path, ops: list[tuple[object, ...]]) -> None:
    """Each op through `chicago ... --file PATH`; one the rules refuse changes nothing."""
    for op in ops:
        result = invoke(*command(op), "--file", str(path))
        assert result.exit_code in (0, 1), result.output
        COUNTS[f"{op[0]} {'kept' if result.exit_code == 0 else 'refused'}"] += 1


def model(base: Session, a: Session, b: Session) -> list[str] | None:
    """The contract's merged ids, worked out by sorting; None where it says conflict."""
    base_ids = [e.id for e in base.events]
    place = {i: n for n, i in enumerate(base_ids)}
    sides = (a, b)
    taken = {t.id for s in (base, a, b) for t in s.taken_back}
    removed = set(taken)
    for side in sides:
        removed |= set(base_ids) - {e.id for e in side.events}
    # Each new event's key: after the BASE event before it on its side, in its run.
    keys: dict[str, tuple[object, ...]] = {i: (n, 0) for i, n in place.items()}
    new: list[list[Event]] = []
    for side in sides:
        anchor, run = -1, []
        fresh = []
        for e in side.events:
            if e.id in place:
                anchor, run = place[e.id], []
                continue
            run.append(e)
            fresh.append(e)
            first = run[0]
            keys[e.id] = (anchor, 1, first.deal, first.id, len(run))
        new.append([e for e in fresh if e.id not in removed])
    played = [
        {d: [e for e in side if isinstance(e, PlayEvent) and e.deal == d] for d in {e.deal for e in side if isinstance(e, PlayEvent)}}
        for side in new
    ]
    for deal in set(played[0]) & set(played[1]):
        one, two = played[0][deal], played[1][deal]
        if one != two:
            return None
        removed |= {e.id for e in (one if one[0].id > two[0].id else two)}
    return [i for i in sorted(keys, key=lambda i: keys[i]) if i not in removed]


def oracle_totals(events: list[Event], rules: HouseRules) -> dict[str, int]:
    """The totals by the main rule, added up here: a hand's points, the last trick's, a
    penalty off (never below the floor of 0)."""
    points = {"pair": rules.hands.pair, "two-pair": rules.hands.two_pair}
    totals = dict.fromkeys(PLAYERS, 0)
    for e in events:
        if isinstance(e, BuyWinner | Showdown):
            if e.player is not None and e.hand is not None:  # else a pass: nobody scores
                totals[e.player] += points[e.hand.value]
        elif isinstance(e, LastTrick):
            totals[e.player] += rules.scoring.last_trick
        elif isinstance(e, Penalty):
            totals[e.player] = max(0, totals[e.player] - e.points)
        else:
            assert isinstance(e, Note), e
    return totals


def replays(session: Session) -> bool:
    game = Game(session)
    try:
        for e in session.events:
            game.apply(e)
    except ChicagoError:
        return False
    return True


@pytest.mark.slow
@settings(
    max_examples=45,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    base_ops=st.tuples(deal_op, st.lists(st.one_of(deal_op, note_op, penalty_op), max_size=2)).map(
        lambda ops: [ops[0], *ops[1]]
    ),
    a_ops=st.lists(st.one_of(table_op, revisor_op), min_size=1, max_size=3),
    b_ops=st.lists(st.one_of(revisor_op, table_op), min_size=1, max_size=3),
)
# The same deal recorded alike on both sides (kept once), and the same deal corrected on
# both, differently (a conflict) and alike (kept once, both corrections kept).
@example(
    base_ops=[("deal", "pass", "pass", "Anna", "pass")],
    a_ops=[("deal", "Bo:två par", "pass", "Cilla", "pass"), ("note", "giv om")],
    b_ops=[("penalty", "Bo", 1), ("deal", "Bo:två par", "pass", "Cilla", "pass")],
)
@example(
    base_ops=[("deal", "pass", "pass", "Anna", "pass"), ("deal", "pass", "Anna:par", "Bo", "pass")],
    a_ops=[("edit", 1, "Bo")],
    b_ops=[("edit", 1, "Cilla")],
)
@example(
    base_ops=[("deal", "pass", "pass", "Anna", "pass")],
    a_ops=[("edit", 1, "Bo"), ("deal", "pass", "pass", "Anna", "pass")],
    b_ops=[("edit", 1, "Bo"), ("undo",), ("undo",), ("note", "domslut")],
)
def test_the_merge_is_symmetric_idempotent_and_the_contracts_order(
    base_ops: list[tuple[object, ...]],
    a_ops: list[tuple[object, ...]],
    b_ops: list[tuple[object, ...]],
) -> None:
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        session_path("fredag").unlink(missing_ok=True)
        assert invoke("new", "fredag", *PLAYERS).exit_code == 0
        base_file = work / "base.toml"
        shutil.copy(session_path("fredag"), base_file)
        play(base_file, base_ops)
        a_file, b_file = work / "a.toml", work / "b.toml"
        shutil.copy(base_file, a_file)
        shutil.copy(base_file, b_file)
        play(a_file, a_ops)
        play(b_file, b_ops)
        base_text, a_text, b_text = (p.read_text() for p in (base_file, a_file, b_file))
    base, a, b = (loads_session(t, PATH) for t in (base_text, a_text, b_text))
    expected = model(base, a, b)
    why = "a deal played on both sides, differently" if expected is None else "breaks a rule"
    by_id = {e.id: e for s in (base, a, b) for e in s.events}
    if expected is not None and not replays(
        Session(PLAYERS, base.rules, events=tuple(by_id[i] for i in expected))
    ):
        expected = None  # the contract's order breaks a rule: a conflict
    # Idempotent: each side with itself, and merged from BASE with itself.
    for side_text in (a_text, b_text):
        assert clubfiles.merge_texts(side_text, side_text, side_text, PATH) == side_text
        assert clubfiles.merge_texts(base_text, side_text, side_text, PATH) == side_text
    try:
        ab = clubfiles.merge_texts(base_text, a_text, b_text, PATH)
    except MergeConflict:
        assert expected is None, "a conflict the contract does not make"
        with pytest.raises(MergeConflict):
            clubfiles.merge_texts(base_text, b_text, a_text, PATH)
        event(f"conflict: {why}")
        COUNTS[f"merge: conflict, {why}"] += 1
        return
    assert expected is not None, "merged what the contract calls a conflict"
    assert clubfiles.merge_texts(base_text, b_text, a_text, PATH) == ab  # byte for byte
    merged = loads_session(ab, PATH)
    assert [e.id for e in merged.events] == expected
    assert not {e.id for e in merged.events} & {t.id for t in merged.taken_back}
    totals = {p.name: p.score for p in standings(merged).players}
    assert totals == oracle_totals([by_id[i] for i in expected], base.rules)
    # Merging the merge with either side changes it no more.
    assert clubfiles.merge_texts(base_text, ab, a_text, PATH) == ab
    kinds = "both" if base.events not in (a.events, b.events) else "one"
    event(f"merged ({kinds} side changed)")
    COUNTS[f"merge: merged, {kinds} side(s) changed"] += 1


def teardown_module() -> None:
    """The counts the closing note gives (pytest -s shows them)."""
    if COUNTS:
        print("\nmerge property counts:", dict(sorted(COUNTS.items())))
