"""The library API of docs/api.md: a script that uses it runs, and type-checks under
`mypy --strict` against the package's own annotations (py.typed)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import chicago_protokoll

ROOT = Path(__file__).resolve().parents[1]

# Seed 000's deal through the API: Bo wins köp 1 and Anna köp 2 with two pair, Cilla
# takes the last trick, Anna shows the best hand: Anna 4, Bo 2, Cilla 5.
SCRIPT = textwrap.dedent(
    """
    from __future__ import annotations

    import sys
    from decimal import Decimal
    from pathlib import Path

    import chicago_protokoll as cp


    def main(folder: Path) -> None:
        hand: cp.HandResult = cp.evaluate("KH KS 9D 9H 3C")
        assert hand.category is cp.Category.TWO_PAIR
        assert hand > cp.evaluate("QH QD 9C 9S 4H")
        points: int | str = cp.preset("standard").hands.points(hand.category)

        session = cp.new_session(["Anna", "Bo", "Cilla"], cp.preset("standard"), name="fredag")
        events: list[cp.Event] = [
            cp.BuyWinner(deal=1, player="Bo", hand=cp.Category.TWO_PAIR, buy=1),
            cp.BuyWinner(deal=1, player="Anna", hand=cp.Category.TWO_PAIR, buy=2),
            cp.LastTrick(deal=1, player="Cilla"),
            cp.Showdown(deal=1, player="Anna", hand=cp.Category.TWO_PAIR),
        ]
        for event in events:
            session = session.with_event(event)
        path = folder / "fredag.toml"
        cp.create_session(path, session)

        loaded: cp.Session = cp.load_session(path)
        standings: cp.Standings = cp.standings(loaded)
        scores: dict[str, int] = standings.scores
        assert scores == {"Anna": 4, "Bo": 2, "Cilla": 5}, scores
        assert cp.replay(loaded).standings().scores == scores
        assert not standings.finished and standings.winners == ()
        payments: list[cp.Payment] = cp.settle_standings(standings, Decimal(1))
        assert payments == []
        cp.save_session(path, loaded.without_last_event())
        assert cp.standings(cp.load_session(path)).scores["Anna"] == 2
        print(points, scores["Cilla"], len(payments))


    main(Path(sys.argv[1]))
    """
)


def test_a_script_using_the_api_runs_and_passes_mypy_strict(tmp_path: Path) -> None:
    """evaluate, a session made, saved, loaded and replayed, the standings and their
    settlement: the script runs, and mypy --strict finds nothing in it."""
    script = tmp_path / "use_api.py"
    script.write_text(SCRIPT, encoding="utf-8")
    run = subprocess.run(
        [sys.executable, str(script), str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == ["2", "5", "0"]
    checked = subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy",
            "--strict",
            "--no-incremental",
            "--cache-dir",
            os.devnull,
            str(script),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        cwd=tmp_path,
        env={**os.environ, "MYPYPATH": str(ROOT)},
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_every_name_of_the_api_is_there_and_typed() -> None:
    """Each name in __all__ imports (lazily), and the package says it is typed."""
    for name in chicago_protokoll.__all__:
        assert getattr(chicago_protokoll, name) is not None, name
    assert (ROOT / "chicago_protokoll" / "py.typed").exists()
