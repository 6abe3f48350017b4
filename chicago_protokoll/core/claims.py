"""What is said at the table about a best hand or the last trick, read into a value.

In the shape of python-chess's ``Move`` (``Move.from_uci``, ``Board.parse_san``,
``move.uci()``, ``board.san(move)``): a `Claim` (`core.events`: who, the hand, the cards
if given, its modifiers) is read once from anything a person may type and printed by
the view that shows it:

- `parse_claim` (and `claim`, `spoken_claim` for a game) reads every form:
  ``PLAYER:HAND``, ``pass``, ``tie``, ``tie:HAND``, ``PLAYER:fyrtal:nolla``,
  ``PLAYER:HAND:från:OPPONENT`` (``:from:``), five cards for HAND, English or Swedish;
  in ``play`` also ``PLAYER HAND nolla från OPPONENT``.  The modifiers come from one
  table (`MODIFIERS`), in any order after the hand, each at most once; the word after
  ``från`` is always a player;
- `Claim.text` and `Claim.spoken` print the typed and the spoken forms (in English or
  Swedish), `Claim.words` the words of ``log`` and ``explain``, `Claim.choices` the
  phone's choices (and `switched_hands` the hands it offers with a switch set).

These readers of text are called from the command line (`cli/`), ``play``'s dialogue
and ``import`` only (tests/test_layers.py): every other front end builds the value.
The last trick's taker is read the same way (`Taking`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ..i18n.language import Msg
from .cards import Category, evaluate, looks_like_cards, parse_category
from .errors import CardError, EntryError
from .events import SWITCHES, Claim, Taking, taken_words
from .names import PlayerNameError
from .session import resolve_player

if TYPE_CHECKING:  # a claim is read for a game; the module needs no engine to load
    from .entry import DealEntry
    from .game import Game
    from .rules import HouseRules

__all__ = ["Claim", "Taking", "taken_words"]

# Words that answer "who?" with nobody; compared case-folded.
NOBODY = frozenset({"", "-", "pass", "p", "ingen", "nobody", "no", "nej", "n"})
# Words that, in place of a player, say the best hands were exactly equal ("tie:två par").
TIE = frozenset({"tie", "lika"})
# Words that, after a hand, ask for four of a kind to zero the opponents.
ZERO = frozenset({"zero", "nolla", "noll"})
# The word before the opponent whose total the points are taken off ("Anna:kåk:från:Bo").
FROM = frozenset({"från", "fran", "from"})
# Words after the taker that say the last trick was won with a two.
WITH_TWO = frozenset({"2", "två", "tvåa", "tvaa", "two", "med tvåa", "with two"})
#: The one table of a claim's and a taking's words, by the field each sets: the typed
#: and the spoken readers read it, `play` offers it on TAB, and a name that is one of
#: its words is refused for a new player (`names`).  Every field of `Claim` past who
#: and the hand has a row (tests/core/test_claim_fields.py).
MODIFIERS: dict[str, frozenset[str]] = {
    "tie": TIE,
    "zero": ZERO,
    "opponent": FROM,
    "with_two": WITH_TWO,
}
#: Every word of the table, case-folded: no new player may be called one of them.
MODIFIER_NAMES = frozenset(word for words in MODIFIERS.values() for word in words)
#: Where each row's word stands in what is typed: the refusal of a name that is one of
#: them shows it (`refuse_modifier_names`).  Every row has one.
MODIFIER_FORMS: dict[str, Callable[[str], Msg]] = {
    "tie": lambda word: Msg("{word}:HAND", word=word),
    "zero": lambda word: Msg("PLAYER:HAND:{word}", word=word),
    "opponent": lambda word: Msg("PLAYER:HAND:{word}:OPPONENT", word=word),
    "with_two": lambda word: Msg("PLAYER:{word}", word=word),
}



def _zero_offered(rules: HouseRules) -> tuple[Category, ...]:
    """A four of a kind, where its holder chooses whether it zeroes the others."""
    return (Category.FOUR_OF_A_KIND,) if rules.hands.four_of_a_kind_zeroes == "choice" else ()


#: The phone's choice of each switch (a field of `SWITCHES`): the hands it goes with at a
#: table of given house rules (none: no choice there), and what it says after the hand's
#: name ("Fyrtal — nolla de andra").  Every switch has one (tests/core/test_claim_fields.py):
#: the phone's pages offer what `switched_hands` lists, never a switch of their own.
SWITCH_CHOICES: dict[str, tuple[Callable[[HouseRules], tuple[Category, ...]], Msg]] = {
    "zero": (_zero_offered, Msg("zero the others")),
}
#: The house rule that lets each switch be said, and a value of it that does (the main
#: rule never does): the engine refuses the switch where it is off and scores it where
#: it is on (tests/core/test_claim_fields.py holds every switch to both).
SWITCH_RULES: dict[str, tuple[str, object]] = {
    "zero": ("hands.four_of_a_kind_zeroes", "choice"),
}


def switched_hands(rules: HouseRules) -> list[Claim]:
    """The hands with a switch set that the phone offers at a table of ``rules``, each as
    a claim of nobody in particular (player ``""``): its `Claim.choices` slug
    (``four-of-a-kind:zero``) is what the form sends, `Claim.from_choices` reads it back."""
    return [
        Claim("", hand).switched((name,))
        for name, (offered, _) in SWITCH_CHOICES.items()
        for hand in offered(rules)
    ]

def refuse_modifier_names(names: Sequence[str]) -> None:
    """At entry only (`new`, `play`, `again --add`, `night new`/`join`), as
    `names.refuse_lookalikes`: a new player called by a word of `MODIFIERS` is refused,
    since the readers would take the name for the modifier (``Anna:kåk:från`` with a
    player called ``från``).  A file that holds one still loads."""
    for name in names:
        folded = name.casefold()
        for field_name, words in MODIFIERS.items():
            if folded in words:
                raise PlayerNameError(
                    Msg(
                        "'{word}' is a word of a claim ({form}) and cannot be a player's name",
                        word=name,
                        form=MODIFIER_FORMS[field_name](name),
                    ),
                )


def player(game: Game, text: str) -> str:
    """The seat meant by ``text``: the name in any case, or a unique start of it
    ("an" is Anna at Anna/Bo/Cilla)."""
    return resolve_player(text, game.players, allow_prefix=True)


# -- hand claims ------------------------------------------------------------------


def _needs_a_hand(text: str) -> CardError:
    return CardError(
        Msg(
            "'{text}' needs a hand: write PLAYER:HAND like 'Anna:två par', or 'pass' or 'tie'",
            text=text,
        ),
    )


def parse_claim(
    text: str, players: Sequence[str], *, ace_low_straight: bool = True, allow_prefix: bool = False
) -> Claim:
    """Read ``PLAYER:HAND``, ``pass`` or ``tie`` (also ``tie:HAND``).

    HAND is a hand name in English or Swedish or five cards; after it, in any order and
    each once, the modifiers of `MODIFIERS`: ``nolla`` (``zero``) zeroes the opponents
    where the house rules allow it, ``från:OPPONENT`` takes the points off OPPONENT."""
    stripped = text.strip()
    folded = stripped.casefold()
    if folded in ("pass", "", "-", "ingen", "nobody"):
        return Claim(None)
    head, _, rest = stripped.partition(":")
    if head.casefold() in TIE:
        hand = _parse_hand(rest, ace_low_straight)[0] if rest.strip() else None
        return Claim(None, hand=hand, tie=True)
    if not rest.strip():
        raise _needs_a_hand(text)
    player = resolve_player(head, players, allow_prefix=allow_prefix)
    left, said = _modifiers(
        rest.split(":"), SWITCHES, player, players, allow_prefix=allow_prefix, text=text
    )
    hand_text = ":".join(left)
    if not hand_text.strip():
        raise _needs_a_hand(text)
    hand, cards = _parse_hand(hand_text, ace_low_straight)
    return _claim_said(Claim(player, hand, cards), said)


def _modifiers(
    parts: Sequence[str],
    switches: Sequence[str],
    player: str,
    players: Sequence[str],
    *,
    allow_prefix: bool,
    text: str,
    spoken: bool = False,
) -> tuple[list[str], dict[str, Any]]:
    """The parts that are no modifier (the hand), and the modifiers said, by field name.

    Read from `MODIFIERS`, in any order, each at most once.  The part after ``från`` is
    always a player (one may be called ``from``: ``kåk:from:from``); ``från`` last, or
    followed by nothing, names the other player at a table of two.  Spoken, the player
    after ``från`` may be a name with a space, matched whole."""
    left: list[str] = []
    said: dict[str, Any] = {}
    index = 0
    while index < len(parts):
        word = parts[index].strip().casefold()
        field_name = next(
            (name for name in ("opponent", *switches) if word in MODIFIERS[name]), None
        )
        if field_name is None:
            left.append(parts[index])
            index += 1
            continue
        if field_name in said:
            raise EntryError(
                Msg("'{text}' says '{word}' twice: say each once", text=text, word=parts[index].strip())
            )
        if field_name == "opponent":
            taken = 1 if not spoken else _name_length(parts[index + 1 :], players)
            named = " ".join(part.strip() for part in parts[index + 1 : index + 1 + taken])
            said["opponent"] = (
                resolve_player(named, players, allow_prefix=allow_prefix)
                if named
                else only_opponent(player, players, text)
            )
            index += 1 + taken
        else:
            said[field_name] = True
            index += 1
    return left, said


def _claim_said(claim: Claim, said: dict[str, Any]) -> Claim:
    """``claim`` with the modifiers read: every field the table names is carried whole."""
    return Claim(**{**claim.said(), **said})


def _name_length(words: Sequence[str], players: Sequence[str]) -> int:
    """How many of ``words`` a player's name takes: a name with a space whole, else one."""
    folded = [word.casefold() for word in words]
    for name in sorted(players, key=len, reverse=True):
        size = len(name.split())
        if size > 1 and folded[:size] == name.casefold().split():
            return size
    return min(1, len(words))


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
    ``pass``, ``tie [HAND]``, ``PLAYER fyrtal nolla``, ``PLAYER kåk från OPPONENT``: the
    modifiers of `MODIFIERS` in any order after the player, each once."""
    stripped = " ".join(text.split())
    if stripped.casefold() in NOBODY:
        return Claim(None)
    if ":" in stripped:
        return claim(game, stripped)
    head, rest = split_player(game, stripped)
    if head.casefold() in TIE:
        return claim(game, f"tie:{rest}")
    name = player(game, head)
    left, said = _modifiers(
        rest.split(), SWITCHES, name, game.players, allow_prefix=True, text=text, spoken=True
    )
    if not left:
        raise EntryError(
            Msg("say which hand {name} had, e.g. '{name} two pair' or five cards", name=name),
        )
    hand, cards = _parse_hand(" ".join(left), game.rules.hands.ace_low_straight)
    return _claim_said(Claim(name, hand, cards), said)


def spoken_last_trick(game: Game, text: str) -> tuple[Taking, str]:
    """The last trick as said in ``play``: ``Anna``, ``Anna 2`` (with a two), ``Anna från
    Bo``, ``sista Anna 2 från Bo``, the modifiers in any order.  The taking, and any
    words left that say nothing of it ("" if none)."""
    words = text.split()
    if len(words) > 1 and words[0].casefold() in ("sista", "last"):
        try:
            player(game, words[0])
        except EntryError:  # "sista" is no player's name here: the question's own word
            text = " ".join(words[1:])
    head, rest = split_player(game, text)
    name = player(game, head)
    left, said = _modifiers(
        rest.split(), (), name, game.players, allow_prefix=True, text=text, spoken=True
    )
    rest = " ".join(left)
    with_two = rest.casefold() in WITH_TWO
    opponent = said.get("opponent")
    assert opponent is None or isinstance(opponent, str)
    return Taking(name, with_two, opponent), "" if with_two else rest


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
    ``from``: the word after the keyword is always a player)."""
    head, colon, rest = text.partition(":")
    name = resolve_player(head if colon else text, players, allow_prefix=allow_prefix)
    said: dict[str, Any] = {}
    if colon:
        left, said = _modifiers(
            rest.split(":"), ("with_two",), name, players, allow_prefix=allow_prefix, text=text
        )
        if left:
            raise EntryError(
                Msg(
                    "'{text}': write the player who took the last trick, or PLAYER:från:OPPONENT to take the points off an opponent",
                    text=text,
                ),
            )
    if opponent is not None:
        if "opponent" in said:
            raise EntryError(
                Msg("'{text}' names the opponent already; give it once", text=text)
            )
        said["opponent"] = resolve_player(opponent, players, allow_prefix=allow_prefix)
    return Taking(**{"player": name, **said})


