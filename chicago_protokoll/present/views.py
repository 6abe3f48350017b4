"""What the standings look like to a script (JSON) and to a plain terminal.

Nothing here imports Rich: the commands typed after every scoring moment
(`deal`, `buy`, `status --json`...) print through this module and stay fast.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core.session import Session
from ..core.standings import DealRecord, Moment, Standings
from ..i18n.language import t, tn
from .width import pad, text_width, visible

if TYPE_CHECKING:
    from ..core.events import Event
    from ..store.recording import Corrected


def moment_text(standings: Standings) -> str:
    """The next scoring moment in the table's words."""
    moment = standings.moment
    if moment is Moment.BUY:
        return t("köp {buy}: best hand", buy=standings.buy)
    if moment is Moment.TRICKS:
        return t("Chicago? then the last trick")
    if moment is Moment.CHICAGO:
        return t(
            "{declarer}'s Chicago: all five tricks, or who broke it",
            declarer=standings.chicago,
        )
    if moment is Moment.SHOWDOWN:
        return t("showdown: best hand after the tricks")
    return t("the game is over")


def status_dict(standings: Standings, session_name: str) -> dict[str, Any]:
    """The ``status --json`` object of cli.md, with a few additions after the required keys;
    ``forfeited`` only in a game that a forfeit ended (the totals stay as recorded)."""
    status: dict[str, Any] = {
        "session": session_name,
        "deal": standings.deal,
        "finished": standings.finished,
        "winners": list(standings.winners),
        "dealer": standings.dealer,
        "forehand": standings.forehand,
        "next": standings.moment.value,
        "buy": standings.buy,
        "chicago": standings.chicago,
        "target": standings.rules.game.target,
        "players": [
            {
                "name": p.name,
                "score": p.score,
                "buy_stop": p.buy_stop,
                "may_declare_chicago": p.may_declare_chicago,
                "chicagos_won": p.chicagos_won,
                # Only where it decides the game: a successful Chicago is needed to win.
                **(
                    {"has_chicago": p.chicagos_won > 0}
                    if standings.rules.chicago.required_to_win
                    else {}
                ),
            }
            for p in standings.players
        ],
    }
    if standings.forfeited:
        status["forfeited"] = list(standings.forfeited)
    return status


def last_ids(session: Session) -> dict[str, str | None]:
    """``last_event`` and ``last_correction`` of `status --json` and `log --json`: the ids
    a writer names to show what it saw of the record (None when there is none)."""
    from ..core import ids

    return {"last_event": ids.last_event(session), "last_correction": ids.last_correction(session)}


def marks(standings: Standings, name: str) -> str:
    """Short marks beside a name: dealer, förhand, köpstopp, may declare Chicago."""
    player = next(p for p in standings.players if p.name == name)
    found: list[str] = []
    if not standings.finished:
        if name == standings.dealer:
            found.append(t("dealer"))
        if name == standings.forehand:
            found.append(t("forehand"))
        if player.buy_stop:
            found.append(t("buy stop"))
        if player.may_declare_chicago:
            found.append(t("may declare Chicago"))
        if standings.rules.chicago.required_to_win and player.chicagos_won == 0:
            found.append(t("no Chicago yet: needs one to win"))
    if name in standings.winners:
        found.append(t("WINNER"))
    if name in standings.forfeited:
        found.append(t("forfeited"))
    return ", ".join(found)


def plain_standings(standings: Standings, session_name: str) -> str:
    """The standings as plain text lined up by display width: what comes next, then a line a
    player."""
    width = max(text_width(visible(p.name)) for p in standings.players)
    lines = []
    if standings.finished:
        winners = " & ".join(standings.winners)
        lines.append(
            tn(
                "{session_name}: the game is over after deal {deal}. Winner: {winners}",
                "{session_name}: the game is over after deal {deal}. Winners: {winners}",
                len(standings.winners),
                session_name=session_name,
                deal=standings.deal,
                winners=winners,
            )
        )
    else:
        lines.append(
            t(
                "{session_name}, deal {deal}, next: {standings}",
                session_name=session_name,
                deal=standings.deal,
                standings=moment_text(standings),
            )
        )
    for player in standings.players:
        note = marks(standings, player.name)
        lines.append(
            f"  {pad(visible(player.name), width)}  {player.score:>3}"
            + (f"  ({note})" if note else "")
        )
    # Names come from a file anyone can edit: a control character in one is shown, not obeyed.
    return "\n".join(visible(line) for line in lines)


