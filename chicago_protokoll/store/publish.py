"""Writing a published site into a folder: only our files, only what changed, only inside it.

`publish` (cli.md, "Results leave the room"; "One act, one entry") writes a folder a
club copies to its web space.  It owns that folder, and nothing else:

- a manifest, ``DIR/.chicago-publish.json``, lists every file a publish wrote; a file
  is removed only when the manifest names it (a plain path inside DIR: a manifest
  naming ``../x`` or ``/x`` is refused) and the new site no longer has it;
- a folder that holds anything and has no manifest is refused (``force`` adopts it);
- a file whose bytes are already what the site holds is not written again (its time
  and inode stay, so a sync tool or ``rsync`` copies only what changed);
- every file is written and removed through `insidefolder.Folder`: a symbolic link, or
  anything but a folder on the way and a regular file at the end, is refused by name,
  never followed, so nothing lands outside DIR.  DIR itself may be a link (the user
  named it), but neither DIR nor any folder in it may be, or lie in, the data directory.
  (``-o FILE`` has its own rule, `exportfile`: a link the user made is written through.)

Every path is checked before the first byte is written, so a refusal writes nothing.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from ..core.errors import ChicagoError
from ..i18n.language import Msg
from ..i18n.os_errors import reason
from .atomic import make_dir
from .insidefolder import Blocked, Folder
from .locations import data_dir
from .regularfile import NotReadable

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


def _real_folder(folder: Path) -> str:
    """Where ``folder`` leads; refused when that is in the data directory, or not a folder."""
    real = os.path.realpath(folder)
    home = os.path.realpath(data_dir())
    if real == home or real.startswith(home.rstrip(os.sep) + os.sep):
        raise _in_data_dir(folder)
    if os.path.lexists(real) and not os.path.isdir(real):
        raise ChicagoError(
            Msg("cannot publish into {folder}: it is not a folder; nothing was written", folder=str(folder))
        )
    return real


def _in_data_dir(folder: Path) -> ChicagoError:
    return ChicagoError(
        Msg(
            "refusing to publish into {folder}: it is in chicago-protokoll's data directory, where the sessions and nights live; choose a folder outside it, nothing was written",
            folder=str(folder),
        )
    )


def _home_stat() -> os.stat_result | None:
    """The data directory, which a folder inside DIR may turn out to be."""
    try:
        return os.stat(data_dir())
    except OSError:
        return None


def _refused(folder: Path, name: str, blocked: Blocked, *, removing: bool = False) -> ChicagoError:
    """The refusal of ``name`` inside ``folder`` because of what `Folder` found."""
    if blocked.where == ".":
        return _in_data_dir(folder)
    path, where, what = str(folder / name), str(folder / blocked.where), blocked.what
    inside = str(folder)
    if removing and blocked.where == name:
        message = Msg(
            "refusing to remove {path}, which the last publish wrote: it is {what} now, and publish removes only regular files inside {folder}; nothing was written",
            path=path,
            what=what,
            folder=inside,
        )
    elif removing:
        message = Msg(
            "refusing to remove {path}, which the last publish wrote: {where} is {what}, and publish removes only regular files in folders inside {folder}; nothing was written",
            path=path,
            where=where,
            what=what,
            folder=inside,
        )
    elif blocked.where == name:
        message = Msg(
            "refusing to write {path}: it is {what}, and publish writes only regular files and folders inside {folder}; nothing was written",
            path=path,
            what=what,
            folder=inside,
        )
    else:
        message = Msg(
            "refusing to write {path}: {where} is {what}, and publish writes only regular files and folders inside {folder}; nothing was written",
            path=path,
            where=where,
            what=what,
            folder=inside,
        )
    return ChicagoError(message)


def _could_not(folder: Path, name: str, error: OSError) -> ChicagoError:
    return ChicagoError(
        Msg("could not write {path}: {strerror}", path=str(folder / name), strerror=reason(error))
    )


def read_manifest(folder: Path, site: Folder) -> list[str] | None:
    """The files the last publish wrote into ``folder`` (open as ``site``); None when it
    has no manifest.  A manifest that is not ours (or is damaged) is refused, never
    overwritten; so is one naming a path that is not a plain one inside the folder."""
    path = folder / MANIFEST
    try:
        raw = site.read(MANIFEST, FILE_LIMIT)
    except Blocked as blocked:
        raise _refused(folder, MANIFEST, blocked) from None
    except (OSError, NotReadable):
        raw = b""
    if raw is None:
        return None
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        data = None
    if (
        not isinstance(data, dict)
        or data.get("format") != MANIFEST_FORMAT
        or not isinstance(data.get("files"), list)
        or not all(isinstance(name, str) for name in data["files"])
    ):
        raise ChicagoError(
            Msg(
                "{path} is not a manifest chicago publish wrote (or it is damaged); nothing was written: remove it, or publish into another folder",
                path=str(path),
            )
        )
    for name in data["files"]:
        if not _safe(name):
            raise ChicagoError(
                Msg(
                    "refusing to publish into {folder}: {manifest} names '{entry}', which is not a file inside the folder, and publish removes nothing outside it; nothing was written: take that line out of {manifest}, or publish into another folder",
                    folder=str(folder),
                    manifest=MANIFEST,
                    entry=name,
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
    for name in files:
        assert _safe(name), name  # the site's own paths, made by present.publish_site
    real = _real_folder(folder)
    if not os.path.isdir(real):
        make_dir(Path(real))  # nothing in it to check: made only now, after the checks
    try:
        site = Folder(real, avoid=_home_stat())
    except Blocked:
        raise _in_data_dir(folder) from None
    except OSError as error:
        raise ChicagoError(
            Msg("cannot publish into {folder}: {strerror}; nothing was written", folder=str(folder), strerror=reason(error))
        ) from None
    with site:
        return _publish(folder, site, files, force=force)


def _publish(folder: Path, site: Folder, files: Mapping[str, bytes], *, force: bool) -> Published:
    old = read_manifest(folder, site)
    if old is None and site.holds_anything() and not force:
        raise ChicagoError(
            Msg(
                "refusing to publish into {folder}: it holds files and no {manifest} of an earlier publish, so they are not ours to replace; give --force to publish there anyway (files not ours are kept), or choose an empty folder",
                folder=str(folder),
                manifest=MANIFEST,
            )
        )
    stale = sorted(name for name in old or () if name not in files)
    # Every check first: a refusal writes nothing.
    for name in [*files, MANIFEST, *stale]:
        try:
            site.lookup(name)
        except Blocked as blocked:
            raise _refused(folder, name, blocked, removing=name in stale) from None
        except OSError as error:  # a folder on the way that cannot be read
            raise ChicagoError(
                Msg(
                    "cannot write {path}: {strerror}; nothing was written",
                    path=str(folder / name),
                    strerror=reason(error),
                )
            ) from None
    written: list[str] = []
    unchanged: list[str] = []
    removed: list[str] = []
    new_manifest = manifest_bytes(list(files))
    try:
        for name in sorted(files):
            if _write_changed(site, name, files[name]):
                written.append(name)
            else:
                unchanged.append(name)
        for name in stale:
            if site.remove(name):
                removed.append(name)
        name = MANIFEST
        _write_changed(site, name, new_manifest)
    except Blocked as blocked:  # an entry changed since the checks: not followed either
        raise ChicagoError(
            Msg(
                "stopped publishing into {folder} at {path}: {where} is {what}, put there while publish was writing, and publish follows no link; the files before it were written, publish again once it is gone",
                folder=str(folder),
                path=str(folder / name),
                where=str(folder / blocked.where),
                what=blocked.what,
            )
        ) from None
    except OSError as error:
        raise _could_not(folder, name, error) from None
    return Published(tuple(written), tuple(unchanged), tuple(removed))


def _write_changed(site: Folder, name: str, data: bytes) -> bool:
    """Write ``data`` unless the file already holds it; whether it was written."""
    try:
        if site.read(name, FILE_LIMIT) == data:
            return False
    except NotReadable:
        pass
    site.write(name, data)
    return True
