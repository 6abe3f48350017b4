#!/usr/bin/env python3
"""What a TAB press costs through the shipped bash script, against a bare Python start.

Run it with the interpreter ``chicago`` is installed for::

    python bench/completion.py             # 15 interleaved pairs per case
    python bench/completion.py --pairs 31

Standard library only; its session lives in a temporary ``CHICAGO_PROTOKOLL_HOME``.
Each case is a pair run back to back, A then B, round after round (so a busy moment of
the machine hits both alike): A is one TAB through completions/bash/chicago in a
``bash --norc`` (the completion function called as bash calls it, COMP_WORDS and all),
B is ``python -c pass``.  For each run the wall time and the CPU time of the child
(user + system, from ``resource.getrusage(RUSAGE_CHILDREN)`` before and after) are
taken; the table shows the medians and their ratios A/B.

- a command (``chicago se``): the script answers alone, no Python runs.
  Target: at most 1.5x ``python -c pass``.
- a player (``chicago deal --last-trick Å``): the script runs
  ``_CHICAGO_COMPLETE=names chicago`` (store/completion.py).  Target: at most 2.5x.
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

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "completions" / "bash" / "chicago"
CASES = (
    # label, the line up to the cursor, a word the answer must hold, target ratio
    ("TAB on a command `chicago se`", "chicago se", "sessions", 1.5),
    ("TAB on a player `chicago deal --last-trick Å`", "chicago deal --last-trick Å", "Åsa", 2.5),
)
_HARNESS = (
    'source "$SCRIPT"\n'
    'COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}\n'
    '_chicago chicago "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}" 2>/dev/null\n'
    'printf "%s\\n" "${COMPREPLY[@]}"\n'
)


def timed(argv: list[str], env: dict[str, str]) -> tuple[float, float, str]:
    """Wall and child CPU seconds of one run, and what it printed."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(argv, env=env, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if done.returncode != 0:
        sys.exit(f"bench: {argv[:3]} failed: {done.stderr}")
    return wall, cpu, done.stdout


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n", 1)[0])
    parser.add_argument("--pairs", type=int, default=15, help="interleaved A/B pairs per case")
    args = parser.parse_args()
    bash = shutil.which("bash")
    chicago = Path(sys.executable).parent / "chicago"
    if bash is None or not chicago.exists():
        sys.exit("bench: needs bash and the chicago command beside this Python")
    with tempfile.TemporaryDirectory() as home:
        env = {
            **{k: v for k, v in os.environ.items() if not k.startswith(("_CHICAGO", "COMP_"))},
            "CHICAGO_PROTOKOLL_HOME": home,
            "PATH": f"{chicago.parent}{os.pathsep}{os.environ['PATH']}",
            "SCRIPT": str(SCRIPT),
            "LANG": "C.UTF-8",
        }
        made = subprocess.run(
            [str(chicago), "new", "fredag", "Anna", "Bo", "Cecilia", "Åsa"],
            env=env,
            capture_output=True,
            check=False,
        )
        if made.returncode != 0:
            sys.exit(f"bench: could not make a session: {made.stderr!r}")
        floor = [sys.executable, "-c", "pass"]
        print(f"Python {sys.version.split()[0]}, {os.cpu_count()} CPUs; {args.pairs} pairs each")
        print()
        print("| case | A wall ms | B wall ms | wall A/B | A cpu ms | B cpu ms | cpu A/B | target |")
        print("|---|---|---|---|---|---|---|---|")
        met = 0
        for label, line, expect, target in CASES:
            words = line.split(" ")
            tab = [bash, "--norc", "--noprofile", "-c", _HARNESS, "bash", *words]
            out = timed(tab, env)[2]  # warm-up, and a check of the answer
            if expect not in out:
                sys.exit(f"bench: {label}: expected {expect!r}, got {out!r}")
            timed(floor, env)
            runs: dict[str, list[tuple[float, float]]] = {"a": [], "b": []}
            for _ in range(args.pairs):
                runs["a"].append(timed(tab, env)[:2])
                runs["b"].append(timed(floor, env)[:2])
            a_wall = statistics.median(w for w, _ in runs["a"]) * 1000
            b_wall = statistics.median(w for w, _ in runs["b"]) * 1000
            a_cpu = statistics.median(c for _, c in runs["a"]) * 1000
            b_cpu = statistics.median(c for _, c in runs["b"]) * 1000
            ratio = a_wall / b_wall
            ok = ratio <= target
            met += ok
            print(
                f"| {label} | {a_wall:.1f} | {b_wall:.1f} | {ratio:.2f} | {a_cpu:.1f} | "
                f"{b_cpu:.1f} | {a_cpu / b_cpu:.2f} | ≤ {target}× {'met' if ok else 'MISSED'} |"
            )
        print()
        print(f"{met} of {len(CASES)} targets met (wall ratio)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
