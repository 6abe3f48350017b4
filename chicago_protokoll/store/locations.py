"""Where sessions live: the data directory, session names and their paths."""

from __future__ import annotations

import os
import unicodedata
from pathlib import Path

from ..core.errors import ChicagoError

HOME_ENV = "CHICAGO_PROTOKOLL_HOME"
MAX_NAME_CHARS = 64
_NAME_PUNCTUATION = frozenset(" -_.")



def data_dir() -> Path:
    """All data: $CHICAGO_PROTOKOLL_HOME if set, else the platform's user data directory."""
    home = os.environ.get(HOME_ENV)
    if home:
        return Path(home)
    import platformdirs

    return Path(platformdirs.user_data_dir("chicago-protokoll"))


def sessions_dir() -> Path:
    return data_dir() / "sessions"


def _name_problem(name: str) -> tuple[str, str] | None:
    """Why ``name`` cannot be a session name, as a clause after "it" (and in Swedish
    after "det"), or None."""
    if not name.strip():
        return "it is empty", "det är tomt"
    if name != name.strip():
        return "it starts or ends with a space", "det börjar eller slutar med ett mellanslag"
    if name.startswith("."):
        return (
            "it starts with '.', which would hide the file or lead out of the sessions directory",
            "det börjar med '.', vilket skulle gömma filen eller leda ut ur protokollens katalog",
        )
    for char in name:
        if char in "/\\":
            return (
                f"it contains '{char}', and a session name names one file, not a path",
                f"det innehåller '{char}', och ett protokollnamn är namnet på en fil, "
                "inte en sökväg",
            )
        if unicodedata.category(char).startswith("C"):
            return (
                "it contains a control or invisible character",
                "det innehåller ett styrtecken eller ett osynligt tecken",
            )
        if not (char.isalpha() or char.isdecimal() or char in _NAME_PUNCTUATION):
            return (
                f"it may hold letters, digits, spaces, '-', '_' and '.', not '{char}'",
                f"det får innehålla bokstäver, siffror, mellanslag, '-', '_' och '.', "
                f"inte '{char}'",
            )
    # 255 bytes is the usual limit of a file name; NAME.toml and the temporary
    # file beside it must fit.
    if len(name) > MAX_NAME_CHARS or len(name.encode()) > 200:
        return (
            f"it is longer than {MAX_NAME_CHARS} characters",
            f"det är längre än {MAX_NAME_CHARS} tecken",
        )
    return None


def check_session_name(name: str) -> str:
    """The name in canonical form (Unicode NFC); `ChicagoError` if it cannot name a session."""
    normal = unicodedata.normalize("NFC", name)
    problem = _name_problem(normal)
    if problem:
        raise ChicagoError(
            f"{name!r} cannot be a session name: {problem[0]}",
            sv=f"{name!r} kan inte vara namnet på ett protokoll: {problem[1]}",
        )
    return normal


def session_path(name: str) -> Path:
    """``data_dir()/sessions/NAME.toml``; refuses a name that could lead anywhere else."""
    return sessions_dir() / f"{check_session_name(name)}.toml"


def display_path(path: Path) -> str:
    """How messages name a file: relative to the data directory when inside it."""
    try:
        inside = Path(os.path.abspath(path)).relative_to(os.path.abspath(data_dir()))
    except ValueError:
        return str(path)
    return inside.as_posix()


def saved_rules_path() -> Path:
    """The saved house rules that ``chicago new`` starts from when no --rules/--preset is given."""
    return data_dir() / "house-rules.toml"
