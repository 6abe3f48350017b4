"""`--json` on `chart`, `rules presets` and `rules check`, in the shapes of cli.md
("More JSON")."""

from __future__ import annotations

import json
from pathlib import Path

from chicago_protokoll.core.rules import PRESETS
from cli_support import ANNA_23_DEAL, invoke, ok


def test_chart_json_gives_every_total_after_each_deal_and_the_buy_stop_deal(
    chicago_home: Path,
) -> None:
    ok("new", "fredag", "Anna", "Bo", "Cilla")
    ok(*ANNA_23_DEAL)
    ok(*ANNA_23_DEAL)  # Anna 46: köpstopp from deal 3
    ok("deal", "--last-trick", "Bo")
    chart = json.loads(ok("chart", "--json"))
    assert set(chart) == {"target", "buy_stop", "deals", "players"}
    assert (chart["target"], chart["buy_stop"], chart["deals"]) == (52, 46, [1, 2, 3])
    anna, bo, cilla = chart["players"]
    assert anna == {"name": "Anna", "totals": [23, 46, 46], "buy_stop_from": 3}
    assert bo == {"name": "Bo", "totals": [0, 0, 5], "buy_stop_from": None}
    assert cilla["totals"] == [0, 0, 0] and cilla["buy_stop_from"] is None


def test_chart_json_of_a_new_game_has_no_deals(chicago_home: Path) -> None:
    ok("new", "fredag", "Anna", "Bo")
    chart = json.loads(ok("chart", "--json"))
    assert chart["deals"] == [] and [p["totals"] for p in chart["players"]] == [[], []]


def test_rules_presets_json_lists_each_preset_with_what_differs() -> None:
    presets = json.loads(ok("rules", "presets", "--json"))
    assert [p["name"] for p in presets] == list(PRESETS)
    by_name = {p["name"]: p for p in presets}
    assert by_name["standard"]["differs"] == {}
    assert by_name["tournament"]["differs"] == {
        "buy_stop.threshold": 45, "chicago.breaker_bonus": 10
    }  # fmt: skip
    assert by_name["one-exchange"]["differs"] == {"game.buys": 1, "game.scored_buys": 1}
    assert all(set(p) == {"name", "text", "differs"} and p["text"] for p in presets)


def test_rules_check_json_of_a_good_file_is_ok(tmp_path: Path) -> None:
    good = tmp_path / "regler.toml"
    good.write_text("[chicago]\nmin_score = 10\n", "utf-8")
    assert json.loads(ok("rules", "check", str(good), "--json")) == {
        "file": str(good), "ok": True, "errors": [], "warnings": []
    }  # fmt: skip


def test_rules_check_json_lists_each_problem_with_its_key_and_exits_1(tmp_path: Path) -> None:
    bad = tmp_path / "regler.toml"
    bad.write_text('[chicago]\nmin_score = "x"\nfoo = 1\n', "utf-8")
    result = invoke("rules", "check", str(bad), "--json")
    assert result.exit_code == 1
    checked = json.loads(result.stdout)
    assert checked["file"] == str(bad) and checked["ok"] is False
    assert [e["key"] for e in checked["errors"]] == ["chicago.min_score", "chicago.foo"]
    assert all(e["text"] for e in checked["errors"])


def test_rules_check_json_of_a_missing_file_says_so(tmp_path: Path) -> None:
    result = invoke("rules", "check", str(tmp_path / "none.toml"), "--json")
    assert result.exit_code == 1
    checked = json.loads(result.stdout)
    assert checked["ok"] is False and checked["errors"][0]["key"] is None
