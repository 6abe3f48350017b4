"""How long `chicago stats` and `chicago sessions` take over many finished sessions, with
the league's index cold and warm (not a timed test).

Writes N finished games of about 20 deals each (random but seeded, played through the
rules like any recorded game) into a fresh data directory, then runs as a user does:

- cold: `chicago stats --json` with no index (deleted before each run: every file is
  read and replayed, the rating computed, the index written);
- warm: `chicago stats --json` and `chicago sessions` again (nothing changed);
- pull: `stats --json` after 10 files were rewritten as `git pull` writes them (a new
  file renamed over each), one line of each changed: the index replays those 10;
- clone: `stats --json` after the folder was copied and put in the old one's place (a
  same-machine `git clone`, a restore, a copy: every file new by stat, the same text):
  each file is read and hashed, none replayed;
- other machine: the same copy with no index (a clone on another machine): a cold start;
- `chicago --version`, the floor every command pays.

For 100, 1,000 and 10,000 sessions by default (and 2,000, where the targets are).  Each
run's CPU time (user + system), wall time and peak RSS come from the child's own
rusage (os.wait4).  The targets (issue 20): a warm `stats --json` and `sessions` over
2,000 games within 5x the CPU of `chicago --version`, over 10,000 within 1 s of CPU;
(issue 32) a cold one over 10,000 within 12 s of CPU, after a pull of 10 of 2,000 files
within 1.5x a warm one, after a same-machine clone within 3x.

On a busy machine (see the load average printed) the wall clock mostly measures waiting
for a core; the CPU time is what the command itself costs.  Byte code is cached in a
temporary PYTHONPYCACHEPREFIX during a warm-up run, as bench/latency.py does.

    .venv/bin/python bench/stats.py [--sizes 100 1000 2000 10000] [--runs 3]
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import NamedTuple

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
            apply(BuyWinner(winner, rng.choice(HANDS) if winner else None, buy=buy, deal=deal))
        bold = [p for p in players if game.may_declare(p)]
        if bold and rng.random() < 0.08:
            declarer = rng.choice(bold)
            apply(ChicagoDeclared(deal, declarer))
            if rng.random() < 0.5:
                apply(ChicagoWon(deal, declarer))
            else:
                apply(ChicagoBroken(deal, rng.choice([p for p in players if p != declarer])))
            continue
        apply(LastTrick(rng.choice(players), deal=deal))
        winner = rng.choice(players) if rng.random() < 0.35 else None
        apply(Showdown(winner, rng.choice(HANDS) if winner else None, deal=deal))
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


class Run(NamedTuple):
    cpu: float
    wall: float
    rss_mb: float
    stdout: bytes


def measured(argv: list[str], env: dict[str, str]) -> Run:
    """One run of ``argv``: its own CPU time, wall time and peak RSS (os.wait4)."""
    began = time.perf_counter()
    process = subprocess.Popen(argv, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout is not None and process.stderr is not None
    out = process.stdout.read()
    err = process.stderr.read()
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    wall = time.perf_counter() - began
    if process.returncode != 0:
        sys.exit(f"bench: {' '.join(argv)} failed:\n{err.decode()}")
    return Run(usage.ru_utime + usage.ru_stime, wall, usage.ru_maxrss / 1024, out)


def best(runs: list[Run]) -> Run:
    """The least CPU, the least wall time and the largest RSS of the runs."""
    return Run(
        min(r.cpu for r in runs), min(r.wall for r in runs), max(r.rss_mb for r in runs), b""
    )


def pulled(chicago: str, env: dict[str, str], home: Path) -> Run:
    """`stats` after 10 files were changed as `git pull` writes them (a new file renamed
    over each)."""
    for path in sorted((home / "sessions").glob("*.toml"))[:10]:
        text = path.read_text("utf-8").replace("# chicago-protokoll", "#  chicago-protokoll", 1)
        path.with_suffix(".new").write_text(text, "utf-8")
        os.replace(path.with_suffix(".new"), path)
    return measured([chicago, "stats", "--json"], env)


def cloned(chicago: str, env: dict[str, str], home: Path, *, index: bool = True) -> Run:
    """`stats` after the folder was copied and put in the old one's place (every file new
    by stat, the same text); without the ``index``, as on another machine."""
    sessions = home / "sessions"
    measured([chicago, "stats", "--json"], env)  # the index as it is now
    shutil.copytree(sessions, home / "clone")
    shutil.rmtree(sessions)
    (home / "clone").rename(sessions)
    if not index:
        shutil.rmtree(home / "cache", ignore_errors=True)
    return measured([chicago, "stats", "--json"], env)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 1000, 2000, 10000])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    chicago = shutil.which("chicago", path=str(Path(sys.executable).parent)) or "chicago"
    print(f"load average before: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    print(
        "| sessions | deals per game | command | index | CPU | wall | peak RSS | CPU per session |"
    )
    print("|---:|---:|---|---|---:|---:|---:|---:|")
    warm_figures: dict[int, dict[str, float]] = {}
    with tempfile.TemporaryDirectory() as pycache:
        for size in args.sizes:
            with tempfile.TemporaryDirectory() as tmp:
                home = Path(tmp)
                mean_deals = write_club(home, size)
                env = {
                    key: value
                    for key, value in os.environ.items()
                    if key not in ("PYTHONDONTWRITEBYTECODE", "CHICAGO_PROTOKOLL_HOME")
                }
                env.update(
                    CHICAGO_PROTOKOLL_HOME=str(home),
                    CHICAGO_LANG="en",
                    PYTHONPYCACHEPREFIX=pycache,
                )
                measured([chicago, "--version"], env)  # byte code written once
                version = best([measured([chicago, "--version"], env) for _ in range(args.runs)])
                cold = []
                for _ in range(args.runs if size <= 1000 else 1):
                    shutil.rmtree(home / "cache", ignore_errors=True)
                    cold.append(measured([chicago, "stats", "--json"], env))
                    if f'"games": {size},'.encode() not in cold[-1].stdout:
                        sys.exit("bench: chicago stats did not count every game")
                rows = [
                    ("--version", "", version),
                    ("stats --json", "cold", best(cold)),
                    (
                        "stats --json",
                        "warm",
                        best(
                            [measured([chicago, "stats", "--json"], env) for _ in range(args.runs)]
                        ),
                    ),
                    (
                        "sessions",
                        "warm",
                        best([measured([chicago, "sessions"], env) for _ in range(args.runs)]),
                    ),
                ]
                runs = range(args.runs)
                rows += [
                    (
                        "stats --json",
                        "pull (10 files)",
                        best([pulled(chicago, env, home) for _ in runs]),
                    ),
                    ("stats --json", "clone", best([cloned(chicago, env, home) for _ in runs])),
                    ("stats --json", "other machine", cloned(chicago, env, home, index=False)),
                ]
                warm_figures[size] = {"version": version.cpu}
                for command, state, run in rows:
                    if state in ("warm", "cold", "clone", "pull (10 files)"):
                        warm_figures[size][f"{command} {state}"] = run.cpu
                    if state == "warm":
                        warm_figures[size][command] = run.cpu
                    per = f"{run.cpu / size * 1000:.2f} ms" if state else ""
                    print(
                        f"| {size} | {mean_deals:.1f} | {command} | {state} | {run.cpu:.2f} s "
                        f"| {run.wall:.2f} s | {run.rss_mb:.0f} MB | {per} |"
                    )
    print(f"load average after: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    if 2000 in warm_figures:
        figures = warm_figures[2000]
        for command in ("stats --json", "sessions"):
            ratio = figures[command] / figures["version"]
            print(
                f"target: warm {command} over 2000 within 5x the CPU of --version: "
                f"x{ratio:.1f} ({'met' if ratio <= 5 else 'NOT met'})"
            )
    if 2000 in warm_figures:
        figures = warm_figures[2000]
        warm = figures["stats --json warm"]
        for state, limit in (("pull (10 files)", 1.5), ("clone", 3.0)):
            ratio = figures[f"stats --json {state}"] / warm
            print(
                f"target: stats --json over 2000 after a {state} within {limit}x a warm one: "
                f"x{ratio:.2f} ({'met' if ratio <= limit else 'NOT met'})"
            )
    if 10000 in warm_figures:
        cold = warm_figures[10000]["stats --json cold"]
        print(
            f"target: cold stats --json over 10000 within 12 s of CPU: {cold:.2f} s "
            f"({'met' if cold <= 12 else 'NOT met'})"
        )
    if 10000 in warm_figures:
        figures = warm_figures[10000]
        for command in ("stats --json", "sessions"):
            used = figures[command]
            print(
                f"target: warm {command} over 10000 within 1 s of CPU: {used:.2f} s "
                f"({'met' if used <= 1 else 'NOT met'})"
            )


if __name__ == "__main__":
    main()
