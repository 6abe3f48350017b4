"""What is said at the table about a best hand or the last trick, as a value.

In the shape of python-chess's ``Move`` (``Move.from_uci``, ``Board.parse_san``,
``move.uci()``, ``board.san(move)``): a `Claim` (who, the hand, the cards if given,
from whom the points are taken, a four of a kind's choice to zero the others) is read
once from anything a person may type and printed by the view that shows it:

- `parse_claim` (and `claim`, `spoken_claim` for a game) reads every form:
  ``PLAYER:HAND``, ``pass``, ``tie``, ``tie:HAND``, ``PLAYER:fyrtal:nolla``,
  ``PLAYER:HAND:från:OPPONENT`` (``:from:``), five cards for HAND, English or Swedish;
  in ``play`` also ``PLAYER HAND från OPPONENT``;
- `Claim.text` is the canonical text the commands read and ``edit`` shows
  (``Anna:full-house:from:Bo``), `Claim.words` the words of ``log`` and ``explain``
  (``Anna: full house, taken from Bo``), `Claim.choices` the phone's three choices;
  `Claim.from_choices` reads the phone's choices back, `Claim.of` a recorded event.

The last trick's taker is a claim too, of a player and an opponent (`Taking`).  No other
module splits a claim on ``:``: they hand the text here and get a value back.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..i18n.language import Msg
from .cards import Category, evaluate, looks_like_cards, parse_category
from .errors import CardError, EntryError
from .events import BuyWinner, HandEvent, LastTrick, Showdown
from .session import resolve_player

if TYPE_CHECKING:  # a claim is read for a game; the module needs no engine to load
    from .game import Game

# Words that answer "who?" with nobody; compared case-folded.
NOBODY = frozenset({"", "-", "pass", "p", "ingen", "nobody", "no", "nej", "n"})
# Words that, after a hand, ask for four of a kind to zero the opponents.
ZERO = frozenset({"zero", "nolla", "noll"})
# The word before the opponent whose total the points are taken off ("Anna:kåk:från:Bo").
FROM = frozenset({"från", "fran", "from"})
# Words that, in place of a player, say the best hands were exactly equal ("tie:två par").
TIE = frozenset({"tie", "lika"})
# Words after the taker that say the last trick was won with a two.
WITH_TWO = frozenset({"2", "två", "tvåa", "tvaa", "two", "med tvåa", "with two"})
#: The modifier words of a claim by what they say: the tables above, read by the typed
#: and the spoken forms; `play` offers them on TAB where each may follow.
MODIFIERS: dict[str, frozenset[str]] = {
    "tie": TIE,
    "zero": ZERO,
    "from": FROM,
    "with_two": WITH_TWO,
}


def player(game: Game, text: str) -> str:
    """The seat meant by ``text``: the name in any case, or a unique start of it
    ("an" is Anna at Anna/Bo/Cilla)."""
    return resolve_player(text, game.players, allow_prefix=True)


def named_player(game: Game, text: str) -> str:
    """The seat a ``PLAYER:...`` text names first (a taking ``Anna:från:Bo``, an
    exchange ``Anna:2,1``), the rest not read."""
    return player(game, text.partition(":")[0])


# -- hand claims ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Claim:
    """WHO at a best-hand moment: a player and a hand, ``pass`` or ``tie``.

    ``cards`` are the five cards if they were given (their codes, as `evaluate` orders
    them), ``zero`` a four of a kind's choice to zero the others (hands.
    four_of_a_kind_zeroes = "choice"), ``opponent`` whose total the points come off
    (scoring.take_from_opponent).  Whether the house rules allow any of it is the engine's
    to judge; the value only says what was claimed."""

    player: str | None
    hand: Category | None = None
    cards: str | None = None
    tie: bool = False
    zero: bool = False
    opponent: str | None = None

    @classmethod
    def of(cls, event: HandEvent) -> Claim:
        """The claim a recorded best hand (köp or showdown) was made from."""
        return cls(event.player, event.hand, event.cards, event.tie, event.zero, event.opponent)

    @classmethod
    def from_choices(cls, who: str, hand: str = "", opponent: str = "") -> Claim:
        """The phone's three choices (`choices`) as a claim: who (a player, ``pass`` or
        ``tie``), the hand's slug (``four-of-a-kind:zero`` to zero the others, "" for a tie
        with no hand named) and whose total the points come off ("" for none).  A player
        without a hand is an `EntryError`, as ``Anna:`` typed is; the seats are the
        engine's to check."""
        if who == "pass":
            return cls(None)
        slug, _, choice = hand.partition(":")
        category = _hand_of_slug(slug, who) if slug else None
        if who == "tie":
            return cls(None, hand=category, tie=True)
        if category is None:
            raise CardError(_needs_a_hand(f"{who}:"))
        return cls(who, category, zero=choice == "zero", opponent=opponent or None)

    def text(self) -> str:
        """The canonical text: what ``chicago deal --buy`` reads and ``edit`` shows
        (``pass``, ``tie``, ``tie:pair``, ``Anna:two-pair KH KS 9D 9H 3C``,
        ``Anna:four-of-a-kind:zero``, ``Anna:full-house:from:Bo``); `parse_claim` reads
        it back to this same value."""
        if self.tie:
            return f"tie:{self.hand.value}" if self.hand else "tie"
        if self.player is None or self.hand is None:
            return "pass"
        cards = f" {self.cards}" if self.cards else ""
        zero = ":zero" if self.zero else ""
        taken = f":from:{self.opponent}" if self.opponent else ""
        return f"{self.player}:{self.hand.value}{cards}{zero}{taken}"

    def words(self, lang: str) -> str:
        """The claim in words, as ``log`` and ``explain`` tell it: ``Anna: full house
        [KH KS KD 2C 2D], taken from Bo``, ``pass: nobody had a hand``."""
        if self.tie:
            hand = f" ({self.hand.localized(lang)})" if self.hand else ""
            return Msg("exact tie{hand}: nobody scores", hand=hand).localized(lang)
        if self.player is None or self.hand is None:
            return Msg("pass: nobody had a hand").localized(lang)
        cards = f" [{self.cards}]" if self.cards else ""
        zero = Msg(", zeroing the others").localized(lang) if self.zero else ""
        return f"{self.player}: {self.hand.localized(lang)}{cards}{zero}" + taken_words(
            self.opponent, lang
        )

    def localized(self, lang: str) -> str:
        """`words`: so a message (`Msg`) can carry a claim and say it in its language."""
        return self.words(lang)

    def choices(self) -> tuple[str, str, str]:
        """The phone's three choices (`from_choices` reads them back): who (a player,
        ``pass`` or ``tie``), the hand's slug (``:zero`` after a four of a kind that
        zeroes; "" for none) and the opponent ("" for none).  The cards are not among
        them: a correction that keeps the choices keeps the recorded claim whole."""
        if self.tie:
            return "tie", self.hand.value if self.hand else "", ""
        if self.player is None or self.hand is None:
            return "pass", "", ""
        slug = self.hand.value + (":zero" if self.zero else "")
        return self.player, slug, self.opponent or ""

    def same_choices(self, other: Claim) -> bool:
        """Whether ``other`` makes the same choices (it may lack the cards)."""
        return self.choices() == other.choices()

    def event(self, deal: int, *, buy: int | None) -> BuyWinner | Showdown:
        """The claim recorded as köp ``buy``'s best hand, or (``buy=None``) the showdown's."""
        if buy is None:
            return Showdown(
                deal, self.player, self.hand, self.cards, self.tie, self.zero, self.opponent
            )
        return BuyWinner(
            deal, self.player, self.hand, self.cards, self.tie, self.zero, self.opponent, buy=buy
        )


