"""What the recording page adds for the room's network (cli.md, "Recording that survives
the room's network"): the outbox script, the whole-deal form it shows while an entry
waits, the table's kept conflicts, and the marks by which a page tells the script what
its answer was.

The script is a static file (``outbox.js`` beside this module, served at
``/outbox.js``), pinned by its hash twice: in the page's ``integrity`` attribute and
in its Content-Security-Policy, so nothing else can run.  The page works without it,
as before: every button stays a plain form; the whole-deal form is hidden until the
script shows it.  Nothing the script does is a rule of the game: the server judges every
entry when it arrives (`wholedeal`, `recorder`).
"""

from __future__ import annotations

import base64
import hashlib
import json
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from html import escape
from importlib import resources

from ..core.cards import Category
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
from .record_page import HANDS, Page
from .wholedeal import chosen_claim

SCRIPT_PATH = "/outbox.js"
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

STYLE = """
#live { z-index: 3; }
#outbox { position: sticky; top: 0; z-index: 2; margin: 0; padding: 8px 84px 8px 12px; background: #fff3c4;
  color: #161616; border-bottom: 2px solid #c9a227; font-size: 0.95em; overflow-wrap: anywhere; }
#outbox.gone { background: #fde2e1; border-color: #a33; }
#outbox p { margin: 2px 0; }
#outbox ul { margin: 2px 0 4px; padding-left: 1.2em; font-size: 0.9em; }
section.whole .closed, section.conflicts p { overflow-wrap: anywhere; }
section.conflicts { border: 2px solid #a33; border-radius: 10px; padding: 4px 10px; margin: 10px 0; }
section.conflicts ul { margin: 4px 0; padding-left: 1.2em; font-size: 0.9em; }
"""


def _digest(text: str) -> str:
    return base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()


@cache
def script() -> str:
    """The outbox script, as shipped in the package."""
    return resources.files(__package__).joinpath("outbox.js").read_text(encoding="utf-8")


def policy(base: str) -> str:
    """The recording page's policy ``base`` with the outbox's style and script let in
    (by hash, as the page's own)."""
    styled = base.replace("style-src ", f"style-src 'sha256-{_digest(STYLE)}' ", 1)
    return styled.replace("script-src ", f"script-src 'sha256-{_digest(script())}' ", 1)


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


def script_tag() -> str:
    chain = json.dumps({"entry": ENTRY_FIELD, "event": LAST_EVENT_FIELD, "count": COUNT_FIELD})
    return (
        f'<script src="{SCRIPT_PATH}" integrity="sha256-{_digest(script())}" '
        f'data-queue="{" ".join(QUEUED)}" data-chain="{escape(chain)}" '
        f'data-words="{escape(words())}"></script>'
    )


def answer_mark(done: Iterable[str], conflicts: Sequence[Conflict]) -> str:
    """What the page tells the script: the entries this answer settled (saved, or refused
    in front of the person) and the conflicts the server keeps for the table."""
    return (
        f'<p id="outbox-answer" hidden data-done="{escape(" ".join(done))}" '
        f'data-conflicts="{escape(" ".join(c.entry for c in conflicts))}"></p>'
    )


def extras(
    body: str, page: Page, conflicts: Sequence[Conflict], done: Iterable[str] = (), *, more: int = 0
) -> str:
    """The page's ``<main>`` ``body`` with what the outbox adds: the table's conflicts
    (the newest; ``more`` older ones counted) right below the totals (a person must see
    them, script or not), and at the end the style, the marks, the (hidden) whole-deal
    form and the script."""
    kept = conflicts_section(page, conflicts, more)
    if kept:
        head, end, rest = body.partition("</header>")
        body = head + end + kept + rest if end else kept + body
    tail = [f"<style>{STYLE}</style>", answer_mark(done, conflicts), whole_deal_section(page), script_tag()]
    return body + "\n" + "\n".join(tail)


# -- conflicts --------------------------------------------------------------------------


def conflict_lines(conflict: Conflict, *, here: bool = True, named: bool = False) -> str:
    """A kept conflict's two versions: what was tapped, why it was refused, what the file
    holds.  ``here``: the table still plays the game it was made for; else it says which
    game that was, and that it can only be dropped (nothing of this game is beside it).
    ``named``: the game is named in any case (the keeper's page, every table's)."""
    tapped = t("Tapped at {time}: {entry}", time=conflict.when(), entry=conflict.tapped)
    if not here:
        gone = t(
            "Made for the game {game}, which this table no longer plays: it can only be dropped.",
            game=conflict.game_name(),
        )
        return f'<p><b>{escape(tapped)}</b></p><p class="alert">{escape(gone)}</p>'
    game = f"<p>{escape(t('Made for the game {game}', game=conflict.game_name()))}</p>" if named else ""
    file_lines = "".join(f"<li>{escape(line)}</li>" for line in conflict.in_file) or (
        f"<li>{escape(t('nothing after it'))}</li>"
    )
    return (
        f"<p><b>{escape(tapped)}</b></p>{game}"
        f'<p class="alert">{escape(conflict.reason)}</p>'
        f"<p>{escape(t('The protocol has now:'))}</p><ul>{file_lines}</ul>"
    )


