"""Whether the files a club sync commits, brings in or pushes load (docs/club.md,
"Mixed releases"): a session or night file that is damaged, does not add up, or comes
from a newer release is refused by name, and one from the other side with where it came
from (the remote's branch and the commit).  Every sync's commit carries the release that
wrote it, so a newer file is named by the release to install."""

from __future__ import annotations

from contextlib import suppress

from ..core.errors import ChicagoError, SessionFileError
from ..i18n.language import Msg
from .clubfiles import check_text, kind_of, newer_format
from .gitrepo import Git, GitError

#: The trailer every sync's commit carries: which release wrote it (a newer file is named
#: by the release to install).
RELEASE_TRAILER = "Chicago-Protokoll-Release"


def release() -> str:
    """The installed release (the store may not import the package's top)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("chicago-protokoll")
    except PackageNotFoundError:  # pragma: no cover - run from a bare source tree
        return "source"


def check_files(git: Git, paths: list[str], *, rev: str | None) -> None:
    """Refuse when a session or night file among ``paths`` does not load as it is in the
    work tree (``rev`` None) or in ``rev``: damaged, not adding up, or from a newer
    release (named)."""
    for path in paths:
        if kind_of(path) is None:
            continue
        if rev is None:
            try:
                text = (git.top / path).read_text(encoding="utf-8-sig")
            except FileNotFoundError:
                continue
            except (OSError, UnicodeDecodeError):
                text = "\0"
        else:
            found = git.blob(f"{rev}:{path}")
            if found is None:
                continue
            text = found
        newer = newer_format(path, text)
        if newer is not None:
            raise newer_release(git, path, newer, rev or "HEAD")
        try:
            check_text(path, text)
        except SessionFileError as error:
            source = came_from(git, path, rev)
            if source is not None:
                raise ChicagoError(
                    Msg(
                        "{path} from {source} does not load: {error}; this machine's commit is kept and nothing was pushed: once the machine that wrote it has corrected it, run `chicago club sync` again",
                        path=path,
                        source=source,
                        error=error.message,
                    ),
                ) from None
            raise ChicagoError(
                Msg("{path} does not load, so nothing was pushed: {error}", path=path, error=error.message),
            ) from None


def came_from(git: Git, path: str, rev: str | None) -> Msg | str | None:
    """Where a file of the other side came from: the remote's branch and the commit that
    last changed it there (None for this machine's own)."""
    if rev is None or not rev.startswith("refs/remotes/"):
        return None
    commit = None
    with suppress(GitError):
        commit = git.out("log", "-1", "--format=%h", rev, "--", path).strip() or None
    branch = rev.removeprefix("refs/remotes/")
    if commit is None:
        return branch
    return Msg("{branch}, commit {commit}", branch=branch, commit=commit)


def newer_release(git: Git, path: str, version: int, rev: str) -> ChicagoError:
    """The refusal of a file from a newer release, naming where it came from and the
    release to install (what the commit that last changed it says wrote it)."""
    wrote = None
    with suppress(GitError):
        wrote = git.out(
            "log", "-1", f"--format=%(trailers:key={RELEASE_TRAILER},valueonly)", rev, "--", path
        ).strip() or None
    what = Msg("session format {version}", version=version) if kind_of(path) == "session" else Msg("night format {version}", version=version)
    source = came_from(git, path, rev)
    if source is not None:
        if wrote and wrote != release():
            return ChicagoError(
                Msg(
                    "{path} from {source} was written by chicago-protokoll {release} ({what}), newer than this {ours}: install chicago-protokoll {release} or later here, then run `chicago club sync` again; this machine's commit is kept and nothing was pushed",
                    path=path,
                    source=source,
                    release=wrote,
                    what=what,
                    ours=release(),
                ),
            )
        return ChicagoError(
            Msg(
                "{path} from {source} was written by a newer chicago-protokoll than this {ours} ({what}): install the newer release here, then run `chicago club sync` again; this machine's commit is kept and nothing was pushed",
                path=path,
                source=source,
                what=what,
                ours=release(),
            ),
        )
    if wrote and wrote != release():
        return ChicagoError(
            Msg(
                "{path} was written by chicago-protokoll {release} ({what}), newer than this {ours}: install chicago-protokoll {release} or later here, then sync; nothing was pushed",
                path=path,
                release=wrote,
                what=what,
                ours=release(),
            ),
        )
    return ChicagoError(
        Msg(
            "{path} was written by a newer chicago-protokoll than this {ours} ({what}): install the newer release here, then sync; nothing was pushed",
            path=path,
            what=what,
            ours=release(),
        ),
    )
