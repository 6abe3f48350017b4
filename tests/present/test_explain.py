"""`chicago explain` and `chicago why`: the replay told with the rule and key behind each
point, and the table's questions answered from the same replay."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from chicago_protokoll.cli.app import app
from chicago_protokoll.core.cards import Category
from chicago_protokoll.core.events import Exchange
from chicago_protokoll.core.game import Game
from chicago_protokoll.core.rules import HouseRules
from chicago_protokoll.i18n.language import language, set_language
from chicago_protokoll.present.explain import explain_lines
from chicago_protokoll.present.why import (
    Question,
    answer,
    declare_conditions,
    parse_question,
    why_buy_stop,
    why_declare,
    why_last_trick,
)
from chicago_table import Table

LANGS = ("en", "sv")


pytestmark = pytest.mark.usefixtures("english")


def text(lines: list[str]) -> str:
    return "\n".join(lines)


# -- the seeds' worked examples ----------------------------------------------------


def seed_000() -> Table:
    """Seed 000: the whole deal (Anna 4, Bo 2, Cilla 5), then Anna brought to 20 and her
    Chicago broken by Bo (20 - 15 = 5)."""
    table = Table(("Anna", "Bo", "Cilla"), dealer="Cilla")
    table.buy(("Bo", Category.TWO_PAIR), cards="Q♥ Q♦ 9♣ 9♠ 6♦")
    table.buy(("Anna", Category.TWO_PAIR), cards="K♥ K♠ 9♦ 9♥ 3♣")
    table.last("Cilla")
    table.show(("Anna", Category.TWO_PAIR), cards="K♥ K♠ 9♦ 9♥ 8♠")
    table.play_deal(("Anna", 5), ("Anna", 6), last="Anna")  # 4 + 16 = 20
    table.play_chicago("Anna", breaker="Bo")
    return table


def seed_002(exercise: bool = False) -> Table:
    """Seed 002: A 8, B 0, C 12; the exercise (B's straight flush): A 8, B 16, C 0."""
    table = Table(("A", "B", "C"), dealer="C")
    table.buy(("A", Category.THREE_OF_A_KIND))
    table.buy(("B", Category.STRAIGHT_FLUSH) if exercise else ("C", Category.FULL_HOUSE))
    table.last("A")
    table.show(("B", Category.STRAIGHT_FLUSH) if exercise else ("C", Category.FULL_HOUSE))
    return table


SEEDS = {
    "000": (seed_000, ["After deal 1: Anna 4, Bo 2, Cilla 5", "Anna -15 → 5"]),
    "002": (seed_002, ["After deal 1: A 8, B 0, C 12"]),
    "002-exercise": (lambda: seed_002(exercise=True), ["After deal 1: A 8, B 16, C 0"]),
}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("seed", sorted(SEEDS))
def test_explain_names_every_rule_and_key_that_gave_a_point(seed: str, lang: str) -> None:
    """Every award of the seed games appears with its rule, in the language asked, and its key."""
    standings = SEEDS[seed][0]().standings()
    set_language(lang)
    told = text(explain_lines(standings, "seed"))
    awards = [a for d in standings.deals for e in d.entries for a in e.awards]
    award_lines = [ln for ln in told.splitlines() if " → " in ln]
    assert awards and len(award_lines) == len(awards)
    for award, line in zip(awards, award_lines, strict=True):
        assert line.strip().startswith(f"{award.player} {award.points:+d} → ")
        assert line.endswith(f"({award.words(language())}; {award.key})")


def test_explain_speaks_the_tables_swedish() -> None:
    """In Swedish the narration uses giv, givare, förhand, köp and sista sticket."""
    set_language("sv")
    told = text(explain_lines(seed_000().standings(), "fredag"))
    for word in ("Giv 1 — givare Cilla, förhand Anna", "köp 1: Bo: två par", "sista sticket"):
        assert word in told
    assert "Efter giv 1: Anna 4, Bo 2, Cilla 5" in told
    assert "bruten Chicago; chicago.failure" in told
    assert "Protokoll fredag" in told


@pytest.mark.parametrize("seed", sorted(SEEDS))
def test_explain_shows_the_seed_standings(seed: str) -> None:
    """The running totals of the narration are the seeds' own."""
    build, expected = SEEDS[seed]
    told = text(explain_lines(build().standings(), "seed"))
    for standing in expected:
        assert standing in told


def test_explain_gives_each_award_the_players_running_total() -> None:
    """``Bo +2 → 2``: the total right after each award, so the sum can be followed."""
    told = text(explain_lines(seed_000().standings(), "fredag"))
    assert "Bo +2 → 2 (best hand after köp 1; hands.two_pair)" in told
    assert "Anna +2 → 4 (best hand after the tricks; hands.two_pair)" in told
    assert "Cilla +5 → 5 (the last trick; scoring.last_trick)" in told


def test_explain_names_the_rule_when_nobody_scores() -> None:
    """An exact tie names hands.ties; a Chicago names min_score, and breaker_bonus when broken."""
    table = Table()
    table.bring("Anna", 20)
    table.buy(tie=True)
    table.buy(None)
    table.declare("Anna")
    table.chicago_broken("Bo")
    told = text(explain_lines(table.standings(), "x"))
    assert 'hands.ties = "none"' in told
    assert "Anna had 20 points; declaring takes at least 15 (chicago.min_score)" in told
    assert "chicago.breaker_bonus = 0" in told
    assert "no last trick, no showdown" in told


def test_explain_tells_the_zero_floor() -> None:
    """A failed Chicago from 4 is told as -4, with the -15 stopped at scoring.floor."""
    table = Table(rules=HouseRules().with_changes(chicago={"min_score": 0}))
    table.play_deal(("Anna", 4), None, last="Bo")
    table.play_chicago("Anna", breaker="Cilla")
    told = text(explain_lines(table.standings(), "x"))
    assert "Anna -4 → 0 (a broken Chicago; chicago.failure, -15 stopped at the zero floor" in told


def test_explain_one_deal_only() -> None:
    """``explain 2`` tells deal 2 and nothing of deal 1."""
    told = text(explain_lines(seed_000().standings(), "fredag", deal=2))
    assert "Deal 2 — dealer Anna, forehand Bo" in told
    assert "Deal 1" not in told
    assert "After deal 2: Anna 20, Bo 2, Cilla 5" in told


def test_explain_an_unknown_deal_is_refused() -> None:
    with pytest.raises(Exception, match="there is no deal 9: the protocol has deals 1 to 3"):
        explain_lines(seed_000().standings(), "fredag", deal=9)


def test_explain_a_deal_in_progress_and_what_comes_next() -> None:
    table = seed_000()
    table.buy(("Cilla", 1))
    told = text(explain_lines(table.standings(), "fredag"))
    assert "Deal 4 — dealer Cilla, forehand Anna (in progress)" in told
    assert "So far in deal 4: Anna 5, Bo 2, Cilla 6" in told
    assert "Next: deal 4, köp 2: best hand." in told


def test_explain_names_the_winner_and_the_target_rule() -> None:
    table = Table()
    table.bring("Anna", 52)
    told = text(explain_lines(table.standings(), "x"))
    assert "Winner: Anna with 52 points" in told
    assert "(game.target)" in told


def test_explain_player_lists_only_their_points_and_adds_up() -> None:
    """Every line of ``--player Anna`` is Anna's, and the running totals end at her score."""
    standings = seed_000().standings()
    lines = explain_lines(standings, "fredag", player="anna")
    award_lines = [ln for ln in lines if "→" in ln]
    assert award_lines
    assert all(re.search(r": Anna [+-]\d+ → \d+", ln) for ln in award_lines)
    last_total = int(re.findall(r"→ (\d+)", award_lines[-1])[0])
    assert last_total == standings.score("Anna") == 5
    assert lines[-1] == "Anna has 5 points."
    assert "deal 3, Chicago: Anna declares" in text(lines)
    assert "Bo +" not in text(lines)


def test_explain_player_in_one_deal() -> None:
    lines = explain_lines(seed_000().standings(), "fredag", player="Anna", deal=2)
    assert lines[-1] == "Anna in deal 2: +16, from 4 to 20."


# -- why declare ---------------------------------------------------------------------


def test_why_declare_names_min_score_max_per_player_and_one_per_deal() -> None:
    """Bo with 2 points may not declare: chicago.min_score, with the other rules met."""
    told = text(why_declare(seed_000().standings(), "Bo"))
    assert told.startswith("May Bo declare Chicago now (deal 4)?\nNo.")
    assert "✗ Bo has 2 points; declaring takes at least 15" in told
    assert "chicago.min_score" in told
    assert "✓ no limit on Chicagos per player (chicago.max_per_player = 0)" in told
    assert "✓ one Chicago per deal" in told
    assert "chicago.success" in told and "chicago.failure" in told


def test_why_declare_after_the_scored_buys_says_yes_now() -> None:
    table = Table()
    table.bring("Anna", 20)
    table.buy(None)
    table.buy(None)
    told = text(why_declare(table.standings(), "Anna"))
    assert "\nYes.\n" in told


def test_why_declare_during_the_buys_says_when() -> None:
    table = Table()
    table.bring("Anna", 20)
    told = text(why_declare(table.standings(), "Anna"))
    assert "Yes, once köp 1 is recorded." in told


@pytest.mark.parametrize("lang", LANGS)
def test_why_declare_before_the_scored_buys_marks_the_timing_not_yet(lang: str) -> None:
    """Before köp 1 the timing rule is not met yet: no ✓ on it, in either language, while the
    verdict stays the replay's "yes, once köp 1 is recorded"."""
    table = Table()
    table.bring("Bo", 20)
    set_language(lang)
    lines = why_declare(table.standings(), "Bo")
    timing = next(line for line in lines if "game.scored_buys = 2" in line)
    assert timing.lstrip().startswith("○ "), timing
    assert "✓" not in timing
    expected = {
        "en": "not yet: Chicago is declared after the last scored köp, before the first lead "
        "(game.scored_buys = 2); köp 1 comes first",
        "sv": "inte än: Chicago ropas efter sista köpet med poäng, före första utspelet "
        "(game.scored_buys = 2); först köp 1",
    }[lang]
    assert timing == f"  ○ {expected}"
    assert lines[1] == {"en": "Yes, once köp 1 is recorded.", "sv": "Ja, när köp 1 är förd."}[lang]
    timing_condition = next(
        c for c in declare_conditions(table.standings(), "Bo") if "scored_buys" in c.text
    )
    assert timing_condition.pending


def test_why_declare_after_the_scored_buys_has_no_pending_mark() -> None:
    table = Table()
    table.bring("Anna", 20)
    table.buy(None)
    table.buy(None)
    told = text(why_declare(table.standings(), "Anna"))
    assert "○" not in told
    assert "✓ before the first lead: the tricks are not played yet" in told


def test_why_declare_one_chicago_per_deal() -> None:
    table = Table()
    table.bring("Anna", 20)
    table.bring("Bo", 20)
    table.buy(None)
    table.buy(None)
    table.declare("Anna")
    told = text(why_declare(table.standings(), "Bo"))
    assert "\nNo.\n" in told
    assert "✗ one Chicago per deal: Anna has already declared in deal" in told


def test_why_declare_max_per_player() -> None:
    table = Table(rules=HouseRules().with_changes(chicago={"max_per_player": 1}))
    table.bring("Anna", 20)
    table.play_chicago("Anna")
    told = text(why_declare(table.standings(), "Anna"))
    assert "✗ Anna has declared 1 of at most 1 Chicago in a game (chicago.max_per_player)" in (
        told
    )


def test_why_declare_agrees_with_the_replay_at_every_moment() -> None:
    """At each prefix of a game the verdict is the replay's ``may_declare_chicago`` (both are
    read off the engine's declare checks)."""
    played = Table(rules=HouseRules().with_changes(chicago={"max_per_player": 2}))
    played.bring("Anna", 20)
    played.play_chicago("Anna")
    played.bring("Bo", 20)
    played.buy(("Cilla", 3))
    played.buy(None)
    played.declare("Bo")
    played.chicago_broken("Anna")
    played.play_deal(("Anna", 2), None, last="Cilla")
    played.buy(None)
    played.buy(None)
    played.declare("Anna")
    events = [entry.event for deal in played.standings().deals for entry in deal.entries]
    game = Game(played.game.session)  # the same seats and rules, no events yet
    for event in (None, *events):
        if event is not None:
            game.apply(event)
        standings = game.standings()
        for player in standings.players:
            met = all(c.met for c in declare_conditions(standings, player.name))
            assert met == player.may_declare_chicago, (event, player)


@pytest.mark.parametrize(
    "setup",
    ["under 15", "already declared", "tricks played", "max per player"],
)
def test_why_declare_names_the_rule_the_engine_refuses_the_declaration_by(setup: str) -> None:
    """Where `why declare` says No, declaring is refused by the rule of its first ✗ line."""
    from chicago_protokoll.core.errors import RuleViolation

    rules = HouseRules().with_changes(chicago={"max_per_player": 1})
    table = Table(rules=rules)
    table.bring("Anna", 20)
    table.bring("Bo", 20)
    if setup == "max per player":
        table.play_chicago("Anna")
    table.buy(None)
    table.buy(None)
    if setup == "already declared":
        table.declare("Bo")
    if setup == "tricks played":
        table.last("Cilla")
    name = "Cilla" if setup == "under 15" else "Anna"
    conditions = declare_conditions(table.standings(), name)
    unmet = [c.text for c in conditions if not c.met]
    assert unmet
    with pytest.raises(RuleViolation) as refusal:
        table.declare(name)
    key = re.search(r"\(([a-z_]+\.[a-z_]+)[^)]*\)", unmet[0])
    if key:  # the ✗ line names the house-rules key the refusal names
        assert refusal.value.key == key.group(1)
    assert rule_words(setup) in str(refusal.value)


def rule_words(setup: str) -> str:
    return {
        "under 15": "may not declare Chicago",
        "already declared": "already declared Chicago in this deal",
        "tricks played": "the tricks are already played",
        "max per player": "the most a player may in one game",
    }[setup]


# -- why köpstopp --------------------------------------------------------------------


def cilla_to_46() -> Table:
    table = Table()
    table.bring("Cilla", 46)
    return table


def test_why_buy_stop_before_it_applies() -> None:
    told = text(why_buy_stop(seed_000().standings(), "Cilla"))
    assert "buy_stop.threshold = 46" in told
    assert "Cilla has 5, 41 short of 46" in told


def test_why_buy_stop_starts_the_deal_after_46() -> None:
    """Cilla ends a deal with 46: köpstopp from the next deal, named by the key."""
    table = cilla_to_46()
    deals = len(table.standings().deals)
    told = text(why_buy_stop(table.standings(), "Cilla"))
    assert f"Cilla had 46 at the end of deal {deals}, so köpstopp began in deal {deals + 1}." in (
        told
    )
    assert f"Cilla is under köpstopp in deal {deals + 1} (had 46 when it began)" in told


def test_why_buy_stop_not_in_the_deal_where_46_is_reached() -> None:
    table = Table()
    table.bring("Cilla", 40)
    table.buy(("Cilla", 6))
    deal = table.deal
    told = text(why_buy_stop(table.standings(), "Cilla"))
    assert f"Cilla has 46 now, in deal {deal}" in told
    assert f"may still exchange in deal {deal}, and köpstopp begins in deal {deal + 1}" in told


def test_why_buy_stop_ends_when_the_total_falls() -> None:
    table = cilla_to_46()
    start = table.deal
    table.play_chicago("Cilla", breaker="Anna")  # 46 - 15 = 31
    told = text(why_buy_stop(table.standings(), "Cilla"))
    assert f"köpstopp began in deal {start}" in told
    assert f"Cilla had 31, under 46, at the end of deal {start}, so köpstopp ended" in told
    assert "Cilla has 31, 15 short of 46" in told


def test_why_buy_stop_without_buy_stop() -> None:
    table = Table(rules=HouseRules().with_changes(buy_stop={"threshold": False}))
    told = text(why_buy_stop(table.standings(), "Anna"))
    assert "without köpstopp (buy_stop.threshold = false)" in told


def test_why_buy_stop_in_swedish() -> None:
    table = cilla_to_46()
    table.apply(Exchange(table.deal, "Anna", 1, 2))
    set_language("sv")
    told = text(why_buy_stop(table.standings(), "Cilla"))
    assert "så köpstoppet började i giv" in told
    assert "Cilla har köpstopp i giv" in told


# -- why last trick ------------------------------------------------------------------


def test_why_no_last_trick_after_a_chicago_broken_by_the_player() -> None:
    """Anna took the trick that broke Bo's Chicago: no last trick after a Chicago, and no
    breaker bonus at this table."""
    table = Table()
    table.bring("Bo", 20)
    table.play_chicago("Bo", breaker="Anna")
    told = text(why_last_trick(table.standings(), "Anna"))
    assert "Bo declared Chicago and Anna broke it by taking a trick" in told
    assert "no last trick and no showdown after a Chicago" in told
    assert "Bo -15 (a broken Chicago; chicago.failure)" in told
    assert "(chicago.breaker_bonus = 0)" in told


def test_why_last_trick_taken_by_someone_else() -> None:
    told = text(why_last_trick(seed_000().standings(), "Anna", deal=1))
    assert "The protocol has Cilla taking the last trick, not Anna" in told
    assert "Cilla +5 (the last trick; scoring.last_trick)" in told


def test_why_last_trick_taken_by_the_player() -> None:
    told = text(why_last_trick(seed_000().standings(), "Anna", deal=2))
    assert "Anna took the last trick: Anna +5 (the last trick; scoring.last_trick)" in told


def test_why_last_trick_after_a_successful_chicago() -> None:
    table = Table()
    table.bring("Bo", 20)
    table.play_chicago("Bo")
    told = text(why_last_trick(table.standings(), "Anna"))
    assert "Bo declared Chicago and took all five tricks: Bo +15" in told
    assert "no last trick, no showdown" in told


def test_why_last_trick_in_swedish() -> None:
    set_language("sv")
    told = text(why_last_trick(seed_000().standings(), "Anna"))
    assert "Sista sticket i giv 3, och Anna:" in told
    assert "inget sista stick och ingen visning efter en Chicago" in told


def test_why_last_trick_before_any_tricks() -> None:
    table = Table()
    table.buy(("Anna", 1))
    assert why_last_trick(table.standings(), "Anna") == ["No deal has reached the tricks yet."]


@pytest.mark.parametrize(
    ("word", "question"),
    [
        ("declare", Question.DECLARE),
        ("Chicago", Question.DECLARE),
        ("köpstopp", Question.BUY_STOP),
        ("KOPSTOPP", Question.BUY_STOP),
        ("buy-stop", Question.BUY_STOP),
        ("last-trick", Question.LAST_TRICK),
        ("sista sticket", Question.LAST_TRICK),
        ("spelet", Question.LAST_TRICK),
        ("poäng", Question.POINTS),
        ("weather", None),
    ],
)
def test_questions_are_read_in_either_language(word: str, question: Question | None) -> None:
    assert parse_question(word) is question


def test_why_points_is_explain_player() -> None:
    standings = seed_000().standings()
    assert answer(standings, "f", Question.POINTS, "Anna") == explain_lines(
        standings, "f", player="Anna"
    )


# -- the commands --------------------------------------------------------------------


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, list(args), prog_name="chicago")
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def fredag() -> None:
    for command in (
        ["new", "fredag", "Anna", "Bo", "Cilla", "--dealer", "Cilla"],
        [
            "deal",
            "--buy",
            "Bo:två par",
            "--buy",
            "Anna:K♥ K♠ 9♦ 9♥ 3♣",
            "--last-trick",
            "Cilla",
            "--showdown",
            "Anna:två par",
        ],
        ["deal", "--buy", "Anna:färg", "--buy", "Anna:kåk", "--last-trick", "Anna"],
        ["deal", "--buy", "pass", "--buy", "pass", "--chicago", "Anna", "--broken-by", "Bo"],
    ):
        code, _, err = run(*command)
        assert code == 0, err


