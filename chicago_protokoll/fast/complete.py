"""TAB completion without Typer: the answers Typer would give, in a fraction of the time.

Every TAB press runs ``chicago`` with ``_CHICAGO_COMPLETE`` set.  Through
Typer that imports Typer, its Click, the whole scoring core and (for the help
texts zsh and fish show) Rich: five to ten times the start of a bare Python.
`run` answers from `completion_spec`, which is generated from the app
(scripts/generate_completion_spec.py), and from the session file read as text.
Nothing is imported but a few modules that cost next to nothing.

It answers only what it can answer exactly; for anything unusual it returns
and Typer answers: an option it does not know, quotes or ``--`` on the line,
a ``--file`` whose players are wanted, a session file outside the plain shape
the store writes, a terminal so narrow that Rich would wrap a help text, a
source file of the app changed since the spec was generated...  A test drives
this module and Typer over many command lines and compares every byte.

Each kind of completion re-implements a few functions of the app (listed in
`REIMPLEMENTS`, with the checksum of their source in `IMPLEMENTS`).  When one
of those functions changes, the generator marks the kind for Typer until
someone has checked this module against the change and updated `IMPLEMENTS`.
"""

from __future__ import annotations

import os
import sys

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Any

REIMPLEMENTS: dict[str, tuple[str, ...]] = {
    "languages": ("i18n.language.languages",),
    "player": (
        "cli.common._complete_player",
        "store.locations.data_dir",
        "store.locations._name_problem",
        "store.locations.check_session_name",
        "store.catalogue.get_current",
        "store.catalogue.resolve",
        "store.sessionfile.load_session",
        "store.sessionfile._read_text",
        "store.fileformat.loads_session",
        "store.fileformat._loads_session",
        "store.fileformat._read_rules",
        "store.fileformat._read_events",
        "store.fileformat._read_corrections",
        "store.fileformat._session_problem",
        "core.events.event_from_dict",
        "core.game.new_session",
        "core.names.check_player_names",
        "core.names.name_problem",
        "core.names.hidden_character",
        "core.rules._check_ranges",
    ),
    "who": (
        "cli.common._complete_who",
        "cli.common._complete_player",
        "store.locations.data_dir",
        "store.locations._name_problem",
        "store.locations.check_session_name",
        "store.catalogue.get_current",
        "store.catalogue.resolve",
        "store.sessionfile.load_session",
        "store.sessionfile._read_text",
        "store.fileformat.loads_session",
        "store.fileformat._loads_session",
        "store.fileformat._read_rules",
        "store.fileformat._read_events",
        "store.fileformat._read_corrections",
        "store.fileformat._session_problem",
        "core.events.event_from_dict",
        "core.game.new_session",
        "core.names.check_player_names",
        "core.names.name_problem",
        "core.names.hidden_character",
        "core.rules._check_ranges",
    ),
    "session": (
        "cli.common._complete_session",
        "store.locations.data_dir",
        "store.locations.sessions_dir",
        "store.locations._name_problem",
        "store.catalogue.list_sessions",
    ),
}

# The checksums (zlib.crc32 of the source) of the functions above that this
# module was last checked against; `python scripts/generate_completion_spec.py
# --implements` prints the current ones.
IMPLEMENTS: dict[str, dict[str, int]] = {
    "languages": {
        "i18n.language.languages": 3773981951,
    },
    "player": {
        "cli.common._complete_player": 497502598,
        "store.locations.data_dir": 1780515643,
        "store.locations._name_problem": 1116641335,
        "store.locations.check_session_name": 183107916,
        "store.catalogue.get_current": 4226368691,
        "store.catalogue.resolve": 2048510189,
        "store.sessionfile.load_session": 2592425010,
        "store.sessionfile._read_text": 2857301390,
        "store.fileformat.loads_session": 4158904392,
        "store.fileformat._loads_session": 257677928,
        "store.fileformat._read_rules": 3006144628,
        "store.fileformat._read_events": 226620280,
        "store.fileformat._read_corrections": 1087048062,
        "store.fileformat._session_problem": 3847292700,
        "core.events.event_from_dict": 2882275996,
        "core.game.new_session": 2727329922,
        "core.names.check_player_names": 3673153294,
        "core.names.name_problem": 814926658,
        "core.names.hidden_character": 4154110276,
        "core.rules._check_ranges": 1728029183,
    },
    "who": {
        "cli.common._complete_who": 1063786682,
        "cli.common._complete_player": 497502598,
        "store.locations.data_dir": 1780515643,
        "store.locations._name_problem": 1116641335,
        "store.locations.check_session_name": 183107916,
        "store.catalogue.get_current": 4226368691,
        "store.catalogue.resolve": 2048510189,
        "store.sessionfile.load_session": 2592425010,
        "store.sessionfile._read_text": 2857301390,
        "store.fileformat.loads_session": 4158904392,
        "store.fileformat._loads_session": 257677928,
        "store.fileformat._read_rules": 3006144628,
        "store.fileformat._read_events": 226620280,
        "store.fileformat._read_corrections": 1087048062,
        "store.fileformat._session_problem": 3847292700,
        "core.events.event_from_dict": 2882275996,
        "core.game.new_session": 2727329922,
        "core.names.check_player_names": 3673153294,
        "core.names.name_problem": 814926658,
        "core.names.hidden_character": 4154110276,
        "core.rules._check_ranges": 1728029183,
    },
    "session": {
        "cli.common._complete_session": 2688573422,
        "store.locations.data_dir": 1780515643,
        "store.locations.sessions_dir": 2297621688,
        "store.locations._name_problem": 1116641335,
        "store.catalogue.list_sessions": 2206843701,
    },
}

