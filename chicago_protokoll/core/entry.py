"""What happens at the table, as values, into events: the one way to the record.

Every front end hands its entry here, read at its own edge: the whole-deal command
``deal`` (and ``edit``, which corrects a deal with the same options), the
single-moment commands (``buy``, ``declare``, ``tricks``, ``showdown``, ``royal``,
``exchange``), the guided ``play`` and the phone's forms.  A hand claim is a `Claim`,
the last trick a `Taking`, an exchange a seat and its counts: the command line and
``play`` read text into them (`core.claims`: ``typed_deal``, ``claim``,
``spoken_claim``, ``taking``), the phone builds them from its choices.  So a claim
means the same wherever it was made, and nothing here reads a claim from text.

This module builds events; the engine judges.  Parts of a deal that do not go
together are an `OptionConflict` naming the `DealPart` (a usage error; the CLI knows
which option gives it).  Whether an event is allowed (a Chicago under 15 points, an
exchange under köpstopp, a deal left without its last trick, a seat not at the table)
is decided once, by `Game.apply` and the engine's other checks, never here.

The single-moment entries still take a player as typed (``declare Anna``, ``royal
an``): a name in any case or a unique start of it is the seat (`player`); a
seat's own name is itself, as the phone sends it.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from ..i18n.language import Msg
from .errors import DealPart, EntryError, OptionConflict, Rule, RuleViolation
from .events import (
    BuyWinner,
    ChicagoBroken,
    ChicagoDeclared,
    ChicagoWon,
    Claim,
    Event,
    Exchange,
    Forfeit,
    LastTrick,
    Note,
    Penalty,
    Royal,
    Showdown,
    Taking,
)
from .game import Game
from .names import remark_problem, remark_text, shown
from .rules import LIMIT
from .session import resolve_player


def player(game: Game, text: str) -> str:
    """The seat ``text`` names: the name in any case, or a unique start of it (as
    `claims.player`, which reads text; this module needs no reader)."""
    return resolve_player(text, game.players, allow_prefix=True)


def buy_event(game: Game, said: Claim) -> BuyWinner | Showdown:
    """The best hand of the next scored köp of the deal being played."""
    return said.event(game.deal, buy=game.hands_scored + 1)


def showdown_event(game: Game, said: Claim) -> BuyWinner | Showdown:
    """The best hand shown after the tricks."""
    return said.event(game.deal, buy=None)


def chosen_hand(
    game: Game, who: str, hand: str = "", opponent: str = "", *, showdown: bool = False
) -> BuyWinner | Showdown:
    """The phone's tapped best hand (`Claim.from_choices`: who, the hand's slug with its
    switches, whose total the points come off) as the next scored köp's event, or the
    showdown's: built from the choices in one step, never printed and read again."""
    said = Claim.from_choices(who, hand, opponent)
    return showdown_event(game, said) if showdown else buy_event(game, said)


# -- Chicago, the tricks, a royal --------------------------------------------------


def declare_event(game: Game, text: str) -> ChicagoDeclared:
    """PLAYER declares Chicago."""
    return ChicagoDeclared(game.deal, player(game, text))


def trick_event(game: Game, took: Taking) -> Event:
    """Who took the trick that decides the deal's scoring.

    The last trick; after a Chicago, its outcome instead: the declarer took all five,
    anyone else broke it (the deal ends at the first trick another player takes).
    A taking from an opponent takes the last trick's points off their total.
    """
    name, taken, with_two = took.player, took.opponent, took.with_two
    if game.chicago is not None and not game.tricks_done:
        if taken is not None:
            game.check_taking(name, taken)
            raise RuleViolation(
                Msg(
                    "a Chicago's points are never taken off an opponent: {declarer}'s Chicago scores for or against {declarer}, and breaking it gives only the breaker's bonus",
                    declarer=game.chicago,
                ),
                rule=Rule.TAKE_FROM_OPPONENT,
                key="scoring.take_from_opponent",
            )
        if with_two:
            raise OptionConflict(
                Msg("a two wins the last trick, and after a Chicago there is none"),
                part=DealPart.WITH_TWO,
            )
        if name == game.chicago:
            return ChicagoWon(game.deal, name)
        return ChicagoBroken(game.deal, name)
    return LastTrick(**took.said(), deal=game.deal)


def royal_event(game: Game, text: str) -> Royal:
    """PLAYER shows a royal straight flush."""
    return Royal(game.deal, player(game, text))


# -- exchanges ---------------------------------------------------------------------


