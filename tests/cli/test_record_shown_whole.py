"""The record shown whole (cli.md, "Lists, completion, prompts, the paper protocol"): a
correction, and an amendment after a night's close, made with every field set, is shown
with every field — its reason included — by every output that shows the deal; the CSV
export imports into a fresh game as the same deals; the help says what is left out and
which columns are read; a night of stages gives each table's own game.

The completeness tests enumerate the dataclass's fields: a field added to `Correction`,
`Penalty` or `Forfeit` fails them until each output shows it (or it is named below as an
identity, which only the JSON carries)."""

from __future__ import annotations

import csv
import dataclasses
import html
import io
import json
import re
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any, get_args

import pytest

from chicago_protokoll.cli.read import ExportFormat
from chicago_protokoll.core.events import Correction, Forfeit, Penalty, event_to_dict
from chicago_protokoll.core.paper_columns import COLUMNS, column_list
from chicago_protokoll.present.narrate import correction_changes, correction_time
from chicago_protokoll.present.publish_model import page_slug
from chicago_protokoll.store.sessionfile import load_session
from cli_support import ok, session_file

#: Fields that are identities, not what happened or why: the JSON export gives them (a
#: script or a merge names an entry by them), the sheets for a person do not.
IDENTITIES = {"id", "last_event"}

# What each field of a correction looks like in a text a person reads (English).
CORRECTION_SHOWN: dict[str, Callable[[Correction], list[str]]] = {
    "deal": lambda c: [f"deal {c.deal} corrected"],
    "at": lambda c: [correction_time(c)],
    "before": lambda c: [change.partition(" → ")[0] for change in correction_changes(c)],
    "after": lambda c: [change.partition(" → ")[2] for change in correction_changes(c)],
    "reason": lambda c: [c.reason],
}


def _written(at: str) -> str:
    return datetime.fromisoformat(at).astimezone().strftime("%Y-%m-%d %H:%M")


# What each field of an amendment (a penalty or forfeit after the close) looks like; the
# deal is checked by where the line stands (`_deal_of`).
AMENDMENT_SHOWN: dict[str, Callable[[Any], list[str]]] = {
    "deal": lambda e: [],
    "player": lambda e: [e.player],
    "points": lambda e: [f"−{e.points}"],
    "reason": lambda e: [e.reason],
    "after_end": lambda e: ["after the result"] if e.after_end else [],
    "at": lambda e: [_written(e.at)],
}

@pytest.fixture(autouse=True)
def wide_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """`explain` wraps to the terminal: one entry, one line, to find it by."""
    monkeypatch.setenv("COLUMNS", "400")


TEXT_OUTPUTS = ["log", "explain", *(f"export {fmt}" for fmt in get_args(ExportFormat) if fmt != "json"), "publish"]


def _plain(text: str) -> str:
    """An HTML page as its reader sees the words: tags out, entities read."""
    return html.unescape(re.sub(r"<[^>]+>", "", text))


def output(name: str, session: str, tmp_path: Path) -> str:
    """The text of one output of ``session``."""
    path = str(session_file(session))
    if name == "log":
        return ok("log", "--file", path)
    if name == "explain":
        return ok("explain", "--file", path)
    if name == "publish":
        site = tmp_path / "site"
        ok("publish", str(site))
        page = site / "games" / f"{page_slug(session)}.html"  # a page is named by its ASCII slug
        return _plain(page.read_text(encoding="utf-8"))
    fmt = name.split()[1]
    text = ok("export", "--format", fmt, "--file", path)
    return _plain(text) if fmt == "html" else text


def _line_with(text: str, needle: str) -> tuple[int, str]:
    lines = text.splitlines()
    found = [(i, line) for i, line in enumerate(lines) if needle in line]
    assert found, f"{needle!r} is not shown"
    return found[0]


def _deal_of(name: str, text: str, index: int, line: str) -> int | None:
    """The deal a line of an output is about: the CSV's row, explain's heading above it,
    elsewhere the deal the line names."""
    if name == "export csv":
        return int(next(csv.reader([line]))[0])
    if name == "export protocol":  # the paper's penalties table: the deal's cell first
        first = re.match(r"<tr><td>(\d+)</td>", line)
        return int(first[1]) if first else None
    if name == "explain":
        headings = list(re.finditer(r"^Deal (\d+) —", "\n".join(text.splitlines()[:index]), re.M))
        return int(headings[-1][1]) if headings else None
    named = re.search(r"\b[Dd]eal (\d+)", line)
    return int(named[1]) if named else None


def the_table_with_a_correction() -> Correction:
    """A game with deal 1 corrected (its last trick), with a reason."""
    ok("new", "fredag", "Anna", "Bo", "Cilla", "--dealer", "Cilla")
    ok("deal", "--buy", "Bo:två par", "--buy", "pass", "--last-trick", "Cilla", "--showdown", "Anna:kåk")
    ok("deal", "--buy", "Anna:triss", "--last-trick", "Bo")
    ok("edit", "1", "--last-trick", "Bo", "--buy", "Bo:triss", "--reason", "fel spelare noterad")
    (correction,) = load_session(session_file("fredag")).corrections
    return correction


