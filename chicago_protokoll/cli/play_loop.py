"""``chicago play``: a guided protocol for the person with the cards in one hand.

The dialogue asks for each scoring moment of a deal in order (köp 1, köp 2,
Chicago?, the last trick or the Chicago's outcome, the showdown) and saves
every answer the moment it is confirmed.  There is no state of its own: each
question is worked out from the replayed session file, so a killed terminal
loses nothing and the next ``chicago play`` asks the next question.

`Dialogue` talks through two callables, ``ask(prompt) -> str`` and
``say(text)``, so the question logic is tested with scripted input; the CLI
passes `input` and `print`.  Every answer goes through `sessionfile.transact` and
`Game.apply`, the same validation as the single-event commands: a refusal is
shown as the reason and the same question is asked again.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from ..core import entry
from ..core.errors import ChicagoError, EntryError
from ..core.events import ChicagoWon, Event
from ..core.game import DealRecord, Game, Moment, Session, new_session, resolve_player
from ..core.stake import parse_stake
from ..i18n.language import language, number, tr
from ..present.narrate import describe_event
from ..present.views import plain_standings
from ..store import catalogue, locations, recording, sessionfile

Ask = Callable[[str], str]
Say = Callable[[str], None]

# Words that answer a question without naming anyone; compared case-folded.
# A Chicago is worth ±15: only an explicit answer settles it, never a bare Enter or a "y".
_ALL_FIVE = {"alla fem", "all five", "alla", "all", "fem", "five"}
_WITH_TWO = {"2", "två", "tvåa", "tvaa", "two", "med tvåa", "with two"}
_HELP = {"?", "help", "hjälp", "h"}
_QUIT = {"q", "quit", "sluta", "exit"}
_UNDO = {"u", "undo", "ångra"}
_STATUS = {"status", "ställning", "stallning"}
_ROYAL = {"royal"}
_EXCHANGE = {"x", "byt", "byte", "exchange"}


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
    deal = tr(f"Deal {question.deal}", f"Giv {question.deal}")
    if question.kind == "buy":
        return tr(
            f"{deal}, köp {question.buy}: best hand? (PLAYER HAND, Enter = pass, ? = help): ",
            f"{deal}, köp {question.buy}: bästa hand? (SPELARE HAND, Enter = pass, ? = hjälp): ",
        )
    if question.kind == "chicago":
        who = ", ".join(declarers(game))
        return tr(
            f"{deal}, Chicago? ({who} may declare) Who declares? (Enter = nobody): ",
            f"{deal}, Chicago? ({who} får ropa) Vem ropar? (Enter = ingen): ",
        )
    if question.kind == "tricks":
        two = ""
        scoring = game.rules.scoring
        if scoring.last_trick_with_two != scoring.last_trick:
            two = tr(
                f", PLAYER 2 = with a two: {scoring.last_trick_with_two}",
                f", SPELARE 2 = med en tvåa: {scoring.last_trick_with_two}",
            )
        return tr(
            f"{deal}, last trick (sista sticket): who took it? (PLAYER{two}): ",
            f"{deal}, sista sticket: vem tog det? (SPELARE{two}): ",
        )
    if question.kind == "outcome":
        return tr(
            f"{deal}, {game.chicago}'s Chicago: 'all five' tricks, or who broke it? ",
            f"{deal}, {game.chicago}s Chicago: 'alla fem' stick, eller vem bröt den? ",
        )
    return tr(
        f"{deal}, showdown: best hand after the tricks? (PLAYER HAND, Enter = pass): ",
        f"{deal}, bästa hand efter sticken? (SPELARE HAND, Enter = pass): ",
    )


def help_text(question: Question, game: Game) -> str:
    """What ``?`` shows: the answers this question takes and the commands any question takes."""
    names = ", ".join(game.players)
    if question.kind in ("buy", "showdown"):
        specific = tr(
            "  PLAYER HAND      who had the best hand, e.g. 'Bo två par', 'bo two-pair',\n"
            "                   'Anna KH KS 9D 9H 3C' (a hand in Swedish or English, or five cards)\n"
            "  Enter or pass    nobody had even a pair\n"
            "  tie [HAND]       exactly equal best hands: nobody scores\n"
            "  PLAYER fyrtal zero   four of a kind zeroing the others (where the rules allow it)",
            "  SPELARE HAND     vem som hade bästa handen, t.ex. 'Bo två par', 'bo triss',\n"
            "                   'Anna KH KS 9D 9H 3C' (handen på svenska eller engelska, eller fem kort)\n"
            "  Enter eller pass ingen hade ens ett par\n"
            "  lika [HAND]      exakt lika bästa händer: ingen får poäng\n"
            "  SPELARE fyrtal nolla   fyrtal som nollar de andra (där husreglerna tillåter det)",
        )
    elif question.kind == "chicago":
        specific = tr(
            "  PLAYER           declares Chicago (all five tricks), before the first lead\n"
            "  Enter            nobody declares; next comes the last trick",
            "  SPELARE          ropar Chicago (alla fem stick), före första utspelet\n"
            "  Enter            ingen ropar; sedan kommer sista sticket",
        )
    elif question.kind == "tricks":
        specific = tr(
            "  PLAYER           took the last trick\n"
            "  PLAYER 2         took it with a two (scoring.last_trick_with_two)",
            "  SPELARE          tog sista sticket\n"
            "  SPELARE 2        tog det med en tvåa (scoring.last_trick_with_two)",
        )
    else:
        specific = tr(
            f"  all five         {game.chicago} took all five tricks\n"
            "  PLAYER           took a trick and broke the Chicago",
            f"  alla fem         {game.chicago} tog alla fem stick\n"
            "  SPELARE          tog ett stick och bröt Chicagon",
        )
    common = tr(
        "Any question also takes:\n"
        "  royal PLAYER     PLAYER shows a royal straight flush: the game is won\n"
        "  x PLAYER N       PLAYER exchanged N cards in the current köp (optional)\n"        "  e N              correct deal N (asks what changes, shows the totals, asks to save)\n"
        "  u                take back the last answer\n"
        "  status           the standings now\n"
        "  q                quit; everything answered is saved, `chicago play` resumes here\n"
        "  ?                this help\n"
        f"A player is any unique start of the name ({names}); "
        "'u', 'q' and 'x' alone mean the commands above.",
        "Varje fråga tar också:\n"
        "  royal SPELARE    SPELARE visar royal straight flush: partiet är vunnet\n"
        "  x SPELARE N      SPELARE bytte N kort i det här köpet (frivilligt)\n"        "  ändra N          rätta giv N (frågar vad som ändras, visar poängen, frågar om spara)\n"
        "  u                ångra det senaste svaret\n"
        "  status           ställningen just nu\n"
        "  q                sluta; allt som är besvarat är sparat, `chicago play` fortsätter här\n"
        "  ?                den här hjälpen\n"
        f"En spelare är en entydig början av namnet ({names}); "
        "'u', 'q' och 'x' ensamma betyder kommandona ovan.",
    )
    return f"{specific}\n{common}"


# -- reading answers ----------------------------------------------------------


def answer_events(question: Question, text: str, game: Game) -> list[Event]:
    """The events an answer records (none for "nobody declares"); `ChicagoError` if it is wrong.

    Read by `core.entry`, as every command reads what is typed."""
    stripped = " ".join(text.split())
    folded = stripped.casefold()
    if question.kind == "buy":
        return [entry.buy_event(game, stripped, spoken=True)]
    if question.kind == "showdown":
        return [entry.showdown_event(game, stripped, spoken=True)]
    if question.kind == "chicago":
        if folded in entry.NOBODY:
            return []
        return [entry.declare_event(game, stripped)]
    if question.kind == "outcome" and folded in _ALL_FIVE:
        return [ChicagoWon(game.deal, game.chicago or "")]
    if question.kind == "outcome":
        if not stripped:
            raise EntryError(
                f"a Chicago is worth ±15: say 'all five' if {game.chicago} took all five tricks, "
                "or who broke it",
                sv=f"en Chicago är värd ±15: säg 'alla fem' om {game.chicago} tog alla fem stick, "
                "eller vem som bröt den",
            )
        return [entry.trick_event(game, stripped)]
    # the last trick
    if not stripped:
        raise EntryError(
            "someone always takes the last trick: who was it?",
            sv="någon tar alltid sista sticket: vem var det?",
        )
    head, rest = entry.split_player(game, stripped)
    with_two = rest.casefold() in _WITH_TWO
    if rest and not with_two:
        raise EntryError(
            f"'{stripped}': give only the player, or PLAYER 2 if the last trick was won with a two",
            sv=f"'{stripped}': ange bara spelaren, eller SPELARE 2 om sista sticket togs med en tvåa",
        )
    return [entry.trick_event(game, head, with_two=with_two)]


def exchange_event(args: Sequence[str], game: Game) -> Event:
    """``x PLAYER N``: cards PLAYER exchanged in the köp being played."""
    if len(args) != 2:
        raise EntryError(
            "write an exchange as 'x PLAYER N', e.g. 'x Anna 3'",
            sv="skriv ett byte som 'x SPELARE N', t.ex. 'x Anna 3'",
        )
    return entry.exchange_event(game, args[0], args[1])


# -- the dialogue -------------------------------------------------------------------


class _Quit(Exception):
    pass


class Dialogue:
    """The guided protocol on one session file."""

    def __init__(
        self, path: Path, ask: Ask, say: Say, *, name: str | None = None, stake: str = "1"
    ) -> None:
        self.path = path
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
            self.say(self._saved_note(tr("Interrupted.", "Avbrutet.")))
            return 130

    def _load(self) -> tuple[Session, Game]:
        session = sessionfile.load_session(self.path)
        if self.name is None:
            self.name = session.name or self.path.stem
        return session, sessionfile.replay_file(session, self.path)

    def _run(self) -> int:
        session, game = self._load()
        if game.finished:
            self._show_end(game)
            self.over = True  # finished before this dialogue: `play` offers the next game
            return 0
        if session.events:
            self.say(
                tr(
                    f"Resuming '{self.name}' at deal {game.deal}.",
                    f"Fortsätter protokollet '{self.name}' i giv {game.deal}.",
                )
            )
        else:
            self.say(
                tr(
                    f"Protocol '{self.name}': {', '.join(game.players)}. ? = help, q = quit.",
                    f"Protokoll '{self.name}': {', '.join(game.players)}. ? = hjälp, q = sluta.",
                )
            )
        from ..present.rules_text import rules_line

        self.say(rules_line(game.rules))  # no silent rules: what differs from the main rule
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
            except ChicagoError as error:
                self.say("  " + error.localized(language()))

    def _take_back_at_end(self) -> bool:
        """After the last answer ended the game: Enter finishes, ``u`` takes it back."""
        while True:
            try:
                text = self.ask(
                    tr(
                        "Enter = done, u = take back the last answer: ",
                        "Enter = klart, u = ångra det senaste svaret: ",
                    )
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
                return False
            self.say(tr("  Enter or u.", "  Enter eller u."))

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
            self.say(plain_standings(game.standings(), self.name or ""))
            return False
        if first in _ROYAL and len(words) == 2:
            return self._save(question, lambda g: [entry.royal_event(g, words[1])])
        if first in _EXCHANGE and len(words) >= 2:
            return self._save(question, lambda g: [exchange_event(words[1:], g)])
        if self._edit_asked(question, words, game):
            return False
        if question.kind == "chicago" and not answer_events(question, text, game):
            self.declined.add(question.deal)
            self.answers.append(question.deal)
            self.say(tr("  No Chicago.", "  Ingen Chicago."))
            return False
        return self._save(question, lambda g: answer_events(question, text, g))

    def _edit_asked(self, question: Question, words: list[str], game: Game) -> bool:
        """``e 3`` / ``ändra 3``: correct deal 3 (`play_edit`); True when it was asked.
        At the last trick, ``e 2`` stays "E... took it with a two" if a name starts so."""
        from .play_edit import EDIT_WORDS, edit_dialogue

        if len(words) != 2 or words[0].casefold() not in EDIT_WORDS or not words[1].isdigit():
            return False
        named = any(p.casefold().startswith(words[0].casefold()) for p in game.players)
        if question.kind == "tricks" and words[1] == "2" and named:
            return False
        try:
            edit_dialogue(self.path, int(words[1]), self.ask, self.say)
        except EOFError:
            self.say(tr("  Nothing was changed.", "  Inget ändrades."))
        return True

    def _save(self, question: Question, build: Callable[[Game], list[Event]]) -> bool:
        """Apply the answer's events to the replayed file and write them, all or nothing."""

        def checked(game: Game) -> list[Event]:
            if not question.matches(game):
                raise ChicagoError(
                    "the protocol changed while you answered (another command recorded "
                    "something); here is the question again",
                    sv="protokollet ändrades medan du svarade (ett annat kommando förde något); "
                    "här är frågan igen",
                )
            return build(game)

        recorded = recording.record(self.path, checked)
        game = recorded.game
        for applied in recorded.entries:
            self.answers.append("event")
            awards = ", ".join(f"{a.player} {a.points:+d}" for a in applied.awards)
            self.say(
                tr("  Saved: ", "  Sparat: ")
                + describe_event(applied.event)
                + (f"  ({awards})" if awards else "")
            )
        if game.finished or game.deal != question.deal:
            record = next(d for d in game.deals if d.number == question.deal)
            self._show_deal_end(game, record)
        return game.finished

    def _undo(self) -> None:
        if self.answers and isinstance(self.answers[-1], int):
            deal = self.answers.pop()
            assert isinstance(deal, int)
            self.declined.discard(deal)
            self.say(
                tr(
                    f"  Taken back: nobody declared Chicago in deal {deal}.",
                    f"  Ångrat: ingen ropade Chicago i giv {deal}.",
                )
            )
            return
        undone = recording.undo(self.path)
        if undone.correction is not None:  # `e N` was the last answer: the correction goes
            from ..present.narrate import describe_correction

            self.say(tr("  Taken back: ", "  Ångrat: ") + describe_correction(undone.correction))
            return
        if self.answers:
            self.answers.pop()
        self.say(tr("  Taken back: ", "  Ångrat: ") + describe_event(undone.events[0]))

    # -- what is shown between questions

    def _saved_note(self, lead: str) -> str:
        note = tr(
            "Everything answered is saved; `chicago play` continues at the next question.",
            "Allt som är besvarat är sparat; `chicago play` fortsätter vid nästa fråga.",
        )
        return f"{lead} {note}".strip()

    def _show_header(self, game: Game) -> None:
        self.header_deal = game.deal
        nobody = tr("nobody", "ingen")
        stop = ", ".join(game.buy_stop) or nobody
        may = ", ".join(declarers(game)) or nobody
        self.say("")
        self.say(
            tr(
                f"— Deal {game.deal} — dealer {game.dealer}, forehand (förhand) {game.forehand}",
                f"— Giv {game.deal} — givare {game.dealer}, förhand {game.forehand}",
            )
        )
        self.say(
            tr(
                f"  Buy stop (köpstopp): {stop}. May declare Chicago now: {may}.",
                f"  Köpstopp: {stop}. Får ropa Chicago nu: {may}.",
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
            tr(
                f"Protocol, deal {record.number} (dealer {record.dealer}): {cells}",
                f"Protokoll, giv {record.number} (givare {record.dealer}): {cells}",
            )
        )

    def _show_end(self, game: Game) -> None:
        from ..core.settle import settle

        winners = " & ".join(game.winners)
        self.say("")
        self.say(
            tr(
                f"The game is over after deal {game.deal}. Winner: {winners}",
                f"Partiet är slut efter giv {game.deal}. Vinnare: {winners}",
            )
        )
        scores = dict(zip(game.players, game.scores, strict=True))
        self.say("  " + ", ".join(f"{name} {score}" for name, score in scores.items()))
        payments = settle(scores, list(game.winners), self.stake)
        self.say(
            tr(
                f"Settlement ({number(self.stake)} per point):",
                f"Betalning ({number(self.stake)} per poäng):",
            )
        )
        if not payments:
            self.say(tr("  Nobody pays anything.", "  Ingen betalar något."))
        for payment in payments:
            self.say(
                tr(
                    f"  {payment.payer} pays {payment.payee} {number(payment.amount)}",
                    f"  {payment.payer} betalar {payment.payee} {number(payment.amount)}",
                )
            )


# -- the command ------------------------------------------------------------------


def _check_resume(
    session: Session,
    label: str,
    players: Sequence[str],
    rules: Path | None,
    preset: str | None,
    dealer: str | None,
) -> None:
    """Resuming is only right when what was typed agrees with the session on file."""
    if players and [p.strip().casefold() for p in players] != [
        p.casefold() for p in session.players
    ]:
        raise ChicagoError(
            f"the session '{label}' exists with the players {', '.join(session.players)}; "
            f"`chicago play {label}` resumes it, or choose another name",
            sv=f"protokollet '{label}' finns redan med spelarna {', '.join(session.players)}; "
            f"`chicago play {label}` fortsätter det, eller välj ett annat namn",
        )
    if dealer is not None and resolve_player(dealer, session.players) != session.first_dealer:
        raise ChicagoError(
            f"the session '{label}' exists and {session.first_dealer} dealt first, not {dealer}",
            sv=f"protokollet '{label}' finns redan och {session.first_dealer} gav först, inte {dealer}",
        )
    if (rules is not None or preset is not None) and sessionfile.starting_rules(
        rules, preset
    ) != session.rules:
        raise ChicagoError(
            f"the session '{label}' exists with other house rules; they cannot change mid-game "
            "(leave out --rules/--preset to resume it)",
            sv=f"protokollet '{label}' finns redan med andra husregler; de kan inte ändras mitt i "
            "partiet (utelämna --rules/--preset för att fortsätta)",
        )


def open_session(
    name: str | None,
    players: Sequence[str],
    *,
    rules: Path | None = None,
    preset: str | None = None,
    dealer: str | None = None,
    session: str | None = None,
    file: Path | None = None,
) -> Path:
    """The session file to play: created from NAME and PLAYERS if new, else resumed."""
    entry.refuse_two_rule_sources(rules, preset)
    if name is None:
        path = catalogue.resolve(session, file)
        _check_resume(sessionfile.load_session(path), path.stem, players, rules, preset, dealer)
        if session is not None and file is None:
            catalogue.set_current(session)
        return path
    if session is not None or file is not None:
        raise ChicagoError(
            "give the session as NAME or with --session/--file, not both",
            sv="ange protokollet som NAMN eller med --session/--file, inte båda",
        )
    path = locations.session_path(name)
    if path.exists():
        _check_resume(sessionfile.load_session(path), name, players, rules, preset, dealer)
    elif not players:
        raise ChicagoError(
            f"there is no session '{name}'; `chicago play {name} PLAYER PLAYER ...` starts it",
            sv=f"det finns inget protokoll '{name}'; `chicago play {name} SPELARE SPELARE ...` "
            "startar det",
        )
    else:
        from datetime import UTC, datetime

        created = datetime.now(UTC).isoformat(timespec="seconds")
        house = sessionfile.starting_rules(rules, preset)
        catalogue.create_current(  # the file and the pointer, or neither
            name, new_session(players, house, dealer=dealer, name=name, created=created)
        )
        return path
    catalogue.set_current(name)
    return path


def _stdin_input(prompt: str) -> str:
    return input(prompt)


def _print(text: str) -> None:
    print(text, flush=True)


def play_command(
    name: str | None,
    players: Sequence[str],
    *,
    rules: Path | None = None,
    preset: str | None = None,
    dealer: str | None = None,
    session: str | None = None,
    file: Path | None = None,
    stake: str = "1",
    ask: Ask | None = None,
    say: Say | None = None,
) -> int:
    """``chicago play``: open or create the session, then run the dialogue; the exit status."""
    stake = str(parse_stake(stake))  # refused with the reason (a StakeError) before any file
    path = open_session(
        name, players, rules=rules, preset=preset, dealer=dealer, session=session, file=file
    )
    sys.stdout.flush()
    ask, say = ask or _stdin_input, say or _print
    while True:
        dialogue = Dialogue(path, ask, say, stake=stake)
        code = dialogue.run()
        if code or not dialogue.over:
            return code
        following = _offer_next_game(path, ask, say)
        if following is None:
            return 0
        path = following


_YES = {"j", "ja", "y", "yes", "igen", "again"}


def _offer_next_game(path: Path, ask: Ask, say: Say) -> Path | None:
    """After a finished game: the next game at the same table (`chicago again`) if asked
    for; its path, or None."""
    from ..core.again import next_game
    from .correct import next_game_place

    previous = sessionfile.load_session(path)
    name, place = next_game_place(path, previous, None, beside=path.parent != locations.sessions_dir())
    dealer = next_game(previous, name).first_dealer
    try:
        text = ask(
            tr(
                f"Next game at the same table, '{name}' ({dealer} deals first)? "
                "(y = yes, Enter = no): ",
                f"Nästa parti vid samma bord, '{name}' ({dealer} ger först)? "
                "(j = ja, Enter = nej): ",
            )
        )
    except EOFError:
        return None
    if text.strip().casefold() not in _YES:
        return None
    from .correct import start_next_game

    start_next_game(previous, name, place, current=place.parent == locations.sessions_dir(), say=say)
    return place