def card_count(text: str) -> int:
    """A number of cards exchanged, as typed; whether it is 0-5 is the engine's rule."""
    try:
        return int(text.strip())
    except ValueError:
        raise EntryError(
            Msg("'{text}' is not a number of cards (0-5)", text=text),
        ) from None


def exchange_event(game: Game, text: str, count: int | str) -> Exchange:
    """Cards PLAYER exchanged in the köp being played.

    Past the scored köp, a player's next exchange is the next unscored köp they have
    not recorded (köp 2, then 3, where only köp 1 scores).  A scored köp waits for its
    best hand, so a second exchange there stays in that köp, and the engine refuses it
    as recorded already.
    """
    name = player(game, text)
    number = game.current_buy
    scored, buys = game.rules.game.scored_buys, game.rules.game.buys
    while (name, number) in game.exchanged and scored < number < buys:
        number += 1
    return Exchange(game.deal, name, number, card_count(count) if isinstance(count, str) else count)


def deal_exchanges(game: Game, name: str, counts: Sequence[int]) -> list[Exchange]:
    """The cards ``name`` exchanged in köp 1, 2, 3 of the deal being played."""
    buys = game.rules.game.buys
    if len(counts) > buys:
        raise RuleViolation(
            Msg.counted(
                "{name} has {n} exchange, but a deal has {buys} köp",
                "{name} has {n} exchanges, but a deal has {buys} köp",
                len(counts),
                name=name,
                buys=buys,
            ),
            rule=Rule.EXCHANGES_PER_DEAL,
            key="game.buys",
        )
    return [Exchange(game.deal, name, number, count) for number, count in enumerate(counts, start=1)]


# -- the revisor's entries ------------------------------------------------------------


def whole_number_text(text: str) -> bool:
    """Whether ``text`` is a whole number as typed (``12``, ``-3``, ``+7``), however many
    digits it has: int() reads no more than 4,300, and a number past that is still a
    number, refused for being past a bound, not for being no number."""
    digits = text[1:] if text[:1] in "+-" else text
    return digits.isdecimal()


def penalty_points(text: str) -> int:
    """POINTS of a penalty as typed; whether it is 1 or more is the engine's rule, the
    upper bound (`MAX_PENALTY`) this one's."""
    typed = text.strip()
    try:
        points = int(typed)
    except ValueError:
        if not whole_number_text(typed):
            raise EntryError(
                Msg("'{text}' is not a whole number of points for a penalty (1 or more)", text=shown(text)),
            ) from None
        # Thousands of digits: past the bound on either side; the refusal shows it as typed.
        if typed.startswith("-"):
            raise EntryError(
                Msg("a penalty takes whole points off a total, 1 or more, not {points}", points=typed)
            ) from None
        raise _over_the_bound(typed) from None
    return _bounded(points)


#: The most points one penalty takes: the bound on every number a table types for its
#: house rules (`rules.LIMIT`, so never more than the largest target).  Checked for new
#: input only, not by the engine: a file an earlier release wrote with a bigger penalty
#: still replays, and every reader shows it (the money arithmetic is exact for it).
MAX_PENALTY = LIMIT


def _bounded(points: int) -> int:
    if points > MAX_PENALTY:
        raise _over_the_bound(points)
    return points


def _over_the_bound(points: int | str) -> EntryError:
    return EntryError(
        Msg(
            "a penalty takes at most {max_penalty} points off a total, not {points}",
            max_penalty=MAX_PENALTY,
            points=points,
        ),
    )


def _remark(text: str, what: Msg) -> str:
    """A note or a reason as it is recorded (`names.remark_text`), or `EntryError` when it
    holds what no output may print as it is (`names.remark_problem`)."""
    kept = remark_text(text)
    problem = remark_problem(kept)
    if problem is not None:
        raise EntryError(Msg("{what} cannot be recorded: {problem}", what=what, problem=problem))
    return kept


def _reason(text: str) -> str:
    return _remark(text, Msg("the reason"))


def penalty_event(
    game: Game, text: str, points: int | str, reason: str, *, after_end: bool = False
) -> Penalty:
    """POINTS off PLAYER's total, in the deal an entry recorded now belongs to
    (`Game.entry_deal`: between deals, the deal just finished; after the game, its last).
    ``after_end``: the revisor's deduction in a closed night's finished game."""
    count = penalty_points(points) if isinstance(points, str) else _bounded(points)
    return Penalty(
        game.entry_deal, player(game, text), count, _reason(reason), after_end=after_end
    )


def forfeit_event(game: Game, text: str, reason: str, *, after_end: bool = False) -> Forfeit:
    """PLAYER loses the game at once.  ``after_end``: the revisor's ruling in a closed
    night's finished game (placed last; the game keeps its end)."""
    return Forfeit(game.entry_deal, player(game, text), _reason(reason), after_end=after_end)


