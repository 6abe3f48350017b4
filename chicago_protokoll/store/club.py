"""A club folder on many machines, with git as the engine (docs/club.md, shared/docs/cli.md
"A club folder on many machines").

- `init_club`: the folder a git repository whose session and night files merge with
  ``chicago merge-driver``, the per-machine files ignored, and this clone's driver set.
- `sync`: heal what a stopped sync left (`clubheal`), check that git would share every
  session and night file (`clubignore`), commit what changed, fetch, merge with the
  driver, check that every file that changed loads, push.  The data directory's locks
  are held only while it reads or writes the folder's files (the commits and the
  merge, git's hooks off); the fetch and the push run without them, so a recording
  waits a moment at most, and goes into this sync or the next.  A conflict ends the
  merge and only the merge: this machine's commit stays, every file as it has it, the
  other side's version beside the file as ``NAME.theirs.toml``.  Nothing is
  half-merged, nothing unreadable is committed or pushed.
- Settling a conflict (`store.clubkeep`): ``club keep`` records one name's settlement
  as a commit of this clone; the sync's merge builds every settlement not yet pushed
  into its tree (`clubsettle.resolve`), tells what an arriving settlement dropped of
  this machine's work, and follows a game another machine renamed
  (`clubsettle.before_merge`).
"""

from __future__ import annotations

import os
import shlex
import sys
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager, suppress
from dataclasses import dataclass, field, replace
from pathlib import Path

from ..core.errors import ChicagoError
from ..core.logmerge import MergeConflict
from ..i18n.language import Msg, language
from . import clubpushlock, clubsettle, clubtree
from .atomic import locked, make_dir, write_atomic
from .clubcheck import RELEASE_TRAILER, check_files, newer_release, release
from .clubfiles import describe_conflict, kind_of, newer_format, theirs_path
from .clubheal import heal, mark_merge, unmark_merge
from .clubignore import check_shared
from .gitrepo import Git, GitError, said, toplevel

#: What ``club init`` writes into .gitattributes: every file of ours merges by the driver.
ATTRIBUTES = ("sessions/*.toml merge=chicago", "nights/*.toml merge=chicago")
#: What stays on each machine: locks, the derived cache, the live page's secrets and
#: kept conflicts, the current pointers, a conflict's other side, a killed write's temp.
IGNORED = (
    ".chicago-protokoll.lock",
    "/cache/",
    "/serve-secrets",
    "/serve-conflicts/",
    "/current",
    "/current-night",
    "*.theirs.toml",
    ".*.tmp",
)
#: Shared files besides the sessions and nights.
SHARED = ("house-rules.toml", ".gitattributes", ".gitignore")
DRIVER_NAME = "chicago-protokoll: sessions merged by event id, nights by key"
_PUSH_TRIES = 3
#: In the git directory: held by the one sync that runs (see `_one_sync`).
_SYNC_LOCK = "chicago-protokoll-sync.lock"


def driver_command() -> str:
    """This clone's merge driver: the Python that runs this ``chicago``, by absolute path
    (git runs it with no PATH of a virtual environment)."""
    python = shlex.quote(os.path.abspath(sys.executable))
    return f"{python} -m chicago_protokoll merge-driver %O %A %B %P"


# -- init ----------------------------------------------------------------------------------


def init_club(directory: Path) -> list[Msg]:
    """Make ``directory`` a club folder; what was written, one line each.  Safe to run
    again; in a clone of a club folder it only sets up this clone."""
    make_dir(directory)
    told: list[Msg] = []
    top = toplevel(directory)
    made = top is None or os.path.realpath(top) != os.path.realpath(directory)
    git = Git(directory)
    if made:
        git.run("init", "-q")
        git.run("symbolic-ref", "HEAD", "refs/heads/main")
        told.append(Msg("made {folder} a git repository (branch main)", folder=str(directory)))
    try:
        check_shared(git, again="club init")
    except ChicagoError:
        if made:  # the folder as it was: the repository made a moment ago goes again
            import shutil

            shutil.rmtree(directory / ".git", ignore_errors=True)
        raise
    cloned = git.ok("cat-file", "-e", "HEAD:.gitattributes") and _has_lines(
        directory / ".gitattributes", ATTRIBUTES
    )
    if not cloned:
        for name, lines in ((".gitattributes", ATTRIBUTES), (".gitignore", IGNORED)):
            added = _add_lines(directory / name, lines)
            if added:
                told.append(Msg("wrote {file}: {lines}", file=name, lines=", ".join(added)))
    fixed = ensure_driver(git)
    if fixed is not None:
        told.append(fixed)
    if not told:
        told.append(Msg("{folder} is a club folder already; nothing to change", folder=str(directory)))
    return told


