"""`chicago edit` judged as the contract says (cli.md, "The revisor's entries" and "Added in
the fifth round"): a deal's end after the penalties that belong to it, a note (on any
deal) never blocking a correction, and a closed night's game correctable after a penalty
amendment.  Each refusal names the deal that could not have been played and leaves the
file as it was."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from chicago_protokoll.core.rules import PRESETS
from chicago_protokoll.store import sessionfile
from cli_support import invoke, ok, refused, scores, session_file, status

TARGET_10 = "[game]\ntarget = 10\n"
EDIT_1 = ("edit", "1", "--buy", "A:kåk", "--buy", "pass", "--last-trick", "A")


def _penalty_in_deal_1(tmp_path: Path, points: int) -> bytes:
    """Issue 36's record: target 10; deal 1 A's pair, B's last trick; a penalty on A
    between deals 1 and 2 (it belongs to deal 1); deal 2 C's last trick."""
    rules = tmp_path / "r.toml"
    rules.write_text(TARGET_10, encoding="utf-8")
    ok("new", "p", "A", "B", "C", "--rules", str(rules))
    ok("deal", "--buy", "A:par", "--last-trick", "B")
    ok("penalty", "A", str(points), "--reason", "x")
    ok("deal", "--buy", "pass", "--last-trick", "C")
    return session_file("p").read_bytes()


def test_a_deals_end_is_judged_after_the_penalty_that_belongs_to_it(tmp_path: Path) -> None:
    """Corrected, deal 1 gives A 6 + 5 = 11, the target; the penalty of 2 that belongs to
    deal 1 takes A to 9, so the game goes on and deal 2 stands: A 9, B 0, C 5."""
    _penalty_in_deal_1(tmp_path, 2)
    out = ok(*EDIT_1, "--dry-run")
    assert "A    0 →   9  (+9)" in out
    assert "B    5 →   0  (-5)" in out
    assert "C    5 →   5" in out
    assert "over" not in out
    ok(*EDIT_1)
    after = status()
    assert {p["name"]: p["score"] for p in after["players"]} == {"A": 9, "B": 0, "C": 5}
    assert not after["finished"]
    # The penalty stayed in deal 1, after the scoring moments it followed.
    log = json.loads(ok("log", "--json"))
    first = next(deal for deal in log["deals"] if deal["deal"] == 1)
    assert [entry["points"] for entry in first["revisor"]] == [2]


def test_a_deal_still_at_the_target_after_its_penalty_ends_the_game_naming_the_next_deal(
    tmp_path: Path,
) -> None:
    """The control: a penalty of 1 leaves A at 10, the target, so the game is over after
    deal 1 and deal 2 is the one that could not have been played; nothing is written."""
    before = _penalty_in_deal_1(tmp_path, 1)
    for dry_run in ((), ("--dry-run",)):
        message = refused(*EDIT_1, *dry_run)
        assert "after this correction deal 2 breaks a rule" in message
        assert (
            "the game would be over after deal 1 (A won), so deal 2 could not have been played"
            in message
        )
        assert "deal 1 could not" not in message
        assert session_file("p").read_bytes() == before


def _kop_steps(preset: str) -> list[tuple[str, ...]]:
    """Issue 36's deal 2, köp by köp: B's three of a kind, C's pair (where a second köp is
    scored), A's last trick, the showdown a pass."""
    steps: list[tuple[str, ...]] = [("buy", "B:triss")]
    if PRESETS[preset][1].game.scored_buys >= 2:
        steps.append(("buy", "C:par"))
    return [*steps, ("tricks", "A"), ("showdown", "pass")]


def _two_deals(preset: str, note_after: int | None) -> None:
    """Deal 1 A's pair and last trick; deal 2 as `_kop_steps`, with `note x --deal 1`
    after step ``note_after`` of it (None: no note)."""
    ok("new", "t", "A", "B", "C", "--preset", preset)
    ok("deal", "--buy", "A:par", "--last-trick", "A")
    for number, step in enumerate(_kop_steps(preset), start=1):
        ok(*step)
        if number == note_after:
            ok("note", "x", "--deal", "1")


def test_a_note_on_an_earlier_deal_never_blocks_a_correction(chicago_home: Path) -> None:
    """Issue 36's record: the note on deal 1, written after deal 2's first köp, changes no
    total; the correction gives what it gives without it: A 11 → 6, B 3 → 3, C 1 → 6."""
    _two_deals("standard", note_after=1)
    out = ok("edit", "2", "--last-trick", "C", "--dry-run")
    assert "A   11 →   6  (-5)" in out
    assert "B    3 →   3" in out
    assert "C    1 →   6  (+5)" in out
    ok("edit", "2", "--last-trick", "C")
    assert scores() == {"A": 6, "B": 3, "C": 6}
    # the note is still on deal 1, where it was written: after deal 2's first köp, whose
    # moments are each there once, the last trick corrected
    log = json.loads(ok("log", "--json"))
    deals = {deal["deal"]: deal for deal in log["deals"]}
    assert [entry["text"] for entry in deals[1]["revisor"]] == ["x"]
    assert deals[2]["complete"] and deals[2]["points"] == {"A": 0, "B": 3, "C": 6}
    kinds = [(e.kind, e.deal) for e in sessionfile.load_session(session_file("t")).events]
    assert kinds[-5:] == [
        ("buy", 2), ("note", 1), ("buy", 2), ("last-trick", 2), ("showdown", 2)
    ]


