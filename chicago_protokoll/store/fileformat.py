"""The session file format: a session to TOML text and back, every field validated."""

from __future__ import annotations

import difflib
from collections.abc import Callable
from datetime import datetime

from ..core.errors import ChicagoError, RulesFileError, SessionFileError
from ..core.events import Correction, Event, event_from_dict, event_to_dict
from ..core.game import Session, new_session
from ..core.names import hidden_character, shown
from ..core.rules import HouseRules
from ..fast import tomlsubset

FORMAT = "chicago-protokoll/session"
# The newest format this version reads.  A file is written with the oldest version that
# can read it: 1 without corrections (byte for byte as before they existed), 2 with
# [[corrections]], so an older chicago-protokoll asks to be upgraded instead of calling
# the file damaged.
VERSION = 2
CORRECTIONS_VERSION = 2

# Every file ends with this line.  TOML cannot tell a file cut at a line
# boundary (or inside a number: "deal = 12" -> "deal = 1") from a shorter
# valid one; a fixed last line can.
END_LINE = "# end of chicago-protokoll session (a file without this last line was cut short)"
_HEADER = (
    "# chicago-protokoll session: what happened at the table, nothing derived.\n"
    "# Totals, dealer and buy stop come from replaying the events through the rules.\n"
)
_FIELDS = (
    "format",
    "version",
    "name",
    "created",
    "players",
    "first_dealer",
    "rules",
    "events",
    "corrections",
)
# Fields a file may leave out: no [[events]] yet, no [[corrections]] ever.
_OPTIONAL = ("events", "corrections")