def test_every_field_of_a_correction_is_named_by_how_it_is_shown() -> None:
    """A new field of a correction fails here until the outputs show it (and the maps
    above say how)."""
    names = {field.name for field in dataclasses.fields(Correction)}
    assert names == set(CORRECTION_SHOWN) | IDENTITIES


@pytest.mark.parametrize("name", TEXT_OUTPUTS)
def test_a_correction_is_shown_whole_with_its_reason(name: str, tmp_path: Path) -> None:
    correction = the_table_with_a_correction()
    text = output(name, "fredag", tmp_path)
    index, line = _line_with(text, correction.reason)
    for field, shown in CORRECTION_SHOWN.items():
        for value in shown(correction):
            assert value in line, f"{name} does not show the correction's {field} ({value!r}): {line!r}"
    if name == "export csv":
        assert _deal_of(name, text, index, line) == correction.deal


def test_the_json_export_gives_every_field_of_a_correction() -> None:
    correction = the_table_with_a_correction()
    (exported,) = json.loads(ok("export", "--format", "json"))["corrections"]
    for field in dataclasses.fields(Correction):
        value = getattr(correction, field.name)
        if field.name in ("before", "after"):
            value = [event_to_dict(event) for event in value]
        assert exported[field.name] == value, field.name


SIX = ("Anna", "Bo", "Cilla", "Dag", "Eva", "Fia")


def a_closed_night_amended() -> tuple[str, Penalty, Forfeit]:
    """A night of one round, closed; then at table 1 a penalty and a forfeit after the
    result (amendments), each with its reason."""
    ok("night", "new", "kväll", *SIX, "--rounds", "1", "--seed", "2")
    tables = json.loads(ok("night", "status", "kväll", "--json"))["tables"]
    for table in tables:
        ok("deal", "--buy", "pass", "--buy", "pass", "--last-trick", table["players"][1], "--session", table["session"])
        ok("deal", "--royal", table["players"][0], "--session", table["session"])
    ok("night", "close", "kväll")
    first = tables[0]
    ok("penalty", first["players"][1], "3", "--reason", "för tidigt köp", "--session", first["session"])
    ok("forfeit", first["players"][2], "--reason", "visade inte kåken", "--session", first["session"])
    events = load_session(session_file(first["session"])).events
    penalty = next(e for e in events if isinstance(e, Penalty))
    forfeit = next(e for e in events if isinstance(e, Forfeit))
    assert penalty.after_end and penalty.at and forfeit.after_end and forfeit.at
    return first["session"], penalty, forfeit


@pytest.mark.parametrize("kind", [Penalty, Forfeit])
def test_every_field_of_an_amendment_is_named_by_how_it_is_shown(kind: type[Any]) -> None:
    names = {field.name for field in dataclasses.fields(kind)}
    assert names - {"points"} == (set(AMENDMENT_SHOWN) | IDENTITIES) - {"last_event", "points"}


@pytest.mark.parametrize("name", TEXT_OUTPUTS)
def test_an_amendment_after_the_close_is_shown_whole_with_its_reason(name: str, tmp_path: Path) -> None:
    session, penalty, forfeit = a_closed_night_amended()
    text = output(name, session, tmp_path)
    for event in (penalty, forfeit):
        index, line = _line_with(text, event.reason)
        for field in dataclasses.fields(event):
            for value in AMENDMENT_SHOWN.get(field.name, lambda e: [])(event):
                assert value in line, f"{name} does not show the {event.kind}'s {field.name} ({value!r}): {line!r}"
        assert _deal_of(name, text, index, line) == event.deal


def test_the_json_export_gives_every_field_of_an_amendment() -> None:
    session, penalty, forfeit = a_closed_night_amended()
    data = json.loads(ok("export", "--format", "json", "--session", session))
    shown = [
        {key: value for key, value in event.items() if key != "awards"}
        for deal in data["deals"]
        for event in deal["events"]
    ]
    for event in (penalty, forfeit):
        assert event_to_dict(event) in shown
        assert {f.name for f in dataclasses.fields(event)} <= set(event_to_dict(event)) | {"opponent"}


# -- the CSV and import ----------------------------------------------------------------------


def _deals(session: str) -> list[dict[str, Any]]:
    """The deals of the JSON export, each event without its id (an import draws new ones)."""
    deals = json.loads(ok("export", "--format", "json", "--session", session))["deals"]
    for deal in deals:
        for event in deal["events"]:
            event.pop("id")
    return list(deals)


