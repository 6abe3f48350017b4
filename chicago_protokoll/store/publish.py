"""Writing a published site into a folder: only our files, only what changed.

`publish` (cli.md, "Results leave the room") writes a folder a club copies to its web
space.  What is in the folder besides our files is the club's, so:

- a manifest, ``DIR/.chicago-publish.json``, lists every file a publish wrote; a file
  is removed only when the manifest names it and the new site no longer has it;
- a folder that holds anything and has no manifest is refused (``force`` adopts it);
- a file whose bytes are already what the site holds is not written again (its time
  and inode stay, so a sync tool or ``rsync`` copies only what changed);
- every other file goes through `write_output`, the rule of every ``-o FILE``: a
  path that is, or links to, anything but a regular file is refused; a link to a
  regular file is written through, atomically.

Every path is checked before the first byte is written, so a refusal writes nothing.
"""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Mapping
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from ..core.errors import ChicagoError
from ..i18n.language import Msg
from .atomic import fsync_dir, make_dir, write_atomic
from .locations import data_dir
from .regularfile import NotReadable, read_bounded

MANIFEST = ".chicago-publish.json"
MANIFEST_FORMAT = "chicago-publish/1"
#: A page of the site is a few hundred kilobytes at most; this only bounds a read.
FILE_LIMIT = 64 * 1024 * 1024


@dataclass(frozen=True, slots=True)
class Published:
    """What one publish did, by path relative to the folder."""

    written: tuple[str, ...]
    unchanged: tuple[str, ...]
    removed: tuple[str, ...]


def _kind(mode: int) -> Msg:
    if stat.S_ISDIR(mode):
        return Msg("a folder")
    if stat.S_ISFIFO(mode):
        return Msg("a named pipe (FIFO)")
    if stat.S_ISSOCK(mode):
        return Msg("a socket")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return Msg("a device")
    return Msg("a special file")


def check_output(path: Path) -> Path:
    """The file a write to ``path`` replaces: ``path`` itself, or the regular file a link
    leads to.  Refuses (`ChicagoError`) a path that is, or leads to, anything else."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        if os.path.islink(path):  # a dangling link: write where it points, as a shell would
            return Path(os.path.realpath(path))
        return path
    except OSError as error:
        raise ChicagoError(
            Msg("cannot write {path}: {strerror}; nothing was written", path=str(path), strerror=error.strerror)
        ) from None
    if not stat.S_ISREG(mode):
        raise ChicagoError(
            Msg(
                "refusing to write {path}: it is {kind}, not a regular file; nothing was written",
                path=str(path),
                kind=_kind(mode),
            )
        )
    return Path(os.path.realpath(path))


def write_output(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` by the rule of ``-o FILE`` (the one place this site's
    files are written, so that the shared writer can take its place)."""
    real = check_output(path)
    try:
        write_atomic(real, data)
    except OSError as error:
        raise ChicagoError(
            Msg("could not write {path}: {strerror}", path=str(path), strerror=error.strerror)
        ) from None


def _same_bytes(path: Path, data: bytes) -> bool:
    try:
        return read_bounded(path, FILE_LIMIT) == data
    except (OSError, NotReadable):
        return False


def _refuse_data_dir(folder: Path) -> None:
    """The site never goes where the sessions and nights live."""
    real = os.path.realpath(folder)
    home = os.path.realpath(data_dir())
    kept = [os.path.join(home, "sessions"), os.path.join(home, "nights")]
    if real == home or any(real == k or real.startswith(k + os.sep) for k in kept):
        raise ChicagoError(
            Msg(
                "refusing to publish into {folder}: it is chicago-protokoll's data directory, where the sessions and nights live; choose another folder, nothing was written",
                folder=str(folder),
            )
        )


