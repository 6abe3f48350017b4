"""Table Swedish (issue 13): the dealer is *givare*, amounts take a decimal comma, the CSV
headers, the presets and the comments of the house rules are Swedish under ``--lang sv``."""

from __future__ import annotations

from pathlib import Path

from cli_support import ok

PLAYERS = ("Anna", "Bo", "Cilla", "Dag")


def swedish(*args: str) -> str:
    return ok("--lang", "sv", *args)


def a_deal_played() -> None:
    ok("new", "fredag", *PLAYERS, "--dealer", "Dag")
    ok("deal", "--buy", "Anna:pair", "--buy", "Bo:pair", "--last-trick", "Anna")


def test_the_dealer_is_givare_in_the_status() -> None:
    ok("new", "fredag", *PLAYERS, "--dealer", "Dag")
    out = swedish("status")
    assert "Givare Dag, förhand Anna" in out
    dag = next(line for line in out.splitlines() if "Dag" in line and "52" in line)
    assert "givare" in dag
    assert "Giv Dag" not in out


def test_settlement_amounts_take_a_decimal_comma_in_swedish() -> None:
    a_deal_played()
    out = swedish("settle", "--stake", "0.5")
    assert "insats 0,5 per poäng" in out
    assert "2,5" in out and "2.5" not in out
    assert "2.5" in ok("settle", "--stake", "0.5")


def test_csv_headers_follow_the_language() -> None:
    a_deal_played()
    # (in Swedish the default dialect is excel, with semicolons: see test_cli_spreadsheet)
    assert swedish("export", "--format", "csv", "--csv-dialect", "plain").splitlines()[0].startswith(
        "giv,givare,Anna,Anna summa,Bo,Bo summa"
    )
    assert ok("export", "--format", "csv").splitlines()[0].startswith("deal,dealer,Anna,Anna total")


def test_the_presets_are_described_in_swedish() -> None:
    lines = swedish("rules", "presets").splitlines()
    assert lines[0].split(None, 1) == ["standard", "huvudregeln: 52 poäng, köpstopp vid 46, Chicago ±15"]
    assert all(" at " not in line and " the " not in line for line in lines)


def test_rules_show_comments_every_key_in_swedish(tmp_path: Path) -> None:
    out = swedish("rules", "show")
    assert "# Husregler för Chicago" in out
    comments = [line.partition("#")[2] for line in out.splitlines() if "=" in line]
    assert comments and all(comment.strip() for comment in comments)
    assert "poäng för sista sticket" in out
    for english in ("points for", "the game", "players at"):
        assert english not in out
    # What rules init writes in Swedish still reads back as the same rules.
    target = tmp_path / "husregler.toml"
    swedish("rules", "init", str(target))
    assert "giltiga" in swedish("rules", "check", str(target))


def test_the_html_sheet_says_givens_poang() -> None:
    a_deal_played()
    assert "Varje ruta: givens poäng" in swedish("export", "--format", "html")
