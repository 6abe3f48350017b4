"""The next game at the same table (`chicago again`): same seats, same house rules, the
deal passed on, and a name that says which game of the evening it is."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from ..i18n.language import Msg
from .claims import refuse_modifier_names
from .errors import Rule, RuleViolation
from .names import refuse_lookalikes, typed_name
from .session import Session, new_session, resolve_player


def next_game(
    previous: Session,
    name: str,
    created: str = "",
    *,
    add: Sequence[str] = (),
    drop: Sequence[str] = (),
) -> Session:
    """A new game with ``previous``'s players in the same seats and the same house rules,
    less ``drop`` and with ``add`` seated after the last seat; the first dealer is the
    next player clockwise after ``previous``'s first dealer among those now seated (a
    newly added player counts)."""
    leaving = {resolve_player(text, previous.players, allow_prefix=True) for text in drop}
    arriving = [typed_name(text) for text in add]
    back = [p for p in leaving if any(_same(p, newcomer) for newcomer in arriving)]
    if back:
        # Dropped and added at once: she would silently be left out (or seated twice).
        raise RuleViolation(
            Msg(
                "{name} is both dropped and added: give neither to keep the seat, or only --drop to leave the table",
                name=back[0],
            ),
            rule=Rule.PLAYERS,
        )
    for newcomer in arriving:
        seated = [p for p in previous.players if p not in leaving and _same(p, newcomer)]
        if seated:
            raise RuleViolation(
                Msg("{name} is already seated at this table", name=seated[0]),
                rule=Rule.PLAYERS,
            )
    # Clockwise from the previous first dealer: the old seats, then the new ones.
    around = [*previous.players, *arriving]
    start = around.index(previous.first_dealer)
    players = [p for p in around if p not in leaving]
    dealer = next(
        (p for p in around[start + 1 :] + around[: start + 1] if p not in leaving),
        players[0] if players else "",
    )
    refuse_lookalikes(players)
    refuse_modifier_names(arriving)  # the seats kept keep their names
    return new_session(players, previous.rules, dealer=dealer, name=name, created=created)


def _same(one: str, other: str) -> bool:
    import unicodedata

    return unicodedata.normalize("NFC", one).casefold() == unicodedata.normalize(
        "NFC", other
    ).casefold()


def next_name(previous: str, taken: Callable[[str], bool]) -> str:
    """``fredag`` -> ``fredag-2``, ``fredag-2`` -> ``fredag-3``: the first such name not
    ``taken``."""
    return next(name for name in numbered(previous) if not taken(name))


def numbered(previous: str) -> Iterator[str]:
    """The names `next_name` tries after ``previous``, in order, without end:
    ``fredag-2``, ``fredag-3``, ..."""
    stem, dash, number = previous.rpartition("-")
    if dash and number.isdigit() and stem:
        base, count = stem, int(number) + 1
    else:
        base, count = previous, 2
    while True:
        yield f"{base}-{count}"
        count += 1


def follows_key(previous: Session, name: str) -> str:
    """The identity of "the next game after ``previous``" (named ``name``: its name, or its
    file's), kept in the next game's file as ``started_by``: every act that starts it
    (`chicago again`, `play`'s next game, a phone's Next game, a second tap, a resend)
    finds the same key, so the game it started is found instead of a second one made.
    Its name and ``created`` identify a game; not its last event: a note written after
    the end must not make the same finished game look like another."""
    import hashlib  # only `again` and Next game: not on the start-up path of every command

    digest = hashlib.sha256(f"{name}\n{previous.created}".encode()).hexdigest()
    return f"after-{digest[:16]}"
