"""The game as data and documents: JSON, CSV and Markdown protocol sheets.

All of it is derived from the replay; nothing here reads or writes files.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, assert_never

from ..core.events import (
    BuyWinner,
    ChicagoBroken,
    ChicagoDeclared,
    ChicagoWon,
    Correction,
    Exchange,
    Forfeit,
    LastTrick,
    Note,
    Penalty,
    RevisorEvent,
    Royal,
    Showdown,
    event_to_dict,
    opponent,
)
from ..core.standings import DealRecord, Standings
from ..i18n.language import number, t

# `narrate` (and the claims it words) is imported where an event is told in words: JSON,
# `log` and the live board read the rows and the events' data, not their wording
# (tests/cli/test_reads_import_less.py).


def protocol_rows(standings: Standings) -> list[tuple[DealRecord, list[tuple[int, int]]]]:
    """Per deal: the (points this deal, running total) of each player, in seat order."""
    rows = []
    for record in standings.deals:
        cells = [
            (record.points_of(index), record.totals[index])
            for index in range(len(standings.players))
        ]
        rows.append((record, cells))
    return rows


# Every JSON document names what it is and the version of its shape, so a script can
# check it reads what it expects; the version goes up when a key changes meaning or
# goes away (new keys may appear without it).
JSON_VERSION = 1


def _header(kind: str) -> dict[str, Any]:
    return {"format": f"chicago-protokoll/{kind}", "version": JSON_VERSION}


def _events(
    record: DealRecord, player: str | None = None, *, revisor_only: bool = False
) -> list[dict[str, Any]]:
    """The deal's events, each with the awards it gave (only ``player``'s, if given; only
    the revisor's entries, with ``revisor_only``)."""
    events = []
    for entry in record.entries:
        if revisor_only and not isinstance(entry.event, RevisorEvent):
            continue
        awards = [
            {
                "player": a.player,
                "points": a.points,
                "nominal": a.nominal,
                "rule": a.rule,
                "key": a.key,
            }
            for a in entry.awards
            if player is None or a.player == player
        ]
        if player is not None and not awards:
            continue
        events.append({**event_to_dict(entry.event), "awards": awards})
    return events


def _deal_dict(
    record: DealRecord, cells: list[tuple[int, int]], names: list[str], events: bool = True
) -> dict[str, Any]:
    deal: dict[str, Any] = {
        "deal": record.number,
        "dealer": record.dealer,
        "forehand": record.forehand,
        "buy_stop": list(record.buy_stop),
        "complete": record.complete,
    }
    if events:
        deal["events"] = _events(record)
    elif revisor := _events(record, revisor_only=True):
        # `log --json` has no events, but a deal's penalties, forfeit and notes, when it has any
        deal["revisor"] = revisor
    deal["points"] = {name: cell[0] for name, cell in zip(names, cells, strict=True)}
    deal["totals"] = {name: cell[1] for name, cell in zip(names, cells, strict=True)}
    return deal


def _outcome(standings: Standings) -> dict[str, Any]:
    # winners stays empty until the game is over, as in `status --json`; forfeited, as
    # there, only in a game a forfeit ended
    outcome: dict[str, Any] = {
        "totals": standings.scores,
        "finished": standings.finished,
        "winners": list(standings.winners),
    }
    if standings.forfeited:
        outcome["forfeited"] = list(standings.forfeited)
    return outcome


def chicago_outcome(record: DealRecord) -> tuple[str, str | None] | None:
    """The deal's settled Chicago: (declarer, None) if it succeeded, (declarer, breaker)
    if it was broken; None for a deal without one."""
    declarer: str | None = None
    for entry in record.entries:
        event = entry.event
        match event:
            case ChicagoDeclared():
                declarer = event.player
            case ChicagoWon():
                return event.player, None
            case ChicagoBroken():
                # The engine refuses a Chicago broken before one is declared.
                assert declarer is not None
                return declarer, event.player
            case BuyWinner() | Exchange() | Showdown() | LastTrick() | Royal():
                pass  # no part of a Chicago
            case Penalty() | Forfeit() | Note():
                pass  # the revisor's, beside the play
            case _:
                assert_never(event)
    return None


def chicago_mark(record: DealRecord, name: str) -> str:
    """The protocol's mark on a declarer's cell: ``C✓`` won, ``C✗`` broken, else empty."""
    outcome = chicago_outcome(record)
    if outcome is None or outcome[0] != name:
        return ""
    return "C✓" if outcome[1] is None else "C✗"


