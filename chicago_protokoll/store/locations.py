"""Where sessions live: the data directory, session names and their paths, the
current-session pointer and the list of sessions.

Only reads, and light: TAB completion (store/completion.py) finds sessions and players
through this module, so it imports no more than the standard library, `regularfile`
and `i18n.language` (the core's errors on a refusal only, platformdirs only without
``CHICAGO_PROTOKOLL_HOME``).
"""

from __future__ import annotations

import os
import unicodedata
from pathlib import Path

from ..i18n.language import Msg
from .regularfile import NotReadable, read_bounded

TYPE_CHECKING = False  # typing itself is not imported: TAB completion reads this module
if TYPE_CHECKING:
    from ..core.errors import SessionFileError

HOME_ENV = "CHICAGO_PROTOKOLL_HOME"
MAX_NAME_CHARS = 64
_NAME_PUNCTUATION = frozenset(" -_.")


def data_dir() -> Path:
    """All data: $CHICAGO_PROTOKOLL_HOME if set, else the platform's user data directory."""
    home = os.environ.get(HOME_ENV)
    if home:
        return Path(home)
    return Path(_platform_dir("data"))


def cache_dir() -> Path:
    """What is derived and may be deleted at any moment (the league's index):
    $CHICAGO_PROTOKOLL_HOME/cache if set, else the platform's user cache directory."""
    home = os.environ.get(HOME_ENV)
    if home:
        return Path(home) / "cache"
    return Path(_platform_dir("cache"))


# What platformdirs reads to place the directories, on any platform: the directory is
# asked of it again only when one of these changed (a club's index names 10,000 files
# relative to the data directory, three times each; a test moves HOME).  The one list:
# `environment_key` and the shell scripts' cache (scripts/generate_completions.py) read it.
# WIN_PD_OVERRIDE_LOCAL_APPDATA: the Windows folder of both directories, which recent
# releases of platformdirs take before asking the system.
_PLATFORM_ENV = (
    "HOME",
    "XDG_DATA_HOME",
    "XDG_CACHE_HOME",
    "USERPROFILE",
    "APPDATA",
    "LOCALAPPDATA",
    "WIN_PD_OVERRIDE_LOCAL_APPDATA",
)
_PLATFORM_DIRS: dict[tuple[str, tuple[str | None, ...]], str] = {}


def _platform_env() -> tuple[str | None, ...]:
    return tuple(os.environ.get(name) for name in _PLATFORM_ENV)


def _platform_dir(kind: str) -> str:
    key = (kind, _platform_env())
    found = _PLATFORM_DIRS.get(key)
    if found is None:
        import platformdirs

        ask = platformdirs.user_data_dir if kind == "data" else platformdirs.user_cache_dir
        found = _PLATFORM_DIRS[key] = ask("chicago-protokoll")
    return found


def environment_key() -> str:
    """This environment as platformdirs sees it, in one line of ASCII: `ascii` of the
    tuple of the values of `_PLATFORM_ENV`, in order, None for one unset.

    Equal keys are equal environments (the text reads back as that tuple), so platformdirs
    gives the same directories for both.  An unset variable is not an empty one: to
    `os.path.expanduser`, which older releases of platformdirs call, an empty HOME is
    "/" and an unset one the password database's home.  ASCII, because the key travels
    through a shell variable and back through the environment, whatever the locale.
    """
    return _key(_platform_env())


def _key(env: tuple[str | None, ...]) -> str:
    return ascii(env)


def platform_data_dir() -> str:
    """platformdirs' user data directory for this environment (`data_dir` without
    ``CHICAGO_PROTOKOLL_HOME``): what ``_CHICAGO_COMPLETE=data-dir`` prints for a shell to keep."""
    return _platform_dir("data")


def trust_data_dir(directory: str, key: str) -> None:
    """Take ``directory`` as platformdirs' data directory without importing platformdirs,
    if ``key`` is this environment's `environment_key` (and ``directory`` absolute).

    A shell script keeps what ``_CHICAGO_COMPLETE=data-dir`` printed (`platform_data_dir`
    beside `environment_key`) and hands it back to each TAB on a name; when a variable
    platformdirs reads has changed since, the key differs and the directory is asked of
    platformdirs as always, so a stale copy costs time and never gives a wrong directory.
    Only store/completion.py calls this: no command takes a directory from outside.
    """
    env = _platform_env()
    if directory and os.path.isabs(directory) and key == _key(env):
        _PLATFORM_DIRS["data", env] = directory


def sessions_dir() -> Path:
    return data_dir() / "sessions"


# The characters of most names: checked in one step (a club's folder lists thousands).
_PLAIN_NAME = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -_."


