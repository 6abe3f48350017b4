"""What a recording page's form records: the same entry layer and the same record path as
the command line, and nothing a page that saw another record may write.

A form names what was tapped (``do`` and its values: a player, a hand, a count); this
module turns it into the text the commands read (``Anna:two-pair``, ``pass``, ``tie``)
and hands it to `core.entry`, and the events it gives to `store.recording.record` (or
`undo`, or for a past deal ``chicago edit``'s `cli.correct.correct_file`, passed in by
the command), under the lock.  So a refusal is
the command line's refusal, in the same sentence, and writes nothing.

Every form also names the session it was shown for and how many events and corrections
it saw (`Seen`).  Under the lock, before anything is built, the file as it is must be
that: otherwise the write is refused as `Stale` and the page shows the protocol as it
is now.  A phone left open on last game's page never writes into the next, a second tap
on the same button (a double tap, a resent form) is refused instead of recorded twice,
and a terminal that recorded in between is never overwritten.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from ..core import entry
from ..core.correct import DealChanges, check_deal_number, deal_events, recorded_entry
from ..core.errors import ChicagoError, EntryError, OptionConflict, RuleViolation
from ..core.events import Event
from ..core.game import Game, replay
from ..core.session import Session
from ..i18n.language import Msg, t
from ..present.narrate import describe_correction, describe_event
from ..store import recording

# What a form may ask, and which of them play a moment of the deal.
PLAY = frozenset({"buy", "showdown", "declare", "trick", "outcome", "exchange", "royal"})
REVISOR = frozenset({"penalty", "forfeit", "note"})
EDIT = frozenset({"edit-preview", "edit-save"})
AGAIN = "again"  # Next game: the same seats and rules, like `chicago again`
ACTIONS = PLAY | REVISOR | EDIT | {"undo", AGAIN}
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
    """The state of the file a page was shown for: the session, and how many events and
    corrections it had."""

    session: str
    created: str
    events: int
    corrections: int

    @classmethod
    def of(cls, session: Session) -> Seen:
        return cls(session.name, session.created, len(session.events), len(session.corrections))

    @classmethod
    def from_form(cls, form: Mapping[str, str]) -> Seen:
        """What a form says it saw; a form that does not say is `Stale`."""
        try:
            return cls(
                form["session"],
                form.get("created", ""),
                int(form["events"]),
                int(form["corrections"]),
            )
        except (KeyError, ValueError):
            raise Stale from None

    def fields(self) -> dict[str, str]:
        """The hidden fields every form of the page carries."""
        return {
            "session": self.session,
            "created": self.created,
            "events": str(self.events),
            "corrections": str(self.corrections),
        }

    def check(self, current: Session) -> None:
        """`Stale` unless ``current`` is the file this page saw."""
        if Seen.of(current) != self:
            raise Stale


# -- the text the entry layer reads ---------------------------------------------------------


def claim_text(who: str, hand: str, opponent: str = "") -> str:
    """A tapped best hand as the commands type it: ``pass``, ``tie``, ``tie:pair``,
    ``Anna:two-pair``, ``Anna:four-of-a-kind:zero`` (``hand`` may end in ``:zero``), and
    ``Anna:two-pair:from:Bo`` where the points come off an opponent's total
    (scoring.take_from_opponent)."""
    if who == "pass":
        return "pass"
    if who == "tie":
        return f"tie:{hand}" if hand else "tie"
    if opponent:
        return f"{who}:{hand}:from:{opponent}"
    return f"{who}:{hand}"


def split_claim(text: str) -> tuple[str, str]:
    """A recorded claim (`core.correct.claim_text`) as the page's two choices: who (a
    player, ``pass`` or ``tie``) and the hand (its slug, ``:zero`` kept; cards dropped)."""
    if text == "pass":
        return "pass", ""
    head, _, rest = text.partition(":")
    words = rest.split()
    hand = words[0] if words else ""
    if rest.rstrip().endswith(":zero") and not hand.endswith(":zero"):
        hand += ":zero"
    return ("tie" if head == "tie" else head), hand


def play_events(game: Game, form: Mapping[str, str]) -> list[Event]:
    """The events of a tapped moment, read by the entry layer as the commands read them."""
    do, who = form.get("do", ""), form.get("who", "")
    taken = form.get("from", "")
    if do == "buy":
        return [entry.buy_event(game, claim_text(who, form.get("hand", ""), taken))]
    if do == "showdown":
        return [entry.showdown_event(game, claim_text(who, form.get("hand", ""), taken))]
    if do == "declare":
        return [entry.declare_event(game, who)]
    if do == "trick":
        return [
            entry.trick_event(game, who, with_two=form.get("two") == "1", opponent=taken or None)
        ]
    if do == "outcome":  # "all": the declarer took all five; a player: broke it
        return [entry.trick_event(game, (game.chicago or "") if who == "all" else who)]
    if do == "exchange":
        return [entry.exchange_event(game, who, form.get("count", ""))]
    if do == "royal":
        return [entry.royal_event(game, who)]
    if do == "penalty":
        return [entry.penalty_event(game, who, form.get("points", ""), form.get("reason", ""))]
    if do == "forfeit":
        return [entry.forfeit_event(game, who, form.get("reason", ""))]
    if do == "note":
        return [entry.note_event(game, form.get("text", ""))]
    raise ChicagoError(Msg("this page cannot do '{action}'", action=do[:40]))


# -- a past deal ----------------------------------------------------------------------------


def _trimmed(buys: Sequence[str]) -> tuple[str, ...]:
    """Scored köp as compared: a ``pass`` at the end is the same as none."""
    kept = list(buys)
    while kept and kept[-1] == "pass":
        kept.pop()
    return tuple(kept)


def _choice(recorded: str, who: str, hand: str) -> str:
    """A köp or showdown as the form has it: the recorded text (with its cards) when the
    choices are the recorded ones, else the choices."""
    was = split_claim(recorded)
    if who == "pass" and was[0] == "pass":
        return recorded
    if (who, hand) == was:
        return recorded
    return claim_text(who, hand)


def edit_changes(session: Session, deal: int, form: Mapping[str, str]) -> DealChanges:
    """What the correction form changes in deal ``deal``: only the parts whose choices
    differ from the deal as recorded."""
    check_deal_number(session, deal)
    recorded = recorded_entry(deal_events(session, deal))
    scored = session.rules.game.scored_buys
    buys = []
    for number in range(1, scored + 1):
        was = recorded.buys[number - 1] if number <= len(recorded.buys) else "pass"
        buys.append(_choice(was, form.get(f"buy{number}", "pass"), form.get(f"hand{number}", "")))
    changes: dict[str, object] = {}
    if _trimmed(buys) != _trimmed(recorded.buys):
        changes["buys"] = tuple(buys)
    chicago, broken = form.get("chicago") or None, form.get("broken") or None
    if (chicago, broken) != (recorded.chicago, recorded.broken_by):
        if chicago is None:
            changes["no_chicago"] = True
        else:
            changes["chicago"], changes["broken_by"] = chicago, broken
    last, two = form.get("last") or None, form.get("two") == "1"
    if last is not None and (last, two) != (recorded.last_trick, recorded.with_two):
        changes["last_trick"], changes["with_two"] = last, two
    showdown = _choice(
        recorded.showdown or "pass", form.get("show", "pass"), form.get("showhand", "")
    )
    if showdown != (recorded.showdown or "pass") and chicago is None:
        changes["showdown"] = showdown
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


def exchange_counts(recorded: Sequence[str]) -> dict[str, list[int]]:
    """The recorded exchanges (``PLAYER:N,N``) as counts a player, köp 1 first."""
    counts: dict[str, list[int]] = {}
    for text in recorded:
        who, _, numbers = text.rpartition(":")
        counts[who] = [int(n) for n in numbers.split(",") if n.strip().isdigit()]
    return counts


def _exchange_changes(
    session: Session, recorded: Sequence[str], form: Mapping[str, str]
) -> tuple[str, ...]:
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
            changed.append(f"{player}:{','.join(str(n) for n in counts or [0])}")
    return tuple(changed)


# -- doing it -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Done:
    """What a form did: the lines to show, and whether it was only a preview."""

    lines: tuple[str, ...]
    preview: bool = False


class NextGame(Protocol):
    """Start the next game after the finished one at ``path`` (`next_game.start`)."""

    def __call__(self, path: Path, form: Mapping[str, str], seen: Seen) -> Done: ...


class CorrectFile(Protocol):
    """`cli.correct.correct_file`, passed in by the command (as `play` passes it to its
    dialogue): correct a deal as ``chicago edit`` does, ``expect`` checked under the lock."""

    def __call__(
        self,
        path: Path,
        deal: int,
        changes: DealChanges,
        *,
        dry_run: bool,
        expect: Callable[[Session], None] | None = None,
    ) -> str: ...


def perform(
    path: Path, form: Mapping[str, str], correct: CorrectFile, *, again: NextGame | None = None
) -> Done:
    """Do what ``form`` asks on the session file at ``path``, or refuse it (`ChicagoError`:
    the command line's sentence; `Stale`; `SecondTap`) having written nothing.  ``again``
    starts the next game (None: this table's next game is drawn by the night)."""
    seen = Seen.from_form(form)
    do = form.get("do", "")
    if do == "undo":
        undone = recording.undo(path, expect=seen.check)
        if undone.correction is not None:
            return Done((t("Taken back: ") + describe_correction(undone.correction),))
        return Done(tuple(t("Taken back: ") + describe_event(e) for e in undone.events))
    if do in EDIT:
        return _edit(path, form, seen, correct, preview=do == "edit-preview")
    if do == AGAIN:
        if again is None:
            raise ChicagoError(Msg("the organiser draws this table's next game"))
        return again(path, form, seen)
    if do not in ACTIONS:
        raise ChicagoError(Msg("this page cannot do '{action}'", action=do[:40]))

    def build(game: Game) -> list[Event]:
        seen.check(game.session)
        events = play_events(game, form)
        if form.get("sure") != "1" and (asked := second_tap(game, do, events)) is not None:
            raise asked
        return events

    try:
        recorded = recording.record(path, build, after_the_game=do == "note")
    except (RuleViolation, EntryError) as error:
        if isinstance(error, OptionConflict | SecondTap):
            raise
        # As the commands say it (cli.common._record): nobody undoes an entry never made.
        raise ChicagoError(Msg("{error}; nothing was recorded", error=error)) from None
    return Done(tuple(t("Saved: ") + describe_event(e.event) for e in recorded.entries))


def _edit(
    path: Path, form: Mapping[str, str], seen: Seen, correct: CorrectFile, *, preview: bool
) -> Done:
    from ..store import sessionfile

    try:
        deal = int(form.get("deal", ""))
    except ValueError:
        raise ChicagoError(Msg("choose the deal to correct")) from None
    current = sessionfile.load_session(path)
    seen.check(current)
    changes = edit_changes(current, deal, form)
    report = correct(path, deal, changes, dry_run=preview, expect=seen.check)
    return Done(phone_lines(report), preview=preview)


def phone_lines(report: str) -> tuple[str, ...]:
    """``chicago edit``'s report as a phone says it: no line names a command to type (the
    page's own Undo takes a correction back)."""
    lines = [line for line in report.splitlines() if "`chicago " not in line]
    if len(lines) < len(report.splitlines()):
        lines.append(t("Undo, below, takes the correction back."))
    return tuple(lines)
