#!/usr/bin/env python3
"""How long the ``chicago`` command takes at the table, measured as a user installs it.

Run it with any Python 3.11+ from the source tree::

    python bench/latency.py            # a non-editable install made for it; a few minutes
    python bench/latency.py --quick    # 5 rounds: a first look
    python bench/latency.py --runs 31  # steadier medians
    python bench/latency.py --chicago /path/to/chicago   # an install of your own

Standard library only.  By default it installs the project from this source tree into a
fresh virtual environment (``pip install .``, not editable: an editable install adds
its import hook to every start, the floor every ratio divides by), as ``pipx`` or ``pip``
installs it for a user; ``--chicago`` times an install of your own, which must not be
editable.  The sessions live where a user's do: ``HOME`` is a temporary directory and
the data directory is the one platformdirs gives (``CHICAGO_PROTOKOLL_HOME`` unset, so
every command pays for platformdirs as a user's does); a few rows repeat a command with
``CHICAGO_PROTOKOLL_HOME`` set, for the difference.  Every command runs as a fresh
process, round after round, interleaved so that a busy moment of the machine hits all
commands alike.

The verdicts are on CPU time (user + system, from ``getrusage(RUSAGE_CHILDREN)``
before and after each child, to the microsecond), not wall-clock time: on a
machine that other work shares, a process waits for a core, which its wall time
counts and its CPU time does not.  Each command's median CPU time (of at least 21
rounds by default) is a ratio to that of the floor, ``python -c pass``, and of the
reference, ``python -c 'import typer'`` (what any Typer command pays before it does
anything), measured in the same rounds.  Targets (issue 41, docs/latency.md, which says
why they replace issue 32's 1.3x and 1.45x): ``chicago --help`` and ``--version`` within
1.15x of the reference's CPU, every command's ``--help`` within 1.1x of ``chicago
--help``'s, every command that reads within 1.45x, every command that records within
1.5x, a TAB press on a name within 2.5x of the floor's (a TAB after the first in a
shell, which also asks for the data directory: a row of its own, no target), and every
command that writes HTML (the sheet, the paper protocol, the table cards, the results
site) within 2.0x (issue 39: they import Jinja2, which no other command does, and run
templates compiled at their first run); ``serve`` up to its first page within 0.5x of
``import typer`` above its floor, the libraries it cannot answer without (a row of its
own: they alone cost about 3x, docs/latency.md "HTML writers").  The
wall-clock medians are printed beside them.

A read whose session file is byte for byte as when it last answered prints its kept
answer (store/answers.py, docs/latency.md "Kept answers"): the rows that restore the same
text each run time that path, which a table's reads between two deals take; the rows
"... (first read after a change)" write a comment line naming the run into the file, so
every run reads other bytes and computes the answer (no target: they show the price of
the first read after a deal, and what keeping the answer adds to it).

Byte code is compiled at install (as pip does for a user), and for ``--chicago`` cached
in a temporary ``PYTHONPYCACHEPREFIX`` during a warm-up run.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import resource
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

PLAYERS = ("Anna", "Bo", "Cecilia", "Åsa")

# Twenty deals as typed at a table: hand names in both languages, five cards,
# exchanges, ties, passes, a Chicago.  Replayed in order on a fresh session.
DEALS: tuple[tuple[str, ...], ...] = (
    (
        "--buy",
        "Anna:pair",
        "--buy",
        "Bo:two-pair",
        "--last-trick",
        "Cecilia",
        "--showdown",
        "Åsa:flush",
    ),
    ("--buy", "pass", "--buy", "Cecilia:triss", "--last-trick", "Åsa", "--showdown", "Anna:stege"),
    (
        "--exchange",
        "Anna:3,2,1",
        "--exchange",
        "Bo:1,1,0",
        "--buy",
        "Bo:KH KS 9D 9H 3C",
        "--last-trick",
        "Bo",
        "--showdown",
        "Cecilia:kåk",
    ),
    ("--buy", "tie", "--buy", "Åsa:par", "--last-trick", "Anna", "--with-two", "--showdown", "tie"),
    ("--buy", "Cecilia:färg", "--last-trick", "Cecilia", "--showdown", "Bo:two pair"),
    (
        "--buy",
        "Anna:trips",
        "--buy",
        "Anna:fyrtal",
        "--last-trick",
        "Anna",
        "--showdown",
        "Anna:full-house",
    ),
    ("--buy", "Bo:pair", "--buy", "Cecilia:pair", "--last-trick", "Åsa", "--showdown", "pass"),
    ("--buy", "Åsa:K♥ K♠ 9♦ 9♥ 3♣", "--buy", "pass", "--chicago", "Anna"),
    (
        "--buy",
        "Bo:stege",
        "--buy",
        "Bo:färg",
        "--last-trick",
        "Cecilia",
        "--showdown",
        "Åsa:tvåpar",
    ),
    (
        "--exchange",
        "Cecilia:2,2,2",
        "--buy",
        "Cecilia:pair",
        "--last-trick",
        "Bo",
        "--showdown",
        "Bo:straight",
    ),
    ("--buy", "Anna:par", "--buy", "Bo:par", "--last-trick", "Cecilia", "--showdown", "Åsa:par"),
    ("--buy", "pass", "--buy", "pass", "--last-trick", "Åsa", "--showdown", "pass"),
    ("--buy", "Cecilia:AH AS AD 2C 2D", "--last-trick", "Anna", "--showdown", "Bo:flush"),
    (
        "--buy",
        "Åsa:triss",
        "--buy",
        "Anna:two-pair",
        "--last-trick",
        "Bo",
        "--showdown",
        "Cecilia:pair",
    ),
    ("--buy", "Bo:pair", "--last-trick", "Bo", "--with-two", "--showdown", "Bo:pair"),
    (
        "--buy",
        "Anna:stege",
        "--buy",
        "Cecilia:kåk",
        "--last-trick",
        "Åsa",
        "--showdown",
        "Anna:pair",
    ),
    (
        "--exchange",
        "Åsa:5,0,0",
        "--buy",
        "Åsa:flush",
        "--last-trick",
        "Cecilia",
        "--showdown",
        "tie",
    ),
    ("--buy", "Bo:two-pair", "--buy", "Bo:triss", "--last-trick", "Anna", "--showdown", "Åsa:pair"),
    ("--buy", "Cecilia:pair", "--buy", "Åsa:pair", "--last-trick", "Bo", "--showdown", "Anna:färg"),
    ("--buy", "Anna:pair", "--buy", "pass", "--last-trick", "Åsa", "--showdown", "Cecilia:stege"),
)

# The deal timed on the 20-deal session (the file is put back before each run).
TIMED_DEAL = (
    "--buy",
    "Anna:pair",
    "--buy",
    "Bo:KH KS 9D 9H 3C",
    "--last-trick",
    "Cecilia",
    "--showdown",
    "Åsa:flush",
)

# Targets (issue 41; docs/latency.md): kind -> (what the median CPU time is divided by,
# the limit).  "--help" is the root's help, `chicago --help`, timed in the same rounds.
TARGETS = {
    "completion": ("floor", 2.5),
    "read": ("typer", 1.45),
    "write": ("typer", 1.5),
    "help": ("typer", 1.15),
    "command help": ("--help", 1.1),
    "html": ("typer", 2.0),
    # `serve` up to its first page: within 0.5x of `import typer` of its floor, the
    # libraries it cannot answer without (docs/latency.md, "HTML writers": they alone
    # cost 2.5-3x, beyond issue 39's 2.0x; 0.5x is what a sheet's export computes
    # beyond its imports, plus uvicorn's start and stop)
    "serve": ("serve's floor", 0.5),
}
#: What `chicago serve` cannot answer its first page without, imported and nothing more:
#: Typer, platformdirs, the template engine, Starlette's app, routing and responses,
#: uvicorn and the HTTP protocol it answers with, and the read's core (the page is the
#: session's sheet, replayed).
SERVE_FLOOR = "serve's floor: import typer, jinja2, starlette, uvicorn, h11, core.game"
SERVE_FLOOR_MODULES = (
    "jinja2", "jinja2.ext", "starlette.applications", "starlette.routing",
    "starlette.responses", "uvicorn", "uvicorn.protocols.http.h11_impl",
    "chicago_protokoll.core.game",
)  # fmt: skip

# Each command's --help (a representative set: one of every module of cli/, the commands
# typed at the table, and the groups): its module alone is imported, no part of the core.
HELPS: tuple[tuple[str, ...], ...] = (
    ("status",), ("deal",), ("undo",), ("new",), ("edit",), ("export",), ("settle",),
    ("explain",), ("stats",), ("serve",), ("play",), ("import",), ("nights",),
    ("sessions",), ("rules", "show"), ("night",), ("night", "status"), ("club", "sync"),
    ("completion", "show"), ("publish",),
)  # fmt: skip


@dataclass
class Case:
    label: str
    argv: list[str]
    env: dict[str, str] = field(default_factory=dict)
    target: str | None = None  # a key of TARGETS
    expect: str | None = None  # a piece of stdout the warm-up run must show
    before: tuple[Path, str] | None = None  # (file, text) written before every run
    # `before`'s text with a comment line naming the run after its first line: the same
    # game, other bytes, so a kept answer (store/answers.py) never answers (the miss path)
    changed: bool = False
    then: tuple[list[str], dict[str, str]] | None = None  # run next, its time added
    runs: int | None = None  # fewer runs for the slow ones
    serves: bool = False  # a server: timed from its start to its first page, then Ctrl-C
    times: list[float] = field(default_factory=list)  # wall clock
    cpu: list[float] = field(default_factory=list)  # user + system time of the process


SOURCE = Path(__file__).resolve().parents[1]


def install(where: Path) -> Path:
    """The project from this source tree in a fresh venv, not editable: as a user has it."""
    venv = where / "venv"
    print(f"installing {SOURCE} into {venv} (not editable) ...", file=sys.stderr)
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = venv / ("Scripts" if os.name == "nt" else "bin") / "python"
    subprocess.run(
        [str(python), "-m", "pip", "install", "-q", "--disable-pip-version-check", str(SOURCE)],
        check=True,
        env={k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"},
    )
    found = shutil.which("chicago", path=str(python.parent))
    if not found:
        sys.exit(f"bench: the install in {venv} has no `chicago` command")
    return Path(found)


def refuse_editable(python: str) -> None:
    """An editable install's import hook runs on every start: not what a user times."""
    code = (
        "import sys, sysconfig, chicago_protokoll as c; "
        "sys.exit(0 if c.__file__.startswith(sysconfig.get_paths()['purelib']) else 1)"
    )
    # Not from the source tree's folder: `-c` puts the working folder first on sys.path,
    # and there the source tree's package would be found instead of the install's.
    if subprocess.run([python, "-c", code], check=False, cwd=tempfile.gettempdir()).returncode != 0:
        sys.exit("bench: that chicago is an editable install (or a source tree); time an install")


