#!/usr/bin/env python3
"""How long `chicago night status` takes over a big club night, beside `chicago status` on
one session (not a timed test).

The night: 80 players at 20 tables of four over 3 rounds, 60 finished sessions of about
20 deals each (random but seeded games played through the rules, as bench/stats.py
writes them), drawn by the night's own draw.  Each command runs as a fresh process,
round after round, interleaved with the others (bench/latency.py's `measure`), and the
verdict is on median CPU time (user + system), the wall clock printed beside it.  The
target (issue 17): `night status` within 3x the CPU of `chicago status` on one session.

    .venv/bin/python bench/night.py [--runs 15] [--quick]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from latency import Case, base_env, find_command, interpreter_of, machine, measure, run
from stats import random_game

from chicago_protokoll.core.game import replay
from chicago_protokoll.core.night import result_of
from chicago_protokoll.core.night_draw import draw_next, new_night
from chicago_protokoll.store.fileformat import dumps_session
from chicago_protokoll.store.nightfile import dumps_night

TABLES = 20
ROUNDS = 3
TARGET = 3.0


def write_night(home: Path, seed: int = 17) -> float:
    """The night ``klubb`` in ``home``: its file and its 60 finished sessions; returns the
    mean deals per game."""
    rng = random.Random(seed)
    players = [f"Spelare {number:02d}" for number in range(1, TABLES * 4 + 1)]
    sessions = home / "sessions"
    sessions.mkdir(parents=True)
    (home / "nights").mkdir()
    night = new_night("klubb", players, rounds=ROUNDS, seed=seed, created="2026-03-06T18:00:00+00:00")
    results = {}
    deals = []
    while True:
        for table in night.current:
            created = "2026-03-06T19:00:00+00:00"
            game = random_game(rng, table.players, created, table.session)
            (sessions / f"{table.session}.toml").write_text(dumps_session(game), "utf-8")
            standings = replay(game).standings()
            results[table.session] = result_of(standings)
            deals.append(standings.deal)
        if night.round == ROUNDS:
            break
        night = draw_next(night, results)
    (home / "nights" / "klubb.toml").write_text(dumps_night(night), "utf-8")
    (home / "current-night").write_text("klubb\n", "utf-8")
    (home / "current").write_text(f"{night.tables[0].session}\n", "utf-8")
    return statistics.mean(deals)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=15, help="rounds of runs (default 15)")
    parser.add_argument("--quick", action="store_true", help="5 rounds: a first look")
    parser.add_argument("--chicago", help="the chicago command to time (default: beside this Python)")
    args = parser.parse_args()
    if args.quick:
        args.runs = 5
    command = find_command(args.chicago)
    chicago = str(command)
    python = interpreter_of(command)
    with tempfile.TemporaryDirectory(prefix="chicago-bench-night-") as tmp:
        home = Path(tmp) / "home"
        env = base_env(home, Path(tmp) / "pycache")
        print(f"# chicago night status, {time.strftime('%Y-%m-%d %H:%M')}")
        print(f"machine: {machine()}")
        print("writing a night of 60 sessions ...", file=sys.stderr)
        mean_deals = write_night(home)
        print(f"night: {TABLES} tables x {ROUNDS} rounds, {mean_deals:.1f} deals a game on average")
        run([chicago, "night", "status", "--json"], env)  # the night loads before timing
        typer = Case("python -c 'import typer' (reference)", [python, "-c", "import typer"], env)
        one = Case("status (one session)", [chicago, "status"], env, expect="Spelare")
        one_json = Case("status --json (one session)", [chicago, "status", "--json"], env, expect='"deal"')
        night = Case("night status (60 sessions)", [chicago, "night", "status"], env, expect="Spelare 01")
        night_json = Case(
            "night status --json (60 sessions)",
            [chicago, "night", "status", "--json"],
            env,
            expect='"standings"',
        )
        cases = [typer, one, one_json, night, night_json]
        print(f"timing {len(cases)} commands x {args.runs} rounds ...", file=sys.stderr)
        measure(cases, args.runs)
    print()
    print("| command | median CPU ms | median wall ms |")
    print("|---|---:|---:|")
    for case in cases:
        print(
            f"| {case.label} | {statistics.median(case.cpu) * 1000:.1f} "
            f"| {statistics.median(case.times) * 1000:.1f} |"
        )
    print()
    for label, mine, base in (
        ("night status / status", night, one),
        ("night status --json / status --json", night_json, one_json),
    ):
        cpu = statistics.median(mine.cpu) / statistics.median(base.cpu)
        wall = statistics.median(mine.times) / statistics.median(base.times)
        verdict = "met" if cpu <= TARGET else "NOT met"
        print(f"{label}: CPU {cpu:.2f}x (target <= {TARGET:g}x: {verdict}), wall {wall:.2f}x")


if __name__ == "__main__":
    main()
