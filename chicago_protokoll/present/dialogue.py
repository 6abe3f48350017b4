"""The dialogue of ``chicago play``: a guided protocol for the person with the cards in one hand.

The dialogue asks for each scoring moment of a deal in order (köp 1, köp 2,
Chicago?, the last trick or the Chicago's outcome, the showdown) and saves
every answer the moment it is confirmed.  There is no state of its own: each
question is worked out from the replayed session file, so a killed terminal
loses nothing and the next ``chicago play`` asks the next question.

`Dialogue` talks through two callables, ``ask(prompt) -> str`` and
``say(text)``, so the question logic is tested with scripted input; the CLI
passes `input` and `print` (`cli.play_loop`).  Every answer goes through
`recording.record` and `Game.apply`, the same validation as the single-event
commands: a refusal is shown as the reason and the same question is asked again.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from ..core import claims, entry
from ..core.errors import ChicagoError, EntryError, RuleViolation
from ..core.events import ChicagoWon, Event
from ..core.game import Game
from ..core.session import Session
from ..core.standings import DealRecord, Moment
from ..i18n.language import Msg, language, number, t, tn
from ..store import recording, sessionfile
from .narrate import describe_event
from .talk import ALL_FIVE, CHICAGO_NO, CHICAGO_YES, Ask, Say
from .views import nobody_took, plain_standings
from .width import visible

_HELP = {"?", "help", "hjälp", "h"}
_QUIT = {"q", "quit", "sluta", "exit"}
_UNDO = {"u", "undo", "ångra"}
_STATUS = {"status", "ställning", "stallning"}
_ROYAL = {"royal"}
_EXCHANGE = {"x", "byt", "byte", "exchange"}
# The revisor's entries (cli.md, "The revisor's entries"), said at any question.
_PENALTY = {"straff", "penalty"}
_FORFEIT = {"ger upp", "förlorar", "forlorar", "forfeit", "forfeits"}
_NOTE = {"anteckning", "note"}

#: For TAB (`present.play_completion`): the commands, and those a player's name follows.
COMMAND_WORDS = _HELP | _QUIT | _UNDO | _STATUS | _ROYAL | _EXCHANGE | _PENALTY | _FORFEIT | _NOTE
PLAYER_COMMAND_WORDS = _ROYAL | _EXCHANGE | _PENALTY | _FORFEIT


@dataclass(frozen=True)
class Question:
    """One question of the dialogue; ``kind`` is buy, chicago, tricks, outcome or showdown."""

    kind: str
    deal: int
    moment: Moment
    hands_scored: int
    buy: int | None = None

    def matches(self, game: Game) -> bool:
        """True while the replayed game is still where this question was asked."""
        return (game.deal, game.moment, game.hands_scored) == (
            self.deal,
            self.moment,
            self.hands_scored,
        )


def next_question(game: Game, declined: set[int]) -> Question | None:
    """The next question for the deal being played; None when the game is over.

    ``declined`` holds the deals in which "nobody declares Chicago" was answered
    (an answer that records no event)."""
    moment = game.moment
    if moment is Moment.OVER:
        return None
    if moment is Moment.BUY:
        kind = "buy"
    elif moment is Moment.TRICKS:
        kind = "chicago" if game.deal not in declined and declarers(game) else "tricks"
    elif moment is Moment.CHICAGO:
        kind = "outcome"
    else:
        kind = "showdown"
    buy = game.hands_scored + 1 if kind == "buy" else None
    return Question(kind, game.deal, moment, game.hands_scored, buy)


def declarers(game: Game) -> list[str]:
    """The players who may declare Chicago now."""
    return [name for name in game.players if game.may_declare(name)]


def prompt_text(question: Question, game: Game) -> str:
    """The question as the person at the table reads it, ending in ': '."""
    deal = t("Deal {deal}", deal=question.deal)
    if question.kind == "buy":
        return t(
            "{deal}, köp {buy}: best hand? (PLAYER HAND, Enter = pass, ? = help): ",
            deal=deal,
            buy=question.buy,
        )
    if question.kind == "chicago":
        who = ", ".join(declarers(game))
        return t(
            "{deal}, Chicago? ({who} may declare) Who declares? (Enter = nobody): ",
            deal=deal,
            who=who,
        )
    if question.kind == "tricks":
        two = ""
        scoring = game.rules.scoring
        if scoring.last_trick_with_two != scoring.last_trick:
            two = t(
                ", PLAYER 2 = with a two: {last_trick_with_two}",
                last_trick_with_two=scoring.last_trick_with_two,
            )
        if game.hands_before_the_lead():  # besides the royal, said with `royal PLAYER`
            two += t(", PLAYER HAND = shown before the first lead")
        return t(
            "{deal}, last trick (sista sticket): who took it? (PLAYER{with_two_option}): ",
            deal=deal,
            with_two_option=two,
        )
    if question.kind == "outcome":
        return t(
            "{deal}, {declarer}'s Chicago: 'all five' tricks, or who broke it? ",
            deal=deal,
            declarer=game.chicago,
        )
    return t(
        "{deal}, showdown: best hand after the tricks? (PLAYER HAND, Enter = pass): ",
        deal=deal,
    )


def help_text(question: Question, game: Game) -> str:
    """What ``?`` shows: the answers this question takes and the commands any question takes."""
    names = ", ".join(game.players)
    if question.kind in ("buy", "showdown"):
        specific = t(
            "  PLAYER HAND      who had the best hand, e.g. 'Bo två par', 'bo two-pair',\n                   'Anna KH KS 9D 9H 3C' (a hand in Swedish or English, or five cards)\n  Enter or pass    nobody had even a pair\n  tie [HAND]       exactly equal best hands: nobody scores\n  PLAYER fyrtal zero   four of a kind zeroing the others (where the rules allow it)",
        )
        if game.rules.scoring.take_from_opponent:
            specific += "\n" + t(
                "  PLAYER HAND från OPPONENT   the points taken off OPPONENT instead, e.g. 'Anna kåk från Bo' (scoring.take_from_opponent)",
            )
    elif question.kind == "chicago":
        specific = t(
            "  PLAYER           declares Chicago (all five tricks), before the first lead\n  Enter            nobody declares; next comes the last trick",
        )
    elif question.kind == "tricks":
        specific = t(
            "  PLAYER           took the last trick\n  PLAYER 2         took it with a two (scoring.last_trick_with_two)",
        )
        if game.hands_before_the_lead():
            specific += "\n" + t(
                "  PLAYER HAND      a four of a kind that zeroes the others (PLAYER fyrtal nolla), or a hand that wins the game, shown before the first lead: the deal ends there, with no last trick",
            )
        if game.rules.scoring.take_from_opponent:
            specific += "\n" + t(
                "  PLAYER från OPPONENT   the points taken off OPPONENT instead (scoring.take_from_opponent)",
            )
    else:
        specific = t(
            "  all five         {declarer} took all five tricks\n  PLAYER           took a trick and broke the Chicago",
            declarer=game.chicago,
        )
    common = t(
        "Any question also takes:\n  royal PLAYER     PLAYER shows a royal straight flush: the game is won\n  x PLAYER N       PLAYER exchanged N cards in the current köp (optional)\n  e N              correct deal N (asks what changes, shows the totals, asks to save)\n  u                take back the last answer\n  status           the standings now\n  q                quit; everything answered is saved, `chicago play` resumes here\n  ?                this help\nA player is any unique start of the name ({names}); 'u', 'q' and 'x' alone mean the commands above.",
        names=names,
    )
    revisor = t(
        "The revisor's entries, at any question too (what is left out is asked for):\n  penalty PLAYER N REASON   N points off PLAYER's total, as the table ruled\n  forfeit PLAYER REASON     PLAYER loses the game at once (a hand claimed and not shown)\n  note TEXT                 a remark on the deal (a misdeal, a ruling)",
    )
    return f"{specific}\n{common}\n{revisor}"


# -- reading answers ----------------------------------------------------------


def answer_events(question: Question, text: str, game: Game) -> list[Event]:
    """The events an answer records (none for "nobody declares"); `ChicagoError` if it is wrong.

    Read by `core.entry`, as every command reads what is typed."""
    stripped = " ".join(text.split())
    folded = stripped.casefold()
    if question.kind == "buy":
        return [entry.buy_event(game, claims.spoken_claim(game, stripped))]
    if question.kind == "showdown":
        return [entry.showdown_event(game, claims.spoken_claim(game, stripped))]
    if question.kind in ("chicago", "tricks") and _a_hand_after_the_player(game, stripped):
        # A four of a kind's nolla or a hand that wins the game, shown before the first
        # lead: the deal ends there.  Whether this hand may be is the engine's rule.
        return [entry.showdown_event(game, claims.spoken_claim(game, stripped))]
    if question.kind == "chicago":
        if folded in claims.NOBODY:
            return []
        return [entry.declare_event(game, stripped)]
    if question.kind == "outcome" and not any(p.casefold() == folded for p in game.players):
        if folded in ALL_FIVE | CHICAGO_YES:
            return [ChicagoWon(game.deal, game.chicago or "")]
        if folded in CHICAGO_NO:  # broken: by whom is asked again
            raise EntryError(Msg("{declarer}'s Chicago was broken: who broke it? Name the player who took a trick", declarer=game.chicago))
    if question.kind == "outcome":
        if not stripped:
            raise EntryError(
                Msg(
                    "a Chicago is worth ±15: say 'all five' if {declarer} took all five tricks, or who broke it",
                    declarer=game.chicago,
                ),
            )
        return [entry.trick_event(game, claims.taking(game, stripped))]
    # the last trick
    if not stripped:
        raise EntryError(
            Msg("someone always takes the last trick: who was it?"),
        )
    took, rest = claims.spoken_last_trick(game, stripped)
    if rest:
        raise EntryError(
            Msg(
                "'{answer}': give only the player, or PLAYER 2 if the last trick was won with a two",
                answer=stripped,
            ),
        )
    return [entry.trick_event(game, took)]


def _a_hand_after_the_player(game: Game, text: str) -> bool:
    """Whether an answer before the first lead names a hand after the player (``Bo fyrtal
    nolla``), not a last trick (``Bo``, ``Bo 2``, ``Bo från Anna``) or a declarer."""
    _, rest = claims.split_player(game, text)
    if not rest:
        return False
    try:
        claims.spoken_claim(game, text)
    except ChicagoError:
        return False
    return True


def exchange_event(args: Sequence[str], game: Game) -> Event:
    """``x PLAYER N``: cards PLAYER exchanged in the köp being played."""
    if len(args) != 2:
        raise EntryError(
            Msg("write an exchange as 'x PLAYER N', e.g. 'x Anna 3'"),
        )
    return entry.exchange_event(game, args[0], args[1])


# -- the dialogue -------------------------------------------------------------------


class _Quit(Exception):
    pass


def _nothing_recorded(error: ChicagoError) -> str:
    """A refused answer's reason, saying that nothing of it was recorded."""
    return Msg("{error}; nothing was recorded", error=error).localized(language())


