"""What TAB offers for a name: the sessions, the players of a session, a hand after ``PLAYER:``.

The shell scripts in completions/ (written by scripts/generate_completions.py from the
Click tree) complete commands, options and choices by themselves, with no Python.  Only
for a name do they run ``chicago``, with ``_CHICAGO_COMPLETE=names`` and four arguments
or more:

    _CHICAGO_COMPLETE=names chicago KIND PREFIX SESSION FILE [ARGUMENT...]

KIND is one of `KINDS`; SESSION and FILE are the ``--session`` and ``--file`` of the
command line being completed, empty when it has none; the ARGUMENTs are the command's
positional words typed so far (only ``dealer`` reads them: ``new NAME PLAYER...`` and
``play NAME PLAYER...``).  `run` prints
what `offered` gives, one a line, and nothing at all on any problem: no session, a
file that cannot be read, a bad name.

The session is found as the commands find it (`locations`: ``--file``, else
``--session``, else the current-session pointer, under ``CHICAGO_PROTOKOLL_HOME`` or the
platform's data directory).  The players are read from the file with `tomlsubset`
(`tomllib` only for a file not in the plain shape the store writes) and not checked
further: a damaged file is the command's to refuse, TAB only offers.

Asking platformdirs for the data directory would cost a TAB more than the rest of it
(it imports `tempfile`, `random` and more: docs/latency.md), so the scripts ask once in
a shell, and again only when a variable platformdirs reads has changed:

    _CHICAGO_COMPLETE=data-dir chicago

prints `locations.environment_key` and `locations.platform_data_dir`, a line each
(`run_data_dir`).  The scripts keep both in shell variables and run each names call with
``_CHICAGO_DATA_KEY=KEY _CHICAGO_DATA_DIR=DIRECTORY``; `run` takes the directory only if
that key is still this environment's (`locations.trust_data_dir`), else asks
platformdirs as without them.  ``CHICAGO_PROTOKOLL_HOME`` wins over both, as everywhere.

This module imports `locations`, `regularfile`, `tomlsubset` and `i18n.language`, never
the core, Typer, Click or Rich, nor platformdirs when the shell's key holds
(tests/store/test_completion.py holds it to that), so a TAB on a name costs little more
than starting Python.  The Click tree's completion callbacks
(cli/common.py) answer from `offered` too; the generator learns from them which
parameter completes which KIND.
"""

from __future__ import annotations

import os
import sys

from . import locations
from .regularfile import SESSION_LIMIT, NotReadable, read_bounded

TYPE_CHECKING = False  # typing itself is not imported: start-up (docs/latency.md)
if TYPE_CHECKING:
    from collections.abc import Sequence
    from pathlib import Path

#: The kinds of name a parameter may complete: a session, a club night, a player of the
#: session, ``PLAYER:`` and a hand, and the first dealer of ``new`` and ``play`` (`offered`).
KINDS = ("session", "night", "player", "who", "dealer")

# The hand names TAB offers after "PLAYER:", each one shell word (core.cards reads them
# all: tests/store/test_completion.py).
HAND_WORDS = (
    "par",
    "tvåpar",
    "triss",
    "stege",
    "färg",
    "kåk",
    "fyrtal",
    "färgstege",
    "royal",
    "pair",
    "two-pair",
    "three-of-a-kind",
    "straight",
    "flush",
    "full-house",
    "four-of-a-kind",
    "straight-flush",
)


def offered(
    kind: str,
    prefix: str,
    session: str | None = None,
    file: str | None = None,
    arguments: Sequence[str] = (),
) -> list[str]:
    """What TAB offers for ``prefix`` as a ``kind`` (`KINDS`), whatever the case typed.

    ``who`` offers each matching player as ``NAME:`` (a hand follows); after ``PLAYER:``,
    where PLAYER is a name or the start of exactly one (as the commands take it), the
    hands: ``an:kå`` offers ``an:kåk``.  ``dealer`` (``--dealer`` of ``new NAME PLAYER...``
    and ``play NAME PLAYER...``, whose ``arguments`` are those words) offers the players
    typed after NAME; with none typed yet, the players of the session NAME names if it
    exists (``play`` resumes it), else those of ``--session``, ``--file`` or the current one.
    """
    folded = prefix.casefold()
    if kind in ("session", "night"):
        found = locations.list_sessions() if kind == "session" else _nights()
        return [name for name, _ in found if name.casefold().startswith(folded)]
    if kind not in KINDS:
        return []
    if kind == "dealer":
        players = [*arguments[1:]] or _players(*_seated_at(arguments, session, file))
        return [name for name in players if name and name.casefold().startswith(folded)]
    players = _players(session, file)
    who, colon, hand = prefix.partition(":")
    if kind == "player" or not colon:
        matching = [name for name in players if name.casefold().startswith(folded)]
        return matching if kind == "player" else [f"{name}:" for name in matching]
    folded_who = who.casefold()
    matches = [name for name in players if name.casefold() == folded_who] or [
        name for name in players if name.casefold().startswith(folded_who)
    ]
    if not who or len(matches) != 1:
        return []
    return [f"{who}:{word}" for word in HAND_WORDS if word.startswith(hand.casefold())]