@pytest.mark.usefixtures("fredag")
@pytest.mark.parametrize("lang", LANGS)
def test_explain_command_in_both_languages(lang: str) -> None:
    code, out, _ = run("--lang", lang, "explain")
    assert code == 0
    for key in ("hands.two_pair", "scoring.last_trick", "hands.flush", "chicago.failure"):
        assert key in out
    assert ("After deal 1: " if lang == "en" else "Efter giv 1: ") + "Anna 4, Bo 2, Cilla 5" in out


@pytest.mark.usefixtures("fredag")
def test_explain_command_for_one_player_and_deal() -> None:
    code, out, _ = run("explain", "2", "--player", "Anna")
    assert code == 0
    assert out.splitlines()[-1] == "Anna in deal 2: +16, from 4 to 20."


@pytest.mark.usefixtures("fredag")
def test_explain_command_refuses_an_unknown_deal_or_player() -> None:
    code, out, err = run("explain", "9")
    assert (code, out) == (1, "")
    assert err == "chicago: there is no deal 9: the protocol has deals 1 to 3\n"
    code, _, err = run("explain", "--player", "Dag")
    assert code == 1
    assert "'Dag' is not at this table" in err


@pytest.mark.usefixtures("fredag")
def test_why_commands() -> None:
    code, out, _ = run("why", "declare", "Bo")
    assert code == 0 and "chicago.min_score" in out
    code, out, _ = run("--lang", "sv", "why", "köpstopp", "Cilla")
    assert code == 0 and "buy_stop.threshold = 46" in out
    code, out, _ = run("--lang", "en", "why", "last-trick", "Anna", "--deal", "3")
    assert code == 0 and "no last trick and no showdown after a Chicago" in out
    code, out, _ = run("--lang", "en", "why", "points", "Anna")
    assert code == 0 and "Anna has 5 points." in out