@dataclass(frozen=True, slots=True)
class Taking:
    """Who took the last trick, and whose total its points come off (None: the taker's
    own total gains them).  Typed ``Anna`` or ``Anna:från:Bo`` (`parse_taking`)."""

    player: str
    opponent: str | None = None

    @classmethod
    def of(cls, event: LastTrick) -> Taking:
        return cls(event.player, event.opponent)

    def text(self) -> str:
        """The canonical text, ``Anna`` or ``Anna:from:Bo``: `parse_taking` reads it back."""
        return self.player + (f":from:{self.opponent}" if self.opponent else "")


def taken_words(opponent: str | None, lang: str) -> str:
    """``, taken from Bo`` when the points went off an opponent's total instead."""
    if opponent is None:
        return ""
    return Msg(", taken from {opponent}", opponent=opponent).localized(lang)


def _hand_of_slug(slug: str, who: str) -> Category:
    """A hand named by its slug (``two-pair``), or a hand's name in any language."""
    try:
        return Category(slug)
    except ValueError:
        return parse_category(slug)


def _needs_a_hand(text: str) -> Msg:
    return Msg(
        "'{text}' needs a hand: write PLAYER:HAND like 'Anna:två par', or 'pass' or 'tie'",
        text=text,
    )


def parse_claim(
    text: str, players: Sequence[str], *, ace_low_straight: bool = True, allow_prefix: bool = False
) -> Claim:
    """Read ``PLAYER:HAND``, ``pass`` or ``tie`` (also ``tie:HAND``).

    HAND is a hand name in English or Swedish or five cards; ``PLAYER:fyrtal:zero``
    (or ``:nolla``) zeroes the opponents where the house rules allow it;
    ``PLAYER:HAND:från:OPPONENT`` takes the points off OPPONENT instead."""
    stripped = text.strip()
    folded = stripped.casefold()
    if folded in ("pass", "", "-", "ingen", "nobody"):
        return Claim(None)
    head, _, rest = stripped.partition(":")
    if head.casefold() in TIE:
        hand = _parse_hand(rest, ace_low_straight)[0] if rest.strip() else None
        return Claim(None, hand=hand, tie=True)
    if not rest.strip():
        raise CardError(
            Msg(
                "'{text}' needs a hand: write PLAYER:HAND like 'Anna:två par', or 'pass' or 'tie'",
                text=text,
            ),
        )
    player = resolve_player(head, players, allow_prefix=allow_prefix)
    rest, opponent = _taken_off(rest, player, players, allow_prefix=allow_prefix, text=text)
    if not rest.strip():
        raise CardError(
            Msg(
                "'{text}' needs a hand: write PLAYER:HAND like 'Anna:två par', or 'pass' or 'tie'",
                text=text,
            ),
        )
    zero = False
    hand_text = rest
    for suffix in (f":{word}" for word in ZERO):
        if rest.casefold().rstrip().endswith(suffix):
            zero = True
            hand_text = rest.rstrip()[: -len(suffix)]
    hand, cards = _parse_hand(hand_text, ace_low_straight)
    return Claim(player, hand=hand, cards=cards, zero=zero, opponent=opponent)