def session_name_problem(name: str) -> Msg | None:
    """Why ``name`` cannot be a session name, as a clause after "it", or None."""
    if (
        name
        and not name.strip(_PLAIN_NAME)
        and name[0] not in " ."
        and name[-1] != " "
        and len(name) <= MAX_NAME_CHARS
    ):
        return None  # ASCII letters, digits and the punctuation allowed: the checks below pass
    if not name.strip():
        return Msg("it is blank")
    if name != name.strip():
        return Msg("it starts or ends with a space")
    if name.startswith("."):
        return Msg(
            "it starts with '.', which would hide the file or lead out of the sessions directory",
        )
    for char in name:
        if char in "/\\":
            return Msg(
                "it contains '{char}', and a session name names one file, not a path",
                char=char,
            )
        if unicodedata.category(char).startswith("C"):
            return Msg("it contains a control or invisible character")
        if not (char.isalpha() or char.isdecimal() or char in _NAME_PUNCTUATION):
            return Msg(
                "it may hold letters, digits, spaces, '-', '_' and '.', not '{char}'",
                char=char,
            )
    # 255 bytes is the usual limit of a file name; NAME.toml and the temporary
    # file beside it must fit.
    if len(name) > MAX_NAME_CHARS or len(name.encode()) > 200:
        return Msg("it is longer than {max_name_chars} characters", max_name_chars=MAX_NAME_CHARS)
    return None


def check_session_name(name: str) -> str:
    """The name in canonical form (Unicode NFC); `ChicagoError` if it cannot name a session."""
    normal = unicodedata.normalize("NFC", name)
    problem = session_name_problem(normal)
    if problem:
        from ..core.errors import ChicagoError

        raise ChicagoError(
            Msg("{name!r} cannot be a session name: {problem}", name=name, problem=problem),
        )
    return normal


def session_path(name: str) -> Path:
    """``data_dir()/sessions/NAME.toml``; refuses a name that could lead anywhere else."""
    return sessions_dir() / f"{check_session_name(name)}.toml"


def display_path(path: Path) -> str:
    """How messages name a file: relative to the data directory when inside it."""
    # os.path on strings, not pathlib: every file a club's index reads is named so
    here = os.path.abspath(path)
    home = os.path.abspath(data_dir())
    if os.path.normcase(here) == os.path.normcase(home):
        return "."
    prefix = home if home.endswith(os.sep) else home + os.sep
    if not os.path.normcase(here).startswith(os.path.normcase(prefix)):
        return str(path)
    return here[len(prefix) :].replace(os.sep, "/")


def saved_rules_path() -> Path:
    """The saved house rules that ``chicago new`` starts from when no --rules/--preset is given."""
    return data_dir() / "house-rules.toml"


def link_refused(source: str) -> SessionFileError:
    """The refusal of a symbolic link where a file of the data directory should be."""
    from ..core.errors import SessionFileError  # on a refusal only: TAB imports this module

    return SessionFileError(
        Msg(
            "{source} is a symbolic link; a file in the data directory must be a plain file, so nothing is read or written where the link leads: remove the link",
            source=source,
        ),
    )


def in_data_dir(path: Path) -> bool:
    """Whether ``path`` lies in the data directory (its folder, links resolved)."""
    here = os.path.realpath(os.path.dirname(os.path.abspath(path)))
    home = os.path.realpath(data_dir())
    return here == home or here.startswith(home.rstrip(os.sep) + os.sep)


def real_path(path: Path) -> Path:
    """The file a path leads to.  Outside the data directory writes go through symlinks
    (a ``--file`` the user chose), and the lock must be the one of the directory the file
    really lives in.  Inside it a symlink is refused, never followed: nothing the
    program writes on its own ends up outside its data directory."""
    if in_data_dir(path):
        if os.path.islink(path):
            raise link_refused(display_path(path))
        return Path(os.path.realpath(os.path.dirname(os.path.abspath(path)))) / path.name
    return Path(os.path.realpath(path))


def current_file() -> Path:
    """The current-session pointer: one line holding a session name."""
    return data_dir() / "current"


def get_current() -> str | None:
    """The name in the current-session pointer, or None when there is none."""
    return read_pointer(current_file())


def read_pointer(path: Path) -> str | None:
    """The name in a pointer file (the current session, the current night), or None."""
    try:
        # a pointer holds one name: a link, a FIFO or a huge file there is no pointer
        text = read_bounded(path, 4096, follow=False).decode("utf-8")
    except (OSError, NotReadable, UnicodeDecodeError):
        return None
    return text.strip("\r\n") or None


#: A club folder's conflict puts the other machine's version beside the file as
#: ``NAME.theirs.toml`` (store/club.py): no session, and ignored by every command.
THEIRS_STEM = ".theirs"


