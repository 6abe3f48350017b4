"""A killed sync heals itself (docs/club.md, "A sync that was stopped").

A laptop that powers off, a closed terminal, a merge driver the system stopped: a
`club sync` can end at any moment, and git with it.  What it can leave, and what the
next sync does about it (holding the sync's own lock and the data directory's):

- a git lock file (``.git/index.lock``, ``HEAD.lock``, a ref's ``.lock``) no git
  process holds: removed; one a running git holds is waited out by a plain refusal;
- a merge the sync began itself (its mark, `MERGE_MARK`, names the commit it merged):
  finished when every file merged and loads, else undone with every file on disk as it
  is now (whatever was recorded since is kept, and merged again by this sync);
- files of a merge git was writing when it was stopped: a session or night file that
  does not load is put back as this machine's last commit has it (a recording could not
  have been made into it since: a file that does not load is never recorded into);
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

#: Written in the git directory before the sync merges, removed when the merge is
#: committed or undone: ``THEIRS\n`` (the commit merged).  A merge under way with this
#: mark is the sync's own; one without is a person's.
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
    for stray in _stray_merge_files(git.top):
        with suppress(FileNotFoundError):
            os.unlink(stray)
    mark = git_dir / MERGE_MARK
    try:
        merged = mark.read_text(encoding="utf-8").strip()
    except FileNotFoundError:
        return told
    merging = git.maybe("rev-parse", "-q", "--verify", "MERGE_HEAD")
    if merging is not None and merging == merged:
        told.append(_finish_or_redo(git))
    else:
        # Stopped before git began the merge, after it ended, or in a fast-forward:
        # only the files git was writing when it stopped can be amiss.
        _put_back_broken(git, merged)
    with suppress(FileNotFoundError):
        os.unlink(mark)
    return told


def mark_merge(git: Git, theirs: str) -> None:
    write_atomic(git.git_path(MERGE_MARK), f"{theirs}\n".encode())


def unmark_merge(git: Git) -> None:
    with suppress(FileNotFoundError):
        os.unlink(git.git_path(MERGE_MARK))


def _finish_or_redo(git: Git) -> Msg:
    """The sync's own merge, stopped: commit it when git merged every file and each
    loads as git staged it; else forget it, keeping every file as it is on disk."""
    unmerged = [p for p in git.out("diff", "--name-only", "-z", "--diff-filter=U").split("\0") if p]
    if not unmerged and _staged_files_load(git):
        message = git.git_path("MERGE_MSG")
        try:
            subject = message.read_text(encoding="utf-8").strip() or "merged"
        except FileNotFoundError:
            subject = "merged"
        git.run("commit", "-q", "-m", subject, identity=True)
        return Msg("finished the merge a stopped sync began")
    # A file git merged line by line (the house rules) may hold conflict markers, and a
    # session or night file git was writing may be cut short: each is put back as this
    # machine's commit has it; the merge is forgotten, the files on disk stay, and what
    # they hold beyond this machine's commit is committed and merged again.
    for path in unmerged:
        if kind_of(path) is None:
            _restore(git, path)
    git.run("merge", "--quit")
    git.run("reset", "-q")
    _put_back_broken(git, git.out("rev-parse", "HEAD"))
    return Msg("undid the merge a stopped sync began; this sync merges again")


def _staged_files_load(git: Git) -> bool:
    changed = [p for p in git.out("diff", "--cached", "--name-only", "-z", "HEAD").split("\0") if p]
    for path in changed:
        if kind_of(path) is None:
            continue
        text = git.blob(f":{path}")
        if text is None:
            continue
        try:
            check_text(path, text)
        except (SessionFileError, ChicagoError):
            return False
    return True


def _put_back_broken(git: Git, merged: str) -> None:
    """Every session or night file that differs from HEAD and does not load (or is gone
    though both HEAD and the commit merged have it): as HEAD has it."""
    listed = git.run("status", "--porcelain=v1", "-z", "--untracked-files=all", check=False).stdout
    for item in listed.split("\0"):
        if len(item) < 4:
            continue
        status, path = item[:2], item[3:]
        if kind_of(path) is None:
            continue
        file = git.top / path
        if "D" in status:
            if git.ok("cat-file", "-e", f"{merged}:{path}"):
                _restore(git, path)
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
    proc = Path("/proc")
    if not (proc / "self" / "cwd").exists():
        now = time.time()
        return any(now - lock.stat().st_mtime < STALE_SECONDS for lock in locks if lock.exists())
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
