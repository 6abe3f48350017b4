"""A typed-up paper protocol (CSV) into a session: `chicago import FILE` (cli.md, "Results
leave the room").

Two steps, both pure:

- `read_protocol` reads the CSV text: the header (English or Swedish, any order, any
  subset beyond ``deal``; an unknown header is refused), ``,`` or ``;``, and each row's
  cells as the options of ``chicago deal`` take them.  It does not read a claim
  itself: a cell is handed to `entry` as ``chicago deal`` would hand its option.
- `import_rows` replays the session and lays the rows on it: a row of a deal already
  recorded must match what was recorded (and is not recorded again), the first new
  row must be the next deal, every written total must equal the replay's.  The first
  row that fails stops it all, naming its line, and nothing is recorded.

So an import of the same file twice records nothing the second time, and a table whose
phone died after deal 5 types in the whole protocol (deals 1-5 as a check) and gets
deals 6 on recorded.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from functools import partial
from typing import TYPE_CHECKING, Any

from ..i18n.language import Msg
from . import claims, entry, ids
from .claims import player, split_player
from .errors import ChicagoError, EntryError
from .events import Event, Exchange, Forfeit, Note, Penalty, event_to_dict
from .game import Game
from .paper_columns import (
    BUY_WORDS,
    HEADERS,
    TOTAL_WORDS,
    buy_header,
    fold,
    header,
    total_header,
)
from .session import Session
from .standings import DealRecord, Standings

if TYPE_CHECKING:
    from .rules import HouseRules


def paper_columns(rules: HouseRules) -> tuple[str, ...]:
    """The deal cells of the printed paper protocol, in order, by the names of `COLUMNS`
    (``buyN`` one per scored köp): the one place that decides them from the house rules,
    for the night's blank protocols and `export --format protocol` alike.  The Chicago
    cell holds its ``broken_by`` and the last trick's its ``with_two``; a total per player
    follows.  Only ``game.scored_buys`` changes the columns; ``scoring.take_from_opponent``
    adds a "from" box to each hand cell (`paper_takes_from`)."""
    buys = tuple(f"buy{buy}" for buy in range(1, rules.game.scored_buys + 1))
    return ("deal", "dealer", *buys, "chicago", "last_trick", "showdown")


def paper_takes_from(rules: HouseRules) -> bool:
    """Whether each hand cell of the printed protocol has a "from" box: under
    ``scoring.take_from_opponent`` a hand's points are taken off a named opponent."""
    return rules.scoring.take_from_opponent


def typed_headers(rules: HouseRules, players: Sequence[str], lang: str) -> list[str]:
    """The CSV header of the printed protocol typed up for `chicago import`, in ``lang``:
    each of `paper_columns` (the Chicago's and last trick's two parts apart) and each
    player's total."""
    names: list[str] = []
    for column in paper_columns(rules):
        if column.startswith("buy"):
            names.append(buy_header(int(column.removeprefix("buy")), lang))
            continue
        names.append(header(column, lang))
        if column in ("chicago", "last_trick"):
            names.append(header("broken_by" if column == "chicago" else "with_two", lang))
    return names + [total_header(name, lang) for name in players]


YES = {"1", "x", "yes", "ja", "true", "sant", "✓", "☒", "☑"}
NO = {"", "0", "no", "nej", "false", "falskt", "☐"}


@dataclass(frozen=True, slots=True)
class PaperRow:
    """One row of the protocol: its line in the file, the deal, and what it gives."""

    line: int
    deal: int
    # The row's parts of the deal, read at the table they are imported to (the names and
    # hands need its seats and rules); None: the row gives no part of the deal itself.
    entry: Callable[[Game], entry.DealEntry] | None
    penalties: tuple[str, ...] = ()
    forfeit: str | None = None
    note: str | None = None
    totals: tuple[tuple[str, int], ...] = ()  # (the player as written, the total)
    points: tuple[tuple[str, int], ...] = ()  # (the player, the points of the deal)
    dealer: str | None = None  # as written; checked against the replay
    # whether the file has an exchange column: the printed protocol has none, so a deal the
    # phone recorded with its exchanges still agrees with a paper row without them
    exchanges_given: bool = False