_SHELLS = {"complete_bash": "bash", "complete_zsh": "zsh", "complete_fish": "fish"}


class _Unsure(Exception):
    """Raised where Typer has to answer."""


def run() -> None:
    """Answer the TAB press and exit; return (having written nothing) when Typer must answer."""
    try:
        answer = complete(os.environ)
    except Exception:  # whatever goes wrong here, Typer still answers, and correctly
        return
    if answer is None:
        return
    text, code = answer
    if text:
        sys.stdout.write(text)
    sys.stdout.flush()
    sys.stderr.flush()
    # Done: leave now.  A normal exit would tear down every module and collect what
    # re and enum left (the console script imports re), about a third of the time a
    # bare Python start takes; nothing here is waiting for atexit or a finalizer.
    os._exit(code)


def complete(env: Mapping[str, str]) -> tuple[str, int] | None:
    """What Typer would print and its exit status, or None when Typer has to answer."""
    shell = _SHELLS.get(env.get("_CHICAGO_COMPLETE", ""))
    if shell is None or env.get("_TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION"):
        return None
    if (sys.stdout.encoding or "").lower().replace("-", "") != "utf8":
        return None
    from . import completion_spec as spec

    if not _sources_unchanged(spec.SOURCES):
        return None
    try:
        items = _items(shell, env, spec)
    except _Unsure:
        return None
    return _format(shell, env, items)


def _sources_unchanged(sources: tuple[tuple[str, int, int], ...]) -> bool:
    from binascii import crc32  # zlib's CRC-32, in a module that loads faster

    # SOURCES are named relative to the package, one folder up from fast/
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    for name, crc, size in sources:
        try:
            with open(os.path.join(here, name), "rb") as handle:
                data = handle.read()
        except OSError:
            return False
        if len(data) != size or crc32(data) != crc:
            return False
    return True


# -- the command line ------------------------------------------------------------


def _split(line: str) -> list[str]:
    """The words of a command line as Click's split_arg_string (shlex) gives them, when
    that is plain splitting at whitespace."""
    if '"' in line or "'" in line or "\\" in line:
        raise _Unsure
    for char in line:
        if char.isspace() and char not in " \t\r\n":
            raise _Unsure
    return line.split()


def _words(shell: str, env: Mapping[str, str]) -> tuple[list[str], str]:
    """(the complete words after the program name, the word being completed)."""
    if shell == "bash":
        if "COMP_WORDS" not in env or "COMP_CWORD" not in env:
            raise _Unsure
        words = _split(env["COMP_WORDS"])
        try:
            cword = int(env["COMP_CWORD"])
        except ValueError:
            raise _Unsure from None
        args = words[1:cword]
        try:
            incomplete = words[cword]
        except IndexError:
            incomplete = ""
        return args, incomplete
    line = env.get("_TYPER_COMPLETE_ARGS", "")
    args = _split(line)[1:]
    if args and not line.endswith(" "):
        return args[:-1], args[-1]
    return args, ""


