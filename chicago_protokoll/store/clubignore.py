"""Nothing silently unshared: `club init` and every `club sync` ask git whether each
session and night file can be tracked (docs/club.md, "Nothing is left out unsaid").

Git itself answers (``git check-ignore -v``), so every source of ignoring counts the way
git counts it: a ``.gitignore`` in the folder or a subfolder, ``.git/info/exclude``, and
a global excludes file (``core.excludesFile``, or ``~/.config/git/ignore``).  A file
git tracks already is shared whatever a pattern says; a new file a pattern hides would
never be shared, and `club sync` would say nothing: that is refused, naming the file and
the line git reports.
"""

from __future__ import annotations

import os
from pathlib import Path

from ..core.errors import ChicagoError
from ..i18n.language import Msg
from .gitrepo import Git

#: Names no file has, asked for besides the files there are: a pattern that would hide
#: the next game or night (``sessions/``, ``*.toml``) is found before one is made.
PROBES = ("sessions/a-new-game.toml", "nights/a-new-night.toml")


def club_paths(top: Path) -> list[str]:
    """Every session and night file in the folder (by the folder's own names), and the
    probes."""
    from .clubfiles import kind_of

    found: list[str] = []
    for folder in ("sessions", "nights"):
        try:
            with os.scandir(top / folder) as entries:
                names = sorted(entry.name for entry in entries)
        except (FileNotFoundError, NotADirectoryError):
            names = []
        found += [f"{folder}/{name}" for name in names if kind_of(f"{folder}/{name}")]
    return found + [probe for probe in PROBES if probe not in found]


def check_shared(git: Git, *, again: str) -> None:
    """Refuse when git would not track a session or night file, naming the file, the
    ignore file and its line; ``again`` is the command to run once it is taken out."""
    paths = club_paths(git.top)
    listed = git.run(
        "check-ignore", "-v", "-z", "--stdin", check=False, input="\0".join(paths) + "\0"
    )
    # -z -v: source, line, pattern, path, each ended by NUL; exit 1 when none matches.
    fields = listed.stdout.split("\0")
    hidden: list[tuple[str, str, str, str]] = []
    for at in range(0, len(fields) - 3, 4):
        source, line, pattern, path = fields[at : at + 4]
        if source and not pattern.startswith("!"):  # a "!" line matched: not ignored
            hidden.append((source, line, pattern, path))
    if not hidden:
        return
    source, line, pattern, path = hidden[0]
    where = _shown(git.top, source)
    if path in PROBES:
        folder = path.partition("/")[0]
        message = Msg(
            "git would not share a new file in {folder}/: {source} line {line} ({pattern}) ignores it; take that line out, then run `chicago {again}` again",
            folder=folder,
            source=where,
            line=line,
            pattern=pattern,
            again=again,
        )
    else:
        message = Msg(
            "git would not share {path}: {source} line {line} ({pattern}) ignores it; take that line out, then run `chicago {again}` again",
            path=path,
            source=where,
            line=line,
            pattern=pattern,
            again=again,
        )
    raise ChicagoError(message)


def _shown(top: Path, source: str) -> str:
    """The ignore file as a person finds it: inside the folder by its path there, any
    other (the global excludes file) by its full path."""
    path = Path(source) if os.path.isabs(source) else top / source
    try:
        return path.resolve().relative_to(top.resolve()).as_posix()
    except ValueError:
        return str(path)
