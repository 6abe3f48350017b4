"""A publish whose inputs and site are exactly as the last one left them: its answer kept.

A published site is derived data: the same nights and sessions, read by the same program
in the same language, make the same pages.  So once a publish has written (or found) its
pages, it keeps (`store.answers`, the kept answers of the reads) what the next publish
would print, beside the proof that nothing it depends on has moved:

- every file the publish read (nights, sessions: each ``open`` for reading seen by an
  audit hook while it read and rendered, outside the program, the cache and the site),
  byte for byte — a new deal, a changed house rule (a session holds its own rules);
- the listing of every folder it looked into for them (``os.scandir``/``os.listdir``,
  and each ``--dir`` itself), taken as the publish looked (a session made while it
  renders is not on its pages, so it must not be in the proof), each name with its kind
  as the readers test it (links followed: a dangling link that comes to point at a
  session is a new session), a folder that was missing proven still missing: a new
  session or night is a new name there;
- every page and the manifest in the site folder, byte for byte, and the folder's tree
  as it is, entry by entry, without following a link (a page deleted or edited by hand,
  a link put in place of a folder);
- the program (`answers`: every module and template loaded) and the question: the folder
  as given and where it leads, the options, the language, the time zone (a night's times
  are printed in it) and what places the data directory.

When all of that still holds, the publish would write nothing, remove nothing and print
"0 written, N unchanged, 0 removed": that text is printed without importing the model or
the template engine (docs/latency.md, "HTML writers").  Anything else, including a cache
that cannot be read or written or a file that could not be read when the answer was
made, is a miss: the publish runs as always.  This module imports only the standard
library's built-ins and `answers`.
"""

from __future__ import annotations

import os
import stat
import sys
import time
from pathlib import Path

from . import answers
from .locations import cache_dir, data_dir

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Mapping
    from typing import Any, TypeVar

    T = TypeVar("T")

#: The separator between the kept proof and the text (a text never holds a NUL).
_SEPARATOR = "\0"


def question(folder: Path, nights: list[str], dirs: list[Path], force: bool, lang: str) -> answers.Question:
    """What the printed result depends on besides the files read (see the module)."""
    where = (os.path.realpath(folder), os.path.realpath(data_dir()))
    zone = (os.environ.get("TZ"), time.tzname, time.timezone, time.altzone)
    options = (tuple(nights), tuple(os.path.abspath(d) for d in dirs), force, where, zone)
    return answers.question("publish", options, folder, lang)


#: A listing: each entry's name and kind, or what stands where a folder was looked for.
Listing = list[tuple[str, str]] | str


def _listing(folder: str) -> Listing | None:
    """Each entry of ``folder`` with its kind, links followed as the readers follow them
    (`is_file`, `is_dir`); "missing" or "not a folder" for what stands there instead;
    None if it cannot be read (nothing to prove it by)."""
    try:
        with os.scandir(folder) as entries:
            return sorted((entry.name, _kind(entry)) for entry in entries)
    except FileNotFoundError:
        return "missing"
    except NotADirectoryError:
        return "not a folder"
    except (OSError, ValueError):
        return None


def _kind(entry: os.DirEntry[str]) -> str:
    try:
        if entry.is_dir():
            return "dir"
        if entry.is_file():
            return "file"
    except OSError:
        pass
    return "other"  # a dangling link, a socket...


def site_tree(folder: Path) -> list[tuple[str, str]]:
    """Every entry under ``folder`` with its kind, links never followed; empty if missing."""
    found: list[tuple[str, str]] = []

    def walk(path: str, prefix: str) -> None:
        try:
            with os.scandir(path) as entries:
                for entry in sorted(entries, key=lambda e: e.name):
                    name = prefix + entry.name
                    if entry.is_symlink():
                        found.append((name, "link"))
                    elif entry.is_dir(follow_symlinks=False):
                        found.append((name, "dir"))
                        walk(entry.path, name + "/")
                    elif entry.is_file(follow_symlinks=False):
                        found.append((name, "file"))
                    else:
                        found.append((name, "other"))
        except OSError:
            found.append((prefix, "unreadable"))

    walk(os.fspath(folder), "")
    return found


def kept_result(asked: answers.Question, folder: Path) -> str | None:
    """The text the kept publish printed, if everything it proved still holds; else None."""
    entry = answers.kept(asked)
    if entry is None:
        return None
    try:
        proof, text = entry.split(_SEPARATOR, 1)
        import ast

        listings, tree = ast.literal_eval(proof)
        for where, names in listings:
            if _listing(where) != names:
                return None
        if site_tree(folder) != tree:
            return None
        return text
    except Exception:  # a torn or foreign entry: no answer, the publish runs
        return None


