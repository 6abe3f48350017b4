"""The session file format: a session to TOML text and back, every field validated."""

from __future__ import annotations

import difflib
from collections.abc import Callable
from datetime import datetime
from functools import lru_cache

from ..core import ids
from ..core.errors import ChicagoError, RulesFileError, SessionFileError
from ..core.events import (
    EVENTS_VERSION,
    Correction,
    Event,
    event_from_dict,
    event_since,
    event_to_dict,
    named_players,
)
from ..core.names import hidden_character, shown
from ..core.rules import TOO_MANY_DIGITS, HouseRules, schema
from ..core.session import Session, new_session
from ..i18n.language import Joined, Msg
from . import tomlsubset
from .fileids import ids_problem, read_id, read_taken_back

TYPE_CHECKING = False  # typing itself is not imported: start-up (docs/latency.md)
if TYPE_CHECKING:
    from typing import Any

FORMAT = "chicago-protokoll/session"
# A file is written with the oldest format version that can read it, so a file that uses
# no new feature stays readable by the releases before (a club's shared folder mixes
# versions): 1 for the plain record, 2 with [[corrections]], and for a house-rules key
# or an event type or field of a later version (`Key.since`, the event's ``since`` and
# ``field_since``) that version, but only when the file uses it (a new key at its
# main-rule default is not written, an event's new field left empty is not written).
CORRECTIONS_VERSION = 2
# From format 5 every event and correction has an id and `undo` keeps what it took back
# (core.ids): every file this release saves needs it.  An earlier release must refuse
# such a file by name rather than drop the ids it cannot keep (cli.md, "Every entry has
# an identity"); the files it has only read stay as they were.
IDS_VERSION = 5
# The newest format this version reads: the newest of everything it can write.
VERSION = max(
    IDS_VERSION,
    CORRECTIONS_VERSION,
    *(key.since for key in schema()),
    EVENTS_VERSION,
)

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
    "taken_back",
    "started_by",
)
# Fields a file may leave out: no [[events]] yet, no [[corrections]] ever, nothing undone.
_OPTIONAL = ("events", "corrections", "taken_back", "started_by")



def dumps_session(session: Session) -> str:
    """The session as the text of a session file (TOML), ending with `END_LINE`.  An
    event or correction without an id gets one (`ids.identified`): a saved file has
    them all."""
    import tomli_w

    session = ids.identified(session)
    head = {
        "format": FORMAT,
        "version": file_version(session),
        "name": session.name,
        "created": session.created,
        "players": list(session.players),
        "first_dealer": session.first_dealer,
        "rules": rules_table(session.rules),
    }
    if session.started_by:  # before the tables: TOML's top-level keys come first
        head["started_by"] = session.started_by
    parts = [_HEADER, tomli_w.dumps(head)]
    # [[events]] tables written one by one: tomli_w would switch the whole list
    # between inline tables and [[events]] depending on the longest event.
    for event in session.events:
        parts.append("\n[[events]]\n")
        parts.append(tomli_w.dumps(event_to_dict(event)))
    for correction in session.corrections:
        parts.append("\n[[corrections]]\n")
        head_of_correction = {"id": correction.id, "deal": correction.deal, "at": correction.at}
        if correction.last_event:
            head_of_correction["last_event"] = correction.last_event
        if correction.reason:
            head_of_correction["reason"] = correction.reason
        parts.append(tomli_w.dumps(head_of_correction))
        for side in ("before", "after"):
            for event in getattr(correction, side):
                parts.append(f"\n[[corrections.{side}]]\n")
                parts.append(tomli_w.dumps(event_to_dict(event)))
    for taken in session.taken_back:
        parts.append("\n[[taken_back]]\n")
        parts.append(tomli_w.dumps({"id": taken.id, "at": taken.at}))
    parts.append(f"\n{END_LINE}\n")
    return "".join(parts)


def rules_table(rules: HouseRules) -> dict[str, dict[str, object]]:
    """The rules as the file holds them: every key of format 1 (the releases that wrote it
    demand a complete copy), and a key of a later format only when it is not at the main
    rule, so that the file needs that later format only when it uses the key."""
    table: dict[str, dict[str, object]] = {}
    changed = {key.path for key, _ in rules.changed_keys()}
    for key in schema():
        if key.since == 1 or key.path in changed:
            value = getattr(getattr(rules, key.section), key.name)
            table.setdefault(key.section, {})[key.name] = key.to_toml(value)
    return table


def file_version(session: Session) -> int:
    """The oldest format version that can read the session's file: since ids, at least
    `IDS_VERSION`, as every saved file has them."""
    needs = [IDS_VERSION, *(key.since for key, _ in session.rules.changed_keys())]
    if session.corrections:
        needs.append(CORRECTIONS_VERSION)
    events = [*session.events]
    for correction in session.corrections:
        events.extend((*correction.before, *correction.after))
    needs.extend(event_since(event) for event in events)
    return max(needs)


