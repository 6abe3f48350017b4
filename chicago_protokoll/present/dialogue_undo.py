"""``u`` in ``chicago play``: what it takes back is named, and confirmed, before it goes.

An answer refused just before records nothing, so the last entry recorded may be an
older, good one (issue 26: ``Zed:kåk`` refused, then ``u`` took Anna's köp back without a
word).  So ``u`` says what `store.recording.undo` would take back (the last event, or
the correction right after ``e N``), asks, and takes back exactly that, or nothing when
another terminal changed the record meanwhile.
"""

from __future__ import annotations

from pathlib import Path

from ..core.errors import ChicagoError
from ..core.session import Session
from ..i18n.language import Msg, t
from ..store import recording, sessionfile
from .narrate import describe_undo
from .talk import YES, Ask, Say


def confirmed_undo(path: Path, ask: Ask, say: Say) -> recording.Undone | None:
    """Name what `undo` takes back and take it back on a yes; None when the answer is
    anything else (Enter, the end of the input).  With nothing recorded `recording.undo`
    refuses as the command does."""
    found = sessionfile.load_session(path)
    # What was named, by its id (an equal entry recorded after it has another).
    what, named = describe_undo(found), recording.undo_target(found)
    if what:
        try:
            answer = ask(t("  Take back {what}? (y = yes, Enter = no): ", what=what))
        except EOFError:
            answer = ""
        if answer.strip().casefold() not in YES:
            say(t("  Nothing was taken back."))
            return None

    def still(current: Session) -> None:
        # Checked under the lock: what was named is still what undo takes back.
        if recording.undo_target(current) != named:
            raise ChicagoError(
                Msg(
                    "the protocol changed while you answered (another command recorded something); here is the question again",
                ),
            )

    return recording.undo(path, expect=still)
