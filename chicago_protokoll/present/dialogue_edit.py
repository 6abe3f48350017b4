"""``e 3`` / ``ändra 3`` in ``chicago play``: correct a past deal without leaving the table.

It shows the deal as recorded, asks only for the parts that change (a köp, the
Chicago, the last trick, the showdown), shows each player's total before → after,
and saves on a yes: the same correction as ``chicago edit`` (`store.recording.correct`),
read by the same entry layer, refused the same way.  ``u`` right after takes it back.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from ..core import claims
from ..core.correct import (
    DealChanges,
    check_deal_number,
    deal_events,
    game_before,
)
from ..core.errors import ChicagoError, EntryError
from ..core.game import Game
from ..core.recorded import recorded_entry
from ..i18n.language import Msg, language, t
from ..store import recording, sessionfile
from .narrate import describe_in_deal
from .talk import ALL_FIVE, CHICAGO_NO, CHICAGO_YES, YES, Ask, Say
from .views import correction_report

EDIT_WORDS = frozenset({"e", "edit", "ändra", "andra", "rätta", "ratta"})
_PARTS = {
    "chicago": "chicago",
    "c": "chicago",
    "stick": "tricks",
    "sista": "tricks",
    "sista sticket": "tricks",
    "last trick": "tricks",
    "trick": "tricks",
    "s": "tricks",
    "visning": "showdown",
    "showdown": "showdown",
    "v": "showdown",
}


def edit_dialogue(
    path: Path, deal: int, ask: Ask, say: Say, saved: Callable[[], None] = lambda: None
) -> None:
    """Ask what changes in deal ``deal``, show the totals it gives, save on a yes."""
    session = sessionfile.load_session(path)
    check_deal_number(session, deal)
    game = game_before(session, deal)
    recorded = recorded_entry(deal_events(session, deal))
    say(t("  Deal {deal} as recorded:", deal=deal))
    for event in deal_events(session, deal):
        say("    " + describe_in_deal(event))
    changes = DealChanges()
    buys = list(recorded.buys)
    scored = game.rules.game.scored_buys
    while True:
        text = ask(
            t(
                "  What changes in deal {deal}? (köp N, chicago, last trick, showdown; Enter = done): ",
                deal=deal,
            )
        ).strip()
        folded = " ".join(text.casefold().split())
        if not folded:
            break
        try:
            if folded.startswith(("köp", "kop", "k ")) and folded.split()[-1].isdigit():
                number = int(folded.split()[-1])
                if not 1 <= number <= scored:
                    raise EntryError(
                        Msg("this table scores köp 1 to {scored_buys}", scored_buys=scored),
                    )
                answer = ask(
                    t("  Köp {number}: best hand? (PLAYER HAND, Enter = pass): ", number=number)
                )
                claim = claims.spoken_claim(game, answer)
                while len(buys) < number:
                    buys.append(claims.Claim(None))
                buys[number - 1] = claim
                changes = replace(changes, buys=tuple(buys))
            elif _PARTS.get(folded) == "chicago":
                changes = _ask_chicago(game, changes, ask)
            elif _PARTS.get(folded) == "tricks":
                changes = _ask_last_trick(game, changes, ask)
            elif _PARTS.get(folded) == "showdown":
                answer = ask(
                    t("  Showdown: best hand after the tricks? (PLAYER HAND, Enter = pass): ")
                )
                claim = claims.spoken_claim(game, answer)
                changes = replace(changes, showdown=claim)
            else:
                say(
                    t("  Say 'köp 1', 'chicago', 'last trick' or 'showdown', or Enter when done.")
                )
        except ChicagoError as error:
            say("  " + error.localized(language()))
    if changes.empty:
        say(t("  Nothing was changed."))
        return
    try:
        preview = correction_report(recording.correct(path, deal, changes, dry_run=True))
        say(_indent(preview.rsplit("\n", 1)[0]))  # the last line says "nothing written"
    except ChicagoError as error:
        say("  " + error.localized(language()))
        return
    answer = ask(
        t("  Save the correction? (y = yes, Enter = no): ")
    )
    if answer.strip().casefold() not in YES:
        say(t("  Nothing was changed."))
        return
    recording.correct(path, deal, changes)
    saved()
    say(t("  Saved; u takes the correction back."))


def _indent(text: str) -> str:
    return "\n".join("  " + line for line in text.splitlines())


def _ask_chicago(game: Game, changes: DealChanges, ask: Ask) -> DealChanges:
    """Who declared (or nobody), then the outcome: only an explicit answer settles it."""
    answer = ask(
        t("  Who declared Chicago? (PLAYER, 'ingen' = no Chicago): ")
    ).strip()
    if answer.casefold() in claims.NOBODY - {""}:
        changes = replace(changes, no_chicago=True, chicago=None, broken_by=None)
        if changes.last_trick is None:
            changes = _ask_last_trick(game, changes, ask)
        return changes
    declarer = claims.player(game, answer)
    while True:
        outcome = " ".join(
            ask(
                t(
                    "  {declarer}'s Chicago: 'all five' tricks, or who broke it? ",
                    declarer=declarer,
                )
            )
            .casefold()
            .split()
        )
        if outcome:
            break
    named = any(p.casefold() == outcome for p in game.players)
    while outcome in CHICAGO_NO and not named:  # "nej": not all five, so who broke it?
        outcome = " ".join(ask(t("  Who broke it? ")).casefold().split())
        named = any(p.casefold() == outcome for p in game.players)
    all_five = outcome in ALL_FIVE | CHICAGO_YES and not named
    breaker = None if all_five else claims.player(game, outcome)
    if breaker == declarer:
        breaker = None
    return replace(changes, chicago=declarer, broken_by=breaker, no_chicago=False)


def _ask_last_trick(game: Game, changes: DealChanges, ask: Ask) -> DealChanges:
    while True:
        answer = ask(
            t("  Last trick: who took it? (PLAYER, PLAYER 2 = with a two): ")
        ).strip()
        if answer:
            break
    took, rest = claims.spoken_last_trick(game, answer)
    if rest:
        raise EntryError(
            Msg(
                "'{answer}': give only the player, or PLAYER 2 if the last trick was won with a two",
                answer=answer,
            ),
        )
    return replace(changes, last_trick=took, with_two=took.with_two)