# -- what every file of ours checks first (a session, a night) ------------------------


def parse_file_toml(text: str, refuse: Callable[[Msg], ChicagoError]) -> dict[str, Any]:
    """The TOML of a file of ours.  The plain shape we write is read by tomlsubset, many
    times faster than tomllib (docs/latency.md); anything else, a hand edit or a damaged
    file, by tomllib, which also words the errors; ``refuse`` words a refusal."""
    data = tomlsubset.loads(text)
    if data is not None:
        return data
    import tomllib

    try:
        # A byte-order mark (an editor's, after a hand edit) means nothing in TOML.
        return tomllib.loads(text.removeprefix("\ufeff"))
    except tomllib.TOMLDecodeError as error:
        raise refuse(
            Msg("it is not valid TOML ({error}); it may be cut short or damaged", error=error),
        ) from None
    except ValueError:  # Python's limit on int(str) digits
        raise refuse(TOO_MANY_DIGITS) from None


def check_version(
    version: object,
    readable: int,
    refuse: Callable[[Msg], ChicagoError],
    *,
    newer: Callable[[int], ChicagoError],
) -> None:
    """A file's ``version``: a whole number from 1 up to ``readable``; a newer one is
    refused by ``newer`` (upgrade), never read as if it were ours."""
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise refuse(
            Msg("its version must be a whole number from 1, not {version!r}", version=version),
        )
    if version > readable:
        raise newer(version)


def check_end_line(
    text: str, end_line: str, refuse: Callable[[Msg], ChicagoError], *, shown: int
) -> None:
    """A file we write ends with exactly ``end_line``: a file cut short does not.  The
    refusal quotes its first ``shown`` characters."""
    if text.rstrip().rpartition("\n")[2].rstrip() != end_line:
        raise refuse(
            Msg(
                "it does not end with the line '{end_line}...', so it was cut short or something was added after that line",
                end_line=end_line[:shown],
            ),
        )


def check_fields(
    data: dict[str, object],
    fields: tuple[str, ...],
    optional: tuple[str, ...],
    refuse: Callable[[Msg], ChicagoError],
) -> None:
    """A file's top table holds only the ``fields`` its format knows, a near miss named
    ("did you mean"), and each of them that is not ``optional``: the one check of session
    and night files alike."""
    for key in data:
        if key not in fields:
            close = difflib.get_close_matches(key, fields, n=1)
            hint = Msg(" (did you mean '{suggestion}'?)", suggestion=close[0]) if close else ""
            raise refuse(Msg("it has an unknown field '{key}'{hint}", key=key, hint=hint))
    for key in fields:
        if key not in data and key not in optional:
            raise refuse(Msg("it has no '{key}'", key=key))


def loads_session(text: str, source: str) -> Session:
    """Read and validate the text of a session file; ``source`` names it in every refusal."""
    try:
        return _loads_session(text, source)
    except RecursionError:
        # tables or lists nested thousands deep (tomllib, or a repr of what it made)
        raise SessionFileError(
            Msg(
                "{source} is not a chicago-protokoll session file: its tables or lists are nested too deeply",
                source=source,
            ),
        ) from None


