"""Errors as cli.md says: refusals exit 1 with one plain line and write nothing, usage errors
exit 2, damaged files are refused by name and never overwritten, and no traceback ever shows."""

from __future__ import annotations

import csv
import io
from collections.abc import Callable
from pathlib import Path

import pytest

from chicago_protokoll.store import catalogue, locations
from chicago_protokoll.store.fileformat import IDS_VERSION, VERSION
from cli_support import ANNA_23_DEAL, SEED_000_DEAL, invoke, ok, refused, session_file, usage_error

PLAYERS = ("Anna", "Bo", "Cilla")


def new_game(*extra: str) -> Path:
    ok("new", "fredag", *PLAYERS, *extra)
    return session_file("fredag")


def sessions_dir_listing() -> list[str]:
    return sorted(p.name for p in locations.sessions_dir().iterdir())


# Each case: the commands that set the table, the command the rules refuse, and what the
# one stderr line must name (the rule in words, and the house-rules key where there is one).
RULE_CASES: dict[str, tuple[list[list[str]], list[str], list[str]]] = {
    "Chicago under 15 points": (
        [["buy", "pass"], ["buy", "Anna:pair"]],
        ["declare", "Anna"],
        ["may not declare Chicago", "at least 15", "chicago.min_score"],
    ),
    "Chicago under 15 points in a whole deal": (
        [],
        ["deal", "--chicago", "Bo"],
        ["may not declare Chicago", "chicago.min_score"],
    ),
    "exchange under köpstopp": (
        [list(ANNA_23_DEAL), list(ANNA_23_DEAL)],
        ["exchange", "Anna", "2"],
        ["köpstopp", "buy_stop.threshold"],
    ),
    "exchange under köpstopp in a whole deal": (
        [list(ANNA_23_DEAL), list(ANNA_23_DEAL)],
        ["deal", "--exchange", "Anna:0,1", "--last-trick", "Bo"],
        ["köpstopp", "buy_stop.threshold"],
    ),
    "showdown after a Chicago": (
        [list(ANNA_23_DEAL), ["buy", "pass"], ["buy", "pass"], ["declare", "Anna"], ["tricks", "Anna"]],
        ["showdown", "Anna:pair"],
        ["no showdown after a Chicago"],
    ),
    "last trick and showdown in a Chicago deal": (
        [list(ANNA_23_DEAL)],
        ["deal", "--chicago", "Anna", "--showdown", "Bo:pair"],
        ["no last trick and no showdown", "Chicago"],
    ),
    "unknown player": (
        [],
        ["deal", "--buy", "Dave:pair", "--last-trick", "Anna"],
        ["'Dave' is not at this table", "Anna, Bo, Cilla"],
    ),
    "deal after the game is over": (
        [list(ANNA_23_DEAL), list(ANNA_23_DEAL), ["deal", "--buy", "Anna:pair", "--buy", "Anna:pair", "--last-trick", "Anna"]],
        ["deal", "--last-trick", "Bo"],
        ["the game is over"],
    ),
    "more buys than the table scores": (
        [],
        ["deal", "--buy", "Anna:pair", "--buy", "Bo:pair", "--buy", "Cilla:pair", "--last-trick", "Anna"],
        ["2 köp", "game.scored_buys"],
    ),
    "six cards exchanged": (
        [],
        ["exchange", "Anna", "6"],
        ["0 to 5 cards"],
    ),
    "a hand that is not a hand": (
        [],
        ["buy", "Anna:five aces"],
        ["'five aces' is not a hand"],
    ),
    "four cards for a hand": (
        [],
        ["buy", "Anna:KH KS 9D 9H"],
        ["five cards"],
    ),
    "declarer breaking their own Chicago": (
        [list(ANNA_23_DEAL)],
        ["deal", "--chicago", "Anna", "--broken-by", "Anna"],
        ["cannot break their own Chicago"],
    ),
    "the last trick before the köp": (
        [],
        ["tricks", "Bo"],
        ["köp 1 is not recorded yet", "game.scored_buys"],
    ),
    "a second deal over a half-recorded one": (
        [["buy", "Anna:pair"]],
        ["deal", "--last-trick", "Bo"],
        ["partly recorded", "undo"],
    ),
    "a bad showdown refuses the whole deal": (
        [],
        ["deal", "--buy", "Anna:pair", "--last-trick", "Bo", "--showdown", "Cilla:nonsense"],
        ["'nonsense' is not a hand"],
    ),
    "two exchanges by one player in one köp": (
        [],
        ["deal", "--exchange", "Anna:2", "--exchange", "Anna:1", "--last-trick", "Bo"],
        ["already recorded"],
    ),
    "nothing to undo": (
        [],
        ["undo"],
        ["nothing to undo"],
    ),
}  # fmt: skip