def revisor_entries(record: DealRecord) -> list[str]:
    """The deal's penalties, forfeit and notes in words, each with its reason."""
    from .narrate import describe_in_deal

    return [
        describe_in_deal(entry.event)
        for entry in record.entries
        if isinstance(entry.event, RevisorEvent)
    ]


def taken_entries(record: DealRecord) -> list[str]:
    """The deal's scorings taken off an opponent, in words: ``köp 1: Anna: full house,
    taken from Bo``."""
    from .narrate import describe_in_deal

    return [
        describe_in_deal(entry.event) for entry in record.entries if opponent(entry.event)
    ]


def chicago_legend() -> str:
    return t("C✓: a Chicago won (all five tricks); C✗: a Chicago broken.")


def chicago_text(record: DealRecord) -> str:
    """The deal's Chicago in words for a protocol column: ``Anna won``, ``Anna broken by Bo``."""
    outcome = chicago_outcome(record)
    if outcome is None:
        return ""
    declarer, breaker = outcome
    if breaker is None:
        return t("{declarer} won", declarer=declarer)
    return t("{declarer} broken by {breaker}", declarer=declarer, breaker=breaker)


def export_dict(
    standings: Standings,
    session_name: str,
    first_dealer: str,
    corrections: Sequence[Correction] = (),
) -> dict[str, Any]:
    names = [p.name for p in standings.players]
    return {
        **_header("export"),
        "session": session_name,
        "players": names,
        "first_dealer": first_dealer,
        "rules": standings.rules.to_mapping(),
        "deals": [_deal_dict(record, cells, names) for record, cells in protocol_rows(standings)],
        **_outcome(standings),
        "corrections": [correction_dict(correction) for correction in corrections],
    }


def correction_dict(correction: Correction) -> dict[str, Any]:
    """A correction (`chicago edit`): its id, which deal, when, why (``""`` when no reason
    was given), its events before and after, and the record's last event right after it."""
    return {
        "id": correction.id,
        "deal": correction.deal,
        "at": correction.at,
        "reason": correction.reason,
        "before": [event_to_dict(event) for event in correction.before],
        "after": [event_to_dict(event) for event in correction.after],
        "last_event": correction.last_event,
    }


def log_dict(standings: Standings, session_name: str) -> dict[str, Any]:
    """`log --json`: the paper protocol, a row per deal with points and running totals."""
    names = [p.name for p in standings.players]
    return {
        **_header("log"),
        "session": session_name,
        "players": names,
        "deals": [
            _deal_dict(record, cells, names, events=False)
            for record, cells in protocol_rows(standings)
        ],
        **_outcome(standings),
    }


def explain_dict(
    standings: Standings,
    session_name: str,
    records: list[DealRecord],
    player: str | None = None,
) -> dict[str, Any]:
    """`explain --json`: each event of the deals asked for, with every point it gave or took,
    the rule and house-rules key behind it, and the totals after each deal.  With
    ``player``: only the events that moved that player's total, and only their awards."""
    names = [p.name for p in standings.players]
    deals = []
    for record in records:
        deals.append(
            {
                "deal": record.number,
                "dealer": record.dealer,
                "forehand": record.forehand,
                "buy_stop": list(record.buy_stop),
                "complete": record.complete,
                "events": _events(record, player),
                "totals": dict(zip(names, record.totals, strict=True)),
            }
        )
    return {
        **_header("explain"),
        "session": session_name,
        "players": names,
        "player": player,
        "rules": standings.rules.to_mapping(),
        "deals": deals,
        **_outcome(standings),
    }


def export_json(
    standings: Standings,
    session_name: str,
    first_dealer: str,
    corrections: Sequence[Correction] = (),
) -> str:
    import json  # here, not at the top: `log` reads this module's protocol rows, not JSON

    return json.dumps(
        export_dict(standings, session_name, first_dealer, corrections),
        ensure_ascii=False,
        indent=2,
    )


_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_safe(value: object) -> object:
    """A text cell that a spreadsheet would run as a formula gets a leading apostrophe."""
    if isinstance(value, str) and value.startswith(_FORMULA_START):
        return "'" + value
    return value


