"""Settlements of a club folder's conflicts in git's history (shared/docs/cli.md,
"Settling conflicts"; docs/club.md, "A conflict"), as the sync meets them.

A settlement is a commit of this clone (`store.clubkeep` makes it): the file as
settled, and one trailer line ``Chicago-Settled: {json}`` per file saying which side
was kept, against which version of the other side (its blob), which entries of the side
not kept it dropped (by deal and id) and, for two games kept both, which game was
renamed to what.  The message is part of git's history, so it travels with the push and
reads the same on every machine:

- `pending`: this clone's settlements not yet pushed; the sync's merge builds them into
  its tree (`resolve`), so a settled name is never raised again while others stay open.
- `before_merge`: settlements arriving from the other side: what they dropped of this
  machine's own work is said per name and deal, and a game they renamed is followed
  (this machine's copy and its current session move to the new name).

The sync (`store.club`) imports this module, and `store.clubkeep` both: nothing here
imports the sync.
"""

from __future__ import annotations

import json
import os
from contextlib import suppress
from dataclasses import dataclass, replace
from pathlib import Path, PurePosixPath
from typing import Any, Literal

from ..core.errors import ChicagoError
from ..core.session import Session
from ..i18n.language import Msg, language
from .atomic import write_atomic
from .clubcheck import RELEASE_TRAILER, release
from .clubfiles import kind_of, merge_texts
from .gitrepo import Git

Way = Literal["ours", "theirs", "both"]

SETTLED_TRAILER = "Chicago-Settled"


@dataclass(frozen=True, slots=True)
class Settlement:
    """One file's settlement, as its commit records it."""

    path: str
    kept: Way  # as the machine that settled saw it
    against: str  # the other side's blob the choice was made against ("" none)
    dropped: tuple[tuple[int, str], ...] = ()  # (deal, id) of entries of the side not kept
    lost_game: tuple[str, str] | None = None  # (created, first id) of a game dropped whole
    lost_night: str = ""  # the blob of a night's side not kept
    renamed: str = ""  # --both: the new name of the later game
    moved: tuple[str, str] | None = None  # --both: (created, first id) of the game renamed

    def trailer(self) -> str:
        data: dict[str, Any] = {"path": self.path, "kept": self.kept, "against": self.against}
        if self.dropped:
            data["dropped"] = [list(item) for item in self.dropped]
        if self.lost_game is not None:
            data["lost_game"] = list(self.lost_game)
        if self.lost_night:
            data["lost_night"] = self.lost_night
        if self.renamed:
            data["renamed"] = self.renamed
        if self.moved is not None:
            data["moved"] = list(self.moved)
        # one line whatever a name holds: ASCII JSON escapes every line break
        return f"{SETTLED_TRAILER}: {json.dumps(data, ensure_ascii=True, separators=(',', ':'))}"

    @classmethod
    def parse(cls, value: str) -> Settlement | None:
        try:
            data = json.loads(value)
            return cls(
                path=str(data["path"]),
                kept=data["kept"] if data["kept"] in ("ours", "theirs", "both") else "ours",
                against=str(data.get("against", "")),
                dropped=tuple((int(deal), str(ident)) for deal, ident in data.get("dropped", ())),
                lost_game=_pair(data.get("lost_game")),
                lost_night=str(data.get("lost_night", "")),
                renamed=str(data.get("renamed", "")),
                moved=_pair(data.get("moved")),
            )
        except (ValueError, KeyError, TypeError):
            return None  # a line written by hand or by a later release: not ours to read


def _pair(value: object) -> tuple[str, str] | None:
    if isinstance(value, list) and len(value) == 2:
        return str(value[0]), str(value[1])
    return None


@dataclass(frozen=True, slots=True)
class Recorded:
    """A settlement as ``club conflicts --settled`` lists it: with its commit."""

    commit: str
    at: str
    by: str
    settlement: Settlement


# -- reading settlements out of history ---------------------------------------------------


