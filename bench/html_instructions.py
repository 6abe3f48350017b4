#!/usr/bin/env python3
"""The commands that write HTML counted in instructions, beside the floors they stand on.

    python bench/html_instructions.py                    # a non-editable install made for it
    python bench/html_instructions.py --chicago PATH     # an install of your own (not editable)

bench/latency.py times these commands in CPU time, which a loaded machine bends (another
process's cache misses are this one's); valgrind's callgrind counts the instructions a
run executes, the same figure on a busy machine as on a quiet one (within a few million:
the hash seed), so a change of a percent shows.  Each row of bench/latency.py's
`html_cases` (the sheet, the paper protocol, the table cards, the results site, and
``serve`` from its start to its first page answered, then Ctrl-C) is counted once after a
warm-up run (byte code and compiled templates kept, as at a user's second run), on the
data bench/latency.py builds, and divided by ``python -c 'import typer'``'s count.

The floors are what a command of each kind imports before it does any work of its own,
imported as `chicago` imports them (the collector off): Typer, the template engine, the
command line and the scoring core a session is replayed with; a night's commands add the
night store and the league's index; ``serve`` adds the web server (Starlette, uvicorn,
asyncio).  A writer's count minus its floor is its own work: reading, replaying,
rendering.  Instruction ratios run about 1.25-1.3x the CPU-time ratios bench/latency.py
prints for the same commands (Typer's import does more waiting on memory per
instruction than the core's dataclasses do), so the verdicts are bench/latency.py's;
this table says where the instructions go.

Needs valgrind.  Standard library only; it reuses bench/latency.py's install and data.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import latency  # beside this file (bench/ is not a package)

# What each kind of HTML writer imports before its own work (gc off, as __main__ does).
_BASE = "typer, platformdirs, jinja2, chicago_protokoll.cli.app, chicago_protokoll.core.session"
FLOORS = {
    "floor: import typer + jinja2": "typer, jinja2",
    "floor: + the command line and the core (a session's writers)": _BASE,
    "floor: + the night store and the index (a night's writers)": _BASE
    + ", chicago_protokoll.store.nightfile, chicago_protokoll.store.index",
    "floor: + the web server (serve)": _BASE
    + ", starlette.applications, starlette.routing, starlette.responses, uvicorn, asyncio",
}


def instructions(argv: list[str], env: dict[str, str], out: Path, *, serves: bool = False) -> int:
    """The instructions ``argv`` executes (callgrind's total), a server up to its first page."""
    counted = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", *argv]
    if serves:
        latency.serve_once(counted, env)
    else:
        done = subprocess.run(counted, env=env, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            sys.exit(f"bench: {' '.join(argv)} failed:\n{done.stderr[-3000:]}")
    for line in out.read_text(errors="replace").splitlines():
        if line.startswith(("summary:", "totals:")):
            return int(line.split()[1])
    sys.exit(f"bench: callgrind wrote no total for {' '.join(argv)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--chicago", help="an installed (not editable) chicago to count")
    args = parser.parse_args()
    if not shutil.which("valgrind"):
        sys.exit("bench: valgrind is needed (callgrind counts the instructions)")
    with tempfile.TemporaryDirectory(prefix="chicago-html-") as tmp:
        where = Path(tmp)
        command = Path(args.chicago) if args.chicago else latency.install(where)
        python = latency.interpreter_of(command)
        latency.refuse_editable(python)
        chicago = str(command)
        env = latency.base_env(where / "user", where / "pycache")
        home = latency.data_dir_of(python, env)
        print("building the sessions and the night ...", file=sys.stderr)
        sessions = latency.build_sessions(chicago, env, home)
        latency.run([chicago, "sessions", "use", "bench"], env)
        cases = latency.html_cases(chicago, env, sessions[20], home)
        if not cases:
            sys.exit("bench: this release writes no table cards; nothing to count")
        latency.measure(cases, 0)  # the warm-up alone: caches filled, outputs checked

        def run_python(code: str) -> list[str]:
            # The interpreter's own path: a console script's #! line names it.
            return [python, "-c", code]

        rows: list[tuple[str, int]] = []
        subprocess.run(run_python("import typer"), env=env, check=True)  # byte code cached first
        reference = instructions(run_python("import typer"), env, where / "typer.out")
        rows.append(("python -c 'import typer' (reference)", reference))
        for label, modules in FLOORS.items():
            code = f"import gc; gc.disable(); import {modules}"
            subprocess.run(run_python(code), env=env, check=True)  # byte code cached first
            rows.append((label, instructions(run_python(code), env, where / "floor.out")))
        for number, case in enumerate(cases):
            assert case.before is not None  # every HTML row puts the session back first
            case.before[0].write_text(case.before[1], "utf-8")
            # The console script run by its interpreter: valgrind follows no #! line.
            argv = [python, *case.argv]
            out = where / f"case{number}.out"
            rows.append((case.label, instructions(argv, env, out, serves=case.serves)))
    print(f"machine: {latency.machine()}")
    print()
    print("| command | instructions (M) | × `import typer` |")
    print("|---|---:|---:|")
    for label, count in rows:
        print(f"| {label} | {count / 1e6:.0f} | {count / reference:.2f} |")


if __name__ == "__main__":
    main()
