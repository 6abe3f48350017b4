"""The recording page (``serve --record``): a deal one moment at a time, with one thumb.

As ``chicago play`` asks (`present.dialogue.next_question`), the page shows the one
moment the deal is at, as big buttons: a köp's best hand (a button a player, then the
hand by its Swedish name), the Chicago (who declares, among those who may; or straight
on to the last trick), its outcome (all five, or who broke it), the last trick (with a
two where the house rules score it apart), the showdown.  Beside it, folded away: the
exchanges, a royal straight flush, the revisor's penalty, forfeit and note, and
correcting a past deal.  Undo is always one tap, and says what it takes back.

Every button is a plain form (POST, no script needed) carrying the page's token and what
the page saw (`recorder.Seen`); the server answers with the page again.  The page's
script only follows the table: when anything is recorded elsewhere it loads the page
again, so the question shown is always the file's.  Nothing here holds a state of its
own: the second step of a köp (``?who=Anna``) and the deal being corrected
(``?edit=3``) are in the address.  Every name typed at the table goes through `html.escape`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

from ..core.cards import Category
from ..core.claims import Claim
from ..core.correct import deal_events
from ..core.game import Game
from ..core.recorded import recorded_claims, recorded_entry
from ..core.session import Session
from ..core.standings import Moment
from ..i18n.language import language, t, tn
from ..present.dialogue import declarers
from ..present.html_sheet import document
from ..present.narrate import describe_in_deal, describe_undo
from ..store import recording
from . import record_evening as evening
from .entries import new_entry
from .pages import csp_for
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

RECORD_STYLE = """
:root { color-scheme: light dark; --page: #f4f2ed; --ink: #161616; --muted: #5a5a5a;
  --button: #fff; --edge: #b9b5aa; --go: #1f6f3f; --go-ink: #fff; --alert: #fde2e1;
  --done: #dff0d8; --back: #e9e6df; --chicago: #8a5a00; --chicago-back: #fbf0d9; }
@media (prefers-color-scheme: dark) {
  :root { --page: #111113; --ink: #ededed; --muted: #a9a9a9; --button: #222226;
    --edge: #4a4a50; --go: #2f8f52; --go-ink: #fff; --alert: #5c2020; --done: #1e4226;
    --back: #1a1a1d; --chicago: #e3b341; --chicago-back: #2a2412; }
}
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body { margin: 0; background: var(--page); color: var(--ink);
  font: 18px/1.35 "DejaVu Sans", "Segoe UI", Helvetica, Arial, sans-serif; }
main.record { max-width: 560px; margin: 0 auto; padding: 10px 12px 40px; }
h1 { font-size: 1.15em; margin: 0; overflow-wrap: anywhere; }
h2 { font-size: 1.2em; margin: 14px 0 8px; }
.deal { margin: 2px 0 8px; color: var(--muted); font-size: 0.9em; }
table.totals { width: 100%; border-collapse: collapse; font-size: 0.95em; }
table.totals td { padding: 3px 4px; border-bottom: 1px solid var(--edge); }
table.totals td.num { text-align: right; font-weight: bold; font-variant-numeric: tabular-nums;
  white-space: nowrap; width: 3.5em; }
table.totals td.marks { color: var(--muted); font-size: 0.8em; }
.name { overflow-wrap: anywhere; }
.grid { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 8px; }
.grid.hands { grid-template-columns: repeat(2, minmax(0, 1fr)); }
button, a.button { display: flex; align-items: center; justify-content: center;
  flex-direction: column; min-height: 58px; width: 100%; padding: 8px; margin: 0;
  font: inherit; font-weight: bold; color: var(--ink); background: var(--button);
  border: 2px solid var(--edge); border-radius: 12px; text-decoration: none;
  overflow-wrap: anywhere; text-align: center; cursor: pointer; touch-action: manipulation; }
button.go { background: var(--go); color: var(--go-ink); border-color: var(--go); }
button.wide, a.wide { grid-column: 1 / -1; }
.sub { font-weight: normal; font-size: 0.75em; color: inherit; opacity: 0.8; }
form { margin: 0; }
.moment { margin: 10px 0 14px; }
label.two { display: flex; align-items: center; gap: 10px; min-height: 48px; margin: 4px 0 8px; }
label.two input { width: 28px; height: 28px; }
.alert { background: var(--alert); padding: 10px 12px; border-radius: 10px; margin: 10px 0;
  overflow-wrap: anywhere; }
.done { background: var(--done); padding: 8px 12px; border-radius: 10px; margin: 10px 0;
  overflow-wrap: anywhere; }
.last { color: var(--muted); font-size: 0.85em; margin: 8px 0; overflow-wrap: anywhere; }
details { margin: 10px 0; background: var(--back); border-radius: 10px; padding: 4px 10px; }
summary { min-height: 48px; display: flex; align-items: center; font-weight: bold;
  cursor: pointer; }
details form, details .grid { margin: 6px 0 10px; }
select, input[type=text], input[type=number] { width: 100%; min-height: 48px; font: inherit;
  padding: 6px 8px; margin: 4px 0 8px; border: 2px solid var(--edge); border-radius: 10px;
  background: var(--button); color: var(--ink); }
.row { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: 8px; }
.field { display: block; font-size: 0.85em; color: var(--muted); }
ul.was { margin: 4px 0 10px; padding-left: 1.2em; font-size: 0.9em; }
.row.ex-1 { grid-template-columns: minmax(0, 1fr); }
.row.ex-3 { grid-template-columns: repeat(3, minmax(0, 1fr)); }
.count { grid-template-columns: repeat(6, minmax(0, 1fr)); }
.count button { min-height: 48px; }
p.who { margin: 6px 0 2px; font-weight: bold; }
.choice { border: 3px solid var(--edge); border-radius: 14px; padding: 4px 10px 10px;
  margin: 0 0 18px; }
.choice h2 { margin-top: 6px; }
.choice.declare { border-color: var(--chicago); background: var(--chicago-back); }
.choice.declare button { border-style: dashed; border-color: var(--chicago); }
.sure { border: 3px solid var(--go); border-radius: 14px; padding: 4px 10px 10px; }
.over .next { font-weight: bold; }
table.placed td { font-size: 1em; }
label.wake { margin: 2px 0 0; min-height: 40px; font-size: 0.9em; }
/* In the heading's flow, not fixed: a fixed badge sat on a total when the page scrolled. */
#live { float: right; margin: 2px 0 4px 8px; font-size: 0.7em; padding: 1px 8px;
  border-radius: 8px; background: var(--done); }
#live.lost { background: var(--alert); }
.links { margin-top: 18px; font-size: 0.9em; }
.links a { color: inherit; }
"""

# The page's scripts under one pinned hash: following the table, keeping the screen on.
RECORD_SCRIPTS = evening.FOLLOW_SCRIPT + "\n" + evening.WAKE_SCRIPT
RECORD_POLICY = csp_for(RECORD_STYLE, RECORD_SCRIPTS, forms=True)


def hand_label(hand: Category) -> str:
    """The hand's Swedish name, which the table says; in another language its name below."""
    sub = "" if language() == "sv" else f'<span class="sub">{escape(hand.localized(language()))}</span>'
    return f"{escape(hand.swedish)}{sub}"


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

    # -- pieces -----------------------------------------------------------------------------

    def form(self, do: str | None, inner: str, *, extra: Mapping[str, str] | None = None) -> str:
        """A form posting to the page: what it does (None: its buttons say), the token and
        what the page saw."""
        hidden = {
            **self.seen.fields(),
            "entry": self.entry,
            "token": self.token,
            **(extra or {}),
        }
        if do is not None:
            hidden["do"] = do
        fields = "".join(
            f'<input type="hidden" name="{escape(k)}" value="{escape(v)}">' for k, v in hidden.items()
        )
        return f'<form method="post" action="{escape(self.action)}">{fields}{inner}</form>'

    def link(self, label: str, **params: str) -> str:
        from urllib.parse import urlencode

        address = self.action + ("?" + urlencode(params) if params else "")
        return f'<a class="button" href="{escape(address)}">{label}</a>'

    def buttons(self, name: str, choices: Sequence[tuple[str, str]], *, go: str = "") -> str:
        """A grid of buttons, each submitting ``name`` = its value."""
        cells = []
        for value, label in choices:
            marked = ' class="go"' if value == go else ""
            cells.append(f'<button name="{name}" value="{escape(value)}"{marked}>{label}</button>')
        return '<div class="grid">' + "".join(cells) + "</div>"

    def players(self, names: Sequence[str] | None = None, what: str = "") -> list[tuple[str, str]]:
        """A button a player; ``what`` under each name says what the tap records."""
        sub = f'<span class="sub">{escape(what)}</span>' if what else ""
        return [
            (name, f'<span class="name">{escape(name)}</span>{sub}')
            for name in names or self.game.players
        ]

    # -- the page ---------------------------------------------------------------------------

    def body(
        self, *, lines: Sequence[str] = (), problem: str | None = None, preview: bool = False
    ) -> str:
        """The page's ``<main>``: the table, what was just done or refused, the moment (or
        the correction asked for), undo and the rest."""
        parts = [self.header()]
        if problem:
            parts.append(f'<p class="alert" role="alert">{escape(problem)}</p>')
        if lines and not preview:
            parts.append(
                '<div class="done" role="status">'
                + "<br>".join(escape(line) for line in lines)
                + "</div>"
            )
        edit = self.query.get("edit", "")
        if self.sure is not None:
            parts.append(evening.second_tap(self, *self.sure))
        elif edit.isdigit():
            parts.append(self.edit_section(int(edit), preview=lines if preview else ()))
        else:
            parts.append(self.moment())
        parts.append(self.undo_section())
        parts.append(self.more())
        return "\n".join(parts)

    def header(self) -> str:
        game = self.game
        standings = game.standings()
        from ..present.views import marks

        rows = "".join(
            f'<tr><td class="name">{escape(p.name)}</td>'
            f'<td class="marks">{escape(marks(standings, p.name))}</td>'
            f'<td class="num">{p.score}</td></tr>'
            for p in standings.players
        )
        if game.finished:
            where = t("The game is over after deal {deal}.", deal=game.deal)
        else:
            where = t(
                "Deal {deal} — dealer {dealer}, forehand (förhand) {forehand}",
                deal=game.deal,
                dealer=game.dealer,
                forehand=game.forehand,
            )
        wake = "" if game.finished else evening.wake_switch()
        return (
            f"<header><h1>{escape(self.title)}</h1>"
            f'<p class="deal">{escape(where)}</p>'
            f'<table class="totals">{rows}</table>{wake}</header>'
        )

    def moment(self) -> str:
        game = self.game
        moment = game.moment
        if moment is Moment.OVER:
            return evening.game_over(self)
        if moment is Moment.BUY:
            return self.hand_moment("buy", t("Köp {buy}: best hand?", buy=game.hands_scored + 1))
        if moment is Moment.SHOWDOWN:
            return self.hand_moment("showdown", t("Showdown: best hand after the tricks?"))
        if moment is Moment.CHICAGO:
            declarer = game.chicago or ""
            others = [p for p in game.players if p != declarer]
            won = f'<span>{escape(t("All five tricks"))}</span><span class="sub">{escape(declarer)}</span>'
            return (
                '<section class="moment">'
                f"<h2>{escape(t('{declarer} declared Chicago: all five tricks?', declarer=declarer))}</h2>"
                + self.form("outcome", self.buttons("who", [("all", won)], go="all"))
                + f'<p class="who">{escape(t("Or who broke it (took a trick)?"))}</p>'
                + self.form("outcome", self.buttons("who", self.players(others)))
                + "</section>"
            )
        return self.tricks_moment()

    def hand_moment(self, do: str, question: str) -> str:
        """A best hand: the player first (or pass, or tie), then the hand."""
        who = self.query.get("who", "")
        if who and (who == "tie" or who in self.game.players):
            return self.hand_step(do, who, question)
        choices = "".join(
            self.link(f'<span class="name">{escape(name)}</span>', who=name)
            for name in self.game.players
        )
        nobody = f'{escape(t("Pass"))}<span class="sub">{escape(t("nobody had a pair"))}</span>'
        tie = f'{escape(t("Tie"))}<span class="sub">{escape(t("equal best hands"))}</span>'
        passed = self.form(do, f'<button name="who" value="pass">{nobody}</button>')
        return (
            f'<section class="moment"><h2>{escape(question)}</h2>'
            f'<div class="grid">{choices}{self.link(tie, who="tie")}{passed}</div>'
            "</section>"
        )

    def hand_step(self, do: str, who: str, question: str) -> str:
        """The second tap of a best hand: which hand ``who`` had."""
        hands = [(hand.value, hand_label(hand)) for hand in HANDS]
        if self.game.rules.hands.four_of_a_kind_zeroes == "choice" and who != "tie":
            zero = f'{escape(Category.FOUR_OF_A_KIND.swedish)} — {escape(t("zero the others"))}'
            hands.append((f"{Category.FOUR_OF_A_KIND.value}:zero", zero))
        if who == "tie":
            heading = t("Tie: with which hand?")
            hands.append(("", escape(t("Tie, no hand named"))))
        else:
            heading = t("{player}: which hand?", player=who)
        # Where the house rules let a hand's points be taken from an opponent
        # (scoring.take_from_opponent), the choice of the opponent goes in this form,
        # beside the hand: one more field the entry layer reads with the claim.
        inner = self.buttons("hand", hands)
        if who != "tie":
            inner = self.taken_from([p for p in self.game.players if p != who]) + inner
        back = self.link(escape(t("Back")))
        return (
            f'<section class="moment"><h2>{escape(question)}</h2>'
            f'<p class="who">{escape(heading)}</p>'
            + self.form(do, inner, extra={"who": who})
            + f'<div class="grid">{back.replace("button", "button wide", 1)}</div></section>'
        )

    def taken_from(self, opponents: list[str]) -> str:
        """Where the house rules allow it (scoring.take_from_opponent): whose total the
        points come off, the scorer's own gain first and checked; nothing elsewhere."""
        if not self.game.rules.scoring.take_from_opponent:
            return ""
        choices = [
            '<label class="two"><input type="radio" name="from" value="" checked> '
            + escape(t("add to the scorer's total"))
            + "</label>"
        ] + [
            f'<label class="two"><input type="radio" name="from" value="{escape(name)}"> '
            + escape(t("take from {player}", player=name))
            + "</label>"
            for name in opponents
        ]
        return '<fieldset class="from">' + "".join(choices) + "</fieldset>"

    def tricks_moment(self) -> str:
        """Before the first lead: who declares Chicago (if anyone may), else the last trick."""
        game = self.game
        parts = ['<section class="moment">']
        may = declarers(game)
        if may:
            # Apart from the last trick's buttons (the same names): their own box, their
            # own colour, and each says what it records.
            parts.append('<div class="choice declare">')
            parts.append(f"<h2>{escape(t('Chicago? Who declares?'))}</h2>")
            parts.append(
                self.form("declare", self.buttons("who", self.players(may, t("declares Chicago"))))
            )
            parts.append("</div>")
            parts.append('<div class="choice trick">')
            parts.append(f'<h2>{escape(t("Nobody declared: who took the last trick?"))}</h2>')
        else:
            parts.append('<div class="choice trick">')
            parts.append(f"<h2>{escape(t('Last trick (sista sticket): who took it?'))}</h2>")
        scoring = game.rules.scoring
        two = ""
        if scoring.last_trick_with_two != scoring.last_trick:
            two = (
                '<label class="two"><input type="checkbox" name="two" value="1"> '
                + escape(
                    tn("won with a two ({n} point)", "won with a two ({n} points)", scoring.last_trick_with_two)
                )
                + "</label>"
            )
        taken = self.taken_from(list(game.players))
        buttons = self.buttons("who", self.players(None, t("took the last trick")))
        parts.append(self.form("trick", two + taken + buttons))
        parts.append("</div>")
        parts.append(evening.before_the_lead(self))
        parts.append("</section>")
        return "".join(parts)

    def undo_section(self) -> str:
        if not self.session.events and not self.session.corrections:
            return ""
        last = describe_undo(self.session)  # as ``u`` in ``play`` names it
        label = f'{escape(t("Undo"))}<span class="sub">{escape(last)}</span>'
        # The id of what it takes back: a resend finds it taken back (`recorder.perform`).
        takes = {TAKES_FIELD: recording.undo_target(self.session) or ""}
        button = f'<div class="grid"><button class="wide">{label}</button></div>'
        return self.form("undo", button, extra=takes)

    def more(self) -> str:
        """What any moment also takes, folded away."""
        game = self.game
        parts: list[str] = []
        choose = "".join(
            f'<option value="{escape(p)}">{escape(p)}</option>' for p in game.players
        )
        if not game.finished:
            buy = game.current_buy
            rows = "".join(
                f'<p class="who">{escape(p)}</p>'
                + self.form(
                    "exchange",
                    '<div class="grid count">'
                    + "".join(f'<button name="count" value="{n}">{n}</button>' for n in range(6))
                    + "</div>",
                    extra={"who": p},
                )
                for p in game.players
            )
            parts.append(
                f"<details><summary>{escape(t('Exchanges in köp {buy}', buy=buy))}</summary>{rows}</details>"
            )
            parts.append(
                f"<details><summary>{escape(t('Royal straight flush'))}</summary>"
                + self.form("royal", self.buttons("who", self.players()))
                + "</details>"
            )
            reason = f'<input type="text" name="reason" maxlength="200" placeholder="{escape(t("Reason"))}" required>'
            parts.append(
                f"<details><summary>{escape(t('Penalty'))}</summary>"
                + self.form(
                    "penalty",
                    f'<label class="field">{escape(t("Who"))}<select name="who">{choose}</select></label>'
                    f'<label class="field">{escape(t("Points off the total"))}'
                    '<input type="number" name="points" inputmode="numeric" min="1" value="" required></label>'
                    f'<label class="field">{escape(t("Reason"))}{reason}</label>'
                    f'<button class="go">{escape(t("Record the penalty"))}</button>',
                )
                + "</details>"
            )
            parts.append(
                f"<details><summary>{escape(t('Forfeit — loses the game'))}</summary>"
                + self.form(
                    "forfeit",
                    f'<label class="field">{escape(t("Who loses the game"))}<select name="who">{choose}</select></label>'
                    f'<label class="field">{escape(t("Reason"))}{reason}</label>'
                    f'<button class="go">{escape(t("Record the forfeit"))}</button>',
                )
                + "</details>"
            )
        if not evening.closed(self.night):  # a note is refused then, as every entry is
            parts.append(
                f"<details><summary>{escape(t('Note'))}</summary>"
                + self.form(
                    "note",
                    '<input type="text" name="text" maxlength="500" required>'
                    f'<button class="go">{escape(t("Write the note"))}</button>',
                )
                + "</details>"
            )
        done = [d.number for d in game.deals if d.complete]
        if done:
            links = "".join(self.link(escape(t("Deal {deal}", deal=n)), edit=str(n)) for n in done)
            parts.append(
                f"<details><summary>{escape(t('Correct a past deal'))}</summary>"
                f'<div class="grid">{links}</div></details>'
            )
        return "\n".join(parts)

    # -- correcting a past deal -------------------------------------------------------------

    def edit_section(self, deal: int, *, preview: Sequence[str] = ()) -> str:
        """The deal as recorded, its parts as choices to change, and (after "show the
        totals") what the correction gives, with the button that saves it."""
        if deal not in [d.number for d in self.game.deals if d.complete]:
            return f'<p class="alert" role="alert">{escape(t("Deal {deal} cannot be corrected here.", deal=deal))}</p>'
        events = deal_events(self.session, deal)
        recorded = recorded_entry(events)
        was = recorded_claims(events)
        values = dict(self.query)
        scored = self.session.rules.game.scored_buys

        def pick(name: str, default: str) -> str:
            return values.get(name, default)

        missing: list[str] = []  # parts as recorded that no choice shows

        def select(name: str, choices: Sequence[tuple[str, str]], chosen: str) -> str:
            if chosen not in [value for value, _ in choices]:
                missing.append(name)
            options = "".join(
                f'<option value="{escape(v)}"{" selected" if v == chosen else ""}>{escape(label)}</option>'
                for v, label in choices
            )
            return f'<select name="{name}">{options}</select>'

        who_choices = [("pass", t("Pass")), ("tie", t("Tie")), *[(p, p) for p in self.game.players]]
        hand_choices = [("", "—"), *[(h.value, h.swedish) for h in HANDS]]
        if self.game.rules.hands.four_of_a_kind_zeroes == "choice":
            hand_choices.append((f"{Category.FOUR_OF_A_KIND.value}:zero", f"{Category.FOUR_OF_A_KIND.swedish} — {t('zero the others')}"))
        nobody = [("", t("nobody"))]
        # Whose total a scoring came off (scoring.take_from_opponent): a choice where the
        # house rules allow it, and always where the deal recorded one, so that a
        # correction of another part keeps it.
        taking = self.game.rules.scoring.take_from_opponent
        opponents = [("", t("own total")), *[(p, t("take from {player}", player=p)) for p in self.game.players]]

        def taken_from(name: str, recorded_opponent: str) -> str:
            if not (taking or recorded_opponent):
                return ""
            return select(name, opponents, pick(name, recorded_opponent))

        fields = []
        for number in range(1, scored + 1):
            who, hand, opponent = was.buys.get(number, Claim(None)).choices()
            fields.append(
                f'<p class="who">{escape(t("Köp {buy}", buy=number))}</p><div class="row">'
                + select(f"buy{number}", who_choices, pick(f"buy{number}", who))
                + select(f"hand{number}", hand_choices, pick(f"hand{number}", hand))
                + taken_from(f"from{number}", opponent)
                + "</div>"
            )
        players = [(p, p) for p in self.game.players]
        fields.append(
            f'<p class="who">{escape(t("Chicago declared by / broken by"))}</p><div class="row">'
            + select("chicago", nobody + players, pick("chicago", recorded.chicago or ""))
            + select("broken", [("", t("nobody: all five")), *players], pick("broken", recorded.broken_by or ""))
            + "</div>"
        )
        checked = " checked" if pick("two", "1" if recorded.with_two else "") == "1" else ""
        fields.append(
            f'<p class="who">{escape(t("Last trick (sista sticket)"))}</p>'
            + select("last", nobody + players, pick("last", was.last_trick.player if was.last_trick else ""))
            + taken_from("lastfrom", (was.last_trick.opponent or "") if was.last_trick else "")
            + f'<label class="two"><input type="checkbox" name="two" value="1"{checked}> {escape(t("with a two"))}</label>'
        )
        show_who, show_hand, show_from = was.showdown.choices()
        fields.append(
            f'<p class="who">{escape(t("Showdown"))}</p><div class="row">'
            + select("show", who_choices, pick("show", show_who))
            + select("showhand", hand_choices, pick("showhand", show_hand))
            + taken_from("showfrom", show_from)
            + "</div>"
        )
        fields.append(
            exchanges_and_royal(self.game, recorded.exchanges, recorded.royal, pick)
        )
        recorded_lines = "".join(f"<li>{escape(describe_in_deal(e))}</li>" for e in events)
        if missing:
            # Saved as shown, the part the form cannot show would be dropped: refused.
            return (
                f'<section class="moment"><h2>{escape(t("Correct deal {deal}", deal=deal))}</h2>'
                f'<ul class="was">{recorded_lines}</ul>'
                f'<p class="alert" role="alert">{escape(t("Deal {deal} holds a part this page cannot show as recorded, so it is not corrected here: the keeper corrects it at the computer.", deal=deal))}</p>'
                f'<div class="grid">{self.link(escape(t("Back")))}</div></section>'
            )
        inner = "".join(fields) + (
            '<div class="grid">'
            f'<button name="do" value="edit-preview">{escape(t("Show the totals"))}</button>'
            + (f'<button class="go" name="do" value="edit-save">{escape(t("Save the correction"))}</button>' if preview else "")
            + "</div>"
        )
        result = (
            '<div class="done" role="status">' + "<br>".join(escape(line) for line in preview) + "</div>"
            if preview
            else ""
        )
        back = self.link(escape(t("Back")))
        return (
            f'<section class="moment"><h2>{escape(t("Correct deal {deal}", deal=deal))}</h2>'
            f'<p class="who">{escape(t("As recorded:"))}</p><ul class="was">{recorded_lines}</ul>'
            + result
            + self.form(None, inner, extra={"deal": str(deal)})
            + f'<div class="grid">{back}</div></section>'
        )


def record_document(page: Page, body: str, *, stream: str, version: str, sheet: str) -> str:
    """The whole recording page around ``body``, following the table through ``stream``."""
    words = json.dumps({"live": t("● live"), "lost": t("reconnecting…")}, ensure_ascii=False)
    address = page.action + (
        "?edit=" + page.query["edit"] if page.query.get("edit", "").isdigit() else ""
    )
    badge = (
        f'<p id="live" class="live lost" role="status" data-version="{escape(version)}" '
        f'data-stream="/events?view={escape(stream)}" data-page="{escape(address)}" '
        f'data-words="{escape(words)}">{escape(t("connecting…"))}</p>'
    )
    links = f'<p class="links"><a href="{escape(sheet)}">{escape(t("The sheet (read-only)"))}</a></p>'
    return document(
        page.title,
        f"{body}\n{links}",
        style=RECORD_STYLE,
        main="record",
        before=badge,
        script=RECORD_SCRIPTS,
        head='<meta name="robots" content="noindex">',
    )