# The CSV dialects of `export --format csv --csv-dialect`:
# - plain: comma-separated, quoted as RFC 4180 says, lines ending in LF: for scripts;
# - excel: what Excel (or LibreOffice) in Swedish, or any decimal-comma locale, opens as
#   columns on a double-click:
#   `;` between cells (the comma is the decimal sign there), CRLF line ends, a UTF-8
#   byte order mark (without it Excel reads å, ä, ö as Windows-1252) and a decimal comma.
CSV_DIALECTS = ("plain", "excel")


def excel_cell(value: object) -> object:
    """A cell as a Swedish spreadsheet reads it: a decimal comma in numbers that have decimals."""
    from decimal import Decimal

    if isinstance(value, (float, Decimal)):
        return str(value).replace(".", ",")
    return value


def csv_text(rows: Iterable[Sequence[object]], dialect: str = "plain") -> str:
    """Rows as CSV in one of `CSV_DIALECTS`, every text cell `spreadsheet_safe`; the one
    writer of every CSV the program makes (a session's protocol, a night's standings)."""
    import csv
    import io

    excel = dialect == "excel"
    buffer = io.StringIO()
    if excel:
        buffer.write("\ufeff")
        writer = csv.writer(buffer, delimiter=";", lineterminator="\r\n")
    else:
        writer = csv.writer(buffer, lineterminator="\n")
    for row in rows:
        safe = [spreadsheet_safe(cell) for cell in row]
        writer.writerow([excel_cell(cell) for cell in safe] if excel else safe)
    return buffer.getvalue()


def export_csv(
    standings: Standings, dialect: str = "plain", corrections: Sequence[Correction] = ()
) -> str:
    """One row per deal, in the columns `chicago import` reads (`core.paper.COLUMNS`), so
    that the file imported into a fresh game of the same players records the same deals:
    deal, dealer, each player's points and running total, each köp's best hand, the
    exchanges (when any were recorded), the Chicago, the last trick, the showdown, the
    penalties, forfeit and note (when the game has any), then words for a person that
    `import` reads past (the revisor's entries, amendments included; points taken off an
    opponent; what each correction changed, and why), and ``royal`` last."""
    from ..core.paper_columns import buy_header, header, total_header
    from ..core.recorded import exchanges_text, recorded_entry
    from ..i18n.language import language
    from .narrate import describe_correction

    lang = language()
    names = [p.name for p in standings.players]
    buys = standings.rules.game.scored_buys
    entries = {record.number: recorded_entry([e.event for e in record.entries]) for record in standings.deals}
    columns: list[object] = [header("deal", lang), header("dealer", lang)]
    for name in names:
        columns.extend([name, total_header(name, lang)])
    columns.extend(buy_header(buy, lang) for buy in range(1, buys + 1))
    # Optional columns only in a game that has them: the sheet of a game without stays lean.
    exchange = any(entry.exchanges for entry in entries.values())
    if exchange:
        columns.append(header("exchange", lang))
    columns.extend(
        header(name, lang) for name in ("chicago", "broken_by", "last_trick", "with_two", "showdown")
    )
    revisor = any(revisor_entries(record) for record in standings.deals)
    if revisor:
        columns.extend(header(name, lang) for name in ("penalty", "forfeit", "note", "revisor_words"))
    taken = any(taken_entries(record) for record in standings.deals)
    if taken:
        columns.append(header("taken_words", lang))
    if corrections:
        columns.append(header("corrections", lang))
    columns.append(header("royal", lang))
    rows = [columns]
    for record, cells in protocol_rows(standings):
        entry = entries[record.number]
        row: list[object] = [record.number, record.dealer]
        for points, total in cells:
            row.extend([points, total])
        row.extend(entry.buys[buy].text() if buy < len(entry.buys) else "" for buy in range(buys))
        if exchange:
            row.append(";".join(map(exchanges_text, entry.exchanges)))
        row.extend(
            [
                entry.chicago or "",
                entry.broken_by or "",
                entry.last_trick.text() if entry.last_trick else "",
                "x" if entry.with_two else "",
                entry.showdown.text() if entry.showdown else "",
            ]
        )
        if revisor:
            row.extend(_revisor_cells(record))
            row.append("; ".join(revisor_entries(record)))
        if taken:
            row.append("; ".join(taken_entries(record)))
        if corrections:
            row.append(
                "; ".join(describe_correction(c) for c in corrections if c.deal == record.number)
            )
        row.append(entry.royal or "")
        rows.append(row)
    return csv_text(rows, dialect)


