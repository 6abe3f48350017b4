"""The files of a club folder as the merge and the sync see them: which files are ours,
merging three versions of one (what ``chicago merge-driver`` does for git), and whether
one loads (what ``club sync`` checks before it pushes).

Pure of git: texts in, a text or a refusal out.  Session files merge by event id
(`core.sessionmerge`), night files by key (`core.nightmerge`).
"""

from __future__ import annotations

import re
from pathlib import Path, PurePosixPath

from ..core.errors import ChicagoError, SessionFileError
from ..core.logmerge import MergeConflict
from ..core.nightmerge import merge_nights
from ..i18n.language import Msg
from . import fileformat, nightformat
from .sessionfile import replay_file

#: Beside a file in conflict, the other machine's version: ``sessions/NAME.theirs.toml``.
THEIRS_SUFFIX = ".theirs.toml"


def kind_of(path: str) -> str | None:
    """``"session"``, ``"night"`` or None: what a path of the club folder holds.  The
    other side's copy of a conflict (``NAME.theirs.toml``) is none of ours."""
    parts = PurePosixPath(path).parts
    if len(parts) != 2 or not parts[1].endswith(".toml") or parts[1].startswith("."):
        return None
    if parts[1].endswith(THEIRS_SUFFIX):
        return None
    return {"sessions": "session", "nights": "night"}.get(parts[0])


def theirs_path(path: str) -> str:
    """Where the other side's version of ``path`` is put while they are in conflict."""
    return path.removesuffix(".toml") + THEIRS_SUFFIX


_VERSION_LINE = re.compile(r"^version\s*=\s*(\d{1,9})\s*$", re.MULTILINE)


def newer_format(path: str, text: str) -> int | None:
    """The format ``text`` is written in if it is newer than this release reads, else None."""
    kind = kind_of(path)
    found = _VERSION_LINE.search(text[:4096])
    if kind is None or found is None:
        return None
    readable = fileformat.VERSION if kind == "session" else nightformat.VERSION
    version = int(found.group(1))
    return version if version > readable else None


def check_text(path: str, text: str) -> None:
    """Refuse (`SessionFileError`) the text of a session or night file that does not load:
    damaged, from a newer release, or (a session) not adding up under its rules."""
    kind = kind_of(path)
    if kind == "session":
        replay_file(fileformat.loads_session(text, path), Path(path))
    elif kind == "night":
        nightformat.loads_night(text, path, stem=PurePosixPath(path).stem)


def guess_path(text: str, name: str) -> str:
    """Where a file git merges without telling its path (no %P) stands: a night's file
    says so in its format line, anything else is taken as a session."""
    stem = name.removesuffix(".toml")
    if f'format = "{nightformat.FORMAT}"' in text[:4096]:
        # a night's name must be its file's: the name it holds
        named = re.search(r'^name = "([^"\\]*)"$', text[:4096], re.MULTILINE)
        return f"nights/{named.group(1) if named else stem}.toml"
    return f"sessions/{stem}.toml"


def merge_texts(base: str | None, ours: str, theirs: str, path: str) -> str:
    """The merged text of a session or night file from its three versions (``base`` None
    or empty: the file is new on both sides); `MergeConflict` or `SessionFileError` when
    it cannot be merged.  Merging is symmetric: the bytes do not depend on which side is
    called ours."""
    kind = kind_of(path)
    if kind is None:
        raise ChicagoError(Msg("{path} is not a session or night file", path=path))
    common = base if base is not None and base.strip() else None
    if kind == "session":
        from ..core.sessionmerge import merge_sessions  # the replay: only for a session

        old = fileformat.loads_session(common, f"{path} (common)") if common is not None else None
        mine = fileformat.loads_session(ours, f"{path} (ours)")
        other = fileformat.loads_session(theirs, f"{path} (theirs)")
        merged = merge_sessions(old, mine, other, name=PurePosixPath(path).stem)
        text = fileformat.dumps_session(merged)
    else:
        stem = PurePosixPath(path).stem
        night_old = (
            nightformat.loads_night(common, f"{path} (common)", stem=stem) if common is not None else None
        )
        night_mine = nightformat.loads_night(ours, f"{path} (ours)", stem=stem)
        night_other = nightformat.loads_night(theirs, f"{path} (theirs)", stem=stem)
        text = nightformat.dumps_night(merge_nights(night_old, night_mine, night_other))
    try:
        check_text(path, text)
    except SessionFileError as error:
        # A merge that breaks a rule is for a person to decide, never a file to write.
        raise MergeConflict(
            Msg("merged, {path} would not load: {error}", path=path, error=error.message),
        ) from None
    return text


def describe_conflict(base: str | None, ours: str | None, theirs: str | None, path: str) -> MergeConflict:
    """What keeps the three versions of ``path`` apart, as the `MergeConflict` a person
    reads (`present.conflicts` words it): ``kind`` ``"deal"``, ``"two-games"``,
    ``"night"`` or ``"other"``, and per deal that differs both sides' entries."""
    kind = kind_of(path)
    if ours is None or theirs is None:
        where = Msg("here") if ours is None else Msg("on the other machine")
        return MergeConflict(
            Msg("{path} was removed {where} and changed on the other side", path=path, where=where),
            kind="night" if kind == "night" else "other",
        )
    if kind is None:
        return MergeConflict(Msg("{path} was changed on both machines", path=path), kind="other")
    try:
        merge_texts(base, ours, theirs, path)
    except MergeConflict as error:
        if kind == "night":
            error.kind = "night"
        elif not error.kind:
            error.kind = "other"
        return error
    except ChicagoError as error:
        return MergeConflict(error.message, kind="night" if kind == "night" else "other")
    return MergeConflict(Msg("git could not merge {path}", path=path), kind="other")
