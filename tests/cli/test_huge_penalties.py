"""A penalty's POINTS are bounded as they are typed, and a file an earlier release wrote
with a huge one still loads and every reader shows it (cli.md, "Output files and bad
input": bounds on numbers apply to new input only).

Before this, ``penalty Bo 10000000000000000000000000000`` under ``chicago-anytime`` (no
floor) was recorded, and ``stats``, ``settle``, ``settle --evening``, the HTML exports and
``publish`` then failed as "a bug" for the whole data directory: the money arithmetic ran
in the default 28 digits."""

from __future__ import annotations

from decimal import Decimal, localcontext
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from chicago_protokoll.core import entry
from chicago_protokoll.core.errors import EntryError
from chicago_protokoll.core.game import replay
from chicago_protokoll.core.rules import LIMIT
from chicago_protokoll.core.settle import amount_json, amount_text, settle
from chicago_protokoll.core.stake import MONEY_DIGITS
from chicago_protokoll.store import sessionfile
from cli_support import invoke, ok, refused, session_file

HUGE = 10**28
# Past a float's range (chart and the averages once turned it into a float).
HUGER = 10**400


def test_the_bound_on_a_penalty_is_the_bound_on_every_typed_number() -> None:
    assert entry.MAX_PENALTY == LIMIT == 1_000_000


@pytest.mark.parametrize("points", [str(LIMIT + 1), str(HUGE), "9" * 4000])
def test_a_penalty_over_the_bound_is_refused_and_nothing_is_written(points: str) -> None:
    ok("new", "big", "Anna", "Bo", "Cilla", "--preset", "chicago-anytime")
    file = session_file("big")
    before = file.read_bytes()
    error = refused("penalty", "Bo", points, "--reason", "x")
    assert "at most 1000000 points" in error and "unexpected" not in error
    assert file.read_bytes() == before


def test_a_penalty_at_the_bound_is_recorded() -> None:
    ok("new", "big", "Anna", "Bo", "Cilla", "--preset", "chicago-anytime")
    ok("penalty", "Bo", str(LIMIT), "--reason", "x")
    assert f"points = {LIMIT}" in session_file("big").read_text("utf-8")


@given(st.integers(min_value=1, max_value=10**40))
def test_a_typed_penalty_is_taken_exactly_when_within_the_bound(points: int) -> None:
    """The one reader of POINTS (the CLI, ``play``, the phone and an imported protocol all
    go through it)."""
    if points <= LIMIT:
        assert entry.penalty_points(str(points)) == points
    else:
        with pytest.raises(EntryError, match="at most 1000000 points"):
            entry.penalty_points(str(points))


def test_a_penalty_given_as_a_number_is_bounded_too() -> None:
    ok("new", "big", "Anna", "Bo", "Cilla")
    game = replay(sessionfile.load_session(session_file("big")))
    with pytest.raises(EntryError, match="at most 1000000 points"):
        entry.penalty_event(game, "Bo", HUGE, "x")


# -- a file an earlier release wrote -------------------------------------------------------


def _old_release_files(points: int) -> None:
    """Two finished games, each with a penalty of ``points`` on Bo: what a release before
    the bound wrote.  Recorded with a small penalty, then the number written by hand."""
    for name in ("big", "big2"):
        ok("new", name, "Anna", "Bo", "Cilla", "--preset", "chicago-anytime")
        ok("penalty", "Bo", "7", "--reason", "x", "-s", name)
        ok("royal", "Cilla", "-s", name)
        file = session_file(name)
        text = file.read_text("utf-8")
        assert text.count("points = 7\n") == 1
        file.write_text(text.replace("points = 7\n", f"points = {points}\n"), "utf-8")


READERS = [
    ["status"],
    ["status", "--json"],
    ["log"],
    ["explain"],
    ["chart"],
    ["chart", "--json"],
    ["sessions"],
    ["settle"],
    ["settle", "--json"],
    ["settle", "--stake", "0.33"],
    ["settle", "--evening"],
    ["settle", "--evening", "--json", "--stake", "0.5"],
    ["settle", "--evening", "--round", "5"],
    ["stats"],
    ["stats", "--json"],
    ["stats", "--stake", "0.33"],
    ["export", "--format", "md", "-o", "-"],
    ["export", "--format", "csv", "-o", "-"],
    ["export", "--format", "json", "-o", "-"],
    ["export", "--format", "html", "-o", "-"],
]


@pytest.mark.parametrize("points", [HUGE, HUGER], ids=["10**28", "10**400"])
@pytest.mark.parametrize("command", READERS, ids=" ".join)
def test_a_file_with_a_huge_penalty_still_loads_and_every_reader_shows_it(
    points: int, command: list[str]
) -> None:
    _old_release_files(points)
    result = invoke(*command)
    assert result.exit_code == 0, result.output
    assert "unexpected" not in result.output


@pytest.mark.parametrize("command", [["settle", "--evening"], ["stats"]], ids=" ".join)
def test_the_html_pages_of_such_a_file_are_written(command: list[str], tmp_path: Path) -> None:
    _old_release_files(HUGE)
    page = tmp_path / "page.html"
    ok(*command, "--format", "html", "-o", str(page))
    assert page.read_text("utf-8").startswith("<!DOCTYPE html>")


def test_such_a_file_is_published(tmp_path: Path) -> None:
    _old_release_files(HUGER)
    ok("publish", str(tmp_path / "site"))
    assert (tmp_path / "site" / "index.html").is_file()


def test_the_money_of_such_a_file_is_exact_to_the_ore() -> None:
    """0.33 per point: Bo owes Cilla (52 + 10**28) × 0.33, every digit and the öre, not a
    float's 3.3e+27."""
    _old_release_files(HUGE)
    owed = "3300000000000000000000000017.16"
    assert owed in ok("settle", "-s", "big", "--stake", "0.33")
    # Cilla, over both games: Bo's and Anna's 17.16, twice.
    assert "+6600000000000000000000000068.64" in ok("stats", "--stake", "0.33")


@given(
    st.integers(min_value=-(10**400), max_value=51),
    st.integers(min_value=-(10**400), max_value=51),
    st.decimals(min_value=0, max_value=1_000_000, places=2),
    st.integers(min_value=1, max_value=2),
)
def test_settling_any_total_a_file_can_hold_adds_up_to_the_ore(
    bo: int, cilla: int, stake: Decimal, winners: int
) -> None:
    """Each loser pays exactly the difference times the stake, split among the winners to
    the öre, however many digits the totals have."""
    names = ["Anna", "Dag"][:winners]
    scores = {"Anna": 52, "Dag": 52, "Bo": bo, "Cilla": cilla}
    payments = settle(scores, names, stake)
    with localcontext(prec=MONEY_DIGITS):  # the test's own sums must not round either
        for loser, score in (("Bo", bo), ("Cilla", cilla)):
            paid = sum((p.amount for p in payments if p.payer == loser), Decimal(0))
            assert paid * 100 == ((52 - score) * stake * 100).to_integral_value()
    for payment in payments:
        # The text a person reads is the exact amount; JSON never gets Infinity.
        assert Decimal(amount_text(payment.amount)) == payment.amount
        assert amount_json(payment.amount) not in (float("inf"), float("-inf"))
