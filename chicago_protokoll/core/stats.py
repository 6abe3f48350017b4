"""The evening and the club: who wins, who dares Chicago, who owes whom, and a rating.

Pure: it takes sessions already read and replayed and returns numbers.  Only finished
games count (an unfinished one has no winner and no settlement).  Everything is
independent of the order the sessions come in: they are put in one order first (when
they were started, then name and seats), and a session found twice (the same file in
two folders, as a club's shared folder and a player's own may hold) counts once.

The rating is openskill's Plackett-Luce model (Weng and Lin's Bayesian rating for
games of many players): each finished game is a ranking of its players by final
points, equal points an equal rank, applied game by game in the order they were
started.  ``mu`` is the estimated skill, ``sigma`` how unsure that estimate still is.
openskill is imported by this module only, and this module only by ``chicago stats``,
so no other command pays for loading it.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import date, datetime
from decimal import Decimal
from functools import cached_property

from .cards import CATEGORIES
from .settle import settle
from .stake import exact_money
from .summary import Played, played

# Played and played live in core.summary now (`sessions` lists without this module); the
# league's callers have always imported them from here.
__all__ = [
    "RECORD_KINDS",
    "HeadToHead",
    "League",
    "Played",
    "PlayerStats",
    "RatedGame",
    "Rating",
    "RatingPoint",
    "Record",
    "in_period",
    "league",
    "placing",
    "played",
    "ranks",
    "rating_key",
    "records",
    "standing_key",
    "started_on",
]


def started_on(created: str) -> date | None:
    """The local calendar day of a session's ``created`` time, None when it has none."""
    if not created:
        return None
    moment = datetime.fromisoformat(created)
    return (moment.astimezone() if moment.tzinfo else moment).date()


@dataclass(frozen=True, slots=True)
class Rating:
    mu: float
    sigma: float

    @property
    def conservative(self) -> float:
        """μ − 3σ: a skill the player is almost surely above.  The league ranks by it, so
        a newcomer's lucky first win (a high μ, but a wide σ) does not top the table."""
        return self.mu - 3 * self.sigma


@dataclass(frozen=True, slots=True)
class PlayerStats:
    name: str
    games: int
    wins: int  # a shared win counts for each winner
    points: int  # the final points of all games together
    best: int
    chicagos_declared: int
    chicagos_won: int
    buy_stop_deals: int
    money: Decimal  # net, at the stake: won minus paid
    rating: Rating
    # The figures a club argues about (docs/club.md, "The figures").
    chicago_points_won: int = 0
    chicago_points_lost: int = 0
    buy_stop_wins: int = 0  # games won that ended in a deal begun in köpstopp
    last_tricks: int = 0
    last_tricks_with_two: int = 0
    hands: tuple[int, ...] = ()  # how often each category (CATEGORIES) scored
    royals: int = 0
    deals: int = 0  # the complete deals of all the player's games
    comebacks: int = 0

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def avg_points(self) -> float:
        """Points per game; infinite (signed) for a total beyond a float's range, which
        only a file an earlier release wrote with a huge penalty holds: the points
        themselves are shown exactly, the average must not stop the whole table."""
        if not self.games:
            return 0.0
        try:
            return self.points / self.games
        except OverflowError:
            return math.inf if self.points > 0 else -math.inf

    @property
    def avg_deals(self) -> float:
        return self.deals / self.games if self.games else 0.0

    @property
    def chicagos_failed(self) -> int:
        # A declared Chicago always ends its deal, won or broken, and a finished game
        # has no deal left open: what was not won failed.
        return self.chicagos_declared - self.chicagos_won

    @property
    def chicago_rate(self) -> float | None:
        """Chicagos won of those declared; None when none was declared."""
        return self.chicagos_won / self.chicagos_declared if self.chicagos_declared else None

    def hand_counts(self) -> dict[str, int]:
        """How often each category scored, by its slug (pair, two-pair, ...)."""
        counts = self.hands or (0,) * len(CATEGORIES)
        return {category.value: count for category, count in zip(CATEGORIES, counts, strict=True)}


