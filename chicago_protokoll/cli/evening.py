"""`chicago settle --evening`: which sessions make the evening, read as `stats` reads
them, and the evening's money printed or written (`core.evening`, `present.evening`)."""

from __future__ import annotations

from datetime import date, datetime, time, timedelta
from decimal import Decimal
from pathlib import Path

from ..present.width import visible
from .common import json, read_league
from .output import emit

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..core.stats import Played

#: An evening runs from five in the morning: a game started at 01:30 is last night's.
EVENING_STARTS = time(5, 0)


def evening_start(now: datetime, since: date | None) -> datetime:
    """The moment the evening began: ``since`` at its first hour, else today's 05:00
    (yesterday's before five in the morning), local time."""
    if since is not None:
        return datetime.combine(since, time(0, 0)).astimezone()
    local = now.astimezone()
    day = local.date() if local.time() >= EVENING_STARTS else local.date() - timedelta(days=1)
    return datetime.combine(day, EVENING_STARTS).astimezone()


def _started_since(created: str, start: datetime) -> bool:
    if not created:
        return False
    moment = datetime.fromisoformat(created)
    if moment.tzinfo is None:
        moment = moment.astimezone()
    return moment >= start


def _night_games(name: str) -> tuple[list[Played], str]:
    """The finished games of a club night's tables, whenever they were started, and the
    night's start as the heading's "since"."""
    from ..core.stats import played
    from ..store import locations, nightfile, sessionfile

    path = nightfile.resolve_night(name)
    night = nightfile.load_night(path)
    games: list[Played] = []
    for table in night.tables:
        session_path = locations.session_path(table.session)
        session = sessionfile.load_session(session_path)
        game = played(session, sessionfile.replay_file(session, session_path).standings())
        if game is not None:
            games.append(game)
    return games, night.name


def settle_evening(
    *,
    stake: Decimal,
    since: date | None,
    unit: Decimal | None,
    dirs: list[Path],
    fmt: str,
    output: Path | None,
    as_json: bool,
    night: str | None = None,
) -> None:
    from ..core.evening import evening
    from ..present import evening as view
    from ..store import locations

    start = evening_start(datetime.now(), since)
    if night is not None:
        games, night_name = _night_games(night)
        tonight = evening(games, stake, round_to=unit)
        heading = view.night_heading(tonight, night_name)
    else:
        reading = read_league(dirs, start.date(), None)
        games = [game for game in reading.games if _started_since(game.created, start)]
        tonight = evening(games, stake, round_to=unit)
        heading = view.evening_heading(tonight, start.strftime("%Y-%m-%d %H:%M"))
    if as_json:
        text = json.dumps(view.evening_dict(tonight), ensure_ascii=False, indent=2)
    elif fmt == "md":
        text = view.evening_markdown(tonight, heading).rstrip("\n")
    elif fmt == "html":
        text = view.evening_html(tonight, heading).rstrip("\n")
    else:
        text = "\n".join(visible(line) for line in view.evening_lines(tonight, heading))
    emit(output, text + "\n", beside=locations.sessions_dir())
