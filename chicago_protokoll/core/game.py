"""The replay engine: events in, standings out, every rule checked on the way.

`Game` applies one event at a time.  Each event is checked completely before
anything changes, so a refused event (`RuleViolation`) leaves the game exactly
as it was.  `replay(session)` is the only way totals come about: the session
file holds events, never scores.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace

from ..i18n.language import Joined, Msg
from .cards import Card, Category, best_indexes, evaluate
from .errors import CardError, ChicagoError, RuleViolation
from .events import (
    BuyWinner,
    ChicagoBroken,
    ChicagoDeclared,
    ChicagoWon,
    Correction,
    Event,
    Exchange,
    HandEvent,
    LastTrick,
    Royal,
    Showdown,
)
from .names import check_player_names, typed_name
from .rules import PRESETS, HouseRules

RESERVED_NAMES = {"pass", "tie", "nobody", "ingen", "lika"}


class Moment(enum.Enum):
    """The next scoring moment of the deal being played."""

    BUY = "buy"  # köp N: the best hand after an exchange
    TRICKS = "tricks"  # Chicago may be declared, then the last trick
    CHICAGO = "chicago"  # a Chicago was declared: did it succeed?
    SHOWDOWN = "showdown"  # the best hand after the tricks
    OVER = "over"  # the game is finished


@dataclass(frozen=True, slots=True)
class Award:
    """A change to one player's total and the rule behind it.

    ``points`` is what the total really moved; ``nominal`` is what the rule
    gives before the zero floor clips it.
    """

    player: str
    points: int
    nominal: int
    rule: str
    key: str


@dataclass(frozen=True, slots=True)
class Entry:
    """One applied event with the awards it gave."""

    event: Event
    awards: tuple[Award, ...]
    totals: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class DealRecord:
    """One deal (giv): who dealt, what was recorded, the totals after it."""

    number: int
    dealer: str
    forehand: str
    buy_stop: tuple[str, ...]
    entries: tuple[Entry, ...]
    totals: tuple[int, ...]
    complete: bool

    start: tuple[int, ...] = ()

    def points_of(self, index: int) -> int:
        """What this deal changed in the total of the player in seat ``index``."""
        return self.totals[index] - self.start[index]


@dataclass(frozen=True, slots=True)
class PlayerStanding:
    name: str
    score: int
    buy_stop: bool
    may_declare_chicago: bool
    chicagos_won: int
    chicagos_declared: int


@dataclass(frozen=True, slots=True)
class Standings:
    """Everything the table wants to know after a prefix of the events."""

    players: tuple[PlayerStanding, ...]
    deal: int
    dealer: str
    forehand: str
    moment: Moment
    buy: int | None
    chicago: str | None
    finished: bool
    winners: tuple[str, ...]
    deals: tuple[DealRecord, ...]
    rules: HouseRules

    def score(self, name: str) -> int:
        return next(p.score for p in self.players if p.name == name)

    @property
    def scores(self) -> dict[str, int]:
        return {p.name: p.score for p in self.players}

    @property
    def leader(self) -> str | None:
        best = max(p.score for p in self.players)
        leaders = [p.name for p in self.players if p.score == best]
        return leaders[0] if len(leaders) == 1 else None


@dataclass(frozen=True, slots=True)
class Session:
    """A game as recorded: the seats, the first dealer, the house rules and the events."""

    players: tuple[str, ...]
    rules: HouseRules = field(default_factory=HouseRules)
    first_dealer: str = ""
    events: tuple[Event, ...] = ()
    name: str = ""
    created: str = ""
    # The history of `chicago edit`; the events above are the record as corrected.
    corrections: tuple[Correction, ...] = ()

    def __post_init__(self) -> None:
        if not self.first_dealer and self.players:
            object.__setattr__(self, "first_dealer", self.players[0])

    def with_event(self, event: Event) -> Session:
        return replace(self, events=(*self.events, event))

    def without_last_event(self) -> Session:
        return replace(self, events=self.events[:-1])


def new_session(
    players: Sequence[str],
    rules: HouseRules | None = None,
    *,
    dealer: str | None = None,
    name: str = "",
    created: str = "",
) -> Session:
    """A new game; refuses a table size the rules do not allow and unusable names."""
    rules = rules or HouseRules()
    names = check_player_names(players)  # plain, visible, distinct text (core/names.py)
    low, high = rules.game.min_players, rules.game.max_players
    if not low <= len(names) <= high:
        key = "game.min_players" if len(names) < low else "game.max_players"
        count = len(names)
        # Say what allows the table: a preset, else the key in a house-rules file.
        allowing = [
            name
            for name, (_, preset_rules) in PRESETS.items()
            if preset_rules.game.min_players <= count <= preset_rules.game.max_players
        ]
        hint: Msg | str = ""
        if allowing:
            hint = Msg("; --preset {preset} allows {count}", preset=allowing[0], count=count)
        raise RuleViolation(
            Msg(
                "Chicago at this table is for {low} to {high} players, not {count}{hint}",
                low=low,
                high=high,
                count=count,
                hint=hint,
            ),
            rule="table size",
            key=key,
        )
    seen: set[str] = set()
    for player in names:
        if not player:
            raise ChicagoError(Msg("a player's name cannot be empty"))
        if player.casefold() in RESERVED_NAMES:
            raise ChicagoError(
                Msg(
                    "'{player}' cannot be a player's name: it means something else",
                    player=player,
                ),
            )
        if any(ch in player for ch in ":,") or player.startswith("-"):
            raise ChicagoError(
                Msg(
                    "'{player}' cannot be a player's name: leave out ':' and ',' and a leading '-'",
                    player=player,
                ),
            )
        if player.casefold() in seen:
            raise ChicagoError(
                Msg(
                    "two players are called '{player}': give each a different name",
                    player=player,
                ),
            )
        seen.add(player.casefold())
    first = resolve_player(dealer, names) if dealer else names[0]
    return Session(players=names, rules=rules, first_dealer=first, name=name, created=created)


def resolve_player(text: str, players: Sequence[str], *, allow_prefix: bool = False) -> str:
    """The seat name meant by ``text``: exact, then case-insensitive, then (if allowed) a
    unique prefix.  Unknown names are refused with the names there are."""
    wanted = typed_name(text)  # NFC: 'Åsa' typed decomposed is the seat 'Åsa'
    if wanted in players:
        return wanted
    folded = [p for p in players if p.casefold() == wanted.casefold()]
    if len(folded) == 1:
        return folded[0]
    if allow_prefix and wanted:
        matches = [p for p in players if p.casefold().startswith(wanted.casefold())]
        if len(matches) == 1:
            return matches[0]
        if len(matches) > 1:
            raise RuleViolation(
                Msg(
                    "'{text}' could be {matches}: type more of the name",
                    text=text,
                    matches=Joined(matches, Msg(" or ")),
                ),
                rule="players",
            )
    import difflib  # only on this error path: it imports re, which start-up avoids

    close = difflib.get_close_matches(wanted.casefold(), [p.casefold() for p in players], n=1)
    guess = next((p for p in players if close and p.casefold() == close[0]), None)
    hint = Msg(" (did you mean {guess}?)", guess=guess) if guess else ""
    raise RuleViolation(
        Msg(
            "'{text}' is not at this table; the players are {players}{hint}",
            text=text,
            players=", ".join(players),
            hint=hint,
        ),
        rule="players",
    )


def best_of(
    hands: Sequence[str | Iterable[str] | Iterable[Card]], rules: HouseRules | None = None
) -> int | None:
    """The index of the single best of several shown hands, or None for an exact tie.

    Each hand is five cards (``"KH KS 9D 9H 3C"`` or a list of cards).  The house
    rules decide whether A-2-3-4-5 is a straight (``hands.ace_low_straight``) and
    whether suits break a tie (``hands.ties = "suit"``: hearts > spades > diamonds
    > clubs); in the main rule two hands equal in rank tie, and nobody scores.  A
    tie for second place does not matter.  The best hand may be a high card, which
    wins the comparison but scores nothing.  `CardError` for unreadable cards.
    """
    rules = rules or HouseRules()
    if not hands:
        raise CardError(
            Msg("compare at least one hand of five cards")
        )
    results = [evaluate(hand, ace_low_straight=rules.hands.ace_low_straight) for hand in hands]
    best = best_indexes(results, suit_ties=rules.hands.ties == "suit")
    return best[0] if len(best) == 1 else None


@dataclass(frozen=True, slots=True)
class Check:
    """One rule between a player and a declaration: met or not, said for `why`, and the
    refusal the engine raises when it is not met.

    ``pending`` marks the one rule that is not met yet but will be by the game's own
    course (the timing during the scored köp): it does not decide whether the player
    may declare, only when.
    """

    rule: str
    met: bool
    text: Msg
    refusal: RuleViolation | None = None
    pending: bool = False


# Which unmet rule a refused declaration names first.
_DECLARE_REFUSAL_ORDER = (
    "end of game",
    "one Chicago per deal",
    "Chicago before the tricks",
    "timing",
    "Chicago needs a minimum score",
    "Chicagos per player",
)


def declare_checks(
    rules: HouseRules,
    *,
    name: str,
    score: int,
    declared: int,
    moment: Moment,
    chicago: str | None,
    deal: int,
    buy: int | None = None,
    winners: Sequence[str] = (),
) -> list[Check]:
    """Every rule between ``name`` and a Chicago declaration, in the order `why` tells them.

    ``buy`` is the scored köp being played (during the köp).  The engine refuses a
    declaration by the first unmet check (`Game._declare_refusal`), the standings'
    ``may_declare_chicago`` is "none unmet but the timing", and ``chicago why
    declare`` shows them all: one set of checks for all three.
    """
    if moment is Moment.OVER:
        return [Check("end of game", False, Msg("the game is over"), _over(winners))]
    limits = rules.chicago
    checks: list[Check] = []
    minimum = limits.min_score
    if minimum == 0:
        checks.append(
            Check(
                "Chicago needs a minimum score",
                True,
                Msg("Chicago may be declared at any score (chicago.min_score = 0)"),
            )
        )
    else:
        text = Msg.counted(
            "{name} has {n} point; declaring takes at least {minimum}, counted when declaring (chicago.min_score)",
            "{name} has {n} points; declaring takes at least {minimum}, counted when declaring (chicago.min_score)",
            score,
            name=name,
            minimum=minimum,
        )
        if score < minimum and moment is Moment.BUY:
            text = Msg(
                "{text}; {points_short} more would do, and köp {buy} still scores",
                text=text,
                points_short=minimum - score,
                buy=buy,
            )
        checks.append(
            Check(
                "Chicago needs a minimum score",
                score >= minimum,
                text,
                RuleViolation(
                    Msg.counted(
                        "{name} has {n} point and may not declare Chicago: it takes at least {min_score}",
                        "{name} has {n} points and may not declare Chicago: it takes at least {min_score}",
                        score,
                        name=name,
                        min_score=minimum,
                    ),
                    rule="Chicago needs a minimum score",
                    key="chicago.min_score",
                ),
            )
        )
    most = limits.max_per_player
    if most == 0:
        checks.append(
            Check(
                "Chicagos per player",
                True,
                Msg("no limit on Chicagos per player (chicago.max_per_player = 0)"),
            )
        )
    else:
        checks.append(
            Check(
                "Chicagos per player",
                declared < most,
                Msg.counted(
                    "{name} has declared {times_declared} of at most {n} Chicago in a game (chicago.max_per_player)",
                    "{name} has declared {times_declared} of at most {n} Chicagos in a game (chicago.max_per_player)",
                    most,
                    name=name,
                    times_declared=declared,
                ),
                RuleViolation(
                    Msg.counted(
                        "{name} has already declared {n} Chicago, the most a player may in one game",
                        "{name} has already declared {n} Chicagos, the most a player may in one game",
                        declared,
                        name=name,
                    ),
                    rule="Chicagos per player",
                    key="chicago.max_per_player",
                ),
            )
        )
    if chicago is None:
        checks.append(
            Check(
                "one Chicago per deal",
                True,
                Msg("one Chicago per deal: nobody has declared in deal {deal}", deal=deal),
            )
        )
    else:
        checks.append(
            Check(
                "one Chicago per deal",
                False,
                Msg(
                    "one Chicago per deal: {declarer} has already declared in deal {deal}",
                    declarer=chicago,
                    deal=deal,
                ),
                RuleViolation(
                    Msg(
                        "{declarer} has already declared Chicago in this deal; only one may",
                        declarer=chicago,
                    ),
                    rule="one Chicago per deal",
                ),
            )
        )
    if moment is Moment.SHOWDOWN:
        checks.append(
            Check(
                "Chicago before the tricks",
                False,
                Msg(
                    "before the first lead: the tricks of deal {deal} are already played",
                    deal=deal,
                ),
                RuleViolation(
                    Msg(
                        "Chicago is declared before the first lead, and the tricks are already played",
                    ),
                    rule="Chicago before the tricks",
                ),
            )
        )
    elif moment is Moment.BUY:
        scored = rules.game.scored_buys
        checks.append(
            Check(
                "timing",
                False,
                Msg(
                    "not yet: Chicago is declared after the last scored köp, before the first lead (game.scored_buys = {scored_buys}); köp {buy} comes first",
                    scored_buys=scored,
                    buy=buy,
                ),
                RuleViolation(
                    Msg(
                        "Chicago is declared after the last köp; record köp {buy} first (its best hand, or pass)",
                        buy=buy,
                    ),
                    rule="Chicago before the tricks",
                    key="game.scored_buys",
                ),
                pending=True,
            )
        )
    elif chicago is None:
        checks.append(
            Check(
                "Chicago before the tricks",
                True,
                Msg("before the first lead: the tricks are not played yet"),
            )
        )
    return checks


class Game:
    """The state of one game, advanced one event at a time."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.rules = session.rules
        self.players = session.players
        self.scores = [0] * len(self.players)
        self.chicagos_won = [0] * len(self.players)
        self.chicagos_declared = [0] * len(self.players)
        self.finished = False
        self.winners: tuple[str, ...] = ()
        self.deals: list[DealRecord] = []
        self._dealer = self.players.index(session.first_dealer)
        self._start_deal(1)

    # -- the deal in progress -------------------------------------------------

    def _start_deal(self, number: int) -> None:
        self.deal = number
        self.hands_scored = 0
        self.exchanged: dict[tuple[str, int], int] = {}
        self.chicago: str | None = None
        self.tricks_done = False
        self.entries: list[Entry] = []
        self.deal_start = tuple(self.scores)
        threshold = self.rules.buy_stop.threshold
        self.buy_stop = tuple(
            name
            for name, score in zip(self.players, self.scores, strict=True)
            if threshold is not False and score >= threshold
        )

    @property
    def dealer(self) -> str:
        return self.players[self._dealer]

    @property
    def forehand(self) -> str:
        return self.players[(self._dealer + 1) % len(self.players)]

    @property
    def moment(self) -> Moment:
        if self.finished:
            return Moment.OVER
        if self.hands_scored < self.rules.game.scored_buys:
            return Moment.BUY
        if self.chicago is not None:
            return Moment.CHICAGO
        if self.tricks_done:
            return Moment.SHOWDOWN
        return Moment.TRICKS

    @property
    def current_buy(self) -> int:
        """The köp whose exchanges are being recorded now (1-based)."""
        return min(self.hands_scored + 1, self.rules.game.buys)

    def may_declare(self, name: str) -> bool:
        return self._declare_refusal(name) is None

    def declare_checks(self, name: str) -> list[Check]:
        """Every rule between ``name`` and a Chicago declaration now (see `declare_checks`)."""
        index = self.players.index(name)
        return declare_checks(
            self.rules,
            name=name,
            score=self.scores[index],
            declared=self.chicagos_declared[index],
            moment=self.moment,
            chicago=self.chicago,
            deal=self.deal,
            buy=self.hands_scored + 1,
            winners=self.winners,
        )

    def _declare_refusal(self, name: str, *, at_moment: bool = False) -> RuleViolation | None:
        """The refusal of a declaration by ``name``, None if it is allowed.

        Without ``at_moment`` the timing is left out (it is met by the game's own course:
        "may declare" holds during the köp, for the declaration that comes after them).
        """
        checks = {check.rule: check for check in self.declare_checks(name)}
        for rule in _DECLARE_REFUSAL_ORDER:
            check = checks.get(rule)
            if check is None or check.met or (check.pending and not at_moment):
                continue
            return check.refusal
        return None

    def refuse_if_over(self) -> None:
        """`RuleViolation` naming the winners once the game is over: nothing more is recorded."""
        if self.finished:
            raise _over(self.winners)

    def refuse_unfinished_deal(self, number: int) -> None:
        """`RuleViolation` unless deal ``number``, recorded as a whole, is over.

        A deal ends with its last trick (and the showdown), with a Chicago's outcome, or
        with a hand that wins the game, in whatever phase it is shown.
        """
        if self.finished or self.deal != number:
            return
        raise RuleViolation(
            Msg(
                "deal {number} is not over: a deal without a Chicago needs its last trick (someone always takes it)",
                number=number,
            ),
            rule="last trick",
        )

    # -- applying events ------------------------------------------------------

    def apply(self, event: Event) -> Entry:
        """Check the event against every rule, then apply it.  Refusal changes nothing."""
        if self.finished:
            raise _over(self.winners)
        self._after_chicago(event)
        if event.deal != self.deal:
            raise RuleViolation(
                Msg(
                    "this event belongs to deal {deal}, but deal {current_deal} is being played",
                    deal=event.deal,
                    current_deal=self.deal,
                ),
                rule="deal order",
            )
        awards: list[Award]
        if isinstance(event, Royal):
            self._known(event.player)
            royal = self.rules.hands.royal_straight_flush
            if royal != "win":
                raise RuleViolation(
                    Msg(
                        "at this table a royal straight flush scores {points} points as the best hand of a köp or the showdown; it does not end the game",
                        points=royal,
                    ),
                    rule="royal straight flush",
                    key="hands.royal_straight_flush",
                )
            awards = self._instant_win(event.player, "royal", "hands.royal_straight_flush")
            return self._commit(event, awards, end_deal=False)
        if isinstance(event, Exchange):
            self._check_exchange(event)
            self.exchanged[(event.player, event.buy)] = event.count
            return self._commit(event, [], end_deal=False)
        if isinstance(event, BuyWinner):
            self._check_buy(event)
            awards, instant = self._hand_awards(event, f"buy{event.buy}")
            self.hands_scored += 1
            return self._commit(event, awards, end_deal=False, instant=instant)
        if isinstance(event, ChicagoDeclared):
            self._known(event.player)
            refusal = self._declare_refusal(event.player, at_moment=True)
            if refusal:
                raise refusal
            self.chicago = event.player
            self.chicagos_declared[self.players.index(event.player)] += 1
            return self._commit(event, [], end_deal=False)
        if isinstance(event, ChicagoWon):
            self._known(event.player)
            self._check_chicago_outcome()
            if event.player != self.chicago:
                raise RuleViolation(
                    Msg(
                        "{declarer} declared the Chicago, not {player}; if {player} took a trick, the Chicago was broken",
                        declarer=self.chicago,
                        player=event.player,
                    ),
                    rule="Chicago outcome",
                )
            self.chicagos_won[self.players.index(event.player)] += 1
            awards = [
                self._award(
                    event.player, self.rules.chicago.success, "chicago_won", "chicago.success"
                )
            ]
            self.tricks_done = True
            return self._commit(event, awards, end_deal=True)
        if isinstance(event, ChicagoBroken):
            self._known(event.breaker)
            self._check_chicago_outcome()
            declarer = self.chicago
            assert declarer is not None
            if event.breaker == declarer:
                raise RuleViolation(
                    Msg(
                        "{declarer} cannot break their own Chicago; name the player who took a trick",
                        declarer=declarer,
                    ),
                    rule="Chicago outcome",
                )
            awards = [
                self._award(
                    declarer, self.rules.chicago.failure, "chicago_broken", "chicago.failure"
                )
            ]
            if self.rules.chicago.breaker_bonus:
                awards.append(
                    self._award(
                        event.breaker,
                        self.rules.chicago.breaker_bonus,
                        "breaker_bonus",
                        "chicago.breaker_bonus",
                    )
                )
            self.tricks_done = True
            return self._commit(event, awards, end_deal=True)
        if isinstance(event, LastTrick):
            self._known(event.player)
            self._check_last_trick()
            if event.with_two:
                points, rule, key = (
                    self.rules.scoring.last_trick_with_two,
                    "last_trick_with_two",
                    "scoring.last_trick_with_two",
                )
            else:
                points, rule, key = (
                    self.rules.scoring.last_trick,
                    "last_trick",
                    "scoring.last_trick",
                )
            awards = [self._award(event.player, points, rule, key)]
            self.tricks_done = True
            return self._commit(event, awards, end_deal=False)
        if isinstance(event, Showdown):
            self._check_showdown(event)
            awards, instant = self._hand_awards(event, "showdown")
            return self._commit(event, awards, end_deal=not instant, instant=instant)
        raise TypeError(f"not an event: {event!r}")  # pragma: no cover - typing keeps this out

    def _known(self, name: str | None) -> None:
        if name is not None and name not in self.players:
            raise RuleViolation(
                Msg(
                    "'{name}' is not at this table; the players are {players}",
                    name=name,
                    players=', '.join(self.players),
                ),
                rule="players",
            )

    def _check_exchange(self, event: Exchange) -> None:
        self._known(event.player)
        buys = self.rules.game.buys
        if not 1 <= event.buy <= buys:
            raise RuleViolation(
                Msg(
                    "there are {buys} köp per deal at this table, so there is no köp {buy}",
                    buys=buys,
                    buy=event.buy,
                ),
                rule="exchanges per deal",
                key="game.buys",
            )
        if not 0 <= event.count <= 5:
            raise RuleViolation(
                Msg("a player exchanges 0 to 5 cards, not {count}", count=event.count),
                rule="exchange count",
            )
        if event.count > 0 and event.player in self.buy_stop:
            raise RuleViolation(
                Msg.counted(
                    "{player} is under köpstopp (had {n} point when the deal began) and may not exchange cards",
                    "{player} is under köpstopp (had {n} points when the deal began) and may not exchange cards",
                    self._start_score(event.player),
                    player=event.player,
                ),
                rule="köpstopp",
                key="buy_stop.threshold",
            )
        if self.chicago is not None or self.tricks_done:
            raise RuleViolation(
                Msg("the exchanges are over: the tricks have begun"),
                rule="exchange order",
            )
        scored = self.rules.game.scored_buys
        if event.buy <= scored and self.hands_scored != event.buy - 1:
            when = (
                Msg("köp {buy} is already scored", buy=event.buy)
                if self.hands_scored >= event.buy
                else Msg("köp {buy} is not reached yet", buy=event.buy)
            )
            raise RuleViolation(
                Msg(
                    "{when}: köp {current_buy} is being played",
                    when=when,
                    current_buy=self.current_buy,
                ),
                rule="exchange order",
            )
        if event.buy > scored and self.hands_scored < scored:
            raise RuleViolation(
                Msg(
                    "köp {buy} is not reached yet: köp {current_buy} is being played",
                    buy=event.buy,
                    current_buy=self.current_buy,
                ),
                rule="exchange order",
            )
        if (event.player, event.buy) in self.exchanged:
            raise RuleViolation(
                Msg(
                    "{player}'s exchange in köp {buy} is already recorded",
                    player=event.player,
                    buy=event.buy,
                ),
                rule="one exchange per köp",
            )

    def _start_score(self, name: str) -> int:
        return self.deal_start[self.players.index(name)]

    def _check_hand(self, event: HandEvent) -> None:
        self._known(event.player)
        if event.player is not None and event.tie:
            raise RuleViolation(
                Msg("a tie has no single winner"),
                rule="exact tie",
            )
        if event.player is not None and event.hand is None:
            raise RuleViolation(
                Msg("say which hand {player} had", player=event.player),
                rule="best hand",
            )
        if event.tie and self.rules.hands.ties == "suit":
            raise RuleViolation(
                Msg(
                    "at this table the suits break a tie (hearts > spades > diamonds > clubs): name the player whose hand wins",
                ),
                rule="exact tie",
                key="hands.ties",
            )
        if event.player is not None and event.hand is Category.HIGH_CARD:
            shown = f" ({event.cards})" if event.cards else ""
            raise RuleViolation(
                Msg(
                    "{player}'s hand{shown} is not even a pair, so it cannot score; if nobody had a pair, record 'pass' (check the cards for a typo)",
                    player=event.player,
                    shown=shown,
                ),
                rule="best hand",
            )
        if event.cards is not None and event.hand is not None:
            self._check_cards(event.cards, event.hand)
        if event.zero:
            zeroes = self.rules.hands.four_of_a_kind_zeroes
            if event.hand is not Category.FOUR_OF_A_KIND or event.player is None:
                raise RuleViolation(
                    Msg("only a four of a kind (fyrtal) can zero the opponents"),
                    rule="four of a kind zeroing",
                    key="hands.four_of_a_kind_zeroes",
                )
            if zeroes is False:
                raise RuleViolation(
                    Msg("this table does not play four of a kind as zeroing"),
                    rule="four of a kind zeroing",
                    key="hands.four_of_a_kind_zeroes",
                )

    def _check_cards(self, cards: str, hand: Category) -> None:
        """The cards recorded with a best hand must make that hand at this table."""
        ace_low = self.rules.hands.ace_low_straight
        try:
            shown = evaluate(cards, ace_low_straight=ace_low).category
        except CardError as error:
            raise RuleViolation(
                Msg("the cards shown cannot be read: {error}", error=error),
                rule="cards shown",
            ) from None
        if shown is hand:
            return
        # A-2-3-4-5 is the one hand whose category depends on the house rules.
        other = evaluate(cards, ace_low_straight=not ace_low).category
        raise RuleViolation(
            Msg(
                "{cards} is {shown_swedish} ({shown_english}), not {recorded_swedish} ({recorded_english})",
                cards=cards,
                shown_swedish=shown.swedish,
                shown_english=shown.english,
                recorded_swedish=hand.swedish,
                recorded_english=hand.english,
            ),
            rule="cards shown",
            key="hands.ace_low_straight" if other is hand else None,
        )

    def _check_buy(self, event: BuyWinner) -> None:
        self._check_hand(event)
        scored = self.rules.game.scored_buys
        if self.hands_scored >= scored:
            raise RuleViolation(
                Msg.counted(
                    "this table scores a hand after {n} köp per deal, and in deal {deal} it is already recorded; next comes Chicago or the last trick",
                    "this table scores a hand after {n} köp per deal, and in deal {deal} they are already recorded; next comes Chicago or the last trick",
                    scored,
                    deal=self.deal,
                )
                if scored
                else Msg("this table scores no hand after the köp"),
                rule="scored köp",
                key="game.scored_buys",
            )
        if event.buy != self.hands_scored + 1:
            raise RuleViolation(
                Msg(
                    "köp {next_buy} is next, not köp {buy}",
                    next_buy=self.hands_scored + 1,
                    buy=event.buy,
                ),
                rule="köp order",
            )

    def _check_chicago_outcome(self) -> None:
        if self.chicago is None:
            raise RuleViolation(
                Msg("no Chicago was declared in this deal"),
                rule="Chicago outcome",
            )
        if self.tricks_done:
            raise RuleViolation(
                Msg("this Chicago is already settled"),
                rule="Chicago outcome",
            )

    def _after_chicago(self, event: Event) -> None:
        """Refuse a last trick or showdown for a deal that ended with a Chicago.

        It names the rule rather than the deal order: either the event carries the
        Chicago deal's number, or it was typed as the first event of the next deal
        (where, unless no köp scores, it would be out of order anyway)."""
        if not isinstance(event, LastTrick | Showdown) or not self.deals:
            return
        previous = self.deals[-1]
        if event.deal == self.deal:
            if self.entries or self.hands_scored >= self.rules.game.scored_buys:
                return
        elif event.deal != previous.number:
            return
        last = previous.entries[-1].event if previous.entries else None
        if isinstance(last, ChicagoWon | ChicagoBroken):
            what = "last trick" if isinstance(event, LastTrick) else "showdown"
            no_what = Msg("no last trick") if isinstance(event, LastTrick) else Msg("no showdown")
            declarer = next(
                e.event.player for e in previous.entries if isinstance(e.event, ChicagoDeclared)
            )
            raise RuleViolation(
                Msg(
                    "deal {number} ended with {declarer}'s Chicago: there is {no_what} after a Chicago, and deal {deal} starts with köp 1",
                    number=previous.number,
                    declarer=declarer,
                    no_what=no_what,
                    deal=self.deal,
                ),
                rule=f"no {what} after a Chicago",
            )

    def _check_last_trick(self) -> None:
        if self.hands_scored < self.rules.game.scored_buys:
            raise RuleViolation(
                Msg(
                    "köp {next_buy} is not recorded yet: record its best hand (or pass) before the tricks",
                    next_buy=self.hands_scored + 1,
                ),
                rule="order of the deal",
                key="game.scored_buys",
            )
        if self.chicago is not None:
            raise RuleViolation(
                Msg(
                    "{declarer} declared Chicago: there is no last trick, only whether the Chicago succeeded or who broke it",
                    declarer=self.chicago,
                ),
                rule="no last trick after a Chicago",
            )
        if self.tricks_done:
            raise RuleViolation(
                Msg("the last trick is already recorded"),
                rule="one last trick",
            )

    def _check_showdown(self, event: Showdown) -> None:
        self._check_hand(event)
        if self.chicago is not None:
            raise RuleViolation(
                Msg(
                    "{declarer} declared Chicago in this deal: there is no showdown after a Chicago",
                    declarer=self.chicago,
                ),
                rule="no showdown after a Chicago",
            )
        early_zero = event.zero and not self.tricks_done
        if self.hands_scored < self.rules.game.scored_buys:
            raise RuleViolation(
                Msg("köp {next_buy} is not recorded yet", next_buy=self.hands_scored + 1),
                rule="order of the deal",
                key="game.scored_buys",
            )
        if not self.tricks_done and not early_zero:
            raise RuleViolation(
                Msg("the showdown comes after the last trick; record who took it first"),
                rule="order of the deal",
            )

    # -- awards -------------------------------------------------------------

    def _award(self, name: str, nominal: int, rule: str, key: str) -> Award:
        """An award as it lands on the total, clipped by the floor."""
        current = self.scores[self.players.index(name)]
        floor = self.rules.scoring.floor
        new = current + nominal
        if floor is not False and nominal < 0:
            new = max(new, min(floor, current))
        return Award(name, new - current, nominal, rule, key)

    def _hand_awards(self, event: HandEvent, moment: str) -> tuple[list[Award], bool]:
        """The awards for a best-hand moment, and whether it wins the game at once."""
        if event.player is None or event.hand is None:
            return [], False
        points = self.rules.hands.points(event.hand)
        key = f"hands.{event.hand.rules_key}"
        if points == "win":
            return self._instant_win(event.player, "instant_win", key), True
        awards: list[Award] = []
        zeroes = self.rules.hands.four_of_a_kind_zeroes
        zeroing = event.hand is Category.FOUR_OF_A_KIND and (
            zeroes == "always" or (zeroes == "choice" and event.zero)
        )
        if not (zeroing and zeroes == "choice"):
            awards.append(self._award(event.player, points, f"{moment}_hand", key))
        if zeroing:
            for index, name in enumerate(self.players):
                if name != event.player and self.scores[index] != 0:
                    awards.append(
                        Award(
                            name,
                            -self.scores[index],
                            -self.scores[index],
                            "zeroed",
                            "hands.four_of_a_kind_zeroes",
                        )
                    )
        return awards, False

    def _instant_win(self, name: str, rule: str, key: str) -> list[Award]:
        target = self.rules.game.target
        return [Award(name, target, target, rule, key)]

    def _commit(
        self, event: Event, awards: list[Award], *, end_deal: bool, instant: bool = False
    ) -> Entry:
        for award in awards:
            self.scores[self.players.index(award.player)] += award.points
        entry = Entry(event, tuple(awards), tuple(self.scores))
        self.entries.append(entry)
        if isinstance(event, Royal) or instant:
            self.finished = True
            self.winners = (award_player(awards),)
            self._close_deal(complete=True)
        elif end_deal:
            self._end_deal()
        return entry

    def _end_deal(self) -> None:
        target = self.rules.game.target
        if self.rules.chicago.required_to_win:
            resets: list[Award] = []
            for index, name in enumerate(self.players):
                if self.scores[index] >= target and self.chicagos_won[index] == 0:
                    resets.append(
                        Award(
                            name,
                            -self.scores[index],
                            -self.scores[index],
                            "required_to_win",
                            "chicago.required_to_win",
                        )
                    )
            if resets:
                for award in resets:
                    self.scores[self.players.index(award.player)] += award.points
                last = self.entries[-1]
                self.entries[-1] = Entry(
                    last.event, last.awards + tuple(resets), tuple(self.scores)
                )
        if max(self.scores) >= target:
            best = max(self.scores)
            self.finished = True
            self.winners = tuple(
                n for n, s in zip(self.players, self.scores, strict=True) if s == best
            )
            self._close_deal(complete=True)
            return
        self._close_deal(complete=True)
        self._dealer = (self._dealer + 1) % len(self.players)
        self._start_deal(self.deal + 1)

    def _close_deal(self, *, complete: bool) -> None:
        self.deals.append(self._record(complete))

    def _record(self, complete: bool) -> DealRecord:
        return DealRecord(
            number=self.deal,
            dealer=self.dealer,
            forehand=self.forehand,
            buy_stop=self.buy_stop,
            entries=tuple(self.entries),
            totals=tuple(self.scores),
            complete=complete,
            start=self.deal_start,
        )

    # -- the picture for the table -------------------------------------------

    def standings(self) -> Standings:
        deals = list(self.deals)
        if not self.finished and self.entries:
            deals.append(self._record(complete=False))
        moment = self.moment
        return Standings(
            players=tuple(
                PlayerStanding(
                    name=name,
                    score=self.scores[i],
                    buy_stop=name in self.buy_stop and not self.finished,
                    may_declare_chicago=self.may_declare(name),
                    chicagos_won=self.chicagos_won[i],
                    chicagos_declared=self.chicagos_declared[i],
                )
                for i, name in enumerate(self.players)
            ),
            deal=self.deal,
            dealer=self.dealer,
            forehand=self.forehand,
            moment=moment,
            buy=self.hands_scored + 1 if moment is Moment.BUY else None,
            chicago=self.chicago,
            finished=self.finished,
            winners=self.winners,
            deals=tuple(deals),
            rules=self.rules,
        )


def award_player(awards: Iterable[Award]) -> str:
    return next(iter(awards)).player


def _over(winners: Sequence[str]) -> RuleViolation:
    who = " & ".join(winners)
    return RuleViolation(
        Msg(
            "the game is over ({winners} won): nothing more can be recorded; `chicago undo` takes back the last event",
            winners=who,
        ),
        rule="end of game",
    )


def replay(session: Session) -> Game:
    """Replay every event of a session through the rules."""
    game = Game(session)
    for event in session.events:
        game.apply(event)
    return game


def standings(session: Session) -> Standings:
    return replay(session).standings()
