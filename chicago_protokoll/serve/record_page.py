"""The recording page (``serve --record``): a deal one moment at a time, with one thumb.

As ``chicago play`` asks (`present.dialogue.next_question`), the page shows the one
moment the deal is at, as big buttons: a köp's best hand (a button a player, then the
hand by its Swedish name), the Chicago (who declares, among those who may; or straight
on to the last trick), its outcome (all five, or who broke it), the last trick (with a
two where the house rules score it apart), the showdown.  Beside it, folded away: the
exchanges, a royal straight flush, the revisor's penalty, forfeit and note, and
correcting a past deal.  Undo is always one tap, and says what it takes back.

Every button is a plain form (POST, no script needed) carrying the page's token and what
the page saw (`recorder.Seen`); the server answers with the page again.  With scripts the
outbox (static/outbox.js) sends the form and puts the answer in the page's place, so a
cut connection never ends on the browser's error page; the follow script
(static/record.js) only follows the table: when anything is recorded elsewhere it loads
the page again, so the question shown is always the file's.  Nothing here holds
a state of its own: the second step of a köp (``?who=Anna``) and the deal being corrected
(``?edit=3``) are in the address.

This module says what the page shows; templates/phone/ lays it out (autoescaped: a name
typed at the table is text, never markup).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

from ..core.cards import Category
from ..core.claims import Claim
from ..core.correct import deal_events
from ..core.game import Game
from ..core.recorded import recorded_claims, recorded_entry
from ..core.session import Session
from ..core.standings import Moment
from ..i18n.language import language, t, tn
from ..present.dialogue import declarers
from ..present.narrate import describe_in_deal, describe_undo
from ..present.templating import render
from ..store import recording
from . import record_evening as evening
from .entries import new_entry
from .page_parts import Choice, Group, Select, switched_choices
from .record_fields import exchanges_and_royal
from .recorder import TAKES_FIELD, Seen

# The hands a köp or the showdown is won with, weakest first; the royal straight flush is
# its own entry (it wins the game at any moment).
HANDS = (
    Category.PAIR,
    Category.TWO_PAIR,
    Category.THREE_OF_A_KIND,
    Category.STRAIGHT,
    Category.FLUSH,
    Category.FULL_HOUSE,
    Category.FOUR_OF_A_KIND,
    Category.STRAIGHT_FLUSH,
)

# The page's static files (templates/phone/record.html names them).
STYLESHEET = "phone.css"
SCRIPT = "record.js"


def hand_choice(hand: Category) -> Choice:
    """The hand's Swedish name, which the table says; in another language its name below."""
    return Choice(hand.value, hand.swedish, "" if language() == "sv" else hand.localized(language()))


def row_labels(label: str) -> tuple[str, str, str]:
    """The accessible names of a part's three choices side by side: who, the hand, and
    whose total the points come off."""
    return (
        t("{part}: who", part=label),
        t("{part}: hand", part=label),
        t("{part}: whose total", part=label),
    )


