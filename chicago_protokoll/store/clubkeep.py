"""``club keep`` and ``club conflicts``: settling a club folder's conflicts one name at a
time (shared/docs/cli.md, "Settling conflicts"; docs/club.md, "A conflict").

- `keep`, `keep_all`: record settlements, each a commit of this clone with its trailer
  (`store.clubsettle`); the push (a whole sync) only once no conflict is left open.
- `open_conflicts`, `settlements`: what ``club conflicts`` lists.

Open conflicts are the ``NAME.theirs.toml`` copies a sync left beside their files (per
machine, ignored by git).
"""

from __future__ import annotations

import os
from contextlib import suppress
from dataclasses import replace
from pathlib import Path, PurePosixPath

from ..core.errors import ChicagoError
from ..i18n.language import Msg
from .atomic import write_atomic
from .club import (
    Conflict,
    SyncReport,
    SyncStopped,
    club_top,
    conflict_of,
    data_locks,
    other_side,
    sync,
    with_tables,
)
from .clubfiles import THEIRS_SUFFIX, kind_of, theirs_path
from .clubsettle import (
    Recorded,
    Settlement,
    Way,
    blob_of,
    commit_settled,
    game_key,
    logged,
    move_current,
    read_text,
    session_of,
)
from .gitrepo import Git

#: How many settlements ``club conflicts --settled`` lists, newest first.
RECENT = 10


# -- keep ----------------------------------------------------------------------------------


def keep(directory: Path, name: str, way: Way) -> SyncReport:
    """Settle the conflict over ``name`` (a session, a night with its tables' games, or
    another shared file by its path): one commit of this clone.  Then, if no other
    conflict is left open, the sync that pushes; else what is still open."""
    top = club_top(directory)
    git = Git(top)
    report = SyncReport()
    with data_locks(top):
        path = _open_path(top, name)
        if path is None:
            raise ChicagoError(
                Msg(
                    "there is no conflict over {name} to settle: no sessions/{name}.theirs.toml (club sync leaves one beside a file in conflict)",
                    name=name,
                ),
            )
        _refuse_a_table_of_a_night_in_conflict(top, path)
        theirs_ref = other_side(git)
        paths = [path]
        if kind_of(path) == "night":
            # A round drawn on both sides made its tables' games on both: they go with it.
            from ..core.night import night_of_session

            paths += [p for p in _open_paths(top) if kind_of(p) == "session" and night_of_session(PurePosixPath(p).stem) == name]
        if way == "both":
            report.told.extend(_keep_both(git, top, path, theirs_ref))
        else:
            report.told.extend(_keep_sides(git, top, paths, way, theirs_ref))
            if kind_of(path) == "night":
                report.told.extend(_drop_tables_of_the_other_draw(git, top, name, way, theirs_ref))
    return _then(top, report)


def _drop_tables_of_the_other_draw(git: Git, top: Path, night: str, way: Way, theirs_ref: str | None) -> list[Msg]:
    """The night's tables that only the side not kept drew go with it, named: a table's
    game here that the other side's night lacks is removed (one commit); one that only
    the other side has is recorded as settled away, so the sync's merge leaves it out
    (`clubsettle.pending`, `store.club._merge`)."""
    if theirs_ref is None:
        return []
    from ..core.night import night_of_session

    listed = git.run("ls-tree", "-z", f"{theirs_ref}:sessions", check=False).stdout.split("\0")
    theirs = {}
    for item in filter(None, listed):
        info, _, file = item.partition("\t")
        if file.endswith(".toml") and night_of_session(file.removesuffix(".toml")) == night:
            theirs[f"sessions/{file}"] = info.split()[2]
    with suppress(FileNotFoundError), os.scandir(top / "sessions") as entries:
        ours = {
            f"sessions/{e.name}"
            for e in entries
            if e.name.endswith(".toml") and not e.name.endswith(THEIRS_SUFFIX)
            and night_of_session(e.name.removesuffix(".toml")) == night
        }
    if way == "theirs":
        gone = sorted(ours - set(theirs))
        for path in gone:
            os.unlink(top / path)
        whose = Msg("this machine's")
        settled = [Settlement(path, "theirs", "") for path in gone]
    else:
        gone = sorted(set(theirs) - ours)
        whose = Msg("the other machine's")
        settled = [Settlement(path, "ours", theirs[path]) for path in gone]
    if not gone:
        return []
    commit_settled(git, gone if way == "theirs" else [], Msg("settled {paths}", paths=night), settled)
    return [
        Msg("dropped {table}: only {whose} draw of {night} had that table", table=_name_of(path), whose=whose, night=night)
        for path in gone
    ]


def _refuse_a_table_of_a_night_in_conflict(top: Path, path: str) -> None:
    """A table's game whose night is in conflict too is settled with the night: the two
    machines drew the round differently, and one side's table with the other side's
    night would be a game the night never drew."""
    if kind_of(path) != "session":
        return
    from ..core.night import night_of_session

    name = _name_of(path)
    night = night_of_session(name)
    if night is not None and (top / theirs_path(f"nights/{night}.toml")).is_file():
        raise ChicagoError(
            Msg(
                "{name} is a table of the night {night}, which is in conflict too: `chicago club keep {night} --ours` or `--theirs` settles the night with its tables; nothing was changed",
                name=name,
                night=night,
            )
        )


