"""The sync's merge made in git's objects, and the folder moved to a commit one file at a
time, atomically (docs/club.md, "A sync that was stopped").

`git merge` writes the work tree as git checks files out: it removes a file, then writes
the new one.  A sync stopped between the two (a laptop that powers off) would leave a
session missing or cut short, and the next recording at that table refused.  So the
merge is made by ``git merge-tree --write-tree`` (the merge driver runs as for any
merge; nothing in the folder is touched), committed with ``git commit-tree``, and the
folder is moved to the commit by `move_to`: every file that differs written with
`write_atomic` (the old file or the new one, never half), then the branch, then the
index.  Stopped at any moment, the folder holds whole files; what it holds beyond the
branch is this machine's change to the next sync, which commits it and merges again
(a merge by event id joins what is there already once).
"""

from __future__ import annotations

import os
from contextlib import suppress
from dataclasses import dataclass, field

from ..core.errors import ChicagoError
from ..i18n.language import Msg
from .atomic import make_dir, write_atomic
from .gitrepo import Git, said

_NO_OBJECT = "0" * 40


@dataclass(slots=True)
class Merged:
    """What ``git merge-tree`` made: the tree, and each file it could not merge with its
    versions by stage (1 the common one, 2 ours, 3 theirs; a side without it, absent)."""

    tree: str
    unmerged: dict[str, dict[int, str]] = field(default_factory=dict)


def merge_tree(git: Git, ours: str, theirs: str, *, unrelated: bool) -> Merged:
    """Merge ``theirs`` into ``ours`` in git's objects only."""
    flags = ["--allow-unrelated-histories"] if unrelated else []
    result = git.run("merge-tree", "--write-tree", "-z", *flags, ours, theirs, check=False)
    if result.returncode not in (0, 1):
        raise ChicagoError(Msg("git could not merge {ref}: {said}", ref=theirs, said=said(result)))
    fields = result.stdout.split("\0")
    merged = Merged(fields[0])
    if result.returncode == 1:
        # -z: the tree, then "MODE OID STAGE\tPATH" per unmerged entry, ended by an empty field
        for entry in fields[1:]:
            if not entry:
                break
            info, _, path = entry.partition("\t")
            _mode, oid, stage = info.split(" ")
            merged.unmerged.setdefault(path, {})[int(stage)] = oid
    return merged


def with_sides(git: Git, tree: str, chosen: dict[str, str | None]) -> str:
    """``tree`` with each path of ``chosen`` set to a blob (None: removed), in a private
    index (the clone's own is not touched)."""
    index = git.git_path("chicago-protokoll-index")
    env = {"GIT_INDEX_FILE": str(index)}
    try:
        git.run("read-tree", tree, env=env)
        lines = "".join(
            f"100644 {oid}\t{path}\n" if oid else f"0 {_NO_OBJECT}\t{path}\n"
            for path, oid in chosen.items()
        )
        git.run("update-index", "--index-info", input=lines, env=env)
        return git.out("write-tree", env=env)
    finally:
        with suppress(FileNotFoundError):
            os.unlink(index)


def commit_tree(git: Git, tree: str, parents: list[str], message: str) -> str:
    flags = [arg for parent in parents for arg in ("-p", parent)]
    return git.run("commit-tree", tree, *flags, "-m", message, identity=True).stdout.strip()


def move_to(git: Git, commit: str) -> None:
    """The folder, the branch and the index at ``commit`` (see the module docstring).
    Under the data directory's lock, with nothing of this machine's uncommitted."""
    head = git.maybe("rev-parse", "-q", "--verify", "HEAD")
    if head is None:
        listed = git.out("ls-tree", "-r", "-z", "--name-only", commit).split("\0")
        changes = [("A", path) for path in listed if path]
    else:
        fields = git.out("diff", "--name-status", "-z", "--no-renames", head, commit).split("\0")
        changes = [(fields[at], fields[at + 1]) for at in range(0, len(fields) - 1, 2)]
    for status, path in changes:
        target = git.top / path
        if status == "D":
            with suppress(FileNotFoundError):
                os.unlink(target)
            continue
        data = git.blob_bytes(f"{commit}:{path}")
        if data is None:
            continue
        make_dir(target.parent)
        write_atomic(target, data)
    git.run("update-ref", "-m", "chicago club sync", "HEAD", commit, *((head,) if head else ()))
    git.run("reset", "-q")