def interpreter_of(command: Path) -> str:
    """The Python a console script runs on (its #! line), else this one."""
    try:
        first = command.read_bytes()[:512].split(b"\n", 1)[0].decode()
    except (OSError, UnicodeDecodeError):
        return sys.executable
    if first.startswith("#!") and "python" in first:
        return first[2:].strip().split()[0]
    return sys.executable


def base_env(user: Path, pycache: Path) -> dict[str, str]:
    """A user's environment with a temporary HOME: no CHICAGO_PROTOKOLL_HOME, no XDG_
    directories of this machine's user, so the data directory is platformdirs'."""
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("_CHICAGO", "_TYPER", "COMP_", "CHICAGO_", "XDG_"))
        and key not in ("PYTHONDONTWRITEBYTECODE", "PYTHONPYCACHEPREFIX", "TERMINAL_WIDTH")
    }
    env.update(
        HOME=str(user),
        USERPROFILE=str(user),
        CHICAGO_LANG="en",
        PYTHONPYCACHEPREFIX=str(pycache),
        COLUMNS="100",
    )
    return env


def data_dir_of(python: str, env: dict[str, str]) -> Path:
    """Where the installed command keeps its data for this environment (platformdirs)."""
    code = "import platformdirs; print(platformdirs.user_data_dir('chicago-protokoll'))"
    return Path(run([python, "-c", code], env).strip())


