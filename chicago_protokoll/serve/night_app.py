"""The pages of ``serve --night NAME``: ``/`` the room's board, ``/t/N`` table N's live
sheet, ``/status.json`` the ``night status --json`` object, ``/cards`` the night's table
cards with each table's read-only QR code (``night cards`` has none), ``/cards/protocol``
the blank paper protocols with the same codes; and, with
``--record``, which session table N records into (`NightTables`)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, Response
from starlette.routing import BaseRoute, Route

from ..i18n.language import t
from ..present.night_status import table_name
from ..present.sheet_style import STYLE
from . import keys, paths  # noqa: F401  # paths: the {number:table} of the routes
from .app import status_route
from .night_page import ROTATE_SECONDS
from .nightboard import BOARD, TV, NightBoard, table_view
from .pages import SHEET, Kind, csp_for, live_document, sheet_document
from .record_app import Table

#: The board and the night's /tv: the room's style, the live script and the paging one.
ROOM = Kind(BOARD, "nb", ("room.css",), ("live.js", "board.js"), rotate=ROTATE_SECONDS)


def night_routes(board: NightBoard, base: str) -> list[BaseRoute]:
    """The night's pages; ``base`` is the printed address (the cards' QR codes point there)."""

    def screen(name: str) -> Callable[[Request], Awaitable[Response]]:
        """The board (``/``) or the night's ``/tv``: one layout, laid out for what it holds."""

        async def room(request: Request) -> Response:
            document = live_document(board.snapshot, name, ROOM)
            return HTMLResponse(document, headers={"content-security-policy": ROOM.policy})

        return room

    async def table(request: Request) -> Response:
        number: int = request.path_params["number"]
        snapshot = board.snapshot
        if table_view(number) not in snapshot.views:
            return PlainTextResponse(
                t("Table {table} plays no game in this round.", table=number) + "\n", 404
            )
        document = sheet_document(snapshot, table_view(number))
        return HTMLResponse(document, headers={"content-security-policy": SHEET.policy})

    def qr_codes(status: dict[str, Any]) -> dict[str, str]:
        import segno

        root = base.rstrip("/")
        return {
            str(row["session"]): segno.make(f"{root}/t/{row['table']}", micro=False).svg_inline(
                omitsize=True
            )
            for row in status["tables"]
        }

    async def cards(request: Request) -> Response:
        from ..present.night_cards import CARDS_STYLE, night_cards_html

        status = board.snapshot.status
        if status is None:
            return PlainTextResponse((board.snapshot.problem or "") + "\n", 503)
        document = night_cards_html(status, qr=qr_codes(status))
        return HTMLResponse(
            document, headers={"content-security-policy": csp_for(STYLE + CARDS_STYLE)}
        )

    async def protocol(request: Request) -> Response:
        """``night cards --protocol`` with each table's read-only QR code."""
        from ..present.protocol_cards import PROTOCOL_STYLE, protocol_cards_html

        status, night = board.snapshot.status, board.night
        if status is None or night is None:
            return PlainTextResponse((board.snapshot.problem or "") + "\n", 503)
        document = protocol_cards_html(status, night.rules, qr=qr_codes(status))
        return HTMLResponse(
            document, headers={"content-security-policy": csp_for(STYLE + PROTOCOL_STYLE)}
        )

    return [
        Route("/", screen(BOARD), methods=["GET"]),
        Route("/tv", screen(TV), methods=["GET"]),
        Route("/t/{number:table}", table, methods=["GET"]),
        Route("/status.json", status_route(board), methods=["GET"]),
        Route("/cards", cards, methods=["GET"]),
        Route("/cards/protocol", protocol, methods=["GET"]),
    ]


class NightTables:
    """The tables a night records: table N of the current round, whichever it plays."""

    def __init__(self, board: NightBoard, night: str) -> None:
        self.board = board
        self.night = night

    def numbers(self) -> list[int]:
        status = self.board.snapshot.status
        return sorted(int(row["table"]) for row in status["tables"]) if status else []

    def key(self, number: int) -> str:
        return keys.table_key(night=self.night, table=number, fixed=None)

    def table(self, number: int) -> Table:
        path, problem = self.board.table_session(number)
        label = t("Table {table}", table=number)  # the page's heading: not the file's name
        status = self.board.snapshot.status or {}
        row = next(
            (r for r in status.get("tables", ()) if int(r["table"]) == number and path is not None
             and r["session"] == path.stem),
            None,
        )
        night: dict[str, Any] = {
            "rounds": status.get("rounds", 1),
            "final": status.get("final"),
            "games_per_table": status.get("games_per_table"),
            # "final" once the night is closed: the page then offers no entry at all.
            "result": status.get("result"),
        }
        if row is not None:
            night.update(row)
            # after a per-table draw the phone says which game the table is on: "Table 1,
            # game 2 of 2" (a night of rounds: "Table 1", as before)
            label = table_name(row, status)
        return Table(number, path, problem, table_view(number), f"/t/{number}", label, night)
