"""Kept answers: the text a read printed, kept beside exactly what it was made from.

A read (`status`, `log`, `settle`, `export`) whose inputs are byte for byte what they were
when it last answered prints the text it printed then, without importing the scoring
model (docs/latency.md, "Kept answers").  An entry in ``cache_dir()/answers`` holds:

- the question: the command, its options as parsed, the language used, whatever else the
  text depends on (the terminal's styles for a table), the session file as given and
  resolved, and the environment that places the data directory;
- the exact bytes of every file the answer was made from;
- the program: ``(path, mtime_ns, size)`` of every module of this package and every
  catalogue, template and static file loaded, the top of every other package loaded, and
  ``sys.version`` — an upgrade or an edited source makes every entry stale;
- the text.

Fresh means every listed file holds the same bytes and every program file the same stat
identity: that comparison is the proof, so no hash is needed (the entry's name is a cheap
``zlib.crc32`` of the question, which the entry holds whole and is compared).

Everything here is best effort and silent: a cache that cannot be read or written, or an
entry that is torn, corrupt or another version's, costs the computation, never the answer.
Deleting the folder is always safe.  This module imports only the standard library's
built-ins (`marshal`, `zlib`) and `locations`: the lookup must cost far less than the
model it saves.
"""

from __future__ import annotations

import marshal
import os
import stat
import sys
import zlib
from pathlib import Path

from .locations import HOME_ENV, cache_dir, environment_key

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import Any

    # what marshal writes: tuples of str, bytes, int, bool and None
    Question = tuple[Any, ...]
    Identity = tuple[str, int, int]
    #: A file's path, its (inode, mtime_ns, ctime_ns, size) and its bytes.
    Snapshot = tuple[tuple[str, tuple[int, int, int, int], bytes], ...]

FORMAT = "chicago-protokoll kept answer 1"
#: Past this many entries a keep prunes the oldest, down to `KEEP_AFTER_PRUNE`.
MOST_ENTRIES = 300
KEEP_AFTER_PRUNE = 200
#: A file bigger than this is not kept as an input (a session is far smaller).
LARGEST_INPUT = 4 * 1024 * 1024

PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_PACKAGE_PREFIX = PACKAGE + os.sep


def folder() -> Path:
    return cache_dir() / "answers"


def question(command: str, options: Iterable[object], path: Path, lang: str) -> Question:
    """What the text of ``command`` depends on besides the files it reads: the options as
    parsed, the language, the session file as given and as resolved, what places the
    data directory (a message may name a file relative to it), and which install asks:
    two installs share the user's cache folder, and each proves only its own program's
    files unchanged, so a release and a checkout side by side never show each other's
    text."""
    return (
        PACKAGE,
        command,
        tuple(options),
        lang,
        str(path),
        os.path.abspath(path),
        os.environ.get(HOME_ENV),
        environment_key(),
        _time_zone(),
    )


def _time_zone() -> tuple[object, ...]:
    """The local time zone: a correction's or an amendment's time is shown on this
    machine's clock (`present.narrate`), so the text depends on it."""
    import time  # built in

    try:
        zone_file = os.path.realpath("/etc/localtime")
    except (OSError, ValueError):
        zone_file = None
    return (os.environ.get("TZ"), time.tzname, time.timezone, time.altzone, zone_file)


def terminal_styles() -> tuple[object, ...]:
    """What `present.render` reads to choose its escape sequences: a table's text depends
    on it (a pipe gets none, a terminal bold and colour)."""
    out = sys.stdout
    try:
        terminal = bool(hasattr(out, "isatty") and out.isatty())
    except ValueError:  # a closed stream
        terminal = False
    env = os.environ
    return (terminal, env.get("FORCE_COLOR"), env.get("TERM"), env.get("NO_COLOR"))


def _entry_path(asked: Question) -> Path:
    # repr, not marshal: marshal's bytes depend on which strings are shared or interned
    name = zlib.crc32(repr(asked).encode("utf-8", "backslashreplace"))
    return folder() / f"{name:08x}.answer"


def _regular_bytes(path: str, size: int | None = None) -> bytes | None:
    """The bytes of the regular file at ``path`` (never followed if a link: a session
    read may refuse one), or None; with ``size``, None unless it has that many."""
    try:
        info = os.lstat(path)
        if not stat.S_ISREG(info.st_mode):
            return None
        if size is not None and info.st_size != size:
            return None
        if info.st_size > LARGEST_INPUT:
            return None
        with open(path, "rb") as file:
            return file.read(LARGEST_INPUT + 1)
    except (OSError, ValueError):
        return None


