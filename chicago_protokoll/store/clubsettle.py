"""Settling a club folder's conflicts one name at a time (shared/docs/cli.md, "Settling
conflicts"; docs/club.md, "A conflict").

A settlement is a commit of this clone: the file as settled, and one trailer line
``Chicago-Settled: {json}`` per file saying which side was kept, against which version
of the other side (its blob), which entries of the side not kept it dropped (by deal and
id) and, for two games kept both, which game was renamed to what.  The message is part
of git's history, so it travels with the push and reads the same on every machine:

- `pending`: this clone's settlements not yet pushed; the sync's merge applies them
  (`resolve`), so a settled name is never raised again while others stay open.
- `before_merge`: settlements arriving from the other side: what they dropped of this
  machine's own work is said per name and deal, and a game they renamed is followed
  (this machine's copy and its current session move to the new name).
- `keep`, `keep_all`: record settlements; the push (a whole sync) only once no conflict
  is left open.
- `open_conflicts`, `settlements`: what ``club conflicts`` lists.

Open conflicts are the ``NAME.theirs.toml`` copies a sync left beside their files (per
machine, ignored by git).
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
from .club import (
    RELEASE_TRAILER,
    Conflict,
    SyncReport,
    _data_locks,
    _remote,
    _their_branch,
    club_top,
    conflict_of,
    release,
    sync,
)
from .clubfiles import THEIRS_SUFFIX, kind_of, merge_texts, theirs_path
from .gitrepo import Git

Way = Literal["ours", "theirs", "both"]

SETTLED_TRAILER = "Chicago-Settled"
#: How many settlements ``club conflicts --settled`` lists, newest first.
RECENT = 10


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


def _logged(git: Git, *revs: str, limit: int | None = None) -> list[Recorded]:
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
    for item in _logged(git, f"{theirs_ref}..HEAD"):
        found.setdefault(item.settlement.path, item.settlement.against)
    return found


def resolve(git: Git, path: str, against: str) -> bool:
    """Settle ``path`` in a merge under way as this clone's settlement says: the other
    side as it was when settled gives this side's file; an other side that has moved on
    since is merged three-way from the version settled against (its new entries come
    in).  False when that still conflicts: a new conflict, for a person again."""
    ours = git.blob(f":2:{path}")
    theirs = git.blob(f":3:{path}")
    theirs_blob = git.maybe("rev-parse", "-q", "--verify", f":3:{path}") or ""
    if theirs_blob == against:
        result = ours
    elif kind_of(path) is None or ours is None or theirs is None or not against:
        return False
    else:
        try:
            result = merge_texts(git.blob(against), ours, theirs, path)
        except ChicagoError:
            return False
    if result is None:
        git.run("rm", "-q", "--", path)
    else:
        write_atomic(git.top / path, result.encode("utf-8"))
        git.run("add", "--", path)
    return True


# -- what arrives from the other side ------------------------------------------------------


def before_merge(git: Git, theirs_ref: str) -> list[Msg]:
    """Before the sync merges ``theirs_ref``: what its settlements dropped of this
    machine's work, per name and deal, and every game they renamed followed here."""
    if not git.ok("rev-parse", "-q", "--verify", "HEAD"):
        return []
    told: list[Msg] = []
    for item in reversed(_logged(git, f"HEAD..{theirs_ref}")):
        told.extend(_dropped_here(git, item.settlement))
        if item.settlement.renamed and item.settlement.moved is not None:
            told.extend(_follow(git, item))
    return told


def _dropped_here(git: Git, settled: Settlement) -> list[Msg]:
    """The lines that tell this machine what ``settled`` dropped of what it holds."""
    text = _read(git.top / settled.path)
    if text is None:
        return []
    name = PurePosixPath(settled.path).stem
    if kind_of(settled.path) == "night":
        if settled.lost_night and settled.lost_night == _blob_of(git, git.top / settled.path):
            return [Msg("the night {name} as drawn here was replaced by the other machine's", name=name)]
        return []
    if kind_of(settled.path) != "session":
        return []
    session = _session(text, settled.path)
    if session is None:
        return []
    if settled.lost_game is not None and settled.lost_game == _game_key(session):
        return [
            Msg(
                "{name} as started here at {created} was replaced by the other machine's game of that name",
                name=name,
                created=session.created,
            )
        ]
    held = {event.id for event in session.events} | {c.id for c in session.corrections}
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
    text = _read(git.top / path)
    session = _session(text, path) if text is not None else None
    if session is None or _game_key(session) != settled.moved:
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
    _commit(git, [path, new_path], subject, [])
    told = [
        Msg(
            "two games were created under the name {name} and the other machine kept both: the game started here at {created} is now {renamed}",
            name=name,
            created=session.created,
            renamed=settled.renamed,
        )
    ]
    told.extend(_move_current(git.top, name, settled.renamed))
    return told


