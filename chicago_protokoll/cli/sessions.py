"""The ``sessions`` group: list, use, show and remove sessions."""

from typing import Annotated, Any

import typer

from ..core.errors import ChicagoError
from ..i18n.language import Msg, language, t, tn
from ..present.width import pad, visible
from .ask import confirm
from .common import (
    complete_session,
    json,
    load_chosen,
    name_of_session,
    replay_chosen,
)
from .examples import example
from .options import JsonOption
from .root import ExitStatus, note_saved

# -- sessions ------------------------------------------------------------------------

# The group's help is declared here; `chicago --help` lists it from `listing`, without this module.
sessions_app = typer.Typer(
    help="List, switch, show and remove sessions.",
    invoke_without_command=True,
    rich_markup_mode=None,
)


@sessions_app.callback()
def sessions_list(ctx: typer.Context, as_json: JsonOption = False) -> None:
    """List the sessions: date, players, deals, finished or not, winner or leader."""
    if ctx.invoked_subcommand is None:
        _list_sessions(as_json)


@sessions_app.command("list", epilog=example("chicago sessions list --json"))
def sessions_list_command(as_json: JsonOption = False) -> None:
    """List the sessions: date, players, deals, finished or not, winner or leader."""
    # `sessions list` as gh and pipx spell a list; bare `sessions` stays the same list.
    _list_sessions(as_json)


def _list_sessions(as_json: bool) -> None:
    import sys

    # `locations`, not `catalogue`: the list needs no writing machinery, and with a warm
    # index no part of the scoring model (tests/cli/test_latency_imports.py).
    from ..store import index as index_store
    from ..store import locations
    from .progress import progress_bar

    current = locations.get_current()
    rows: list[dict[str, Any]] = []
    listed = locations.list_sessions()
    # Through the league's index: a club's thousands of files are not replayed each time.
    with index_store.open_index() as index:
        # A bar only beside an answer for a person: never into what a pipe carries.
        bar = progress_bar if sys.stdout.isatty() and not as_json else None
        found = index.summaries([path for _, path in listed], bar, whole_folders=True)
    for (name, _), item in zip(listed, found, strict=True):
        summary = item.summary
        if summary is None:
            assert item.error is not None
            rows.append(
                {"name": name, "error": item.error.localized(language()), "current": name == current}
            )
            continue
        rows.append(
            {
                "name": name,
                "created": summary.created,
                "players": list(summary.players),
                "deals": summary.deals,
                "finished": summary.finished,
                "winners": list(summary.winners),
                "leader": summary.leader,
                "current": name == current,
            }
        )
    if as_json:
        print(json.dumps(rows, ensure_ascii=False, indent=2))
        return
    if not rows:
        print(
            t("No sessions yet: chicago new NAME PLAYER PLAYER ...")
        )
        return
    for row in rows:
        mark = "*" if row["current"] else " "
        if "error" in row:
            print(visible(f"{mark} {pad(row['name'], 16)} {row['error']}"))
            continue
        # Finished or not said in words: at the end of an evening the open game stands out.
        if row["finished"]:
            outcome = t("finished, winner ") + " & ".join(row["winners"])
        elif row["leader"]:
            outcome = t("playing, leader ") + row["leader"]
        else:
            outcome = t("playing, level")
        date = (row["created"] or "")[:10]
        count = row["deals"]
        deals = tn("{n} deal", "{n} deals", count)
        players = ", ".join(row["players"])
        print(visible(f"{mark} {pad(row['name'], 16)} {date:<10}  {players}  {deals}  {outcome}"))


@sessions_app.command("use", epilog=example("chicago sessions use fredag"))
def sessions_use(
    name: Annotated[
        str, typer.Argument(help="The session to make current.", autocompletion=complete_session)
    ],
) -> None:
    """Make NAME the current session."""
    from ..store import catalogue, locations, sessionfile
    path = locations.session_path(name)
    sessionfile.load_session(path)
    catalogue.set_current(name)
    note_saved()
    print(t("Current session: {name}", name=name))


@sessions_app.command("show", epilog=example("chicago sessions show fredag"))
def sessions_show(
    name: Annotated[
        str | None,
        typer.Argument(
            help="A session (default: the current one).", autocompletion=complete_session
        ),
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """Where a session's file is, its players and rules, and its standings."""
    from ..present.views import plain_standings
    path, current = load_chosen(name, None)
    standings = replay_chosen(current, path).standings()
    if as_json:
        from ..present.views import last_ids, status_dict

        session_name = name_of_session(current, path)
        shown = {
            "session": session_name,
            "file": str(path),
            "created": current.created,
            "players": list(current.players),
            "deals": len([d for d in standings.deals if d.complete]),
            "finished": standings.finished,
            "winners": list(standings.winners),
            "status": status_dict(standings, session_name) | last_ids(current),
        }
        print(json.dumps(shown, ensure_ascii=False, indent=2))
        return
    print(t("File: {path}", path=path))
    print(t("Created: {created}", created=current.created))
    print(t("Events: {events_count}", events_count=len(current.events)))
    print(plain_standings(standings, name_of_session(current, path)))


@sessions_app.command("remove", epilog=example("chicago sessions remove fredag --yes"))
def sessions_remove(
    name: Annotated[
        str, typer.Argument(help="The session to delete.", autocompletion=complete_session)
    ],
    yes: Annotated[bool, typer.Option("--yes", "-y", help="Do not ask for confirmation.")] = False,
) -> None:
    """Delete a session file (asks first)."""
    from ..store import catalogue, locations
    path = locations.session_path(name)
    if not path.exists():
        raise ChicagoError(
            Msg("there is no session called '{name}'", name=name),
        )
    if not yes and not confirm(
        t("Delete session '{name}' ({path})?", name=name, path=path), answered_by="--yes"
    ):
        print(t("Nothing was deleted."))
        raise typer.Exit(ExitStatus.REFUSED)
    catalogue.remove_session(name)
    note_saved()
    print(t("Removed {name}", name=name))