def logged(git: Git, *revs: str, limit: int | None = None) -> list[Recorded]:
    """The settlements of the commits ``revs`` name (``git log`` arguments), newest first."""
    args = ["log", "--format=%H%x1f%aI%x1f%an%x1f%B%x1e", f"--grep=^{SETTLED_TRAILER}: "]
    if limit is not None:
        args.append(f"-n{limit}")
    found = git.run(*args, *revs, "--", check=False)
    if found.returncode != 0:
        return []
    recorded = []
    for record in found.stdout.split("\x1e"):
        parts = record.strip("\n").split("\x1f")
        if len(parts) != 4:
            continue
        commit, at, by, body = parts
        for line in body.splitlines():
            if line.startswith(f"{SETTLED_TRAILER}: "):
                settlement = Settlement.parse(line.partition(": ")[2])
                if settlement is not None:
                    recorded.append(Recorded(commit, at, by, settlement))
    return recorded


def pending(git: Git, theirs_ref: str) -> dict[str, str]:
    """This clone's settlements the other side has not got yet: per path, the other
    side's blob it was settled against (the newest settlement of a path counts)."""
    found: dict[str, str] = {}
    for item in logged(git, f"{theirs_ref}..HEAD"):
        found.setdefault(item.settlement.path, item.settlement.against)
    return found


@dataclass(frozen=True, slots=True)
class Kept:
    """What a settlement makes of a file in the sync's merge: its blob, None removed."""

    blob: str | None


def resolve(git: Git, path: str, sides: dict[int, str], against: str) -> Kept | None:
    """Settle ``path``, left unmerged by the sync's merge (``sides``: each version's
    object id by stage, `clubtree.Merged`), as this clone's settlement says: the other
    side as it was when settled gives this side's file; an other side that has moved on
    since is merged three-way from the version settled against (its new entries come
    in).  None when that still conflicts: a new conflict, for a person again."""
    ours_blob, theirs_blob = sides.get(2), sides.get(3)
    if (theirs_blob or "") == against:
        return Kept(ours_blob)
    if kind_of(path) is None or ours_blob is None or theirs_blob is None or not against:
        return None
    ours, theirs = git.blob(ours_blob), git.blob(theirs_blob)
    if ours is None or theirs is None:  # pragma: no cover - ids merge-tree just gave
        return None
    try:
        result = merge_texts(git.blob(against), ours, theirs, path)
    except ChicagoError:
        return None
    # Written into git's objects only: the merge's tree takes it, the folder follows.
    return Kept(git.run("hash-object", "-w", "--stdin", input=result).stdout.strip())


# -- what arrives from the other side ------------------------------------------------------


def before_merge(git: Git, theirs_ref: str) -> list[Msg]:
    """Before the sync merges ``theirs_ref``: what its settlements dropped of this
    machine's work, per name and deal, and every game they renamed followed here."""
    if not git.ok("rev-parse", "-q", "--verify", "HEAD"):
        return []
    told: list[Msg] = []
    for item in reversed(logged(git, f"HEAD..{theirs_ref}")):
        told.extend(_dropped_here(git, item.settlement))
        if item.settlement.renamed and item.settlement.moved is not None:
            told.extend(_follow(git, item))
    return told


def _dropped_here(git: Git, settled: Settlement) -> list[Msg]:
    """The lines that tell this machine what ``settled`` dropped of what it holds."""
    text = read_text(git.top / settled.path)
    if text is None:
        return []
    name = PurePosixPath(settled.path).stem
    if kind_of(settled.path) == "night":
        if settled.lost_night and settled.lost_night == blob_of(git, git.top / settled.path):
            return [Msg("the night {name} as drawn here was replaced by the other machine's", name=name)]
        return []
    if kind_of(settled.path) != "session":
        return []
    session = session_of(text, settled.path)
    if session is None:
        return []
    if settled.lost_game is not None and settled.lost_game == game_key(session):
        return [
            Msg(
                "{name} as started here at {created} was replaced by the other machine's game of that name",
                name=name,
                created=session.created,
            )
        ]
    # what this machine recorded, and what it took back (an undo the settlement dropped)
    held = {event.id for event in session.events} | {c.id for c in session.corrections}
    held |= {taken.id for taken in session.taken_back}
    deals = sorted({deal for deal, ident in settled.dropped if ident in held})
    return [
        Msg("{name} deal {deal} as recorded here was replaced by the other machine's", name=name, deal=deal)
        for deal in deals
    ]