def _move_current(top: Path, name: str, renamed: str) -> list[Msg]:
    """The current session follows its game to its new name (a `serve` that follows the
    current session follows with it)."""
    pointer = top / "current"
    if (_read(pointer) or "").strip() != name:
        return []
    write_atomic(pointer, f"{renamed}\n".encode())
    return [Msg("the current session follows it: {renamed}", renamed=renamed)]


# -- keep ----------------------------------------------------------------------------------


def keep(directory: Path, name: str, way: Way) -> SyncReport:
    """Settle the conflict over ``name`` (a session, a night with its tables' games, or
    another shared file by its path): one commit of this clone.  Then, if no other
    conflict is left open, the sync that pushes; else what is still open."""
    top = club_top(directory)
    git = Git(top)
    report = SyncReport()
    with _data_locks(top):
        path = _open_path(top, name)
        if path is None:
            raise ChicagoError(
                Msg(
                    "there is no conflict over {name} to settle: no sessions/{name}.theirs.toml (club sync leaves one beside a file in conflict)",
                    name=name,
                ),
            )
        theirs_ref = _theirs_ref(git)
        paths = [path]
        if kind_of(path) == "night":
            # A round drawn on both sides made its tables' games on both: they go with it.
            from ..core.night import night_of_session

            paths += [p for p in _open_paths(top) if kind_of(p) == "session" and night_of_session(PurePosixPath(p).stem) == name]
        if way == "both":
            report.told.extend(_keep_both(git, top, path, theirs_ref))
        else:
            report.told.extend(_keep_sides(git, top, paths, way, theirs_ref))
    return _then(top, report)


def keep_all(directory: Path, way: Way) -> SyncReport:
    """Settle every open conflict one way (``--all``), then sync."""
    top = club_top(directory)
    git = Git(top)
    report = SyncReport()
    with _data_locks(top):
        paths = _open_paths(top)
        if not paths:
            raise ChicagoError(Msg("there is no conflict to settle: club sync leaves a NAME.theirs.toml beside each file in conflict"))
        report.told.extend(_keep_sides(git, top, paths, way, _theirs_ref(git)))
    return _then(top, report)


def _then(top: Path, report: SyncReport) -> SyncReport:
    """After a settlement: the sync that pushes once nothing is open, else what is."""
    still = _open_paths(top)
    if still:
        names = ", ".join(_name_of(path) for path in still)
        report.told.append(
            Msg("still open: {names}; nothing is pushed until the last is settled (`chicago club conflicts` shows them)", names=names)
        )
        return report
    synced = sync(top)
    synced.told[:0] = report.told
    return synced


def _keep_sides(git: Git, top: Path, paths: list[str], way: Way, theirs_ref: str | None) -> list[Msg]:
    """Keep ``way``'s side of each path whole; one commit records them all."""
    settlements: list[Settlement] = []
    told: list[Msg] = []
    for path in paths:
        ours = _read(top / path)
        theirs = _read(top / theirs_path(path))
        base = _base(git, path, theirs_ref)
        against = _blob_of(git, top / theirs_path(path)) if theirs is not None else ""
        kept, lost = (ours, theirs) if way == "ours" else (theirs, ours)
        settlement = Settlement(path, way, against)
        if lost is not None and kind_of(path) == "session":
            settlement = _what_is_dropped(settlement, base, kept, lost)
        elif lost is not None and kind_of(path) == "night" and lost != kept:
            lost_file = top / (theirs_path(path) if way == "ours" else path)
            settlement = replace(settlement, lost_night=_blob_of(git, lost_file))
        if way == "theirs":
            if theirs is None:
                with suppress(FileNotFoundError):
                    os.unlink(top / path)
            else:
                write_atomic(top / path, theirs.encode("utf-8"))
        settlements.append(settlement)
        side = Msg("this machine's") if way == "ours" else Msg("the other machine's")
        told.append(Msg("settled {name}: kept {side} version", name=_name_of(path), side=side))
        told.extend(_said_dropped(settlement, way))
    _commit(git, paths, Msg("settled {paths}", paths=", ".join(_name_of(p) for p in paths)), settlements)
    for path in paths:
        with suppress(FileNotFoundError):
            os.unlink(top / theirs_path(path))
    return told