class Page:
    """One recording page: the game as the file has it, where the page posts, what it saw."""

    def __init__(
        self,
        *,
        game: Game,
        session: Session,
        title: str,
        action: str,
        token: str,
        query: Mapping[str, str],
        night: Mapping[str, Any] | None = None,
        follows: bool = False,
        drawn_by: str = "",
        sure: tuple[Mapping[str, str], str] | None = None,
    ) -> None:
        self.night = night  # at a night: this table's row of the night's status
        self.follows = follows  # the server follows the current session: Next game
        self.drawn_by = drawn_by  # a night's table on a server without --night: its night
        self.sure = sure  # a tap asked again: its form and what it does
        self.game = game
        self.session = session
        self.title = title
        self.action = action  # the page's own address: where every form posts
        self.token = token
        self.query = query
        self.seen = Seen.of(session)
        # One drawn question, one entry id: every button of this page carries it, and a
        # resent form carries it again (serve.entries).
        self.entry = new_entry()

    # -- what every form and link carries ---------------------------------------------------

    def hidden(self, do: str | None, extra: Mapping[str, str] | None = None) -> list[tuple[str, str]]:
        """A form's hidden fields: what the page saw, its entry id, the token, ``extra``,
        and what it does (None: its buttons say)."""
        fields = {**self.seen.fields(), "entry": self.entry, "token": self.token, **(extra or {})}
        if do is not None:
            fields["do"] = do
        return list(fields.items())

    def address(self, **params: str) -> str:
        """The page's own address with ``params`` (the second step of a köp, a deal to
        correct)."""
        return self.action + ("?" + urlencode(params) if params else "")

    def players(self, names: Sequence[str] | None = None, what: str = "") -> list[Choice]:
        """A button a player; ``what`` under each name says what the tap records."""
        return [Choice(name, name, what, name=True) for name in names or self.game.players]

    # -- the heading ------------------------------------------------------------------------

    def totals(self) -> list[tuple[str, str, int]]:
        """A row a player: the name, the marks (dealer, förhand, …) and the total."""
        from ..present.views import marks

        standings = self.game.standings()
        return [(p.name, marks(standings, p.name), p.score) for p in standings.players]

    def where(self) -> str:
        game = self.game
        if game.finished:
            return t("The game is over after deal {deal}.", deal=game.deal)
        return t(
            "Deal {deal} — dealer {dealer}, forehand (förhand) {forehand}",
            deal=game.deal,
            dealer=game.dealer,
            forehand=game.forehand,
        )

    # -- the moment -------------------------------------------------------------------------

    def step(self) -> str:
        """Which question the page asks: ``over``, ``hand`` (a köp's or the showdown's
        player), ``hand-step`` (then the hand), ``chicago`` (its outcome), ``tricks``."""
        moment = self.game.moment
        if moment is Moment.OVER:
            return "over"
        if moment in (Moment.BUY, Moment.SHOWDOWN):
            who = self.query.get("who", "")
            return "hand-step" if who and (who == "tie" or who in self.game.players) else "hand"
        if moment is Moment.CHICAGO:
            return "chicago"
        return "tricks"

    def hand_do(self) -> str:
        return "buy" if self.game.moment is Moment.BUY else "showdown"

    def question(self) -> str:
        if self.game.moment is Moment.BUY:
            return t("Köp {buy}: best hand?", buy=self.game.hands_scored + 1)
        return t("Showdown: best hand after the tricks?")

    def who(self) -> str:
        return self.query.get("who", "")

    def hand_choices(self, who: str) -> list[Choice]:
        """The second tap of a best hand: which hand ``who`` had."""
        hands = [hand_choice(hand) for hand in HANDS]
        if who != "tie":  # a tie names the hand both had, nothing it does
            hands += [Choice(value, text) for value, text in switched_choices(self.game.rules)]
        if who == "tie":
            hands.append(Choice("", t("Tie, no hand named")))
        return hands

    def opponents(self, who: str) -> list[str]:
        """Whose total a scoring may come off (scoring.take_from_opponent), where the house
        rules allow it: the others; none elsewhere."""
        if not self.game.rules.scoring.take_from_opponent:
            return []
        return [p for p in self.game.players if p != who]

    def chicago_declarer(self) -> str:
        return self.game.chicago or ""

    def declarers(self) -> list[str]:
        """Who may declare Chicago before the first lead (none: straight to the last trick)."""
        return list(declarers(self.game))

    def two_text(self) -> str:
        """The "won with a two" box's text, where the house rules score it apart ("" else)."""
        scoring = self.game.rules.scoring
        if scoring.last_trick_with_two == scoring.last_trick:
            return ""
        n = scoring.last_trick_with_two
        return tn("won with a two ({n} point)", "won with a two ({n} points)", n)

    def before_the_lead(self) -> list[Choice]:
        return evening.before_the_lead(self)

    def game_over(self) -> dict[str, Any]:
        return evening.game_over(self)

    def second_tap(self) -> tuple[str | None, dict[str, str]]:
        """The tap asked again: what it does and the same form's fields with ``sure=1``."""
        assert self.sure is not None
        return evening.second_tap(self.sure[0])

    def moment(self) -> str:
        """The moment's part of the page, as HTML (templates/phone/moment.html)."""
        return render("phone/moment.html", page=self)

    # -- undo and the rest ------------------------------------------------------------------

    def undo(self) -> tuple[str, dict[str, str]] | None:
        """Undo's line (as ``u`` in ``play`` names it) and the id of what it takes back (a
        resend finds it taken back: `recorder.perform`); None with nothing to undo, and
        after the night's close (the close refuses every undo: no button to be refused)."""
        if (not self.session.events and not self.session.corrections) or self.closed():
            return None
        return describe_undo(self.session), {TAKES_FIELD: recording.undo_target(self.session) or ""}

    def closed(self) -> bool:
        return evening.closed(self.night)

    def exchange_buy(self) -> int:
        return self.game.current_buy

    def done_deals(self) -> list[int]:
        return [d.number for d in self.game.deals if d.complete]

    # -- correcting a past deal -------------------------------------------------------------

    def edit(self) -> int | None:
        edit = self.query.get("edit", "")
        return int(edit) if edit.isdigit() else None

    def correction(self, deal: int) -> Correction:
        """The deal as recorded, its parts as choices to change (preset from the form after
        "show the totals"), and whether a recorded part is one no choice can show."""
        return correction(self, deal)


@dataclass
class Correction:
    """What the correction of a past deal shows."""

    deal: int
    correctable: bool = True
    recorded: list[str] = field(default_factory=list)
    groups: list[Group] = field(default_factory=list)
    exchanges: list[tuple[str, list[Select]]] = field(default_factory=list)
    royal: Select | None = None
    missing: bool = False  # a part as recorded that no choice shows: refused here


