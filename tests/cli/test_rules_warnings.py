"""Rules a table may play but is told about, in a `Warning:` line (core.rules_warnings.rules_warnings):
`hands.ties = "flush-suit"` has nothing left to decide under `hands.flush_order = "suit"`
(`rules check`), and `chicago.required_to_win` at four players or more, which Pagat
advises against ("Pagat avråder från den regeln vid fyra spelare", the rules guide):
`new`, `again` and `play` say so."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from chicago_protokoll.core.rules import HandRules, HouseRules, preset
from chicago_protokoll.core.rules_warnings import rules_warnings
from chicago_protokoll.core.session import new_session
from chicago_protokoll.present.dialogue import Dialogue
from chicago_protokoll.store import locations, sessionfile
from cli_support import invoke, ok
from play_support import Script

NOTHING_LEFT = 'hands.ties = "flush-suit" has nothing left to decide'
PAGAT = "Pagat advises against it at four players"


def _rules_file(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "regler.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_rules_check_warns_that_flush_suit_ties_have_nothing_left_under_flush_order_suit(
    tmp_path: Path,
) -> None:
    path = _rules_file(tmp_path, '[hands]\nflush_order = "suit"\nties = "flush-suit"\n')
    result = invoke("rules", "check", str(path))
    assert result.exit_code == 0  # a warning, not a problem: the file is valid
    lines = result.stdout.splitlines()
    assert lines[0].endswith("the house rules are valid.")
    assert lines[-1] == (
        'Warning: hands.ties = "flush-suit" has nothing left to decide: with '
        'hands.flush_order = "suit" the suits already rank every two flushes'
    )
    checked = json.loads(ok("rules", "check", "--json", str(path)))
    assert checked["ok"] is True and checked["errors"] == []
    assert [w["key"] for w in checked["warnings"]] == ["hands.ties"]
    assert NOTHING_LEFT in checked["warnings"][0]["text"]
    swedish = ok("--lang", "sv", "rules", "check", str(path))
    assert 'Varning: hands.ties = "flush-suit" har inget kvar att avgöra' in swedish


@pytest.mark.parametrize(
    "text",
    ['[hands]\nflush_order = "suit"\n', '[hands]\nties = "flush-suit"\n',
     '[hands]\nflush_order = "suit"\nties = "suit"\n'],
)
def test_rules_check_is_quiet_where_flush_suit_ties_still_decide(tmp_path: Path, text: str) -> None:
    out = ok("rules", "check", str(_rules_file(tmp_path, text)))
    assert "Warning" not in out
    checked = json.loads(ok("rules", "check", "--json", str(_rules_file(tmp_path, text))))
    assert checked["warnings"] == []


def test_the_chicago_required_preset_warns_at_four_players() -> None:
    out = ok("new", "fyra", "Anna", "Bo", "Cilla", "Dag", "--preset", "chicago-required")
    assert (
        "Warning: chicago.required_to_win at a table of 4 players: Pagat advises against "
        "it at four players, as the game can then get very long"
    ) in out.splitlines()
    again = ok("again")  # the same table, the same rules: said again
    assert PAGAT in again
    swedish = ok("--lang", "sv", "new", "fyra-sv", "Anna", "Bo", "Cilla", "Dag",
                 "--preset", "chicago-required")
    assert "Varning: chicago.required_to_win vid ett bord med 4 spelare" in swedish


def test_play_warns_of_chicago_required_at_four_players() -> None:
    for players, warned in ((("Anna", "Bo", "Cilla", "Dag"), True), (("Anna", "Bo", "Cilla"), False)):
        name = f"spel-{len(players)}"
        path = locations.session_path(name)
        sessionfile.create_session(
            path, new_session(players, preset("chicago-required"), name=name)
        )
        script = Script([])  # the player quits at the first question (EOF)
        Dialogue(path, script.ask, script.say, stake="1").run()
        assert (PAGAT in script.text) is warned


def test_the_chicago_required_preset_is_quiet_at_three_players() -> None:
    assert "Warning" not in ok("new", "tre", "Anna", "Bo", "Cilla", "--preset", "chicago-required")
    assert "Warning" not in ok("new", "fyra", "Anna", "Bo", "Cilla", "Dag")


def test_the_chicago_required_warning_in_the_library_goes_by_the_table_size() -> None:
    required = preset("chicago-required")
    assert rules_warnings(required, 3) == [] and rules_warnings(required) == []
    for players in (4, 5, 6):
        [(key, message)] = rules_warnings(required, players)
        assert key == "chicago.required_to_win" and PAGAT in str(message)
    assert rules_warnings(HouseRules(hands=HandRules(flush_order="suit", ties="flush-suit")))