def _has_lines(path: Path, lines: tuple[str, ...]) -> bool:
    return not [line for line in lines if line not in _lines(path)]


def _lines(path: Path) -> list[str]:
    try:
        return [line.strip() for line in path.read_text(encoding="utf-8").splitlines()]
    except FileNotFoundError:
        return []


def _add_lines(path: Path, lines: tuple[str, ...]) -> list[str]:
    """Add the lines ``path`` lacks; the ones added."""
    have = _lines(path)
    missing = [line for line in lines if line not in have]
    if missing:
        try:
            old = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            old = ""
        if old and not old.endswith("\n"):
            old += "\n"
        write_atomic(path, (old + "".join(f"{line}\n" for line in missing)).encode())
    return missing


def ensure_driver(git: Git) -> Msg | None:
    """Set this clone's merge driver unless it is set as this ``chicago`` runs it."""
    wanted = driver_command()
    if git.config("merge.chicago.driver") == wanted:
        return None
    git.run("config", "--local", "merge.chicago.name", DRIVER_NAME)
    git.run("config", "--local", "merge.chicago.driver", wanted)
    return Msg("set this clone's merge driver: {command}", command=wanted)


def club_top(directory: Path) -> Path:
    """``directory`` as a club folder (the top of a git work tree with our attributes),
    or the refusal naming ``club init``."""
    top = toplevel(directory) if directory.is_dir() else None
    if (
        top is None
        or os.path.realpath(top) != os.path.realpath(directory)
        or not _has_lines(directory / ".gitattributes", ATTRIBUTES)
    ):
        raise ChicagoError(
            Msg(
                "{folder} is not a club folder: `chicago club init` makes it one",
                folder=str(directory),
            ),
        )
    return directory


# -- sync ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Conflict:
    """One file the two sides changed so that no rule joins them.  ``kind``: ``"deal"``,
    ``"two-games"``, ``"night"`` or ``"other"``; ``sides``: per deal that differs, (deal,
    this machine's entries, the other machine's), for the words (`present.conflicts`)."""

    path: str
    reason: Msg
    deal: int | None
    theirs: str | None  # where the other side's version was put, if it has one
    kind: str = "other"
    sides: tuple[tuple[int, tuple[object, ...], tuple[object, ...]], ...] = ()
    #: A night's conflict: the games of its tables in conflict with it (each machine
    #: drew them), which go with whichever side of the night is kept (`with_tables`).
    tables: tuple[str, ...] = ()


@dataclass(slots=True)
class SyncReport:
    told: list[Msg] = field(default_factory=list)
    conflicts: list[Conflict] = field(default_factory=list)


class SyncStopped(ChicagoError):
    """A sync that ended in a refusal after it had done something: what it said before
    (printed first, each line still true: a sync never takes back its own commit)."""

    def __init__(self, message: Msg, told: list[Msg]) -> None:
        super().__init__(message)
        self.told = told


@contextmanager
def data_locks(top: Path) -> Iterator[None]:
    """The data directory's write locks, nights before sessions as a night's draw takes
    them: held while the sync reads or writes files in the folder, never while git
    talks to the remote, so a recording waits at most the moment that takes."""
    with ExitStack() as stack:
        for name in ("nights", "sessions"):
            make_dir(top / name)
            stack.enter_context(locked(top / name))
        yield