def _nights() -> list[tuple[str, Path]]:
    """The club nights, in the order `store.nightfile.list_nights` gives them."""
    return sorted(locations.list_named(locations.nights_dir()))


def _seated_at(
    arguments: Sequence[str], session: str | None, file: str | None
) -> tuple[str | None, str | None]:
    """The SESSION and FILE whose players ``--dealer`` offers when no player is typed:
    the session NAME names, if there is one by that name, else the command line's."""
    if arguments and not file:
        try:
            named = locations.session_path(arguments[0])
        except Exception:  # not a session name (a ChicagoError): the command line's
            return session, file
        if os.path.isfile(named):
            return arguments[0], None
    return session, file


def _session_file(session: str | None, file: str | None) -> str | Path | None:
    """The file a command with this ``--session`` and ``--file`` works on (catalogue.resolve)."""
    if file:
        return os.path.expanduser(file)  # the shell has not expanded ~ in a word being typed
    name = session or locations.get_current()
    if not name:
        return None
    try:
        return locations.session_path(name)
    except Exception:  # not a session name (a ChicagoError): nothing to offer
        return None


def _players(session: str | None, file: str | None) -> list[str]:
    path = _session_file(session, file)
    if path is None:
        return []
    try:
        text = read_bounded(path, SESSION_LIMIT).decode("utf-8")
    except (OSError, NotReadable, UnicodeDecodeError):
        return []
    from .tomlsubset import loads

    data = loads(text)
    if data is None:  # not in the store's plain shape: the general reader decides
        import tomllib

        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError:
            return []
    players = data.get("players")
    if not isinstance(players, list):
        return []
    return [name for name in players if isinstance(name, str) and name]


#: The environment variables a names call may bring the shell's copy of the data directory
#: in, and the key it was printed with (`run_data_dir`); read by `run` alone.
DATA_DIR_ENV = "_CHICAGO_DATA_DIR"
DATA_KEY_ENV = "_CHICAGO_DATA_KEY"


def run(args: list[str]) -> None:
    """Print `offered` for ``KIND PREFIX SESSION FILE [ARGUMENT...]``, one a line, and exit
    0; on any problem print nothing (a TAB must never show a traceback)."""
    try:
        # here and not in `offered`: the Click tree's callbacks call that in a command's
        # process, which must not take a directory from its environment
        kept = os.environ.get(DATA_DIR_ENV, "")
        locations.trust_data_dir(kept, os.environ.get(DATA_KEY_ENV, ""))
        kind, prefix, session, file = [*args, "", "", "", ""][:4]
        found = offered(kind, prefix, session or None, file or None, args[4:])
        sys.stdout.buffer.write("".join(f"{name}\n" for name in found).encode("utf-8"))
        sys.stdout.flush()
    except Exception:  # TAB prints nothing rather than an error
        pass
    raise SystemExit(0)


def run_data_dir() -> None:
    """Print `locations.environment_key` and platformdirs' data directory, a line each, for
    a shell script to keep, and exit 0; on any problem print nothing, and the script asks
    again at the next TAB.  A directory with a line break in it is not printed: the
    scripts read the answer line by line."""
    try:
        directory = locations.platform_data_dir()
        if "\n" not in directory:
            key = locations.environment_key().encode("ascii")
            sys.stdout.buffer.write(key + b"\n" + os.fsencode(directory) + b"\n")
            sys.stdout.flush()
    except Exception:  # TAB prints nothing rather than an error
        pass
    raise SystemExit(0)


if __name__ == "__main__":
    run(sys.argv[1:])