def run(argv: Sequence[str], env: dict[str, str], *, check: bool = True) -> str:
    done = subprocess.run(argv, env=env, capture_output=True, text=True, check=False)
    if check and done.returncode != 0:
        sys.exit(f"bench: {' '.join(argv)} failed ({done.returncode}):\n{done.stderr}{done.stdout}")
    return done.stdout


def build_sessions(chicago: str, env: dict[str, str], home: Path) -> dict[int, Path]:
    """Sessions of 20, 200 and 1,000 deals; the 20 typed with `chicago deal`, the rest
    the same deals again with their numbers moved on.  The long ones lie outside the
    store (`--file`), so that `chicago sessions` lists what a table's store holds after a
    few evenings: the 20-deal session and four earlier copies of it."""
    rules = home / "bench-rules.toml"
    home.mkdir(parents=True, exist_ok=True)
    # A table that plays on and on: the target out of reach, no köpstopp.
    rules.write_text("[game]\ntarget = 1000000\n\n[buy_stop]\nthreshold = false\n", "utf-8")
    run([chicago, "new", "bench", *PLAYERS, "--rules", str(rules)], env)
    for deal in DEALS:
        run([chicago, "deal", *deal], env)
    sessions = home / "sessions"
    base = sessions / "bench.toml"
    text = base.read_text("utf-8")
    head, _, rest = text.partition("\n[[events]]\n")
    blocks = rest.split("\n[[events]]\n")
    tail = blocks[-1].rpartition("\n\n# end of")
    blocks[-1], end = tail[0] + "\n", "\n# end of" + tail[2]
    for evening in range(2, 6):
        earlier = text.replace('name = "bench"', f'name = "bench-{evening}"', 1)
        (sessions / f"bench-{evening}.toml").write_text(earlier, "utf-8")
    (home / "long").mkdir()
    paths = {20: base}
    for count in (200, 1000):
        name = f"bench{count}"
        parts = [head.replace('name = "bench"', f'name = "{name}"', 1)]
        for copy in range(count // len(DEALS)):
            for block in blocks:
                # Each copy of an event has a deal number and an id of its own.
                lines = [
                    f"deal = {int(line[7:]) + copy * len(DEALS)}"
                    if line.startswith("deal = ")
                    else f'{line[:-1]}-{copy}"'
                    if line.startswith('id = "')
                    else line
                    for line in block.split("\n")
                ]
                parts.append("\n[[events]]\n" + "\n".join(lines).rstrip("\n") + "\n")
        path = home / "long" / f"{name}.toml"
        path.write_text("".join(parts).rstrip("\n") + "\n" + end.lstrip("\n"), "utf-8")
        paths[count] = path
    for count, path in paths.items():
        status = json.loads(run([chicago, "status", "--json", "--file", str(path)], env))
        if status["deal"] != count + 1:
            sys.exit(f"bench: {path.name} replays to deal {status['deal']}, not {count + 1}")
    return paths


def completion_cases(chicago: str, env: dict[str, str], home: Path) -> list[Case]:
    """A TAB on a name: the one TAB that runs Python (`_CHICAGO_COMPLETE=names`, as the
    shipped scripts call it).  A TAB on a command or an option runs no Python at all;
    bench/completion.py times those through the bash script.

    The scripts ask for the data directory once in a shell (`_CHICAGO_COMPLETE=data-dir`,
    which imports platformdirs) and pass it, with the key it printed, to every names
    call after (store/completion.py).  The targeted rows are such a TAB, with what this
    install's data-dir printed; one row is the first TAB in a shell (data-dir, then
    names), and one a TAB given no directory, as before the scripts kept one."""
    asked = dict(env, _CHICAGO_COMPLETE="data-dir")
    names = dict(env, _CHICAGO_COMPLETE="names")
    player = [chicago, "player", "Å", "", ""]
    hand = [chicago, "who", "Åsa:k", "", ""]
    done = subprocess.run([chicago], env=asked, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        # A release before the scripts kept the data directory: its TABs are timed as its
        # scripts ran them, every one asking platformdirs.
        print("bench: no data-dir in this release; TAB timed without it", file=sys.stderr)
        return [
            Case("TAB: a player `deal --last-trick Å`", player, names, "completion", "Åsa"),
            Case("TAB: a hand `buy Åsa:k`", hand, names, "completion", "Åsa:kåk"),
        ]
    answer = done.stdout.splitlines()
    if len(answer) != 2 or Path(answer[1]) != home:
        sys.exit(f"bench: data-dir printed {answer!r}, not a key and {home}")
    kept = dict(names, _CHICAGO_DATA_KEY=answer[0], _CHICAGO_DATA_DIR=answer[1])
    return [
        Case("TAB: a player `deal --last-trick Å`", player, kept, "completion", "Åsa"),
        Case("TAB: a hand `buy Åsa:k`", hand, kept, "completion", "Åsa:kåk"),
        Case(
            "TAB: a player, the first in a shell (data-dir + names)",
            [chicago],
            asked,
            expect="Åsa",
            then=(player, kept),
        ),
        Case("TAB: a player, no directory given (platformdirs)", player, names, None, "Åsa"),
    ]


_WRITTEN = [0]  # runs written so far: a changed row's comment line names its run


def write_before(case: Case) -> None:
    if not case.before:
        return
    path, text = case.before
    if case.changed:
        _WRITTEN[0] += 1
        first, _, rest = text.partition("\n")
        text = f"{first}\n# bench run {_WRITTEN[0]}\n{rest}"
    path.write_text(text, "utf-8")


def measure(cases: list[Case], rounds: int) -> None:
    for case in cases:  # warm-up: byte-code caches, disk cache, and a check of the output
        write_before(case)
        out = serve_once(case.argv, case.env) if case.serves else run(case.argv, case.env)
        if case.then:
            out = run(*case.then)
        if case.expect is not None and case.expect not in out:
            sys.exit(f"bench: {case.label}: expected {case.expect!r} in the output, got:\n{out}")
    for number in range(rounds):
        for case in cases:
            if case.runs is not None and number >= case.runs:
                continue
            write_before(case)
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            for argv, env in [(case.argv, case.env), *([case.then] if case.then else [])]:
                if case.serves:
                    serve_once(argv, env)
                    continue
                subprocess.run(
                    argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False
                )
            case.times.append(time.perf_counter() - start)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            case.cpu.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)


def serve_once(argv: Sequence[str], env: dict[str, str]) -> str:
    """Start a server (``chicago serve --port 0``), fetch the page at the address it
    prints, stop it with Ctrl-C and wait for it: the page.  Its CPU time is the
    process's, from its start to its exit (the waits between cost none)."""
    server = subprocess.Popen(
        argv, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True
    )
    try:
        assert server.stdout is not None
        for line in server.stdout:
            found = re.search(r"http://[^\s]+/", line)
            if found:
                break
        else:
            sys.exit(f"bench: {' '.join(argv)} printed no address")
        with urllib.request.urlopen(found[0], timeout=60) as answer:
            page = answer.read().decode("utf-8")
        server.send_signal(signal.SIGINT)
        server.wait(timeout=60)
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
    return page


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "?"
    return f"{platform.system()} {platform.release()}, {cpu}, {os.cpu_count()} cores, load {load}"


def moment_texts(chicago: str, env: dict[str, str], file20: Path) -> dict[str, str]:
    """The 20-deal session stopped at the moments the single-event commands record:
    a köp (as it is), the last trick, the showdown.  The file is put back afterwards."""
    text20 = file20.read_text("utf-8")
    texts = {"buy": text20}
    for moment, step in (("tricks", ("buy", "Anna:pair")), ("showdown", ("tricks", "Bo"))):
        if moment == "tricks":
            run([chicago, "buy", "pass"], env)  # köp 2 comes first
        run([chicago, *step], env)
        status = json.loads(run([chicago, "status", "--json"], env))
        if status["next"] != moment:
            sys.exit(f"bench: expected the {moment} moment, the session is at {status['next']}")
        texts[moment] = file20.read_text("utf-8")
    file20.write_text(text20, "utf-8")
    return texts


def least_cases(python: str, env: dict[str, str]) -> list[Case]:
    """What a command cannot do without, imported and nothing more (no target): Typer and
    platformdirs (every command that finds the data directory), then the scoring core a
    read replays a session with (`core.game`: the events, the house rules, the standings),
    then what a write also parses its entry with (`core.entry`).  Beside the reads' 1.3x
    and the writes' 1.45x they show how much of each target is left for the command's own
    work (docs/latency.md).  Imported as `chicago` imports them: the cyclic garbage
    collector off while they load and what they made frozen out of its sight, so that the
    collection at exit does not walk it (chicago_protokoll/__main__.py); together about
    a fifth of `python -c 'import typer'`, which pays for both."""

    def least(*modules: str) -> list[str]:
        imported = ", ".join(("typer", "platformdirs", *modules))
        return [python, "-c", f"import gc; gc.disable(); import {imported}; gc.freeze()"]

    return [
        Case("import typer, platformdirs", least(), env),
        Case(
            "import typer, platformdirs, core.game (a read's core)",
            least("chicago_protokoll.core.game"),
            env,
        ),
        Case(SERVE_FLOOR, least(*SERVE_FLOOR_MODULES), env),
        Case(
            "import typer, platformdirs, core.entry (a write's core)",
            least("chicago_protokoll.core.entry"),
            env,
        ),
    ]


def everyday_cases(chicago: str, env: dict[str, str], file20: Path) -> list[Case]:
    """The commands typed at the table and after a game, on the 20-deal session (the
    current one), each with the 1.5x-of-`import typer` target (help: 2x)."""
    texts = moment_texts(chicago, env, file20)
    sv = dict(env, CHICAGO_LANG="sv")
    named = dict(env, CHICAGO_PROTOKOLL_HOME=str(file20.parent.parent))
    changing = file20.parent.parent / "bench-changing.toml"

    def case(
        label: str,
        args: Sequence[str],
        expect: str,
        *,
        env: dict[str, str] = env,
        before: tuple[Path, str] | None = None,
        target: str = "read",
    ) -> Case:
        # Every run on the session as built unless another moment is given: each round
        # (and each install, with --against) reads the same file, whatever ran before.
        before = before or (file20, texts["buy"])
        return Case(label, [chicago, *args], env, target or None, expect, before)

    return [
        case("status --json", ["status", "--json"], '"deal": 21'),
        case("status", ["status"], "Åsa"),
        # the miss path of a kept answer (no target): each run's file differs by a comment.
        # A file of its own (a copy of the 20 deals, outside sessions/ so `sessions` lists
        # the same five): the other rows' file keeps the bytes their kept answers were made of.
        Case("status (first read after a change)", [chicago, "status", "--file", str(changing)],
             env, None, "Åsa", (changing, texts["buy"]), changed=True),
        Case("export --format json (first after a change)",
             [chicago, "export", "--format", "json", "--file", str(changing)],
             env, None, "Åsa", (changing, texts["buy"]), changed=True),
        case("status (Swedish)", ["status"], "Åsa", env=sv),
        case("log", ["log"], "Åsa"),
        case(
            "deal ...",
            ["deal", *TIMED_DEAL],
            "deal 22",
            before=(file20, texts["buy"]),
            target="write",
        ),
        case("buy", ["buy", "Bo:pair"], "Bo", before=(file20, texts["buy"]), target="write"),
        case(
            "tricks",
            ["tricks", "Cecilia"],
            "Cecilia",
            before=(file20, texts["tricks"]),
            target="write",
        ),
        case(
            "showdown",
            ["showdown", "Åsa:flush"],
            "Åsa",
            before=(file20, texts["showdown"]),
            target="write",
        ),
        case("undo", ["undo"], "Åsa", before=(file20, texts["buy"]), target="write"),
        case("explain 20", ["explain", "20"], "Åsa"),
        case("explain (20 deals)", ["explain"], "Åsa"),
        case("why declare", ["why", "declare", "Anna"], "Anna"),
        case("chart", ["chart"], "Åsa"),
        case("settle", ["settle"], "Åsa"),
        case("settle --json", ["settle", "--json"], '"payments"'),
        case("compare", ["compare", "KH KS 9D 9H 3C", "flush"], "flush"),
        case("export --format json", ["export", "--format", "json"], "Åsa"),
        case("export --format csv", ["export", "--format", "csv"], "Åsa"),
        case("rules show", ["rules", "show"], "target"),
        case("sessions", ["sessions"], "bench"),
        case("sessions show", ["sessions", "show"], "Åsa"),
        case("--help", ["--help"], "Usage", target="help"),
        case("--version", ["--version"], "chicago-protokoll", target="help"),
        *(
            case(f"{' '.join(args)} --help", [*args, "--help"], "Usage", target="command help")
            for args in HELPS
            # a release before may lack a command (`nights`): its row is left out there
            if subprocess.run([chicago, *args, "--help"], env=env, capture_output=True,
                              check=False).returncode == 0
        ),
        # The same data directory named by CHICAGO_PROTOKOLL_HOME: no platformdirs
        case("status (CHICAGO_PROTOKOLL_HOME set)", ["status"], "Åsa", env=named, target=""),
        case("log (CHICAGO_PROTOKOLL_HOME set)", ["log"], "Åsa", env=named, target=""),
    ]


def html_cases(chicago: str, env: dict[str, str], file20: Path, home: Path) -> list[Case]:
    """The commands that write HTML (target 2.0x): on the 20-deal session the sheet and the
    paper protocol; on a club night of 12 (two rounds, tables of 4) its table cards and
    paper protocols; the results site of the store (`publish`, the second run of which
    compares every page); and a server up to its first page, the live sheet."""
    if subprocess.run([chicago, "night", "cards", "--help"], env=env, capture_output=True,
                      check=False).returncode != 0:
        return []  # a release before the nights
    players = ("Anna", "Bo", "Cecilia", "Åsa", "Dag", "Eva", "Fredrik", "Greta", "Hans",
               "Ida", "Jon", "Karin")  # fmt: skip
    if not (home / "nights").exists() or "benchnight" not in run([chicago, "nights"], env):
        run([chicago, "night", "new", "benchnight", *players, "--rounds", "2"], env)
    site = home.parent / "bench-site"
    html = "<!DOCTYPE html>"
    as_built = file20.read_text("utf-8")  # (the everyday rows put it back after their moments)
    changing = file20.parent.parent / "bench-changing.toml"  # as in everyday_cases

    def case(label: str, args: Sequence[str], expect: str, *, serves: bool = False) -> Case:
        return Case(label, [chicago, *args], env, "html", expect, (file20, as_built), serves=serves)

    return [
        case("export --format html", ["export", "--format", "html"], html),
        Case("export --format html (first after a change)",
             [chicago, "export", "--format", "html", "--file", str(changing)],
             env, None, html, (changing, as_built), changed=True),
        case("export --format protocol", ["export", "--format", "protocol"], html),
        case("night cards (12 players)", ["night", "cards", "benchnight"], html),
        case("night cards --protocol (12 players)", ["night", "cards", "benchnight", "--protocol"], html),
        case("publish (a night, 5 sessions)", ["publish", str(site)], "Published"),
        replace(
            case("serve to its first page", ["serve", "--port", "0"], html, serves=True),
            target="serve",
        ),
    ]


def all_cases(
    chicago: str,
    python: str,
    env: dict[str, str],
    home: Path,
    sessions: dict[int, Path],
    args: argparse.Namespace,
) -> list[Case]:
    """Every row of the table for one install: the floor and the reference first."""
    file20 = sessions[20]
    return [
        Case("python -c pass (the floor)", [python, "-c", "pass"], env),
        Case("python -c 'import typer' (reference)", [python, "-c", "import typer"], env),
        *least_cases(python, env),
        *([] if args.no_tab else completion_cases(chicago, env, home)),
        *everyday_cases(chicago, env, file20),
        *html_cases(chicago, env, file20, home),
        Case(
            "status (200 deals)",
            [chicago, "status", "--file", str(sessions[200])],
            env,
            None,
            "Åsa",
        ),
        Case(
            "status --json (200 deals)",
            [chicago, "status", "--json", "--file", str(sessions[200])],
            env,
            None,
            '"deal": 201',
        ),
        Case(
            "log (200 deals)",
            [chicago, "log", "--file", str(sessions[200])],
            env,
            None,
            "Åsa",
        ),
        Case(
            "export --format json (1000 deals)",
            [chicago, "export", "--format", "json", "--file", str(sessions[1000])],
            env,
            None,
            "Åsa",
            runs=max(3, args.runs // 3),
        ),
    ]


# Kept by --only: the ratios divide by these, and "command help" by `--help`.
ALWAYS = ("python -c pass (the floor)", "python -c 'import typer' (reference)", "--help")
# shown with the row whose target it is
SHOWN_WITH = {"serve to its first page": SERVE_FLOOR}


def chosen(cases: list[Case], only: list[str] | None) -> list[Case]:
    """The rows --only names (all without it), the floor and the reference first."""
    if not only:
        return cases
    unknown = set(only) - {case.label for case in cases}
    if unknown:
        sys.exit(f"bench: no row {', '.join(sorted(unknown))}; the labels are those the table prints")
    wanted = {*ALWAYS, *only, *(SHOWN_WITH[label] for label in only if label in SHOWN_WITH)}
    return [case for case in cases if case.label in wanted]


def print_against(cases: list[Case], others: list[Case], other: str) -> None:
    """Each command of this install beside the same command of ``other``, timed in the
    same rounds: the ratio of each to its own `import typer`, and this one's CPU over the
    other's, the median of the per-round ratios (a busy moment hits both alike)."""
    before_of = {case.label: case for case in others}
    own_typer = statistics.median(cases[1].cpu)
    other_typer = statistics.median(others[1].cpu)
    print()
    print(f"Against {other}, in the same interleaved rounds:")
    print()
    print(
        "| command | before: CPU ms | × `import typer` | after: CPU ms | × `import typer` "
        "| after / before (paired) |"
    )
    print("|---|---:|---:|---:|---:|---:|")
    for case in cases:
        before = before_of.get(case.label)
        after_cpu = statistics.median(case.cpu)
        if before is None:
            print(f"| {case.label} |  |  | {after_cpu * 1000:.1f} | {after_cpu / own_typer:.2f} |  |")
            continue
        before_cpu = statistics.median(before.cpu)
        paired = statistics.median(a / b for a, b in zip(case.cpu, before.cpu, strict=True))
        print(
            f"| {case.label} | {before_cpu * 1000:.1f} | {before_cpu / other_typer:.2f} | "
            f"{after_cpu * 1000:.1f} | {after_cpu / own_typer:.2f} | {paired:.2f} |"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=21, help="rounds of runs (default 21)")
    parser.add_argument("--quick", action="store_true", help="5 rounds: a first look")
    parser.add_argument(
        "--no-tab",
        action="store_true",
        help="leave out TAB on a name (to time a release before the static completion scripts)",
    )
    parser.add_argument(
        "--only",
        metavar="LABEL",
        nargs="+",
        help="time only these rows (their labels as the table prints them, e.g. 'sessions' "
        "'undo'), besides the floor, the reference and --help: a look at a few commands "
        "without the whole table (the growth rows and the verdicts on them are left out)",
    )
    parser.add_argument(
        "--chicago",
        help="an installed (not editable) chicago to time (default: one installed for the run)",
    )
    parser.add_argument(
        "--against",
        metavar="CHICAGO",
        help="another installed (not editable) chicago, a release before: every command of "
        "both in the same interleaved rounds, and a table of the two side by side",
    )
    args = parser.parse_args()
    if args.quick:
        args.runs = 5

    with tempfile.TemporaryDirectory(prefix="chicago-bench-") as tmp:
        command = Path(args.chicago) if args.chicago else install(Path(tmp))
        python = interpreter_of(command)
        refuse_editable(python)
        chicago = str(command)
        env = base_env(Path(tmp) / "user", Path(tmp) / "pycache")
        home = data_dir_of(python, env)
        print(f"# chicago latency, {time.strftime('%Y-%m-%d %H:%M')}")
        print(f"machine: {machine()}")
        version = run(
            [
                python,
                "-c",
                "import sys, importlib.metadata as m; print(sys.version.split()[0], 'typer', m.version('typer'), 'rich', m.version('rich'))",
            ],
            env,
        ).strip()
        print(f"python {version}; command {chicago}")
        print("building sessions of 20, 200 and 1000 deals ...", file=sys.stderr)
        sessions = build_sessions(chicago, env, home)
        run([chicago, "sessions", "use", "bench"], env)
        file20 = sessions[20]
        text20 = file20.read_text("utf-8")

        cases = chosen(all_cases(chicago, python, env, home, sessions, args), args.only)
        floor, typer = cases[0], cases[1]
        others: list[Case] = []
        if args.against:
            other = str(Path(args.against))
            other_python = interpreter_of(Path(other))
            refuse_editable(other_python)
            print(f"against: {other}", file=sys.stderr)
            others = chosen(all_cases(other, other_python, env, home, sessions, args), args.only)
        print(
            f"timing {len(cases) + len(others)} commands x {args.runs} rounds ...",
            file=sys.stderr,
        )
        measure([*cases, *others], args.runs)
        file20.write_text(text20, "utf-8")

    floor_cpu = statistics.median(floor.cpu)
    typer_cpu = statistics.median(typer.cpu)
    print()
    print(
        "| command | median CPU ms | CPU × floor | CPU × typer | target | met "
        "| wall median ms | wall × typer |"
    )
    print("|---|---:|---:|---:|---|---|---:|---:|")
    cpu_of: dict[str, float] = {}
    verdicts: list[bool] = []
    wall_typer = statistics.median(typer.times)
    for case in cases:
        cpu = statistics.median(case.cpu)
        cpu_of[case.label] = cpu
        ratios = {
            "floor": cpu / floor_cpu,
            "typer": cpu / typer_cpu,
            "--help": cpu / statistics.median(next(c for c in cases if c.label == "--help").cpu),
        }
        target, met = "", ""
        if case.target == "serve":
            over, more = TARGETS[case.target]
            floor_of = next((c for c in cases if c.label == SERVE_FLOOR), None)
            if floor_of is not None:  # its floor plus `more` of `import typer`
                limit = statistics.median(floor_of.cpu) / typer_cpu + more
                target = f"≤ {over} + {more:g}× typer ({limit:.2f}×)"
                met = "yes" if ratios["typer"] <= limit else "**no**"
                verdicts.append(ratios["typer"] <= limit)
        elif case.target:
            over, limit = TARGETS[case.target]
            target = f"≤ {limit:g}× {over}"
            met = "yes" if ratios[over] <= limit else "**no**"
            verdicts.append(ratios[over] <= limit)
        wall = statistics.median(case.times)
        print(
            f"| {case.label} | {cpu * 1000:.1f} | {ratios['floor']:.2f} | "
            f"{ratios['typer']:.2f} | {target} | {met} | {wall * 1000:.1f} | "
            f"{wall / wall_typer:.2f} |"
        )
    if args.only:
        if others:
            print_against(cases, others, str(args.against))
        print()
        print(
            f"{sum(verdicts)} of {len(verdicts)} targets met (the rows asked for), on median CPU "
            f"time (user + system) over {args.runs} interleaved rounds; floor "
            f"{floor_cpu * 1000:.1f} ms CPU, `import typer` {typer_cpu * 1000:.1f} ms CPU."
        )
        return
    growth = cpu_of["status (200 deals)"] / cpu_of["status"]
    growth_json = cpu_of["status --json (200 deals)"] / cpu_of["status --json"]
    growth_log = cpu_of["log (200 deals)"] / cpu_of["log"]
    export = cpu_of["export --format json (1000 deals)"]
    print()
    print("| growth (CPU) | figure | target | met |")
    print("|---|---:|---|---|")
    for label, figure in (
        ("status, 200 deals / 20 deals", growth),
        ("status --json, 200 deals / 20 deals", growth_json),
    ):
        print(f"| {label} | {figure:.2f}× | ≤ 1.3× | {'yes' if figure <= 1.3 else '**no**'} |")
    # No target: the protocol prints a row a deal, ten times as many rows.
    print(f"| log, 200 deals / 20 deals | {growth_log:.2f}× |  |  |")
    print(
        f"| export --format json, 1000 deals | {export * 1000:.0f} ms | < 1000 ms | {'yes' if export < 1 else '**no**'} |"
    )
    verdicts += [growth <= 1.3, growth_json <= 1.3, export < 1]
    if others:
        print_against(cases, others, str(args.against))
    print()
    print(
        f"{sum(verdicts)} of {len(verdicts)} targets met, on median CPU time (user + system) "
        f"over {args.runs} interleaved rounds; floor {floor_cpu * 1000:.1f} ms CPU, "
        f"`import typer` {typer_cpu * 1000:.1f} ms CPU ({typer_cpu / floor_cpu:.2f}× floor)."
    )


if __name__ == "__main__":
    main()