def note_event(game: Game, text: str, deal: int | None = None) -> Note:
    """A remark on deal ``deal``, or on the deal an entry recorded now belongs to."""
    return Note(game.entry_deal if deal is None else deal, _remark(text, Msg("the note")))


# -- a whole deal ------------------------------------------------------------------


# The question each part of one result answers, as the table asks it.
MOMENTS = {
    DealPart.CHICAGO: Msg("who declared Chicago"),
    DealPart.BROKEN_BY: Msg("who broke the Chicago"),
    DealPart.LAST_TRICK: Msg("who took the last trick"),
    DealPart.SHOWDOWN: Msg("who had the best hand at the showdown"),
    DealPart.ROYAL: Msg("who showed a royal straight flush"),
}


def one_result(part: DealPart, values: Sequence[str] | None) -> str | None:
    """The one answer given for a part of a deal that is one scoring moment's one result.

    Each scoring moment has one result, so two answers are refused, not "the last one
    wins" (rules.md, "Cases the texts leave open, decided").
    """
    if not values:
        return None
    if len(values) > 1:
        raise OptionConflict(
            Msg(
                "{values_count} answers to {moment} ({values}); a scoring moment has one result: give one",
                values_count=len(values),
                moment=MOMENTS[part],
                values=", ".join(values),
            ),
            part=part,
        )
    return values[0]


#: A player's exchanges in a whole deal: the seat, and the cards exchanged in köp 1, 2, 3
#: (as many as given).  A pair, not a class: a recorded deal is read into it on the
#: read paths (`recorded.recorded_entry`), where every dataclass costs start-up time.
PlayerExchanges = tuple[str, tuple[int, ...]]


@dataclass(frozen=True, slots=True)
class DealEntry:
    """A whole deal as values: what ``chicago deal`` (and ``chicago edit``, ``play``'s
    correction, the phone's whole-deal form) hands the engine, read at the front end's
    edge (`claims.typed_deal` for what is typed; the phone builds it from its choices).

    ``buys`` are the scored köp's claims in order (left out at the end: a pass),
    ``exchanges`` each player's counts; ``chicago``, ``broken_by`` and ``royal`` a
    seat each, ``last_trick`` the taking (its two is ``with_two``), ``showdown`` the
    claim; None: not given.  Whether the seats are at the table is the engine's check.
    """

    buys: tuple[Claim, ...] = ()
    exchanges: tuple[PlayerExchanges, ...] = ()
    chicago: str | None = None
    broken_by: str | None = None
    last_trick: Taking | None = None
    with_two: bool = False
    showdown: Claim | None = None
    royal: str | None = None

    def refuse_parts_apart(self) -> None:
        """What a front end asks of the entry a person made: its parts go together
        (`refuse_parts_apart`).  Never asked of an entry read back from the file, where
        the engine has already judged each part in its turn (a royal after a declared
        Chicago is a legal game)."""
        refuse_parts_apart(
            chicago=self.chicago,
            broken_by=self.broken_by,
            last_trick=self.last_trick,
            with_two=self.with_two,
            showdown=self.showdown,
            royal=self.royal,
        )


def refuse_parts_apart(
    *,
    chicago: object | None,
    broken_by: object | None,
    last_trick: object | None,
    with_two: bool,
    showdown: object | None,
    royal: object | None,
) -> None:
    """`OptionConflict` for parts of a whole deal that do not go together, whether given
    as text (checked at the edge before anything is read) or as values: who broke a
    Chicago without who declared it, a royal beside anything played after it, and a last
    trick won with a two beside a Chicago (a Chicago deal has no last trick)."""
    if broken_by is not None and chicago is None:
        raise OptionConflict(
            Msg("a broken Chicago needs its declarer: name who declared it"),
            part=DealPart.BROKEN_BY,
        )
    if royal is not None and any(part is not None for part in (chicago, last_trick, showdown)):
        raise OptionConflict(
            Msg(
                "a royal straight flush wins the game at once: the deal has no Chicago, last trick or showdown after it"
            ),
            part=DealPart.ROYAL,
        )
    if with_two and chicago is not None:
        raise OptionConflict(
            Msg("a Chicago deal has no last trick to win with a two"),
            part=DealPart.WITH_TWO,
        )


