"""``explain``, ``why`` and ``chart``: the replay told, questions answered, the score race drawn."""

from typing import Annotated, Any

import typer

from .common import (
    FileOption,
    PlayerArgument,
    SessionOption,
    complete_player,
    json,
    load_chosen,
    name_of_session,
    replay_chosen,
)
from .examples import example
from .options import JsonOption

# This group's commands, each with its help and example; `app.py` joins it to the root
# app with `add_typer` (`chicago --help` lists them from `listing`, without this module).
app = typer.Typer()

# -- explain, why, chart --------------------------------------------------------------


def _terminal_width() -> int:
    import shutil

    return max(40, shutil.get_terminal_size((80, 24)).columns)


@app.command(
    help="The replay told deal by deal: each event, the points it gave or took, the rule and\nhouse-rules key behind them, the running totals.",
    epilog=example("chicago explain 2 --player Anna"),
)
def explain(
    deal: Annotated[
        int | None,
        typer.Argument(help="Only this deal (giv); default: every deal.", min=1, metavar="DEAL"),
    ] = None,
    player: Annotated[
        str | None,
        typer.Option(
            "--player",
            "-p",
            help="Only the points PLAYER got or lost, each with its rule.",
            metavar="PLAYER",
            autocompletion=complete_player,
        ),
    ] = None,
    session: SessionOption = None,
    file: FileOption = None,
    as_json: JsonOption = False,
) -> None:
    from ..present.explain import explain_lines
    from ..present.width import wrap_lines

    path, current = load_chosen(session, file)
    standings = replay_chosen(current, path).standings()
    if as_json:
        _print_explain_json(standings, name_of_session(current, path), deal, player)
        return
    lines = explain_lines(
        standings,
        name_of_session(current, path),
        deal=deal,
        player=player,
        corrections=current.corrections,
    )
    print("\n".join(wrap_lines(lines, _terminal_width())))


def _print_explain_json(standings: Any, name: str, deal: int | None, player: str | None) -> None:
    import json

    from ..core.session import resolve_player
    from ..present.explain import deal_record
    from ..present.export import explain_dict

    records = list(standings.deals) if deal is None else [deal_record(standings, deal)]
    names = [p.name for p in standings.players]
    who = None if player is None else resolve_player(player, names, allow_prefix=True)
    print(json.dumps(explain_dict(standings, name, records, who), ensure_ascii=False, indent=2))


def _complete_question(incomplete: str) -> list[str]:
    """The questions `why` answers, by their names (TAB; completions/ has them as words)."""
    from ..present.why import Question

    return [question.value for question in Question if question.value.startswith(incomplete)]


@app.command(
    help="Answers to the questions asked at the table, each with the rules and keys behind it.",
    epilog=example("chicago why declare Bo"),
)
def why(
    question: Annotated[
        str,
        typer.Argument(
            help="declare: may PLAYER declare Chicago now? köpstopp: when does PLAYER's "
            "köpstopp start? last-trick: why did PLAYER get, or not get, the last trick's "
            "points? points: every point PLAYER got or lost.",
            autocompletion=_complete_question,
        ),
    ],
    player: PlayerArgument,
    deal: Annotated[
        int | None,
        typer.Option(
            "--deal", "-d", help="The deal asked about (last-trick, points).", min=1, metavar="DEAL"
        ),
    ] = None,
    session: SessionOption = None,
    file: FileOption = None,
    as_json: JsonOption = False,
) -> None:
    from ..i18n.language import pt, t
    from ..present.why import QUESTION_HELP, answer, answer_dict, parse_question
    from ..present.width import wrap_lines

    asked = parse_question(question)
    if asked is None:
        raise typer.BadParameter(
            t("ask one of: {questions}", questions=t(QUESTION_HELP)),
            param_hint=pt("metavar", "QUESTION"),
        )
    path, current = load_chosen(session, file)
    standings = replay_chosen(current, path).standings()
    if as_json:
        import json

        reply = answer_dict(standings, name_of_session(current, path), asked, player, deal=deal)
        print(json.dumps(reply, ensure_ascii=False, indent=2))
        return
    lines = answer(standings, name_of_session(current, path), asked, player, deal=deal)
    print("\n".join(wrap_lines(lines, _terminal_width())))


@app.command(
    help="The score race in the terminal: a line per player over the deals, with the target and\nköpstopp lines.",
    epilog=example("chicago chart --width 100"),
)
def chart(
    width: Annotated[
        int, typer.Option("--width", help="Columns to draw in.", min=40, max=400)
    ] = 80,
    height: Annotated[int, typer.Option("--height", help="Rows of points.", min=5, max=100)] = 15,
    session: SessionOption = None,
    file: FileOption = None,
    as_json: JsonOption = False,
) -> None:
    from ..present.chart import chart_dict, score_race, text_chart

    path, current = load_chosen(session, file)
    standings = replay_chosen(current, path).standings()
    if as_json:
        print(json.dumps(chart_dict(standings), ensure_ascii=False, indent=2))
        return
    race = score_race(standings)
    print("\n".join(text_chart(race, name_of_session(current, path), width=width, height=height)))
