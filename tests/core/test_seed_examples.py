"""The worked examples of the seeds, replayed: first with hand names as they are
announced at the table, then with the actual five cards the seeds give.

Seed 000 "Exempel: en hel giv" (Anna, Bo, Cilla; Cilla deals, Anna is förhand)
and seed 002 "En hel giv med tre spelare" with its "Övning" (A, B, C; C deals).
"""

from __future__ import annotations

import pytest

from chicago_protokoll.core.cards import Category, evaluate, parse_card
from chicago_protokoll.core.claims import Claim, parse_claim
from chicago_protokoll.core.compare import best_of
from chicago_protokoll.core.events import BuyWinner, ChicagoDeclared, Showdown
from chicago_table import Table

SEED_000 = ("Anna", "Bo", "Cilla")
SEED_002 = ("A", "B", "C")


def record_claim(table: Table, text: str, *, showdown: bool = False) -> None:
    """Record ``PLAYER:HAND`` (a hand name or five cards) as the moment's best hand."""
    claim = parse_claim(text, table.game.players)
    record(table, claim, showdown=showdown)


def record(table: Table, claim: Claim, *, showdown: bool = False) -> None:
    if showdown:
        table.apply(Showdown(claim.player, claim.hand, cards=claim.cards, deal=table.deal))
    else:
        table.apply(
            BuyWinner(
                claim.player,
                claim.hand,
                cards=claim.cards,
                buy=table.game.hands_scored + 1, deal=table.deal,
            )
        )


def best_claim(table: Table, shown: dict[str, str]) -> Claim:
    """Compare the hands announced (not the passes) and make the claim of the best one."""
    names = list(shown)
    winner = best_of(list(shown.values()), table.game.rules)
    if winner is None:
        return Claim(None, tie=True)
    name = names[winner]
    if evaluate(shown[name]).category is Category.HIGH_CARD:
        return Claim(None)
    return parse_claim(f"{name}:{shown[name]}", table.game.players)


# -- seed 000: "Exempel: en hel giv" -----------------------------------------------

# The seed names every card except Cilla's after her four-card exchange in köp 2;
# she keeps A♠ and holds no pair, and draws 2♦ in köp 3, as the seed says.
CILLA_FINAL = "A♠ J♣ 8♦ 7♦ 2♦"

DEAL_000_CARDS = {
    "köp 1": {"Anna": "K♥ K♠ 9♦ 5♣ 2♠", "Bo": "Q♥ Q♦ 9♣ 9♠ 4♥"},  # Cilla: pass
    "köp 2": {"Anna": "K♥ K♠ 9♦ 9♥ 3♣", "Bo": "Q♥ Q♦ 9♣ 9♠ 6♦"},  # Cilla: pass
    "showdown": {"Anna": "K♥ K♠ 9♦ 9♥ 8♠", "Bo": "Q♥ Q♦ 9♣ 9♠ 5♥", "Cilla": CILLA_FINAL},
}


def seed_000_table() -> Table:
    table = Table(SEED_000, dealer="Cilla")
    assert (table.game.dealer, table.game.forehand) == ("Cilla", "Anna")
    return table


def test_seed_000_one_deal_by_hand_names() -> None:
    """Bo 2 in köp 1, Anna 2 in köp 2, Cilla 5 for the last trick, Anna 2 at the showdown:
    Anna 4, Bo 2, Cilla 5."""
    table = seed_000_table()
    record_claim(table, "Bo:två par")
    assert table.scores == {"Anna": 0, "Bo": 2, "Cilla": 0}
    record_claim(table, "Anna:två par")
    assert table.scores == {"Anna": 2, "Bo": 2, "Cilla": 0}
    table.last("Cilla")
    record_claim(table, "Anna:two pair", showdown=True)
    assert table.scores == {"Anna": 4, "Bo": 2, "Cilla": 5}
    assert table.standings().deals[0].complete
    assert table.game.dealer == "Anna"


