"""A club folder on two machines in a test: a bare origin and two clones (A and B), each a
data directory of its own.  `chicago` runs in process (cli_support.invoke) with the data
directory pointed at the machine; git runs as a program, as `club sync` runs it.  Not a
test module; tests/store/test_club_*.py share it."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path

import pytest
from typer.testing import Result

from chicago_protokoll.store.locations import HOME_ENV
from cli_support import ENGLISH, invoke

#: `chicago` in a process of its own, optionally stopped (SIGKILL, as a laptop that
#: powers off) at a named step of the sync: ``merged`` (the merge made and committed in
#: git's objects and its files written into the folder, the branch not yet moved),
#: ``conflict`` (git left a file unmerged).
_LAUNCHER = """
import os, signal, sys
from chicago_protokoll.store import club, gitrepo

def stop(*args, **kwargs):
    os.kill(os.getpid(), signal.SIGKILL)

where = sys.argv[1]
if where == "merged":
    real = gitrepo.Git.run
    def run(self, *args, **kwargs):
        if args[0] == "update-ref":
            stop()
        return real(self, *args, **kwargs)
    gitrepo.Git.run = run
elif where == "conflict":
    club._conflict = stop
sys.argv = ["chicago", *sys.argv[2:]]
from chicago_protokoll.__main__ import main
main()
"""


def git(where: Path, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["git", "-C", str(where), *args], capture_output=True, text=True, check=check
    )


@dataclass
class Machine:
    """One machine's data directory, which is its clone of the club folder."""

    home: Path
    monkeypatch: pytest.MonkeyPatch

    def run(self, *args: str) -> Result:
        self.monkeypatch.setenv(HOME_ENV, str(self.home))
        return invoke(*args)

    def ok(self, *args: str) -> str:
        result = self.run(*args)
        assert result.exit_code == 0, f"chicago {' '.join(args)}: {result.output}"
        return result.stdout

    def spawn(self, *args: str, stop: str = "", group: bool = False) -> subprocess.Popen[str]:
        """``chicago ARGS`` started in a process of its own (``group``: in a process group
        of its own, git's children with it, to be killed whole)."""
        env = {**os.environ, HOME_ENV: str(self.home), **ENGLISH}
        return subprocess.Popen(
            [sys.executable, "-c", _LAUNCHER, stop, *args],
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            start_new_session=group,
        )

    def file(self, name: str) -> Path:
        return self.home / "sessions" / f"{name}.toml"

    def head(self) -> str:
        return git(self.home, "rev-parse", "HEAD").stdout.strip()

    def committed(self, path: str) -> bytes:
        """``path`` as this machine's last commit has it."""
        return subprocess.run(
            ["git", "-C", str(self.home), "show", f"HEAD:{path}"], capture_output=True, check=True
        ).stdout

    def status(self) -> str:
        """What git says differs from the last commit (``git status --porcelain``)."""
        return git(self.home, "status", "--porcelain").stdout

    def clean(self) -> bool:
        """No merge under way, nothing staged (the folder as a person left it)."""
        merging = git(self.home, "rev-parse", "-q", "--verify", "MERGE_HEAD", check=False)
        staged = git(self.home, "diff", "--cached", "--quiet", check=False)
        return merging.returncode != 0 and staged.returncode == 0


@dataclass
class Club:
    origin: Path
    a: Machine
    b: Machine

    def origin_head(self) -> str:
        return git(self.origin, "rev-parse", "main").stdout.strip()


def isolated_git(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Git without the machine's own configuration: no name, no hooks, no signing."""
    empty = tmp_path / "gitconfig"
    empty.write_text("")
    monkeypatch.setenv("GIT_CONFIG_GLOBAL", str(empty))
    monkeypatch.setenv("GIT_CONFIG_NOSYSTEM", "1")
    for name in ("GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE"):
        monkeypatch.delenv(name, raising=False)


def make_club(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, *players: str) -> Club:
    """Machine A starts the club folder (and, with ``players``, the session ``fredag``)
    and syncs it to a new origin; machine B clones it and sets up its clone."""
    isolated_git(tmp_path, monkeypatch)
    origin = tmp_path / "origin.git"
    subprocess.run(
        ["git", "init", "-q", "--bare", "--initial-branch=main", str(origin)], check=True
    )
    a = Machine(tmp_path / "a", monkeypatch)
    b = Machine(tmp_path / "b", monkeypatch)
    if players:
        a.ok("new", "fredag", *players)
    a.ok("club", "init")
    git(a.home, "remote", "add", "origin", str(origin))
    a.ok("club", "sync")
    git(tmp_path, "clone", "-q", str(origin), str(b.home))
    b.ok("club", "init")
    os.environ.pop(HOME_ENV, None)
    return Club(origin, a, b)


#: The hooks of a clone that a sync of the club folder could run: a commit's, a merge's
#: and a push's.
SYNC_HOOKS = ("pre-commit", "post-merge", "pre-push")
_A_DEAL = ("deal", "--buy", "pass", "--buy", "Bo:par", "--last-trick", "Anna", "--showdown", "pass")


def club_at_its_sync_hooks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, hook: Callable[[str, Path], str]
) -> tuple[Club, Path]:
    """A club of three at session ``fredag`` where A's next sync has all three to do: B's
    note to merge (a post-merge hook's moment), A's own deal to commit (a pre-commit
    hook's) and something to push (a pre-push hook's).  Each of A's SYNC_HOOKS is the
    shell script ``hook(name, marks)``; the folder ``marks`` (made empty) is returned
    beside the club, for the hooks to say there what they did."""
    club = make_club(tmp_path, monkeypatch, "Anna", "Bo", "Cilla")
    club.b.ok("note", "från B", "--session", "fredag")
    club.b.ok("club", "sync")
    club.a.ok(*_A_DEAL, "--session", "fredag")
    marks = tmp_path / "marks"
    marks.mkdir()
    for name in SYNC_HOOKS:
        script = club.a.home / ".git" / "hooks" / name
        script.write_text(hook(name, marks))
        script.chmod(0o755)
    return club, marks


def wait_for(condition: Callable[[], bool], process: subprocess.Popen[str]) -> None:
    """Until ``condition`` holds or ``process`` has ended (a final state, no time bound)."""
    while not condition() and process.poll() is None:
        with suppress(subprocess.TimeoutExpired):
            process.wait(timeout=0.05)