def read_manifest(folder: Path) -> list[str] | None:
    """The files the last publish wrote into ``folder``; None when it has no manifest.  A
    manifest that is not ours (or is damaged) is refused, never overwritten."""
    path = folder / MANIFEST
    if not os.path.lexists(path):
        return None
    try:
        data = json.loads(read_bounded(path, FILE_LIMIT).decode("utf-8"))
    except (OSError, NotReadable, UnicodeDecodeError, ValueError):
        data = None
    if (
        not isinstance(data, dict)
        or data.get("format") != MANIFEST_FORMAT
        or not isinstance(data.get("files"), list)
        or not all(isinstance(name, str) and _safe(name) for name in data["files"])
    ):
        raise ChicagoError(
            Msg(
                "{path} is not a manifest chicago publish wrote (or it is damaged); nothing was written: remove it, or publish into another folder",
                path=str(path),
            )
        )
    return list(data["files"])


def _safe(name: str) -> bool:
    """A manifest entry names a file inside the folder: relative, no '..', no hidden part."""
    parts = PurePosixPath(name).parts
    return bool(parts) and not PurePosixPath(name).is_absolute() and all(
        part not in ("..", ".") and not part.startswith(".") for part in parts
    )


def manifest_bytes(files: list[str]) -> bytes:
    text = json.dumps({"format": MANIFEST_FORMAT, "files": sorted(files)}, indent=1)
    return (text + "\n").encode("utf-8")


def publish_site(folder: Path, files: Mapping[str, bytes], *, force: bool = False) -> Published:
    """Write ``files`` (relative POSIX path -> bytes) into ``folder``: see the module."""
    _refuse_data_dir(folder)
    if os.path.lexists(folder) and not os.path.isdir(folder):
        raise ChicagoError(
            Msg("cannot publish into {folder}: it is not a folder; nothing was written", folder=str(folder))
        )
    old = read_manifest(folder) if os.path.isdir(folder) else None
    if old is None and os.path.isdir(folder) and _holds_anything(folder) and not force:
        raise ChicagoError(
            Msg(
                "refusing to publish into {folder}: it holds files and no {manifest} of an earlier publish, so they are not ours to replace; give --force to publish there anyway (files not ours are kept), or choose an empty folder",
                folder=str(folder),
                manifest=MANIFEST,
            )
        )
    for name in files:
        assert _safe(name), name  # the site's own paths, made by present.publish_site
    # Every check first: a refusal writes nothing.
    targets = {name: folder / name for name in files}
    for name, path in targets.items():
        for parent in PurePosixPath(name).parents:
            if str(parent) == ".":
                continue
            where = folder / parent
            if os.path.exists(where) and not os.path.isdir(where):
                raise ChicagoError(
                    Msg(
                        "refusing to write {path}: {where} is in the way and is not a folder; nothing was written",
                        path=str(path),
                        where=str(where),
                    )
                )
        check_output(path)
    manifest_path = folder / MANIFEST
    check_output(manifest_path)
    make_dir(folder)
    written: list[str] = []
    unchanged: list[str] = []
    for name in sorted(files):
        path = targets[name]
        make_dir(path.parent)
        if _same_bytes(path, files[name]):
            unchanged.append(name)
            continue
        write_output(path, files[name])
        written.append(name)
    removed = _remove_stale(folder, [name for name in old or () if name not in files])
    new_manifest = manifest_bytes(list(files))
    if not _same_bytes(manifest_path, new_manifest):
        write_output(manifest_path, new_manifest)
    return Published(tuple(written), tuple(unchanged), tuple(removed))


def _holds_anything(folder: Path) -> bool:
    with os.scandir(folder) as entries:
        return any(True for _ in entries)


def _remove_stale(folder: Path, names: list[str]) -> list[str]:
    """Remove the files an earlier publish wrote that the site no longer has (a file, or a
    link; never a folder), then the folders they leave empty."""
    removed = []
    for name in sorted(names):
        path = folder / name
        with suppress(FileNotFoundError):
            if os.path.isdir(path) and not os.path.islink(path):
                continue
            path.unlink()
            removed.append(name)
            for parent in PurePosixPath(name).parents:
                if str(parent) == ".":
                    break
                try:
                    (folder / parent).rmdir()  # only an empty one
                except OSError:
                    break
    if removed:
        fsync_dir(folder)
    return removed