def _loads_session(text: str, source: str) -> Session:
    def refuse(reason: Msg) -> SessionFileError:
        return SessionFileError(
            Msg(
                "{source} is not a chicago-protokoll session file: {reason}",
                source=source,
                reason=reason,
            )
        )

    data = parse_file_toml(text, refuse)
    if not text.strip():
        raise refuse(Msg("it is empty"))
    if "format" not in data:
        raise refuse(Msg('it has no line format = "{format}"', format=FORMAT))
    if data["format"] != FORMAT:
        raise refuse(
            Msg(
                'its format is {format!r}, not "{expected_format}"',
                format=data['format'],
                expected_format=FORMAT,
            ),
        )
    check_version(
        data.get("version"),
        VERSION,
        refuse,
        newer=lambda version: SessionFileError(
            Msg(
                "{source} was written by a newer chicago-protokoll (format {version}); this version reads format {readable_version} — upgrade to open it",
                source=source,
                version=version,
                readable_version=VERSION,
            ),
        ),
    )
    check_end_line(text, END_LINE, refuse, shown=34)
    check_fields(data, _FIELDS, _OPTIONAL, refuse)

    name, created, first_dealer = data["name"], data["created"], data["first_dealer"]
    if not isinstance(name, str):
        raise refuse(
            Msg("name must be a string, not {name!r}", name=name)
        )
    if isinstance(created, datetime):  # a hand-edited unquoted TOML date-time
        created = created.isoformat()
    if not isinstance(created, str):
        raise refuse(
            Msg("created must be a date and time in quotes, not {created!r}", created=created),
        )
    if created:
        try:
            datetime.fromisoformat(created)
        except ValueError:
            raise refuse(
                Msg(
                    "created must be a date and time like 2026-11-29T20:50:00+00:00, not {created!r}",
                    created=created,
                ),
            ) from None
    players = data["players"]
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise refuse(
            Msg("players must be a list of names in seat order, not {players!r}", players=players),
        )
    if not isinstance(first_dealer, str) or first_dealer not in players:
        raise refuse(
            Msg(
                "first_dealer must be one of the players {players!r}, not {first_dealer!r}",
                players=players,
                first_dealer=first_dealer,
            ),
        )
    rules = _read_rules(data["rules"], refuse)
    # A file of an earlier release has no ids: derived from position and content, the
    # same at every load, written by the first save (core.ids).
    events = ids.derive_event_ids(_read_events(data.get("events", []), refuse))
    corrections = _read_corrections(data.get("corrections", []), refuse, events)
    taken_back = read_taken_back(data.get("taken_back", []), refuse)
    started_by = (
        read_id(data["started_by"], refuse, Msg("started_by")) if "started_by" in data else ""
    )
    session = Session(
        players=tuple(players),
        rules=rules,
        first_dealer=first_dealer,
        events=events,
        name=name,
        created=created,
        corrections=corrections,
        taken_back=taken_back,
        started_by=started_by,
    )
    problem = session_problem(session) or ids_problem(session)
    if problem:
        raise refuse(problem)
    return session


# The house rules of the files read in this process, by the text of their table: a club's
# thousands of files share a few, each read and checked once (HouseRules is frozen).
_RULES_READ: dict[str, HouseRules] = {}
_RULES_KEPT = 64


def _read_rules(table: object, refuse: Callable[[Msg], SessionFileError]) -> HouseRules:
    key = repr(table)  # the table as parsed: every key, value and type, in the file's order
    known = _RULES_READ.get(key)
    if known is not None:
        return known
    rules = _read_rules_fresh(table, refuse)
    if len(_RULES_READ) >= _RULES_KEPT:
        _RULES_READ.clear()
    _RULES_READ[key] = rules
    return rules


def _read_rules_fresh(table: object, refuse: Callable[[Msg], SessionFileError]) -> HouseRules:
    if not isinstance(table, dict):
        raise refuse(
            Msg("rules must be a table of [rules.SECTION] tables, not {value!r}", value=table),
        )
    # A key the file lacks takes the main rule: a file written before the key existed
    # played by the main rule (the seeds fix it).  Read as written (``typed=False``): a
    # bound added since an earlier release must not make its files unreadable.
    try:
        return HouseRules.from_mapping(table, source="rules", typed=False)
    except RulesFileError as error:
        raise refuse(
            Msg("its house rules are wrong: {problems}", problems=Joined(error.messages))
        ) from None


def _read_events(
    items: object, refuse: Callable[[Msg], SessionFileError], within: Msg | str = ""
) -> tuple[Event, ...]:
    if not isinstance(items, list):
        raise refuse(
            Msg(
                "{enclosing}events must be a list of [[events]] tables, not {value!r}",
                enclosing=within,
                value=items,
            ),
        )
    def where(number: int) -> Msg:
        # Worded only for a refusal: a good file's events never build their messages.
        at = Msg(
            "{enclosing}event {number} of {count}", enclosing=within, number=number, count=len(items)
        )
        item = items[number - 1]
        if isinstance(item, dict) and isinstance(item.get("deal"), int):
            at = Msg("{where} (deal {deal})", where=at, deal=item["deal"])
        return at

    events: list[Event] = []
    for number, item in enumerate(items, start=1):
        if not isinstance(item, dict):
            raise refuse(
                Msg("{where} is not a table: {value!r}", where=where(number), value=item)
            )
        try:
            events.append(event_from_dict(item))
        except SessionFileError as error:
            raise refuse(Msg("{where}: {error}", where=where(number), error=error)) from None
        if "id" in item:
            read_id(item["id"], refuse, lambda number=number: where(number))  # type: ignore[misc]
    return tuple(events)