def deal_events(game: Game, entry: DealEntry) -> Iterator[Event]:
    """The events of one whole deal, in the order they happen at the table.

    The caller applies each event to ``game`` before taking the next (as
    `store.recording.record` does; `apply_deal` is that loop): each is read on the
    game as the ones before left it, so a hand that wins the game, in a köp or at the
    showdown, ends the list there, and the deal then needs no last trick.  After the
    last event the engine checks that the deal is over (`Game.refuse_unfinished_deal`).
    """
    rules = game.rules.game
    number = game.deal
    if len(entry.buys) > rules.scored_buys:
        raise RuleViolation(
            Msg(
                "this table scores a hand after {scored_buys} köp, but {buy_options} --buy were given",
                scored_buys=rules.scored_buys,
                buy_options=len(entry.buys),
            ),
            rule=Rule.SCORED_KOP,
            key="game.scored_buys",
        )
    per_buy: dict[int, list[Exchange]] = {}
    for who, counts in entry.exchanges:
        for exchange in deal_exchanges(game, who, counts):
            per_buy.setdefault(exchange.buy, []).append(exchange)
    if entry.chicago is not None and (entry.last_trick is not None or entry.showdown is not None):
        _refuse_tricks_after_chicago(game, entry)
    for buy in range(1, rules.buys + 1):
        yield from per_buy.get(buy, [])
        if buy <= rules.scored_buys:
            said = entry.buys[buy - 1] if buy <= len(entry.buys) else Claim(None)
            yield said.event(number, buy=buy)
            if game.finished:  # a hand that wins the game ends the deal and the game
                if _anything_after(entry, per_buy, buy):
                    raise _won_in_the_kop(game, buy)
                return
    if entry.royal is not None:
        yield Royal(number, entry.royal)
    elif entry.chicago is not None:
        yield ChicagoDeclared(number, entry.chicago)
        if entry.broken_by is None:
            yield ChicagoWon(number, entry.chicago)
        else:
            yield ChicagoBroken(number, entry.broken_by)
    elif entry.last_trick is not None:
        took = entry.last_trick
        yield LastTrick(**{**took.said(), "with_two": entry.with_two or took.with_two}, deal=number)
        yield (entry.showdown or Claim(None)).event(number, buy=None)
    elif entry.showdown is not None:
        # A showdown without a last trick: shown before the first lead.  Whether this hand
        # may be (a four of a kind's nolla, a hand that wins the game) is the engine's
        # rule (`Game.ends_before_the_lead`), judged as it is applied.
        yield entry.showdown.event(number, buy=None)
    game.refuse_unfinished_deal(number)


def _won_in_the_kop(game: Game, buy: int) -> RuleViolation:
    """The rest of an entry after a köp whose hand won the game.  Not "the game is over
    … `chicago undo`": nothing of this entry is recorded, and undo would take back a
    correct event of the deal before."""
    award = game.entries[-1].awards[0]
    return RuleViolation(
        Msg(
            "{winner}'s hand in köp {buy} wins the game ({key}): the deal ends there, so nothing after köp {buy} can be recorded with it; leave out the rest",
            winner=award.player,
            buy=buy,
            key=award.key,
        ),
        rule=Rule.END_OF_GAME,
    )


def _anything_after(entry: DealEntry, per_buy: dict[int, list[Exchange]], buy: int) -> bool:
    """Whether the entry gives anything for the part of the deal after köp ``buy``."""
    later = (entry.chicago, entry.broken_by, entry.last_trick, entry.showdown, entry.royal)
    return (
        len(entry.buys) > buy
        or entry.with_two
        or any(value is not None for value in later)
        or any(number > buy for number in per_buy)
    )


def apply_deal(game: Game, entry: DealEntry) -> list[Event]:
    """Apply a whole deal to ``game``; the events applied.  A refusal leaves ``game`` part-way:
    apply to a game replayed for the purpose, and keep nothing of it on refusal."""
    events = []
    for event in deal_events(game, entry):
        game.apply(event)
        events.append(event)
    return events


def _refuse_tricks_after_chicago(game: Game, entry: DealEntry) -> None:
    """A Chicago deal given a last trick or a showdown: the rule, with a hint when the
    last trick's taker looks like the player who broke the Chicago."""
    hint_en: Msg | str = ""
    if entry.last_trick is not None and entry.broken_by is None:
        took = entry.last_trick.player
        if took != entry.chicago:
            hint_en = Msg("; if {taker} took a trick, write --broken-by {taker}", taker=took)
    raise RuleViolation(
        Msg(
            "a Chicago deal has no last trick and no showdown: after a Chicago nothing more is scored in that deal{hint}",
            hint=hint_en,
        ),
        rule=Rule.NO_LAST_TRICK_OR_SHOWDOWN_AFTER_A_CHICAGO,
    )