def keep_all(directory: Path, way: Way) -> SyncReport:
    """Settle every open conflict one way (``--all``), then sync."""
    top = club_top(directory)
    git = Git(top)
    report = SyncReport()
    with data_locks(top):
        paths = _open_paths(top)
        if not paths:
            raise ChicagoError(Msg("there is no conflict to settle: club sync leaves a NAME.theirs.toml beside each file in conflict"))
        report.told.extend(_keep_sides(git, top, paths, way, other_side(git)))
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
    try:
        synced = sync(top)
    except SyncStopped as stopped:
        stopped.told[:0] = report.told
        raise
    except ChicagoError as error:
        # The settlement is this clone's commit whatever the sync met: still said.
        raise SyncStopped(error.message, report.told) from None
    synced.told[:0] = report.told
    return synced


def _keep_sides(git: Git, top: Path, paths: list[str], way: Way, theirs_ref: str | None) -> list[Msg]:
    """Keep ``way``'s side of each path whole; one commit records them all."""
    settlements: list[Settlement] = []
    told: list[Msg] = []
    for path in paths:
        ours = read_text(top / path)
        theirs = read_text(top / theirs_path(path))
        base = _base(git, path, theirs_ref)
        against = blob_of(git, top / theirs_path(path)) if theirs is not None else ""
        kept, lost = (ours, theirs) if way == "ours" else (theirs, ours)
        settlement = Settlement(path, way, against)
        if lost is not None and kind_of(path) == "session":
            settlement = _what_is_dropped(settlement, base, kept, lost)
        elif lost is not None and kind_of(path) == "night" and lost != kept:
            lost_file = top / (theirs_path(path) if way == "ours" else path)
            settlement = replace(settlement, lost_night=blob_of(git, lost_file))
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
    commit_settled(git, paths, Msg("settled {paths}", paths=", ".join(_name_of(p) for p in paths)), settlements)
    for path in paths:
        with suppress(FileNotFoundError):
            os.unlink(top / theirs_path(path))
    return told


def _what_is_dropped(settlement: Settlement, base: str | None, kept: str | None, lost: str) -> Settlement:
    """The entries of the side not kept that the kept file lacks and the common version
    did not hold (what was recorded there since); a game dropped whole by its start."""
    path = settlement.path
    lost_session = session_of(lost, path)
    if lost_session is None:
        return settlement
    kept_session = session_of(kept, path) if kept is not None else None
    new_on_both = base is None or not base.strip()
    if new_on_both and (kept_session is None or kept_session.created != lost_session.created):
        return replace(settlement, lost_game=game_key(lost_session))
    known: set[str] = set()
    for other in (kept_session, session_of(base, path) if base else None):
        if other is not None:
            known |= {e.id for e in other.events} | {c.id for c in other.corrections}
    dropped = [(e.deal, e.id) for e in lost_session.events if e.id not in known]
    dropped += [(c.deal, c.id) for c in lost_session.corrections if c.id not in known]
    # An undo on the side not kept is dropped too when the kept side still holds the
    # entry: it is back in the game, and the machine that took it back is told.
    live = {e.id: e.deal for e in kept_session.events} if kept_session is not None else {}
    dropped += [(live[t.id], t.id) for t in lost_session.taken_back if t.id in live]
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
    ours, theirs = read_text(top / path), read_text(top / theirs_path(path))
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
    mine, other = session_of(ours, path), session_of(theirs, path)
    if mine is None or other is None:  # pragma: no cover - both loaded to conflict
        raise ChicagoError(Msg("{path} does not load", path=path))
    # The text breaks the last tie: two games alike in start and first id are told apart.
    later = 0 if (*game_key(mine), ours) > (*game_key(other), theirs) else 1
    moved = (mine, other)[later]
    renamed = _free_name(git, top, name, theirs_ref)
    settlement = Settlement(
        path, "both", blob_of(git, top / theirs_path(path)), renamed=renamed, moved=game_key(moved)
    )
    new_path = f"sessions/{renamed}.toml"
    from .fileformat import dumps_session

    write_atomic(top / new_path, dumps_session(replace(moved, name=renamed)).encode("utf-8"))
    write_atomic(top / path, (theirs if later == 0 else ours).encode("utf-8"))
    commit_settled(git, [path, new_path], Msg("settled {paths}", paths=name), [settlement])
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
        told.extend(move_current(top, name, renamed))
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
    theirs_ref = other_side(git)
    found = []
    for path in _open_paths(top):
        ours, theirs = read_text(top / path), read_text(top / theirs_path(path))
        found.append(conflict_of(path, _base(git, path, theirs_ref), ours, theirs, theirs_path(path)))
    return with_tables(found)


def settlements(directory: Path) -> list[Recorded]:
    """The latest settlements in this clone's history, newest first."""
    top = club_top(directory)
    return logged(Git(top), "HEAD", limit=RECENT) if Git(top).ok("rev-parse", "-q", "--verify", "HEAD") else []


# -- helpers ---------------------------------------------------------------------------------


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
