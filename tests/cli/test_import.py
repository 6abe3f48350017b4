"""`chicago import FILE`: a typed-up paper protocol into a session (cli.md, "Results leave
the room"): all or nothing, totals checked, idempotent."""

from __future__ import annotations

from pathlib import Path

from chicago_protokoll.store import locations
from cli_support import invoke, ok, refused, scores, status

HEADER = "deal,buy1,buy2,last_trick,showdown,total Anna,total Bo,total Cilla\n"
# Seed 000's deal as the paper has it, and six more: Anna 4, Bo 2, Cilla 5 after deal 1.
DEALS = [
    "1,Bo:två par,Anna:två par,Cilla,Anna:two pair,4,2,5",
    "2,Anna:par,,Bo,Cilla:triss,5,7,8",
    "3,,Bo:par,Anna,pass,10,8,8",
    "4,Cilla:färg,,Cilla,Bo:par,10,9,18",
    "5,pass,pass,Bo,Anna:kåk,16,14,18",
    "6,Anna:par,Bo:par,Cilla,Cilla:par,17,15,24",
    "7,Bo:stege,,Anna,Anna:par,23,19,24",
]


def write(path: Path, lines: list[str], header: str = HEADER, *, encoding: str = "utf-8") -> Path:
    path.write_text(header + "\n".join(lines) + "\n", encoding=encoding)
    return path


def session_bytes(name: str = "s0") -> bytes:
    return locations.session_path(name).read_bytes()


def new_s0() -> None:
    ok("new", "s0", "Anna", "Bo", "Cilla", "--dealer", "Cilla")


def test_importing_seed_000s_deal_gives_anna_4_bo_2_cilla_5(tmp_path: Path) -> None:
    new_s0()
    out = ok("import", str(write(tmp_path / "p.csv", DEALS[:1])))
    assert scores() == {"Anna": 4, "Bo": 2, "Cilla": 5}
    assert "new deals recorded: 1" in out


def test_swedish_headers_semicolons_and_a_bom_read_as_the_english_file(tmp_path: Path) -> None:
    """A Swedish spreadsheet's CSV (UTF-8 with BOM, ';') gives what the English one gives."""
    swedish = "giv;köp 1;Köp 2;sista sticket;visning;summa Anna;summa Bo;summa Cilla\n"
    lines = [line.replace(",", ";") for line in DEALS]
    new_s0()
    ok("import", str(write(tmp_path / "sv.csv", lines, swedish, encoding="utf-8-sig")))
    assert (tmp_path / "sv.csv").read_bytes().startswith(b"\xef\xbb\xbf")
    swedish_scores = scores()
    ok("new", "s1", "Anna", "Bo", "Cilla", "--dealer", "Cilla")
    ok("import", str(write(tmp_path / "en.csv", DEALS)), "--session", "s1")
    assert scores("--session", "s1") == swedish_scores == {"Anna": 23, "Bo": 19, "Cilla": 24}


def test_an_import_continues_a_session_recorded_up_to_deal_5(tmp_path: Path) -> None:
    """The phone recorded five deals; the paper has all seven: deals 1-5 are checked against
    the record and not recorded again, deals 6 and 7 are recorded."""
    new_s0()
    ok("import", str(write(tmp_path / "phone.csv", DEALS[:5])))
    assert status()["deal"] == 6
    out = ok("import", str(write(tmp_path / "paper.csv", DEALS)))
    assert "new deals recorded: 2; deals recorded already that agree: 5" in out
    assert status()["deal"] == 8
    assert scores() == {"Anna": 23, "Bo": 19, "Cilla": 24}


def test_a_wrong_written_total_stops_the_import_naming_the_row_the_player_and_both_numbers(
    tmp_path: Path,
) -> None:
    new_s0()
    ok("import", str(write(tmp_path / "first.csv", DEALS[:2])))
    before = session_bytes()
    wrong = [*DEALS[:4], DEALS[4].replace(",16,14,18", ",16,41,18"), *DEALS[5:]]
    message = refused("import", str(write(tmp_path / "wrong.csv", wrong)))
    assert "line 6 (deal 5)" in message
    assert "Bo" in message and "41" in message and "14" in message
    assert "nothing was recorded" in message
    assert session_bytes() == before  # deals 3 and 4 before it were not recorded either


def test_the_same_file_twice_records_nothing_the_second_time(tmp_path: Path) -> None:
    new_s0()
    paper = write(tmp_path / "p.csv", DEALS)
    ok("import", str(paper))
    path = locations.session_path("s0")
    before = (path.read_bytes(), path.stat().st_mtime_ns, path.stat().st_ino)
    out = ok("import", str(paper))
    assert "new deals recorded: 0; deals recorded already that agree: 7" in out
    assert (path.read_bytes(), path.stat().st_mtime_ns, path.stat().st_ino) == before


def test_dry_run_shows_the_standings_and_writes_nothing(tmp_path: Path) -> None:
    new_s0()
    before = session_bytes()
    out = ok("import", str(write(tmp_path / "p.csv", DEALS)), "--dry-run")
    assert "nothing was written" in out
    assert "Anna    23" in out and "Cilla   24" in out
    assert session_bytes() == before