def _taken_off(
    rest: str, player: str, players: Sequence[str], *, allow_prefix: bool, text: str
) -> tuple[str, str | None]:
    """``kåk:från:Bo`` -> ``("kåk", "Bo")``; ``kåk:från`` (or ``kåk:från:``) at a table of
    two names the other player; without ``:från`` the text is returned as it is, with no
    opponent.  The opponent is whatever follows the keyword, a keyword or not: a player
    may be called ``from`` (``kåk:from:from``), and no hand, card or ``nolla`` holds a
    ``:``, so the part after a keyword second from the end is always a name.  Whether the
    table takes points off an opponent at all is the engine's rule."""
    parts = rest.split(":")
    if len(parts) >= 2 and parts[-2].strip().casefold() in FROM:
        named = parts[-1].strip()
        if not named:
            return ":".join(parts[:-2]), only_opponent(player, players, text)
        return ":".join(parts[:-2]), resolve_player(named, players, allow_prefix=allow_prefix)
    if parts[-1].strip().casefold() in FROM:
        return ":".join(parts[:-1]), only_opponent(player, players, text)
    return rest, None


def only_opponent(player: str, players: Sequence[str], text: str) -> str:
    """The one opponent at a table of two: ``från`` alone names them."""
    others = [name for name in players if name != player]
    if len(others) != 1:
        raise EntryError(
            Msg(
                "'{text}': 'från' alone names the opponent only at a table of two; say whose total: från:NAME",
                text=text,
            ),
        )
    return others[0]


def _parse_hand(text: str, ace_low_straight: bool) -> tuple[Category, str | None]:
    """A hand name, five cards, or both (``två par KH KS 9D 9H 3C``, ``två par [KH ...]``):
    with both, the claimed name is kept and the replay checks that the cards make it."""
    if looks_like_cards(text):
        result = evaluate(text, ace_low_straight=ace_low_straight)
        return result.category, " ".join(card.code for card in result.cards)
    words = text.translate(_HAND_PUNCTUATION).split()
    if len(words) > 5 and looks_like_cards(" ".join(words[-5:])):
        claimed = parse_category(" ".join(words[:-5]))
        shown = evaluate(" ".join(words[-5:]), ace_low_straight=ace_low_straight)
        return claimed, " ".join(card.code for card in shown.cards)
    return parse_category(text), None


_HAND_PUNCTUATION = str.maketrans("[]():,", "      ")


def claim(game: Game, text: str) -> Claim:
    """A claim as the commands take it: ``PLAYER:HAND``, ``pass``, ``tie``, ``tie:HAND``."""
    return parse_claim(
        text, game.players, ace_low_straight=game.rules.hands.ace_low_straight, allow_prefix=True
    )