@contextmanager
def _one_sync(git: Git) -> Iterator[None]:
    """One sync at a time in a clone (the fetch and the push run outside the data
    directory's lock, so two could otherwise interleave).  A lock held by a descriptor:
    a sync that was stopped holds it no more."""
    import fcntl

    fd = os.open(git.git_path(_SYNC_LOCK), os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o666)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise ChicagoError(
                Msg(
                    "another `chicago club sync` is under way in {folder}; nothing was done: run it again when that one has ended",
                    folder=str(git.top),
                ),
            ) from None
        yield
    finally:
        os.close(fd)


def sync(directory: Path) -> SyncReport:
    """Commit, pull with the driver, check, push (see the module docstring)."""
    top = club_top(directory)
    git = Git(top)
    report = SyncReport()
    with _one_sync(git):
        try:
            _sync(git, report)
        except SyncStopped:
            raise
        except ChicagoError as error:
            if not report.told:
                raise
            raise SyncStopped(error.message, report.told) from None
    return report


def _sync(git: Git, report: SyncReport) -> None:
    top = git.top
    with data_locks(top):
        report.told.extend(heal(git))
        fixed = ensure_driver(git)
        if fixed is not None:
            report.told.append(fixed)
        if git.maybe("rev-parse", "-q", "--verify", "MERGE_HEAD") is not None:
            raise ChicagoError(
                Msg(
                    "a git merge is under way in {folder} (a pull by hand?); nothing was done: end it with `git merge --abort`, then sync",
                    folder=str(top),
                ),
            )
        branch = git.maybe("symbolic-ref", "-q", "--short", "HEAD")
        if branch is None:
            raise ChicagoError(
                Msg("{folder} is on no branch (a detached HEAD); check out its branch, then sync", folder=str(top)),
            )
        check_shared(git, again="club sync")
        _commit_local(git, report)
    remote, remote_branch, upstream = _remote(git, branch)
    if remote is None:
        report.told.append(
            Msg("no remote to share with: committed here only (`git remote add origin URL` adds one)"),
        )
        return
    for attempt in range(_PUSH_TRIES):
        try:
            git.run("fetch", "-q", remote, hooks=True)
        except GitError as error:
            raise ChicagoError(
                Msg("committed here, but {remote} could not be reached: {error}", remote=remote, error=error.message),
            ) from None
        if not git.ok("rev-parse", "-q", "--verify", f"refs/remotes/{remote}/{remote_branch}"):
            # No upstream yet, or one that names a branch the remote lacks (the
            # clone of a folder whose default branch is another): choose, and set it.
            chosen = _their_branch(git, remote, remote_branch)
            upstream = upstream and chosen == remote_branch
            remote_branch = chosen
        theirs_ref = f"refs/remotes/{remote}/{remote_branch}"
        theirs_there = git.ok("rev-parse", "-q", "--verify", theirs_ref)
        with data_locks(top):
            _commit_local(git, report)  # what was recorded while git fetched
            if theirs_there:
                for line in clubsettle.before_merge(git, theirs_ref):
                    if line not in report.told:  # said once, however many tries
                        report.told.append(line)
                conflicts = _merge(git, theirs_ref, unrelated=not upstream)
                if conflicts:
                    report.conflicts = conflicts
                    return
        # What the push would send: every file that differs from theirs loads (read
        # from the commits, so outside the lock).
        sent = _changed(git, theirs_ref, "HEAD") if theirs_there else _tracked(git)
        check_files(git, sent, rev="HEAD")
        for line in clubpushlock.heal_origin(git, remote, remote_branch):
            report.told.append(line)
        clubpushlock.begin(git)
        pushed = git.run(
            "push", "-q", *(() if upstream else ("-u",)), remote, f"HEAD:refs/heads/{remote_branch}",
            check=False, hooks=True,
        )
        clubpushlock.end(git)
        if pushed.returncode == 0:
            break
        if attempt + 1 == _PUSH_TRIES or "rejected" not in pushed.stderr + pushed.stdout:
            raise ChicagoError(
                Msg("committed here, but the push to {remote} failed: {said}", remote=remote, said=said(pushed)),
            )
        # Another machine pushed in between: fetch and merge that too.
    if not upstream:
        report.told.append(
            Msg("{branch} now follows {remote}/{remote_branch}", branch=branch, remote=remote, remote_branch=remote_branch),
        )
    with data_locks(top):
        report.told.extend(_remove_theirs_copies(top))
        since = [path for path, _ in _local_changes(git)]
    if since:
        report.told.append(
            Msg(
                "in step with {remote} but for what was recorded while it synced ({summary}): the next `chicago club sync` shares it",
                remote=remote,
                summary=_message(since).partition("\n")[0],
            ),
        )
    else:
        report.told.append(Msg("in step with {remote}", remote=remote))