def snapshot(paths: Iterable[Path]) -> Snapshot | None:
    """Each file's bytes and stat identity (inode, change times, size), or None if one is
    not a regular file: taken before and after an answer is made from files read by other
    code (a night's tables, read through the league's index), equal snapshots prove the
    answer was made from these bytes (a write replaces a file by a new one, with new times)."""
    taken = []
    for path in paths:
        where = os.path.abspath(path)
        try:
            info = os.lstat(where)
        except (OSError, ValueError):
            return None
        content = _regular_bytes(where, info.st_size)
        if content is None:
            return None
        key = (info.st_ino, info.st_mtime_ns, info.st_ctime_ns, info.st_size)
        taken.append((where, key, content))
    return tuple(taken)


def _same_program(program: object) -> bool:
    """Every program file still has the identity it was kept with (`_identity`)."""
    return isinstance(program, tuple) and all(
        isinstance(item, tuple) and _identity(item[0]) == item for item in program
    )


def kept(asked: Question) -> str | None:
    """The kept text of ``asked`` if every file it was made from holds the same bytes and
    the program is the same; else None."""
    try:
        with open(_entry_path(asked), "rb") as file:
            entry = marshal.loads(file.read())
        magic, version, entry_question, inputs, program, text = entry
        if magic != FORMAT or version != sys.version or entry_question != asked:
            return None
        for path, content in inputs:
            if _regular_bytes(path, len(content)) != content:
                return None
        if not _same_program(program) or not isinstance(text, str):
            return None
        return text
    # A missing, torn, foreign or unreadable entry is no answer: the command computes it.
    except Exception:
        return None


def _identity(path: str) -> Identity | None:
    try:
        info = os.stat(path)
    except (OSError, ValueError):
        return None
    return (path, info.st_mtime_ns, info.st_size)


def program_files(lang: str) -> list[str]:
    """Every file of the program that may have shaped the text: this package's modules
    loaded, the language's catalogues, the templates and static files when a page was
    rendered, and the top of every other package loaded (an upgrade rewrites it)."""
    found: set[str] = set()
    for name, module in list(sys.modules.items()):
        where = getattr(module, "__file__", None)
        if not isinstance(where, str):
            continue
        ours = name == "chicago_protokoll" or name.startswith("chicago_protokoll.")
        # another installed package, known by its top (pip rewrites it on an upgrade)
        if ours or ("." not in name and "-packages" in where):
            found.add(where if os.path.isabs(where) else os.path.abspath(where))
    if lang != "en":
        catalogues = os.path.join(PACKAGE, "i18n")
        found.add(os.path.join(catalogues, f"{lang}.mo"))
        found.add(os.path.join(catalogues, f"{lang}-reads.mo"))
    if "chicago_protokoll.present.templating" in sys.modules:
        for part in ("templates", "static"):
            for root, _dirs, files in os.walk(os.path.join(PACKAGE, part)):
                found.update(os.path.join(root, name) for name in files)
    return sorted(found)


def keep(asked: Question, inputs: Iterable[tuple[Path, bytes]], text: str, lang: str) -> None:
    """Keep ``text`` as the answer to ``asked``, made from ``inputs``: each file with the
    bytes the answer was computed from (as read then, not read again: a write in between
    must not pair a new file with an old text).  Silently nothing if the cache cannot be
    written."""
    try:
        contents = tuple((os.path.abspath(path), content) for path, content in inputs)
        if any(len(content) > LARGEST_INPUT for _, content in contents):
            return
        # a file given through a link is never proven (the lookup does not follow one):
        # an entry for it would be written at every read and never shown
        if any(not stat.S_ISREG(os.lstat(path).st_mode) for path, _ in contents):
            return
        program = [found for path in program_files(lang) if (found := _identity(path))]
        entry = marshal.dumps(
            (FORMAT, sys.version, asked, contents, tuple(program), text)
        )
        target = _entry_path(asked)
        target.parent.mkdir(parents=True, exist_ok=True)
        temporary = target.with_name(f".{target.name}.{os.getpid()}.tmp")
        try:
            with open(temporary, "wb") as file:
                file.write(entry)
            os.replace(temporary, target)
        except BaseException:
            from contextlib import suppress

            with suppress(OSError):
                os.unlink(temporary)
            raise
        _prune(target.parent)
    except Exception:  # derived data: a cache that cannot be written costs nothing but time
        return


def _prune(where: Path) -> None:
    """Past `MOST_ENTRIES` files the oldest go, down to `KEEP_AFTER_PRUNE`: one entry is
    kept per question, but questions (sessions, options, languages) add up."""
    names = os.listdir(where)
    if len(names) <= MOST_ENTRIES:
        return
    aged = []
    for name in names:
        try:
            aged.append((os.stat(where / name).st_mtime_ns, name))
        except OSError:
            continue
    aged.sort()
    for _, name in aged[: len(aged) - KEEP_AFTER_PRUNE]:
        try:
            os.unlink(where / name)
        except OSError:
            continue