def dumps_session(session: Session) -> str:
    """The session as the text of a session file (TOML), ending with `END_LINE`."""
    import tomli_w

    head = {
        "format": FORMAT,
        "version": CORRECTIONS_VERSION if session.corrections else 1,
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
    for correction in session.corrections:
        parts.append("\n[[corrections]]\n")
        parts.append(
            tomli_w.dumps(
                {"deal": correction.deal, "at": correction.at, "recorded": correction.recorded}
            )
        )
        for side in ("before", "after"):
            for event in getattr(correction, side):
                parts.append(f"\n[[corrections.{side}]]\n")
                parts.append(tomli_w.dumps(event_to_dict(event)))
    parts.append(f"\n{END_LINE}\n")
    return "".join(parts)


def loads_session(text: str, source: str) -> Session:
    """Read and validate the text of a session file; ``source`` names it in every refusal."""
    try:
        return _loads_session(text, source)
    except RecursionError:
        # tables or lists nested thousands deep (tomllib, or a repr of what it made)
        raise SessionFileError(
            f"{source} is not a chicago-protokoll session file: its tables or lists are "
            "nested too deeply",
            sv=f"{source} är ingen protokollfil från chicago-protokoll: dess tabeller eller "
            "listor är nästlade för djupt",
        ) from None


def _loads_session(text: str, source: str) -> Session:
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
        except (tomllib.TOMLDecodeError, ValueError) as error:  # ValueError: a 5000-digit int
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
        if key not in data and key not in _OPTIONAL:
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
    corrections = _read_corrections(data.get("corrections", []), refuse)
    session = Session(
        players=tuple(players),
        rules=rules,
        first_dealer=first_dealer,
        events=events,
        name=name,
        created=created,
        corrections=corrections,
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
    items: object, refuse: Callable[[str, str], SessionFileError], within: str = ""
) -> tuple[Event, ...]:
    if not isinstance(items, list):
        raise refuse(
            f"{within}events must be a list of [[events]] tables, not {items!r}",
            f"{within}events måste vara en lista med [[events]]-tabeller, inte {items!r}",
        )
    events: list[Event] = []
    for number, item in enumerate(items, start=1):
        where = f"{within}event {number} of {len(items)}"
        sv_where = f"{within}händelse {number} av {len(items)}"
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


def _read_corrections(
    items: object, refuse: Callable[[str, str], SessionFileError]
) -> tuple[Correction, ...]:
    """The [[corrections]] tables: deal, at (a date and time), recorded, and the deal's
    events [[corrections.before]] and [[corrections.after]], each of that deal."""
    if not isinstance(items, list):
        raise refuse(
            f"corrections must be a list of [[corrections]] tables, not {items!r}",
            f"corrections måste vara en lista med [[corrections]]-tabeller, inte {items!r}",
        )
    corrections: list[Correction] = []
    for number, item in enumerate(items, start=1):
        where = f"correction {number} of {len(items)}"
        sv_where = f"rättelse {number} av {len(items)}"
        if not isinstance(item, dict):
            raise refuse(
                f"{where} is not a table: {item!r}", f"{sv_where} är ingen tabell: {item!r}"
            )
        unknown = sorted(set(item) - {"deal", "at", "recorded", "before", "after"})
        if unknown:
            raise refuse(
                f"{where} has an unknown field {unknown[0]!r}",
                f"{sv_where} har ett okänt fält {unknown[0]!r}",
            )
        deal, at, recorded = item.get("deal"), item.get("at"), item.get("recorded")
        for key, value in (("deal", deal), ("recorded", recorded)):
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise refuse(
                    f"{where}: {key} must be a whole number from 1, not {value!r}",
                    f"{sv_where}: {key} måste vara ett heltal från 1, inte {value!r}",
                )
        if not isinstance(at, str):
            raise refuse(
                f"{where}: at must be a date and time in quotes, not {at!r}",
                f"{sv_where}: at måste vara datum och tid inom citattecken, inte {at!r}",
            )
        try:
            datetime.fromisoformat(at)
        except ValueError:
            raise refuse(
                f"{where}: at must be a date and time like 2026-11-29T21:04:00+00:00, "
                f"not {at!r}",
                f"{sv_where}: at måste vara datum och tid som 2026-11-29T21:04:00+00:00, "
                f"inte {at!r}",
            ) from None
        sides: list[tuple[Event, ...]] = []
        for side in ("before", "after"):
            events = _read_events(item.get(side, []), refuse, f"{where}, {side}: ")
            stray = next((e for e in events if e.deal != deal), None)
            if stray is not None:
                raise refuse(
                    f"{where} is of deal {deal}, but an event in its {side} is of deal "
                    f"{stray.deal}",
                    f"{sv_where} gäller giv {deal}, men en händelse i dess {side} gäller giv "
                    f"{stray.deal}",
                )
            sides.append(events)
        assert isinstance(deal, int) and isinstance(recorded, int)
        corrections.append(Correction(deal, at, sides[0], sides[1], recorded))
    return tuple(corrections)


def _session_problem(session: Session) -> tuple[str, str] | None:
    """What makes a session unfit to be a file, in English and Swedish, or None: the seats,
    the dealer, the names."""
    players = session.players
    hidden = hidden_character(session.name)
    if hidden:
        return (
            f"its name '{shown(session.name)}' contains {hidden}, which is not visible text",
            f"dess namn '{shown(session.name)}' innehåller {hidden}, som inte är synlig text",
        )
    try:
        checked = new_session(players, session.rules)
    except ChicagoError as error:
        return (
            f"its players do not make a table: {error}",
            f"dess spelare bildar inget bord: {error.localized('sv')}",
        )
    if checked.players != players:
        return (
            f"a name in players is not written in its composed form (Unicode NFC): "
            f"{', '.join(shown(p) for p in players)}",
            f"ett namn i players är inte skrivet i sammansatt form (Unicode NFC): "
            f"{', '.join(shown(p) for p in players)}",
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
    for number, correction in enumerate(session.corrections, start=1):
        for event in (*correction.before, *correction.after):
            who = getattr(event, "player", None) or getattr(event, "breaker", None)
            if who is not None and who not in players:
                return (
                    f"correction {number} (deal {correction.deal}) names {who!r}, "
                    f"who is not at this table ({', '.join(players)})",
                    f"rättelse {number} (giv {correction.deal}) nämner {who!r}, "
                    f"som inte sitter vid bordet ({', '.join(players)})",
                )
    return None
