"""Git, run as a program: the club folder's engine (docs/club.md).

Only the club folder's modules (`store.club` and its `club*` helpers) use it.  Every
call runs ``git -C TOP ...`` with its output captured, so what a person reads is our own
sentence, with git's last line of complaint quoted where git refused something; git's
own prompts (an SSH password) still reach the terminal.

A call runs with the clone's hooks and git's automatic housekeeping (``gc --auto``) off
unless it asks for them (``hooks=True``: the fetch and the push, which run outside the
data directory's lock): whatever runs under the lock must end in the moment a file
takes to write, whatever a hook of the clone sleeps or a housekeeping repacks.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
from pathlib import Path

from ..core.errors import ChicagoError
from ..i18n.language import Msg


class GitError(ChicagoError):
    """Git refused a step; the message quotes what git said."""


def git_program() -> str:
    """The git on PATH, or a refusal that says to install it."""
    found = shutil.which("git")
    if found is None:
        raise ChicagoError(
            Msg("a club folder is kept with git, and git is not installed here: install git first"),
        )
    return found


#: What every call but the fetch and the push runs with: no hook of the clone (a hook
#: sleeping 25 s under the lock would make every recording on the machine wait), no
#: automatic repacking.
QUIET = (
    "-c", "core.hooksPath=/dev/null",
    "-c", "gc.auto=0",
    "-c", "maintenance.auto=false",
)


class Git:
    """One work tree's git: ``run`` a command in it, read its answers."""

    def __init__(self, top: Path) -> None:
        self.top = top
        self.program = git_program()

    def run(
        self,
        *args: str,
        check: bool = True,
        identity: bool = False,
        hooks: bool = False,
        input: str | None = None,
        env: dict[str, str] | None = None,
    ) -> subprocess.CompletedProcess[str]:
        """``git ARGS`` in the work tree; a failure (when ``check``) is a `GitError`.
        ``identity``: a commit, which needs a name and address even on a machine where
        none was ever set (then this machine's name stands in).  ``hooks``: with the
        clone's hooks and housekeeping (see the module docstring)."""
        env = {**os.environ, **(env or {})}
        # Never an editor for a merge's message, never a pager; what is parsed is read
        # with -z or as porcelain, the same in every language.
        env.update(GIT_MERGE_AUTOEDIT="no", GIT_PAGER="cat")
        extra: list[str] = [] if hooks else list(QUIET)
        if identity:
            extra += self._identity()
        result = subprocess.run(
            [self.program, "-C", str(self.top), *extra, *args],
            capture_output=True,
            text=True,
            encoding="utf-8",
            errors="replace",
            env=env,
            check=False,
            **({"input": input} if input is not None else {"stdin": subprocess.DEVNULL}),
        )
        if check and result.returncode != 0:
            raise GitError(
                Msg(
                    "git {command} failed in {folder}: {said}",
                    command=args[0],
                    folder=str(self.top),
                    said=said(result),
                ),
            )
        return result

    def out(self, *args: str, env: dict[str, str] | None = None) -> str:
        """What ``git ARGS`` prints, without the last line break."""
        return self.run(*args, env=env).stdout.rstrip("\n")

    def ok(self, *args: str) -> bool:
        return self.run(*args, check=False).returncode == 0

    def maybe(self, *args: str) -> str | None:
        """What ``git ARGS`` prints, or None when it fails (a ref that is not there)."""
        result = self.run(*args, check=False)
        return result.stdout.rstrip("\n") if result.returncode == 0 else None

    def config(self, key: str) -> str | None:
        return self.maybe("config", "--local", "--get", key)

    def blob(self, spec: str) -> str | None:
        """The text of ``REV:PATH`` (or ``:N:PATH``, a stage of a merge; or an object's
        id), None if absent."""
        data = self.blob_bytes(spec)
        return None if data is None else data.decode("utf-8", errors="replace")

    def blob_bytes(self, spec: str) -> bytes | None:
        """The bytes of ``REV:PATH`` (see `blob`), None if absent."""
        result = subprocess.run(
            [self.program, "-C", str(self.top), "cat-file", "blob", spec],
            capture_output=True,
            check=False,
            stdin=subprocess.DEVNULL,
        )
        if result.returncode != 0:
            return None
        return result.stdout

    def git_path(self, name: str) -> Path:
        """Where ``.git/NAME`` is (a linked work tree's git directory is elsewhere)."""
        found = Path(self.out("rev-parse", "--git-path", name))
        return found if found.is_absolute() else self.top / found

    def _identity(self) -> list[str]:
        extra: list[str] = []
        if self.maybe("config", "user.name") is None:
            extra += ["-c", f"user.name=chicago-protokoll on {socket.gethostname()}"]
        if self.maybe("config", "user.email") is None:
            extra += ["-c", f"user.email=chicago-protokoll@{socket.gethostname()}"]
        return extra


def said(result: subprocess.CompletedProcess[str]) -> str:
    """Git's complaint in one line: the last line it wrote that says something."""
    lines = [line.strip() for line in (result.stderr + result.stdout).splitlines()]
    lines = [line for line in lines if line and not line.startswith("hint:")]
    return lines[-1] if lines else f"exit status {result.returncode}"


def toplevel(directory: Path) -> Path | None:
    """The top of the git work tree ``directory`` is in, or None outside any."""
    result = subprocess.run(
        [git_program(), "-C", str(directory), "rev-parse", "--show-toplevel"],
        capture_output=True,
        text=True,
        check=False,
        stdin=subprocess.DEVNULL,
    )
    if result.returncode != 0:
        return None
    return Path(result.stdout.strip())