def more_line(more: int) -> str:
    """How many older kept conflicts a page leaves out (each choice brings the next up)."""
    if more <= 0:
        return ""
    said = tn(
        "{n} older kept entry is not shown: it comes up when one of these is settled.",
        "{n} older kept entries are not shown: they come up as these are settled.",
        more,
    )
    return f'<p class="more">{escape(said)}</p>'


def conflicts_section(page: Page, conflicts: Sequence[Conflict], more: int = 0) -> str:
    """The table's kept conflicts (the newest; ``more`` older ones counted), each with its
    two choices: record it now (into the game it was made for, judged again on the file
    as it is) or drop it; one made for a game the table no longer plays only the second."""
    if not conflicts:
        return ""
    items = []
    for conflict in conflicts:
        here = conflict.made_for(page.session.name, page.session.created)
        retry = (
            f'<button name="do" value="conflict-retry">{escape(t("Record it now"))}</button>'
            if here
            else ""
        )
        choices = (
            f'<div class="grid">{retry}'
            f'<button name="do" value="conflict-drop">{escape(t("Drop it"))}</button></div>'
        )
        items.append(
            conflict_lines(conflict, here=here)
            + page.form(None, choices, extra={"conflict": conflict.entry})
        )
    heading = t("Not recorded: decide what happens to it")
    return (
        f'<section class="conflicts" role="alert"><h2>{escape(heading)}</h2>'
        f'{"".join(items)}{more_line(more)}</section>'
    )


# -- the whole-deal form --------------------------------------------------------------------


def _select(name: str, choices: Sequence[tuple[str, str]]) -> str:
    options = "".join(
        f'<option value="{escape(v)}">{escape(label)}</option>' for v, label in choices
    )
    return f'<select name="{name}">{options}</select>'


def whole_deal_section(page: Page) -> str:
    """The rest of the deal at once (the fields of ``chicago deal``), for the parts the
    file does not have; hidden until the script shows it (an entry waits, or the next
    question could not be loaded)."""
    game = page.game
    if game.moment is Moment.OVER or page.query.get("edit", "").isdigit():
        return ""  # nothing left to deal, or a past deal's correction (its own form)
    so_far = [e for e in deal_events(page.session, game.deal) if not isinstance(e, RevisorEvent)]
    recorded = recorded_entry(so_far)
    players = [(p, p) for p in game.players]
    who = [("", t("Pass")), ("tie", t("Tie")), *players]
    hands = [("", "—"), *[(h.value, h.swedish) for h in HANDS]]
    if game.rules.hands.four_of_a_kind_zeroes == "choice":
        hands.append(
            (
                f"{Category.FOUR_OF_A_KIND.value}:zero",
                f"{Category.FOUR_OF_A_KIND.swedish} — {t('zero the others')}",
            )
        )
    nobody = [("", t("nobody"))]
    fields: list[str] = []

    def taken_from(name: str) -> str:
        """Whose total the points come off, where the house rules allow it
        (scoring.take_from_opponent), as the step-by-step page and the correction ask."""
        if not game.rules.scoring.take_from_opponent:
            return ""
        return _select(name, [("", t("own total")), *[(p, t("take from {player}", player=p)) for p in game.players]])

    def group(part: str, label: str, inner: str) -> None:
        fields.append(f'<div data-part="{part}"><p class="who">{escape(label)}</p>{inner}</div>')

    first = len(recorded.buys) + 1
    for number in range(first, game.rules.game.scored_buys + 1):
        row = (
            f'<div class="row">{_select(f"buy{number}", who)}{_select(f"hand{number}", hands)}'
            f'{taken_from(f"from{number}")}</div>'
        )
        group(f"buy{number}", t("Köp {buy}", buy=number), row)
    if recorded.chicago is None and recorded.last_trick is None:
        group("chicago", t("Chicago declared by"), _select("chicago", nobody + players))
        group(
            "broken",
            t("Chicago broken by"),
            _select("broken", [("", t("nobody: all five")), *players]),
        )
    if recorded.last_trick is None and recorded.chicago is None:
        two = f'<label class="two"><input type="checkbox" name="two" value="1"> {escape(t("with a two"))}</label>'
        group(
            "last",
            t("Last trick (sista sticket)"),
            _select("last", nobody + players) + taken_from("lastfrom") + two,
        )
    if recorded.showdown is None and recorded.chicago is None:
        row = (
            f'<div class="row">{_select("show", who)}{_select("showhand", hands)}'
            f'{taken_from("showfrom")}</div>'
        )
        group("show", t("Showdown"), row)
    group("royal", t("Royal straight flush"), _select("royal", nobody + players))
    at = f"buy{game.hands_scored + 1}" if game.moment is Moment.BUY else ""
    parts = json.dumps({**PARTS, "buy": at})
    button = f'<div class="grid"><button class="go wide">{escape(t("Save the rest of the deal"))}</button></div>'
    closed = t(
        "The rest of the deal waits: the next entry can be made when the connection returns."
    )
    return (
        f'<section class="whole" id="whole-deal" hidden data-parts="{escape(parts)}">'
        f"<h2>{escape(t('Deal {deal}: the rest of the deal', deal=game.deal))}</h2>"
        + page.form("deal", "".join(fields) + button)
        + f'<p class="closed" hidden>{escape(closed)}</p></section>'
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