@dataclass(frozen=True, slots=True)
class HeadToHead:
    """Two players over the finished games both played: who was placed above the other,
    as a club night places them (`placing`): the winners first, then by final points,
    a forfeiting player last."""

    a: str
    b: str
    games: int
    a_ahead: int
    b_ahead: int
    even: int

    def facing(self, name: str) -> HeadToHead:
        """The same record with ``name`` as ``a``."""
        if name == self.a:
            return self
        return HeadToHead(self.b, self.a, self.games, self.b_ahead, self.a_ahead, self.even)


@dataclass(frozen=True, slots=True)
class RatingPoint:
    """A player's rating just after one of their games."""

    game: int  # 1-based position of the game in the league's order
    created: str
    rating: Rating


@dataclass(frozen=True, slots=True)
class Record:
    """One of the club's records (docs/club.md, "The records"): who holds it, in which
    game, and the figure.  The first game in the league's order to reach it holds it."""

    kind: str  # highest_total, biggest_comeback, fastest_game, longest_streak, most_chicagos
    players: tuple[str, ...]
    value: int
    game: str  # the session's name
    created: str


RECORD_KINDS = (
    "highest_total",
    "biggest_comeback",
    "fastest_game",
    "longest_streak",
    "most_chicagos",
)


@dataclass(frozen=True, slots=True)
class RatedGame:
    """A game of the rating's sequence: what its update depended on (``key``) and each
    seat's rating after it.  A store may keep the sequence and hand it back to `league`,
    which recomputes only from the first game whose key differs."""

    key: str
    after: tuple[tuple[float, float], ...]  # (μ, σ) per seat


@dataclass(frozen=True)
class League:
    games: tuple[Played, ...]  # in the league's order, each once
    players: tuple[PlayerStats, ...]  # best conservative rating (μ − 3σ) first
    head_to_head: tuple[HeadToHead, ...]  # every pair that met, names in alphabetical order
    rated: tuple[RatedGame, ...]  # the rating's sequence (one per game), for a store to keep
    stake: Decimal
    records: tuple[Record, ...] = ()  # in RECORD_KINDS order; a record nobody set is left out
    rated_again: int = 0  # how many games the rating had to compute (the rest were kept)

    @cached_property
    def history(self) -> dict[str, tuple[RatingPoint, ...]]:
        """Each player's rating after each of their games (the page's chart): made when
        asked for, as `stats --json` never needs it."""
        points: dict[str, list[RatingPoint]] = {}
        for number, (game, rated) in enumerate(zip(self.games, self.rated, strict=True), 1):
            for name, (mu, sigma) in zip(game.players, rated.after, strict=True):
                points.setdefault(name, []).append(
                    RatingPoint(number, game.created, Rating(mu, sigma))
                )
        return {name: tuple(line) for name, line in points.items()}

    def player(self, name: str) -> PlayerStats:
        return next(p for p in self.players if p.name == name)

    def against(self, name: str) -> list[HeadToHead]:
        """``name``'s record against each opponent, ``name`` as ``a``."""
        return [h.facing(name) for h in self.head_to_head if name in (h.a, h.b)]


def in_period(created: str, since: date | None, until: date | None) -> bool:
    """Whether a game started at ``created`` falls between ``since`` and ``until`` (both
    days included).  One whose file has no date is in the period without bounds only."""
    if since is None and until is None:
        return True
    day = started_on(created)
    if day is None:
        return False
    return (since is None or day >= since) and (until is None or day <= until)


class _Tally:
    """One player's counts while the league is added up."""

    __slots__ = (
        "best",
        "chicago_lost",
        "chicago_won",
        "comebacks",
        "deals",
        "declared",
        "games",
        "hands",
        "last",
        "last_two",
        "ore",
        "points",
        "royals",
        "stop",
        "stop_wins",
        "wins",
        "won",
    )  # fmt: skip

    def __init__(self) -> None:
        self.games = self.wins = self.points = self.best = 0
        self.declared = self.won = self.stop = self.stop_wins = 0
        self.chicago_won = self.chicago_lost = self.last = self.last_two = 0
        self.royals = self.deals = self.comebacks = 0
        self.hands = [0] * len(CATEGORIES)
        self.ore = 0  # money, in hundredths of the stake's currency