def _follow(git: Git, item: Recorded) -> list[Msg]:
    """Another machine kept both games under one name and renamed one: if this machine's
    file is that game, it moves to the new name with whatever was recorded here since
    (and the current session with it), and the name holds the other game as settled."""
    settled = item.settlement
    path = settled.path
    text = read_text(git.top / path)
    session = session_of(text, path) if text is not None else None
    if session is None or game_key(session) != settled.moved:
        return []
    new_path = f"sessions/{settled.renamed}.toml"
    if (git.top / new_path).exists():
        return []  # followed already
    from .fileformat import dumps_session

    write_atomic(git.top / new_path, dumps_session(replace(session, name=settled.renamed)).encode("utf-8"))
    kept = git.blob(f"{item.commit}:{path}")
    if kept is None:
        with suppress(FileNotFoundError):
            os.unlink(git.top / path)
    else:
        write_atomic(git.top / path, kept.encode("utf-8"))
    git.run("add", "-A", "--", path, new_path)
    name = PurePosixPath(path).stem
    subject = Msg("followed the rename of {name}'s later game to {renamed}", name=name, renamed=settled.renamed)
    commit_settled(git, [path, new_path], subject, [])
    told = [
        Msg(
            "two games were created under the name {name} and the other machine kept both: the game started here at {created} is now {renamed}",
            name=name,
            created=session.created,
            renamed=settled.renamed,
        )
    ]
    told.extend(move_current(git.top, name, settled.renamed))
    return told


def move_current(top: Path, name: str, renamed: str) -> list[Msg]:
    """The current session follows its game to its new name (a `serve` that follows the
    current session follows with it)."""
    pointer = top / "current"
    if (read_text(pointer) or "").strip() != name:
        return []
    write_atomic(pointer, f"{renamed}\n".encode())
    return [Msg("the current session follows it: {renamed}", renamed=renamed)]


# -- helpers ---------------------------------------------------------------------------------


def commit_settled(git: Git, paths: list[str], subject: Msg, settled: list[Settlement]) -> None:
    """One commit of exactly ``paths`` (whatever else is staged or changed stays as it
    is), its message the subject, the release and the settlements."""
    present = [p for p in paths if (git.top / p).exists() or git.ok("cat-file", "-e", f"HEAD:{p}")]
    if present:
        git.run("add", "-A", "--", *present)
    lines = "".join(f"{item.trailer()}\n" for item in settled)
    message = f"{subject.localized(language())}\n\n{RELEASE_TRAILER}: {release()}\n{lines}"
    only = ("--only", "--", *present) if present else ()
    # Under the data directory's lock: git runs with the clone's hooks off (`gitrepo`).
    git.run("commit", "-q", "--allow-empty", "-m", message, *only, identity=True)


def read_text(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        return None


def blob_of(git: Git, file: Path) -> str:
    """The blob id git gives the file's bytes as they are (written into the clone, so a
    later merge can read that version back)."""
    return git.out("hash-object", "-w", "--no-filters", "--", str(file))


def session_of(text: str | None, path: str) -> Session | None:
    """The session ``text`` holds, or None when it does not load."""
    from ..core.errors import SessionFileError
    from .fileformat import loads_session

    if text is None:
        return None
    try:
        return loads_session(text, path)
    except SessionFileError:
        return None


def game_key(session: Session) -> tuple[str, str]:
    """Which game a file holds, whatever was recorded since: when it was created and
    its first event's id."""
    return (session.created, session.events[0].id if session.events else "")