def _revisor_cells(record: DealRecord) -> list[str]:
    """The deal's penalties (``Bo 1 för tidigt köp``, several by ``;``), forfeit (``Cilla
    visade inte kåken``) and note as `import` reads them.  An amendment after a night's
    close is left out of them: it is no part of the game as played (a fresh game records
    no penalty after its end), and the words column beside them shows it.  Each text is
    `visible` (a file written by hand may hold an escape; one typed in is refused, so an
    export of what was typed reads back whole)."""
    from .width import visible

    penalties: list[str] = []
    forfeit = note = ""
    for entry in record.entries:
        match entry.event:
            case Penalty(after_end=False) as event:
                penalties.append(f"{event.player} {event.points} {visible(event.reason)}")
            case Forfeit(after_end=False) as event:
                forfeit = f"{event.player} {visible(event.reason)}"
            case Note() as event:
                note = f"{note}; {visible(event.text)}" if note else visible(event.text)
            case _:
                pass  # the play, read from its own columns; an amendment, in words only
    return ["; ".join(penalties), forfeit, note]


def export_markdown(
    standings: Standings,
    session_name: str,
    stake: str = "1",
    corrections: Sequence[Correction] = (),
) -> str:
    """The paper protocol as a Markdown table (marked as `marks` marks every sheet), what
    happened, the revisor's entries, the winners and the settlement."""
    from .markdown import markdown_text as _md
    from .marks import CORRECTED, cell_marks, corrected_deals, footnotes
    from .narrate import describe_award, describe_event
    from .rules_text import rules_in_words

    names = [p.name for p in standings.players]
    corrected = corrected_deals(corrections)
    lines = [f"# {t('Chicago protocol')}: {_md(session_name)}", "", _md(rules_in_words(standings.rules)), ""]
    lines.append(
        "| " + " | ".join([t("Deal"), t("Dealer"), *map(_md, names)]) + " |"
    )
    lines.append("|" + "---|" * (len(names) + 2))
    marked = False
    for record, cells in protocol_rows(standings):
        shown = [
            (f"{points:+d} → {total}" if points else f"– {total}")
            + (f" {mark}" if (mark := (chicago_mark(record, name) + cell_marks(record, name)).strip()) else "")
            for name, (points, total) in zip(names, cells, strict=True)
        ]
        marked = marked or chicago_outcome(record) is not None
        number_text = f"{record.number} {CORRECTED}" if record.number in corrected else str(record.number)
        lines.append(f"| {number_text} | {_md(record.dealer)} | " + " | ".join(shown) + " |")
    lines.append("")
    if marked:
        lines.append(chicago_legend())
        lines.append("")
    notes = footnotes(standings, corrections)
    if notes:
        lines.extend(f"- {_md(note)}" for note in notes)
        lines.append("")
    lines.append(f"## {t('What happened')}")
    lines.append("")
    for record in standings.deals:
        for entry in record.entries:
            awards = "; ".join(describe_award(a) for a in entry.awards)
            lines.append(
                f"- {_md(describe_event(entry.event))}" + (f" — {_md(awards)}" if awards else "")
            )
    lines.append("")
    revisor = [
        t("Deal {deal}: {entry}", deal=record.number, entry=text)
        for record in standings.deals
        for text in revisor_entries(record)
    ]
    if revisor:
        lines.append(f"## {t('Penalties and notes')}")
        lines.append("")
        lines.extend(f"- {_md(line)}" for line in revisor)
        lines.append("")
    if standings.finished:
        lines.append(f"**{t('Winner')}: {_md(' & '.join(standings.winners))}**")
        lines.append("")
        if standings.forfeited:  # as the HTML sheet says it (rules.md, "Forfeit")
            forfeited = " & ".join(standings.forfeited)
            lines.append(
                _md(t("{player} forfeited: placed last, 0 points in the settlement.", player=forfeited))
            )
            lines.append("")
        from ..core.settle import amount_text, settle_standings

        payments = settle_standings(standings, stake)
        if payments:
            lines.append(f"## {t('Settlement')} ({t('stake')} {number(stake)})")
            lines.append("")
            for payment in payments:
                lines.append(
                    f"- {_md(payment.payer)} → {_md(payment.payee)}: {number(amount_text(payment.amount))}"
                )
    else:
        lines.append(t("The game is not over yet."))
    return "\n".join(lines) + "\n"
