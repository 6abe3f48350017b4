"""Rich tables for a person at a terminal.  Imported only by commands that draw."""

from __future__ import annotations

from rich import box
from rich.cells import cell_len
from rich.console import Console
from rich.table import Table

from ..core.game import Standings
from ..i18n.language import number, tr
from .views import marks, moment_text

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..core.settle import Payment


def console() -> Console:
    # emoji=False: no ":name:" codes in a table, and Rich skips loading its emoji table
    return Console(highlight=False, soft_wrap=False, emoji=False)


def _table(title: str) -> Table:
    """A table at least as wide as its title, so a narrow table does not break the title."""
    return Table(title=title, box=box.SIMPLE_HEAVY, title_justify="left", min_width=cell_len(title))


def status_table(standings: Standings, session_name: str) -> Table:
    if standings.finished:
        title = tr(
            f"{session_name} — the game is over after deal {standings.deal}",
            f"{session_name} — partiet är slut efter giv {standings.deal}",
        )
    else:
        title = tr(
            f"{session_name} — deal {standings.deal}", f"{session_name} — giv {standings.deal}"
        )
    table = _table(title)
    table.add_column(tr("Player", "Spelare"))
    table.add_column(tr("Points", "Poäng"), justify="right")
    table.add_column(tr("To go", "Kvar"), justify="right")
    table.add_column(tr("Notes", "Noteringar"))
    target = standings.rules.game.target
    for player in standings.players:
        style = "bold green" if player.name in standings.winners else ""
        table.add_row(
            player.name,
            str(player.score),
            str(max(0, target - player.score)),
            marks(standings, player.name),
            style=style,
        )
    return table


def print_status(standings: Standings, session_name: str) -> None:
    out = console()
    out.print(status_table(standings, session_name))
    if standings.finished:
        winners = " & ".join(standings.winners)
        out.print(tr(f"Winner: [bold]{winners}[/bold]", f"Vinnare: [bold]{winners}[/bold]"))
    else:
        out.print(
            tr(
                f"Dealer {standings.dealer}, forehand {standings.forehand}. Next: {moment_text(standings)}",
                f"Givare {standings.dealer}, förhand {standings.forehand}. Nästa: {moment_text(standings)}",
            )
        )


def protocol_table(standings: Standings, session_name: str) -> Table:
    """The paper protocol: a row per deal, each player's points and running total."""
    from .export import protocol_rows

    table = _table(tr(f"Protocol — {session_name}", f"Protokoll — {session_name}"))
    table.add_column(tr("Deal", "Giv"), justify="right")
    table.add_column(tr("Dealer", "Givare"))
    for player in standings.players:
        table.add_column(player.name, justify="right")
    for record, cells in protocol_rows(standings):
        shown = [
            (f"{points:+d} " if points else "– ") + f"[bold]{total}[/bold]"
            for points, total in cells
        ]
        number = str(record.number) + ("" if record.complete else "…")
        table.add_row(number, record.dealer, *shown)
    return table


def print_protocol(standings: Standings, session_name: str) -> None:
    out = console()
    if not standings.deals:
        out.print(tr("Nothing is recorded yet.", "Inget är fört ännu."))
        return
    out.print(protocol_table(standings, session_name))
    if standings.finished:
        out.print(tr("Winner: ", "Vinnare: ") + " & ".join(standings.winners))


def print_settlement(
    standings: Standings,
    session_name: str,
    winners: list[str],
    payments: list[Payment],
    stake: str,
    provisional: bool,
) -> None:
    from ..core.settle import amount_json

    out = console()
    table = _table(
        tr(
            f"Settlement — {session_name} (stake {number(stake)} per point)",
            f"Betalning — {session_name} (insats {number(stake)} per poäng)",
        )
    )
    table.add_column(tr("Pays", "Betalar"))
    table.add_column(tr("To", "Till"))
    table.add_column(tr("Amount", "Belopp"), justify="right")
    for payment in payments:
        table.add_row(payment.payer, payment.payee, number(amount_json(payment.amount)))
    if provisional:
        out.print(
            tr(
                "The game is not over: this is how it would settle if it ended now.",
                "Partiet är inte slut: så här skulle det betalas om det slutade nu.",
            )
        )
    out.print(table)
    if not payments:
        out.print(tr("Nobody pays anything.", "Ingen betalar något."))
    if provisional:
        out.print(tr("Leading now: ", "Leder nu: ") + " & ".join(winners))
    else:
        out.print(tr("Winner: ", "Vinnare: ") + " & ".join(winners))
