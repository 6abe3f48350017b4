"""Plain answers (issue 36, item 8): `import` refuses a cell past its limit by line, column
and limit; a deal numbered 0 says deals are numbered from 1; a number typed with thousands
of digits is cut wherever a message echoes it; `night cards -o` onto the night's own file
says it is the night's file."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from chicago_protokoll.store import locations
from cli_support import invoke, ok, refused, run

NINE = ("Anna", "Bo", "Cilla", "Dag", "Eva", "Fia", "Gun", "Hugo", "Ida")
DIGITS_5000 = "9" * 5000
HEADER = "deal,buy1,buy2,last_trick,showdown,note,total Anna,total Bo,total Cilla\n"
SEED_000_ROW = "1,Bo:två par,Anna:två par,Cilla,Anna:two pair,,4,2,5\n"


def _files(folder: Path) -> dict[Path, bytes]:
    return {path: path.read_bytes() for path in sorted(folder.rglob("*")) if path.is_file()}


@pytest.fixture
def table(chicago_home: Path) -> Path:
    ok("new", "s0", "Anna", "Bo", "Cilla", "--dealer", "Cilla")
    return locations.session_path("s0")


# -- a cell past the limit --------------------------------------------------------------


def test_a_cell_past_the_limit_is_refused_by_its_line_column_and_the_limit(
    table: Path, chicago_home: Path, tmp_path: Path
) -> None:
    """200 KiB in the note column: exit 1, one sentence naming line 3, column 6 and the
    limit of 131072 characters (the csv module's own error had been reported as a bug),
    and nothing changed, the protocol file included."""
    protocol = tmp_path / "p.csv"
    protocol.write_text(HEADER + SEED_000_ROW + "2,Anna:par,,Bo,Cilla:triss," + "x" * 200 * 1024 + ",5,7,8\n")
    before = {**_files(chicago_home), protocol: protocol.read_bytes()}

    done = run("import", str(protocol))

    assert done.returncode == 1, done.stderr
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert done.stderr.startswith("chicago: line 3, column 6: ")
    assert "131072" in done.stderr and "bug" not in done.stderr
    assert len(done.stderr) < 200
    assert {**_files(chicago_home), protocol: protocol.read_bytes()} == before


def test_a_header_cell_past_the_limit_is_refused_by_its_line_and_column(
    table: Path, tmp_path: Path
) -> None:
    protocol = tmp_path / "p.csv"
    protocol.write_text("deal," + "y" * 200 * 1024 + "\n1,x\n")
    before = table.read_bytes()
    message = refused("import", str(protocol))
    assert message.startswith("chicago: line 1, column 2: ") and "131072" in message
    assert len(message) < 200
    assert table.read_bytes() == before


def test_a_cell_at_the_limit_is_read(table: Path, tmp_path: Path) -> None:
    """The limit is the csv module's own: a note of 131072 characters still imports."""
    protocol = tmp_path / "p.csv"
    protocol.write_text(HEADER + SEED_000_ROW.replace(",,4,2,5", "," + "n" * 131072 + ",4,2,5"))
    assert "new deals recorded: 1" in ok("import", str(protocol))


# -- deal numbers -----------------------------------------------------------------------


@pytest.mark.parametrize("deal", ["0", "-3", "abc", "1.5"])
def test_a_row_whose_deal_is_not_1_or_more_says_deals_are_numbered_from_1(
    deal: str, table: Path, tmp_path: Path
) -> None:
    protocol = tmp_path / "p.csv"
    protocol.write_text(HEADER + SEED_000_ROW.replace("1,", f"{deal},", 1))
    before = table.read_bytes()
    message = refused("import", str(protocol))
    assert message == (
        f"chicago: line 2: '{deal}' is not a deal number; deals are numbered from 1; nothing was recorded"
    )
    assert table.read_bytes() == before


def test_a_row_without_a_deal_says_deals_are_numbered_from_1(table: Path, tmp_path: Path) -> None:
    protocol = tmp_path / "p.csv"
    protocol.write_text(HEADER + SEED_000_ROW.replace("1,", ",", 1))
    assert refused("import", str(protocol)) == (
        "chicago: line 2 has no deal number; deals are numbered from 1; nothing was recorded"
    )


def test_a_deal_written_twice_names_both_lines(table: Path, tmp_path: Path) -> None:
    protocol = tmp_path / "p.csv"
    protocol.write_text(HEADER + SEED_000_ROW + SEED_000_ROW)
    assert "line 3: deal 1 is on line 2 already" in refused("import", str(protocol))


def test_a_note_on_a_deal_past_the_only_one_does_not_say_deals_1_to_1(table: Path) -> None:
    message = refused("note", "x", "--deal", "5")
    assert "deal 1 is the only one recorded or being played" in message
    assert "1 to 1" not in message


# -- numbers of thousands of digits -------------------------------------------------------


def _csv(tmp_path: Path, row: str) -> str:
    protocol = tmp_path / "p.csv"
    protocol.write_text(HEADER + row)
    return str(protocol)


def _rules(tmp_path: Path, value: str) -> str:
    rules = tmp_path / "r.toml"
    rules.write_text(f"[game]\ntarget = {value}\n")
    return str(rules)


# Each: how to type a number of 5,000 digits (or 4,000, which Python still reads) into one
# place that reads numbers, and the exit status.
PLACES: dict[str, tuple[Callable[[Path], list[str]], int]] = {
    "import deal": (lambda p: ["import", _csv(p, SEED_000_ROW.replace("1,", DIGITS_5000 + ",", 1))], 1),
    "import total": (lambda p: ["import", _csv(p, SEED_000_ROW.replace(",4,2,5", f",{DIGITS_5000},2,5"))], 1),
    "import total of 4000 digits": (
        lambda p: ["import", _csv(p, SEED_000_ROW.replace(",4,2,5", f",{'9' * 4000},2,5"))],
        1,
    ),
    "penalty": (lambda p: ["penalty", "Anna", DIGITS_5000, "--reason", "x"], 1),
    "penalty, negative": (lambda p: ["penalty", "--reason", "x", "--", "Anna", "-" + DIGITS_5000], 1),
    "penalty of 4000 digits": (lambda p: ["penalty", "Anna", "9" * 4000, "--reason", "x"], 1),
    "note --deal": (lambda p: ["note", "x", "--deal", DIGITS_5000], 2),
    "note --deal of 4000 digits": (lambda p: ["note", "x", "--deal", "9" * 4000], 1),
    "edit DEAL": (lambda p: ["edit", DIGITS_5000, "--last-trick", "Anna"], 2),
    "explain DEAL": (lambda p: ["explain", DIGITS_5000], 2),
    "a command": (lambda p: [DIGITS_5000], 2),
    "rules file": (lambda p: ["new", "r", "A", "B", "C", "--rules", _rules(p, DIGITS_5000)], 1),
    "rules file, 4000 digits": (lambda p: ["new", "r", "A", "B", "C", "--rules", _rules(p, "9" * 4000)], 1),
    "rules file, a string": (lambda p: ["rules", "check", _rules(p, f'"{DIGITS_5000}"')], 1),
    "rules check --json": (lambda p: ["rules", "check", "--json", _rules(p, "9" * 4000)], 1),
}
# TOML of 5,000 digits is refused as "a number in it has thousands of digits", echoing none.
NOT_ECHOED = {"rules file"}


@pytest.mark.usefixtures("table")
@pytest.mark.parametrize("place", PLACES)
def test_a_number_of_thousands_of_digits_is_cut_where_a_message_echoes_it(
    place: str, tmp_path: Path
) -> None:
    """The message stays under 200 characters a line, whatever the number: its first 12
    digits, "…" and how many digits it had."""
    args, status = PLACES[place]
    result = invoke(*args(tmp_path))
    assert result.exit_code == status, result.output
    said = result.stdout + result.stderr
    assert "Traceback" not in said
    assert said.strip()
    assert all(len(line) < 200 for line in said.splitlines()), said[:400]
    assert not re.search(r"\d{21}", said)
    if place in NOT_ECHOED:
        assert "thousands of digits" in said
    else:
        assert re.search(r"999999999999… \(\d000 digits\)", said)


def test_a_cut_number_says_its_digits_in_swedish(table: Path) -> None:
    result = invoke("--lang", "sv", "penalty", "Anna", DIGITS_5000, "--reason", "x")
    assert result.exit_code == 1
    assert "999999999999… (5000 siffror)" in result.stderr
    assert len(result.stderr) < 200


def test_a_number_the_table_could_mean_is_echoed_whole(table: Path) -> None:
    """Up to 20 digits nothing is cut: an id, a date, a total stay as written."""
    message = refused("penalty", "Anna", "12345678901234567890", "--reason", "x")
    assert "12345678901234567890" in message and "…" not in message


# -- night cards -o ---------------------------------------------------------------------


@pytest.mark.parametrize("command", [("night", "cards"), ("night", "status", "--format", "md")])
def test_night_output_onto_a_link_to_the_night_file_says_it_is_the_nights_file(
    command: tuple[str, ...], tmp_path: Path
) -> None:
    ok("night", "new", "fredag", *NINE, "--seed", "2")
    night = locations.nights_dir() / "fredag.toml"
    link = tmp_path / "kort.html"
    link.symlink_to(night)
    before = night.read_bytes()

    message = refused(*command, "-o", str(link))

    assert "it is the file of the night being printed" in message
    assert "session" not in message
    assert night.read_bytes() == before and link.is_symlink()