def test_seed_000_one_deal_by_the_cards_given() -> None:
    """The seed's cards give the same winners and Anna 4, Bo 2, Cilla 5."""
    table = seed_000_table()
    after = []
    winners = []
    for moment in ("köp 1", "köp 2"):
        claim = best_claim(table, DEAL_000_CARDS[moment])
        winners.append(claim.player)
        record(table, claim)
        after.append(table.scores)
        if moment == "köp 1":
            for player, count in (("Anna", 2), ("Bo", 1), ("Cilla", 4)):
                table.exchange(player, count, buy=2)
    for player in SEED_000:
        table.exchange(player, 1, buy=3)
    table.last("Cilla")
    claim = best_claim(table, DEAL_000_CARDS["showdown"])
    winners.append(claim.player)
    record(table, claim, showdown=True)
    assert winners == ["Bo", "Anna", "Anna"]
    assert after == [{"Anna": 0, "Bo": 2, "Cilla": 0}, {"Anna": 2, "Bo": 2, "Cilla": 0}]
    assert table.scores == {"Anna": 4, "Bo": 2, "Cilla": 5}
    awards = [e.awards[0].key for e in table.standings().deals[0].entries if e.awards]
    assert awards == [
        "hands.two_pair",
        "hands.two_pair",
        "scoring.last_trick",
        "hands.two_pair",
    ]


@pytest.mark.parametrize(("breaker", "anna"), [("Bo", 5), (None, 35)])
def test_seed_000_chicago_from_twenty(breaker: str | None, anna: int) -> None:
    """Anna at 20 declares Chicago: Bo taking trick 4 leaves her 5; all five tricks, 35."""
    table = seed_000_table()
    record_claim(table, "Bo:två par")
    record_claim(table, "Anna:två par")
    table.last("Cilla")
    record_claim(table, "Anna:två par", showdown=True)
    table.bring("Anna", 20)
    others = (table.score("Bo"), table.score("Cilla"))
    table.play_chicago("Anna", breaker=breaker)
    assert table.score("Anna") == anna
    assert (table.score("Bo"), table.score("Cilla")) == others
    entries = table.standings().deals[-1].entries
    assert isinstance(entries[-2].event, ChicagoDeclared)
    assert [a.points for a in entries[-1].awards] == [anna - 20]


# -- seed 002: "En hel giv med tre spelare" ------------------------------------------

DEAL_002_CARDS = {
    "köp 1": {"A": "K♠ K♦ K♣ 9♠ 4♦", "C": "6♠ 6♥ A♣ 6♦ 10♣"},  # B: 7♥ 9♥ 10♥ 8♥ 2♠, pass
    "köp 2": {"A": "K♠ K♦ K♣ 2♣ 9♦", "B": "7♥ 9♥ 10♥ 8♥ 6♣", "C": "6♠ 6♥ 6♦ J♣ J♠"},
    "showdown": {"A": "K♠ K♦ K♣ A♦ Q♣", "B": "7♥ 9♥ 10♥ 8♥ 6♣", "C": "6♠ 6♥ 6♦ J♣ J♠"},
}

# The seed's table of tricks: what each player led or played, in seat order A, B, C.
TRICKS_002 = [
    ("A♦", "7♥", "6♦"),
    ("K♠", "8♥", "6♠"),
    ("K♣", "6♣", "J♣"),
    ("Q♣", "9♥", "6♥"),
    ("K♦", "10♥", "J♠"),
]


def trick_winners(tricks: list[tuple[str, ...]], players: tuple[str, ...]) -> list[str]:
    """Who takes each trick: the highest card of the suit led (no trumps); the winner leads."""
    leader = 0
    winners = []
    for trick in tricks:
        cards = [parse_card(text) for text in trick]
        order = [(leader + i) % len(players) for i in range(len(players))]
        led = cards[order[0]].suit
        leader = max((i for i in order if cards[i].suit is led), key=lambda i: cards[i].rank)
        winners.append(players[leader])
    return winners


