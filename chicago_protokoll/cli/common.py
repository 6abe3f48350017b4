"""What every command of ``chicago`` shares: options, loading and recording.

The options that complete a name from the session or the house rules are here, each
declared once; those that need nothing of the core are in `options`.

Every refusal is a `ChicagoError`, which the root group (`root.ChicagoGroup`) turns
into one plain line on stderr and exit status 1, with no file touched.  `record_events`
replays the session file, applies what was typed through the rules, and only then
writes (under the store's lock).  The commands are in the other modules of this
package, one Typer app per group; `app` joins them and owns the entry point.
"""

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from ..core.errors import ChicagoError, DealPart, EntryError, OptionConflict, RuleViolation
from ..i18n.language import Msg, t
from ..present.width import visible
from .root import note_saved

if TYPE_CHECKING:
    import json as json  # noqa: PLC0414 (the alias exports it to the commands)
    from datetime import date
    from decimal import Decimal

    from ..core.events import Event
    from ..core.game import Game
    from ..core.session import Session
    from ..store.index import Index
    from ..store.leaguefiles import Reading
else:

    class _Json:
        """json, imported on first use: only --json output needs it, and `deal` and the other
        commands typed after each scoring moment start sooner without it (docs/latency.md)."""

        def __getattr__(self, name: str) -> Any:
            import json

            return getattr(json, name)

    json = _Json()


# TAB completion of names (store/completion.py).  The static scripts in completions/ call
# that module directly; scripts/generate_completions.py learns from these callbacks which
# parameter completes which kind of name.  Imported when a callback runs, never at start.


def _offered(
    kind: str,
    incomplete: str,
    session: str | None = None,
    file: str | None = None,
    arguments: tuple[str, ...] = (),
) -> list[str]:
    from ..store import completion

    return completion.offered(kind, incomplete, session, file, arguments)


def complete_player(ctx: typer.Context, incomplete: str) -> list[str]:
    """Player names of the session on the command line (--session, --file) or the current one."""
    return _offered("player", incomplete, ctx.params.get("session"), _file(ctx))


def complete_who(ctx: typer.Context, incomplete: str) -> list[str]:
    """``PLAYER:`` for each player; after ``PLAYER:``, the hands."""
    return _offered("who", incomplete, ctx.params.get("session"), _file(ctx))


def complete_session(incomplete: str) -> list[str]:
    return _offered("session", incomplete)


def complete_night(incomplete: str) -> list[str]:
    """The club nights (``night status NAME``...)."""
    return _offered("night", incomplete)


def complete_dealer(ctx: typer.Context, incomplete: str) -> list[str]:
    """``--dealer`` of ``new NAME PLAYER...`` and ``play NAME PLAYER...``: the players typed,
    else those of the session NAME, --session, --file or the current one."""
    name = ctx.params.get("name")
    typed = tuple(ctx.params.get("players") or ())
    arguments = (name, *typed) if name else ()
    return _offered("dealer", incomplete, ctx.params.get("session"), _file(ctx), arguments)


def _file(ctx: typer.Context) -> str | None:
    file = ctx.params.get("file")
    return None if file is None else str(file)



def _session_or_file(ctx: typer.Context, param: typer.CallbackParam, value: Any) -> Any:
    """``--session`` and ``--file`` each name the game: both at once is a usage error (the
    one given second sees the first; Click handles options in the order they were typed)."""
    other = {"session": "file", "file": "session"}.get(param.name or "")
    if value is not None and other is not None and ctx.params.get(other) is not None:
        raise typer.BadParameter(
            t("--session and --file each name the game: give one"), param_hint=f"--{param.name}"
        )
    return value


SessionOption = Annotated[
    str | None,
    typer.Option(
        "--session",
        "-s",
        help="Session name (default: the current session).",
        metavar="NAME",
        autocompletion=complete_session,
        callback=_session_or_file,
    ),
]
FileOption = Annotated[
    Path | None,
    typer.Option(
        "--file",
        "-f",
        help="Work on a session file anywhere.",
        dir_okay=False,
        metavar="PATH",
        callback=_session_or_file,
    ),
]
PlayerArgument = Annotated[
    str,
    typer.Argument(help="A player's name.", metavar="PLAYER", autocompletion=complete_player),
]
WhoArgument = Annotated[
    str,
    typer.Argument(
        help="PLAYER:HAND (hand by name, Swedish or English, or five cards), 'pass' or 'tie'.",
        metavar="WHO",
        autocompletion=complete_who,
    ),
]
ReasonOption = Annotated[
    str, typer.Option("--reason", help="Why: what the table ruled on.", metavar="TEXT")
]

