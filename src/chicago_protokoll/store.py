"""Session files: where they live, how they are read, validated, written and locked.

This is the only module that touches session files.  The guarantees:

- A file is read completely and validated before anything is done with it.
  A file that is corrupt, cut short, hand-edited into nonsense or written by a
  newer version is refused with a `SessionFileError` naming the file, and no
  code path here writes to a file that did not load (`save_session` and
  `transact` load the old file first, under the lock).
- Writes are atomic: a temporary file in the same directory is written,
  flushed and fsynced, then `os.replace`d over the old one, and the directory
  is fsynced.  A crash at any moment leaves the old file or the new one.
  A crash can leave a temporary ``.NAME.toml.XXXX.tmp`` behind; listings
  ignore it.
- Read-modify-write (`transact`) holds an exclusive `fcntl.flock` on
  ``.chicago-protokoll.lock`` in the session file's directory, so two
  commands recording at the same moment never lose an event.  Why one lock
  file per directory rather than a lock on the session file or a sidecar
  ``NAME.toml.lock``: the session file's inode changes on every save
  (os.replace), so a process waiting on it would wake up holding a lock on a
  dead file; a sidecar per session cannot be deleted with its session without
  racing a waiter (who would then lock an unlinked inode while a third
  process creates a fresh one) and leaves visible litter next to ``--file``
  paths.  A hidden per-directory file is never replaced or deleted, works
  where ``flock`` on a directory descriptor does not (NFS emulates flock with
  byte-range locks, which need a writable descriptor), and costs nothing but
  serialising writers of different sessions in one directory for the few
  milliseconds a save takes.  Readers take no lock: atomic replacement means
  they always see a whole file.

Start-up time matters (every ``chicago`` command imports this): module-level
imports are the standard library and the core only; ``tomllib``, ``tomli_w``
and ``platformdirs`` are imported where they are needed.
"""

from __future__ import annotations

import difflib
import fcntl
import os
import time
import unicodedata
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from datetime import UTC, datetime
from pathlib import Path

from . import tomlsubset
from .errors import ChicagoError, RulesFileError, SessionFileError
from .events import Event, event_from_dict, event_to_dict
from .game import Game, Session, new_session
from .rules import HouseRules

FORMAT = "chicago-protokoll/session"
VERSION = 1
HOME_ENV = "CHICAGO_PROTOKOLL_HOME"
LOCK_NAME = ".chicago-protokoll.lock"
LOCK_TIMEOUT = 10.0
MAX_NAME_CHARS = 64

# Every file ends with this line.  TOML cannot tell a file cut at a line
# boundary (or inside a number: "deal = 12" -> "deal = 1") from a shorter
# valid one; a fixed last line can.
END_LINE = "# end of chicago-protokoll session (a file without this last line was cut short)"
_HEADER = (
    "# chicago-protokoll session: what happened at the table, nothing derived.\n"
    "# Totals, dealer and buy stop come from replaying the events through the rules.\n"
)
_FIELDS = ("format", "version", "name", "created", "players", "first_dealer", "rules", "events")
_NAME_PUNCTUATION = frozenset(" -_.")


class SessionExistsError(ChicagoError):
    """A new session would overwrite a session file that is already there."""


# -- where sessions live -------------------------------------------------------


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


# -- the file format ---------------------------------------------------------


def dumps_session(session: Session) -> str:
    """The session as the text of a session file (TOML), ending with `END_LINE`."""
    import tomli_w

    head = {
        "format": FORMAT,
        "version": VERSION,
        "name": session.name,
        "created": session.created,
        "players": list(session.players),
        "first_dealer": session.first_dealer,
        "rules": session.rules.to_mapping(),
    }
    parts = [_HEADER, tomli_w.dumps(head)]
    # [[events]] tables written one by one: tomli_w would switch the whole list
    # between inline tables and [[events]] depending on the longest event.
    for event in session.events:
        parts.append("\n[[events]]\n")
        parts.append(tomli_w.dumps(event_to_dict(event)))
    parts.append(f"\n{END_LINE}\n")
    return "".join(parts)