class _Parsed:
    """What Click's resilient parse of one command's words leaves: the options given
    (with their values), and which arguments have a value."""

    def __init__(self, node: dict[str, Any], words: list[str], shared: tuple[Any, ...]) -> None:
        self.node = node
        self.params: list[dict[str, Any]] = [shared[index] for index in node["params"]]
        self.given: set[str] = set()
        self.values: dict[str, str] = {}
        self.rest: list[str] = []
        lookup = {
            opt: param
            for param in self.params
            if param["option"]
            for opt in (*param["opts"], *param["secondary"])
        }
        positional: list[str] = []
        stopped = False
        index = 0
        while index < len(words):
            word = words[index]
            index += 1
            if word == "--":
                raise _Unsure
            if word[:1] == "-" and len(word) > 1:
                explicit = None
                name = word
                if "=" in word:
                    if not word.startswith("--"):
                        raise _Unsure  # "-s=x": Click takes "=x" as the value
                    name, explicit = word.split("=", 1)
                param = lookup.get(name)
                if param is None:
                    raise _Unsure
                if param["flag"]:
                    if explicit is not None:
                        raise _Unsure
                elif explicit is None:
                    if index >= len(words):
                        # "requires an argument": Click stops parsing, the option unset
                        stopped = True
                        break
                    self.values[param["name"]] = words[index]
                    index += 1
                else:
                    self.values[param["name"]] = explicit
                self.given.add(param["name"])
            elif node["group"]:
                self.rest = words[index - 1 :]
                return
            else:
                positional.append(word)
        if not stopped:
            arguments = [param for param in self.params if not param["option"]]
            for param, value in zip(arguments, _unpack(positional, arguments), strict=True):
                if value is not None:
                    self.given.add(param["name"])


def _unpack(words: list[str], arguments: list[dict[str, Any]]) -> list[Any]:
    """Click's _unpack_args for nargs 1 and -1: the words each argument receives."""
    nargs = [param["nargs"] for param in arguments]
    if -1 not in nargs:
        return [words[i] if i < len(words) else None for i in range(len(nargs))]
    star = nargs.index(-1)
    before, after = nargs[:star], nargs[star + 1 :]
    head = [words[i] if i < len(words) else None for i in range(len(before))]
    remaining = words[len(before) :]
    tail: list[Any] = []
    for _ in after:
        tail.insert(0, remaining.pop() if remaining else None)
    return [*head, tuple(remaining), *tail]


def _resolve(spec: Any, args: list[str]) -> _Parsed:
    node = spec.TREE
    words = list(args)
    while True:
        if node["typer"]:
            raise _Unsure
        parsed = _Parsed(node, words, spec.PARAMS)
        if node["group"] and parsed.rest:
            child = node["commands"].get(parsed.rest[0])
            if child is None:
                raise _Unsure
            node, words = child, parsed.rest[1:]
            continue
        return parsed


# -- what completes the word ---------------------------------------------------------

# An item: (value, as zsh shows it, as fish shows it, cells of the zsh help, cells of the fish help)
Item = tuple[str, str, str, int, int]


def _items(shell: str, env: Mapping[str, str], spec: Any) -> list[Item]:
    args, incomplete = _words(shell, env)
    parsed = _resolve(spec, args)
    params = parsed.params
    args = list(args)
    if incomplete == "=":
        incomplete = ""
    elif "=" in incomplete and incomplete[:1] == "-":
        name, _, incomplete = incomplete.partition("=")
        args.append(name)
    if "--" not in args and incomplete[:1] == "-":
        return _command_items(parsed, incomplete)
    last = args[-1] if args else ""
    for param in params:
        if param["option"] and not param["flag"] and last[:1] == "-" and last in param["opts"]:
            return _param_items(param, parsed, incomplete, env, spec)
    for param in params:
        if not param["option"] and (param["nargs"] == -1 or param["name"] not in parsed.given):
            return _param_items(param, parsed, incomplete, env, spec)
    return _command_items(parsed, incomplete)


def _command_items(parsed: _Parsed, incomplete: str) -> list[Item]:
    node = parsed.node
    items: list[Item] = []
    if node["group"]:
        for name, child in node["commands"].items():
            if name.startswith(incomplete) and not child["hidden"]:
                items.append((name, *child["item"]))
    if incomplete and not incomplete[0].isalnum():
        for param in parsed.params:
            if not param["option"] or param["hidden"]:
                continue
            if not param["multiple"] and param["name"] in parsed.given:
                continue
            opts = param["opts"]
            if param.get("set_order"):
                opts = list(set(opts))  # as Click makes the help option: see the generator
            for opt in (*opts, *param["secondary"]):
                if opt.startswith(incomplete):
                    items.append((opt, *param["items"][opt]))
    return items


def _plain(value: str) -> Item:
    return (value, f'"{_zsh_escape(value)}"', value, 0, 0)


