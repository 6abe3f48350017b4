"""The recording page through the evening (cli.md "The phone through the evening"): what
`record_page.Page` shows besides a deal's moments.

- When the game is over: the winners, and what happens next: *Next game* (the same
  seats and rules; players may leave or join) where the server follows the current
  session; where it shows one game, that the next is started on the laptop; at a night
  the table's placement points and what the organiser does next (the page follows the
  table's next game by itself once it is drawn), and at a night's table shown without
  ``--night`` that the organiser draws its next game.
- The second tap a royal, a forfeit and a tap that ends the game ask for
  (`recorder.SecondTap`): the same form again, with ``sure=1``.
- A hand shown before the first lead (a four of a kind's nolla, a hand that wins the game):
  folded away below the last trick where the house rules have one.
- "Keep the screen on": the Wake Lock API, else a muted looping video started by the
  tap; where the API is absent the page says the screen may still turn off.

Every name typed at the table goes through `html.escape`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any, Protocol

from ..core.game import Game
from ..i18n.language import t, tn
from ..present.night_sheet import placement_points


class Page(Protocol):
    """What these parts use of `record_page.Page` (not imported: it imports this)."""

    game: Game
    night: Mapping[str, Any] | None
    follows: bool
    drawn_by: str

    def form(self, do: str | None, inner: str, *, extra: Mapping[str, str] | None = None) -> str: ...

    def link(self, label: str, **params: str) -> str: ...

    def buttons(self, name: str, choices: Sequence[tuple[str, str]], *, go: str = "") -> str: ...

# The fields a form sends that say what the page saw; a second tap sends them anew.
SEEN_FIELDS = frozenset({"token", "session", "created", "events", "corrections", "sure"})


def before_the_lead(page: Page) -> str:
    """Folded away below the last trick, where the house rules have one: a hand shown
    before the first lead that ends the deal with no last trick (a four of a kind's
    nolla, a hand that wins the game; rules.md, "Cases the texts leave open").  The hands
    offered are the engine's (`Game.hands_before_the_lead`), which judges the tap too."""
    hands = page.game.hands_before_the_lead()
    if not hands:
        return ""
    choose = "".join(
        f'<option value="{escape(p)}">{escape(p)}</option>' for p in page.game.players
    )
    choices = [
        (
            f"{hand.value}:zero" if zero else hand.value,
            escape(f"{hand.swedish} — {t('zero the others')}" if zero else hand.swedish),
        )
        for hand, zero in hands
    ]
    return (
        f"<details><summary>{escape(t('Shown before the first lead'))}</summary>"
        f'<p class="who">{escape(t("A four of a kind that zeroes the others, or a hand that wins the game, shown before the first lead: the deal ends there, with no last trick."))}</p>'
        + page.form(
            "showdown",
            f'<label class="field">{escape(t("Who"))}<select name="who">{choose}</select></label>'
            + page.buttons("hand", choices),
        )
        + "</details>"
    )


def second_tap(page: Page, form: Mapping[str, str], said: str) -> str:
    """The tap asked again: what it does, the same form with ``sure=1``, and a way back."""
    fields = {k: v for k, v in form.items() if k not in SEEN_FIELDS}
    fields["sure"] = "1"
    do = fields.pop("do", None)
    yes = f'<button class="go wide">{escape(t("Yes, record it"))}</button>'
    back = page.link(escape(t("No, go back")))
    return (
        '<section class="moment sure" role="alert">'
        f"<h2>{escape(t('Tap again to be sure'))}</h2>"
        f"<p>{escape(said)}</p>"
        + page.form(do, f'<div class="grid">{yes}</div>', extra=fields)
        + f'<div class="grid">{back.replace("button", "button wide", 1)}</div></section>'
    )


def game_over(page: Page) -> str:
    """The game is over: the winners, then what happens next at this table."""
    game = page.game
    winners = " & ".join(game.winners)
    parts = [
        '<section class="moment over">',
        f"<h2>{escape(t('Winner: {winners}', winners=winners))}</h2>",
    ]
    if page.night is not None:
        parts.append(_night_next(page.night))
    elif page.drawn_by:
        said = t("This is a table of the night {night}: the organiser draws its next game.", night=page.drawn_by)
        parts.append(f'<p class="next" role="status">{escape(said)}</p>')
    elif page.follows:
        parts.append(next_game_form(page))
    else:
        said = t(
            "This server shows only this game: the next game is started on the laptop, and a server started there for it gives a new recording address."
        )
        parts.append(f'<p class="next">{escape(said)}</p>')
    last = (
        t("The night is closed: its result is final, and nothing more is entered here.")
        if closed(page.night)
        else t("Nothing more is played in this game; a note can still be written.")
    )
    parts.append(f'<p class="last">{escape(last)}</p>')
    parts.append("</section>")
    return "".join(parts)


def closed(night: Mapping[str, Any] | None) -> bool:
    """At a night that is closed (`night close`): its result is final, and nothing more
    is entered on the page of its tables."""
    return night is not None and night.get("result") == "final"


