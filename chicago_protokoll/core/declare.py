"""Who may declare Chicago: each check once, read by the engine, the standings and `why`."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..i18n.language import Msg
from .errors import Rule, RuleViolation
from .rules import HouseRules
from .standings import Moment


@dataclass(frozen=True, slots=True)
class Check:
    """One rule between a player and a declaration: met or not, said for `why`, and the
    refusal the engine raises when it is not met.

    ``pending`` marks the one rule that is not met yet but will be by the game's own
    course (the timing during the scored köp): it does not decide whether the player
    may declare, only when.
    """

    rule: Rule
    met: bool
    text: Msg
    refusal: RuleViolation | None = None
    pending: bool = False

    @property
    def key(self) -> str | None:
        """The house-rules key that decides this check (`why --json`), if one does."""
        if self.refusal is not None and self.refusal.key:
            return self.refusal.key
        return _CHECK_KEYS.get(self.rule)


# The key of a check that is met by a rule's "off" value and so carries no refusal.
_CHECK_KEYS = {
    Rule.CHICAGO_NEEDS_A_MINIMUM_SCORE: "chicago.min_score",
    Rule.CHICAGOS_PER_PLAYER: "chicago.max_per_player",
    Rule.TIMING: "game.scored_buys",
}


# Which unmet rule a refused declaration names first.
DECLARE_REFUSAL_ORDER = (
    Rule.END_OF_GAME,
    Rule.ONE_CHICAGO_PER_DEAL,
    Rule.CHICAGO_BEFORE_THE_TRICKS,
    Rule.TIMING,
    Rule.CHICAGO_NEEDS_A_MINIMUM_SCORE,
    Rule.CHICAGOS_PER_PLAYER,
)


def declare_checks(
    rules: HouseRules,
    *,
    name: str,
    score: int,
    declared: int,
    moment: Moment,
    chicago: str | None,
    deal: int,
    buy: int | None = None,
    winners: Sequence[str] = (),
) -> list[Check]:
    """Every rule between ``name`` and a Chicago declaration, in the order `why` tells them.

    ``buy`` is the scored köp being played (during the köp).  The engine refuses a
    declaration by the first unmet check (`Game._declare_refusal`), the standings'
    ``may_declare_chicago`` is "none unmet but the timing", and ``chicago why
    declare`` shows them all: one set of checks for all three.
    """
    if moment is Moment.OVER:
        return [Check(Rule.END_OF_GAME, False, Msg("the game is over"), game_over(winners))]
    limits = rules.chicago
    checks: list[Check] = []
    minimum = limits.min_score
    if minimum == 0:
        checks.append(
            Check(
                Rule.CHICAGO_NEEDS_A_MINIMUM_SCORE,
                True,
                Msg("Chicago may be declared at any score (chicago.min_score = 0)"),
            )
        )
    else:
        text = Msg.counted(
            "{name} has {n} point; declaring takes at least {minimum}, counted when declaring (chicago.min_score)",
            "{name} has {n} points; declaring takes at least {minimum}, counted when declaring (chicago.min_score)",
            score,
            name=name,
            minimum=minimum,
        )
        if score < minimum and moment is Moment.BUY:
            text = Msg(
                "{text}; {points_short} more would do, and köp {buy} still scores",
                text=text,
                points_short=minimum - score,
                buy=buy,
            )
        checks.append(
            Check(
                Rule.CHICAGO_NEEDS_A_MINIMUM_SCORE,
                score >= minimum,
                text,
                RuleViolation(
                    Msg.counted(
                        "{name} has {n} point and may not declare Chicago: it takes at least {min_score}",
                        "{name} has {n} points and may not declare Chicago: it takes at least {min_score}",
                        score,
                        name=name,
                        min_score=minimum,
                    ),
                    rule=Rule.CHICAGO_NEEDS_A_MINIMUM_SCORE,
                    key="chicago.min_score",
                ),
            )
        )
    most = limits.max_per_player
    if most == 0:
        checks.append(
            Check(
                Rule.CHICAGOS_PER_PLAYER,
                True,
                Msg("no limit on Chicagos per player (chicago.max_per_player = 0)"),
            )
        )
    else:
        checks.append(
            Check(
                Rule.CHICAGOS_PER_PLAYER,
                declared < most,
                Msg.counted(
                    "{name} has declared {times_declared} of at most {n} Chicago in a game (chicago.max_per_player)",
                    "{name} has declared {times_declared} of at most {n} Chicagos in a game (chicago.max_per_player)",
                    most,
                    name=name,
                    times_declared=declared,
                ),
                RuleViolation(
                    Msg.counted(
                        "{name} has already declared {n} Chicago, the most a player may in one game",
                        "{name} has already declared {n} Chicagos, the most a player may in one game",
                        declared,
                        name=name,
                    ),
                    rule=Rule.CHICAGOS_PER_PLAYER,
                    key="chicago.max_per_player",
                ),
            )
        )
    if chicago is None:
        checks.append(
            Check(
                Rule.ONE_CHICAGO_PER_DEAL,
                True,
                Msg("one Chicago per deal: nobody has declared in deal {deal}", deal=deal),
            )
        )
    else:
        checks.append(
            Check(
                Rule.ONE_CHICAGO_PER_DEAL,
                False,
                Msg(
                    "one Chicago per deal: {declarer} has already declared in deal {deal}",
                    declarer=chicago,
                    deal=deal,
                ),
                RuleViolation(
                    Msg(
                        "{declarer} has already declared Chicago in this deal; only one may",
                        declarer=chicago,
                    ),
                    rule=Rule.ONE_CHICAGO_PER_DEAL,
                ),
            )
        )
    if moment is Moment.SHOWDOWN:
        checks.append(
            Check(
                Rule.CHICAGO_BEFORE_THE_TRICKS,
                False,
                Msg(
                    "before the first lead: the tricks of deal {deal} are already played",
                    deal=deal,
                ),
                RuleViolation(
                    Msg(
                        "Chicago is declared before the first lead, and the tricks are already played",
                    ),
                    rule=Rule.CHICAGO_BEFORE_THE_TRICKS,
                ),
            )
        )
    elif moment is Moment.BUY:
        scored = rules.game.scored_buys
        checks.append(
            Check(
                Rule.TIMING,
                False,
                Msg(
                    "not yet: Chicago is declared after the last scored köp, before the first lead (game.scored_buys = {scored_buys}); köp {buy} comes first",
                    scored_buys=scored,
                    buy=buy,
                ),
                RuleViolation(
                    Msg(
                        "Chicago is declared after the last köp; record köp {buy} first (its best hand, or pass)",
                        buy=buy,
                    ),
                    rule=Rule.CHICAGO_BEFORE_THE_TRICKS,
                    key="game.scored_buys",
                ),
                pending=True,
            )
        )
    elif chicago is None:
        checks.append(
            Check(
                Rule.CHICAGO_BEFORE_THE_TRICKS,
                True,
                Msg("before the first lead: the tricks are not played yet"),
            )
        )
    return checks



def game_over(winners: Sequence[str]) -> RuleViolation:
    who = " & ".join(winners)
    return RuleViolation(
        Msg(
            "the game is over ({winners} won): nothing more can be recorded; `chicago again` starts the next game, `chicago edit` corrects a deal",
            winners=who,
        ),
        rule=Rule.END_OF_GAME,
    )
