"""Where sessions live and how a table moves between them: the data directory, the current
session, --session and --file, and the `sessions` commands."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path
from typing import Any

import pexpect
import pytest
import typer.main

from chicago_protokoll.cli.app import app
from chicago_protokoll.store import catalogue
from cli_support import (
    CHICAGO,
    ENGLISH,
    SEED_000_DEAL,
    invoke,
    ok,
    refused,
    scores,
    session_file,
    status,
)

PLAYERS = ("Anna", "Bo", "Cilla")


def test_without_the_environment_variable_sessions_live_in_the_user_data_dir(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without CHICAGO_PROTOKOLL_HOME a session goes to platformdirs' data dir for chicago-protokoll."""
    monkeypatch.delenv("CHICAGO_PROTOKOLL_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    ok("new", "fredag", *PLAYERS)
    assert (tmp_path / "xdg" / "chicago-protokoll" / "sessions" / "fredag.toml").is_file()
    assert (tmp_path / "xdg" / "chicago-protokoll" / "current").is_file()


def test_the_environment_variable_puts_sessions_pointer_and_rules_under_one_directory(
    chicago_home: Path,
) -> None:
    """CHICAGO_PROTOKOLL_HOME holds sessions/NAME.toml, the current pointer and saved rules."""
    ok("new", "fredag", *PLAYERS)
    ok("rules", "init")
    assert sorted(p.relative_to(chicago_home).as_posix() for p in chicago_home.rglob("*") if p.is_file() and not p.name.startswith(".")) == [
        "current",
        "house-rules.toml",
        "sessions/fredag.toml",
    ]  # fmt: skip


def test_the_session_created_last_is_current() -> None:
    """Each `new` makes its session the current one."""
    ok("new", "fredag", *PLAYERS)
    ok("new", "lördag", "Dag", "Eva")
    assert status()["session"] == "lördag"


def test_session_option_records_in_another_session_and_leaves_the_current_one() -> None:
    """deal --session fredag writes there, not in the current one, and lördag stays
    current: --session names the file of one command (cli.md, "The current session")."""
    ok("new", "fredag", *PLAYERS)
    ok("new", "lördag", "Dag", "Eva")
    ok(*SEED_000_DEAL, "--session", "fredag")
    assert scores("--session", "fredag") == {"Anna": 4, "Bo": 2, "Cilla": 5}
    assert scores("--session", "lördag") == {"Dag": 0, "Eva": 0}
    assert catalogue.get_current() == "lördag"


def test_undo_and_edit_with_session_option_leave_the_current_session() -> None:
    """undo --session fredag takes back fredag's last event; edit --session corrects there;
    neither makes fredag current."""
    ok("new", "fredag", *PLAYERS)
    ok(*SEED_000_DEAL)
    ok(*SEED_000_DEAL)
    ok("new", "lördag", "Dag", "Eva")
    ok("undo", "--deal", "--session", "fredag")
    assert catalogue.get_current() == "lördag"
    assert scores("--session", "fredag") == {"Anna": 4, "Bo": 2, "Cilla": 5}
    ok("edit", "1", "--last-trick", "Bo", "--session", "fredag")
    ok("note", "a note", "--session", "fredag")
    ok("status", "--session", "fredag")
    assert catalogue.get_current() == "lördag"
    assert scores() == {"Dag": 0, "Eva": 0}


def test_play_with_session_option_leaves_the_current_session() -> None:
    """`play --session fredag` plays fredag; only `play NAME` makes it current."""
    ok("new", "fredag", *PLAYERS)
    ok("new", "lördag", "Dag", "Eva")
    invoke("play", "--session", "fredag", input="")
    assert catalogue.get_current() == "lördag"
    invoke("play", "fredag", input="")
    assert catalogue.get_current() == "fredag"


def test_only_new_again_play_name_and_sessions_use_change_the_current_session(
    tmp_path: Path,
) -> None:
    """The current session changes by `new`, `again`, `play NAME` and `sessions use`; a
    --file given to any command, `new --file` and `again --file` included, never does."""
    ok("new", "fredag", *PLAYERS)
    assert catalogue.get_current() == "fredag"
    elsewhere = tmp_path / "borta.toml"
    ok("new", "borta", *PLAYERS, "--file", str(elsewhere))
    ok(*SEED_000_DEAL, "--file", str(elsewhere))
    ok("again", "--file", str(elsewhere))
    assert (tmp_path / "borta-2.toml").is_file()
    assert catalogue.get_current() == "fredag"
    ok("again")
    assert catalogue.get_current() == "fredag-2"
    ok("sessions", "use", "fredag")
    assert catalogue.get_current() == "fredag"
    ok("new", "lördag", "Dag", "Eva")
    assert catalogue.get_current() == "lördag"
    ok("again", "--session", "fredag-2")
    assert catalogue.get_current() == "fredag-3"


def test_file_option_works_on_a_session_file_anywhere(tmp_path: Path) -> None:
    """A session file copied elsewhere is read and written with --file, leaving the original alone."""
    ok("new", "fredag", *PLAYERS)
    copy = tmp_path / "kopia.toml"
    copy.write_bytes(session_file("fredag").read_bytes())
    ok(*SEED_000_DEAL, "--file", str(copy))
    ok("undo", "--file", str(copy))
    assert scores("--file", str(copy)) == {"Anna": 2, "Bo": 2, "Cilla": 5}
    assert scores() == {"Anna": 0, "Bo": 0, "Cilla": 0}
    assert "| 1 |" in ok("export", "--format", "md", "--file", str(copy))
    assert "Anna" in ok("log", "--file", str(copy))
    assert json.loads(ok("settle", "--json", "--file", str(copy)))["finished"] is False
    assert catalogue.get_current() == "fredag"


def _session_commands() -> dict[str, set[str]]:
    """Every command and sub-command of the app with the options it takes."""
    group = typer.main.get_command(app)
    found: dict[str, set[str]] = {}

    def walk(command: object, path: str) -> None:
        commands = getattr(command, "commands", None)
        if commands:
            for name, sub in commands.items():
                walk(sub, f"{path} {name}".strip())
        params = getattr(command, "params", [])
        found[path] = {opt for param in params for opt in getattr(param, "opts", [])}

    walk(group, "")
    return found


def test_every_command_that_reads_or_writes_a_session_takes_session_and_file() -> None:
    """--session NAME and --file PATH go together on every session command of the contract."""
    options = _session_commands()
    contract = [
        "deal", "buy", "exchange", "declare", "tricks", "showdown", "royal", "undo",
        "status", "log", "export", "settle", "compare", "rules show",
    ]  # fmt: skip
    for command in contract:
        assert {"--session", "--file"} <= options[command], command
    for command, opts in options.items():
        assert ("--session" in opts) == ("--file" in opts) or command == "new", command


# -- sessions ---------------------------------------------------------------------------------


def test_sessions_lists_date_players_deals_and_leader_with_the_current_marked() -> None:
    """sessions: one line per session with its date, players, deals and leader; * on the current."""
    ok("new", "fredag", *PLAYERS)
    ok(*SEED_000_DEAL)
    ok("new", "lördag", "Dag", "Eva")
    lines = ok("sessions").splitlines()
    friday = next(line for line in lines if "fredag" in line)
    saturday = next(line for line in lines if "lördag" in line)
    assert friday.startswith(" ")
    assert saturday.startswith("*")
    created = json.loads(ok("sessions", "--json"))[0]["created"]
    assert created[:10] in friday
    assert "Anna, Bo, Cilla" in friday
    assert "1 deal " in friday
    assert "leader Cilla" in friday
    assert "0 deals" in saturday


def test_sessions_names_the_winners_of_a_finished_game() -> None:
    """A finished session is listed with its winner."""
    ok("new", "fredag", "Anna", "Bo")
    ok("royal", "Bo")
    assert "winner Bo" in ok("sessions")


def test_sessions_json_lists_every_session_for_scripts() -> None:
    """sessions --json: name, created, players, deals, finished, winners, leader, current."""
    ok("new", "fredag", *PLAYERS)
    ok(*SEED_000_DEAL)
    rows = json.loads(ok("sessions", "--json"))
    assert len(rows) == 1
    row = rows[0]
    assert (row["name"], row["players"], row["deals"], row["leader"], row["current"]) == (
        "fredag",
        list(PLAYERS),
        1,
        "Cilla",
        True,
    )


def test_sessions_without_any_says_how_to_start() -> None:
    """An empty data directory: sessions says how to begin."""
    assert "chicago new" in ok("sessions")


def test_sessions_use_switches_the_current_session() -> None:
    """sessions use fredag: later commands without --session work on fredag."""
    ok("new", "fredag", *PLAYERS)
    ok("new", "lördag", "Dag", "Eva")
    ok("sessions", "use", "fredag")
    ok(*SEED_000_DEAL)
    assert scores() == {"Anna": 4, "Bo": 2, "Cilla": 5}


def test_sessions_use_of_an_unknown_session_is_refused() -> None:
    """sessions use nope: refused, and the current session stays."""
    ok("new", "fredag", *PLAYERS)
    refused("sessions", "use", "nope")
    assert catalogue.get_current() == "fredag"


def test_sessions_show_gives_the_file_the_events_and_the_standings() -> None:
    """sessions show: where the file is, how many events, the standings."""
    ok("new", "fredag", *PLAYERS)
    ok(*SEED_000_DEAL)
    out = ok("sessions", "show", "fredag")
    assert str(session_file("fredag")) in out
    assert "Events: 4" in out
    assert "Cilla    5" in out


def test_sessions_list_is_the_same_list_as_sessions() -> None:
    """`sessions list` (as gh and pipx spell a list) prints what bare `sessions` prints,
    in words and as JSON."""
    ok("new", "fredag", *PLAYERS)
    ok(*SEED_000_DEAL)
    ok("new", "lördag", "Dag", "Eva")
    assert ok("sessions", "list") == ok("sessions")
    listed = json.loads(ok("sessions", "list", "--json"))
    assert listed == json.loads(ok("sessions", "--json"))
    assert [(row["name"], row["deals"], row["current"]) for row in listed] == [
        ("fredag", 1, False),
        ("lördag", 0, True),
    ]


def _at_a_terminal(*args: str) -> Any:
    """``chicago ARGS`` on a pseudo-terminal, as a person runs it (pexpect)."""
    child = pexpect.spawn(
        str(CHICAGO),
        list(args),
        env={**os.environ, **ENGLISH, "TERM": "dumb"},
        encoding="utf-8",
        timeout=60,
    )
    child.delaybeforesend = None
    return child


def test_sessions_remove_asks_at_a_terminal_and_keeps_the_session_on_no() -> None:
    """Answering n (or nothing) to the question keeps the file."""
    ok("new", "fredag", *PLAYERS)
    for answer in ("n", ""):
        child = _at_a_terminal("sessions", "remove", "fredag")
        child.expect_exact("Delete session 'fredag'")
        child.sendline(answer)
        child.expect_exact("Nothing was deleted")
        child.expect(pexpect.EOF)
        child.close()
        assert child.exitstatus == 1
        assert session_file("fredag").exists()


def test_sessions_remove_deletes_on_yes_at_a_terminal_and_clears_the_current_pointer() -> None:
    """Answering y deletes the file; with the current session gone, status says to start one."""
    ok("new", "fredag", *PLAYERS)
    child = _at_a_terminal("sessions", "remove", "fredag")
    child.expect_exact("Delete session 'fredag'")
    child.sendline("y")
    child.expect_exact("Removed fredag")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert not session_file("fredag").exists()
    assert catalogue.get_current() is None
    assert "chicago new" in refused("status")


def test_sessions_remove_without_a_terminal_is_a_usage_error_naming_yes() -> None:
    """From a script or a pipe nobody can answer: exit 2 naming --yes, no question shown,
    and nothing removed, even with a "y" waiting on stdin."""
    ok("new", "fredag", *PLAYERS)
    before = session_file("fredag").read_bytes()
    for stdin in (None, "y\n"):
        result = invoke("sessions", "remove", "fredag", input=stdin)
        assert result.exit_code == 2, result.output
        assert "--yes" in result.stderr
        assert "Delete session" not in result.output
        assert session_file("fredag").read_bytes() == before
    assert catalogue.get_current() == "fredag"
    swedish = invoke("--lang", "sv", "sessions", "remove", "fredag")
    assert swedish.exit_code == 2 and "--yes" in swedish.stderr
    assert "terminal" in swedish.stderr and "no terminal" not in swedish.stderr


def test_sessions_remove_as_a_process_with_stdin_from_nowhere_exits_2() -> None:
    """`chicago sessions remove fredag < /dev/null` (cron, CI): exit 2, the file kept."""
    ok("new", "fredag", *PLAYERS)
    done = subprocess.run(
        [str(CHICAGO), "sessions", "remove", "fredag"],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        env={**os.environ, **ENGLISH},
        timeout=60,
        check=False,
    )
    assert done.returncode == 2, done.stderr
    assert "--yes" in done.stderr and done.stdout == ""
    assert session_file("fredag").exists()


def test_sessions_remove_yes_skips_the_question_and_keeps_the_other_current() -> None:
    """--yes removes without asking; removing another session keeps the current one."""
    ok("new", "fredag", *PLAYERS)
    ok("new", "lördag", "Dag", "Eva")
    out = ok("sessions", "remove", "fredag", "--yes")
    assert "Delete" not in out
    assert not session_file("fredag").exists()
    assert catalogue.get_current() == "lördag"


def test_sessions_remove_of_an_unknown_session_is_refused() -> None:
    """sessions remove nope: refused with its name."""
    assert "'nope'" in refused("sessions", "remove", "nope", "--yes")


def test_sessions_remove_can_remove_a_damaged_session() -> None:
    """A session that no longer loads can still be removed."""
    ok("new", "fredag", *PLAYERS)
    session_file("fredag").write_bytes(b"\x00garbage")
    ok("sessions", "remove", "fredag", "--yes")
    assert not session_file("fredag").exists()