def next_game_form(page: Page) -> str:
    """*Next game*: the same seats and rules; a box a player who leaves, two fields for
    players who join (seated after the last seat)."""
    players = page.game.players
    leaves = "".join(
        f'<label class="two"><input type="checkbox" name="drop-{index}" value="1"> '
        f'{escape(t("{player} leaves", player=name))}</label>'
        for index, name in enumerate(players)
    )
    joins = "".join(
        f'<label class="field">{escape(t("A player who joins (optional)"))}'
        f'<input type="text" name="{key}" maxlength="40" autocomplete="off"></label>'
        for key in ("add-1", "add-2")
    )
    button = (
        f'<button class="go wide">{escape(t("Next game"))}'
        f'<span class="sub">{escape(t("the same seats and house rules"))}</span></button>'
    )
    return (
        page.form("again", f'<div class="grid">{button}</div>')
        + f"<details><summary>{escape(t('Next game with other players'))}</summary>"
        + page.form("again", leaves + joins + f'<div class="grid">{button}</div>')
        + "</details>"
    )


def _night_next(table: Mapping[str, Any]) -> str:
    """At a night: the table's placement points, and what the organiser does next."""
    points: Mapping[str, Any] = table.get("placement_points", {})
    places: Mapping[str, Any] = table.get("places", {})
    rows = "".join(
        f'<tr><td class="num">{places.get(name, "")}</td><td class="name">{escape(name)}</td>'
        f'<td class="num">{escape(placement_points(points[name]))}</td></tr>'
        for name in sorted(table.get("players", ()), key=lambda name: (places.get(name, 99), name))
        if name in points
    )
    heading = escape(t("Placement points at this table"))
    if not rows:
        return f'<p class="next" role="status">{escape(night_next_text(table))}</p>'
    return (
        f'<p class="who">{heading}</p><table class="totals placed">{rows}</table>'
        f'<p class="next" role="status">{escape(night_next_text(table))}</p>'
    )


def night_next_text(table: Mapping[str, Any]) -> str:
    """What happens next at a night once this table's game is over."""
    if table.get("final"):
        return t("That was the final: the night is over.")
    games = table.get("games_per_table")
    if games:  # a night of stages: the table stays together for its games
        game = int(table.get("game", 1))
        if game < int(games):
            return t(
                "Game {game} of {games} at this table is over: the organiser draws your seats for the next game; this page shows it by itself.",
                game=game,
                games=games,
            )
        return tn(
            "This table has played its {n} game: the organiser draws the next stage, or the night is over.",
            "This table has played its {n} games: the organiser draws the next stage, or the night is over.",
            int(games),
        )
    if int(table.get("round", 1)) < int(table.get("rounds", 1)):
        return t(
            "The organiser draws the next round; this page shows your table's next game by itself."
        )
    return t("That was the night's last round: the organiser may draw the final.")


def wake_switch() -> str:
    """The switch of "Keep the screen on" (its script: `WAKE_SCRIPT`)."""
    absent = escape(t("the screen may still turn off: set Auto-Lock to Never while scoring"))
    return (
        '<label class="two wake"><input type="checkbox" id="wake"> '
        f'{escape(t("Keep the screen on"))}</label>'
        f'<p class="last" id="wake-absent" hidden>{absent}</p>'
    )


# A muted looping video keeps some browsers without the Wake Lock API awake once a tap
# has started it: a 1-frame WebM, made here, needs no file and no other origin.
WAKE_SCRIPT = """(() => {
  const box = document.getElementById("wake");
  if (!box) return;
  const absent = document.getElementById("wake-absent");
  const remembered = () => sessionStorage.getItem("chicago-wake") === "1";
  let lock = null, video = null;
  const on = async () => {
    if ("wakeLock" in navigator) {
      try { lock = await navigator.wakeLock.request("screen"); } catch (e) { lock = null; }
      return;
    }
    absent.hidden = false;
    if (!video) {
      video = document.createElement("video");
      video.muted = true; video.loop = true; video.playsInline = true;
      video.setAttribute("playsinline", ""); video.style.display = "none";
      const canvas = document.createElement("canvas");
      canvas.width = canvas.height = 2;
      if (canvas.captureStream) video.srcObject = canvas.captureStream(1);
      document.body.appendChild(video);
    }
    video.play().catch(() => {});
  };
  const off = () => {
    if (lock) { lock.release().catch(() => {}); lock = null; }
    if (video) video.pause();
  };
  box.addEventListener("change", () => {
    sessionStorage.setItem("chicago-wake", box.checked ? "1" : "0");
    if (box.checked) on(); else off();
  });
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible" && box.checked && !lock) on();
  });
  if (!("wakeLock" in navigator)) absent.hidden = false;
  if (remembered()) { box.checked = true; on(); }
})();"""


# Follows the table: anything recorded elsewhere loads the page again (its own address,
# never the form's: a reload must not send a form twice).  A form sent stops following:
# its answer is the next page.  A link to the next step (``?who=``) is a plain load.
FOLLOW_SCRIPT = """(() => {
  const badge = document.getElementById("live");
  const words = JSON.parse(badge.dataset.words);
  const url = badge.dataset.stream + "&since=" + encodeURIComponent(badge.dataset.version);
  const source = new EventSource(url);
  source.addEventListener("sheet", (event) => {
    if (event.lastEventId !== badge.dataset.version) location.replace(badge.dataset.page);
  });
  source.addEventListener("open", () => { badge.textContent = words.live; badge.className = "live"; });
  source.addEventListener("error", () => { badge.textContent = words.lost; badge.className = "live lost"; });
  for (const form of document.querySelectorAll("form")) {
    form.addEventListener("submit", () => {
      // The answer is the next page: the change this form makes must not reload this one.
      source.close();
      setTimeout(() => form.querySelectorAll("button").forEach((b) => { b.disabled = true; }), 0);
    });
  }
})();"""