def loads_session(text: str, source: str) -> Session:
    """Read and validate the text of a session file; ``source`` names it in every refusal."""

    def refuse(reason: str, sv: str) -> SessionFileError:
        return SessionFileError(
            f"{source} is not a chicago-protokoll session file: {reason}",
            sv=f"{source} är ingen protokollfil från chicago-protokoll: {sv}",
        )

    # The plain shape this module writes is read by tomlsubset, many times faster than
    # tomllib (docs/latency.md); anything else, a hand edit or a damaged file, by tomllib,
    # which also words the errors.
    data = tomlsubset.loads(text)
    if data is None:
        import tomllib

        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as error:
            raise refuse(
                f"it is not valid TOML ({error}); it may be cut short or damaged",
                f"den är inte giltig TOML ({error}); den kan vara avklippt eller skadad",
            ) from None
    if not text.strip():
        raise refuse("it is empty", "den är tom")
    if "format" not in data:
        raise refuse(f'it has no line format = "{FORMAT}"', f'den saknar raden format = "{FORMAT}"')
    if data["format"] != FORMAT:
        raise refuse(
            f'its format is {data["format"]!r}, not "{FORMAT}"',
            f'dess format är {data["format"]!r}, inte "{FORMAT}"',
        )
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise refuse(
            f"its version must be a whole number from 1, not {version!r}",
            f"dess version måste vara ett heltal från 1, inte {version!r}",
        )
    if version > VERSION:
        raise SessionFileError(
            f"{source} was written by a newer chicago-protokoll (format {version}); "
            f"this version reads format {VERSION} — upgrade to open it",
            sv=f"{source} skrevs av en nyare chicago-protokoll (format {version}); "
            f"den här versionen läser format {VERSION} — uppgradera för att öppna den",
        )
    if text.rstrip().rpartition("\n")[2].rstrip() != END_LINE:
        raise refuse(
            f"it does not end with the line '{END_LINE[:34]}...', so it was cut short "
            "or something was added after that line",
            f"den slutar inte med raden '{END_LINE[:34]}...', så den har klippts av "
            "eller så har något lagts till efter den raden",
        )
    for key in data:
        if key not in _FIELDS:
            close = difflib.get_close_matches(key, _FIELDS, n=1)
            hint = f" (did you mean '{close[0]}'?)" if close else ""
            sv_hint = f" (menade du '{close[0]}'?)" if close else ""
            raise refuse(
                f"it has an unknown field '{key}'{hint}", f"den har ett okänt fält '{key}'{sv_hint}"
            )
    for key in _FIELDS:
        if key not in data and key != "events":  # no [[events]] table: nothing recorded yet
            raise refuse(f"it has no '{key}'", f"den saknar '{key}'")

    name, created, first_dealer = data["name"], data["created"], data["first_dealer"]
    if not isinstance(name, str):
        raise refuse(
            f"name must be a string, not {name!r}", f"name måste vara en sträng, inte {name!r}"
        )
    if isinstance(created, datetime):  # a hand-edited unquoted TOML date-time
        created = created.isoformat()
    if not isinstance(created, str):
        raise refuse(
            f"created must be a date and time in quotes, not {created!r}",
            f"created måste vara datum och tid inom citattecken, inte {created!r}",
        )
    if created:
        try:
            datetime.fromisoformat(created)
        except ValueError:
            raise refuse(
                f"created must be a date and time like 2026-11-29T20:50:00+00:00, not {created!r}",
                f"created måste vara datum och tid som 2026-11-29T20:50:00+00:00, inte {created!r}",
            ) from None
    players = data["players"]
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise refuse(
            f"players must be a list of names in seat order, not {players!r}",
            f"players måste vara en lista med namn i sittordning, inte {players!r}",
        )
    if not isinstance(first_dealer, str) or first_dealer not in players:
        raise refuse(
            f"first_dealer must be one of the players {players!r}, not {first_dealer!r}",
            f"first_dealer (första givaren) måste vara en av spelarna {players!r}, "
            f"inte {first_dealer!r}",
        )
    rules = _read_rules(data["rules"], refuse)
    events = _read_events(data.get("events", []), refuse)
    session = Session(
        players=tuple(players),
        rules=rules,
        first_dealer=first_dealer,
        events=events,
        name=name,
        created=created,
    )
    problem = _session_problem(session)
    if problem:
        raise refuse(*problem)
    return session