# -- a whole deal as typed ------------------------------------------------------------


def typed_exchanges(game: Game, text: str) -> tuple[str, tuple[int, ...]]:
    """``PLAYER:N[,N[,N]]``: the seat and the cards exchanged in köp 1, 2, 3; whether a
    deal has that many köp, and each count 0-5, is the engine's to judge."""
    player_text, _, counts_text = text.partition(":")
    if not counts_text:
        raise EntryError(
            Msg(
                "'{text}' should be PLAYER:N or PLAYER:N,N,N (cards exchanged in each köp)",
                text=text,
            ),
        )
    name = player(game, player_text)
    counts = []
    for count_text in counts_text.split(","):
        try:
            counts.append(int(count_text))
        except ValueError:
            raise EntryError(
                Msg(
                    "'{count_text}' is not a number of cards (0-5) in '{text}'",
                    count_text=count_text,
                    text=text,
                ),
            ) from None
    return name, tuple(counts)


def typed_deal(
    game: Game,
    /,
    *,
    buys: Sequence[str] = (),
    exchanges: Sequence[str] = (),
    chicago: str | None = None,
    broken_by: str | None = None,
    last_trick: str | None = None,
    with_two: bool = False,
    showdown: str | None = None,
    royal: str | None = None,
) -> DealEntry:
    """A whole deal as typed (``chicago deal``'s options, a row of the paper protocol),
    each part read into its value at the table of ``game``: the edge of the front ends
    that take text.  The parts' fit together is checked first, on the text, so a
    conflict is named before any part is read (`entry.refuse_parts_apart`)."""
    from .entry import DealEntry, refuse_parts_apart  # the engine, loaded by what records

    refuse_parts_apart(
        chicago=chicago,
        broken_by=broken_by,
        last_trick=last_trick,
        with_two=with_two,
        showdown=showdown,
        royal=royal,
    )
    return DealEntry(
        buys=tuple(claim(game, text) for text in buys),
        exchanges=tuple(typed_exchanges(game, text) for text in exchanges),
        chicago=None if chicago is None else player(game, chicago),
        broken_by=None if broken_by is None else player(game, broken_by),
        last_trick=None if last_trick is None else taking(game, last_trick),
        with_two=with_two,
        showdown=None if showdown is None else claim(game, showdown),
        royal=None if royal is None else player(game, royal),
    )
