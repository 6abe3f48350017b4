"""The phone's hand choices with a switch set (a four of a kind's nolla) come from the
claim's own table (`claims.SWITCH_CHOICES`): offered where the house rules make the
switch a choice, never elsewhere, recorded as the command line records the typed
modifier, and shown chosen when a deal that has it is corrected."""

from __future__ import annotations

from pathlib import Path

from serve_support import PLAYERS, Served, page_fields

from chicago_protokoll.core.events import BuyWinner
from chicago_protokoll.store import sessionfile
from cli_support import ok, session_file

ZERO = 'value="four-of-a-kind:zero"'


def _recorded_page(server: Served, query: str = "") -> tuple[str, str]:
    path = server.recording()[1]
    code, body = server.get(path + query)
    assert code == 200, body
    return path, body


def test_the_phone_offers_and_records_a_nolla_where_the_house_rules_make_it_a_choice(
    chicago_home: Path,
) -> None:
    anna = PLAYERS[0]
    ok("new", "nolla", *PLAYERS, "--preset", "straight-flush-11")  # hands.four_of_a_kind_zeroes = "choice"
    ok("deal", "--buy", f"{anna}:fyrtal:nolla", "--last-trick", anna, "--showdown", "pass")
    server = Served("--record")
    try:
        path, body = _recorded_page(server, "?edit=1")
        assert f"{ZERO} selected" in body  # the correction shows the typed nolla chosen
        path, body = _recorded_page(server, "?who=" + anna)
        assert ZERO in body and "zero the others" in body
        code, body = server.post(
            path, {**page_fields(body), "do": "buy", "who": anna, "hand": "four-of-a-kind:zero"}
        )
        assert code == 200, body
    finally:
        server.stop()
    kops = [e for e in sessionfile.load_session(session_file("nolla")).events if isinstance(e, BuyWinner)]
    said = [(kop.deal, kop.player, kop.zero) for kop in kops if kop.player is not None]
    assert said == [(1, anna, True), (2, anna, True)]  # the tap as the typed `Anna:fyrtal:nolla`


def test_the_phone_offers_no_nolla_where_the_house_rules_have_no_choice(table: Path) -> None:
    server = Served("--record")
    try:
        _, body = _recorded_page(server, "?who=" + PLAYERS[0])
        assert 'value="four-of-a-kind"' in body
        assert ZERO not in body
    finally:
        server.stop()