class Dialogue:
    """The guided protocol on one session file; ``e N`` corrects a deal as ``chicago
    edit`` does (`store.recording.correct`)."""

    def __init__(
        self,
        path: Path,
        ask: Ask,
        say: Say,
        *,
        name: str | None = None,
        stake: str = "1",
        saved: Callable[[], None] = lambda: None,
    ) -> None:
        self.path = path
        # Told after each change reaches the file, so that the terminal's wiring knows a
        # failure to print after it is "saved, not shown" (exit 3), not "refused".
        self.saved = saved
        self.ask = ask
        self.say = say
        self.name = name
        self.stake = stake
        self.declined: set[int] = set()
        self.over = False  # the game was over when the dialogue began
        # What `u` takes back, newest last: "event", or the deal whose Chicago
        # question was answered "nobody" (which records nothing).
        self.answers: list[str | int] = []
        self.header_deal = 0

    # -- the loop

    def run(self) -> int:
        """Ask until the game is over or the user quits; the exit status (0, or 130 on Ctrl-C)."""
        try:
            return self._run()
        except KeyboardInterrupt:
            self.say("")
            self.say(self._saved_note(t("Interrupted.")))
            return 130

    def _load(self) -> tuple[Session, Game]:
        session = sessionfile.load_session(self.path)
        if self.name is None:
            self.name = session.name or visible(self.path.stem)
        return session, sessionfile.replay_file(session, self.path)

    def _run(self) -> int:
        session, game = self._load()
        if game.finished:
            self._show_end(game)
            self.over = True  # finished before this dialogue: `play` offers the next game
            return 0
        if session.events:
            from .dialogue_resume import resumed

            for line in resumed(game, self.name or ""):
                self.say(line)
        else:
            who = ", ".join(game.players)
            self.say(
                t("Protocol '{name}': {players}. ? = help, q = quit.", name=self.name, players=who)
            )
        from .rules_text import rules_line, warning_lines

        self.say(rules_line(game.rules))  # no silent rules: what differs from the main rule
        for warning in warning_lines(game.rules, len(game.players)):
            self.say(warning)
        ended_here = False
        while True:
            session, game = self._load()
            if game.finished:
                self._show_end(game)
                if not ended_here or not self._take_back_at_end():
                    return 0
                ended_here = False
                continue
            question = next_question(game, self.declined)
            assert question is not None  # the game is not over
            if self.header_deal != game.deal:
                self._show_header(game)
            try:
                text = self.ask(prompt_text(question, game))
            except EOFError:
                self.say("")
                self.say(self._saved_note(""))
                return 0
            try:
                ended_here = self._answer(question, text.strip(), game)
            except _Quit:
                self.say(self._saved_note(""))
                return 0
            except (RuleViolation, EntryError) as error:
                # Said outright, as the command line says it (cli.common._record): nobody
                # types `u` to take back an answer that was never recorded.
                self.say("  " + _nothing_recorded(error))
            except ChicagoError as error:
                self.say("  " + error.localized(language()))

    def _take_back_at_end(self) -> bool:
        """After the last answer ended the game: Enter finishes, ``u`` takes it back."""
        while True:
            try:
                text = self.ask(
                    t("Enter = done, u = take back the last answer: ")
                )
            except EOFError:
                return False
            folded = text.strip().casefold()
            if folded in _UNDO:
                try:
                    self._undo()
                except ChicagoError as error:
                    self.say("  " + error.localized(language()))
                    continue
                return True
            if folded in ("", *_QUIT):
                # Enter: done, and `play` offers the next game; q: stop here.
                self.over = folded == ""
                return False
            self.say(t("  Enter or u."))

    def _answer(self, question: Question, text: str, game: Game) -> bool:
        """Act on one answer; True when it ended the game."""
        words = text.split()
        first = words[0].casefold() if words else ""
        if text.casefold() in _HELP:
            self.say(help_text(question, game))
            return False
        if text.casefold() in _QUIT:
            raise _Quit
        if text.casefold() in _UNDO:
            self._undo()
            return False
        if text.casefold() in _STATUS:
            # Read again, not the game replayed before the question was asked: another
            # terminal may have recorded or corrected something while it waited.
            _, now = self._load()
            self.say(plain_standings(now.standings(), self.name or ""))
            return False
        if first in _ROYAL and len(words) == 2:
            return self._save(question, lambda g: [entry.royal_event(g, words[1])])
        if first in _EXCHANGE and len(words) >= 2:
            return self._save(question, lambda g: [exchange_event(words[1:], g)])
        if first in _PENALTY | _FORFEIT | _NOTE:
            return self._revisor_entry(question, first, text.partition(" ")[2].strip(), game)
        if " ".join(words[:2]).casefold() in _FORFEIT:  # "ger upp Bo visade inte kåken"
            return self._revisor_entry(question, "ger upp", " ".join(words[2:]), game)
        if self._edit_asked(question, words, game):
            return False
        if question.kind == "chicago" and not answer_events(question, text, game):
            self.declined.add(question.deal)
            self.answers.append(question.deal)
            self.say(t("  No Chicago."))
            return False
        return self._save(question, lambda g: answer_events(question, text, g))

    def _revisor_entry(self, question: Question, word: str, rest: str, game: Game) -> bool:
        """``straff Anna 5 för tidigt köp``, ``förlorar Bo visade inte kåken``, ``anteckning
        TEXT``: what is missing (the player, the points, the reason) is asked for."""
        try:
            if word in _NOTE:
                text = rest or self.ask(t("  Note: ")).strip()
                if not text:
                    self.say(t("  Nothing was recorded."))
                    return False
                return self._save(question, lambda g: [entry.note_event(g, text)])
            name, rest = claims.split_player(game, rest) if rest else ("", "")
            if not name:
                name = self.ask(t("  Who? ")).strip()
            who = claims.player(game, name)
            points = ""
            if word in _PENALTY:
                points, _, rest = rest.partition(" ")
                if not points:
                    points = self.ask(t("  How many points off {player}'s total? ", player=who))
                entry.penalty_points(points)  # a number, before the reason is asked
            reason = rest.strip() or self.ask(t("  Reason: ")).strip()
        except EOFError:
            self.say(t("  Nothing was recorded."))
            return False
        if word in _PENALTY:
            ended = self._save(question, lambda g: [entry.penalty_event(g, who, points, reason)])
            self.header_deal = 0  # köpstopp of the next deal may have changed: shown again
            return ended
        return self._save(question, lambda g: [entry.forfeit_event(g, who, reason)])

    def _edit_asked(self, question: Question, words: list[str], game: Game) -> bool:
        """``e 3`` / ``ändra 3``: correct deal 3 (`dialogue_edit`); True when it was asked.
        At the last trick, ``e 2`` stays "E... took it with a two" if a name starts so."""
        from .dialogue_edit import EDIT_WORDS, edit_dialogue

        if len(words) != 2 or words[0].casefold() not in EDIT_WORDS or not words[1].isdigit():
            return False
        named = any(p.casefold().startswith(words[0].casefold()) for p in game.players)
        if question.kind == "tricks" and words[1] == "2" and named:
            return False
        try:
            edit_dialogue(self.path, int(words[1]), self.ask, self.say, self.saved)
        except EOFError:
            self.say(t("  Nothing was changed."))
        return True

    def _save(self, question: Question, build: Callable[[Game], list[Event]]) -> bool:
        """Apply the answer's events to the replayed file and write them, all or nothing."""

        def checked(game: Game) -> list[Event]:
            if not question.matches(game):
                raise ChicagoError(
                    Msg(
                        "the protocol changed while you answered (another command recorded something); here is the question again",
                    ),
                )
            return build(game)

        recorded = recording.record(self.path, checked)
        self.saved()
        game = recorded.game
        for applied in recorded.entries:
            self.answers.append("event")
            awards = ", ".join(f"{a.player} {a.points:+d}" for a in applied.awards)
            self.say(
                t("  Saved: ")
                + describe_event(applied.event)
                + (f"  ({awards})" if awards else "")
            )
        if game.finished or game.deal != question.deal:
            # A forfeit between deals ends the game with the deal before the question's.
            record = next((d for d in game.deals if d.number == question.deal), game.deals[-1])
            self._show_deal_end(game, record)
        return game.finished

    def _undo(self) -> None:
        """``u``: take back the last answer, named and confirmed first (an answer refused
        just before records nothing, so the last one recorded may be an older, good one)."""
        if self.answers and isinstance(self.answers[-1], int):
            deal = self.answers.pop()
            assert isinstance(deal, int)
            self.declined.discard(deal)
            self.say(
                t("  Taken back: nobody declared Chicago in deal {deal}.", deal=deal)
            )
            return
        from .dialogue_undo import confirmed_undo

        undone = confirmed_undo(self.path, self.ask, self.say)
        if undone is None:
            return
        self.saved()
        if undone.correction is not None:  # `e N` was the last answer: the correction goes
            from .narrate import describe_correction

            self.say(t("  Taken back: ") + describe_correction(undone.correction))
            return
        if self.answers:
            self.answers.pop()
        self.say(t("  Taken back: ") + describe_event(undone.events[0]))

    # -- what is shown between questions

    def _saved_note(self, lead: str) -> str:
        note = t("Everything answered is saved; `chicago play` continues at the next question.")
        return f"{lead} {note}".strip()

    def _show_header(self, game: Game) -> None:
        self.header_deal = game.deal
        nobody = t("nobody")
        stop = ", ".join(game.buy_stop) or nobody
        may = ", ".join(declarers(game)) or nobody
        self.say("")
        self.say(
            t(
                "— Deal {deal} — dealer {dealer}, forehand (förhand) {forehand}",
                deal=game.deal,
                dealer=game.dealer,
                forehand=game.forehand,
            )
        )
        self.say(
            t(
                "  Buy stop (köpstopp): {under_buy_stop}. May declare Chicago now: {may_declare}.",
                under_buy_stop=stop,
                may_declare=may,
            )
        )

    def _show_deal_end(self, game: Game, record: DealRecord) -> None:
        standings = game.standings()
        self.say("")
        self.say(plain_standings(standings, self.name or ""))
        cells = " | ".join(
            f"{player} {record.points_of(index):+d} = {record.totals[index]}"
            for index, player in enumerate(game.players)
        )
        self.say(
            t(
                "Protocol, deal {number} (dealer {dealer}): {cells}",
                number=record.number,
                dealer=record.dealer,
                cells=cells,
            )
            + nobody_took(record)
        )

    def _show_end(self, game: Game) -> None:
        from ..core.settle import settle

        winners = " & ".join(game.winners)
        self.say("")
        self.say(
            tn(
                "The game is over after deal {deal}. Winner: {winners}",
                "The game is over after deal {deal}. Winners: {winners}",
                len(game.winners),
                deal=game.deal,
                winners=winners,
            )
        )
        scores = dict(zip(game.players, game.scores, strict=True))
        self.say("  " + ", ".join(f"{name} {score}" for name, score in scores.items()))
        # A forfeiting player counts as 0 points in the settlement (rules.md, "Forfeit").
        counted = {name: 0 if name in game.forfeited else s for name, s in scores.items()}
        payments = settle(counted, list(game.winners), self.stake)
        self.say(
            t("Settlement ({stake} per point):", stake=number(self.stake))
        )
        if not payments:
            self.say(t("  Nobody pays anything."))
        for payment in payments:
            self.say(
                t(
                    "  {payer} pays {payee} {amount}",
                    payer=payment.payer,
                    payee=payment.payee,
                    amount=number(payment.amount),
                )
            )