@exact_money
def league(
    games: Iterable[Played], stake: Decimal | int = 1, rated: Sequence[RatedGame] = ()
) -> League:
    """The statistics of ``games``: finished games in any order.  A session found twice
    (one file in two folders) counts once; of two versions of it, the longer record.
    ``rated`` is a rating sequence an earlier call returned (`League.rated`): the games
    it agrees with are not rated again, and the result is the same as without it."""
    unique: dict[tuple[str, str, tuple[str, ...]], Played] = {}
    for game in games:
        known = unique.get(game.identity)
        if known is None or game.content > known.content:
            unique[game.identity] = game
    ordered = tuple(
        sorted(_one_spelling(list(unique.values())), key=lambda game: game.identity)
    )
    stake = Decimal(stake)
    # Whole öre per point: a game with one winner is settled in integers (the same
    # amounts `settle` gives); shared wins, or a finer stake, go through `settle`.
    stake_ore = stake * 100
    whole = stake_ore == stake_ore.to_integral_value()
    per_point = int(stake_ore) if whole else 0
    tallies: dict[str, _Tally] = {}
    name_keys: dict[str, tuple[str, str]] = {}
    pairs: dict[tuple[str, str], list[int]] = {}
    for game in ordered:
        players, scores, winners = game.players, game.scores, game.winners
        comeback = _comeback(game)
        stopped = game.last_deal_buy_stop
        seats = range(len(players))
        zeros = (0,) * len(players)
        points_won = game.chicago_points_won or zeros
        points_lost = game.chicago_points_lost or zeros
        last, last_two = game.last_tricks or zeros, game.last_tricks_with_two or zeros
        royals = game.royals or zeros
        for seat in seats:
            name = players[seat]
            tally = tallies.get(name)
            if tally is None:
                tally = tallies[name] = _Tally()
                name_keys[name] = _name_key(name)
            score = scores[seat]
            won = name in winners
            tally.games += 1
            tally.points += score
            tally.best = max(tally.best, score)
            tally.declared += game.chicagos_declared[seat]
            tally.won += game.chicagos_won[seat]
            tally.stop += game.buy_stop_deals[seat]
            if won:
                tally.wins += 1
                tally.stop_wins += name in stopped
                tally.comebacks += name in comeback
            tally.chicago_won += points_won[seat]
            tally.chicago_lost += points_lost[seat]
            tally.last += last[seat]
            tally.last_two += last_two[seat]
            tally.royals += royals[seat]
            tally.deals += game.deals
            if game.hands:
                counts = tally.hands
                for index, count in enumerate(game.hands[seat]):
                    if count:
                        counts[index] += count
        if len(winners) == 1 and whole:
            winner = tallies[winners[0]]
            top = scores[players.index(winners[0])]
            for seat in seats:
                owed = top - scores[seat]
                if owed > 0:
                    tallies[players[seat]].ore -= owed * per_point
                    winner.ore += owed * per_point
        else:
            for payment in settle(dict(zip(players, scores, strict=True)), winners, stake):
                ore = int(payment.amount * 100)
                tallies[payment.payer].ore -= ore
                tallies[payment.payee].ore += ore
        # Lower is better: the winners' key is below every other, a forfeit's above.
        placed = placing(game)
        for i in seats:
            one = players[i]
            for j in range(i + 1, len(players)):
                a, b = one, players[j]
                diff = (placed[j] > placed[i]) - (placed[j] < placed[i])
                if name_keys[b] < name_keys[a]:
                    a, b, diff = b, a, -diff
                record = pairs.get((a, b))
                if record is None:
                    record = pairs[(a, b)] = [0, 0, 0, 0]
                record[0] += 1
                record[1 if diff > 0 else 2 if diff < 0 else 3] += 1
    ratings, sequence, again = _ratings(ordered, rated)
    players_stats = [
        PlayerStats(
            name=name,
            games=tally.games,
            wins=tally.wins,
            points=tally.points,
            best=tally.best,
            chicagos_declared=tally.declared,
            chicagos_won=tally.won,
            buy_stop_deals=tally.stop,
            money=_tidy(Decimal(tally.ore) / 100),
            rating=ratings[name],
            chicago_points_won=tally.chicago_won,
            chicago_points_lost=tally.chicago_lost,
            buy_stop_wins=tally.stop_wins,
            last_tricks=tally.last,
            last_tricks_with_two=tally.last_two,
            hands=tuple(tally.hands),
            royals=tally.royals,
            deals=tally.deals,
            comebacks=tally.comebacks,
        )
        for name, tally in tallies.items()
    ]
    players_stats.sort(key=standing_key)
    head_to_head = [
        HeadToHead(a, b, *record)
        for (a, b), record in sorted(
            pairs.items(), key=lambda item: (name_keys[item[0][0]], name_keys[item[0][1]])
        )
    ]
    return League(
        ordered,
        tuple(players_stats),
        tuple(head_to_head),
        sequence,
        stake,
        records(ordered),
        again,
    )


