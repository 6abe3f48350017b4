"""Which session files the league reads, and their finished games through the index.

`chicago stats` and `chicago settle --evening` read the same files the same way: the data
directory's sessions, then each ``--dir``'s, each file once, summarised through the
league's index (store/index.py).  A file that cannot be read is left out and named in
`Reading.problems`; the command says so on stderr (this module draws nothing).
"""

from __future__ import annotations

import json
import os
from contextlib import nullcontext
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from ..i18n.language import language
from . import catalogue, locations
from . import index as index_store

if TYPE_CHECKING:
    from ..core.stats import Played

def session_files(directory: Path) -> list[Path]:
    """The session files of a folder: a data directory's sessions/, else its own *.toml."""
    inner = directory / "sessions"
    folder = inner if inner.is_dir() else directory
    with os.scandir(folder) as entries:
        return sorted(
            folder / entry.name
            for entry in entries
            if entry.name.endswith(".toml")
            and not entry.name.startswith(".")
            # the other side's copy of a club folder's conflict (store/club.py)
            and not locations.is_theirs_copy(entry.name.removesuffix(".toml"))
            and entry.is_file()
        )


class Reading(NamedTuple):
    games: list[Played]
    unfinished: int  # sessions still being played: they count nowhere
    skipped: list[str]  # files that could not be read, as messages name them
    problems: list[str]  # why each was skipped, the file named in each


def all_session_files(dirs: list[Path]) -> list[Path]:
    """The data directory's session files, then each ``--dir``'s; each file once when the
    data directory is given again as --dir (each folder resolved once, not each of its
    thousands of files; a session reached twice some other way counts once in the league,
    which knows a session by its start, name and seats)."""
    paths = [path for _, path in catalogue.list_sessions()]
    for directory in dirs:
        paths.extend(session_files(directory))
    unique: list[Path] = []
    seen: set[str] = set()
    folders: dict[str, str] = {}
    for path in paths:
        folder, name = os.path.split(os.fspath(path))
        if folder not in folders:
            folders[folder] = os.path.realpath(folder)
        real = os.path.join(folders[folder], name)
        if real not in seen:
            seen.add(real)
            unique.append(path)
    return unique


def read_games(
    dirs: list[Path],
    since: date | None,
    until: date | None,
    index: index_store.Index | None = None,
    *,
    progress: index_store.Progress | None = None,
) -> Reading:
    """Every finished game in the data directory and ``dirs``, and how many were unfinished,
    through the league's index (store/index.py).  A file that cannot be read or does not
    add up is left out and named in the reading's problems."""
    from ..core.stats import in_period

    paths = all_session_files(dirs)
    with nullcontext(index) if index is not None else index_store.open_index() as opened:
        found = opened.summaries(paths, progress, whole_folders=True)
    games: list[Played] = []
    unfinished: set[tuple[str, str, tuple[str, ...]]] = set()  # each session once
    skipped: list[str] = []
    problems: list[str] = []
    for item in found:
        if item.summary is None:
            assert item.error is not None
            skipped.append(locations.display_path(item.path))
            reason = item.error.localized(language())
            # The store's refusals name the file already; others get it in front.
            if skipped[-1] not in reason:
                reason = f"{skipped[-1]}: {reason}"
            problems.append(reason)
            continue
        summary = item.summary
        if not in_period(summary.created, since, until):
            continue
        if summary.played is None:
            unfinished.add((summary.created, summary.name, summary.players))
        else:
            games.append(summary.played)
    return Reading(games, len(unfinished), skipped, problems)


def rating_scope(dirs: list[Path], since: date | None, until: date | None) -> str:
    """Which rating sequence the index keeps for this question: the folders and the period."""
    folders = sorted({str(locations.sessions_dir().resolve())} | {str(d.resolve()) for d in dirs})
    return json.dumps([folders, str(since), str(until)], ensure_ascii=False)