@pytest.mark.parametrize("lang, dialect", [("en", "plain"), ("sv", "excel")])
def test_an_exported_csv_imports_into_a_fresh_game_as_the_same_deals(
    lang: str, dialect: str, tmp_path: Path
) -> None:
    ok("new", "fredag", "Anna", "Bo", "Cilla", "--dealer", "Cilla")
    ok("deal", "--buy", "Bo:två par", "--buy", "pass", "--last-trick", "Cilla", "--showdown", "Anna:kåk")
    ok("penalty", "Bo", "1", "--reason", "för tidigt köp")
    ok("note", "korten blandades om")
    ok("deal", "--buy", "Anna:kåk", "--buy", "Anna:kåk", "--last-trick", "Anna", "--showdown", "Anna:kåk")
    ok("deal", "--buy", "Anna:triss", "--exchange", "Anna:3,2", "--last-trick", "Bo", "--with-two")
    ok("deal", "--buy", "Cilla:stege", "--chicago", "Anna", "--broken-by", "Bo")
    ok("edit", "3", "--last-trick", "Cilla", "--with-two", "--reason", "fel noterat")
    ok("deal", "--buy", "pass", "--buy", "pass", "--royal", "Bo")
    exported = tmp_path / "fredag.csv"
    ok("--lang", lang, "export", "--format", "csv", "--csv-dialect", dialect, "-o", str(exported))
    header = next(csv.reader(io.StringIO(exported.read_text(encoding="utf-8-sig")), delimiter="," if dialect == "plain" else ";"))
    assert header[-1] == "royal"
    ok("new", "lördag", "Anna", "Bo", "Cilla", "--dealer", "Cilla")
    assert "new deals recorded: 5" in ok("import", str(exported))
    assert _deals("lördag") == _deals("fredag")
    # and again: every row is a deal recorded already, that agrees
    assert "new deals recorded: 0; deals recorded already that agree: 5" in ok("import", str(exported))


def test_a_written_dealer_or_points_that_differ_from_the_replay_are_refused(tmp_path: Path) -> None:
    ok("new", "fredag", "Anna", "Bo", "Cilla", "--dealer", "Cilla")
    ok("deal", "--buy", "Bo:två par", "--last-trick", "Cilla")
    exported = tmp_path / "f.csv"
    ok("export", "--format", "csv", "-o", str(exported))
    ok("new", "lördag", "Anna", "Bo", "Cilla", "--dealer", "Anna")
    from cli_support import refused

    assert "the written dealer is Cilla, the replay gives Anna" in refused("import", str(exported))
    rows = exported.read_text(encoding="utf-8").splitlines()
    wrong = tmp_path / "g.csv"
    wrong.write_text(rows[0] + "\n" + rows[1].replace("1,Cilla,0,0,", "1,Cilla,1,0,", 1) + "\n", encoding="utf-8")
    ok("new", "söndag", "Anna", "Bo", "Cilla", "--dealer", "Cilla")
    assert "the written points of Anna are 1, the replay gives 0" in refused("import", str(wrong))


# -- the help ---------------------------------------------------------------------------------


def test_deal_help_says_a_left_out_kop_or_showdown_is_a_pass() -> None:
    text = " ".join(ok("deal", "--help").split())
    assert "A köp left out (fewer --buy than the table scores) is a pass" in text
    assert "so is the showdown left out after the last trick" in text


def test_import_help_names_every_column_the_importer_declares() -> None:
    text = ok("import", "--help")
    for column in COLUMNS:
        assert column.english in text and column.swedish in text, column.name
    for line in column_list():
        assert line in text


# -- a night of stages ------------------------------------------------------------------------


def _stage_tables() -> list[dict[str, Any]]:
    return list(json.loads(ok("night", "status", "sm", "--json"))["tables"])


def test_night_status_gives_each_tables_own_game_and_advance_who_went_on() -> None:
    ok("night", "new", "sm", *SIX, "--games-per-table", "2", "--seed", "3")
    first, second = _stage_tables()
    ok("royal", first["players"][0], "--session", first["session"])
    ok("night", "draw", "sm")  # table 1 goes on to its game 2; table 2 is still on game 1
    out = ok("night", "status", "sm")
    assert out.splitlines()[0] == "sm: stage 1"
    assert f"Table 1, game 2 of 2 ({first['session'][:-1]}2)" in out
    assert f"Table 2, game 1 of 2 ({second['session']})" in out
    assert "at each table" not in out.splitlines()[0]
    for _ in range(2):
        for table in _stage_tables():
            if not table["finished"]:
                ok("royal", table["players"][0], "--session", table["session"])
        ok("night", "draw", "sm") if any(t["game"] < 2 for t in _stage_tables()) else None
    standings = {}
    for number in (1, 2):
        games = [t for t in json.loads(ok("night", "status", "sm", "--json"))["results"] if t["table"] == number]
        standings[number] = {name for game in games for name in game["players"]}
    advanced = ok("night", "advance", "sm", "--per-table", "2")
    went = dict(re.findall(r"^From table (\d) of stage 1: (.+) went on$", advanced, re.M))
    assert set(went) == {"1", "2"}
    stage_two = {name for table in _stage_tables() for name in table["players"]}
    for number, names in went.items():
        on = names.split(", ")
        assert len(on) == 2 and set(on) <= standings[int(number)] and set(on) <= stage_two