@exact_money
def _tidy(amount: Decimal) -> Decimal:
    """Whole amounts without a fraction, others as they are (öre)."""
    return amount.quantize(Decimal(1)) if amount == amount.to_integral_value() else amount


def standing_key(player: PlayerStats) -> tuple[float, int, float, tuple[str, str]]:
    """The league's order: the conservative rating μ − 3σ, then wins, then the win rate,
    then the name."""
    return (-player.rating.conservative, -player.wins, -player.win_rate, _name_key(player.name))


def _behind(game: Played) -> dict[str, int]:
    """How many points each winner was behind the leader at the halfway deal (the first
    deal in which anyone reached half the target, rounded up)."""
    if not game.halfway:
        return {}
    best = max(game.halfway)
    return {
        name: best - game.halfway[seat]
        for seat, name in enumerate(game.players)
        if name in game.winners
    }


def _comeback(game: Played) -> set[str]:
    """The winners who were last (no one had fewer points) at the halfway deal."""
    if not game.halfway:
        return set()
    lowest = min(game.halfway)
    return {
        name
        for seat, name in enumerate(game.players)
        if name in game.winners and game.halfway[seat] == lowest
    }


def records(games: Sequence[Played]) -> tuple[Record, ...]:
    """The club's records over ``games`` in the league's order (docs/club.md, "The
    records"); a tie leaves the record with the game that set it first."""
    best: dict[str, Record] = {}

    def offer(kind: str, value: int, players: Sequence[str], game: Played, low: bool = False) -> None:
        held = best.get(kind)
        if held is None or (value < held.value if low else value > held.value):
            best[kind] = Record(kind, tuple(players), value, game.name, game.created)

    streak: dict[str, int] = {}
    for game in games:
        for seat, name in enumerate(game.players):
            offer("highest_total", game.scores[seat], [name], game)
            if game.chicagos_won[seat]:
                offer("most_chicagos", game.chicagos_won[seat], [name], game)
            streak[name] = streak.get(name, 0) + 1 if name in game.winners else 0
            if streak[name]:
                offer("longest_streak", streak[name], [name], game)
        for name, points in _behind(game).items():
            if points > 0:
                offer("biggest_comeback", points, [name], game)
        if not game.forfeited and game.deals:
            offer("fastest_game", game.deals, game.winners, game, low=True)
    return tuple(best[kind] for kind in RECORD_KINDS if kind in best)


def _same_player(name: str) -> str:
    """Anna, anna and ANNA (and Åsa typed as A + ring) in different files are one player."""
    import unicodedata

    return unicodedata.normalize("NFC", name).casefold()