def new_session_text(session: Session, standings: Standings, session_name: str) -> str:
    """What `new`, `again` and `play` say about a new game: the seats and the first
    dealer, every house rule that differs from the main rule, a warning for a rule the
    texts advise against at this table, the standings."""
    from .rules_text import rules_line, warning_lines

    players = ", ".join(session.players)
    dealer = session.first_dealer
    return "\n".join(
        [
            t(
                "New session '{session_name}': {players}. {dealer} deals first.",
                session_name=session_name,
                players=players,
                dealer=dealer,
            ),
            rules_line(session.rules),
            *warning_lines(session.rules, len(session.players)),
            plain_standings(standings, session_name),
        ]
    )


def totals_before_after(before: Standings, after: Standings, *, would: bool = False) -> str:
    """Each player's total before → after a correction, aligned; then the game's state,
    said as what would happen for a dry run (``would``), and said outright when the
    correction ends the game or opens a finished one again."""
    width = max(text_width(p.name) for p in after.players)
    lines = [
        f"  {pad(visible(new.name), width)}  {old.score:>3} → {new.score:>3}"
        + ("" if new.score == old.score else f"  ({new.score - old.score:+d})")
        for old, new in zip(before.players, after.players, strict=True)
    ]
    if after.finished:
        winners = " & ".join(after.winners)
        if would and not before.finished:
            said = tn(
                "  The game would be over. Winner: {winners}",
                "  The game would be over. Winners: {winners}",
                len(after.winners),
                winners=winners,
            )
        else:
            said = tn(
                "  The game is over. Winner: {winners}",
                "  The game is over. Winners: {winners}",
                len(after.winners),
                winners=winners,
            )
        lines.append(said)
    elif before.finished:
        lines.append(
            t("  The game would no longer be over: deal {deal} would be played next.", deal=after.deal)
            if would
            else t("  The game is no longer over: deal {deal} is played next.", deal=after.deal)
        )
    return "\n".join(visible(line) for line in lines)


def nobody_took(record: DealRecord) -> str:
    """The scoring moments of a deal that nobody took, in words (``; köp 2: nobody,
    showdown: nobody (a tie)``), or "": a forgotten ``--showdown`` is recorded as a pass,
    and a row of totals alone does not show it (cli.md, "no silent pass")."""
    from ..core.events import BuyWinner, Showdown

    said = []
    for entry in record.entries:
        match entry.event:
            case BuyWinner(player=None, tie=tie, buy=buy):
                moment = t("köp {buy}", buy=buy)
            case Showdown(player=None, tie=tie):
                moment = t("showdown")
            case _:
                continue
        said.append(
            t("{moment}: nobody (a tie)", moment=moment)
            if tie
            else t("{moment}: nobody", moment=moment)
        )
    return "; " + ", ".join(said) if said else ""


def finished_deal_row(standings: Standings, last: Event) -> str | None:
    """The paper protocol's row of the deal that ``last`` finished, as one line:
    ``Protocol, deal 4: Anna +6 = 27 | Bo – 8 | Cilla +5 = 5``; None when ``last`` did
    not finish a deal (a moment in the middle, a note)."""
    done = [record for record in standings.deals if record.complete]
    if not done or not any(entry.event == last for entry in done[-1].entries):
        return None
    record = done[-1]
    cells = [
        f"{player.name} {points:+d} = {total}" if (points := record.points_of(i)) else
        f"{player.name} – {total}"
        for i, (player, total) in enumerate(zip(standings.players, record.totals, strict=True))
    ]
    return visible(
        t("Protocol, deal {deal}: ", deal=record.number) + " | ".join(cells) + nobody_took(record)
    )


def correction_report(corrected: Corrected) -> str:
    """What a correction did (or, dry run, would do) and each total before → after, as
    ``chicago edit``, ``e N`` in ``play`` and a phone's correction form all say it."""
    from .narrate import correction_changes, describe_correction

    correction = corrected.correction
    if corrected.dry_run:
        # Not "deal 4 corrected at 07:08": nothing is corrected, and at no time.
        changed = "; ".join(correction_changes(correction)) or t("the order")
        head = t("Would correct deal {deal}: {changes}", deal=correction.deal, changes=changed)
    else:
        head = t("Corrected: ") + describe_correction(correction)
    before, after = corrected.before.standings(), corrected.after.standings()
    return "\n".join(
        [
            head,
            totals_before_after(before, after, would=corrected.dry_run),
            t("Dry run: nothing was written.")
            if corrected.dry_run
            else t("`chicago undo` takes the correction back."),
        ]
    )
