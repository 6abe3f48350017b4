"""What the keeper's page (``/k/SECRET``) adds at ``serve --night NAME --record``: the
night's check list (`night check`'s items and words, `nightfile.night_findings`) and, on
a night of stages, a button per table that draws that table's next game as `night draw`
would (cli.md, "The night's stages, its check and its close").

The button's form carries the session the page saw the table play.  The draw is made
under the nights lock, by `stages.draw_games` on the night as the file holds it then: a
form sent again after its draw (a double tap, a reload that resends) finds the table at
another game and answers "already drawn", drawing nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core.errors import ChicagoError
from ..core.night import Night, NightError, NightTable, latest_games
from ..i18n.language import Msg, language, t
from ..present.night_check import findings_view
from ..present.night_status import drawn_games_text
from ..store import nightfile
from .nightboard import NightBoard

DRAW = "draw"  # the form's ``do``


class KeeperNight:
    """The night behind a keeper's page: its check list, and drawing a table's next game."""

    def __init__(self, board: NightBoard) -> None:
        self.board = board

    def check(self) -> dict[str, Any]:
        """The check list as `night check` gives it now (every game read again), or why the
        night cannot be read (``problem``): what ``night_check.html`` shows."""
        try:
            night = nightfile.load_night(self.board.path)
            findings = nightfile.night_findings(night)
        except ChicagoError as error:
            return {"problem": error.localized(language())}
        return findings_view(night.name, findings, night.closed.at if night.closed is not None else None)

    def draw_button(self, number: int) -> dict[str, str] | None:
        """What table ``number``'s "Draw its next game" button sends, when its game is over
        and it has games left in the stage (from the board's last look at the files)."""
        status = self.board.snapshot.status
        if not status or not status.get("games_per_table"):
            return None
        row = next((r for r in status["tables"] if int(r["table"]) == number), None)
        if row is None or not row["finished"] or int(row["game"]) >= int(status["games_per_table"]):
            return None
        return {"table": str(number), "session": str(row["session"]), "do": DRAW}

    @staticmethod
    def asks_draw(form: Mapping[str, str]) -> bool:
        """Whether a form of the keeper's page is this page's draw button."""
        return form.get("do") == DRAW

    def draw(self, form: Mapping[str, str]) -> str:
        """Draw the next game of the form's table, as `night draw` would; the line to show.
        `ChicagoError` with the command's sentence when it is refused."""
        from ..core.stages import draw_games

        try:
            number = int(form.get("table", ""))
        except ValueError:
            raise NightError(Msg("the form names no table; nothing was drawn")) from None
        seen = form.get("session", "")

        def change(old: Night) -> tuple[Night, tuple[NightTable, ...] | NightTable | None]:
            if not old.games_per_table:
                raise NightError(
                    Msg(
                        "the night {night} has rounds, not stages: `chicago night draw` draws its next round for every table at once",
                        night=old.name,
                    ),
                )
            now = next((x for x in latest_games(old) if x.table == number), None)
            if now is None or now.session != seen:
                return old, now  # drawn already (or the night went on): nothing is drawn
            return draw_games(old, nightfile.night_results(old), only=number)

        _, told = nightfile.transact_night(self.board.path, change)
        if isinstance(told, tuple):
            return drawn_games_text(told)
        if told is None:
            return t("Table {table}: already drawn; nothing was drawn again.", table=number)
        return t(
            "Table {table}: already drawn, it plays {session} now; nothing was drawn again.",
            table=number,
            session=told.session,
        )