def _read_rules(table: object, refuse: Callable[[str, str], SessionFileError]) -> HouseRules:
    if not isinstance(table, dict):
        raise refuse(
            f"rules must be a table of [rules.SECTION] tables, not {table!r}",
            f"rules måste vara en tabell med [rules.SEKTION]-tabeller, inte {table!r}",
        )
    problems: list[str] = []
    sv_problems: list[str] = []
    # A session keeps a full copy of its rules: a missing key would silently
    # take today's default, and a change of default would rewrite old games.
    for section, keys in HouseRules().to_mapping().items():
        given = table.get(section)
        if not isinstance(given, dict):
            if given is None:
                problems.append(f"[rules.{section}] is missing")
                sv_problems.append(f"[rules.{section}] saknas")
            continue
        problems.extend(f"rules.{section}.{key} is missing" for key in keys if key not in given)
        sv_problems.extend(f"rules.{section}.{key} saknas" for key in keys if key not in given)
    try:
        rules = HouseRules.from_mapping(table, source="rules")
    except RulesFileError as error:
        problems = [*error.problems, *problems]
        sv_problems = [*error.localized_problems("sv"), *sv_problems]
    if problems:
        raise refuse(
            f"its house rules are wrong: {'; '.join(problems)}",
            f"dess husregler är felaktiga: {'; '.join(sv_problems)}",
        )
    return rules


def _read_events(
    items: object, refuse: Callable[[str, str], SessionFileError]
) -> tuple[Event, ...]:
    if not isinstance(items, list):
        raise refuse(
            f"events must be a list of [[events]] tables, not {items!r}",
            f"events måste vara en lista med [[events]]-tabeller, inte {items!r}",
        )
    events: list[Event] = []
    for number, item in enumerate(items, start=1):
        where = f"event {number} of {len(items)}"
        sv_where = f"händelse {number} av {len(items)}"
        if not isinstance(item, dict):
            raise refuse(
                f"{where} is not a table: {item!r}", f"{sv_where} är ingen tabell: {item!r}"
            )
        if isinstance(item.get("deal"), int):
            where += f" (deal {item['deal']})"
            sv_where += f" (giv {item['deal']})"
        try:
            events.append(event_from_dict(item))
        except SessionFileError as error:
            raise refuse(f"{where}: {error}", f"{sv_where}: {error.localized('sv')}") from None
    return tuple(events)


def _session_problem(session: Session) -> tuple[str, str] | None:
    """What makes a session unfit to be a file, in English and Swedish, or None: the seats,
    the dealer, the names."""
    players = session.players
    try:
        checked = new_session(players, session.rules)
    except ChicagoError as error:
        return (
            f"its players do not make a table: {error}",
            f"dess spelare bildar inget bord: {error.localized('sv')}",
        )
    if checked.players != players:
        return (
            f"a name in players {list(players)!r} starts or ends with a space",
            f"ett namn i players {list(players)!r} börjar eller slutar med ett mellanslag",
        )
    if session.first_dealer not in players:
        return (
            f"first_dealer {session.first_dealer!r} is not one of the players {list(players)!r}",
            f"first_dealer (första givaren) {session.first_dealer!r} är inte en av spelarna "
            f"{list(players)!r}",
        )
    for number, event in enumerate(session.events, start=1):
        who = getattr(event, "player", None) or getattr(event, "breaker", None)
        if who is not None and who not in players:
            return (
                f"event {number} (deal {event.deal}) names {who!r}, "
                f"who is not at this table ({', '.join(players)})",
                f"händelse {number} (giv {event.deal}) nämner {who!r}, "
                f"som inte sitter vid bordet ({', '.join(players)})",
            )
    return None


# -- reading and writing files ---------------------------------------------------


def _read_text(path: Path, source: str) -> str:
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise SessionFileError(f"{source} does not exist", sv=f"{source} finns inte") from None
    except OSError as error:
        raise SessionFileError(
            f"{source} cannot be read: {error.strerror}",
            sv=f"{source} går inte att läsa: {error.strerror}",
        ) from None
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise SessionFileError(
            f"{source} is not a chicago-protokoll session file: it is not UTF-8 text; "
            "it may be damaged",
            sv=f"{source} är ingen protokollfil från chicago-protokoll: den är inte UTF-8-text; "
            "den kan vara skadad",
        ) from None