def _column(header: str, scored_buys: int, players: Sequence[str] = ()) -> str:
    """The column a header names: ``deal``, ``buy2``, ``total:Anna``, ``points:Anna``...;
    refuses others."""
    words = header.strip().split(None, 1)
    if len(words) == 2 and fold(words[0]) in TOTAL_WORDS:
        return "total:" + words[1].strip()
    before, _, last = header.strip().rpartition(" ")
    if before.strip() and fold(last) in TOTAL_WORDS:  # "Anna total", as the export writes it
        return "total:" + before.strip()
    folded = fold(header)
    for word in BUY_WORDS:
        if folded.startswith(word) and folded[len(word) :].isdigit():
            buy = int(folded[len(word) :])
            if 1 <= buy <= scored_buys:
                return f"buy{buy}"
            raise EntryError(
                Msg(
                    "the column '{header}' names köp {buy}, and this table scores {scored_buys} köp (game.scored_buys)",
                    header=header,
                    buy=buy,
                    scored_buys=scored_buys,
                )
            )
    if folded in HEADERS:
        return HEADERS[folded]
    named = [name for name in players if name.casefold() == header.strip().casefold()]
    if named:  # a player's points in the deal, as the export writes them
        return "points:" + named[0]
    raise EntryError(
        Msg(
            "the column '{header}' is not one a paper protocol has; chicago import --help lists them",
            header=header,
        )
    )


def _delimiter(text: str) -> str:
    """``;`` (a Swedish spreadsheet's CSV) or ``,``: whichever the header line has more of
    outside quotes."""
    first = text.split("\n", 1)[0]
    outside = first.split('"')[::2]
    return ";" if sum(part.count(";") for part in outside) > sum(part.count(",") for part in outside) else ","


#: The most characters one cell of a paper protocol holds: the csv module's own default
#: limit (128 KiB), which a cell of any real protocol is far below.
MAX_CELL = 128 * 1024


@contextmanager
def _cells_of_any_size(size: int) -> Iterator[None]:
    """The csv module reads cells up to ``size`` characters while the block runs.

    Its limit is one for the whole process, and past it the module raises an error that
    names neither the line nor the cell; so the reader takes every cell of the file (at
    most the file's length), and `_check_sizes` refuses one past `MAX_CELL` by its line
    and column.  The old limit is put back: `chicago import` reads one file, in one thread.
    """
    old = csv.field_size_limit(max(size, MAX_CELL))
    try:
        yield
    finally:
        csv.field_size_limit(old)


def _check_sizes(line: int, cells: Sequence[str]) -> None:
    for column, cell in enumerate(cells, start=1):
        if len(cell) > MAX_CELL:
            raise EntryError(
                Msg(
                    "line {line}, column {column}: the cell holds {size} characters, and a cell of a paper protocol holds at most {limit}",
                    line=line,
                    column=column,
                    size=len(cell),
                    limit=MAX_CELL,
                )
            )


def read_protocol(text: str, scored_buys: int, players: Sequence[str] = ()) -> list[PaperRow]:
    """The rows of a typed-up protocol (``text`` without its BOM); a column named after one
    of ``players`` holds that player's points in the deal.  `EntryError` names the line and
    column of the first cell that cannot be read."""
    text = text.removeprefix("\ufeff")
    with _cells_of_any_size(len(text) + 1):
        return _read_rows(text, scored_buys, players)


def _read_rows(text: str, scored_buys: int, players: Sequence[str]) -> list[PaperRow]:
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=_delimiter(text))
    try:
        header = next(reader)
    except StopIteration:
        raise EntryError(Msg("the file is empty: a paper protocol starts with a header line")) from None
    _check_sizes(reader.line_num, header)
    columns = [_column(cell, scored_buys, players) for cell in header]
    if "deal" not in columns:
        raise EntryError(Msg("the header has no column 'deal' (giv): every row names its deal"))
    repeated = sorted({c for c in columns if columns.count(c) > 1})
    if repeated:
        raise EntryError(Msg("the header names {columns} twice", columns=", ".join(repeated)))
    rows = []
    for cells in reader:
        line = reader.line_num
        _check_sizes(line, cells)
        if not any(cell.strip() for cell in cells):
            continue  # an empty line (a spreadsheet's trailing ones)
        if len(cells) > len(columns):
            raise EntryError(
                Msg("line {line} has {cells} cells and the header {columns}", line=line, cells=len(cells), columns=len(columns))
            )
        values = {c: v.strip() for c, v in zip(columns, cells, strict=False)}
        rows.append(replace(_row(line, values, scored_buys), exchanges_given="exchange" in columns))
    return rows


def _deal(line: int, text: str) -> int:
    """The row's deal: a paper protocol numbers its deals from 1."""
    if not text:
        raise EntryError(Msg("line {line} has no deal number; deals are numbered from 1", line=line))
    try:
        deal = int(text)
    except ValueError:
        deal = 0  # not a number, or thousands of digits: no deal is numbered so
    if deal < 1:
        raise EntryError(
            Msg("line {line}: '{text}' is not a deal number; deals are numbered from 1", line=line, text=text)
        )
    return deal