def _zsh_escape(text: str) -> str:
    return (
        text.replace('"', '""')
        .replace("'", "''")
        .replace("$", "\\$")
        .replace("`", "\\`")
        .replace(":", r"\\:")
    )


def _param_items(
    param: dict[str, Any], parsed: _Parsed, incomplete: str, env: Mapping[str, str], spec: Any
) -> list[Item]:
    kind = param["complete"]
    if kind == "none":
        return []
    if kind in ("file", "dir"):
        return [_plain(incomplete)]
    if kind == "player":
        names = _players(parsed, env, spec)
        folded = incomplete.casefold()
        return [
            _plain(name)
            for name in names
            if name.casefold().startswith(folded) and name.startswith(incomplete)
        ]
    if kind == "who":
        return [_plain(value) for value in _who(parsed, incomplete, env, spec)]
    if kind == "session":
        return [_plain(name) for name in _session_names(env, spec) if name.startswith(incomplete)]
    if kind == "choice":
        # TyperChoice.shell_complete
        choices = param["choices"]
        if choices == "languages":
            choices = _languages()
        if param["case_sensitive"]:
            return [_plain(c) for c in choices if c.startswith(incomplete)]
        lowered = incomplete.lower()
        return [_plain(c) for c in choices if c.lower().startswith(lowered)]
    raise _Unsure


def _who(parsed: _Parsed, incomplete: str, env: Mapping[str, str], spec: Any) -> list[str]:
    """cli.common._complete_who, then Typer's filter (what starts with the word typed)."""
    who, colon, hand = incomplete.partition(":")
    names = _players(parsed, env, spec)
    if not colon:
        folded = incomplete.casefold()
        found = [name for name in names if name.casefold().startswith(folded)]
    else:
        folded = who.casefold()
        matches = [name for name in names if name.casefold() == folded] or [
            name for name in names if name.casefold().startswith(folded)
        ]
        if not who or len(matches) != 1:
            return []
        found = [f"{who}:{word}" for word in spec.HAND_WORDS if word.startswith(hand.casefold())]
    return [value for value in found if value.startswith(incomplete)]


def _languages() -> tuple[str, ...]:
    """i18n.language.languages(): English and every catalogue beside it."""
    here = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "i18n")
    return ("en", *sorted(name[:-3] for name in os.listdir(here) if name.endswith(".po")))


# -- output, byte for byte as Typer writes it --------------------------------------------


def _format(shell: str, env: Mapping[str, str], items: list[Item]) -> tuple[str, int] | None:
    if shell == "fish":
        action = env.get("_TYPER_COMPLETE_FISH_ACTION", "")
        if action == "is-args":
            return "", 0 if items else 1
        if action != "get-args":
            return "\n", 0
    if shell != "bash" and items:
        # Typer passes each help text through Rich, which wraps it at the console width.
        cells = max(item[3] if shell == "zsh" else item[4] for item in items)
        if cells and cells >= _rich_width(env):
            return None
    if shell == "bash":
        text = "\n".join(item[0] for item in items)
    elif shell == "zsh":
        text = (
            "_arguments '*: :((" + "\n".join(item[1] for item in items) + "))'"
            if items
            else "_files"
        )
    else:
        text = "\n".join(item[2] for item in items)
    if "\x1b" in text:
        return None  # Click strips what looks like a colour code
    return text + "\n", 0


def _rich_width(env: Mapping[str, str]) -> int:
    """The width Rich's console would have (0 when unsure)."""
    if env.get("TERMINAL_WIDTH") or env.get("TERM", "").lower() in ("dumb", "unknown"):
        return 0
    columns = env.get("COLUMNS")
    if columns is not None and columns.isdigit():
        return int(columns) if columns.isascii() else 0
    for descriptor in (0, 1, 2):
        try:
            return os.get_terminal_size(descriptor).columns or 80
        except (AttributeError, ValueError, OSError):
            continue
    return 80


# -- sessions: the store's reading (store.fileformat), re-implemented without the core -----


def _data_dir(env: Mapping[str, str], spec: Any) -> str:
    store = spec.STORE
    home = env.get(store["home_env"])
    if home:
        return home
    # platformdirs.user_data_dir on Linux (tested against platformdirs itself)
    if sys.platform != "linux" or hasattr(sys, "getandroidapilevel"):
        raise _Unsure
    if env.get("ANDROID_DATA") == "/data" and env.get("ANDROID_ROOT") == "/system":
        raise _Unsure
    xdg = env.get("XDG_DATA_HOME", "")
    if xdg.startswith("/"):
        return os.path.join(xdg, store["app_name"])
    user = env.get("HOME")
    if not user or not user.startswith("/"):
        raise _Unsure
    return os.path.join(user.rstrip("/") + "/.local/share", store["app_name"])