def load_session(path: Path) -> Session:
    """Read and validate the session file at ``path``; `SessionFileError` names the file."""
    return loads_session(_read_text(path, display_path(path)), display_path(path))


def _fsync_dir(directory: Path) -> None:
    fd = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _write_atomic(target: Path, data: bytes) -> None:
    """Replace ``target`` with ``data`` so that a crash leaves the old file or the new one."""
    directory = target.parent
    temp = directory / f".{target.name[:32]}.{os.urandom(6).hex()}.tmp"
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o666)
    try:
        with os.fdopen(fd, "wb") as handle:
            with suppress(FileNotFoundError):
                os.fchmod(handle.fileno(), os.stat(target).st_mode & 0o7777)
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, target)
    except BaseException:
        with suppress(OSError):
            os.unlink(temp)
        raise
    _fsync_dir(directory)


def _write_session(real: Path, session: Session, source: str) -> None:
    problem = _session_problem(session)
    if problem:
        raise ChicagoError(
            f"refusing to write {source}: {problem[0]}",
            sv=f"{source} skrivs inte: {problem[1]}",
        )
    try:
        _write_atomic(real, dumps_session(session).encode())
    except OSError as error:
        raise ChicagoError(
            f"could not write {source}: {error.strerror}; the file on disk is unchanged",
            sv=f"kunde inte skriva {source}: {error.strerror}; filen på disken är oförändrad",
        ) from None


def _real(path: Path) -> Path:
    """The file a path leads to: writes go through symlinks, and the lock must be
    the one of the directory the file really lives in."""
    return Path(os.path.realpath(path))


def _make_dir(directory: Path) -> None:
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise ChicagoError(
            f"cannot create {display_path(directory)}: {error.strerror}",
            sv=f"kan inte skapa {display_path(directory)}: {error.strerror}",
        ) from None


@contextmanager
def locked(directory: Path, *, timeout: float = LOCK_TIMEOUT) -> Iterator[None]:
    """Hold the exclusive write lock of a sessions directory (see the module docstring)."""
    lock_path = directory / LOCK_NAME
    try:
        fd = os.open(lock_path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o666)
    except FileNotFoundError:
        raise SessionFileError(
            f"{display_path(directory)} does not exist", sv=f"{display_path(directory)} finns inte"
        ) from None
    except OSError as error:
        raise ChicagoError(
            f"cannot lock {display_path(lock_path)}: {error.strerror}",
            sv=f"kan inte låsa {display_path(lock_path)}: {error.strerror}",
        ) from None
    try:
        deadline = time.monotonic() + timeout
        delay = 0.001
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() > deadline:
                    raise ChicagoError(
                        f"another chicago command has been writing in {display_path(directory)} "
                        f"for {timeout:g} seconds; try again when it is done",
                        sv=f"ett annat chicago-kommando har skrivit i {display_path(directory)} "
                        f"i {timeout:g} sekunder; försök igen när det är klart",
                    ) from None
                time.sleep(delay)
                delay = min(delay * 2, 0.02)
        yield
    finally:
        os.close(fd)  # closing the descriptor releases the lock


def transact(
    path: Path, change: Callable[[Session], Session], *, timeout: float = LOCK_TIMEOUT
) -> Session:
    """Load, ``change``, save, all under the directory lock; returns the session as saved.

    If the file does not load, or ``change`` raises, nothing is written and the
    file stays byte-for-byte the same.  If ``change`` returns an equal session,
    nothing is written either.
    """
    real = _real(path)
    source = display_path(path)
    if not real.parent.is_dir():
        raise SessionFileError(f"{source} does not exist", sv=f"{source} finns inte")
    with locked(real.parent, timeout=timeout):
        old = loads_session(_read_text(real, source), source)
        new = change(old)
        if new != old:
            _write_session(real, new, source)
        return new


