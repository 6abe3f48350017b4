"""A club night as ``night status --json`` shows it, and as plain text for the terminal.

`night_status_dict` is the one picture of a night: the JSON, the text here and the sheets
(`present.night_sheet`: Markdown, HTML, CSV and the table cards) all read it.  Placement
points are exact fractions in the core; here they become numbers with at most two
decimals (an int when whole).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from ..core.night import GameResult, Night, NightTable, current_stage, latest_games
from ..core.night_close import Amendment
from ..core.night_draw import Cut, repeated_pairs
from ..core.night_results import (
    NightStanding,
    finished,
    night_standings,
    placements,
    stage_reached,
    staged_finished,
    staged_standings,
)
from ..core.stages import TableCut, game_in_play
from ..i18n.language import language, number, t, tn
from .width import pad, text_width, visible


def shown_number(value: Fraction) -> int | float:
    """An exact number as shown: an int when whole, else rounded to two decimals."""
    if value.denominator == 1:
        return int(value)
    return round(float(value), 2)


def table_dict(table: NightTable, result: GameResult, points: tuple[int, ...]) -> dict[str, Any]:
    """One table of one round (the final is table 1 of round ``rounds + 1``)."""
    placed = placements(result, points) if result.finished else {}
    staged = {"stage": table.stage, "game": table.game} if table.stage else {}
    return {
        "round": table.round,
        **staged,
        "table": table.table,
        "session": table.session,
        "players": list(table.players),
        "dealer": table.players[0],
        "deal": result.deal,
        "finished": result.finished,
        "totals": {name: result.totals[name] for name in table.players},
        "winners": list(result.winners),
        "forfeited": list(result.forfeited),
        "places": {name: placed[name].place for name in table.players} if placed else {},
        "placement_points": (
            {name: shown_number(placed[name].points) for name in table.players} if placed else {}
        ),
    }


def night_status_dict(
    night: Night,
    results: Mapping[str, GameResult],
    amendments: Sequence[Amendment] = (),
) -> dict[str, Any]:
    """The ``night status --json`` object (cli.md, "The club night"; with stages, "The
    night's stages"), with the keys the sheets need besides: every table so far under
    ``results``, the final last."""
    status = (
        _staged_status_dict(night, results) if night.games_per_table else _rounds_dict(night, results)
    )
    status["result"] = "final" if night.closed is not None else "provisional"
    status["closed"] = night.closed.at if night.closed is not None else None
    status["amendments"] = [
        {"session": a.session, "deal": a.deal, "kind": a.kind, "text": a.text.localized(language()), "at": a.at}
        for a in amendments
    ]
    return status


def _rounds_dict(night: Night, results: Mapping[str, GameResult]) -> dict[str, Any]:
    return {
        "night": night.name,
        "round": night.round,
        "rounds": night.rounds,
        "finished": finished(night, results),
        "final": night.final is not None,
        "players": list(night.players),
        "absent": list(night.absent),
        "repeated_pairs": repeated_pairs(night),
        "points": list(night.points),
        "tables": [table_dict(t, results[t.session], night.points) for t in night.current],
        "results": [table_dict(t, results[t.session], night.points) for t in night.tables],
        "standings": [_standing_dict(row) for row in night_standings(night, results)],
    }


def _standing_dict(row: NightStanding) -> dict[str, Any]:
    return {
        "name": row.name,
        "rank": row.rank,
        "points": shown_number(row.points),
        "games": row.games,
        "wins": row.wins,
        "game_points": row.game_points,
    }


def _staged_status_dict(night: Night, results: Mapping[str, GameResult]) -> dict[str, Any]:
    """A night of stages: ``"round"`` is the lowest game number still being played, the
    tables are each table's latest game, and each standing says the stage it reached."""
    reached = stage_reached(night)
    stage = current_stage(night)
    return {
        "night": night.name,
        "round": game_in_play(night, results),
        "rounds": night.games_per_table,
        "stage": stage,
        "games_per_table": night.games_per_table,
        "finished": staged_finished(night, results),
        "final": len(latest_games(night)) == 1,
        "players": list(night.players),
        "absent": list(night.absent),
        "repeated_pairs": repeated_pairs(night),
        "points": list(night.points),
        "tables": [table_dict(t, results[t.session], night.points) for t in latest_games(night)],
        "results": [table_dict(t, results[t.session], night.points) for t in night.tables],
        "standings": [
            {**_standing_dict(row), "stage_reached": reached[row.name]}
            for row in staged_standings(night, results)
        ],
    }


# -- plain text ----------------------------------------------------------------------------------


def round_title(status: Mapping[str, Any]) -> str:
    """The night's round, or its stage: on a night of stages each table plays its own
    games at its own pace, so the game is said table by table (`table_name`)."""
    if "stage" in status:
        if status["final"]:
            return t("{night}: stage {stage}, the last table", night=status["night"], stage=status["stage"])
        return t("{night}: stage {stage}", night=status["night"], stage=status["stage"])
    if status["final"]:
        return t("The final of {night}", night=status["night"])
    return t(
        "{night}: round {round} of {rounds}",
        night=status["night"],
        round=status["round"],
        rounds=status["rounds"],
    )


def table_name(table: Mapping[str, Any], status: Mapping[str, Any]) -> str:
    """``Table 1`` on a night of rounds; ``Table 1, game 2 of 3`` on a night of stages,
    where each table is on its own game."""
    if "game" in table and "games_per_table" in status:
        return t(
            "Table {table}, game {game} of {games}",
            table=table["table"],
            game=table["game"],
            games=status["games_per_table"],
        )
    return t("Table {table}", table=table["table"])


def tables_text(status: Mapping[str, Any]) -> str:
    """The current round's tables: number (and game), session, seats with the first
    dealer first."""
    lines = [round_title(status)]
    for table in status["tables"]:
        seats = ", ".join(table["players"][1:])
        lines.append(
            visible(
                t(
                    "{table} ({session}): {dealer} deals first, then {seats}",
                    table=table_name(table, status),
                    session=table["session"],
                    dealer=table["players"][0],
                    seats=seats,
                )
            )
        )
    if status["repeated_pairs"]:
        count = status["repeated_pairs"]
        lines.append(
            tn(
                "{n} pair has sat at one table again",
                "{n} pairs have sat at one table again",
                count,
            )
        )
    return "\n".join(lines)


def drawn_games_text(drawn: tuple[NightTable, ...]) -> str:
    """The games ``night draw`` drew on a night of stages, one line a table."""
    return "\n".join(
        visible(
            t(
                "Table {table}, game {game} ({session}): {dealer} deals first, then {seats}",
                table=table.table,
                game=table.game,
                session=table.session,
                dealer=table.players[0],
                seats=", ".join(table.players[1:]),
            )
        )
        for table in drawn
    )


def _table_state(table: Mapping[str, Any]) -> str:
    if table["finished"]:
        if table["forfeited"]:
            return t(
                "finished, won by {winners} ({forfeited} forfeited)",
                winners=" & ".join(table["winners"]),
                forfeited=", ".join(table["forfeited"]),
            )
        return t("finished, won by {winners}", winners=" & ".join(table["winners"]))
    return t("playing deal {deal}", deal=table["deal"])


def standings_text(status: Mapping[str, Any]) -> str:
    """The night's standings as a plain table: rank, name, placement points, games, wins,
    game points (on a night of stages, the stage reached first: the figures are that
    stage's)."""
    staged = "stage" in status
    headers = [
        t("Rank"), t("Player"), t("Placement points"), t("Games"), t("Wins"), t("Game points"),
    ]  # fmt: skip
    if staged:
        headers.insert(2, t("Stage"))
    rows = []
    for row in status["standings"]:
        cells = [
            str(row["rank"]),
            row["name"] + (" " + t("(left)") if row["name"] in status["absent"] else ""),
            number(row["points"]),
            str(row["games"]),
            str(row["wins"]),
            str(row["game_points"]),
        ]
        if staged:
            cells.insert(2, str(row["stage_reached"]))
        rows.append(cells)
    widths = [max(text_width(cell) for cell in column) for column in zip(headers, *rows, strict=True)]
    lines = []
    for line in [headers, *rows]:
        cells = [
            pad(cell, width) if index == 1 else pad(cell, width, "right")
            for index, (cell, width) in enumerate(zip(line, widths, strict=True))
        ]
        lines.append(visible("  ".join(cells).rstrip()))
    return "\n".join(lines)


def status_text(status: Mapping[str, Any]) -> str:
    """``night status`` for a terminal: the round, each table's state, the standings."""
    lines = [round_title(status)]
    for table in status["tables"]:
        totals = ", ".join(f"{name} {table['totals'][name]}" for name in table["players"])
        lines.append(
            visible(
                t(
                    "{table} ({session}): {state}; {totals}",
                    table=table_name(table, status),
                    session=table["session"],
                    state=_table_state(table),
                    totals=totals,
                )
            )
        )
    if status["finished"]:
        lines.append(t("The night is over."))
    if "stage" in status:
        lines.append(
            tn(
                "Stage {stage}: each table plays {n} game; the standings rank by the last stage each player reached.",
                "Stage {stage}: each table plays {n} games; the standings rank by the last stage each player reached.",
                int(status["games_per_table"]),
                stage=status["stage"],
            )
        )
    lines.append(
        tn(
            "{n} pair has sat at one table again",
            "{n} pairs have sat at one table again",
            status["repeated_pairs"],
        )
    )
    lines.append(result_line(status))
    lines.append("")
    lines.append(standings_text(status))
    if status["amendments"]:
        lines.append("")
        lines.append(t("Amendments after the result, in the order they were made:"))
        lines += [
            visible(f"  {shown_time(a['at'])}  {a['session'] or status['night']}: {a['text']}")
            for a in status["amendments"]
        ]
    return "\n".join(lines)


def shown_time(at: str) -> str:
    """A time as written (ISO 8601) on this machine's clock, to the minute: ``2026-12-04
    21:04`` (a night's amendments may come days after it); as written if it does not read."""
    from datetime import datetime

    try:
        return datetime.fromisoformat(at).astimezone().strftime("%Y-%m-%d %H:%M")
    except ValueError:
        return at


def result_line(status: Mapping[str, Any]) -> str:
    """Provisional until `night close`, final after (cli.md, "its check and its close")."""
    if status["result"] == "final":
        return t("Result: final (closed {at}).", at=status["closed"])
    return t("Result: provisional (`chicago night close` makes it final).")


def cut_text(cut: Cut) -> str:
    """The tie at the cut of a final, broken by lot, as the output says it."""
    return t(
        "{level} were level at the cut; the lot from the night's seed sent {chosen} to the final",
        level=", ".join(cut.level),
        chosen=", ".join(cut.chosen),
    )


def went_on_text(night: Night, results: Mapping[str, GameResult]) -> str:
    """After ``night advance``: who went on from each table of the stage before, in the
    order of that table's standings (the new stage's tables follow)."""
    from ..core.night import stage_tables
    from ..core.night_results import stage_rows

    stage = current_stage(night)
    going = {name for table in latest_games(night, stage) for name in table.players}
    lines = []
    for table in latest_games(night, stage - 1):
        games = [t for t in stage_tables(night, stage - 1) if t.table == table.table]
        ranked = [row.name for row in stage_rows(night, games, table.players, results)]
        lines.append(
            visible(
                t(
                    "From table {table} of stage {stage}: {players} went on",
                    table=table.table,
                    stage=stage - 1,
                    players=", ".join(name for name in ranked if name in going) or t("nobody"),
                )
            )
        )
    return "\n".join(lines)


def table_cut_text(cut: TableCut) -> str:
    """A tie at a table's cut in ``night advance``, broken by lot, as the output says it."""
    return t(
        "At table {table} of stage {stage} {level} were level at the cut; the lot from the night's seed sent {chosen} on",
        table=cut.table,
        stage=cut.stage,
        level=", ".join(cut.level),
        chosen=", ".join(cut.chosen),
    )