def _one_spelling(games: list[Played]) -> list[Played]:
    """Every game with each player under one spelling: the one used in most games, ties
    alphabetical.  A game that seats two spellings of one name keeps its own."""
    import unicodedata

    seen: dict[str, int] = {}  # each spelling as written, and in how many games
    for game in games:
        for name in game.players:
            seen[name] = seen.get(name, 0) + 1
    key_of = {name: _same_player(name) for name in seen}
    used: dict[str, dict[str, int]] = {}
    for name, count in seen.items():
        spellings = used.setdefault(key_of[name], {})
        composed = unicodedata.normalize("NFC", name)  # Å, not A and a ring above
        spellings[composed] = spellings.get(composed, 0) + count
    spelling = {
        key: min(names, key=lambda name: (-names[name], name)) for key, names in used.items()
    }
    if all(spelling[key_of[name]] == name for name in seen):
        return games  # the usual league: nothing to rewrite
    out = []
    for game in games:
        keys = [key_of[name] for name in game.players]
        if len(set(keys)) < len(keys):
            out.append(game)
            continue
        renamed = {name: spelling[key] for name, key in zip(game.players, keys, strict=True)}
        out.append(
            replace(
                game,
                players=tuple(renamed[name] for name in game.players),
                winners=tuple(renamed.get(name, name) for name in game.winners),
                forfeited=tuple(renamed.get(name, name) for name in game.forfeited),
                last_deal_buy_stop=tuple(
                    renamed.get(name, name) for name in game.last_deal_buy_stop
                ),
            )
        )
    return out


def _name_key(name: str) -> tuple[str, str]:
    return (name.casefold(), name)


def placing(game: Played) -> list[tuple[int, int]]:
    """Each seat's placing key, lower placed higher, as the night places a finished game
    (core.night_results.placements): the winners first and level (a royal's holder
    whatever the totals), then the others by final points, a forfeiting player last.
    So a forfeit is a loss in head to head even when both ended on 0."""
    return [
        (2, 0) if name in game.forfeited
        else (0, 0) if name in game.winners
        else (1, -game.scores[seat])
        for seat, name in enumerate(game.players)
    ]


def ranks(scores: Sequence[int], last: Sequence[bool] = ()) -> list[int]:
    """Each seat's place by final points, 1 the best; equal points share a place.  A seat
    marked in ``last`` (a forfeit) is placed below every other."""
    forfeited = [i < len(last) and last[i] for i in range(len(scores))]
    return [
        len(scores)
        if forfeited[i]
        else 1 + sum(1 for j, other in enumerate(scores) if not forfeited[j] and other > score)
        for i, score in enumerate(scores)
    ]

def rating_key(game: Played) -> str:
    """What one game's rating update depends on, besides the ratings before it."""
    return repr((game.created, game.name, game.players, game.scores, game.forfeited))


def _ratings(
    games: Sequence[Played], kept: Sequence[RatedGame] = ()
) -> tuple[dict[str, Rating], tuple[RatedGame, ...], int]:
    """Every player's rating after ``games`` in this order, the sequence to keep (each
    seat's rating after each game), and how many games were rated anew.  The games at the
    start that ``kept`` agrees with take their ratings from it: openskill is loaded only
    when a game is left to rate, and every rating is the same as when all are rated anew."""
    same = 0
    while (
        same < min(len(games), len(kept))
        and kept[same].key == rating_key(games[same])
        and len(kept[same].after) == len(games[same].players)
    ):
        same += 1
    sequence = list(kept[:same])
    current: dict[str, tuple[float, float]] = {}
    for game, rated in zip(games, sequence, strict=False):
        current.update(zip(game.players, rated.after, strict=True))
    if same < len(games):
        from openskill.models import PlackettLuce

        model = PlackettLuce()
        for game in games[same:]:
            teams = [
                [model.rating(*current[name], name=name) if name in current else model.rating()]
                for name in game.players
            ]
            placed = ranks(game.scores, [name in game.forfeited for name in game.players])
            outcome = model.rate(teams, ranks=[float(rank) for rank in placed])
            after = tuple((team[0].mu, team[0].sigma) for team in outcome)
            current.update(zip(game.players, after, strict=True))
            sequence.append(RatedGame(rating_key(game), after))
    final = {name: Rating(mu, sigma) for name, (mu, sigma) in current.items()}
    return final, tuple(sequence), len(games) - same
