"""JSON for scripts is consistent across commands: `winners` means the same everywhere,
`log` and `explain` speak JSON too, and exported documents name their format and version."""

from __future__ import annotations

import json

from chicago_protokoll import __version__
from cli_support import ANNA_23_DEAL, SEED_000_DEAL, ok, run, status

PLAYERS = ("Anna", "Bo", "Cilla")


def test_version_option_prints_the_package_version() -> None:
    """`chicago --version` prints the one version of the package and exits 0."""
    result = run("--version")
    assert result.returncode == 0, result.stderr
    assert result.stdout == f"chicago-protokoll {__version__}\n"


def test_settle_json_winners_are_empty_until_the_game_is_over_as_in_status() -> None:
    """Before the end `settle --json` names no winners (the provisional payee is a leader);
    after it, the winners are those of `status --json`."""
    ok("new", "fredag", *PLAYERS)
    ok(*SEED_000_DEAL)
    settled = json.loads(ok("settle", "--json"))
    assert settled["winners"] == status()["winners"] == []
    assert settled["leaders"] == ["Cilla"]
    assert {p["to"] for p in settled["payments"]} == {"Cilla"}
    for _ in range(3):
        ok(*ANNA_23_DEAL)
    settled = json.loads(ok("settle", "--json"))
    assert settled["finished"] is True
    assert settled["winners"] == status()["winners"] == ["Anna"]


def test_log_json_has_a_row_per_deal_with_points_and_running_totals() -> None:
    """`log --json`: the paper protocol for scripts, seed 000 giving Anna 4, Bo 2, Cilla 5."""
    ok("new", "fredag", *PLAYERS)
    ok(*SEED_000_DEAL)
    ok(*SEED_000_DEAL)
    data = json.loads(ok("log", "--json"))
    assert (data["format"], data["version"]) == ("chicago-protokoll/log", 1)
    assert [row["deal"] for row in data["deals"]] == [1, 2]
    assert data["deals"][0]["points"] == {"Anna": 4, "Bo": 2, "Cilla": 5}
    assert data["deals"][1]["totals"] == {"Anna": 8, "Bo": 4, "Cilla": 10}
    assert (data["finished"], data["winners"]) == (False, [])


def test_explain_json_gives_every_award_with_its_rule_and_key() -> None:
    """`explain --json`: each event with the points it gave, the rule and house-rules key;
    `--player` keeps only the awards of that player (a name prefix works)."""
    ok("new", "fredag", *PLAYERS)
    ok(*SEED_000_DEAL)
    data = json.loads(ok("explain", "--json"))
    assert data["format"] == "chicago-protokoll/explain"
    (deal,) = data["deals"]
    awards = [a for event in deal["events"] for a in event["awards"]]
    assert sum(a["points"] for a in awards if a["player"] == "Anna") == 4
    assert all(a["key"] and a["rule"] for a in awards)
    assert deal["totals"] == {"Anna": 4, "Bo": 2, "Cilla": 5}
    cilla = json.loads(ok("explain", "--json", "--player", "ci"))
    assert cilla["player"] == "Cilla"
    only = [a for event in cilla["deals"][0]["events"] for a in event["awards"]]
    assert {a["player"] for a in only} == {"Cilla"}
    assert sum(a["points"] for a in only) == 5


def test_export_json_names_its_format_and_version() -> None:
    """A JSON export says what it is, so a script can check before it reads on."""
    ok("new", "fredag", *PLAYERS)
    data = json.loads(ok("export", "--format", "json"))
    assert (data["format"], data["version"]) == ("chicago-protokoll/export", 1)


def test_why_declare_json_lists_every_check_with_its_rule_key_and_verdict() -> None:
    """cli.md: {"question", "player", "answer", "checks": [{"rule", "key", "ok", "text"}]};
    Anna at 1 point may not declare, and the check that says so names chicago.min_score."""
    ok("new", "fredag", *PLAYERS)
    ok("deal", "--buy", "Anna:pair", "--last-trick", "Bo", "--showdown", "Cilla:pair")
    reply = json.loads(ok("why", "declare", "Anna", "--json"))
    assert (reply["question"], reply["player"], reply["answer"]) == ("declare", "Anna", False)
    refusing = [c for c in reply["checks"] if not c["ok"]]
    assert [(c["rule"], c["key"]) for c in refusing] == [
        ("Chicago needs a minimum score", "chicago.min_score")
    ]
    assert "15" in refusing[0]["text"]
    assert all(set(c) >= {"rule", "key", "ok", "text"} for c in reply["checks"])


def test_why_json_answers_the_other_questions_too() -> None:
    ok("new", "fredag", *PLAYERS)
    ok("deal", "--buy", "Anna:pair", "--last-trick", "Bo", "--showdown", "Cilla:pair")
    assert json.loads(ok("why", "last-trick", "Bo", "--json"))["answer"] is True
    assert json.loads(ok("why", "sista-sticket", "Anna", "--json"))["answer"] is False
    assert json.loads(ok("why", "points", "Bo", "--json"))["answer"] == 5
    assert json.loads(ok("why", "köpstopp", "Bo", "--json"))["answer"] is False


def test_sessions_show_json_has_the_listed_keys_and_the_status_object() -> None:
    ok("new", "fredag", *PLAYERS)
    ok(*SEED_000_DEAL)
    shown = json.loads(ok("sessions", "show", "--json"))
    assert set(shown) == {
        "session", "file", "created", "players", "deals", "finished", "winners", "status"
    }
    assert (shown["session"], shown["players"], shown["deals"]) == ("fredag", list(PLAYERS), 1)
    assert shown["file"].endswith("fredag.toml")
    assert shown["status"] == status()