@pytest.mark.parametrize("case", list(RULE_CASES))
def test_refused_command_says_which_rule_on_one_line_and_leaves_the_file_unchanged(
    case: str,
) -> None:
    """A command the rules refuse exits 1, names the rule (and key) in one line, writes nothing."""
    setup, command, names = RULE_CASES[case]
    path = new_game()
    for step in setup:
        ok(*step)
    before = path.read_bytes()
    listing = sessions_dir_listing()
    line = refused(*command)
    for name in names:
        assert name in line
    assert path.read_bytes() == before
    assert sessions_dir_listing() == listing


def test_a_table_larger_than_the_house_rules_allow_is_refused_with_its_key() -> None:
    """Five players in the main rule: refused with game.max_players, and no file is made."""
    line = refused("new", "fredag", "A", "B", "C", "D", "E")
    assert "game.max_players" in line
    assert not session_file("fredag").exists()
    assert catalogue.get_current() is None


@pytest.mark.parametrize(
    "players",
    [["Anna", "anna"], ["Anna", "pass"], ["Anna", "Bo:x"], ["Anna", ""]],
)
def test_unusable_player_names_are_refused_before_anything_is_written(players: list[str]) -> None:
    """Duplicate, reserved or unparsable names: exit 1, no session file."""
    refused("new", "fredag", *players)
    assert not session_file("fredag").exists()


def test_new_never_overwrites_an_existing_session() -> None:
    """`new` with the name of a session that exists refuses and keeps the old file."""
    path = new_game()
    ok(*SEED_000_DEAL)
    before = path.read_bytes()
    assert "already exists" in refused("new", "fredag", "Dag", "Eva")
    assert path.read_bytes() == before


def test_a_refused_command_on_another_session_leaves_the_current_pointer_alone() -> None:
    """A refused write to --session lördag does not make lördag current."""
    new_game()
    ok("new", "lördag", "Dag", "Eva")
    ok("sessions", "use", "fredag")
    refused("declare", "Dag", "--session", "lördag")
    assert catalogue.get_current() == "fredag"


# -- usage errors ---------------------------------------------------------------------------

USAGE_ERRORS = {
    "unknown option": ["deal", "--bogus"],
    "unknown command": ["dela"],
    "missing argument": ["buy"],
    "missing players": ["new", "fredag"],
    "a single player": ["new", "fredag", "Anna"],
    "count that is not a number": ["exchange", "Anna", "två"],
    "unknown export format": ["export", "--format", "xml"],
    "negative stake": ["settle", "--stake", "-1"],
    "stake that is not an amount": ["settle", "--stake", "tio"],
    "broken-by without chicago": ["deal", "--broken-by", "Bo"],
    "rules and preset together": [
        "new",
        "x",
        "A",
        "B",
        "--rules",
        "r.toml",
        "--preset",
        "standard",
    ],
    "one hand to compare": ["compare", "KH KS 9D 9H 3C"],
    "unknown language": ["--lang", "de", "status"],
    "option without its value": ["deal", "--last-trick"],
}


@pytest.mark.parametrize("case", list(USAGE_ERRORS))
def test_usage_error_exits_2_and_writes_nothing(case: str) -> None:
    """A command line that does not parse exits 2 with a usage message and writes nothing."""
    path = new_game()
    before = path.read_bytes()
    usage_error(*USAGE_ERRORS[case])
    assert path.read_bytes() == before


# -- damaged session files ----------------------------------------------------------------

