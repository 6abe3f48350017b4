"""What the recording page adds for the room's network (cli.md, "Recording that survives
the room's network"): the outbox script, the whole-deal form it shows while an entry
waits, the table's kept conflicts, and the marks by which a page tells the script what
its answer was.

The script is a static file of the package (static/outbox.js, served at the address of
its content with its ``integrity`` hash; the page's policy lets in no other script).  The
page works without it, as before: every button stays a plain form; with it every tap is
sent by the script and its answer takes the page's place; the whole-deal form is hidden
until the script shows it.  Nothing the script does is a rule of the game: the
server judges every entry when it arrives (`wholedeal`, `recorder`).  This module says
what these parts show; templates/phone/outbox.html lays them out.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..core.claims import Taking
from ..core.correct import deal_events
from ..core.errors import ChicagoError
from ..core.events import RevisorEvent
from ..core.recorded import recorded_entry
from ..core.session import Session
from ..core.standings import Moment
from ..i18n.language import t, tn
from ..present.narrate import describe_event
from .conflicts import Conflict
from .page_parts import Group, Select, switched_choices
from .record_page import HANDS, Page, row_labels
from .wholedeal import chosen_claim

SCRIPT = "outbox.js"  # static/outbox.js
# The form's fields the script reads and rewrites for a chain of waiting entries.
ENTRY_FIELD = "entry"
LAST_EVENT_FIELD = "last_event"
COUNT_FIELD = "events"
# The writes that may wait in the phone's storage; undo, corrections, forfeit and the
# next game never do ("needs the connection").
QUEUED = (
    "buy",
    "showdown",
    "declare",
    "trick",
    "outcome",
    "exchange",
    "royal",
    "penalty",
    "note",
    "deal",
)
# Which part of the whole-deal form a waiting moment answers (the script hides it).
PARTS = {"showdown": "show", "declare": "chicago", "trick": "last", "outcome": "broken"}


def words() -> str:
    return json.dumps(
        {
            "one": t("1 entry waiting, not yet in the protocol"),
            # The script puts the number and the entry in (each stays a placeholder here).
            "many": t("{count} entries waiting, not yet in the protocol", count="{count}"),
            "gone": t("this address no longer records; scan the table's new code"),
            "needs": t("needs the connection"),
            "offline": t(
                "no connection to the laptop: the next question needs it; enter the rest of the deal here, or a note"
            ),
            "conflict": t("kept for a person to decide: {entry}", entry="{entry}"),
        },
        ensure_ascii=False,
    )


def said(page: Page) -> str:
    """How the waiting list names an entry, in words a person at the table says ("Chicago:
    Anna, all five"), each by what it does; the script fills in the tapped choice (``who``,
    the hand's name as its button says it, a count, points, a note's text; ``parts``: the
    rest of the deal's parts as chosen) and what ``page`` holds (köp, deal, declarer)."""
    # Each stays a placeholder here: the script fills it in.
    keep = {name: "{" + name + "}" for name in ("who", "hand", "count", "points", "text", "parts")}
    keep |= {"buy": "{buy}", "deal": "{deal}", "declarer": "{declarer}"}
    game = page.game
    return json.dumps(
        {
            "page": {
                "buy": str(game.hands_scored + 1),
                "deal": str(game.deal),
                "declarer": page.chicago_declarer(),
            },
            "buy": t("Köp {buy}: {who}, {hand}", **_only(keep, "buy", "who", "hand")),
            "buy-who": t("Köp {buy}: {who}", **_only(keep, "buy", "who")),
            "buy-pass": t("Köp {buy}: pass", **_only(keep, "buy")),
            "showdown": t("Showdown: {who}, {hand}", **_only(keep, "who", "hand")),
            "showdown-who": t("Showdown: {who}", **_only(keep, "who")),
            "showdown-pass": t("Showdown: pass"),
            "declare": t("Chicago: {who} declares", **_only(keep, "who")),
            "all": t("Chicago: {declarer}, all five", **_only(keep, "declarer")),
            "broken": t("Chicago: {declarer}, broken by {who}", **_only(keep, "declarer", "who")),
            "trick": t("Last trick: {who}", **_only(keep, "who")),
            "trick-two": t("Last trick: {who}, with a two", **_only(keep, "who")),
            "exchange": t("Köp {buy}: {who} exchanges {count}", **_only(keep, "buy", "who", "count")),
            "royal": t("Royal straight flush: {who}", **_only(keep, "who")),
            "penalty": t("Penalty: {who}, {points} points off", **_only(keep, "who", "points")),
            "note": t("Note: {text}", **_only(keep, "text")),
            "deal": t("Deal {deal}, the rest: {parts}", **_only(keep, "deal", "parts")),
            "tie": t("tie"),
            "two": t("with a two"),
            "nothing": t("nothing chosen"),
        },
        ensure_ascii=False,
    )


def _only(values: Mapping[str, str], *names: str) -> dict[str, str]:
    return {name: values[name] for name in names}


def script_data(page: Page) -> dict[str, str]:
    """The script's ``data-`` attributes: what may wait, the chain's fields, its words."""
    chain = json.dumps({"entry": ENTRY_FIELD, "event": LAST_EVENT_FIELD, "count": COUNT_FIELD})
    return {"queue": " ".join(QUEUED), "chain": chain, "words": words(), "said": said(page)}


def context(
    page: Page, conflicts: Sequence[Conflict], done: Iterable[str] = (), *, more: int = 0
) -> dict[str, Any]:
    """What the outbox adds to the page: the table's conflicts (the newest; ``more`` older
    ones counted) right below the totals (a person must see them, script or not), the
    marks of this answer, the (hidden) whole-deal form and the script."""
    return {
        "conflicts": [
            conflict_view(c, here=c.made_for(page.session.name, page.session.created))
            for c in conflicts
        ],
        "more": more_line(more),
        "done": " ".join(done),
        "kept": " ".join(c.entry for c in conflicts),
        "whole": whole_deal(page),
        "script": script_data(page),
    }


# -- conflicts --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ConflictView:
    """A kept conflict's two versions: what was tapped, why it was refused, what the file
    holds.  ``here``: the table still plays the game it was made for; else ``gone`` says
    which game that was, and that it can only be dropped.  ``game``: the game named in
    any case (the keeper's page, every table's)."""

    entry: str
    tapped: str
    here: bool
    reason: str
    in_file: Sequence[str]
    gone: str = ""
    game: str = ""


def conflict_view(conflict: Conflict, *, here: bool = True, named: bool = False) -> ConflictView:
    tapped = t("Tapped at {time}: {entry}", time=conflict.when(), entry=conflict.tapped)
    gone = (
        ""
        if here
        else t(
            "Made for the game {game}, which this table no longer plays: it can only be dropped.",
            game=conflict.game_name(),
        )
    )
    game = t("Made for the game {game}", game=conflict.game_name()) if named and here else ""
    return ConflictView(
        conflict.entry,
        tapped,
        here,
        conflict.reason,
        list(conflict.in_file) or [t("nothing after it")],
        gone,
        game,
    )


def more_line(more: int) -> str:
    """How many older kept conflicts a page leaves out (each choice brings the next up)."""
    if more <= 0:
        return ""
    return tn(
        "{n} older kept entry is not shown: it comes up when one of these is settled.",
        "{n} older kept entries are not shown: they come up as these are settled.",
        more,
    )


# -- the whole-deal form --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class WholeDeal:
    """The rest of the deal at once: its heading, its parts, which part a waiting moment
    answers (``parts``, JSON for the script)."""

    heading: str
    groups: Sequence[Group]
    parts: str


def whole_deal(page: Page) -> WholeDeal | None:
    """The rest of the deal at once (the fields of ``chicago deal``), for the parts the
    file does not have; hidden until the script shows it (an entry waits, or the next
    question could not be loaded).  Every choice has its accessible name."""
    game = page.game
    if game.moment is Moment.OVER or page.edit() is not None:
        return None  # nothing left to deal, or a past deal's correction (its own form)
    so_far = [e for e in deal_events(page.session, game.deal) if not isinstance(e, RevisorEvent)]
    recorded = recorded_entry(so_far)
    players = [(p, p) for p in game.players]
    who = [("", t("Pass")), ("tie", t("Tie")), *players]
    hands = [("", "—"), *[(h.value, h.swedish) for h in HANDS], *switched_choices(game.rules)]
    nobody = [("", t("nobody"))]
    groups: list[Group] = []

    def taken_from(name: str, label: str) -> list[Select]:
        """Whose total the points come off, where the house rules allow it
        (scoring.take_from_opponent), as the step-by-step page and the correction ask."""
        if not game.rules.scoring.take_from_opponent:
            return []
        opponents = [("", t("own total")), *[(p, t("take from {player}", player=p)) for p in game.players]]
        return [Select(name, opponents, "", label)]

    first = len(recorded.buys) + 1
    for number in range(first, game.rules.game.scored_buys + 1):
        heading = t("Köp {buy}", buy=number)
        said_who, said_hand, said_from = row_labels(heading)
        groups.append(
            Group(
                heading,
                [
                    Select(f"buy{number}", who, "", said_who),
                    Select(f"hand{number}", hands, "", said_hand),
                    *taken_from(f"from{number}", said_from),
                ],
                part=f"buy{number}",
            )
        )
    if recorded.chicago is None and recorded.last_trick is None:
        declared, broken = t("Chicago declared by"), t("Chicago broken by")
        groups.append(Group(declared, [Select("chicago", nobody + players, "", declared)], row=False, part="chicago"))
        groups.append(
            Group(
                broken,
                [Select("broken", [("", t("nobody: all five")), *players], "", broken)],
                row=False,
                part="broken",
            )
        )
    if recorded.last_trick is None and recorded.chicago is None:
        last = t("Last trick (sista sticket)")
        groups.append(
            Group(
                last,
                [Select("last", nobody + players, "", last), *taken_from("lastfrom", row_labels(last)[2])],
                row=False,
                two=False,
                part="last",
            )
        )
    if recorded.showdown is None and recorded.chicago is None:
        showdown = t("Showdown")
        said_who, said_hand, said_from = row_labels(showdown)
        groups.append(
            Group(
                showdown,
                [
                    Select("show", who, "", said_who),
                    Select("showhand", hands, "", said_hand),
                    *taken_from("showfrom", said_from),
                ],
                part="show",
            )
        )
    royal = t("Royal straight flush")
    groups.append(Group(royal, [Select("royal", nobody + players, "", royal)], row=False, part="royal"))
    at = f"buy{game.hands_scored + 1}" if game.moment is Moment.BUY else ""
    return WholeDeal(
        t("Deal {deal}: the rest of the deal", deal=game.deal),
        groups,
        json.dumps({**PARTS, "buy": at}),
    )


# -- a kept conflict's two versions ---------------------------------------------------------


def describe_form(form: Mapping[str, str]) -> str:
    """What a waiting write would have recorded, in the words of the page's buttons."""
    do, who = form.get("do", ""), form.get("who", "")
    try:  # the claim as `chicago deal` reads it (its canonical text)
        claim = chosen_claim(who, form.get("hand", ""), form.get("from", "")).text() if who else ""
    except ChicagoError:  # a player without a hand: the server refuses it, saying so
        claim = who
    if do == "buy":
        return t("köp: {claim}", claim=claim)
    if do == "showdown":
        return t("showdown: {claim}", claim=claim)
    if do == "declare":
        return t("{player} declares Chicago", player=who)
    if do == "trick":
        return t("last trick: {player}", player=Taking(who, opponent=form.get("from") or None).text())
    if do == "outcome":
        return (
            t("Chicago: all five") if who == "all" else t("Chicago broken by {player}", player=who)
        )
    if do == "exchange":
        return t("{player} exchanges {count}", player=who, count=form.get("count", ""))
    if do == "royal":
        return t("royal straight flush: {player}", player=who)
    if do == "penalty":
        return t("penalty: {player} {points}", player=who, points=form.get("points", ""))
    if do == "note":
        return t("note: {text}", text=form.get("text", ""))
    if do == "deal":
        parts = [f"{k}={v}" for k, v in form.items() if v and k in WHOLE_FIELDS]
        return t("the rest of the deal: {parts}", parts=", ".join(parts))
    return do


WHOLE_FIELDS = (
    "buy1",
    "hand1",
    "from1",
    "buy2",
    "hand2",
    "from2",
    "buy3",
    "hand3",
    "from3",
    "chicago",
    "broken",
    "last",
    "lastfrom",
    "two",
    "show",
    "showhand",
    "showfrom",
    "royal",
)
SHOWN_SINCE = 6  # at most this many of the file's newest lines beside a conflict


def in_file(session: Session, form: Mapping[str, str]) -> list[str]:
    """What the file holds that the waiting write did not see (its events after the last
    one the write names), else its newest lines: the other version of the conflict."""
    events = list(session.events)
    start = len(events)
    last = form.get(LAST_EVENT_FIELD)
    ids = [getattr(e, "id", None) for e in events]
    if last and last in ids:
        start = ids.index(last) + 1
    elif form.get(COUNT_FIELD, "").isdigit():
        start = min(int(form[COUNT_FIELD]), len(events))
    since = events[start:] or events[-3:]
    return [describe_event(e) for e in since[-SHOWN_SINCE:]]