@pytest.mark.usefixtures("fredag")
def test_why_an_unknown_question_is_a_usage_error() -> None:
    code, _, err = run("why", "weather", "Anna")
    assert code == 2
    assert "declare" in err and "köpstopp" in err


def test_explain_commands_have_help() -> None:
    for command in ("explain", "why", "chart"):
        code, out, _ = run(command, "--help")
        assert code == 0 and "Usage: chicago " + command in out


@pytest.mark.usefixtures("fredag")
@pytest.mark.parametrize(
    "command",
    [
        ["explain"],
        ["explain", "--player", "Anna"],
        ["why", "declare", "Bo"],
        ["chart"],
        ["export", "--format", "html"],
    ],
)
def test_explain_why_chart_and_html_do_not_import_rich(command: list[str]) -> None:
    """Nothing of these is a Rich table, so Rich stays unloaded and the command fast."""
    import subprocess
    import sys

    probe = (
        "import sys\n"
        "from chicago_protokoll.cli.app import app\n"
        "try:\n"
        f"    app({command!r}, prog_name='chicago')\n"
        "except SystemExit as done:\n"
        "    assert not done.code, done.code\n"
        "print('RICH' if any(m.split('.')[0] == 'rich' for m in sys.modules) else 'NO RICH')\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, timeout=60, check=True
    )
    assert result.stdout.rstrip().endswith("NO RICH"), result.stderr