def _what_is_dropped(settlement: Settlement, base: str | None, kept: str | None, lost: str) -> Settlement:
    """The entries of the side not kept that the kept file lacks and the common version
    did not hold (what was recorded there since); a game dropped whole by its start."""
    path = settlement.path
    lost_session = _session(lost, path)
    if lost_session is None:
        return settlement
    kept_session = _session(kept, path) if kept is not None else None
    new_on_both = base is None or not base.strip()
    if new_on_both and (kept_session is None or kept_session.created != lost_session.created):
        return replace(settlement, lost_game=_game_key(lost_session))
    known: set[str] = set()
    for other in (kept_session, _session(base, path) if base else None):
        if other is not None:
            known |= {e.id for e in other.events} | {c.id for c in other.corrections}
    dropped = [(e.deal, e.id) for e in lost_session.events if e.id not in known]
    dropped += [(c.deal, c.id) for c in lost_session.corrections if c.id not in known]
    return replace(settlement, dropped=tuple(dropped))


def _said_dropped(settlement: Settlement, way: Way) -> list[Msg]:
    """What this machine's choice dropped, said at once."""
    name = _name_of(settlement.path)
    whose = Msg("this machine's") if way == "theirs" else Msg("the other machine's")
    if settlement.lost_game is not None:
        return [Msg("dropped {whose} game {name} started at {created}", whose=whose, name=name, created=settlement.lost_game[0])]
    deals = sorted({deal for deal, _ in settlement.dropped})
    return [Msg("dropped {whose} deal {deal} of {name}", whose=whose, deal=deal, name=name) for deal in deals]


def _keep_both(git: Git, top: Path, path: str, theirs_ref: str | None) -> list[Msg]:
    """Two different games under one name: both kept, the one created later (by
    ``created``, then its first event's id) renamed to the next free ``NAME_N`` — the
    same on whichever machine settles.  Refused for anything else."""
    name = _name_of(path)
    ours, theirs = _read(top / path), _read(top / theirs_path(path))
    found = conflict_of(path, _base(git, path, theirs_ref), ours, theirs, None)
    if kind_of(path) == "session":
        from ..core.night import night_of_session

        night = night_of_session(name)
        if night is not None and (top / "nights" / f"{night}.toml").exists():
            raise ChicagoError(
                Msg(
                    "{name} is a table of the night {night}: both versions are that table's one game, so only one can be kept: `chicago club keep {name} --ours` or `--theirs`",
                    name=name,
                    night=night,
                )
            )
    if found.kind != "two-games" or ours is None or theirs is None:
        raise ChicagoError(
            Msg(
                "--both keeps two different games created under one name, and {name}'s conflict is not that: `chicago club keep {name} --ours` or `--theirs`",
                name=name,
            )
        )
    mine, other = _session(ours, path), _session(theirs, path)
    if mine is None or other is None:  # pragma: no cover - both loaded to conflict
        raise ChicagoError(Msg("{path} does not load", path=path))
    # The text breaks the last tie: two games alike in start and first id are told apart.
    later = 0 if (*_game_key(mine), ours) > (*_game_key(other), theirs) else 1
    moved = (mine, other)[later]
    renamed = _free_name(git, top, name, theirs_ref)
    settlement = Settlement(
        path, "both", _blob_of(git, top / theirs_path(path)), renamed=renamed, moved=_game_key(moved)
    )
    new_path = f"sessions/{renamed}.toml"
    from .fileformat import dumps_session

    write_atomic(top / new_path, dumps_session(replace(moved, name=renamed)).encode("utf-8"))
    write_atomic(top / path, (theirs if later == 0 else ours).encode("utf-8"))
    _commit(git, [path, new_path], Msg("settled {paths}", paths=name), [settlement])
    with suppress(FileNotFoundError):
        os.unlink(top / theirs_path(path))
    told = [
        Msg(
            "settled {name}: both games kept; the one started later ({created}) is now {renamed}",
            name=name,
            created=moved.created,
            renamed=renamed,
        )
    ]
    if later == 0:
        told.extend(_move_current(top, name, renamed))
    return told


def _free_name(git: Git, top: Path, name: str, theirs_ref: str | None) -> str:
    """``NAME_2``, else the next free ``NAME_N``: free here, in this clone's history and
    on the other side, so both machines would choose it alike (`again` names ``-N``)."""
    taken: set[str] = set()
    with suppress(FileNotFoundError), os.scandir(top / "sessions") as entries:
        taken |= {entry.name for entry in entries}
    for rev in ("HEAD", theirs_ref):
        if rev is not None:
            listed = git.run("ls-tree", "-z", "--name-only", f"{rev}:sessions", check=False).stdout
            taken |= set(listed.split("\0"))
    number = 2
    while f"{name}_{number}.toml" in taken:
        number += 1
    return f"{name}_{number}"