def _row(line: int, values: dict[str, str], scored_buys: int) -> PaperRow:
    def whole(text: str, what: Msg) -> int:
        try:
            return int(text)
        except ValueError:
            if entry.whole_number_text(text):  # more digits than int() reads
                raise EntryError(
                    Msg("line {line}: {text} is too large for {what}", line=line, text=text, what=what)
                ) from None
            raise EntryError(
                Msg("line {line}: '{text}' is not a whole number ({what})", line=line, text=text, what=what)
            ) from None

    deal = _deal(line, values.get("deal", ""))
    with_two_text = fold(values.get("with_two", ""))
    if with_two_text not in YES | NO:
        raise EntryError(
            Msg("line {line}: with_two is '{text}'; write x (or 1, yes, ja) or leave it empty", line=line, text=values["with_two"])
        )
    buys = [values.get(f"buy{buy}", "") for buy in range(1, scored_buys + 1)]
    parts = ("exchange", "chicago", "broken_by", "last_trick", "showdown", "royal")
    given = any(buys) or any(values.get(part) for part in parts) or with_two_text in YES
    made = None
    if given:
        last = max((i for i, b in enumerate(buys, start=1) if b), default=0)
        exchanges = [part.strip() for part in values.get("exchange", "").split(";") if part.strip()]
        try:
            said = {
                part: values.get(part) or None
                for part in ("chicago", "broken_by", "last_trick", "showdown", "royal")
            }
            entry.refuse_parts_apart(with_two=with_two_text in YES, **said)
            made = partial(
                claims.typed_deal,
                buys=[b or "pass" for b in buys[:last]],
                exchanges=exchanges,
                with_two=with_two_text in YES,
                **said,
            )
        except EntryError as error:
            raise _at(line, deal, error) from None
    totals = tuple(
        (column.partition(":")[2], whole(value, Msg("a total")))
        for column, value in values.items()
        if column.startswith("total:") and value
    )
    points = tuple(
        (column.partition(":")[2], whole(value, Msg("the points of a deal")))
        for column, value in values.items()
        if column.startswith("points:") and value
    )
    penalties = tuple(p.strip() for p in values.get("penalty", "").split(";") if p.strip())
    return PaperRow(
        line,
        deal,
        made,
        penalties,
        values.get("forfeit") or None,
        values.get("note") or None,
        totals,
        points,
        values.get("dealer") or None,
    )


class PaperError(EntryError):
    """A row of the protocol that cannot be recorded; the message names its line."""


def _at(line: int, deal: int, error: ChicagoError) -> PaperError:
    return PaperError(
        Msg("line {line} (deal {deal}): {error}", line=line, deal=deal, error=error.message)
    )


# -- laying the rows on the session -----------------------------------------------------


@dataclass(frozen=True, slots=True)
class Imported:
    """What an import gives: the session with the new events, and how many rows were
    already recorded (checked, not recorded again) and how many are new."""

    session: Session
    standings: Standings
    checked: int
    new: int


def _replayed(session: Session, events: Sequence[Event]) -> Game:
    game = Game(replace(session, events=()))
    for event in events:
        game.apply(event)
    return game


def _content(event: Event) -> dict[str, Any]:
    data = event_to_dict(event)
    data.pop("id", None)
    return data


def _revisor_events(game: Game, row: PaperRow) -> list[Event]:
    """The row's penalties, forfeit and note, each read on the game as the one before left it."""
    made: list[Event] = []
    for text in row.penalties:
        who, rest = split_player(game, text)
        points, _, reason = rest.partition(" ")
        made.append(entry.penalty_event(game, who, points, reason))
        game.apply(made[-1])
    if row.forfeit:
        who, reason = split_player(game, row.forfeit)
        made.append(entry.forfeit_event(game, who, reason))
        game.apply(made[-1])
    if row.note:
        made.append(entry.note_event(game, row.note, row.deal))
        game.apply(made[-1])
    return made


