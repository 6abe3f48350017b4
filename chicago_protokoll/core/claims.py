"""Reading a claim: who had the best hand, which hand, from whom the points are taken.

A claim is typed ``PLAYER:HAND`` on the command line (`parse_claim`, `claim`) and said
``PLAYER HAND`` in ``play`` (`spoken_claim`); the last trick's taker in ``play`` too
(`spoken_last_trick`).  core/entry.py turns a claim into the event of its moment.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..i18n.language import Msg
from .cards import Category, evaluate, looks_like_cards, parse_category
from .errors import CardError, EntryError
from .events import (
    BuyWinner,
    Showdown,
)
from .game import Game
from .session import resolve_player

# Words that answer "who?" with nobody; compared case-folded.
NOBODY = frozenset({"", "-", "pass", "p", "ingen", "nobody", "no", "nej", "n"})
# Words that, after a hand, ask for four of a kind to zero the opponents.
ZERO = frozenset({"zero", "nolla", "noll"})
# The word before the opponent whose total the points are taken off ("Anna:kåk:från:Bo").
FROM = frozenset({"från", "fran", "from"})


def player(game: Game, text: str) -> str:
    """The seat meant by ``text``: the name in any case, or a unique start of it
    ("an" is Anna at Anna/Bo/Cilla)."""
    return resolve_player(text, game.players, allow_prefix=True)


# -- hand claims ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class HandClaim:
    """WHO at a best-hand moment: a player and a hand, ``pass`` or ``tie``."""

    player: str | None
    hand: Category | None = None
    cards: str | None = None
    tie: bool = False
    zero: bool = False
    opponent: str | None = None

    def event(self, deal: int, *, buy: int | None) -> BuyWinner | Showdown:
        """The claim recorded as köp ``buy``'s best hand, or (``buy=None``) the showdown's."""
        if buy is None:
            return Showdown(
                deal, self.player, self.hand, self.cards, self.tie, self.zero, self.opponent
            )
        return BuyWinner(
            deal, self.player, self.hand, self.cards, self.tie, self.zero, self.opponent, buy=buy
        )


def parse_claim(
    text: str, players: Sequence[str], *, ace_low_straight: bool = True, allow_prefix: bool = False
) -> HandClaim:
    """Read ``PLAYER:HAND``, ``pass`` or ``tie`` (also ``tie:HAND``).

    HAND is a hand name in English or Swedish or five cards; ``PLAYER:fyrtal:zero``
    (or ``:nolla``) zeroes the opponents where the house rules allow it;
    ``PLAYER:HAND:från:OPPONENT`` takes the points off OPPONENT instead."""
    stripped = text.strip()
    folded = stripped.casefold()
    if folded in ("pass", "", "-", "ingen", "nobody"):
        return HandClaim(None)
    head, _, rest = stripped.partition(":")
    if head.casefold() in ("tie", "lika"):
        hand = _parse_hand(rest, ace_low_straight)[0] if rest.strip() else None
        return HandClaim(None, hand=hand, tie=True)
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
    for suffix in (":zero", ":nolla", ":noll"):
        if rest.casefold().rstrip().endswith(suffix):
            zero = True
            hand_text = rest.rstrip()[: -len(suffix)]
    hand, cards = _parse_hand(hand_text, ace_low_straight)
    return HandClaim(player, hand=hand, cards=cards, zero=zero, opponent=opponent)


def _taken_off(
    rest: str, player: str, players: Sequence[str], *, allow_prefix: bool, text: str
) -> tuple[str, str | None]:
    """``kåk:från:Bo`` -> ``("kåk", "Bo")``; ``kåk:från`` at a table of two names the
    other player; without ``:från`` the text is returned as it is, with no opponent.
    Whether the table takes points off an opponent at all is the engine's rule."""
    parts = rest.split(":")
    if parts[-1].strip().casefold() in FROM:
        return ":".join(parts[:-1]), only_opponent(player, players, text)
    if len(parts) >= 2 and parts[-2].strip().casefold() in FROM:
        named = parts[-1].strip()
        if not named:
            return ":".join(parts[:-2]), only_opponent(player, players, text)
        return ":".join(parts[:-2]), resolve_player(named, players, allow_prefix=allow_prefix)
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


def claim(game: Game, text: str) -> HandClaim:
    """A claim as the commands take it: ``PLAYER:HAND``, ``pass``, ``tie``, ``tie:HAND``."""
    return parse_claim(
        text, game.players, ace_low_straight=game.rules.hands.ace_low_straight, allow_prefix=True
    )


def spoken_claim(game: Game, text: str) -> HandClaim:
    """A claim as said aloud in ``play``: ``PLAYER HAND`` (or ``PLAYER:HAND``), Enter or
    ``pass``, ``tie [HAND]``, ``PLAYER fyrtal nolla``."""
    stripped = " ".join(text.split())
    if stripped.casefold() in NOBODY:
        return HandClaim(None)
    if ":" in stripped:
        return claim(game, stripped)
    head, rest = split_player(game, stripped)
    if head.casefold() in ("tie", "lika"):
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
    """``kåk från bo`` -> ``("kåk", ":från:bo")``: the words before the last ``från`` (or
    ``from``), and the opponent in the form `claim` reads (``":från"`` alone for "från"
    with nobody after it); ``(rest, "")`` when no opponent is named."""
    words = rest.split()
    marks = [index for index, word in enumerate(words) if word.casefold() in FROM]
    if not marks:
        return rest, ""
    at = marks[-1]
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
    with_two = rest.casefold() in _WITH_TWO
    return head + taken, with_two, "" if with_two else rest


# Words after the taker that say the last trick was won with a two.
_WITH_TWO = frozenset({"2", "två", "tvåa", "tvaa", "two", "med tvåa", "with two"})


def split_player(game: Game, text: str) -> tuple[str, str]:
    """``"Bo två par"`` -> ``("Bo", "två par")``; a name with a space is matched whole."""
    folded = text.casefold()
    for name in sorted(game.players, key=len, reverse=True):
        if " " in name and (folded == name.casefold() or folded.startswith(name.casefold() + " ")):
            return name, text[len(name) :].strip()
    head, _, rest = text.partition(" ")
    return head, rest.strip()