def seed_002_table() -> Table:
    table = Table(SEED_002, dealer="C")
    assert (table.game.dealer, table.game.forehand) == ("C", "A")
    return table


def test_seed_002_one_deal_by_hand_names() -> None:
    """A triss 3, C kåk 6, A the last trick 5, C kåk 6 at the showdown: A 8, B 0, C 12."""
    table = seed_002_table()
    record_claim(table, "A:triss")
    record_claim(table, "C:kåk")
    assert not any(p.may_declare_chicago for p in table.standings().players)
    table.refuse(ChicagoDeclared(1, "A"), key="chicago.min_score")
    table.last("A")
    record_claim(table, "C:kåk", showdown=True)
    assert table.scores == {"A": 8, "B": 0, "C": 12}


def test_seed_002_one_deal_by_the_cards_given() -> None:
    """The seed's cards and tricks give A 8, B 0, C 12, moment by moment as its table."""
    table = seed_002_table()
    rows = []
    for moment in ("köp 1", "köp 2"):
        before = table.scores
        record(table, best_claim(table, DEAL_002_CARDS[moment]))
        rows.append({n: table.scores[n] - before[n] for n in SEED_002})
    for player, count in (("A", 2), ("B", 0), ("C", 0)):
        table.exchange(player, count, buy=3)
    final = DEAL_002_CARDS["showdown"]
    for seat, player in enumerate(SEED_002):
        played = " ".join(trick[seat] for trick in TRICKS_002)
        assert {parse_card(c) for c in played.split()} == {
            parse_card(c) for c in final[player].split()
        }
    taken = trick_winners(TRICKS_002, SEED_002)
    assert taken == ["A"] * 5
    before = table.scores
    table.last(taken[-1])
    rows.append({n: table.scores[n] - before[n] for n in SEED_002})
    before = table.scores
    record(table, best_claim(table, final), showdown=True)
    rows.append({n: table.scores[n] - before[n] for n in SEED_002})
    assert rows == [
        {"A": 3, "B": 0, "C": 0},
        {"A": 0, "B": 0, "C": 6},
        {"A": 5, "B": 0, "C": 0},
        {"A": 0, "B": 0, "C": 6},
    ]
    assert table.scores == {"A": 8, "B": 0, "C": 12}


def test_seed_002_exercise_by_hand_names() -> None:
    """With J♥ for B in köp 2, B's straight flush scores 8 twice: A 8, B 16, C 0."""
    table = seed_002_table()
    record_claim(table, "A:triss")
    record_claim(table, "B:färgstege")
    table.last("A")
    record_claim(table, "B:straight-flush", showdown=True)
    assert table.scores == {"A": 8, "B": 16, "C": 0}


def test_seed_002_exercise_by_the_cards_given() -> None:
    """B's 7♥ 8♥ 9♥ 10♥ J♥ beats C's full house in köp 2 and at the showdown: A 8, B 16, C 0."""
    table = seed_002_table()
    record(table, best_claim(table, DEAL_002_CARDS["köp 1"]))
    exercise = {**DEAL_002_CARDS["köp 2"], "B": "7♥ 9♥ 10♥ 8♥ J♥"}
    claim = best_claim(table, exercise)
    assert (claim.player, claim.hand) == ("B", Category.STRAIGHT_FLUSH)
    record(table, claim)
    tricks = [tuple("J♥" if card == "6♣" else card for card in trick) for trick in TRICKS_002]
    taken = trick_winners(tricks, SEED_002)
    assert taken[-1] == "A"
    table.last(taken[-1])
    showdown = {**DEAL_002_CARDS["showdown"], "B": "7♥ 9♥ 10♥ 8♥ J♥"}
    record(table, best_claim(table, showdown), showdown=True)
    assert table.scores == {"A": 8, "B": 16, "C": 0}