def _commit_local(git: Git, report: SyncReport) -> None:
    """Commit this machine's changes to the shared files, once each loads."""
    changed = _local_changes(git)
    if not changed:
        return
    check_files(git, [path for path, gone in changed if not gone], rev=None)
    paths = [path for path, _ in changed]
    git.run("add", "-A", "--", *paths)
    message = _message(paths)
    git.run("commit", "-q", "-m", message, identity=True)
    report.told.append(Msg("committed: {summary}", summary=message.partition("\n")[0]))


def _local_changes(git: Git) -> list[tuple[str, bool]]:
    """(path, removed) of each shared file this machine changed: a tracked file, or a new
    session, night or shared file (anything else new in the folder is not the club's)."""
    listed = git.run("status", "--porcelain=v1", "-z", "--untracked-files=all").stdout
    items = listed.split("\0")
    changes: list[tuple[str, bool]] = []
    index = 0
    while index < len(items):
        item = items[index]
        index += 1
        if len(item) < 4:
            continue
        status, path = item[:2], item[3:]
        if status[0] in "RC":  # a rename's old name follows
            changes.append((items[index], True))
            index += 1
        if status == "??" and kind_of(path) is None and path not in SHARED:
            continue
        changes.append((path, "D" in status))
    return changes


def _message(paths: list[str]) -> str:
    """The commit's message: the sessions and nights it holds, by name."""
    sessions = [Path(p).stem for p in paths if kind_of(p) == "session"]
    nights = [Path(p).stem for p in paths if kind_of(p) == "night"]
    others = [p for p in paths if kind_of(p) is None]
    parts = []
    if sessions:
        parts.append(Msg("sessions {names}", names=", ".join(sorted(sessions))))
    if nights:
        parts.append(Msg("nights {names}", names=", ".join(sorted(nights))))
    if others:
        parts.append(Msg("other files {names}", names=", ".join(sorted(others))))
    lang = language()
    subject = "; ".join(part.localized(lang) for part in parts)
    return f"{subject}\n\n{RELEASE_TRAILER}: {release()}\n"


def _remote(git: Git, branch: str) -> tuple[str | None, str, bool]:
    """The remote to sync with, its branch, and whether the branch follows it already."""
    remote = git.config(f"branch.{branch}.remote")
    merge = git.config(f"branch.{branch}.merge")
    if remote and merge:
        return remote, merge.removeprefix("refs/heads/"), True
    remotes = git.out("remote").split()
    if not remotes:
        return None, branch, False
    if "origin" in remotes:
        return "origin", branch, False
    if len(remotes) == 1:
        return remotes[0], branch, False
    raise ChicagoError(
        Msg(
            "this clone has several remotes ({remotes}) and {branch} follows none of them: `git branch -u REMOTE/{branch}` chooses one",
            remotes=", ".join(remotes),
            branch=branch,
        ),
    )


def _their_branch(git: Git, remote: str, branch: str) -> str:
    """The remote's branch a clone without an upstream syncs with: the one of its own
    name, else the remote's only branch (a clone of a folder whose default branch git
    could not check out), else its own name (a new branch there)."""
    if git.ok("rev-parse", "-q", "--verify", f"refs/remotes/{remote}/{branch}"):
        return branch
    names = git.out("for-each-ref", "--format=%(refname)", f"refs/remotes/{remote}/").split("\n")
    names = [n.removeprefix(f"refs/remotes/{remote}/") for n in names if n and not n.endswith("/HEAD")]
    return names[0] if len(names) == 1 else branch