# The options of a whole deal, shared by `deal` and `edit` so the two read alike.  The
# one-result options are lists so that one given twice is refused, not overwritten.
BuyOption = Annotated[
    list[str] | None,
    typer.Option(
        "--buy",
        help="Best hand of each scored köp, in order: PLAYER:HAND, pass or tie.",
        metavar="WHO",
        autocompletion=complete_who,
    ),
]
ChicagoOption = Annotated[
    list[str] | None,
    typer.Option(
        "--chicago",
        help="PLAYER declared Chicago.",
        metavar="PLAYER",
        autocompletion=complete_player,
    ),
]
LastTrickOption = Annotated[
    list[str] | None,
    typer.Option(
        "--last-trick",
        help="PLAYER took the last trick.",
        metavar="PLAYER",
        autocompletion=complete_player,
    ),
]
WithTwoOption = Annotated[
    bool, typer.Option("--with-two", help="The last trick was won with a two.")
]
BrokenByOption = Annotated[
    list[str] | None,
    typer.Option(
        "--broken-by",
        help="With --chicago: PLAYER took a trick and broke it.",
        metavar="PLAYER",
        autocompletion=complete_player,
    ),
]
ShowdownOption = Annotated[
    list[str] | None,
    typer.Option(
        "--showdown",
        help="Best hand after the tricks: PLAYER:HAND, pass or tie.",
        metavar="WHO",
        autocompletion=complete_who,
    ),
]
RoyalOption = Annotated[
    list[str] | None,
    typer.Option(
        "--royal",
        help="PLAYER shows a royal straight flush: the game is over.",
        metavar="PLAYER",
        autocompletion=complete_player,
    ),
]
ExchangeOption = Annotated[
    list[str] | None,
    typer.Option(
        "--exchange",
        help="PLAYER:N[,N[,N]] cards exchanged in köp 1, 2, 3.",
        metavar="PLAYER:N",
        autocompletion=complete_player,
    ),
]


# One word, as every metavar (root.metavar_of): the names are TAB's and `rules presets`'.
PRESET_METAVAR = "PRESET"


def complete_preset(incomplete: str) -> list[str]:
    """TAB after ``--preset``: the presets."""
    from ..core.rules import PRESETS
    return [name for name in PRESETS if name.startswith(incomplete)]


def check_presets(values: list[str] | None) -> list[str] | None:
    """``--preset`` is a list so that one given twice is a usage error (exit 2), never "the
    last wins" (cli.md); a name that is no preset is one too, as for any choice."""
    from ..core.rules import PRESETS
    if not values:
        return values
    for value in values:
        if value not in PRESETS:
            raise typer.BadParameter(
                t("'{value}' is not one of {presets}", value=value,
                  presets=", ".join(f"'{name}'" for name in PRESETS)),
                param_hint="--preset",
            )
    if len(values) > 1:
        raise typer.BadParameter(
            t("given {n} times ({values}): a table has one set of house rules, give one preset",
              n=len(values), values=", ".join(values)),
            param_hint="--preset",
        )
    return values


# Of `new`, `night new`, `play` (a new session) and `rules init`.
PresetOption = Annotated[
    list[str] | None,
    typer.Option(
        "--preset",
        help="A built-in set of house rules, e.g. tournament; `chicago rules presets` lists them.",
        metavar=PRESET_METAVAR,
        autocompletion=complete_preset,
        callback=check_presets,
    ),
]
# Of `new` and `play` (a new session).
DealerOption = Annotated[
    str | None,
    typer.Option(
        "--dealer",
        help="The first dealer (default: the first player).",
        metavar="PLAYER",
        autocompletion=complete_dealer,
    ),
]


def one_preset(values: list[str] | None) -> str | None:
    """The one ``--preset`` given (`check_presets` has refused two), or None."""
    return values[0] if values else None


# -- helpers -------------------------------------------------------------------


def name_of_session(session: "Session", path: Path) -> str:
    """The session's name, or its file's (an old or hand-made file may have none): a file
    name may hold anything, so a character a terminal would act on is shown as its code."""
    return session.name or visible(path.stem)


def load_chosen(session: str | None, file: Path | None) -> tuple[Path, "Session"]:
    from ..store import catalogue, sessionfile
    path = catalogue.resolve(session, file)
    return path, sessionfile.load_session(path)


def replay_chosen(session: "Session", path: Path) -> "Game":
    from ..store import sessionfile
    return sessionfile.replay_file(session, path)


