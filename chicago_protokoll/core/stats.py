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

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import date, datetime
from decimal import Decimal

from .session import Session
from .settle import settle
from .standings import Standings


@dataclass(frozen=True, slots=True)
class Played:
    """One finished game as the statistics see it (seat order throughout)."""

    name: str
    created: str
    players: tuple[str, ...]
    scores: tuple[int, ...]
    winners: tuple[str, ...]
    chicagos_declared: tuple[int, ...]
    chicagos_won: tuple[int, ...]
    buy_stop_deals: tuple[int, ...]  # deals each player began in köpstopp
    events: int  # how many events were recorded
    # Who forfeited (their ``scores`` are 0 here, the recorded totals aside): placed last.
    forfeited: tuple[str, ...] = ()

    @property
    def identity(self) -> tuple[str, str, tuple[str, ...]]:
        """The same session wherever its file lies: started at the same second, same name,
        same seats."""
        return (self.created, self.name, self.players)

    @property
    def content(self) -> tuple[object, ...]:
        """What tells two versions of one session apart (one corrected with `chicago edit`)."""
        return (
            self.events,
            self.scores,
            self.winners,
            self.chicagos_declared,
            self.chicagos_won,
            self.buy_stop_deals,
        )


def started_on(created: str) -> date | None:
    """The local calendar day of a session's ``created`` time, None when it has none."""
    if not created:
        return None
    moment = datetime.fromisoformat(created)
    return (moment.astimezone() if moment.tzinfo else moment).date()


def played(session: Session, standings: Standings) -> Played | None:
    """The finished game of a replayed session; None while it is being played."""
    if not standings.finished:
        return None
    players = tuple(p.name for p in standings.players)
    return Played(
        name=session.name,
        created=session.created,
        players=players,
        # A forfeiting player's final points count as 0 (rules.md, "Forfeit").
        scores=tuple(standings.counted_scores[name] for name in players),
        winners=standings.winners,
        chicagos_declared=tuple(p.chicagos_declared for p in standings.players),
        chicagos_won=tuple(p.chicagos_won for p in standings.players),
        buy_stop_deals=tuple(
            sum(1 for deal in standings.deals if deal.complete and name in deal.buy_stop)
            for name in players
        ),
        events=len(session.events),
        forfeited=standings.forfeited,
    )


@dataclass(frozen=True, slots=True)
class Rating:
    mu: float
    sigma: float


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

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def avg_points(self) -> float:
        return self.points / self.games if self.games else 0.0

    @property
    def chicagos_failed(self) -> int:
        # A declared Chicago always ends its deal, won or broken, and a finished game
        # has no deal left open: what was not won failed.
        return self.chicagos_declared - self.chicagos_won


@dataclass(frozen=True, slots=True)
class HeadToHead:
    """Two players over the finished games both played: who finished with more points."""

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
class League:
    games: tuple[Played, ...]  # in the league's order, each once
    players: tuple[PlayerStats, ...]  # best rating first
    head_to_head: tuple[HeadToHead, ...]  # every pair that met, names in alphabetical order
    history: dict[str, tuple[RatingPoint, ...]]
    stake: Decimal

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