def save_session(path: Path, session: Session, *, timeout: float = LOCK_TIMEOUT) -> None:
    """Write ``session`` to ``path`` under the lock; an existing file must load first,
    so a damaged or newer-format file is refused, never overwritten."""
    real = _real(path)
    source = display_path(path)
    _make_dir(real.parent)
    with locked(real.parent, timeout=timeout):
        if os.path.lexists(real):
            loads_session(_read_text(real, source), source)
        _write_session(real, session, source)


def create_session(path: Path, session: Session, *, timeout: float = LOCK_TIMEOUT) -> Session:
    """Write a new session file, refusing (`SessionExistsError`) if ``path`` exists.

    An empty ``created`` is set to now (UTC, to the second).  Returns the session
    as written.
    """
    if not session.created:
        now = datetime.now(UTC).replace(microsecond=0).isoformat()
        session = Session(
            players=session.players,
            rules=session.rules,
            first_dealer=session.first_dealer,
            events=session.events,
            name=session.name,
            created=now,
        )
    real = _real(path)
    source = display_path(path)
    _make_dir(real.parent)
    with locked(real.parent, timeout=timeout):
        if os.path.lexists(real):
            raise SessionExistsError(
                f"{source} already exists: choose another name, or remove that session first",
                sv=f"{source} finns redan: välj ett annat namn, eller ta bort det protokollet "
                "först",
            )
        _write_session(real, session, source)
    return session


# -- the current session and the list of sessions --------------------------------


def _current_file() -> Path:
    return data_dir() / "current"


def set_current(name: str) -> None:
    """Make ``name`` the current session (the pointer file ``data_dir()/current``)."""
    name = check_session_name(name)
    home = data_dir()
    try:
        home.mkdir(parents=True, exist_ok=True)
        _write_atomic(_current_file(), f"{name}\n".encode())
    except OSError as error:
        raise ChicagoError(
            f"could not write {display_path(_current_file())}: {error.strerror}",
            sv=f"kunde inte skriva {display_path(_current_file())}: {error.strerror}",
        ) from None


def get_current() -> str | None:
    """The name in the current-session pointer, or None when there is none."""
    try:
        text = _current_file().read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    name = text.strip("\r\n")
    return name or None


def list_sessions() -> list[tuple[str, Path]]:
    """The sessions in the data directory by name; temporary and foreign files are left out."""
    directory = sessions_dir()
    try:
        entries = list(os.scandir(directory))
    except FileNotFoundError:
        return []
    found = []
    for entry in entries:
        stem, dot, suffix = entry.name.rpartition(".")
        if dot and suffix == "toml" and _name_problem(stem) is None and entry.is_file():
            found.append((stem, directory / entry.name))
    return sorted(found, key=lambda item: (item[0].casefold(), item[0]))


def remove_session(name: str) -> Path:
    """Delete the session ``name`` (even a damaged one); clears the pointer if it pointed there."""
    path = session_path(name)
    name = path.stem
    if not os.path.lexists(path):
        raise ChicagoError(
            f"there is no session '{name}' ({display_path(path)})",
            sv=f"det finns inget protokoll '{name}' ({display_path(path)})",
        )
    with locked(path.parent):
        try:
            path.unlink()
        except FileNotFoundError:
            raise ChicagoError(
                f"there is no session '{name}' ({display_path(path)})",
                sv=f"det finns inget protokoll '{name}' ({display_path(path)})",
            ) from None
        except OSError as error:
            raise ChicagoError(
                f"could not remove {display_path(path)}: {error.strerror}",
                sv=f"kunde inte ta bort {display_path(path)}: {error.strerror}",
            ) from None
        _fsync_dir(path.parent)
    if get_current() == name:
        with suppress(FileNotFoundError):
            _current_file().unlink()
    return path


_START_HINT = "start one with `chicago new NAME PLAYER PLAYER`"
_START_HINT_SV = "starta ett med `chicago new NAMN SPELARE SPELARE`"