def record_events(
    session: str | None,
    file: Path | None,
    build: "Callable[[Game], Iterable[Event]]",
    *,
    after_the_game: bool = False,
) -> "tuple[Session, Game]":
    """Build events against the replayed game and write them, all or nothing, under the lock
    (``after_the_game``: also once the game is over, as a note may be)."""
    # Only the commands that record load the record/undo/edit transactions (and the
    # corrections of the core they bring): a command that only reads starts sooner.
    from ..store import catalogue, recording

    path = catalogue.resolve(session, file)
    try:
        recorded = recording.record(path, build, after_the_game=after_the_game)
    except (RuleViolation, EntryError) as error:
        if isinstance(error, OptionConflict):
            raise
        # Said outright, so nobody types `undo` to remove a "bad entry" that was never made.
        raise ChicagoError(
            Msg("{error}; nothing was recorded", error=error),
        ) from None
    note_saved()
    # `--session` and `--file` never change the current session (cli.md, "The current
    # session"): as `git -C`, they name the file of this one command.
    return recorded.session, recorded.game


def rules_for_reading(session: str | None, file: Path | None) -> Any:
    """The rules of the chosen (or current) session; the main rule when there is none."""
    from ..core.rules import HouseRules
    from ..store import catalogue, sessionfile

    try:
        path = catalogue.resolve(session, file)
    except ChicagoError:
        if session is None and file is None:  # no current session (any more)
            return HouseRules()
        raise
    # A session that does not load is refused: its rules may not be the main rule.
    return sessionfile.load_session(path).rules


# -- options several commands read alike ---------------------------------------


def stake_parameter(text: str, param_hint: str = "--stake") -> "Decimal":
    """A ``--stake`` option's text as a stake (`core.stake.parse_stake`), or a usage
    error (exit 2) saying why: the one way every command reads a stake option."""
    from ..core.stake import StakeError, parse_stake
    from ..i18n.language import language

    try:
        return parse_stake(text)
    except StakeError as error:
        raise typer.BadParameter(error.localized(language()), param_hint=param_hint) from None


def unit_parameter(text: str) -> "Decimal":
    """``--round UNIT``: an amount above 0 (a net rounded to whole zeros means nothing)."""
    from ..i18n.language import t

    unit = stake_parameter(text, "--round")
    if unit <= 0:
        raise typer.BadParameter(
            t("the unit to round to must be more than 0, e.g. 1 for whole kronor"),
            param_hint="--round",
        )
    return unit


#: The days a date option takes: a game is played in no other (and local midnight of
#: 0001-01-01 or 9999-12-31 is out of Python's range in some time zones).
_FIRST_DAY, _LAST_DAY = (1900, 1, 1), (9999, 12, 30)


def day_parameter(text: str | None, option: str) -> "date | None":
    """A day typed on the command line: YYYY-MM-DD, or today (idag) in local time."""
    from datetime import date

    from ..i18n.language import t

    if text is None:
        return None
    if text.strip().casefold() in ("today", "idag"):
        return date.today()
    try:
        day = date.fromisoformat(text.strip())
    except ValueError:
        raise typer.BadParameter(
            t("'{text}' is not a date: use YYYY-MM-DD or today", text=visible(text)),
            param_hint=option,
        ) from None
    if not date(*_FIRST_DAY) <= day <= date(*_LAST_DAY):
        raise typer.BadParameter(
            t("{day} is no day a game was played: give one from {first} to {last}",
              day=day.isoformat(), first=date(*_FIRST_DAY).isoformat(),
              last=date(*_LAST_DAY).isoformat()),
            param_hint=option,
        )
    return day


def read_league(
    dirs: list[Path],
    since: "date | None",
    until: "date | None",
    index: "Index | None" = None,
    *,
    show_progress: bool = True,
) -> "Reading":
    """The league's games (`store.leaguefiles.read_games`), each file that could not be
    read named on stderr with a count at the end, as `stats` and `settle --evening` say it."""
    import sys

    from ..i18n.language import t, tn
    from ..store.leaguefiles import read_games
    from .progress import progress_bar

    reading = read_games(
        dirs, since, until, index, progress=progress_bar if show_progress else None
    )
    for reason in reading.problems:
        sys.stderr.write("chicago: " + visible(t("skipped ") + reason) + "\n")
    if reading.skipped:
        count = len(reading.skipped)
        sys.stderr.write(
            "chicago: "
            + tn(
                "{n} damaged file skipped, not counted; nothing was written",
                "{n} damaged files skipped, not counted; nothing was written",
                count,
            )
            + "\n"
        )
    return reading


def refuse_two_rule_sources(rules: Path | None, preset: str | None) -> None:
    """``--rules`` and ``--preset`` each give the whole house rules: not both.  A check of
    the options' spelling, so the command line's own (the core never knows an option)."""
    if rules is not None and preset is not None:
        raise OptionConflict(
            Msg("the house rules come from a rules file or from a preset, not both"),
            part=DealPart.RULES_SOURCE,
        )
