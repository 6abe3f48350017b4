"""The whole-deal form of a recording page whose phone lost the laptop (cli.md, "Recording
that survives the room's network"): while an entry waits, the page cannot draw the next
question, so it takes the rest of the deal at once, as ``chicago deal`` takes a deal.

The form gives the parts of the deal the file does not have yet (a part left empty is
"as recorded", or nothing: a köp passed, no Chicago).  On arrival the server reads the
deal as a whole (`core.entry.DealEntry`, the same options as ``chicago deal``): the parts
already in the file as they are recorded, the rest as the form gives them, played from
the deal's start by the same entry layer and engine; what the file has of the deal must
be how that deal begins, and the events after it are recorded.  No rule is read here:
`core.entry.deal_events` and `Game.apply` judge, as for the command line.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..core import entry
from ..core.claims import Claim, Taking
from ..core.correct import deal_events, game_before
from ..core.errors import ChicagoError
from ..core.events import Event, RevisorEvent
from ..core.game import Game
from ..core.recorded import recorded_entry
from ..i18n.language import Msg


def chosen_claim(who: str, hand: str, opponent: str = "") -> Claim:
    """A köp's or the showdown's choices on the form (who: a player, ``tie``, ``pass`` or
    "" for pass; the hand's slug; whose total the points come off, "" for none) as a
    claim (`Claim.from_choices`): the value itself, as ``chicago deal`` reads its text to."""
    return Claim.from_choices(who or "pass", hand, opponent)


def chosen_taking(form: Mapping[str, str]) -> Taking | None:
    """The last trick on the form (``last``, and ``lastfrom`` where the points come off an
    opponent) as a taking; None if not given."""
    taker = _given(form, "last")
    if taker is None:
        return None
    return Taking(taker, opponent=_given(form, "lastfrom"))


def _given(form: Mapping[str, str], name: str) -> str | None:
    value = form.get(name, "").strip()
    return value or None


def form_entry(game: Game, form: Mapping[str, str]) -> entry.DealEntry:
    """The deal the form describes, parts already in the file taken from the file.  The
    seats are the form's choices as they are; the engine checks that each is at the table."""
    so_far = [e for e in deal_events(game.session, game.deal) if not isinstance(e, RevisorEvent)]
    recorded = recorded_entry(so_far)
    buys = list(recorded.buys)
    for number in range(len(buys) + 1, game.rules.game.scored_buys + 1):
        who = form.get(f"buy{number}", "") or "pass"
        buys.append(chosen_claim(who, form.get(f"hand{number}", ""), form.get(f"from{number}", "")))
    while buys and buys[-1].is_pass:
        buys.pop()
    showdown = recorded.showdown
    if showdown is None and (show := _given(form, "show")) is not None:
        showdown = chosen_claim(show, form.get("showhand", ""), form.get("showfrom", ""))
    whole = entry.DealEntry(
        buys=tuple(buys),
        exchanges=recorded.exchanges,
        chicago=recorded.chicago or _given(form, "chicago"),
        broken_by=recorded.broken_by or _given(form, "broken"),
        last_trick=recorded.last_trick or chosen_taking(form),
        with_two=recorded.with_two or form.get("two") == "1",
        showdown=showdown,
        royal=recorded.royal or _given(form, "royal"),
    )
    whole.refuse_parts_apart()  # what the person chose, with the file's part of the deal
    return whole


def rest_of_deal(game: Game, form: Mapping[str, str]) -> list[Event]:
    """The events the form adds to the deal being played on ``game``: the whole deal read
    from its start, less what the file already has of it (which must be how it begins)."""
    whole = form_entry(game, form)
    start = game_before(game.session, game.deal)
    events = entry.apply_deal(start, whole)
    so_far = [e for e in deal_events(game.session, game.deal) if not isinstance(e, RevisorEvent)]
    # Compared as events (their content; ids aside): the file's part must be the deal's start.
    if events[: len(so_far)] != so_far:
        raise ChicagoError(
            Msg(
                "the deal as recorded so far is not how this whole deal begins; nothing was recorded"
            )
        )
    return events[len(so_far) :]