def is_theirs_copy(stem: str) -> bool:
    """Whether a file's stem is the other side's copy of a conflict (``NAME.theirs``)."""
    return stem.endswith(THEIRS_STEM)


def list_sessions() -> list[tuple[str, Path]]:
    """The sessions in the data directory by name; temporary and foreign files, and the
    other side's copy of a club folder's conflict, are left out."""
    found = list_named(sessions_dir())
    return sorted(found, key=lambda item: (item[0].casefold(), item[0]))


def nights_dir() -> Path:
    """Where the club nights' files live (store/nightfile.py)."""
    return data_dir() / "nights"


def list_named(directory: Path) -> list[tuple[str, Path]]:
    """The ``NAME.toml`` files in ``directory`` whose stem is a session name (a session's,
    or a night's), unsorted; temporary and foreign files, and the other side's copy of a
    club folder's conflict, are left out."""
    try:
        entries = list(os.scandir(directory))
    except FileNotFoundError:
        return []
    found = []
    for entry in entries:
        stem, dot, suffix = entry.name.rpartition(".")
        if (
            dot
            and suffix == "toml"
            and session_name_problem(stem) is None
            and not is_theirs_copy(stem)
            and entry.is_file()
        ):
            found.append((stem, directory / entry.name))
    return found


_START_HINT = "start one with `chicago new NAME PLAYER PLAYER`"
_START_HINT_SV = "starta ett med `chicago new NAMN SPELARE SPELARE`"


def resolve(session: str | None = None, file: Path | None = None) -> Path:
    """The session file a command works on: ``--file`` wins, then ``--session``, then the
    current session; `ChicagoError` says what to do when there is none.  Here, not in
    `catalogue` (which re-exports it), because a kept answer (store/answers.py) is looked
    up by the path before anything of the scoring model is imported."""
    if file is not None:
        if not file.exists():
            raise _chicago_error(Msg("{file} does not exist", file=file))
        return file
    if session is not None:
        path = session_path(session)
        if not path.exists():
            raise _chicago_error(
                Msg(
                    "there is no session '{stem}'; `chicago new {stem} PLAYER PLAYER` starts one",
                    stem=path.stem,
                ),
            )
        return path
    current = get_current()
    if current is None:
        raise _chicago_error(
            Msg(
                "there is no current session: {start_hint}, or choose one with --session NAME",
                start_hint=_START_HINT,
            ),
        )
    problem = session_name_problem(current)
    if problem:
        raise _chicago_error(
            Msg(
                "{current_file} holds {current!r}, which is not a session name ({problem}); {start_hint}, or choose one with --session NAME",
                current_file=display_path(current_file()),
                current=current,
                problem=problem,
                start_hint=_START_HINT,
            ),
        )
    path = session_path(current)
    if not path.exists():
        raise _chicago_error(
            Msg(
                "the current session '{current}' no longer exists; {start_hint}, or choose one with --session NAME",
                current=current,
                start_hint=_START_HINT,
            ),
        )
    return path


def _chicago_error(message: Msg) -> Exception:
    from ..core.errors import ChicagoError  # on a refusal only: TAB imports this module

    return ChicagoError(message)


# -- the night a command works on: here, as `resolve`, so a kept answer (`night cards`) is
# looked up before the model is imported; store/nightfile.py re-exports them.


def night_path(name: str) -> Path:
    """``data_dir()/nights/NAME.toml``.  A night's name makes its sessions' names, so it
    must be a session name, and so must the longest one it makes."""
    name = check_session_name(name)
    longest = f"{name}-r99-t99"
    problem = session_name_problem(longest)
    if problem:
        raise _chicago_error(
            Msg(
                "{name!r} cannot name a night: its tables' sessions ({longest}) would not be session names: {problem}",
                name=name,
                longest=longest,
                problem=problem,
            ),
        )
    return nights_dir() / f"{name}.toml"


def current_night_file() -> Path:
    return data_dir() / "current-night"


def get_current_night() -> str | None:
    return read_pointer(current_night_file())


def resolve_night(name: str | None) -> Path:
    """The night file a command works on: NAME, else the night made last."""
    if name is None:
        name = get_current_night()
        if name is None:
            raise _chicago_error(
                Msg(
                    "there is no night yet: `chicago night new NAME PLAYER PLAYER PLAYER ...` starts one",
                ),
            )
    path = night_path(name)
    if not os.path.lexists(path):
        raise _chicago_error(
            Msg(
                "there is no night '{name}'; `chicago night new {name} PLAYER PLAYER PLAYER ...` starts one",
                name=name,
            ),
        )
    return path