def _name_problem(name: str, spec: Any) -> bool:
    if not name.strip() or name != name.strip() or name.startswith("."):
        return True
    punctuation = spec.STORE["name_punctuation"]
    for char in name:
        if char in "/\\":
            return True
        if char < "\x80":
            if char < " " or char == "\x7f":
                return True
        else:
            import unicodedata

            if unicodedata.category(char).startswith("C"):
                return True
        if not (char.isalpha() or char.isdecimal() or char in punctuation):
            return True
    return len(name) > spec.STORE["max_name_chars"] or len(name.encode()) > 200


def _session_file(name: str, home: str, spec: Any) -> str | None:
    """locations.session_path(name) if the name is usable and the file is there, else None."""
    if not name.isascii():
        import unicodedata

        name = unicodedata.normalize("NFC", name)
    if _name_problem(name, spec):
        return None
    path = os.path.join(home, "sessions", f"{name}.toml")
    return path if os.path.exists(path) else None


def _current(home: str) -> str | None:
    from ..store.regularfile import NotReadable, read_bounded

    try:
        text = read_bounded(os.path.join(home, "current"), 4096, follow=False).decode("utf-8")
    except (OSError, NotReadable, UnicodeDecodeError):
        return None
    name = text.replace("\r\n", "\n").replace("\r", "\n").strip("\r\n")
    return name or None


def _players(parsed: _Parsed, env: Mapping[str, str], spec: Any) -> list[str]:
    """cli.common._complete_player's names before filtering: [] where it finds none."""
    if "file" in parsed.values:
        raise _Unsure
    home = _data_dir(env, spec)
    chosen = parsed.values.get("session")
    if chosen is None:
        chosen = _current(home)
        if chosen is None or _name_problem(chosen, spec):
            return []
    path = _session_file(chosen, home, spec)
    if path is None:
        return []
    from ..store.regularfile import SESSION_LIMIT, NotReadable, read_bounded

    try:
        # the store's reader: only a plain file (no link in the data directory), bounded
        raw = read_bounded(path, SESSION_LIMIT, follow=False)
        # what decoding as "utf-8-sig" does, without loading that codec
        text = raw[3:].decode() if raw.startswith(b"\xef\xbb\xbf") else raw.decode()
    except (OSError, NotReadable, UnicodeDecodeError):
        return []
    return _valid_players(text, spec)


def _valid_players(text: str, spec: Any) -> list[str]:
    """The players of a session file that fileformat.loads_session accepts; [] if it refuses it."""
    from ..store import tomlsubset

    data = tomlsubset.loads(text)
    if data is None:
        raise _Unsure
    store = spec.STORE
    if not text.strip() or data.get("format") != store["format"]:
        return []
    version = data.get("version")
    if (
        not isinstance(version, int)
        or isinstance(version, bool)
        or not 1 <= version <= store["version"]
    ):
        return []
    if text.rstrip().rpartition("\n")[2].rstrip() != store["end_line"]:
        return []
    fields = store["fields"]
    if any(key not in fields for key in data) or any(
        key not in data for key in fields if key not in store["optional"]
    ):
        return []
    created, players, first_dealer = data["created"], data["players"], data["first_dealer"]
    if not isinstance(data["name"], str) or not isinstance(created, str):
        return []
    if not _visible(data["name"], spec):
        return []
    if created and not _date_time_fine(created):
        return []
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        return []
    if not isinstance(first_dealer, str) or first_dealer not in players:
        return []
    rules = data["rules"]
    if not _rules_fine(rules, spec):
        return []
    if not _table_fine(players, rules["game"], spec):
        return []
    events = data.get("events", [])
    if not isinstance(events, list) or not all(_event_fine(e, players, spec) for e in events):
        return []
    corrections = data.get("corrections", [])
    if not isinstance(corrections, list) or not all(
        _correction_fine(c, players, spec) for c in corrections
    ):
        return []
    return players


def _date_time_fine(text: str) -> bool:
    """What datetime.fromisoformat accepts."""
    try:
        # the C module: datetime.py itself takes longer to import than all the rest
        from _datetime import datetime  # type: ignore[import-not-found]
    except ImportError:  # pragma: no cover - CPython has the C module
        from datetime import datetime
    try:
        datetime.fromisoformat(text)
    except ValueError:
        return False
    return True