def correction(page: Page, deal: int) -> Correction:
    if deal not in page.done_deals():
        return Correction(deal, correctable=False)
    game = page.game
    events = deal_events(page.session, deal)
    recorded = recorded_entry(events)
    was = recorded_claims(events)
    values = dict(page.query)
    scored = page.session.rules.game.scored_buys
    missing: list[str] = []  # parts as recorded that no choice shows

    def pick(name: str, default: str) -> str:
        return values.get(name, default)

    def select(name: str, choices: Sequence[tuple[str, str]], recorded_value: str, label: str) -> Select:
        chosen = pick(name, recorded_value)
        if chosen not in [value for value, _ in choices]:
            missing.append(name)
        return Select(name, list(choices), chosen, label)

    who_choices = [("pass", t("Pass")), ("tie", t("Tie")), *[(p, p) for p in game.players]]
    hand_choices = [("", "—"), *[(h.value, h.swedish) for h in HANDS], *switched_choices(game.rules)]
    nobody = [("", t("nobody"))]
    # Whose total a scoring came off (scoring.take_from_opponent): a choice where the
    # house rules allow it, and always where the deal recorded one, so that a
    # correction of another part keeps it.
    taking = game.rules.scoring.take_from_opponent
    opponents = [("", t("own total")), *[(p, t("take from {player}", player=p)) for p in game.players]]

    def taken_from(name: str, recorded_opponent: str, label: str) -> list[Select]:
        if not (taking or recorded_opponent):
            return []
        return [select(name, opponents, recorded_opponent, label)]

    groups = []
    for number in range(1, scored + 1):
        who, hand, opponent = was.buys.get(number, Claim(None)).choices()
        heading = t("Köp {buy}", buy=number)
        said_who, said_hand, said_from = row_labels(heading)
        groups.append(
            Group(
                heading,
                [
                    select(f"buy{number}", who_choices, who, said_who),
                    select(f"hand{number}", hand_choices, hand, said_hand),
                    *taken_from(f"from{number}", opponent, said_from),
                ],
            )
        )
    players = [(p, p) for p in game.players]
    groups.append(
        Group(
            t("Chicago declared by / broken by"),
            [
                select("chicago", nobody + players, recorded.chicago or "", t("Chicago declared by")),
                select("broken", [("", t("nobody: all five")), *players], recorded.broken_by or "", t("Chicago broken by")),
            ],
        )
    )
    last = t("Last trick (sista sticket)")
    groups.append(
        Group(
            last,
            [
                select("last", nobody + players, was.last_trick.player if was.last_trick else "", last),
                *taken_from(
                    "lastfrom",
                    (was.last_trick.opponent or "") if was.last_trick else "",
                    row_labels(last)[2],
                ),
            ],
            row=False,
            two=pick("two", "1" if recorded.with_two else "") == "1",
        )
    )
    show_who, show_hand, show_from = was.showdown.choices()
    showdown = t("Showdown")
    said_who, said_hand, said_from = row_labels(showdown)
    groups.append(
        Group(
            showdown,
            [
                select("show", who_choices, show_who, said_who),
                select("showhand", hand_choices, show_hand, said_hand),
                *taken_from("showfrom", show_from, said_from),
            ],
        )
    )
    exchanges, royal = exchanges_and_royal(game, recorded.exchanges, recorded.royal, pick)
    return Correction(
        deal,
        recorded=[describe_in_deal(e) for e in events],
        groups=groups,
        exchanges=exchanges,
        royal=royal,
        missing=bool(missing),
    )


def badge_words() -> str:
    """The live badge's words, for the page's script: live only while the page follows
    the table; offline when the browser is; reconnecting while the stream retries; waiting
    when a change is seen and the laptop does not answer yet (the page stays as it is)."""
    return json.dumps(
        {
            "live": t("● live"),
            "lost": t("reconnecting…"),
            "offline": t("offline"),
            "waiting": t("waiting for the laptop…"),
        },
        ensure_ascii=False,
    )


def record_document(
    page: Page,
    *,
    lines: Sequence[str],
    problem: str | None,
    preview: bool,
    stream: str,
    version: str,
    sheet: str,
    outbox: Mapping[str, Any],
) -> str:
    """The whole recording page: the question, following the table through ``stream``,
    with what the outbox adds (`outbox.context`)."""
    edit = page.edit()
    return render(
        "phone/record.html",
        lang=language(),
        page=page,
        lines=() if preview else tuple(lines),
        preview=tuple(lines) if preview else (),
        problem=problem or "",
        edit=edit,
        badge={
            "version": version,
            "stream": f"/events?view={stream}",
            "page": page.address(edit=str(edit)) if edit is not None else page.action,
            "words": badge_words(),
        },
        sheet=sheet,
        outbox=outbox,
    )


def bare_document(title: str, problem: str, *, action: str, stream: str, version: str) -> str:
    """A recording page with nothing to record (no game at the table now): it follows the
    table and shows the game as soon as there is one."""
    return render(
        "phone/bare.html",
        lang=language(),
        title=title,
        problem=problem,
        badge={
            "version": version,
            "stream": f"/events?view={stream}",
            "page": action,
            "words": badge_words(),
        },
    )

