"""A killed sync heals itself (docs/club.md, "A sync that was stopped").

A laptop that powers off, a closed terminal, a merge driver the system stopped: a
`club sync` can end at any moment, and git with it.  What it can leave, and what the
next sync does about it (holding the sync's own lock and the data directory's):

- a git lock file (``.git/index.lock``, ``HEAD.lock``, a ref's ``.lock``) no git
  process holds: removed; one a running git holds is waited out by a plain refusal;
- a merge the sync began itself (its mark, `MERGE_MARK`, names the commit the folder
  was moving to, `clubtree.move_to`): the files stay as they are on disk (whole: each
  is written atomically), whatever they hold beyond this machine's commit — the
  merge's part, and whatever was recorded since — is committed and merged again by
  this sync; the index goes back to the branch; a session or night file that does
  not load is put back as this machine's last commit has it (a recording could not have
  been made into it since: a file that does not load is never recorded into);
- the driver's temporary ``.merge_file_*`` files: removed.

Whether a git process is running in the folder is read from ``/proc`` where there is
one (Linux); elsewhere a lock file older than `STALE_SECONDS` is taken as left behind.
The sync never advises a git command: it finishes or redoes its own work.
"""

from __future__ import annotations

import os
import time
from contextlib import suppress
from pathlib import Path

from ..core.errors import ChicagoError, SessionFileError
from ..i18n.language import Msg
from .atomic import write_atomic
from .clubfiles import check_text, kind_of
from .gitrepo import Git

#: Written in the git directory before the sync moves the folder to a merge or the other
#: side's commit, removed when it has: ``COMMIT\n``.
MERGE_MARK = "chicago-protokoll-merge"
#: Where /proc is not, a git lock file older than this is left behind.
STALE_SECONDS = 120.0
#: The lock files git takes in its directory (besides a ref's, under refs/).
_GIT_LOCKS = (
    "index.lock",
    "HEAD.lock",
    "ORIG_HEAD.lock",
    "FETCH_HEAD.lock",
    "MERGE_HEAD.lock",
    "AUTO_MERGE.lock",
    "config.lock",
    "packed-refs.lock",
    "shallow.lock",
)


def heal(git: Git) -> list[Msg]:
    """Clear what a stopped sync left (see the module docstring); what was done."""
    told: list[Msg] = []
    git_dir = git.git_path(".")
    locks = _lock_files(git_dir)
    if locks:
        if _git_running(git.top, locks):
            raise ChicagoError(
                Msg(
                    "git is at work in {folder} (it holds {lock}); nothing was done: run `chicago club sync` again when it has ended",
                    folder=str(git.top),
                    lock=_shown(git, locks[0]),
                ),
            )
        for lock in locks:
            with suppress(FileNotFoundError):
                os.unlink(lock)
        told.append(
            Msg(
                "removed what a stopped git left: {files}",
                files=", ".join(_shown(git, lock) for lock in locks),
            ),
        )
    strays = _stray_merge_files(git.top)
    if strays and not _git_running(git.top, []):
        for stray in strays:
            with suppress(FileNotFoundError):
                os.unlink(stray)
    mark = git_dir / MERGE_MARK
    if mark.exists():
        # Stopped while the folder moved to a merge (`clubtree.move_to`): whole files,
        # some of the merge's; the index as git last wrote it.  The index goes back to
        # the branch (the files stay: what they hold beyond it is committed and merged
        # again by this sync), and a file that does not load is put back.
        git.run("reset", "-q", check=False)  # (a branch with no commit yet has no index to reset)
        _put_back_broken(git)
        told.append(Msg("took up the merge a stopped sync had begun; this sync merges again"))
        with suppress(FileNotFoundError):
            os.unlink(mark)
    return told


def mark_merge(git: Git, commit: str) -> None:
    write_atomic(git.git_path(MERGE_MARK), f"{commit}\n".encode())


def unmark_merge(git: Git) -> None:
    with suppress(FileNotFoundError):
        os.unlink(git.git_path(MERGE_MARK))


def _put_back_broken(git: Git) -> None:
    """Every session or night file that differs from HEAD and does not load: as HEAD has
    it (a sync writes whole files; this is for a file cut short by anything else)."""
    listed = git.run("status", "--porcelain=v1", "-z", "--untracked-files=all", check=False).stdout
    for item in listed.split("\0"):
        if len(item) < 4:
            continue
        status, path = item[:2], item[3:]
        if kind_of(path) is None:
            continue
        file = git.top / path
        if "D" in status:
            continue
        try:
            check_text(path, file.read_text(encoding="utf-8-sig"))
        except FileNotFoundError:
            continue
        except (OSError, UnicodeDecodeError, SessionFileError, ChicagoError):
            _restore(git, path)


def _restore(git: Git, path: str) -> None:
    """``path`` as this machine's last commit has it (none: removed)."""
    text = git.blob(f"HEAD:{path}")
    target = git.top / path
    if text is None:
        with suppress(FileNotFoundError):
            os.unlink(target)
    else:
        target.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(target, text.encode("utf-8"))


def _lock_files(git_dir: Path) -> list[Path]:
    found = [git_dir / name for name in _GIT_LOCKS if (git_dir / name).exists()]
    for root, _dirs, files in os.walk(git_dir / "refs"):
        found += [Path(root) / name for name in files if name.endswith(".lock")]
    return found


def _stray_merge_files(top: Path) -> list[Path]:
    """The temporary files git gives a merge driver (``%O``, ``%A``, ``%B``), left in
    the folder when it was stopped."""
    try:
        with os.scandir(top) as entries:
            return [Path(e.path) for e in entries if e.name.startswith(".merge_file_")]
    except OSError:
        return []


def _git_running(top: Path, locks: list[Path]) -> bool:
    """Whether a git process works in the folder (see the module docstring)."""
    if not Path("/proc/self/cwd").exists():
        now = time.time()
        return any(now - lock.stat().st_mtime < STALE_SECONDS for lock in locks if lock.exists())
    return git_working_in(top)


def git_working_in(top: Path) -> bool:
    """Whether a git process on this machine works in ``top`` (its directory is there);
    False where there is no /proc to read."""
    proc = Path("/proc")
    if not (proc / "self" / "cwd").exists():
        return False
    here = os.path.realpath(top)
    for entry in proc.iterdir():
        if not entry.name.isdigit() or entry.name == str(os.getpid()):
            continue
        try:
            name = (entry / "comm").read_text().strip()
            cwd = os.readlink(entry / "cwd")
        except OSError:  # ended meanwhile, or another user's
            continue
        if name.startswith("git") and (cwd == here or cwd.startswith(here + os.sep)):
            return True
    return False


def _shown(git: Git, path: Path) -> str:
    try:
        return path.relative_to(git.top).as_posix()
    except ValueError:
        return str(path)
