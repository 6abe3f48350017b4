"""The ids of a session file (format 5; core.ids): each read and checked, with the plain
sentence naming what is wrong.  Apart from `fileformat` so that each module keeps one job."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from ..core.errors import SessionFileError
from ..core.events import TakenBack
from ..core.session import Session
from ..i18n.language import Msg

# The longest id a file may hold: ours are 16 hex digits, a phone's ENTRY-N a few more.
ID_LIMIT = 64


def read_id(
    value: object, refuse: Callable[[Msg], SessionFileError], where: Msg | Callable[[], Msg]
) -> str:
    """An id as a file holds it: visible text without spaces, at most `ID_LIMIT` long.
    ``where`` may be worded only when the id is refused (an event's place in the file)."""
    if (
        not isinstance(value, str)
        or not 1 <= len(value) <= ID_LIMIT
        # isprintable() refuses every white space but the plain space (all others are
        # Unicode separators or control characters), so one test is left.
        or not value.isprintable()
        or " " in value
    ):
        raise refuse(
            Msg(
                "{where}: an id must be text of 1 to {limit} visible characters without spaces, not {value!r}",
                where=where if isinstance(where, Msg) else where(),
                limit=ID_LIMIT,
                value=value,
            ),
        )
    return value


def read_taken_back(
    items: object, refuse: Callable[[Msg], SessionFileError]
) -> tuple[TakenBack, ...]:
    """The [[taken_back]] tables: the ``id`` of each entry `undo` took back and ``at``,
    when."""
    if not isinstance(items, list):
        raise refuse(
            Msg(
                "taken_back must be a list of [[taken_back]] tables, not {value!r}",
                value=items,
            ),
        )
    taken: list[TakenBack] = []
    for number, item in enumerate(items, start=1):
        where = Msg("taken-back entry {number} of {count}", number=number, count=len(items))
        if not isinstance(item, dict) or set(item) != {"id", "at"}:
            raise refuse(
                Msg(
                    "{where} must be a table of id and at, not {value!r}",
                    where=where,
                    value=item,
                )
            )
        at = item["at"]
        if not isinstance(at, str) or not _is_time(at):
            raise refuse(
                Msg(
                    "{where}: at must be a date and time like 2026-11-29T21:04:00+00:00, not {value!r}",
                    where=where,
                    value=at,
                ),
            )
        taken.append(TakenBack(id=read_id(item["id"], refuse, where), at=at))
    return tuple(taken)


def _is_time(text: str) -> bool:
    try:
        datetime.fromisoformat(text)
    except ValueError:
        return False
    return True


def ids_problem(session: Session) -> Msg | None:
    """What makes the session's ids unfit for a file, or None: two events or two
    corrections with one id, or an event whose id was taken back (never reused)."""
    gone = {taken.id for taken in session.taken_back}
    seen: dict[str, int] = {}
    for number, event in enumerate(session.events, start=1):
        if event.id in seen:
            return Msg(
                "event {number} (deal {deal}) has the id {id!r} of event {other}; each entry's id is its own",
                number=number,
                deal=event.deal,
                id=event.id,
                other=seen[event.id],
            )
        if event.id in gone:
            return Msg(
                "event {number} (deal {deal}) has the id {id!r} of an entry taken back; an id is never used again",
                number=number,
                deal=event.deal,
                id=event.id,
            )
        seen[event.id] = number
    corrected: dict[str, int] = {}
    for number, correction in enumerate(session.corrections, start=1):
        if correction.id in corrected or correction.id in seen:
            return Msg(
                "correction {number} (deal {deal}) has the id {id!r} of another entry; each entry's id is its own",
                number=number,
                deal=correction.deal,
                id=correction.id,
            )
        corrected[correction.id] = number
    return None