def spoken_claim(game: Game, text: str) -> Claim:
    """A claim as said aloud in ``play``: ``PLAYER HAND`` (or ``PLAYER:HAND``), Enter or
    ``pass``, ``tie [HAND]``, ``PLAYER fyrtal nolla``."""
    stripped = " ".join(text.split())
    if stripped.casefold() in NOBODY:
        return Claim(None)
    if ":" in stripped:
        return claim(game, stripped)
    head, rest = split_player(game, stripped)
    if head.casefold() in TIE:
        return claim(game, f"tie:{rest}")
    name = player(game, head)
    rest, taken = _spoken_opponent(rest)
    words = rest.split()
    zero = bool(words) and words[-1].casefold() in ZERO
    if zero:
        rest = " ".join(words[:-1])
    if not rest:
        raise EntryError(
            Msg("say which hand {name} had, e.g. '{name} two pair' or five cards", name=name),
        )
    return claim(game, f"{name}:{rest}{':zero' if zero else ''}{taken}")


def _spoken_opponent(rest: str) -> tuple[str, str]:
    """``kåk från bo`` -> ``("kåk", ":från:bo")``: the words before the first ``från`` (or
    ``from``), and the opponent in the form `claim` reads (``":från"`` alone for "från"
    with nobody after it); ``(rest, "")`` when no opponent is named.  The first: no hand
    holds the word, and an opponent may (``kåk från från``, ``kåk från Bo från Ystad``)."""
    words = rest.split()
    marks = [index for index, word in enumerate(words) if word.casefold() in FROM]
    if not marks:
        return rest, ""
    at = marks[0]
    named = " ".join(words[at + 1 :])
    return " ".join(words[:at]), ":från" + (f":{named}" if named else "")


def spoken_last_trick(game: Game, text: str) -> tuple[str, bool, str]:
    """The last trick as said in ``play``: ``Anna``, ``Anna 2`` (with a two), ``Anna från
    Bo``, ``sista Anna 2 från Bo``.  The taker as `trick_event` reads it (``Anna:från:Bo``),
    whether it was won with a two, and any words left that say neither ("" if none)."""
    words = text.split()
    if len(words) > 1 and words[0].casefold() in ("sista", "last"):
        try:
            player(game, words[0])
        except EntryError:  # "sista" is no player's name here: the question's own word
            text = " ".join(words[1:])
    head, rest = split_player(game, text)
    rest, taken = _spoken_opponent(rest)
    with_two = rest.casefold() in WITH_TWO
    return head + taken, with_two, "" if with_two else rest


def split_player(game: Game, text: str) -> tuple[str, str]:
    """``"Bo två par"`` -> ``("Bo", "två par")``; a name with a space is matched whole."""
    folded = text.casefold()
    for name in sorted(game.players, key=len, reverse=True):
        if " " in name and (folded == name.casefold() or folded.startswith(name.casefold() + " ")):
            return name, text[len(name) :].strip()
    head, _, rest = text.partition(" ")
    return head, rest.strip()


def taking(game: Game, text: str, opponent: str | None = None) -> Taking:
    """Who took the last trick, and the opponent the points are taken off (None: added to
    the taker's total): ``Anna``, ``Anna:från:Bo``, ``Anna:från`` at a table of two, or
    ``opponent`` given apart (``tricks Anna --from Bo``)."""
    return parse_taking(text, game.players, opponent=opponent, allow_prefix=True)


def parse_taking(
    text: str,
    players: Sequence[str],
    *,
    opponent: str | None = None,
    allow_prefix: bool = False,
) -> Taking:
    """`taking` at a table of ``players``: what `Taking.text` prints reads back to the
    same value for every name, ``from`` too (``Anna:from:from`` takes off the player
    ``from``: the opponent is whatever follows the keyword)."""
    head, colon, rest = text.partition(":")
    name = resolve_player(head if colon else text, players, allow_prefix=allow_prefix)
    if colon:
        mark, _, named = rest.partition(":")
        if mark.strip().casefold() not in FROM:
            raise EntryError(
                Msg(
                    "'{text}': write the player who took the last trick, or PLAYER:från:OPPONENT to take the points off an opponent",
                    text=text,
                ),
            )
        if opponent is not None:
            raise EntryError(
                Msg("'{text}' names the opponent already; give it once", text=text)
            )
        opponent = named if named.strip() else None
        if opponent is None:
            return Taking(name, only_opponent(name, players, text))
    if opponent is None:
        return Taking(name)
    return Taking(name, resolve_player(opponent, players, allow_prefix=allow_prefix))
