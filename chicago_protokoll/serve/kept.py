"""A kept conflict made and recorded (cli.md, "One act, one entry"): the conflict kept for
a refused waiting write, naming its game (`kept_conflict`), and its "Record it now" from
the table's phone or the keeper's page: one tap, one entry, into the game it was made for.

- **Once.**  The entry is recorded under an id made from the kept entry's own
  (`retry_entry`), and the whole choice is made under the conflicts' lock
  (`Conflicts.take`): of three taps at once the first records it and forgets the
  conflict; the others find it gone and the file holding it, and are told "already
  saved".  The id is the same across a restart, so even a tap the lock cannot see
  (another server on the same files) finds the entry saved instead of adding it again.
- **Its own game.**  The conflict names the game it was made for (`Conflict.game`).  It
  is recorded only while that game is the table's current game and, for anything but a
  note, not over: otherwise it is refused, naming the game, and stays kept until a person
  drops it.  The form is sent as made for that game, so the record's own check under the
  file's lock (`recorder.Seen`) refuses it too if the table moved on meanwhile.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from ..core.errors import ChicagoError
from ..i18n.language import Msg, t
from ..store import sessionfile
from . import entries, outbox
from .conflicts import Conflict, Conflicts, kept_form
from .recorder import Seen, perform

# The fields of what a page saw that a person's choice brings (the rest is the kept form's).
SEEN_NOW = ("last_event", "last_correction")


def retry_entry(entry: str) -> str:
    """The entry id "record it now" records a kept entry under: the same for every tap on
    it, and never one a phone makes (those are 24 hex digits, this starts with ``k``)."""
    return "k" + hashlib.sha256(entry.encode()).hexdigest()[:23]


@dataclass(frozen=True, slots=True)
class Settled:
    """What a "record it now" did: the lines to show, and the kept entry it settled
    (the page's answer names it, so the phone's outbox forgets it)."""

    lines: tuple[str, ...]
    entry: str = ""


def record_kept(
    conflicts: Conflicts,
    key: str,
    entry: str,
    path: Path | None,
    seen: Mapping[str, str] | None = None,
) -> Settled:
    """Record the conflict of ``entry`` kept for the table ``key`` into its game, whose
    file is ``path`` when it is still the table's; ``seen`` is what the person's page
    showed (the phone's fields; None on the keeper's page: the file as it is now).
    `ChicagoError` when refused; the conflict is kept then."""

    def settle(conflict: Conflict | None) -> Settled:
        if conflict is None:
            return Settled(_settled_already(path, entry), entry)
        if path is None:
            raise _not_played(conflict.game_name())
        return Settled(perform(path, _form_for(conflict, path, seen)).lines, conflict.entry)

    return conflicts.take(key, entry, settle)


def _form_for(conflict: Conflict, path: Path, seen: Mapping[str, str] | None) -> dict[str, str]:
    """The kept form as the record sees it: made for its game, after what the person saw,
    under the kept entry's retry id, asked twice already (the person chose it).  Refused,
    naming the game, when the table no longer plays it or it is over."""
    game = conflict.game_name()
    session = sessionfile.load_session(path)
    if not conflict.made_for(session.name, session.created):
        raise _not_played(game)
    if conflict.form.get("do") != "note" and sessionfile.replay_file(session, path).finished:
        raise ChicagoError(
            Msg("this entry was made for the game {game}, which is over; nothing was recorded", game=game)
        )
    now = Seen.of(session).fields() if seen is None else seen
    form = {
        **conflict.form,
        **{name: now.get(name, "") for name in SEEN_NOW},
        "session": game,
        "created": conflict.game_created(),
        "entry": retry_entry(conflict.entry),
        "sure": "1",
    }
    form.pop("queued", None)
    return form


def _not_played(game: str) -> ChicagoError:
    return ChicagoError(
        Msg(
            "this entry was made for the game {game}, which this table no longer plays; it can only be dropped; nothing was recorded",
            game=game,
        )
    )


def _settled_already(path: Path | None, entry: str) -> tuple[str, ...]:
    """What a tap on a conflict no longer kept is told: its entry as the file holds it
    ("already saved", by another tap or a resend), else that it was dropped."""
    if path is not None:
        try:
            session = sessionfile.load_session(path)
        except ChicagoError:
            session = None
        for made in (retry_entry(entry), entry):
            _, events = entries.saved(session, made) if session is not None else (-1, ())
            if events:
                return entries.AlreadySaved(events).lines()
    return (t("This entry is no longer kept: it was recorded or dropped already; nothing more was recorded."),)


def kept_conflict(number: int, path: Path, form: Mapping[str, str], reason: str) -> Conflict:
    """The conflict kept for a refused waiting write: the form, what it would record, and
    what the file holds now."""
    session = sessionfile.load_session(path)
    game, created = form.get("session", ""), form.get("created", "")
    here = (game, created) == (session.name, session.created)
    return Conflict(
        entry=form.get(outbox.ENTRY_FIELD, ""),
        table=number,
        label=session.name or path.stem,
        form=kept_form(form),
        tapped=outbox.describe_form(form),
        # Another game's record says nothing about this one's entry.
        in_file=outbox.in_file(session, form) if here else [],
        reason=reason,
        game=game,
        created=created,
    )


def game_of(path: Path | None) -> tuple[str, str] | None:
    """The game a table plays now (its name and ``created``), None when it has none."""
    if path is None:
        return None
    try:
        session = sessionfile.load_session(path)
    except ChicagoError:
        return None
    return session.name, session.created