def test_a_row_that_differs_from_the_recorded_deal_is_refused(tmp_path: Path) -> None:
    new_s0()
    ok("import", str(write(tmp_path / "p.csv", DEALS[:2])))
    before = session_bytes()
    other = [DEALS[0].replace("Cilla,Anna:two pair", "Bo,Anna:two pair")]
    message = refused("import", str(write(tmp_path / "q.csv", other)))
    assert "line 2 (deal 1)" in message and "recorded already and differently" in message
    assert session_bytes() == before


def test_an_unknown_header_and_a_skipped_deal_are_refused(tmp_path: Path) -> None:
    new_s0()
    before = session_bytes()
    assert "'dealr'" in refused("import", str(write(tmp_path / "a.csv", ["1,Cilla"], "deal,dealr\n")))
    assert "not deal 2" in refused("import", str(write(tmp_path / "b.csv", [DEALS[1]])))
    assert "line 3: deal 1 is on line 2 already" in refused("import", str(write(tmp_path / "c.csv", [DEALS[0], DEALS[0]])))
    assert "köp 3" in refused("import", str(write(tmp_path / "d.csv", ["1,pass"], "deal,buy3\n")))
    assert session_bytes() == before


def test_a_rule_broken_in_a_row_names_its_line_and_records_nothing(tmp_path: Path) -> None:
    new_s0()
    before = session_bytes()
    rows = [DEALS[0], "2,Anna:par,,Dag,Cilla:triss,,,"]
    message = refused("import", str(write(tmp_path / "p.csv", rows)))
    assert "line 3 (deal 2):" in message and "Dag" in message
    assert session_bytes() == before


def test_penalties_forfeits_and_notes_are_recorded_with_their_deal(tmp_path: Path) -> None:
    new_s0()
    header = "deal,buy1,buy2,last_trick,showdown,penalty,note,total Bo\n"
    rows = ["1,Bo:två par,Anna:två par,Cilla,Anna:two pair,Bo 1 för tidigt köp,omgiv,1"]
    ok("import", str(write(tmp_path / "p.csv", rows, header)))
    assert scores() == {"Anna": 4, "Bo": 1, "Cilla": 5}
    log = ok("log")
    assert "för tidigt köp" in log and "omgiv" in log
    assert "agree: 1" in ok("import", str(tmp_path / "p.csv"))  # and again: nothing new


def test_a_partly_recorded_deal_is_not_imported_over(tmp_path: Path) -> None:
    new_s0()
    ok("buy", "Bo:två par")
    before = session_bytes()
    assert "partly recorded" in refused("import", str(write(tmp_path / "p.csv", DEALS[:1])))
    assert session_bytes() == before


def test_a_nights_table_is_imported_into_with_session(tmp_path: Path) -> None:
    """A table whose phone died: its session is named as for any other command."""
    ok("night", "new", "tisdag", "Anna", "Bo", "Cilla", "--seed", "3")
    ok("import", str(write(tmp_path / "p.csv", DEALS[:3])), "--session", "tisdag-r1-t1")
    assert scores("--session", "tisdag-r1-t1") == {"Anna": 10, "Bo": 8, "Cilla": 8}


def test_a_file_that_is_not_there_is_refused_plainly(tmp_path: Path) -> None:
    new_s0()
    result = invoke("import", str(tmp_path / "nowhere.csv"))
    assert result.exit_code == 1 and "nowhere.csv" in result.stderr
    assert "Traceback" not in result.output


def test_a_deal_the_phone_recorded_with_exchanges_agrees_with_a_paper_row_without_them(
    tmp_path: Path,
) -> None:
    """The printed protocol has no exchange column: a file without one checks the rest."""
    new_s0()
    ok("deal", "--buy", "Bo:två par", "--buy", "Anna:två par", "--last-trick", "Cilla",
       "--showdown", "Anna:two pair", "--exchange", "Anna:2,1", "--exchange", "Bo:3")  # fmt: skip
    before = session_bytes()
    assert "agree: 1" in ok("import", str(write(tmp_path / "p.csv", DEALS[:1])))
    assert session_bytes() == before
    with_column = "deal,buy1,buy2,last_trick,showdown,exchange\n"
    row = ["1,Bo:två par,Anna:två par,Cilla,Anna:two pair,Anna:2"]
    assert "differently" in refused("import", str(write(tmp_path / "q.csv", row, with_column)))


def test_import_takes_file_as_every_session_command_does(tmp_path: Path) -> None:
    path = tmp_path / "bord.toml"
    ok("new", "bord", "Anna", "Bo", "Cilla", "--dealer", "Cilla", "--file", str(path))
    ok("import", str(write(tmp_path / "p.csv", DEALS[:1])), "--file", str(path))
    assert scores("--file", str(path)) == {"Anna": 4, "Bo": 2, "Cilla": 5}


def test_every_imported_event_has_its_own_id_in_the_file(tmp_path: Path) -> None:
    new_s0()
    ok("import", str(write(tmp_path / "p.csv", DEALS)))
    from chicago_protokoll.store.sessionfile import load_session

    found = [event.id for event in load_session(locations.session_path("s0")).events]
    assert len(found) == len(set(found)) > 20 and all(found)