# -- what ``club conflicts`` lists ---------------------------------------------------------


def open_conflicts(directory: Path) -> list[Conflict]:
    """Every conflict a sync left open here, in words (`Conflict`), by file name."""
    top = club_top(directory)
    git = Git(top)
    theirs_ref = _theirs_ref(git)
    found = []
    for path in _open_paths(top):
        ours, theirs = _read(top / path), _read(top / theirs_path(path))
        found.append(conflict_of(path, _base(git, path, theirs_ref), ours, theirs, theirs_path(path)))
    return found


def settlements(directory: Path) -> list[Recorded]:
    """The latest settlements in this clone's history, newest first."""
    top = club_top(directory)
    return _logged(Git(top), "HEAD", limit=RECENT) if Git(top).ok("rev-parse", "-q", "--verify", "HEAD") else []


# -- helpers ---------------------------------------------------------------------------------


def _commit(git: Git, paths: list[str], subject: Msg, settled: list[Settlement]) -> None:
    """One commit of exactly ``paths`` (whatever else is staged or changed stays as it
    is), its message the subject, the release and the settlements."""
    present = [p for p in paths if (git.top / p).exists() or git.ok("cat-file", "-e", f"HEAD:{p}")]
    if present:
        git.run("add", "-A", "--", *present)
    lines = "".join(f"{item.trailer()}\n" for item in settled)
    message = f"{subject.localized(language())}\n\n{RELEASE_TRAILER}: {release()}\n{lines}"
    only = ("--only", "--", *present) if present else ()
    git.run("commit", "-q", "--allow-empty", "--no-verify", "-m", message, *only, identity=True)


def _theirs_ref(git: Git) -> str | None:
    """The other side the last sync merged: this branch's remote branch, as sync finds it."""
    branch = git.maybe("symbolic-ref", "-q", "--short", "HEAD")
    if branch is None:
        return None
    remote, remote_branch, _ = _remote(git, branch)
    if remote is None:
        return None
    ref = f"refs/remotes/{remote}/{_their_branch(git, remote, remote_branch)}"
    return ref if git.ok("rev-parse", "-q", "--verify", ref) else None


def _base(git: Git, path: str, theirs_ref: str | None) -> str | None:
    """``path`` as the two sides last had it alike (the merge base), None if it was not."""
    if theirs_ref is None:
        return None
    base = git.maybe("merge-base", "HEAD", theirs_ref)
    return git.blob(f"{base}:{path}") if base else None


def _open_paths(top: Path) -> list[str]:
    """The files in conflict here: each has its ``.theirs.toml`` beside it."""
    found = []
    for folder in ("sessions", "nights", ""):
        with suppress(FileNotFoundError), os.scandir(top / folder if folder else top) as entries:
            for entry in entries:
                if entry.name.endswith(THEIRS_SUFFIX) and entry.is_file(follow_symlinks=False):
                    stem = entry.name.removesuffix(THEIRS_SUFFIX)
                    name = f"{stem}.toml" if folder or (top / f"{stem}.toml").exists() else stem
                    found.append(f"{folder}/{name}" if folder else name)
    return sorted(found)


def _open_path(top: Path, name: str) -> str | None:
    for path in (f"sessions/{name}.toml", f"nights/{name}.toml", name):
        if (top / theirs_path(path)).is_file():
            return path
    return None


def _name_of(path: str) -> str:
    """How ``club keep`` takes a path: a session's or night's name, any other by its path."""
    return PurePosixPath(path).stem if kind_of(path) else path


def _read(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        return None


def _blob_of(git: Git, file: Path) -> str:
    """The blob id git gives the file's bytes as they are (written into the clone, so a
    later merge can read that version back)."""
    return git.out("hash-object", "-w", "--no-filters", "--", str(file))


def _session(text: str | None, path: str) -> Session | None:
    """The session ``text`` holds, or None when it does not load."""
    from ..core.errors import SessionFileError
    from .fileformat import loads_session

    if text is None:
        return None
    try:
        return loads_session(text, path)
    except SessionFileError:
        return None


def _game_key(session: Session) -> tuple[str, str]:
    """Which game a file holds, whatever was recorded since: when it was created and
    its first event's id."""
    return (session.created, session.events[0].id if session.events else "")