def other_side(git: Git) -> str | None:
    """The other side the last sync merged: this branch's remote branch, as `sync`
    finds it (None: no remote, or nothing fetched from it yet)."""
    branch = git.maybe("symbolic-ref", "-q", "--short", "HEAD")
    if branch is None:
        return None
    remote, remote_branch, _ = _remote(git, branch)
    if remote is None:
        return None
    ref = f"refs/remotes/{remote}/{_their_branch(git, remote, remote_branch)}"
    return ref if git.ok("rev-parse", "-q", "--verify", ref) else None


def _merge(git: Git, theirs_ref: str, *, unrelated: bool) -> list[Conflict]:
    """Bring ``theirs_ref`` in, under the data directory's lock: nothing to do, a
    fast-forward (its files checked first) or a merge by the driver made in git's
    objects (`clubtree`), committed only when nothing is in conflict and every changed
    file loads, and only then written into the folder, file by file, atomically.  A
    file this clone settled and has not pushed yet (`clubsettle.pending`) goes into the
    tree as settled, not raised again (`clubsettle.resolve`).  A conflict leaves the folder and this machine's own commit untouched.  The sync's mark
    (`clubheal.MERGE_MARK`) names the commit while the folder moves to it, so a sync
    that was stopped there is healed by the next."""
    head = git.maybe("rev-parse", "-q", "--verify", "HEAD")
    if head is not None and git.ok("merge-base", "--is-ancestor", theirs_ref, "HEAD"):
        return []
    theirs = git.out("rev-parse", theirs_ref)
    if head is None or git.ok("merge-base", "--is-ancestor", "HEAD", theirs_ref):
        changed = _changed(git, "HEAD", theirs_ref) if head is not None else _tracked(git, theirs_ref)
        check_files(git, changed, rev=theirs_ref)
        _move(git, theirs)
        return []
    merged = clubtree.merge_tree(git, head, theirs, unrelated=unrelated)
    settled = clubsettle.pending(git, theirs_ref)
    chosen: dict[str, str | None] = {}
    for path, against in settled.items():
        # A file only the other side has, settled away here (a table only the other
        # side's draw of a night had, `clubkeep`): left out while it is as settled.
        if (
            path not in merged.unmerged
            and against
            and git.blob(f"HEAD:{path}") is None
            and git.maybe("rev-parse", "-q", "--verify", f"{theirs}:{path}") == against
        ):
            chosen[path] = None
    for path, sides in merged.unmerged.items():
        if path in settled:
            kept = clubsettle.resolve(git, path, sides, settled[path])
            if kept is not None:
                chosen[path] = kept.blob
    remaining = {path: sides for path, sides in merged.unmerged.items() if path not in chosen}
    if remaining:
        stopped = [path for path, sides in remaining.items() if _driver_stopped(git, path, sides)]
        if stopped:
            raise ChicagoError(
                Msg(
                    "the merge of {path} was interrupted (its merge driver stopped before it had merged); this machine's commit is kept and nothing was pushed: run `chicago club sync` again",
                    path=stopped[0],
                ),
            )
        return with_tables([_conflict(git, path, theirs_ref, sides) for path, sides in remaining.items()])
    tree = clubtree.with_sides(git, merged.tree, chosen) if chosen else merged.tree
    subject = Msg("merged {ref}", ref=theirs_ref.removeprefix("refs/remotes/")).localized(language())
    if chosen:
        subject += "; " + Msg("settled {paths}", paths=", ".join(chosen)).localized(language())
    commit = clubtree.commit_tree(git, tree, [head, theirs], f"{subject}\n\n{RELEASE_TRAILER}: {release()}\n")
    check_files(git, sorted({*_changed(git, head, commit), *_changed(git, theirs, commit)}), rev=commit)
    _move(git, commit)
    return []


def _move(git: Git, commit: str) -> None:
    """The folder moved to ``commit``, marked while it moves (`clubheal`)."""
    mark_merge(git, commit)
    clubtree.move_to(git, commit)
    unmark_merge(git)