def _read_corrections(
    items: object, refuse: Callable[[Msg], SessionFileError], events: tuple[Event, ...]
) -> tuple[Correction, ...]:
    """The [[corrections]] tables: deal, at (a date and time), the id of the record's last
    event right after it (``last_event``; a file of an earlier release has the count
    ``recorded`` instead, read against ``events``), its own ``id``, and the deal's events
    [[corrections.before]] and [[corrections.after]], each of that deal."""
    if not isinstance(items, list):
        raise refuse(
            Msg(
                "corrections must be a list of [[corrections]] tables, not {value!r}",
                value=items,
            ),
        )
    corrections: list[Correction] = []
    for number, item in enumerate(items, start=1):
        where = Msg("correction {number} of {count}", number=number, count=len(items))
        if not isinstance(item, dict):
            raise refuse(
                Msg("{where} is not a table: {value!r}", where=where, value=item)
            )
        unknown = sorted(
            set(item) - {"id", "deal", "at", "recorded", "last_event", "before", "after", "reason"}
        )
        if unknown:
            raise refuse(
                Msg("{where} has an unknown field {field!r}", where=where, field=unknown[0]),
            )
        deal, at, recorded = item.get("deal"), item.get("at"), item.get("recorded", 1)
        for key, value in (("deal", deal), ("recorded", recorded)):
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise refuse(
                    Msg(
                        "{where}: {key} must be a whole number from 1, not {value!r}",
                        where=where,
                        key=key,
                        value=value,
                    ),
                )
        if not isinstance(at, str):
            raise refuse(
                Msg(
                    "{where}: at must be a date and time in quotes, not {value!r}",
                    where=where,
                    value=at,
                ),
            )
        try:
            datetime.fromisoformat(at)
        except ValueError:
            raise refuse(
                Msg(
                    "{where}: at must be a date and time like 2026-11-29T21:04:00+00:00, not {value!r}",
                    where=where,
                    value=at,
                ),
            ) from None
        correction_id = read_id(item["id"], refuse, where) if "id" in item else ""
        if "last_event" in item:
            last_event = read_id(item["last_event"], refuse, where)
        else:  # a file of an earlier release: the count of events right after it
            assert isinstance(recorded, int)
            last_event = ids.last_event_after(events, recorded) if "recorded" in item else ""
        sides: list[tuple[Event, ...]] = []
        for side in ("before", "after"):
            side_events = _read_events(
                item.get(side, []), refuse, Msg("{where}, {side}: ", where=where, side=side)
            )
            stray = next((e for e in side_events if e.deal != deal), None)
            if stray is not None:
                raise refuse(
                    Msg(
                        "{where} is of deal {deal}, but an event in its {part} is of deal {event_deal}",
                        where=where,
                        deal=deal,
                        part=side,
                        event_deal=stray.deal,
                    ),
                )
            sides.append(side_events)
        assert isinstance(deal, int)
        reason = item.get("reason", "")
        if not isinstance(reason, str):
            raise refuse(
                Msg("{where}: reason must be text in quotes, not {value!r}", where=where, value=reason)
            )
        corrections.append(
            Correction(deal, at, sides[0], sides[1], last_event, id=correction_id, reason=reason)
        )
    return ids.derive_correction_ids(corrections)


@lru_cache(maxsize=256)
def _table_problem(players: tuple[str, ...], rules: HouseRules) -> Msg | None:
    """Whether these players make a table under these rules, checked as `chicago new`
    checks them: once for each table and rules met (a club's files share a few)."""
    try:
        checked = new_session(players, rules, new_names=False)
    except ChicagoError as error:
        return Msg("its players do not make a table: {error}", error=error)
    if checked.players != players:
        return Msg(
            "a name in players is not written in its composed form (Unicode NFC): {value}",
            value=", ".join(shown(p) for p in players),
        )
    return None


def session_problem(session: Session) -> Msg | None:
    """What makes a session unfit to be a file, or None: the seats, the dealer, the names."""
    players = session.players
    hidden = hidden_character(session.name)
    if hidden:
        return Msg(
            "its name '{name}' contains {hidden}, which is not visible text",
            name=shown(session.name),
            hidden=hidden,
        )
    problem = _table_problem(players, session.rules)
    if problem is not None:
        return problem
    if session.first_dealer not in players:
        return Msg(
            "first_dealer {first_dealer!r} is not one of the players {players!r}",
            first_dealer=session.first_dealer,
            players=list(players),
        )
    # One set test for the whole record; the walk only to say which event is wrong.
    named = {name for event in session.events for name in named_players(event)}
    if not named.issubset(players):
        for number, event in enumerate(session.events, start=1):
            who = next((name for name in named_players(event) if name not in players), None)
            if who is not None:
                return Msg(
                    "event {number} (deal {deal}) names {name!r}, who is not at this table ({players})",
                    number=number,
                    deal=event.deal,
                    name=who,
                    players=', '.join(players),
                )
    for number, correction in enumerate(session.corrections, start=1):
        for event in (*correction.before, *correction.after):
            who = next((name for name in named_players(event) if name not in players), None)
            if who is not None:
                return Msg(
                    "correction {number} (deal {deal}) names {name!r}, who is not at this table ({players})",
                    number=number,
                    deal=correction.deal,
                    name=who,
                    players=', '.join(players),
                )
    return None