class Reads:
    """The files and folders a publish reads, seen by an audit hook while it is on."""

    def __init__(self, site: Path, dirs: list[Path]) -> None:
        self.on = False
        self.busy = False
        self.failed = False
        self.files: dict[str, bytes] = {}
        # Each folder looked into, listed as the publish looked (None: unreadable).
        self.folders: dict[str, Listing | None] = {}
        self.dirs = [os.path.abspath(directory) for directory in dirs]
        # Never an input: what is derived (the cache: the index, compiled templates, kept
        # answers; with CHICAGO_PROTOKOLL_HOME it lies inside the data directory).
        self.cache = _prefixes([cache_dir])
        # Always an input: the data directory and each --dir, wherever they lie (a --dir
        # inside the site folder too: a club's pages beside its sessions).
        self.data = _prefixes([data_dir, *(lambda d=d: d for d in dirs)])
        # Else never an input: what is written (the site).
        self.site = _prefixes([lambda: site])
        # Else not an input: the program, which `answers` proves by its own means.
        self.program = _prefixes(
            [lambda: sys.prefix, lambda: sys.base_prefix, lambda: sys.exec_prefix,
             lambda: answers.PACKAGE, lambda: sys.pycache_prefix]
        )  # fmt: skip

    def hook(self, event: str, args: tuple[Any, ...]) -> None:
        if not self.on or self.busy:
            return
        if event == "open":
            path, mode, flags = args
            if isinstance(path, int) or path is None:
                return
            if mode is not None and any(c in str(mode) for c in "wax+"):
                return
            if mode is None and flags & (os.O_WRONLY | os.O_RDWR):
                return
            self._file(os.path.abspath(os.fsdecode(path)))
        elif event in ("os.listdir", "os.scandir") and args and isinstance(args[0], (str, bytes, os.PathLike)):
            self._folder(os.path.abspath(os.fsdecode(args[0])))

    def _outside(self, path: str) -> bool:
        """Whether ``path`` is an input (see `__init__`)."""
        if path.startswith(self.cache):
            return False
        if path.startswith(self.data):
            return True
        if path.startswith(self.site):
            return False
        return not path.startswith(self.program)

    def _folder(self, folder: str) -> None:
        """The folder's listing as the publish looks into it (the audit event comes just
        before the look): what it lists later is what the pages were made from."""
        if folder in self.folders or not self._outside(folder.rstrip(os.sep) + os.sep):
            return
        self.busy = True
        try:
            self.folders[folder] = _listing(folder)
        finally:
            self.busy = False

    def _file(self, path: str) -> None:
        if not self._outside(path) or path in self.files:
            return
        self.busy = True
        try:
            if os.path.isdir(path):
                return
            content = _regular_bytes(path)
            if content is None:  # missing or unreadable: nothing to prove it by
                self.failed = True
            else:
                self.files[path] = content
        finally:
            self.busy = False

    def reading(self, work: Callable[[], T]) -> T:
        """``work()`` with the hook on."""
        if not _listening:
            sys.addaudithook(_hook)
            _listening.append(True)
        for directory in self.dirs:  # the --dir itself: a sessions/ made in it is read next time
            self.folders.setdefault(directory, _listing(directory))
        _active.append(self)
        self.on = True
        try:
            return work()
        finally:
            self.on = False
            _active.remove(self)

    def proof(self) -> tuple[list[tuple[str, Listing]], list[tuple[str, bytes]]] | None:
        """The folders' listings and the files' bytes, if every file read and every folder
        looked into still holds what it held when the publish read it; else None (a
        session made or changed while the publish rendered: the next one publishes)."""
        if self.failed:
            return None
        for path, content in self.files.items():
            if _regular_bytes(path) != content:
                return None
        listings = []
        for folder, listed in sorted(self.folders.items()):
            if listed is None or _listing(folder) != listed:
                return None
            listings.append((folder, listed))
        return listings, sorted(self.files.items())


def _prefixes(places: list[Callable[[], object]]) -> tuple[str, ...]:
    """Each place (as given and where it leads) as a prefix of the paths inside it."""
    found: set[str] = set()
    for place in places:
        try:
            where = place()
        except Exception:  # a place that cannot be found has nothing in it
            continue
        if where:
            path = os.fspath(where)  # type: ignore[call-overload]
            for form in (os.path.abspath(path), os.path.realpath(path)):
                found.add(form.rstrip(os.sep) + os.sep)
    return tuple(found)


#: The `Reads` listening now: an audit hook cannot be removed, so one hook is added once
#: a process (`_listening`) and hands each event to the one that is on.
_active: list[Reads] = []
_listening: list[bool] = []


def _hook(event: str, args: tuple[Any, ...]) -> None:
    for reads in _active:
        try:
            reads.hook(event, args)
        except Exception:  # never the publish's failure: only no answer kept
            reads.failed = True


def _regular_bytes(path: str) -> bytes | None:
    try:
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode) or info.st_size > answers.LARGEST_INPUT:
            return None
        with open(path, "rb") as file:
            return file.read()
    except (OSError, ValueError):
        return None


def keep(
    asked: answers.Question,
    reads: Reads,
    folder: Path,
    pages: Mapping[str, bytes],
    text: str,
    lang: str,
) -> None:
    """Keep ``text`` as what a publish of ``asked`` prints while ``reads`` and the site
    (``pages`` by relative path, the manifest among them) stay as they are now."""
    proof = reads.proof()
    if proof is None:
        return
    listings, files = proof
    site = [(os.path.join(os.path.abspath(folder), *name.split("/")), data) for name, data in pages.items()]
    entry = repr((listings, site_tree(folder))) + _SEPARATOR + text
    answers.keep(asked, [*((Path(p), b) for p, b in files), *((Path(p), b) for p, b in site)], entry, lang)