DAMAGE: dict[str, Callable[[bytes], bytes]] = {
    "cut in half": lambda data: data[: len(data) // 2],
    "cut at a line": lambda data: data[: data.rindex(b"\n[[events]]")],
    "last line lost": lambda data: data[: data.rstrip().rindex(b"\n") + 1],
    "empty": lambda data: b"",
    "binary garbage": lambda data: bytes(range(256)) * 4,
    "not TOML": lambda data: data.replace(b"players = [", b"players = [[", 1),
    "newer version": lambda data: data.replace(
        f"version = {IDS_VERSION}".encode(), f"version = {VERSION + 1}".encode(), 1
    ),
    "unknown field": lambda data: data.replace(b"first_dealer", b"score = 3\nfirst_dealer", 1),
    "player edited away": lambda data: data.replace(b'    "Bo",\n', b"", 1),
    "rules value wrong": lambda data: data.replace(b"target = 52", b'target = "52"', 1),
    "event of a later deal": lambda data: data.replace(b"deal = 1", b"deal = 3", 1),
    "event of an unknown kind": lambda data: data.replace(b'type = "buy"', b'type = "bid"', 1),
    "hand that is no hand": lambda data: data.replace(b'"two-pair"', b'"five-aces"', 1),
}

READERS_AND_WRITERS = [
    ["status"],
    ["status", "--json"],
    ["log"],
    ["export", "--format", "csv"],
    ["settle"],
    ["sessions", "show"],
    ["deal", "--last-trick", "Bo"],
    ["buy", "pass"],
    ["undo"],
]


@pytest.mark.parametrize("damage", list(DAMAGE))
def test_damaged_session_is_refused_by_name_and_never_overwritten(damage: str) -> None:
    """Every command refuses a damaged session file, names it, and leaves its bytes alone."""
    path = new_game("--dealer", "Cilla")
    ok(*SEED_000_DEAL)
    damaged = DAMAGE[damage](path.read_bytes())
    path.write_bytes(damaged)
    for command in READERS_AND_WRITERS:
        line = refused(*command)
        assert "sessions/fredag.toml" in line, (command, line)
        assert path.read_bytes() == damaged, command
    assert "already exists" in refused("new", "fredag", "Dag", "Eva")
    assert path.read_bytes() == damaged


def test_commands_that_only_read_the_rules_refuse_a_session_that_does_not_load() -> None:
    """rules show and compare never fall back to the main rule over a damaged session; use refuses it."""
    path = new_game("--preset", "tournament")
    damaged = path.read_bytes()[:-20]
    path.write_bytes(damaged)
    assert "sessions/fredag.toml" in refused("rules", "show")
    assert "sessions/fredag.toml" in refused("compare", "kåk", "färg")
    assert "sessions/fredag.toml" in refused("sessions", "use", "fredag")
    assert path.read_bytes() == damaged


def test_newer_version_is_refused_with_an_upgrade_hint() -> None:
    """A file from a newer chicago-protokoll says to upgrade rather than that it is broken."""
    path = new_game()
    path.write_bytes(path.read_bytes().replace(f"version = {IDS_VERSION}".encode(), b"version = 99", 1))
    line = refused("status")
    assert "newer" in line
    assert "upgrade" in line


def test_hand_edited_event_that_breaks_a_rule_names_the_file_and_the_event() -> None:
    """An event a hand edit made impossible is refused as the file's fault, with its number."""
    path = new_game()
    ok(*SEED_000_DEAL)
    path.write_bytes(path.read_bytes().replace(b"deal = 1", b"deal = 4", 1))
    line = refused("status")
    assert "sessions/fredag.toml" in line
    assert "event 1 (deal 4)" in line


def test_one_damaged_session_does_not_hide_the_others_in_the_list() -> None:
    """sessions lists the good sessions and says what is wrong with the damaged one."""
    path = new_game()
    ok("new", "lördag", "Dag", "Eva")
    path.write_bytes(path.read_bytes()[:40])
    out = ok("sessions")
    assert "lördag" in out
    assert "Dag, Eva" in out
    assert "fredag" in out
    assert "sessions/fredag.toml" in out


def test_file_option_names_a_missing_file() -> None:
    """--file PATH that does not exist: refused, naming the path."""
    assert "nowhere.toml does not exist" in refused("status", "--file", "nowhere.toml")


def test_file_option_on_a_file_that_is_not_a_session_is_refused(tmp_path: Path) -> None:
    """--file on a house-rules file is refused as not a session file, and left as it was."""
    rules = tmp_path / "hus.toml"
    rules.write_text("[game]\ntarget = 31\n", encoding="utf-8")
    line = refused("deal", "--last-trick", "Bo", "--file", str(rules))
    assert str(rules) in line
    assert "not a chicago-protokoll session file" in line
    assert rules.read_text(encoding="utf-8") == "[game]\ntarget = 31\n"


def test_no_current_session_tells_how_to_start_one() -> None:
    """Any session command before `new` says to start one with `chicago new`."""
    for command in (["status"], ["deal", "--last-trick", "Bo"], ["undo"], ["log"]):
        assert "chicago new" in refused(*command)


def test_a_current_session_removed_by_hand_is_named() -> None:
    """The pointer names a session whose file was deleted: refused, saying it no longer exists."""
    path = new_game()
    path.unlink()
    assert "'fredag' no longer exists" in refused("status")


# -- damaged house-rules files ----------------------------------------------------------------

RULES_DAMAGE = {
    "not TOML": b"[game\ntarget = 52\n",
    "cut short": b"[game]\ntarget = ",
    "not UTF-8": b"[game]\ntarget = 52 # \xff\xfe\n",
    "impossible value": b"[game]\ntarget = -5\n",
    "wrong type": b'[buy_stop]\nthreshold = "46"\n',
    "key from a newer version": b"[game]\nwild_cards = 2\n",
    "more scored buys than buys": b"[game]\nbuys = 1\nscored_buys = 2\n",
}


@pytest.mark.parametrize("damage", list(RULES_DAMAGE))
def test_damaged_rules_file_is_refused_by_name_for_new_and_check(
    damage: str, tmp_path: Path
) -> None:
    """new --rules and rules check refuse a bad house-rules file, naming it, and change nothing."""
    rules = tmp_path / "hus.toml"
    rules.write_bytes(RULES_DAMAGE[damage])
    line = refused("new", "fredag", *PLAYERS, "--rules", str(rules))
    assert str(rules) in line
    assert not session_file("fredag").exists()
    result = invoke("rules", "check", str(rules))
    assert result.exit_code == 1
    assert result.stdout == ""
    assert str(rules) in result.stderr
    assert "Traceback" not in result.stderr
    assert rules.read_bytes() == RULES_DAMAGE[damage]


def test_damaged_saved_house_rules_are_refused_by_name_and_kept() -> None:
    """A broken house-rules.toml in the data directory stops `new` and is not overwritten."""
    saved = locations.saved_rules_path()
    saved.parent.mkdir(parents=True, exist_ok=True)
    saved.write_bytes(b"[chicago]\nmin_score = -1\n")
    line = refused("new", "fredag", *PLAYERS)
    assert str(saved) in line
    assert "chicago.min_score" in line
    assert "--force" in refused("rules", "init")
    assert saved.read_bytes() == b"[chicago]\nmin_score = -1\n"


def test_a_missing_rules_file_is_named(tmp_path: Path) -> None:
    """new --rules PATH and rules check PATH with no such file name it."""
    missing = tmp_path / "saknas.toml"
    assert str(missing) in refused("new", "fredag", *PLAYERS, "--rules", str(missing))
    assert str(missing) in refused("rules", "check", str(missing))


# -- session names --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name", ["../ute", "../../etc/passwd", "a/b", "/tmp/x", "..", ".dold", "a\\b", "tab\there", ""]
)
def test_a_session_name_cannot_place_a_file_outside_the_sessions_directory(
    name: str, chicago_home: Path, tmp_path: Path
) -> None:
    """A name with a path in it is refused for new, --session and sessions use; nothing is written."""
    before = sorted(tmp_path.rglob("*"))
    assert "cannot be a session name" in refused("new", name, *PLAYERS)
    assert "cannot be a session name" in refused("status", "--session", name)
    assert "cannot be a session name" in refused("sessions", "use", name)
    assert sorted(tmp_path.rglob("*")) == before


# -- spreadsheets ------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["=1+2", "+SUM(A1)", "@SUM(A1)", '=HYPERLINK("x")'])
def test_csv_export_never_lets_a_name_become_a_formula(name: str) -> None:
    """A player called '=1+2' appears in the CSV as text, not as a formula.  A new name
    may not hold '=' any more, but a file written before may: such a table is made as
    that file was."""
    if "=" in name:
        from chicago_protokoll.core.session import new_session
        from chicago_protokoll.store import catalogue

        catalogue.create_current("fredag", new_session([name, "Bo"], new_names=False))
    else:
        ok("new", "fredag", name, "Bo")
    ok("deal", "--buy", f"{name}:pair", "--last-trick", name)
    text = ok("export", "--format", "csv")
    cells = [cell for row in csv.reader(io.StringIO(text)) for cell in row]
    assert all(not cell.startswith(("=", "+", "-", "@", "\t", "\r")) for cell in cells), cells
    assert f"'{name}" in cells
    assert f"'{name} total" in cells
