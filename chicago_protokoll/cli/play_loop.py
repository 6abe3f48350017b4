"""``chicago play``: the session opened or created, and the dialogue (`present.dialogue`)
wired to the terminal: ``input`` and ``print``, and ``e N`` corrected as ``chicago edit``
corrects."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from ..core.claims import refuse_modifier_names
from ..core.errors import ChicagoError
from ..core.names import refuse_lookalikes
from ..core.session import Session, new_session, resolve_player
from ..core.stake import parse_stake
from ..i18n.language import Msg, language, t
from ..present.dialogue import Dialogue
from ..present.talk import Ask, Say
from ..present.width import visible_lines
from ..store import catalogue, locations, rulesfile, sessionfile
from .common import refuse_two_rule_sources
from .root import note_saved


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
            Msg(
                "the session '{session_name}' exists with the players {players}; `chicago play {session_name}` resumes it, or choose another name",
                session_name=label,
                players=', '.join(session.players),
            ),
        )
    if dealer is not None and resolve_player(dealer, session.players) != session.first_dealer:
        raise ChicagoError(
            Msg(
                "the session '{session_name}' exists and {first_dealer} dealt first, not {dealer}",
                session_name=label,
                first_dealer=session.first_dealer,
                dealer=dealer,
            ),
        )
    if (rules is not None or preset is not None) and rulesfile.starting_rules(
        rules, preset
    ) != session.rules:
        raise ChicagoError(
            Msg(
                "the session '{session_name}' exists with other house rules; they cannot change mid-game (leave out --rules/--preset to resume it)",
                session_name=label,
            ),
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
    refuse_two_rule_sources(rules, preset)
    if name is None:
        path = catalogue.resolve(session, file)
        _check_resume(sessionfile.load_session(path), path.stem, players, rules, preset, dealer)
        return path  # --session and --file never change the current session: `play NAME` does
    if session is not None or file is not None:
        raise ChicagoError(
            Msg("give the session as NAME or with --session/--file, not both"),
        )
    path = locations.session_path(name)
    if path.exists():
        _check_resume(sessionfile.load_session(path), name, players, rules, preset, dealer)
    elif not players:
        raise ChicagoError(
            Msg(
                "there is no session '{name}'; `chicago play {name} PLAYER PLAYER ...` starts it",
                name=name,
            ),
        )
    else:
        from datetime import UTC, datetime

        created = datetime.now(UTC).isoformat(timespec="seconds")
        house = rulesfile.starting_rules(rules, preset)
        started = new_session(players, house, dealer=dealer, name=name, created=created)
        refuse_lookalikes(started.players)  # at entry only: a file read keeps its names
        refuse_modifier_names(started.players)
        catalogue.create_current(name, started)  # the file and the pointer, or neither
        note_saved()
        return path
    catalogue.set_current(name)
    note_saved()
    return path


def _read_any_bytes() -> None:
    """A typed line whose bytes are not UTF-8 reaches the dialogue as lone surrogates, so
    the one check of notes and reasons (`names.remark_problem`) refuses it in a sentence;
    a strict stdin (PYTHONIOENCODING=utf-8) would end the whole dialogue in a
    UnicodeDecodeError instead."""
    with contextlib.suppress(AttributeError, ValueError):  # not a TextIOWrapper
        sys.stdin.reconfigure(errors="surrogateescape")  # type: ignore[union-attr]


def _stdin_input(prompt: str) -> str:
    return input(visible_lines(prompt))


def _print(text: str) -> None:
    # Everything `play` says may echo what was typed (a refusal names the answer): shown,
    # not obeyed, by the one helper every line and prompt of `play` passes through.
    print(visible_lines(text), flush=True)


def _terminal_ask(current: Callable[[], Path]) -> Ask:
    """How ``play`` reads its answers: with line editing, history and TAB when a person is
    at a terminal (stdin and stdout both, as `input` itself asks before it uses readline),
    else as plainly as a script expects, without importing readline at all."""
    try:
        at_terminal = sys.stdin.isatty() and sys.stdout.isatty()
    except (AttributeError, ValueError):  # closed or replaced streams
        at_terminal = False
    if not at_terminal:
        return _stdin_input
    from .line_editing import LineEditor

    seen: dict[Path, tuple[str, ...]] = {}

    def players() -> tuple[str, ...]:
        path = current()
        if path not in seen:
            seen[path] = tuple(sessionfile.load_session(path).players)
        return seen[path]

    return LineEditor(players).ask


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
    if ask is None:
        _read_any_bytes()
        ask = _terminal_ask(lambda: path)  # the path of the game being played, the next one too
    say = say or _print
    while True:
        dialogue = Dialogue(path, ask, say, stake=stake, saved=note_saved)
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
    for, with someone more (``+Dag``) or less (``-Anna``) if so answered; its path, or
    None.  A night's table is not offered one (the night draws it); a next game another
    act started already (a phone's Next game) is the one played on, named."""
    from ..core.again import next_game
    from ..core.game import replay
    from ..present.views import new_session_text
    from ..store import recording
    from .correct import next_game_name

    night = recording.night_of_table(path)
    if night is not None:
        say(recording.NightsTable(path.stem, night).localized(language()))
        return None
    previous = sessionfile.load_session(path)
    beside = path.parent != locations.sessions_dir()
    made = recording.next_game_made(path, beside=beside)
    if made is not None:  # a phone's Next game, another terminal: offered to play on
        name, dealer = made.name, made.session.first_dealer
    else:
        name = next_game_name(path, previous, beside=beside)
        dealer = next_game(previous, name).first_dealer
    while True:
        try:
            text = ask(
                t(
                    "Next game at the same table, '{name}' ({dealer} deals first)? (y = yes, +NAME / -NAME = with a player more / less, Enter = no): ",
                    name=name,
                    dealer=dealer,
                )
            )
        except EOFError:
            return None
        words = text.split()
        add = [word[1:] for word in words if word.startswith("+") and len(word) > 1]
        drop = [word[1:] for word in words if word.startswith("-") and len(word) > 1]
        if not (add or drop) and text.strip().casefold() not in _YES:
            return None
        try:
            started = recording.next_game(
                path, beside=beside, current=not beside, add=add, drop=drop
            )
        except ChicagoError as error:  # a name already seated, too few or too many players
            say("  " + error.localized(language()))
            continue
        if started.already:
            # Started meanwhile (a phone's Next game, another terminal): played on, as
            # `play NAME` would open it.
            if not beside:
                catalogue.set_current(started.name)
            say(t("The next game was started already: {session}; it is played here.", session=started.name))
        else:
            note_saved()
            say(new_session_text(started.session, replay(started.session).standings(), started.name))
        return started.path
