"""What a recording page's form records: the same entry layer and the same record path as
the command line, and nothing a page that saw another record may write.

A form names what was tapped (``do`` and its values: a player, a hand, a count); this
module turns a tapped best hand into a claim (`core.claims.Claim.from_choices`) and
hands it to `core.entry`, and the events it gives to `store.recording.record` (or
`undo`, or for a past deal `store.recording.correct`, as ``chicago edit`` corrects it),
under the lock.  So a refusal is the command line's refusal, in the same sentence, and
writes nothing.

Every form also names the session it was shown for, the ids of the last event and the
last correction it saw (`Seen`), and the entry id of the question it was drawn for
(`entries`).  Under the lock, before anything is built: an entry the file already has is
"already saved" (or a conflict naming both versions, or "taken back at HH:MM"); then the
file's last event and correction must be the ones the page saw (unless all recorded
since is notes): otherwise the write is refused as `Stale` and the page shows the
protocol as it is now.  A note is checked only for its game (`Seen.check_game`): it
changes no total.  A phone left open on last game's page never writes into the
next, a resent form records nothing twice, and a page never takes back or records over
what it did not see.  Undo is stricter still: not even a note may have come since; and
it has an identity too, the id of what it takes back (`TAKES_FIELD`): sent again after
its answer was lost, it finds that id taken back and answers "already taken back".
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from ..core import entry, ids
from ..core.claims import Claim, Taking
from ..core.correct import (
    DealChanges,
    check_deal_number,
    deal_events,
)
from ..core.entry import PlayerExchanges
from ..core.errors import ChicagoError, EntryError, OptionConflict, RuleViolation
from ..core.events import Event, Note
from ..core.game import Game, replay
from ..core.recorded import recorded_claims, recorded_entry
from ..core.session import Session
from ..i18n.language import Msg, t
from ..present.narrate import describe_correction, describe_event
from ..store import recording
from . import entries
from .entries import AlreadySaved
from .wholedeal import rest_of_deal

# What a form may ask, and which of them play a moment of the deal.
PLAY = frozenset({"buy", "showdown", "declare", "trick", "outcome", "exchange", "royal", "deal"})
REVISOR = frozenset({"penalty", "forfeit", "note"})
EDIT = frozenset({"edit-preview", "edit-save"})
AGAIN = "again"  # Next game: the same seats and rules, like `chicago again`
ACTIONS = PLAY | REVISOR | EDIT | {"undo", AGAIN}
# The field of the Undo form naming the id of what it takes back.
TAKES_FIELD = "takes"
# A tap that cannot be taken back by a glance is asked twice: these always, any other
# only when it would end the game.
ASKED_TWICE = frozenset({"royal", "forfeit"})


class Stale(ChicagoError):
    """The page was shown for another state of the file than the one under the lock."""

    def __init__(self) -> None:
        super().__init__(
            Msg(
                "the protocol changed since this page was shown (another phone or a command recorded something); nothing was recorded, here it is as it is now"
            )
        )


class SecondTap(ChicagoError):
    """A royal, a forfeit or a tap that ends the game, tapped once: nothing is written;
    the page asks again, saying what the tap does (`second_tap`)."""


def second_tap(game: Game, do: str, events: Sequence[Event]) -> SecondTap | None:
    """Whether ``events`` (the tap ``do``) must be tapped again first, and what the page
    says then: a royal and a forfeit always, any other tap when it ends the game."""
    after = replay(game.session)
    for event in events:
        after.apply(event)
    ends = after.finished and not game.finished
    if do not in ASKED_TWICE and not ends:
        return None
    who = next((getattr(e, "player", None) for e in events if getattr(e, "player", None)), "")
    if do == "royal":
        said = Msg("a royal straight flush for {player} ends the game", player=who)
    elif do == "forfeit":
        said = Msg("{player} gives up: loses the game", player=who)
    else:
        said = Msg("this ends the game")
    if ends:
        winners = " & ".join(after.winners)
        return SecondTap(Msg("{what}: {winners} wins. Tap again to record it", what=said, winners=winners))
    return SecondTap(Msg("{what}. Tap again to record it", what=said))


@dataclass(frozen=True, slots=True)
class Seen:
    """The state of the file a page was shown for: the session, and the ids of its last
    event and its last correction (``""``: none).  Identity, not counts: a record as long
    as the one seen is not the one seen (an undo and another entry since)."""

    session: str
    created: str
    last_event: str
    last_correction: str

    @classmethod
    def of(cls, session: Session) -> Seen:
        return cls(
            session.name,
            session.created,
            ids.last_event(session) or "",
            ids.last_correction(session) or "",
        )

    @classmethod
    def from_form(cls, form: Mapping[str, str]) -> Seen:
        """What a form says it saw; a form that does not say (one an earlier release drew,
        which named counts) is `Stale`: the page redraws."""
        try:
            return cls(
                form["session"],
                form.get("created", ""),
                form["last_event"],
                form["last_correction"],
            )
        except KeyError:
            raise Stale from None

    def fields(self) -> dict[str, str]:
        """The hidden fields every form of the page carries."""
        return {
            "session": self.session,
            "created": self.created,
            "last_event": self.last_event,
            "last_correction": self.last_correction,
        }

    def check(self, current: Session, *, notes_since: bool = True) -> None:
        """`Stale` unless ``current`` is the file this page saw: the same session, its last
        correction the one seen, its last event the one seen or (``notes_since``) followed
        only by notes, which change nothing the page shows.  Undo passes False: a note
        since would be what it took back, unseen."""
        now = Seen.of(current)
        if not self.same_game(current) or now.last_correction != self.last_correction:
            raise Stale
        if now.last_event == self.last_event:
            return
        if not notes_since:
            raise Stale
        record = [event.id for event in current.events]
        if self.last_event and self.last_event not in record:
            raise Stale  # taken back, or never this file's
        start = record.index(self.last_event) + 1 if self.last_event else 0
        if not all(isinstance(event, Note) for event in current.events[start:]):
            raise Stale

    def check_game(self, current: Session) -> None:
        """`Stale` unless ``current`` is the game this page was drawn for: a note checks
        no more.  A note changes no total and no question, so what was recorded, taken
        back or corrected since (another phone's tap, or the refused entry it waited
        behind in the outbox) never makes it stale; only another game does."""
        if not self.same_game(current):
            raise Stale

    def same_game(self, current: Session) -> bool:
        """Whether ``current`` is the game this page was drawn for: the same name and
        ``created``, or a night's table whose ``created`` a club sync settled.  Two
        machines that drew one table of one night made one game twice; the merge keeps
        the earlier ``created`` (`core.sessionmerge`), so the page on the machine that
        drew later holds a later one for the same game.  A game made anew under a
        table's name (the night started again) is made later, never earlier: still
        another game."""
        if current.name != self.session:
            return False
        if current.created == self.created:
            return True
        from ..core.night import night_of_session

        return bool(current.created) and current.created < self.created and (
            night_of_session(current.name) is not None
        )

    def check_strictly(self, current: Session) -> None:
        """`check` with nothing at all recorded since (undo)."""
        self.check(current, notes_since=False)


# -- what was tapped, read by the entry layer -------------------------------------------------


def play_events(game: Game, form: Mapping[str, str]) -> list[Event]:
    """The events of a tapped moment, read by the entry layer as the commands read them."""
    do, who = form.get("do", ""), form.get("who", "")
    taken = form.get("from", "")
    if do in ("buy", "showdown"):  # the choices go to the entry layer whole: one step
        hand = form.get("hand", "")
        return [entry.chosen_hand(game, who, hand, taken, showdown=do == "showdown")]
    if do == "declare":
        return [entry.declare_event(game, who)]
    if do == "trick":
        return [entry.trick_event(game, Taking(who, form.get("two") == "1", taken or None))]
    if do == "outcome":  # "all": the declarer took all five; a player: broke it
        return [entry.trick_event(game, Taking((game.chicago or "") if who == "all" else who))]
    if do == "exchange":
        return [entry.exchange_event(game, who, form.get("count", ""))]
    if do == "royal":
        return [entry.royal_event(game, who)]
    if do == "deal":  # the rest of the deal at once, from a page that lost the laptop
        return rest_of_deal(game, form)
    if do == "penalty":
        return [entry.penalty_event(game, who, form.get("points", ""), form.get("reason", ""))]
    if do == "forfeit":
        return [entry.forfeit_event(game, who, form.get("reason", ""))]
    if do == "note":
        return [entry.note_event(game, form.get("text", ""))]
    raise ChicagoError(Msg("this page cannot do '{action}'", action=do[:40]))


# -- a past deal ----------------------------------------------------------------------------


def edit_changes(session: Session, deal: int, form: Mapping[str, str]) -> DealChanges:
    """What the correction form changes in deal ``deal``: only the parts whose choices
    differ from the deal as recorded (a köp whose choices are the recorded claim's keeps
    that claim whole, its cards and the opponent its points were taken from included)."""
    check_deal_number(session, deal)
    events = deal_events(session, deal)
    recorded = recorded_entry(events)
    was = recorded_claims(events)
    buys = []
    for number in range(1, session.rules.game.scored_buys + 1):
        chosen = Claim.from_choices(
            form.get(f"buy{number}", "pass"), form.get(f"hand{number}", ""), form.get(f"from{number}", "")
        )
        if not chosen.same_choices(was.buys.get(number, Claim(None))):
            buys.append((number, chosen))
    changes: dict[str, object] = {}
    if buys:
        changes["buy"] = tuple(buys)
    chicago, broken = form.get("chicago") or None, form.get("broken") or None
    if (chicago, broken) != (recorded.chicago, recorded.broken_by):
        if chicago is None:
            changes["no_chicago"] = True
        else:
            changes["chicago"], changes["broken_by"] = chicago, broken
    last, two = form.get("last") or None, form.get("two") == "1"
    if last is not None:
        taking = Taking(last, opponent=form.get("lastfrom") or None)
        if (taking, two) != (was.last_trick, recorded.with_two):
            changes["last_trick"], changes["with_two"] = taking, two
    shown = Claim.from_choices(
        form.get("show", "pass"), form.get("showhand", ""), form.get("showfrom", "")
    )
    if not shown.same_choices(was.showdown) and chicago is None:
        changes["showdown"] = shown
    exchanges = _exchange_changes(session, recorded.exchanges, form)
    if exchanges:
        changes["exchanges"] = exchanges
    royal = form.get("royal", recorded.royal or "") or None
    if royal != recorded.royal:
        if royal is None:
            raise ChicagoError(
                Msg("a royal straight flush ended deal {deal}: take it back with Undo, or choose who had it", deal=deal)
            )
        changes["royal"] = royal
    found = DealChanges(**changes)  # type: ignore[arg-type]
    if found.empty:
        raise ChicagoError(
            Msg("nothing in deal {deal} is changed yet: choose what was recorded wrongly", deal=deal)
        )
    return found


def exchange_counts(recorded: Sequence[PlayerExchanges]) -> dict[str, list[int]]:
    """The recorded exchanges as counts a player, köp 1 first."""
    return {who: list(counts) for who, counts in recorded}


def _exchange_changes(
    session: Session, recorded: Sequence[PlayerExchanges], form: Mapping[str, str]
) -> tuple[PlayerExchanges, ...]:
    """The exchanges the form changes (``ex-P-K`` fields: player P's count in köp K), as
    ``chicago edit --exchange`` takes them: a changed player's counts, every köp."""
    was = exchange_counts(recorded)
    changed = []
    for index, player in enumerate(session.players):
        before = was.get(player, [])
        counts = list(before)
        for buy in range(1, session.rules.game.buys + 1):
            value = form.get(f"ex-{index}-{buy}")
            if value is None or not value.isdigit():
                continue
            while len(counts) < buy:
                counts.append(0)
            counts[buy - 1] = int(value)
        while counts and counts[-1] == 0 and len(counts) > len(before):
            counts.pop()
        if counts != before:
            changed.append((player, tuple(counts or [0])))
    return tuple(changed)


# -- doing it -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Done:
    """What a form did: the lines to show, and whether it was only a preview."""

    lines: tuple[str, ...]
    preview: bool = False
    # The entry id a recording write saved (or found saved): the 200 names it, so a
    # phone's outbox knows which waiting entry is done.
    entry: str = ""


class NextGame(Protocol):
    """Start the next game after the finished one at ``path`` (`next_game.start`)."""

    def __call__(self, path: Path, form: Mapping[str, str], seen: Seen) -> Done: ...


def _undo_check(seen: Seen, takes: str) -> Callable[[Session], None]:
    """What an Undo checks under the lock.  ``takes`` is the id of what the page's Undo
    took back (`recording.undo_target`; "" from a page of an earlier release): found taken
    back already, the Undo was done (its answer lost, or another phone's Undo or the
    terminal's took the same back): `AlreadyTakenBack`, nothing more taken back.  Else
    nothing at all may have been recorded since the page was drawn, and what Undo takes
    now must be what the page named."""

    def check(current: Session) -> None:
        if takes and (taken := ids.taken_back(current, takes)) is not None:
            raise entries.AlreadyTakenBack(taken)
        seen.check_strictly(current)
        if takes and takes != recording.undo_target(current):
            raise Stale

    return check


def perform(path: Path, form: Mapping[str, str], *, again: NextGame | None = None) -> Done:
    """Do what ``form`` asks on the session file at ``path``, or refuse it (`ChicagoError`:
    the command line's sentence; `Stale`; `SecondTap`) having written nothing.  ``again``
    starts the next game (None: this table's next game is drawn by the night)."""
    seen = Seen.from_form(form)
    do = form.get("do", "")
    if do == "undo":
        try:
            undone = recording.undo(path, expect=_undo_check(seen, form.get(TAKES_FIELD, "")))
        except entries.AlreadyTakenBack as already:
            return Done((already.line(),))
        if undone.correction is not None:
            return Done((t("Taken back: ") + describe_correction(undone.correction),))
        return Done(tuple(t("Taken back: ") + describe_event(e) for e in undone.events))
    if do in EDIT:
        return _edit(path, form, seen, preview=do == "edit-preview")
    if do == AGAIN:
        if again is None:
            raise ChicagoError(Msg("the organiser draws this table's next game"))
        return again(path, form, seen)
    if do not in ACTIONS:
        raise ChicagoError(Msg("this page cannot do '{action}'", action=do[:40]))

    entry_id = entries.entry_of_form(form)
    if entry_id is None:
        raise Stale  # a page drawn before entry ids: it redraws
    return record_entry(path, form, seen, entry_id)


def record_entry(path: Path, form: Mapping[str, str], seen: Seen, entry_id: str) -> Done:
    """Record what ``form`` tapped as entry ``entry_id``: already saved, a conflict, stale
    or recorded with the ids ``ENTRY-1``, ... (`entries`), all under the lock."""
    do = form.get("do", "")

    def build(game: Game) -> list[Event]:
        # The entry first: a resend of the tap that ended the game is "already saved",
        # not "the game is over".
        entries.once(game.session, entry_id, lambda then: play_events(then, form))
        if do != "note":
            game.refuse_if_over()
            seen.check(game.session)
        else:
            seen.check_game(game.session)
        events = play_events(game, form)
        if form.get("sure") != "1" and (asked := second_tap(game, do, events)) is not None:
            raise asked
        return entries.with_ids(events, entry_id)

    try:
        recorded = recording.record(path, build, after_the_game=True)
    except AlreadySaved as already:
        return Done(already.lines(), entry=entry_id)
    except (RuleViolation, EntryError) as error:
        if isinstance(error, OptionConflict | SecondTap):
            raise
        # As the commands say it (cli.common._record): nobody undoes an entry never made.
        raise ChicagoError(Msg("{error}; nothing was recorded", error=error)) from None
    return Done(
        tuple(t("Saved: ") + describe_event(e.event) for e in recorded.entries), entry=entry_id
    )


def _edit(path: Path, form: Mapping[str, str], seen: Seen, *, preview: bool) -> Done:
    from ..present.views import correction_report
    from ..store import sessionfile

    try:
        deal = int(form.get("deal", ""))
    except ValueError:
        raise ChicagoError(Msg("choose the deal to correct")) from None
    current = sessionfile.load_session(path)
    seen.check(current)
    changes = edit_changes(current, deal, form)
    corrected = recording.correct(path, deal, changes, dry_run=preview, expect=seen.check)
    return Done(phone_lines(correction_report(corrected)), preview=preview)


# A clause that names a command to type: "…; `chicago note --deal 2` can say …" or
# "… (`chicago night close --reopen …` takes it back)".
_COMMAND_CLAUSE = re.compile(r"\s*\([^()]*`chicago [^()]*\)|;[^;]*`chicago [^;]*")


def phone_sentence(sentence: str) -> str:
    """A refusal as a phone says it: the command line's sentence less any clause that
    names a command to type (a phone has no terminal; its own buttons are the way on)."""
    said = _COMMAND_CLAUSE.sub("", sentence).strip()
    if said and "`chicago " not in said:
        return said
    return sentence.split("`chicago ", 1)[0].rstrip(" ;,(:") or sentence


def phone_lines(report: str) -> tuple[str, ...]:
    """``chicago edit``'s report as a phone says it: no line names a command to type (the
    page's own Undo takes a correction back)."""
    lines = [line for line in report.splitlines() if "`chicago " not in line]
    if len(lines) < len(report.splitlines()):
        lines.append(t("Undo, below, takes the correction back."))
    return tuple(lines)
