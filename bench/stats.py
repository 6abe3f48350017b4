"""How long `chicago stats` takes over many finished sessions (not a timed test).

Writes N finished games of about 20 deals each (random but seeded, played through the
rules like any recorded game) into a fresh data directory, then times
`chicago stats --json` as a user runs it, for 100 and 1,000 sessions by default.
The target (issue 11): under 2 s for 1,000 sessions.

Both the wall-clock time and the CPU time of the command are shown: on a busy machine
(see the load average printed) the wall clock mostly measures waiting for a core, and
the CPU time is what the command itself costs.

    .venv/bin/python bench/stats.py [--sizes 100 1000] [--runs 3]
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from chicago_protokoll.core.cards import Category
from chicago_protokoll.core.events import (
    BuyWinner,
    ChicagoBroken,
    ChicagoDeclared,
    ChicagoWon,
    LastTrick,
    Showdown,
)
from chicago_protokoll.core.game import Game
from chicago_protokoll.core.session import Session, new_session
from chicago_protokoll.core.standings import Moment
from chicago_protokoll.store.fileformat import dumps_session

CLUB = ("Anna", "Bo", "Cilla", "Dag", "Eva", "Fredrik", "Greta", "Hugo")
HANDS = (Category.PAIR, Category.PAIR, Category.TWO_PAIR, Category.THREE_OF_A_KIND)


def random_game(rng: random.Random, players: tuple[str, ...], created: str, name: str) -> Session:
    """A finished game: small hands, often nobody scoring, so it lasts about 20 deals;
    now and then a Chicago (won or broken) by a player with 15 or more."""
    session = new_session(players, name=name, created=created)
    game = Game(session)
    events = []

    def apply(event: object) -> None:
        game.apply(event)  # type: ignore[arg-type]
        events.append(event)

    while game.moment is not Moment.OVER:
        deal = game.deal
        for buy in (1, 2):
            winner = rng.choice(players) if rng.random() < 0.35 else None
            apply(BuyWinner(deal, winner, rng.choice(HANDS) if winner else None, buy=buy))
        bold = [p for p in players if game.may_declare(p)]
        if bold and rng.random() < 0.08:
            declarer = rng.choice(bold)
            apply(ChicagoDeclared(deal, declarer))
            if rng.random() < 0.5:
                apply(ChicagoWon(deal, declarer))
            else:
                apply(ChicagoBroken(deal, rng.choice([p for p in players if p != declarer])))
            continue
        apply(LastTrick(deal, rng.choice(players)))
        winner = rng.choice(players) if rng.random() < 0.35 else None
        apply(Showdown(deal, winner, rng.choice(HANDS) if winner else None))
    return Session(
        players=session.players,
        rules=session.rules,
        first_dealer=session.first_dealer,
        events=tuple(events),  # type: ignore[arg-type]
        name=name,
        created=created,
    )


def write_club(home: Path, count: int, seed: int = 11) -> float:
    """``count`` finished sessions in ``home``/sessions; returns the mean deals per game."""
    rng = random.Random(seed)
    sessions = home / "sessions"
    sessions.mkdir(parents=True, exist_ok=True)
    start = datetime(2025, 1, 1, 19, 0, tzinfo=UTC)
    deals = []
    for number in range(count):
        players = tuple(rng.sample(CLUB, rng.choice((3, 4, 4))))
        created = (start + timedelta(hours=7 * number)).isoformat(timespec="seconds")
        name = f"kvall-{number:04d}"
        session = random_game(rng, players, created, name)
        deals.append(max(event.deal for event in session.events))
        (sessions / f"{name}.toml").write_text(dumps_session(session), encoding="utf-8")
    return statistics.mean(deals)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 1000])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    chicago = shutil.which("chicago", path=str(Path(sys.executable).parent)) or "chicago"
    print(f"load average before: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    print(
        "| sessions | deals per game | wall, best of runs | CPU, best of runs | CPU per session |"
    )
    print("|---:|---:|---:|---:|---:|")
    figures = {}
    for size in args.sizes:
        with tempfile.TemporaryDirectory() as tmp:
            home = Path(tmp)
            mean_deals = write_club(home, size)
            env = {**os.environ, "CHICAGO_PROTOKOLL_HOME": str(home), "CHICAGO_LANG": "en"}
            times, cpu = [], []
            for _ in range(args.runs):
                used = resource.getrusage(resource.RUSAGE_CHILDREN)
                began = time.perf_counter()
                done = subprocess.run(
                    [chicago, "stats", "--json"], env=env, capture_output=True, check=False
                )
                times.append(time.perf_counter() - began)
                after = resource.getrusage(resource.RUSAGE_CHILDREN)
                cpu.append(after.ru_utime + after.ru_stime - used.ru_utime - used.ru_stime)
                if done.returncode != 0 or f'"games": {size},'.encode() not in done.stdout:
                    sys.exit(f"bench: chicago stats failed:\n{done.stderr.decode()}")
            best, least = min(times), min(cpu)
            figures[size] = (best, least)
            print(
                f"| {size} | {mean_deals:.1f} | {best:.2f} s | {least:.2f} s "
                f"| {least / size * 1000:.2f} ms |"
            )
    print(f"load average after: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    if len(figures) > 1:
        low, high = min(figures), max(figures)
        print(
            f"\n{low} -> {high} sessions: wall x{figures[high][0] / figures[low][0]:.1f}, "
            f"CPU x{figures[high][1] / figures[low][1]:.1f} for x{high / low:.0f} sessions"
        )
    if 1000 in figures:
        wall, used = figures[1000]
        print(
            f"target under 2 s at 1000 sessions: wall {wall:.2f} s "
            f"({'met' if wall < 2 else 'NOT met'}), CPU {used:.2f} s "
            f"({'met' if used < 2 else 'NOT met'})"
        )


if __name__ == "__main__":
    main()
