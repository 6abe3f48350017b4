"""Who may declare Chicago: `DECLARE_REFUSAL_ORDER` only says which unmet rule a refusal
names first.  A check it leaves out still refuses (before, such a check was silently not
enforced, and only a behaviour test noticed)."""

from __future__ import annotations

import pytest

from chicago_protokoll.core import game as game_module
from chicago_protokoll.core.declare import DECLARE_REFUSAL_ORDER
from chicago_protokoll.core.errors import Rule, RuleViolation
from chicago_protokoll.core.events import BuyWinner, ChicagoDeclared
from chicago_protokoll.core.game import Game
from chicago_protokoll.core.session import new_session


def _after_the_kop() -> Game:
    """Deal 1 after its two scored köp, everyone at 0: below chicago.min_score (15)."""
    game = Game(new_session(["Anna", "Bo", "Cilla"]))
    game.apply(BuyWinner(None, buy=1, deal=1))
    game.apply(BuyWinner(None, buy=2, deal=1))
    return game


@pytest.mark.parametrize("left_out", DECLARE_REFUSAL_ORDER, ids=str)
def test_a_declare_check_left_out_of_the_order_still_refuses(
    left_out: Rule, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With any rule missing from the order, a declaration under the minimum score (the
    one unmet rule here) is refused all the same."""
    order = tuple(rule for rule in DECLARE_REFUSAL_ORDER if rule is not left_out)
    monkeypatch.setattr(game_module, "DECLARE_REFUSAL_ORDER", order)
    game = _after_the_kop()
    assert not game.may_declare("Anna")
    with pytest.raises(RuleViolation) as refused:
        game.apply(ChicagoDeclared(1, "Anna"))
    assert refused.value.rule is Rule.CHICAGO_NEEDS_A_MINIMUM_SCORE


def test_an_empty_order_still_enforces_every_check(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(game_module, "DECLARE_REFUSAL_ORDER", ())
    game = _after_the_kop()
    with pytest.raises(RuleViolation) as refused:
        game.apply(ChicagoDeclared(1, "Anna"))
    assert refused.value.rule is Rule.CHICAGO_NEEDS_A_MINIMUM_SCORE


def test_every_rule_the_declare_checks_name_is_in_the_order() -> None:
    """So the order is the whole of them and which is named first is never left to chance."""
    game = _after_the_kop()
    assert {check.rule for check in game.declare_checks("Anna")} <= set(DECLARE_REFUSAL_ORDER)
