"""Every command of the contract (docs/cli.md) through typer's CliRunner, as a table uses it."""

from __future__ import annotations

import csv
import io
import json
import tomllib
from pathlib import Path

import pytest

from chicago_protokoll.store import catalogue, locations, sessionfile
from cli_support import ANNA_23_DEAL, SEED_000_DEAL, invoke, ok, refused, scores, status

PLAYERS = ("Anna", "Bo", "Cilla")


def new_game(*extra: str, name: str = "fredag", players: tuple[str, ...] = PLAYERS) -> str:
    return ok("new", name, *players, *extra)


def anna_to(points: int) -> None:
    """Whole deals of 23 for Anna (three full houses and the last trick); the others nothing."""
    assert points % 23 == 0
    for _ in range(points // 23):
        ok(*ANNA_23_DEAL)


# -- new -----------------------------------------------------------------------------


def test_new_writes_one_session_file_and_makes_it_current(chicago_home: Path) -> None:
    """`new` writes sessions/NAME.toml under the data directory and points 'current' at it."""
    out = new_game()
    path = chicago_home / "sessions" / "fredag.toml"
    assert path.is_file()
    assert catalogue.get_current() == "fredag"
    assert "Anna deals first" in out
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    assert data["players"] == list(PLAYERS)
    assert data["first_dealer"] == "Anna"
    assert data["version"] == 5  # every saved file has ids (fileformat.IDS_VERSION)
    assert set(data["rules"]) == {"game", "scoring", "hands", "chicago", "buy_stop"}
    assert not {"scores", "totals", "dealer", "finished", "winners"} & set(data)


def test_new_session_reads_back_before_anything_is_recorded() -> None:
    """A session with no events yet loads again: status works right after `new`."""
    new_game()
    data = status()
    assert data["deal"] == 1
    assert data["finished"] is False
    assert data["winners"] == []
    assert [p["score"] for p in data["players"]] == [0, 0, 0]


def test_new_with_dealer_sets_the_first_dealer_and_forehand_to_the_left() -> None:
    """--dealer Cilla: Cilla deals the first deal and Anna, to her left, is förhand."""
    new_game("--dealer", "cilla")
    data = status()
    assert (data["dealer"], data["forehand"]) == ("Cilla", "Anna")


def test_new_copies_the_house_rules_so_later_edits_of_the_file_change_nothing(
    tmp_path: Path,
) -> None:
    """The rules file is copied into the session: editing it afterwards leaves the game alone."""
    rules = tmp_path / "hus.toml"
    rules.write_text("[game]\ntarget = 31\n", encoding="utf-8")
    new_game("--rules", str(rules))
    rules.write_text("[game]\ntarget = 99\n", encoding="utf-8")
    shown = json.loads(ok("rules", "show", "--json"))
    assert shown["game"]["target"] == 31
    assert status()["target"] == 31


def test_new_with_a_preset_plays_by_that_preset() -> None:
    """--preset tournament: köpstopp at 45 and a breaker bonus of 10."""
    new_game("--preset", "tournament")
    shown = json.loads(ok("rules", "show", "--json"))
    assert shown["buy_stop"]["threshold"] == 45
    assert shown["chicago"]["breaker_bonus"] == 10


def test_new_starts_from_the_saved_house_rules_when_none_are_given() -> None:
    """`rules init` without a path saves the table's rules; the next `new` uses them."""
    ok("rules", "init", "--preset", "tournament")
    new_game()
    assert json.loads(ok("rules", "show", "--json"))["buy_stop"]["threshold"] == 45


def test_new_with_file_creates_the_session_where_asked(tmp_path: Path) -> None:
    """`new --file PATH` writes the session there and later commands find it with --file."""
    path = tmp_path / "games" / "fredag.toml"
    new_game("--file", str(path))
    assert path.is_file()
    ok(*SEED_000_DEAL, "--file", str(path))
    assert scores("--file", str(path)) == {"Anna": 4, "Bo": 2, "Cilla": 5}


# -- recording a deal -------------------------------------------------------------------


def test_deal_records_seed_000_and_prints_the_standings() -> None:
    """Seed 000's deal in one command gives Anna 4, Bo 2, Cilla 5 and names the next dealer."""
    new_game("--dealer", "Cilla")
    out = ok(*SEED_000_DEAL)
    assert scores() == {"Anna": 4, "Bo": 2, "Cilla": 5}
    assert "deal 2" in out
    assert "Anna     4  (dealer)" in out
    data = status()
    assert (data["deal"], data["dealer"], data["forehand"]) == (2, "Anna", "Bo")


def test_deal_accepts_five_cards_and_counts_missing_buys_as_pass() -> None:
    """A hand given as cards scores its category; a left-out köp 2 is a pass."""
    new_game()
    ok(
        "deal",
        "--buy",
        "Bo:K♥ K♠ 9♦ 9♥ 3♣",
        "--last-trick",
        "Cilla",
        "--showdown",
        "Anna:QH QS 2D 2C 7S",
    )
    assert scores() == {"Anna": 2, "Bo": 2, "Cilla": 5}


def test_deal_with_exchanges_records_them_as_events() -> None:
    """--exchange PLAYER:N,N,N records how many cards each player bought in each köp."""
    new_game()
    ok("deal", "--exchange", "Anna:3,2,0", "--exchange", "Bo:1", "--last-trick", "Bo")
    exported = json.loads(ok("export"))
    kinds = [event["type"] for event in exported["deals"][0]["events"]]
    assert kinds.count("exchange") == 4
    assert scores() == {"Anna": 0, "Bo": 5, "Cilla": 0}


def test_deal_with_a_successful_chicago_scores_fifteen_and_nothing_after() -> None:
    """--chicago Anna without --broken-by: she took all five tricks, +15."""
    new_game()
    anna_to(23)
    ok("deal", "--buy", "Bo:pair", "--chicago", "Anna")
    assert scores() == {"Anna": 38, "Bo": 1, "Cilla": 0}


def test_deal_with_a_broken_chicago_costs_fifteen() -> None:
    """--chicago Anna --broken-by Bo: Anna −15, Bo nothing in the main rule."""
    new_game()
    anna_to(23)
    ok("deal", "--chicago", "Anna", "--broken-by", "Bo")
    assert scores() == {"Anna": 8, "Bo": 0, "Cilla": 0}


def test_deal_with_the_last_trick_won_with_a_two_uses_its_house_rule(tmp_path: Path) -> None:
    """--with-two scores scoring.last_trick_with_two (10 in the variant)."""
    rules = tmp_path / "hus.toml"
    rules.write_text("[scoring]\nlast_trick_with_two = 10\n", encoding="utf-8")
    new_game("--rules", str(rules))
    ok("deal", "--last-trick", "Cilla", "--with-two")
    assert scores()["Cilla"] == 10


def test_royal_ends_the_game_with_its_holder_the_winner_whatever_the_totals() -> None:
    """A royal straight flush wins the game at once, even against a higher total."""
    new_game()
    anna_to(23)
    ok("royal", "Bo")
    data = status()
    assert data["finished"] is True
    assert data["winners"] == ["Bo"]


def test_deal_with_royal_ends_the_game() -> None:
    """`deal --royal PLAYER` records the buys given and then the royal straight flush."""
    new_game()
    ok("deal", "--buy", "Anna:pair", "--royal", "Cilla")
    data = status()
    assert (data["finished"], data["winners"]) == (True, ["Cilla"])


def test_single_event_commands_record_a_deal_moment_by_moment() -> None:
    """buy, exchange, tricks and showdown record seed 000 one moment at a time."""
    new_game("--dealer", "Cilla")
    ok("buy", "Bo:två par")
    assert scores() == {"Anna": 0, "Bo": 2, "Cilla": 0}
    assert status()["next"] == "buy"
    for player, count in (("Anna", "2"), ("Bo", "1"), ("Cilla", "4")):
        ok("exchange", player, count)
    ok("buy", "Anna:K♥ K♠ 9♦ 9♥ 3♣")
    for player in PLAYERS:
        ok("exchange", player, "1")
    assert status()["next"] == "tricks"
    ok("tricks", "Cilla")
    assert status()["next"] == "showdown"
    out = ok("showdown", "Anna:två par")
    assert scores() == {"Anna": 4, "Bo": 2, "Cilla": 5}
    assert "deal 2" in out


def test_declare_then_tricks_by_the_declarer_is_a_successful_chicago() -> None:
    """declare Anna, then tricks Anna: all five tricks, +15; the next deal begins."""
    new_game()
    anna_to(23)
    ok("buy", "pass")
    ok("buy", "pass")
    assert status()["players"][0]["may_declare_chicago"] is True
    ok("declare", "Anna")
    assert status()["next"] == "chicago"
    ok("tricks", "Anna")
    data = status()
    assert (data["deal"], data["players"][0]["score"]) == (3, 38)


def test_declare_then_tricks_by_another_player_breaks_the_chicago() -> None:
    """declare Anna, then tricks Bo: Bo broke it, Anna −15."""
    new_game()
    anna_to(23)
    ok("buy", "pass")
    ok("buy", "Cilla:pair")
    ok("declare", "Anna")
    ok("tricks", "Bo")
    assert scores() == {"Anna": 8, "Bo": 0, "Cilla": 1}


def test_undo_takes_back_the_last_event_and_says_which() -> None:
    """undo drops the showdown of seed 000: Anna back to 2, the deal open again."""
    new_game("--dealer", "Cilla")
    ok(*SEED_000_DEAL)
    out = ok("undo")
    assert "Undone" in out
    assert "showdown" in out
    assert scores() == {"Anna": 2, "Bo": 2, "Cilla": 5}
    assert status()["next"] == "showdown"
    ok("showdown", "Anna:två par")
    assert scores() == {"Anna": 4, "Bo": 2, "Cilla": 5}


# -- status ---------------------------------------------------------------------------------


def test_status_json_has_every_key_of_the_contract() -> None:
    """status --json: session, deal, finished, winners, dealer and the players' marks."""
    new_game()
    data = status()
    assert {"session", "deal", "finished", "winners", "dealer", "players"} <= set(data)
    assert data["session"] == "fredag"
    for player in data["players"]:
        assert {"name", "score", "buy_stop", "may_declare_chicago"} <= set(player)


def test_status_table_shows_totals_marks_dealer_forehand_and_what_comes_next() -> None:
    """The Rich table: each player's total, köpstopp and may-declare marks, dealer, förhand, next."""
    new_game()
    anna_to(46)
    out = ok("status")
    rows = {
        line.split()[0]: line
        for line in out.splitlines()
        if line.split()[:1] in (["Anna"], ["Bo"], ["Cilla"])
    }
    assert " 46 " in rows["Anna"]
    assert "buy stop" in rows["Anna"]
    assert "may declare Chicago" in rows["Anna"]
    assert "may declare Chicago" not in rows["Bo"]
    assert "forehand" in rows["Anna"]
    assert "dealer" in rows["Cilla"]
    assert "Dealer Cilla, forehand Anna. Next: köp 1: best hand" in out
    data = status()
    assert [p["buy_stop"] for p in data["players"]] == [True, False, False]


def test_status_table_names_the_winners_once_the_game_is_over() -> None:
    """After the deal that reaches 52: the game is over and the winner is marked and named."""
    new_game()
    anna_to(46)
    ok("deal", "--buy", "Anna:kåk", "--last-trick", "Bo")
    out = ok("status")
    assert "the game is over" in out
    assert "WINNER" in out
    assert "Winner: Anna" in out
    data = status()
    assert (data["finished"], data["winners"]) == (True, ["Anna"])


# -- log, export, settle -------------------------------------------------------------------------


def test_log_reads_as_the_paper_protocol_a_row_per_deal() -> None:
    """log: one row per deal, each player's points that deal and the running total."""
    new_game("--dealer", "Cilla")
    ok(*SEED_000_DEAL)
    ok("deal", "--buy", "Bo:triss", "--last-trick", "Bo")
    out = ok("log")
    header = next(line for line in out.splitlines() if "Deal" in line)
    assert header.split() == ["Deal", "Dealer", "Anna", "Bo", "Cilla"]
    rows = [line.split() for line in out.splitlines() if line.strip()[:1].isdigit()]
    assert rows == [
        ["1", "Cilla", "+4", "4", "+2", "2", "+5", "5"],
        ["2", "Anna", "–", "4", "+8", "10", "–", "5"],
    ]


def test_log_before_any_deal_says_nothing_is_recorded() -> None:
    """log on a new session says so instead of drawing an empty table."""
    new_game()
    assert "Nothing is recorded yet" in ok("log")


def test_export_json_holds_players_rules_deals_events_and_running_totals() -> None:
    """export --format json: players, the house rules, every deal with its events, totals after each."""
    new_game("--dealer", "Cilla")
    ok(*SEED_000_DEAL)
    ok("deal", "--buy", "Bo:triss", "--last-trick", "Bo")
    data = json.loads(ok("export", "--format", "json"))
    assert data["players"] == list(PLAYERS)
    assert data["rules"]["game"]["target"] == 52
    assert [d["totals"] for d in data["deals"]] == [
        {"Anna": 4, "Bo": 2, "Cilla": 5},
        {"Anna": 4, "Bo": 10, "Cilla": 5},
    ]
    assert [e["type"] for e in data["deals"][0]["events"]] == [
        "buy",
        "buy",
        "last-trick",
        "showdown",
    ]


def test_export_csv_has_a_row_per_deal_with_points_and_totals() -> None:
    """export --format csv: deal, dealer, then points and total of each player, then the
    deal in the columns `import` reads, royal last."""
    new_game("--dealer", "Cilla")
    ok(*SEED_000_DEAL)
    rows = list(csv.reader(io.StringIO(ok("export", "--format", "csv"))))
    assert rows[0] == [
        "deal",
        "dealer",
        "Anna",
        "Anna total",
        "Bo",
        "Bo total",
        "Cilla",
        "Cilla total",
        "buy1",
        "buy2",
        "chicago",
        "broken_by",
        "last_trick",
        "with_two",
        "showdown",
        "royal",
    ]
    assert rows[1][:8] == ["1", "Cilla", "4", "4", "2", "2", "5", "5"]


def test_export_markdown_is_a_protocol_table() -> None:
    """export --format md: a Markdown table with a row per deal."""
    new_game("--dealer", "Cilla")
    ok(*SEED_000_DEAL)
    out = ok("export", "--format", "MD")
    assert "| Deal | Dealer | Anna | Bo | Cilla |" in out
    assert "| 1 | Cilla | +4 → 4 | +2 → 2 | +5 → 5 |" in out


def test_export_to_a_file_writes_it_and_prints_nothing_on_stdout(tmp_path: Path) -> None:
    """-o FILE writes the export there; stdout stays empty so scripts can pipe."""
    new_game()
    ok(*SEED_000_DEAL)
    target = tmp_path / "out" / "fredag.csv"
    target.parent.mkdir()  # a missing folder is an error (test_export_safety)
    result = invoke("export", "--format", "csv", "-o", str(target))
    assert result.exit_code == 0
    assert result.stdout == ""
    assert target.read_text(encoding="utf-8") == ok("export", "--format", "csv")


def test_settle_json_pays_the_difference_times_the_stake() -> None:
    """settle --json --stake 2: each loser pays 2 per point of difference to the winner."""
    new_game()
    anna_to(46)
    ok("deal", "--buy", "Anna:kåk", "--last-trick", "Bo")
    data = json.loads(ok("settle", "--json", "--stake", "2"))
    assert data["stake"] == 2
    assert data["payments"] == [
        {"from": "Bo", "to": "Anna", "amount": 94},
        {"from": "Cilla", "to": "Anna", "amount": 104},
    ]


def test_settle_table_lists_who_pays_whom() -> None:
    """settle draws a table of payments and names the winner."""
    new_game()
    anna_to(46)
    ok("deal", "--buy", "Anna:kåk", "--last-trick", "Bo")
    out = ok("settle", "--stake", "1,5")
    assert "stake 1.5 per point" in out
    assert any(line.split() == ["Bo", "Anna", "70.5"] for line in out.splitlines())
    assert "Winner: Anna" in out


def test_settle_before_the_end_says_it_is_provisional() -> None:
    """settle during the game shows how it would settle now, and says the game is not over."""
    new_game()
    ok(*SEED_000_DEAL)
    out = ok("settle")
    assert "The game is not over" in out
    assert "Leading now: Cilla" in out
    assert "Winner" not in out
    assert json.loads(ok("settle", "--json"))["finished"] is False


# -- compare --------------------------------------------------------------------------------------


def test_compare_names_the_winning_hand() -> None:
    """compare: two pair beats a pair; the text names hand 1."""
    out = ok("compare", "KH KS 9D 9H 3C", "AH AS 2C 3D 4S")
    assert "Hand 1 wins" in out


def test_compare_json_gives_the_winner_index_and_each_category() -> None:
    """compare --json: 0-based winner and category and points of each hand."""
    data = json.loads(ok("compare", "2H 3H 4H 5H 6H", "K♥ K♠ 9♦ 9♥ 3♣", "kåk", "--json"))
    assert data["winner"] == 0
    assert [(h["category"], h["points"]) for h in data["hands"]] == [
        ("straight-flush", 8),
        ("two-pair", 2),
        ("full-house", 6),
    ]


def test_compare_json_gives_null_for_an_exact_tie() -> None:
    """Two exactly equal hands in different suits: no winner in the main rule."""
    data = json.loads(ok("compare", "KH KS 9D 9H 3C", "KD KC 9S 9C 3H", "--json"))
    assert data["winner"] is None


def test_compare_uses_the_current_sessions_tie_rule(tmp_path: Path) -> None:
    """With hands.ties = "suit" in the session, hearts beat spades."""
    rules = tmp_path / "hus.toml"
    rules.write_text('[hands]\nties = "suit"\n', encoding="utf-8")
    new_game("--rules", str(rules))
    data = json.loads(ok("compare", "KS KD 9S 9D 3S", "KH KC 9H 9C 3H", "--json"))
    assert data["winner"] == 1


# -- rules ------------------------------------------------------------------------------------------


def test_rules_show_without_a_session_shows_the_main_rule() -> None:
    """rules show with no session at all: the main rule, as commented TOML."""
    out = ok("rules", "show")
    assert tomllib.loads(out)["game"]["target"] == 52
    assert "# " in out


def test_rules_init_writes_a_file_that_rules_check_accepts(tmp_path: Path) -> None:
    """rules init PATH --preset tournament, then rules check PATH: valid, and the differences listed."""
    target = tmp_path / "hus.toml"
    assert str(target) in ok("rules", "init", str(target), "--preset", "tournament")
    out = ok("rules", "check", str(target))
    assert "valid" in out
    assert "buy_stop.threshold = 45" in out


def test_rules_init_refuses_to_overwrite_without_force(tmp_path: Path) -> None:
    """An existing file is kept unless --force is given."""
    target = tmp_path / "hus.toml"
    target.write_text("# mine\n", encoding="utf-8")
    assert "--force" in refused("rules", "init", str(target))
    assert target.read_text(encoding="utf-8") == "# mine\n"
    ok("rules", "init", str(target), "--force")
    assert "[game]" in target.read_text(encoding="utf-8")


def test_rules_check_lists_every_problem_with_its_key(tmp_path: Path) -> None:
    """rules check on a wrong file: exit 1, a line per problem naming the file and the key."""
    target = tmp_path / "hus.toml"
    target.write_text(
        "[game]\ntarget = -1\nscored_buys = 3\nbuys = 2\n[hands]\npar = 1\n", encoding="utf-8"
    )
    result = invoke("rules", "check", str(target))
    assert result.exit_code == 1
    lines = result.stderr.splitlines()
    assert len(lines) >= 3
    assert all(line.startswith(f"chicago: {target}") for line in lines)
    joined = result.stderr
    assert "game.target" in joined
    assert "scored_buys" in joined
    assert "hands.par" in joined


# -- language ------------------------------------------------------------------------------------


def test_lang_sv_speaks_swedish_to_the_table() -> None:
    """--lang sv: the standings and a refusal are in Swedish."""
    new_game()
    assert "fredag — giv 1" in ok("--lang", "sv", "status")
    result = invoke("--lang", "sv", "deal", "--buy", "pass", "--buy", "pass", "--buy", "pass")
    assert result.exit_code == 1
    assert "vid det här bordet" in result.stderr
    assert "(husregel game.scored_buys)" in result.stderr
    assert "nästa" in ok("--lang", "sv", "buy", "Anna:par")


@pytest.mark.parametrize(
    "command",
    [
        ["new"], ["deal"], ["buy"], ["exchange"], ["declare"], ["tricks"], ["showdown"],
        ["royal"], ["undo"], ["status"], ["export"], ["settle"], ["compare"], ["log"],
        ["rules", "show"], ["rules", "init"], ["rules", "check"],
        ["sessions"], ["sessions", "use"], ["sessions", "show"], ["sessions", "remove"],
    ],
)  # fmt: skip
def test_every_command_of_the_contract_has_help(command: list[str]) -> None:
    """Each command answers --help with a usage line and a description."""
    out = ok(*command, "--help")
    assert f"Usage: chicago {' '.join(command)}" in " ".join(out.split())
    assert len(out.split()) > 8


def test_a_second_exchange_in_the_same_scored_kop_is_refused_as_already_recorded() -> None:
    """`exchange Anna 2` twice before köp 1's best hand names köp 1, not a köp not yet reached."""
    from typer.testing import CliRunner

    from chicago_protokoll.cli.app import app

    runner = CliRunner()
    assert runner.invoke(app, ["new", "fredag", "Anna", "Bo", "Cilla"]).exit_code == 0
    assert runner.invoke(app, ["exchange", "Anna", "2"]).exit_code == 0
    again = runner.invoke(app, ["--lang", "en", "exchange", "Anna", "2"])
    assert again.exit_code == 1
    assert "Anna's exchange in köp 1 is already recorded" in again.output


def test_exchanges_after_the_only_scored_kop_go_to_kop_2_then_kop_3(tmp_path: Path) -> None:
    """With one scored köp of three, a player's next exchanges fill köp 2, then köp 3."""
    from typer.testing import CliRunner

    from chicago_protokoll.cli.app import app

    rules = tmp_path / "one-scored.toml"
    rules.write_text("[game]\nscored_buys = 1\n", encoding="utf-8")
    runner = CliRunner()
    assert runner.invoke(app, ["new", "fredag", "Anna", "Bo", "--rules", str(rules)]).exit_code == 0
    assert runner.invoke(app, ["buy", "pass"]).exit_code == 0
    assert runner.invoke(app, ["exchange", "Anna", "1"]).exit_code == 0
    assert runner.invoke(app, ["exchange", "Anna", "3"]).exit_code == 0
    session = sessionfile.load_session(locations.session_path("fredag"))
    assert [(e.buy, e.count) for e in session.events if e.kind == "exchange"] == [(2, 1), (3, 3)]


def test_a_shared_win_is_headed_winners_in_the_plural(tmp_path: Path) -> None:
    """Equal highest totals at the target share the win: "Winners: Anna & Bo"."""
    rules = tmp_path / "five.toml"
    rules.write_text("[game]\ntarget = 5\n", encoding="utf-8")
    ok("new", "g", "Anna", "Bo", "Cilla", "--rules", str(rules))
    out = ok("deal", "--buy", "Anna:straight", "--last-trick", "Bo", "--showdown", "Anna:pair")
    assert "Winners: Anna & Bo" in out
    assert "Winners: Anna & Bo" in ok("status")
    assert "Vinnare: Anna & Bo" in ok("--lang", "sv", "status")


def test_deal_echoes_the_protocol_row_it_recorded() -> None:
    """A swapped player shows at once: the row of the deal with each player's points."""
    ok("new", "fredag", "Anna", "Bo", "Cilla")
    out = ok("deal", "--buy", "Anna:kåk", "--last-trick", "Bo", "--showdown", "Cilla:par")
    assert out.splitlines()[0] == "Protocol, deal 1: Anna +6 = 6 | Bo +5 = 5 | Cilla +1 = 1; köp 2: nobody"
    assert "Protokoll, giv 2: Anna – 6" in ok(
        "--lang", "sv", "deal", "--buy", "Bo:par", "--last-trick", "Bo", "--showdown", "pass"
    )


def test_a_moment_that_ends_a_deal_echoes_its_row_and_one_in_the_middle_does_not() -> None:
    ok("new", "fredag", "Anna", "Bo", "Cilla")
    assert "Protocol, deal" not in ok("buy", "Bo:par")
    ok("buy", "pass")
    assert "Protocol, deal" not in ok("tricks", "Anna")
    assert "Protocol, deal 1: Anna +5 = 5 | Bo +1 = 1 | Cilla – 0" in ok("showdown", "pass")
