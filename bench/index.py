#!/usr/bin/env python3
"""How long `chicago stats` takes to read a club's games: cold, warm, after a pull, a clone.

Run it with the interpreter the command is installed for (a non-editable install, as a
user has it; docs/latency.md)::

    python bench/index.py                 # 2,000 and 10,000 games
    python bench/index.py --games 2000    # one size
    python bench/index.py --chicago /path/to/chicago

Standard library only.  It plays a few games with the ``chicago`` command itself (so the
files are as this release writes them), copies them under new names into a folder of N
games, and times ``chicago stats --dir FOLDER --json`` (CPU from ``getrusage``, wall
beside it) in a temporary ``HOME``, with the data directory and the index's cache where
platformdirs puts them:

- *cold*: no index (the cache directory removed before each run);
- *warm*: the index as the previous run left it;
- *pull*: 10 of the files rewritten in place (new inode and change time, as ``git pull``
  writes them), the index as it was;
- *clone*: the folder copied to a new path (``cp -r``, as a same-machine ``git clone``
  makes it: every file new by stat), the index as it was;
- *other machine*: a clone with no index: a cold start.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PLAYERS = ("Anna", "Bo", "Cecilia", "Åsa", "Dag", "Eva")

# Deals that end a game in a few deals (a club's games are about 17 events long): each
# a list of options to `chicago deal`; a game plays them in turn until it is over.
DEALS = (
    ("--buy", "{0}:flush", "--buy", "{1}:kåk", "--last-trick", "{2}", "--showdown", "{0}:fyrtal"),
    ("--buy", "{1}:triss", "--buy", "{1}:stege", "--last-trick", "{1}", "--showdown", "{2}:kåk"),
    ("--buy", "pass", "--buy", "{2}:fyrtal", "--last-trick", "{0}", "--showdown", "{2}:färg"),
    ("--buy", "{0}:par", "--buy", "{3}:kåk", "--last-trick", "{3}", "--showdown", "{3}:fyrtal"),
)


def run(argv: list[str], env: dict[str, str]) -> str:
    done = subprocess.run(argv, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        sys.exit(f"bench: {' '.join(argv)} failed ({done.returncode}):\n{done.stderr}")
    return done.stdout


def templates(chicago: str, env: dict[str, str], data: Path) -> list[str]:
    """Six finished games, three or four players, played with `chicago deal`."""
    texts = []
    for number in range(6):
        seated = [PLAYERS[(number + k) % len(PLAYERS)] for k in range(3 + number % 2)]
        run([chicago, "new", f"t{number}", *seated], env)
        for turn in range(40):
            deal = DEALS[(turn + number) % len(DEALS)]
            names = [seated[(turn + k) % len(seated)] for k in range(4)]
            run([chicago, "deal", *(part.format(*names) for part in deal)], env)
            if "game is over" in run([chicago, "status"], env):
                break
        texts.append((data / "sessions" / f"t{number}.toml").read_text("utf-8"))
    return texts


def make_folder(folder: Path, texts: list[str], games: int) -> float:
    folder.mkdir(parents=True)
    events = 0
    for number in range(games):
        text = texts[number % len(texts)]
        name = f"g{number:05d}"
        old = text.split('name = "', 1)[1].split('"', 1)[0]
        (folder / f"{name}.toml").write_text(
            text.replace(f'name = "{old}"', f'name = "{name}"', 1), "utf-8"
        )
        events += text.count("\n[[events]]\n")
    return events / games


def timed(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(argv, env=env, capture_output=True, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        sys.exit(f"bench: {' '.join(argv)} failed:\n{done.stderr.decode()}")
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime, wall


def rewrite(paths: list[Path]) -> None:
    """As `git pull` writes a changed file: a new file renamed over the old one."""
    for path in paths:
        text = path.read_text("utf-8")
        temporary = path.with_suffix(".tmp")
        temporary.write_text(text.replace("# chicago-protokoll", "#  chicago-protokoll", 1), "utf-8")
        os.replace(temporary, path)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, action="append", help="folder size (repeatable)")
    parser.add_argument("--runs", type=int, default=3, help="runs of each (median; default 3)")
    parser.add_argument("--chicago", help="the chicago command (default: beside this Python)")
    args = parser.parse_args()
    sizes = args.games or [2000, 10000]
    chicago = args.chicago or shutil.which("chicago", path=str(Path(sys.executable).parent))
    if not chicago:
        sys.exit("bench: no `chicago` beside this Python; give --chicago PATH")
    with tempfile.TemporaryDirectory(prefix="chicago-index-bench-") as tmp:
        home = Path(tmp) / "home"
        env = {k: v for k, v in os.environ.items() if not k.startswith(("CHICAGO_", "XDG_"))}
        env.update(HOME=str(home), CHICAGO_LANG="en")
        data = home / ".local" / "share" / "chicago-protokoll"
        cache = home / ".cache" / "chicago-protokoll"
        texts = templates(chicago, env, data)
        print(f"# chicago stats over a folder of games, {time.strftime('%Y-%m-%d %H:%M')}")
        print(f"load {', '.join(f'{x:.1f}' for x in os.getloadavg())}; command {chicago}")
        print()
        print("| games | events a game | case | CPU s (median) | wall s | × warm (CPU) |")
        print("|---:|---:|---|---:|---:|---:|")
        for games in sizes:
            folder = Path(tmp) / f"club{games}"
            per_game = make_folder(folder, texts, games)
            stats = [chicago, "stats", "--dir", str(folder), "--json"]
            results: dict[str, tuple[float, float]] = {}

            def measure(case: str, prepare: object, argv: list[str] = stats) -> None:
                cpu, wall = [], []
                for _ in range(args.runs):
                    prepare()  # type: ignore[operator]
                    c, w = timed(argv, env)
                    cpu.append(c)
                    wall.append(w)
                results[case] = (statistics.median(cpu), statistics.median(wall))

            measure("cold", lambda: shutil.rmtree(cache, ignore_errors=True))
            measure("warm", lambda: None)
            files = sorted(folder.glob("*.toml"))
            measure("pull: 10 files rewritten", lambda: (timed(stats, env), rewrite(files[:10])))
            clone = Path(tmp) / f"clone{games}"

            def cloned() -> None:
                timed(stats, env)  # the index knows the original
                shutil.rmtree(clone, ignore_errors=True)
                subprocess.run(["cp", "-r", str(folder), str(clone)], check=True)

            clone_stats = [chicago, "stats", "--dir", str(clone), "--json"]
            measure("same-machine clone", cloned, clone_stats)

            def elsewhere() -> None:
                cloned()
                shutil.rmtree(cache, ignore_errors=True)

            measure("other machine (clone, no index)", elsewhere, clone_stats)
            warm = results["warm"][0]
            for case, (cpu, wall) in results.items():
                print(
                    f"| {games:,} | {per_game:.1f} | {case} | {cpu:.2f} | {wall:.2f} |"
                    f" {cpu / warm:.2f} |"
                )
            shutil.rmtree(folder)
            shutil.rmtree(clone, ignore_errors=True)


if __name__ == "__main__":
    main()