def _driver_stopped(git: Git, path: str, sides: dict[int, str]) -> bool:
    """Whether git left ``path`` unmerged though its sides merge: the merge driver was
    stopped (killed, out of memory) before it wrote the merge, which is no conflict."""
    from .clubfiles import merge_texts

    if kind_of(path) is None:
        return False
    base, ours, theirs = (_side(git, sides, n) for n in (1, 2, 3))
    if ours is None or theirs is None:
        return False
    try:
        merge_texts(base, ours, theirs, path)
    except (MergeConflict, ChicagoError):
        return False
    return True


def _side(git: Git, sides: dict[int, str], stage: int) -> str | None:
    """The text of one side of an unmerged file (1 common, 2 ours, 3 theirs), if it has one."""
    oid = sides.get(stage)
    return None if oid is None else git.blob(oid)


def _conflict(git: Git, path: str, theirs_ref: str, sides: dict[int, str]) -> Conflict:
    """What keeps ``path`` from merging, and its other side written beside it (``sides``:
    each version's object id by stage, as `clubtree.merge_tree` found them)."""
    base, ours, theirs = (_side(git, sides, n) for n in (1, 2, 3))
    written = None
    if theirs is not None:
        newer = newer_format(path, theirs)
        if newer is not None:
            raise newer_release(git, path, newer, theirs_ref)
        written = theirs_path(path)
        write_atomic(git.top / written, theirs.encode())
    return conflict_of(path, base, ours, theirs, written)


def conflict_of(
    path: str, base: str | None, ours: str | None, theirs: str | None, written: str | None
) -> Conflict:
    """The `Conflict` of three versions of ``path`` (``written``: where the other side's
    version is)."""
    found = describe_conflict(base, ours, theirs, path)
    return Conflict(path, found.message, found.deal, written, found.kind or "other", found.sides)


def with_tables(conflicts: list[Conflict]) -> list[Conflict]:
    """``conflicts`` with a night's tables folded into the night's own conflict: a round
    drawn differently on two machines made each table's game differently on both, and
    it is one decision, the night's (`club keep NIGHT` keeps that side's tables with
    it), not one per table."""
    from ..core.night import night_of_session

    nights = {Path(c.path).stem: c for c in conflicts if kind_of(c.path) == "night"}
    if not nights:
        return conflicts
    folded: dict[str, list[str]] = {}
    kept: list[Conflict] = []
    for conflict in conflicts:
        night = night_of_session(Path(conflict.path).stem) if kind_of(conflict.path) == "session" else None
        if night in nights:
            assert night is not None
            folded.setdefault(night, []).append(Path(conflict.path).stem)
        else:
            kept.append(conflict)
    return [
        replace(c, tables=tuple(sorted(folded.get(Path(c.path).stem, ())))) if kind_of(c.path) == "night" else c
        for c in kept
    ]


def _changed(git: Git, one: str, other: str | None = None) -> list[str]:
    """The files that differ between two commits (or a commit and the work tree)."""
    args = ["diff", "--name-only", "-z", "--no-renames", one, *((other,) if other else ())]
    return [p for p in git.out(*args).split("\0") if p]


def _tracked(git: Git, rev: str = "HEAD") -> list[str]:
    if not git.ok("rev-parse", "-q", "--verify", rev):
        return []
    return [p for p in git.out("ls-tree", "-r", "-z", "--name-only", rev).split("\0") if p]


def _remove_theirs_copies(top: Path) -> list[Msg]:
    """After a sync with no conflict every ``NAME.theirs.toml`` is stale: removed."""
    removed = []
    for folder in ("sessions", "nights"):
        with suppress(FileNotFoundError), os.scandir(top / folder) as entries:
            for entry in entries:
                if entry.name.endswith(".theirs.toml") and entry.is_file(follow_symlinks=False):
                    os.unlink(entry.path)
                    removed.append(Msg("removed {path}: its conflict is resolved", path=f"{folder}/{entry.name}"))
    return removed
