"""The next game at the same table (`chicago again`): same seats, same house rules, the
deal passed on, and a name that says which game of the evening it is."""

from __future__ import annotations

from collections.abc import Callable

from .session import Session, new_session


def next_game(previous: Session, name: str, created: str = "") -> Session:
    """A new game with ``previous``'s players in the same seats and the same house rules;
    the first dealer is the player after ``previous``'s first dealer (clockwise)."""
    players = previous.players
    dealer = players[(players.index(previous.first_dealer) + 1) % len(players)]
    return new_session(players, previous.rules, dealer=dealer, name=name, created=created)


def next_name(previous: str, taken: Callable[[str], bool]) -> str:
    """``fredag`` -> ``fredag-2``, ``fredag-2`` -> ``fredag-3``: the first such name not
    ``taken``."""
    stem, dash, number = previous.rpartition("-")
    if dash and number.isdigit() and stem:
        base, count = stem, int(number) + 1
    else:
        base, count = previous, 2
    while taken(f"{base}-{count}"):
        count += 1
    return f"{base}-{count}"