def _correction_fine(item: object, players: list[str], spec: Any) -> bool:
    """False if fileformat._read_corrections or the store refuses the [[corrections]] table."""
    if not isinstance(item, dict) or any(
        key not in ("deal", "at", "recorded", "before", "after") for key in item
    ):
        return False
    deal, at = item.get("deal"), item.get("at")
    for value in (deal, item.get("recorded")):
        if type(value) is not int or value < 1:
            return False
    if not isinstance(at, str) or not _date_time_fine(at):
        return False
    for side in ("before", "after"):
        events = item.get(side, [])
        if not isinstance(events, list):
            return False
        for event in events:
            if not _event_fine(event, players, spec) or event["deal"] != deal:
                return False
    return True


def _rules_fine(table: object, spec: Any) -> bool:
    """False if fileformat._read_rules refuses the table; _Unsure if a value is beyond the probes."""
    if not isinstance(table, dict) or set(table) != set(spec.RULES):
        return False
    for section, keys in spec.RULES.items():
        given = table[section]
        if not isinstance(given, dict) or set(given) != set(keys):
            return False
        for key, value in given.items():
            allowed = keys[key]
            if isinstance(value, (bool, str)):
                if not any(
                    type(other) is type(value) and other == value for other in allowed["others"]
                ):
                    raise _Unsure
            elif isinstance(value, int):
                if allowed["ints"] is None or not allowed["ints"][0] <= value <= allowed["ints"][1]:
                    raise _Unsure
            else:
                return False
    return True


def _table_fine(players: list[str], game: dict[str, Any], spec: Any) -> bool:
    """game.new_session's checks of the seats, and no name with spaces around it."""
    low, high = game["min_players"], game["max_players"]
    if low > high or game["scored_buys"] > game["buys"]:
        raise _Unsure  # a cross-key rule of the house rules: rules.py decides
    if not low <= len(players) <= high:
        return False
    seen: set[str] = set()
    for player in players:
        # core.names.name_problem, and NFC as fileformat._session_problem wants it
        if not player or player != player.strip() or len(player) > spec.STORE["max_player_name"]:
            return False
        if not _visible(player, spec):
            return False
        if not player.isascii():
            import unicodedata

            if unicodedata.normalize("NFC", player) != player:
                return False
            if unicodedata.category(player[0]).startswith("M"):
                return False
        folded = player.casefold()
        if folded in spec.RESERVED_NAMES or folded in seen:
            return False
        if ":" in player or "," in player or player.startswith("-"):
            return False
        seen.add(folded)
    return True


def _visible(text: str, spec: Any) -> bool:
    """No character core.names.hidden_character finds (printable ASCII has none)."""
    if text.isascii():
        return text.isprintable()
    import unicodedata

    refused, invisible = spec.STORE["refused_categories"], spec.STORE["invisible"]
    for char in text:
        category = unicodedata.category(char)
        if category in refused or ord(char) in invisible or (category == "Zs" and char != " "):
            return False
    return True


def _event_fine(event: object, players: list[str], spec: Any) -> bool:
    """False if events.event_from_dict or the store refuses the event table."""
    if not isinstance(event, dict):
        return False
    kind = event.get("type")
    fields = spec.EVENTS.get(kind) if isinstance(kind, str) else None
    if fields is None or "deal" not in event:
        return False
    types = spec.FIELD_TYPES
    for key, value in event.items():
        # tomlsubset makes only str, int, bool and list: the type's name says it all
        # (a bool is no int here, as event_from_dict has it)
        if key != "type" and (key not in fields or type(value).__name__ not in types.get(key, ())):
            return False
    if "hand" in event and event["hand"] not in spec.HANDS:
        raise _Unsure  # an alias parse_category may or may not read
    for key, required in fields.items():
        if required and key not in event:
            return False
    who = event.get("player") or event.get("breaker")
    return who is None or who in players


def _session_names(env: Mapping[str, str], spec: Any) -> list[str]:
    """catalogue.list_sessions' names, in its order."""
    directory = os.path.join(_data_dir(env, spec), "sessions")
    try:
        entries = list(os.scandir(directory))
    except OSError:
        return []
    found = []
    for entry in entries:
        stem, dot, suffix = entry.name.rpartition(".")
        if dot and suffix == "toml" and not _name_problem(stem, spec) and entry.is_file():
            found.append(stem)
    return sorted(found, key=lambda name: (name.casefold(), name))
