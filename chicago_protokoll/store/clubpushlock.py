"""A push to a path origin that was stopped while origin's git updated the branch
(docs/club.md, "A sync that was stopped").

On a remote that is a folder (a USB stick, a shared drive, a bare repository on this
machine) the other end of a push, ``git receive-pack``, runs on this machine, in the
sync's process group: a laptop that powers off, or a closed terminal, stops it too, and
if that happens in the moment it holds the branch's lock, ``refs/heads/BRANCH.lock``
stays in origin and every later push there fails.  Before it pushes, the sync looks:

- the lock is *provably stale* when no git process on this machine works in origin and
  either it was made while a push of this clone ran that never saw its end (within
  `STALE_SECONDS` after the push mark, `begin`/`end`, that push left), or it is older
  than `STALE_SECONDS`.
  Git takes a ref's lock only for the moment it moves the ref (after the pack has
  arrived): a push of this clone that was stopped is the only thing of ours that can
  have left it then, and no push anywhere holds one for two minutes.  Then it is
  removed, and the sync says so;
- else (another machine's push may be under way on a shared drive) the sync refuses in
  one sentence naming the file, and pushes nothing.

A network remote's end runs on the server, which cleans up after itself: not looked at.
"""

from __future__ import annotations

import os
import time
from contextlib import suppress
from pathlib import Path

from ..core.errors import ChicagoError
from ..i18n.language import Msg
from .atomic import write_atomic
from .clubheal import STALE_SECONDS, git_working_in
from .gitrepo import Git

#: In this clone's git directory while its push runs: when it began.
PUSH_MARK = "chicago-protokoll-push"


def begin(git: Git) -> None:
    write_atomic(git.git_path(PUSH_MARK), f"{time.time()}\n".encode())


def end(git: Git) -> None:
    with suppress(FileNotFoundError):
        os.unlink(git.git_path(PUSH_MARK))


def heal_origin(git: Git, remote: str, branch: str) -> list[Msg]:
    """Before a push to ``remote``: its branch's lock left by a stopped push of this
    clone removed (said), or the refusal naming it (see the module docstring)."""
    origin = _path_origin(git, remote)
    if origin is None:
        return []
    # The branch's lock, and HEAD's when HEAD names the branch (git locks a ref
    # through the symbolic ref that names it), and packed-refs' (a push that prunes).
    locks = [
        origin / name
        for name in ("HEAD.lock", "packed-refs.lock", f"refs/heads/{branch}.lock")
        if (origin / name).is_file()
    ]
    if not locks:
        return []
    mark = _push_began(git)
    now = time.time()
    working = git_working_in(origin)
    for lock in locks:
        with suppress(FileNotFoundError):
            made = lock.stat().st_mtime
            # made while our stopped push ran (it began at the mark, and no push of a
            # club folder's few files runs for minutes)
            ours = mark is not None and mark <= made <= mark + STALE_SECONDS
            if working or not (ours or now - made > STALE_SECONDS):
                raise ChicagoError(
                    Msg(
                        "{remote}'s branch {branch} is locked by {lock} (a push under way, or one that was stopped); nothing was pushed: if no other machine is pushing there, remove that file, then run `chicago club sync` again",
                        remote=remote,
                        branch=branch,
                        lock=str(lock),
                    )
                )
    for lock in locks:
        with suppress(FileNotFoundError):
            os.unlink(lock)
    return [Msg("removed what a stopped push left in {remote}: {locks}", remote=remote, locks=", ".join(map(str, locks)))]


def _push_began(git: Git) -> float | None:
    try:
        return float(git.git_path(PUSH_MARK).read_text().strip())
    except (FileNotFoundError, ValueError):
        return None


def _path_origin(git: Git, remote: str) -> Path | None:
    """The git directory of ``remote`` when it is a folder on this machine's file system."""
    url = git.maybe("remote", "get-url", remote)
    if not url:
        return None
    if url.startswith("file://"):
        url = url.removeprefix("file://")
    elif "://" in url or (":" in url.split("/", 1)[0] and not os.path.isabs(url)):
        return None  # ssh, https, or scp-like host:path
    where = Path(url) if os.path.isabs(url) else git.top / url
    for candidate in (where, where / ".git"):
        if (candidate / "refs").is_dir() and (candidate / "HEAD").is_file():
            return candidate
    return None