def _check_totals(game: Game, row: PaperRow, record: DealRecord) -> None:
    """The row's written dealer, points and totals against the replay's of its deal."""
    if row.dealer is not None and player(game, row.dealer) != record.dealer:
        raise PaperError(
            Msg(
                "line {line} (deal {deal}): the written dealer is {written}, the replay gives {replayed}",
                line=row.line,
                deal=row.deal,
                written=row.dealer,
                replayed=record.dealer,
            )
        )
    for written_name, written in row.points:
        name = player(game, written_name)
        replayed = record.points_of(game.players.index(name))
        if replayed != written:
            raise PaperError(
                Msg(
                    "line {line} (deal {deal}): the written points of {player} are {written}, the replay gives {replayed}",
                    line=row.line,
                    deal=row.deal,
                    player=name,
                    written=written,
                    replayed=replayed,
                )
            )
    for written_name, written in row.totals:
        name = player(game, written_name)
        replayed = record.totals[game.players.index(name)]
        if replayed != written:
            raise PaperError(
                Msg(
                    "line {line} (deal {deal}): the written total of {player} is {written}, the replay gives {replayed}",
                    line=row.line,
                    deal=row.deal,
                    player=name,
                    written=written,
                    replayed=replayed,
                )
            )


def import_rows(session: Session, rows: Sequence[PaperRow]) -> Imported:
    """Lay ``rows`` on ``session`` (see the module); `ChicagoError` at the first row that
    fails, naming its line, with nothing recorded."""
    recorded = tuple(session.events)
    whole = _replayed(session, recorded)
    done = len([d for d in whole.standings().deals if d.complete])
    game = whole
    new: list[Event] = []
    previous: PaperRow | None = None
    checked = 0
    for row in rows:
        if previous is not None and row.deal == previous.deal:
            raise PaperError(
                Msg("line {line}: deal {deal} is on line {first} already; write each deal once", line=row.line, deal=row.deal, first=previous.line)
            )
        if previous is not None and row.deal < previous.deal:
            raise PaperError(
                Msg("line {line}: deal {deal} is written after deal {previous}; write the deals in order", line=row.line, deal=row.deal, previous=previous.deal)
            )
        previous = row
        try:
            if row.deal <= done:
                _check_recorded(session, recorded, whole, row)
                checked += 1
                continue
            expected = game.deal
            if game.finished:
                raise ChicagoError(Msg("the game is over after deal {deal}; nothing more can be recorded", deal=game.deal))
            if row.deal != expected:
                raise ChicagoError(
                    Msg("the next deal to record is deal {expected}, not deal {deal}", expected=expected, deal=row.deal)
                )
            if game.deal_begun:
                raise ChicagoError(
                    Msg("deal {deal} is partly recorded already; finish it or take it back with chicago undo --deal before importing it", deal=row.deal)
                )
            if row.entry is None:
                raise ChicagoError(Msg("the row gives no part of the deal (köp, Chicago, last trick, showdown or royal)"))
            for event in entry.deal_events(game, row.entry(game)):
                game.apply(event)
                new.append(event)
            new.extend(_revisor_events(game, row))
        except PaperError:
            raise
        except ChicagoError as error:
            raise _at(row.line, row.deal, error) from None
        _check_totals(game, row, game.standings().deals[row.deal - 1])
    # Each new event gets its identity as it joins the record (core.ids), as a recording does.
    identified = ids.identify(new, ids.used_ids(session))
    imported = replace(session, events=(*recorded, *identified))
    return Imported(imported, game.standings(), checked, len(rows) - checked)


def _check_recorded(session: Session, recorded: Sequence[Event], whole: Game, row: PaperRow) -> None:
    """A row of a deal already recorded: the same events as recorded, and its totals."""
    revisor = (Note, Penalty, Forfeit)
    start = next((i for i, e in enumerate(recorded) if e.deal >= row.deal), len(recorded))
    before = _replayed(session, recorded[:start])
    if row.entry is not None:
        typed = []
        for event in entry.deal_events(before, row.entry(before)):
            before.apply(event)
            typed.append(_content(event))
        left_out = revisor if row.exchanges_given else (*revisor, Exchange)
        kept = [_content(e) for e in recorded if e.deal == row.deal and not isinstance(e, left_out)]
        if typed != kept:
            raise ChicagoError(
                Msg(
                    "deal {deal} is recorded already and differently from this row; correct the row, or the record with chicago edit {deal}",
                    deal=row.deal,
                )
            )
    else:  # the deal's own events as recorded, so the revisor's entries read on them
        for event in recorded[start:]:
            if event.deal != row.deal or isinstance(event, revisor):
                break
            before.apply(event)
    kept_revisor = [_content(e) for e in recorded if e.deal == row.deal and isinstance(e, revisor)]
    for typed_entry in _revisor_events(before, row):
        if _content(typed_entry) not in kept_revisor:
            raise ChicagoError(
                Msg(
                    "deal {deal} is recorded already, without this row's penalty, forfeit or note; record it with chicago penalty, forfeit or note",
                    deal=row.deal,
                )
            )
    _check_totals(whole, row, whole.standings().deals[row.deal - 1])