def resolve(session: str | None = None, file: Path | None = None) -> Path:
    """The session file a command works on: ``--file`` wins, then ``--session``, then the
    current session; `ChicagoError` says what to do when there is none."""
    if file is not None:
        if not file.exists():
            raise ChicagoError(f"{file} does not exist", sv=f"{file} finns inte")
        return file
    if session is not None:
        path = session_path(session)
        if not path.exists():
            raise ChicagoError(
                f"there is no session '{path.stem}'; `chicago new {path.stem} PLAYER PLAYER` "
                "starts one",
                sv=f"det finns inget protokoll '{path.stem}'; `chicago new {path.stem} SPELARE "
                "SPELARE` startar ett",
            )
        return path
    current = get_current()
    if current is None:
        raise ChicagoError(
            f"there is no current session: {_START_HINT}, or choose one with --session NAME",
            sv=f"det finns inget aktuellt protokoll: {_START_HINT_SV}, eller välj ett med "
            "--session NAMN",
        )
    problem = _name_problem(current)
    if problem:
        raise ChicagoError(
            f"{display_path(_current_file())} holds {current!r}, which is not a session name "
            f"({problem[0]}); {_START_HINT}, or choose one with --session NAME",
            sv=f"{display_path(_current_file())} innehåller {current!r}, som inte är ett "
            f"protokollnamn ({problem[1]}); {_START_HINT_SV}, eller välj ett med --session NAMN",
        )
    path = session_path(current)
    if not path.exists():
        raise ChicagoError(
            f"the current session '{current}' no longer exists; {_START_HINT}, "
            "or choose one with --session NAME",
            sv=f"det aktuella protokollet '{current}' finns inte längre; {_START_HINT_SV}, "
            "eller välj ett med --session NAMN",
        )
    return path


# -- house-rules files --------------------------------------------------------------


def read_rules_file(path: Path) -> HouseRules:
    """House rules from a TOML file; a file that is not UTF-8 text is refused by name."""
    from .rules import rules_from_toml

    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise ChicagoError(
            f"{path} is not a house-rules file: it is not UTF-8 text",
            sv=f"{path} är ingen husregelfil: den är inte UTF-8-text",
        ) from None
    return rules_from_toml(text, source=str(path))


def starting_rules(rules: Path | None, preset: str | None) -> HouseRules:
    """The rules a new session starts from: --preset, --rules, the saved rules, the main rule."""
    from .rules import preset as preset_rules

    if preset is not None:
        return preset_rules(preset)
    if rules is not None:
        return read_rules_file(rules)
    saved = saved_rules_path()
    return read_rules_file(saved) if saved.exists() else HouseRules()


# -- replaying what was read -------------------------------------------------------


def replay_file(session: Session, path: Path) -> Game:
    """Replay a session read from ``path``.  An event in the file that the rules refuse (a
    hand edit gone wrong) refuses the file by name, so nothing builds on it or rewrites it."""
    game = Game(session)
    for number, event in enumerate(session.events, start=1):
        try:
            game.apply(event)
        except ChicagoError as error:
            where = display_path(path)
            raise SessionFileError(
                f"{where} does not add up: event {number} (deal {event.deal}) breaks a rule: "
                f"{error}; was the file edited by hand?",
                sv=f"{where} går inte ihop: händelse {number} (giv {event.deal}) bryter mot "
                f"en regel: {error.localized('sv')}; har filen ändrats för hand?",
            ) from None
    return game


# -- other files the CLI writes ------------------------------------------------------


def saved_rules_path() -> Path:
    """The saved house rules that ``chicago new`` starts from when no --rules/--preset is given."""
    return data_dir() / "house-rules.toml"


def write_text_atomic(path: Path, text: str) -> None:
    """Write an export or rules file atomically: the old file or the new one, never half."""
    real = _real(path)
    _make_dir(real.parent)
    try:
        _write_atomic(real, text.encode("utf-8"))
    except OSError as error:
        raise ChicagoError(
            f"could not write {path}: {error.strerror}",
            sv=f"kunde inte skriva {path}: {error.strerror}",
        ) from None


__all__ = [
    "END_LINE",
    "FORMAT",
    "VERSION",
    "SessionExistsError",
    "check_session_name",
    "create_session",
    "data_dir",
    "display_path",
    "dumps_session",
    "get_current",
    "list_sessions",
    "load_session",
    "loads_session",
    "locked",
    "read_rules_file",
    "remove_session",
    "replay_file",
    "resolve",
    "save_session",
    "saved_rules_path",
    "session_path",
    "sessions_dir",
    "set_current",
    "starting_rules",
    "transact",
    "write_text_atomic",
]