def _corrected(preset: str, note_after: int | None) -> tuple[int, str, dict[str, Any]]:
    _two_deals(preset, note_after)
    tried = invoke("edit", "2", "--last-trick", "C", "--dry-run")
    done = invoke("edit", "2", "--last-trick", "C")
    result = (tried.exit_code, tried.stdout + tried.stderr, status() if done.exit_code == 0 else {})
    session_file("t").unlink()
    return result


@pytest.mark.parametrize("preset", list(PRESETS))
def test_a_note_anywhere_in_a_deal_never_blocks_its_correction_under_every_preset(
    preset: str, chicago_home: Path
) -> None:
    """The same record under every preset, the note after each step of deal 2 in turn
    (the places that gave "deal 2 is not over" and "the showdown comes after the last
    trick"): the dry run says, and the correction saves, what it does without the note."""
    without = _corrected(preset, None)
    assert without[0] == 0, without[1]
    for note_after in range(1, len(_kop_steps(preset)) + 1):
        with_note = _corrected(preset, note_after)
        assert with_note[:2] == without[:2], (note_after, with_note[1])
        players = [(p["name"], p["score"]) for p in with_note[2]["players"]]
        assert players == [(p["name"], p["score"]) for p in without[2]["players"]]
        assert with_note[2]["finished"] == without[2]["finished"]


# -- a closed night's game after a penalty amendment -----------------------------------


def _closed_night_after_a_penalty_amendment(tmp_path: Path) -> tuple[str, list[str]]:
    """A night of one table, target 10: deal 1 the first seat's pair and the second's last
    trick; deal 2 the first seat's full house and last trick, 1 + 11 = 12, the game over.
    The night is closed; then the revisor takes 2 off the first seat (an amendment)."""
    rules = tmp_path / "r.toml"
    rules.write_text(TARGET_10, encoding="utf-8")
    ok("night", "new", "n", "A", "B", "C", "--rules", str(rules), "--rounds", "1", "--seed", "1")
    (table,) = json.loads(ok("night", "status", "n", "--json"))["tables"]
    first, second, _ = table["players"]
    where = ("--session", table["session"])
    ok("deal", "--buy", f"{first}:par", "--last-trick", second, *where)
    ok("deal", "--buy", f"{first}:kåk", "--last-trick", first, *where)
    ok("night", "close", "n")
    ok("penalty", first, "2", "--reason", "sent", *where)
    assert scores(*where)[first] == 10
    return table["session"], [first, second]


def test_after_a_penalty_amendment_a_closed_nights_deal_can_be_corrected(
    tmp_path: Path,
) -> None:
    """The last trick of deal 2 was the second seat's: 1 + 6 − 2 = 5 for the first, 5 + 5
    = 10 for the second, who wins; the amendment stays, and so does the close."""
    session, (first, second) = _closed_night_after_a_penalty_amendment(tmp_path)
    where = ("--session", session)
    out = ok("edit", "2", "--last-trick", second, "--reason", "wrong trick", "--dry-run", *where)
    assert "Winner: " + second in out
    ok("edit", "2", "--last-trick", second, "--reason", "wrong trick", *where)
    after = status(*where)
    totals = {p["name"]: p["score"] for p in after["players"]}
    assert (totals[first], totals[second]) == (5, 10)
    assert after["finished"] and after["winners"] == [second]
    amendments = ok("night", "status", "n")
    assert "deal 2 corrected: wrong trick" in amendments and "penalty: " + first in amendments


def test_a_correction_that_would_reopen_a_game_with_an_amendment_names_the_amendment(
    tmp_path: Path,
) -> None:
    """Without the full house the first seat has 1 + 5 = 6 after deal 2 and nobody
    reaches 10: the penalty recorded after the game's end could not stand.  The refusal
    names that amendment, not "deal 2 could not have been played"; nothing is written."""
    session, (first, _) = _closed_night_after_a_penalty_amendment(tmp_path)
    where = ("--session", session)
    before = session_file(session).read_bytes()
    message = refused("edit", "2", "--buy", "1=pass", "--reason", "no full house", *where)
    assert f"the penalty on {first} was recorded after its end, as an amendment" in message
    assert "could not have been played" not in message
    assert session_file(session).read_bytes() == before