def league(games: Iterable[Played], stake: Decimal | int = 1) -> League:
    """The statistics of ``games``: finished games in any order.  A session found twice
    (one file in two folders) counts once; of two versions of it, the longer record."""
    unique: dict[tuple[str, str, tuple[str, ...]], Played] = {}
    for game in games:
        known = unique.get(game.identity)
        if known is None or game.content > known.content:
            unique[game.identity] = game
    ordered = tuple(
        sorted(_one_spelling(list(unique.values())), key=lambda game: game.identity)
    )
    stake = Decimal(stake)
    counts: dict[str, dict[str, int]] = {}
    money: dict[str, Decimal] = {}
    pairs: dict[tuple[str, str], list[int]] = {}
    for game in ordered:
        for seat, name in enumerate(game.players):
            row = counts.setdefault(
                name,
                {"games": 0, "wins": 0, "points": 0, "best": 0, "declared": 0, "won": 0, "stop": 0},
            )
            score = game.scores[seat]
            row["games"] += 1
            row["wins"] += name in game.winners
            row["points"] += score
            row["best"] = max(row["best"], score)
            row["declared"] += game.chicagos_declared[seat]
            row["won"] += game.chicagos_won[seat]
            row["stop"] += game.buy_stop_deals[seat]
            money.setdefault(name, Decimal(0))
        for payment in settle(
            dict(zip(game.players, game.scores, strict=True)), game.winners, stake
        ):
            money[payment.payer] -= payment.amount
            money[payment.payee] += payment.amount
        for i, one in enumerate(game.players):
            for j in range(i + 1, len(game.players)):
                a, b, diff = one, game.players[j], game.scores[i] - game.scores[j]
                if _name_key(b) < _name_key(a):
                    a, b, diff = b, a, -diff
                record = pairs.setdefault((a, b), [0, 0, 0, 0])
                record[0] += 1
                record[1 if diff > 0 else 2 if diff < 0 else 3] += 1
    ratings, history = _ratings(ordered)
    players = [
        PlayerStats(
            name=name,
            games=row["games"],
            wins=row["wins"],
            points=row["points"],
            best=row["best"],
            chicagos_declared=row["declared"],
            chicagos_won=row["won"],
            buy_stop_deals=row["stop"],
            money=money[name],
            rating=ratings[name],
        )
        for name, row in counts.items()
    ]
    players.sort(key=lambda p: (-p.rating.mu, p.rating.sigma, _name_key(p.name)))
    head_to_head = [
        HeadToHead(a, b, *record)
        for (a, b), record in sorted(
            pairs.items(), key=lambda item: (_name_key(item[0][0]), _name_key(item[0][1]))
        )
    ]
    return League(ordered, tuple(players), tuple(head_to_head), history, stake)


def _same_player(name: str) -> str:
    """Anna, anna and ANNA (and Åsa typed as A + ring) in different files are one player."""
    import unicodedata

    return unicodedata.normalize("NFC", name).casefold()


def _one_spelling(games: list[Played]) -> list[Played]:
    """Every game with each player under one spelling: the one used in most games, ties
    alphabetical.  A game that seats two spellings of one name keeps its own."""
    import unicodedata

    used: dict[str, dict[str, int]] = {}
    for game in games:
        for name in game.players:
            spellings = used.setdefault(_same_player(name), {})
            composed = unicodedata.normalize("NFC", name)  # Å, not A and a ring above
            spellings[composed] = spellings.get(composed, 0) + 1
    spelling = {
        key: min(names, key=lambda name: (-names[name], name)) for key, names in used.items()
    }
    if all(spelling[_same_player(name)] == name for game in games for name in game.players):
        return games  # the usual league: nothing to rewrite
    out = []
    for game in games:
        keys = [_same_player(name) for name in game.players]
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
            )
        )
    return out


def _name_key(name: str) -> tuple[str, str]:
    return (name.casefold(), name)


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

def _ratings(
    games: Sequence[Played],
) -> tuple[dict[str, Rating], dict[str, tuple[RatingPoint, ...]]]:
    """Every player's rating after ``games`` in this order, and after each of their games."""
    from openskill.models import PlackettLuce, PlackettLuceRating

    model = PlackettLuce()
    current: dict[str, PlackettLuceRating] = {}
    history: dict[str, list[RatingPoint]] = {}
    for number, game in enumerate(games, start=1):
        teams = [[current.get(name) or model.rating(name=name)] for name in game.players]
        placed = ranks(game.scores, [name in game.forfeited for name in game.players])
        rated = model.rate(teams, ranks=[float(rank) for rank in placed])
        for name, (after,) in zip(game.players, rated, strict=True):
            current[name] = after
            history.setdefault(name, []).append(
                RatingPoint(number, game.created, Rating(after.mu, after.sigma))
            )
    final = {name: points[-1].rating for name, points in history.items()}
    return final, {name: tuple(points) for name, points in history.items()}
