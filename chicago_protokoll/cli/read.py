"""The commands that read a session and write nothing: ``status``, ``log``, ``export``,
``settle`` and ``compare``.
"""

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Literal

import typer

from ..i18n.language import language, pt, t
from .answering import answer
from .common import (
    FileOption,
    SessionOption,
    complete_night,
    day_parameter,
    json,
    name_of_session,
    replay_chosen,
    rules_for_reading,
    stake_parameter,
    unit_parameter,
)
from .examples import example
from .options import DirOption, JsonOption, OutputOption, SinceOption, StakeOption
from .output import emit

if TYPE_CHECKING:
    from ..core.session import Session

# This group's commands, each with its help and example; `app.py` joins it to the root
# app with `add_typer` (`chicago --help` lists them from `listing`, without this module).
app = typer.Typer()

# -- reading -----------------------------------------------------------------------


@app.command(
    help="The standings: totals, dealer and förhand, köpstopp, who may declare Chicago, what is next.",
    epilog=example("chicago status --json"),
)
def status(
    session: SessionOption = None, file: FileOption = None, as_json: JsonOption = False
) -> None:
    def make(current: "Session", path: Path) -> str:
        standings = replay_chosen(current, path).standings()
        name = name_of_session(current, path)
        if as_json:
            from ..present.views import last_ids, status_dict

            data = status_dict(standings, name) | last_ids(current)
            return json.dumps(data, ensure_ascii=False, indent=2) + "\n"
        from ..present.render import painter, status_lines

        return "\n".join(status_lines(standings, name, painter())) + "\n"

    # the kept answer when the file is as it was (cli/answering.py): no model imported
    answer("status", (as_json,), session, file, make, _print, painted=not as_json)


@app.command(
    help="The protocol as on paper: a row per deal, each player's points and running total.",
    epilog=example("chicago log --session fredag"),
)
def log(
    session: SessionOption = None, file: FileOption = None, as_json: JsonOption = False
) -> None:
    def make(current: "Session", path: Path) -> str:
        standings = replay_chosen(current, path).standings()
        name = name_of_session(current, path)
        if as_json:
            from ..present.export import log_dict
            from ..present.views import last_ids

            data = log_dict(standings, name) | last_ids(current)
            return json.dumps(data, ensure_ascii=False, indent=2) + "\n"
        from ..present.render import painter, protocol_lines

        lines = protocol_lines(standings, name, painter(), current.corrections)
        return "\n".join(lines) + "\n"

    answer("log", (as_json,), session, file, make, _print, painted=not as_json)


def _print(_path: Path, text: str) -> None:
    sys.stdout.write(text)


ExportFormat = Literal["json", "csv", "md", "html", "protocol"]
CsvDialect = Literal["plain", "excel"]  # present/export.py: CSV_DIALECTS


@app.command(
    help="Export the game: every deal with its events and the running totals.",
    epilog=example("chicago export --format csv --csv-dialect excel -o fredag.csv"),
)
def export(
    fmt: Annotated[
        ExportFormat,
        typer.Option(
            "--format",
            help="json, csv, md, html or protocol (the paper protocol: rows so far, the rest blank).",
            case_sensitive=False,
        ),
    ] = "json",
    output: OutputOption = None,
    stake: StakeOption = "1",
    dialect: Annotated[
        CsvDialect | None,
        typer.Option(
            "--csv-dialect",
            help="csv: plain (comma, for scripts) or excel (semicolon, CRLF, BOM, decimal "
            "comma: opens as columns in a Swedish Excel). Default: excel in Swedish, else plain.",
        ),
    ] = None,
    session: SessionOption = None,
    file: FileOption = None,
) -> None:
    def make(current: "Session", path: Path) -> str:
        standings = replay_chosen(current, path).standings()
        name = name_of_session(current, path)
        from ..present import export as exporters

        if fmt == "json":
            text = exporters.export_json(
                standings, name, current.first_dealer, current.corrections
            )
        elif fmt == "csv":
            chosen = dialect or ("excel" if language() == "sv" else "plain")
            text = exporters.export_csv(standings, chosen, current.corrections)
        elif fmt == "html":
            from ..present.html_sheet import export_html

            text = export_html(standings, name, str(stake_parameter(stake)), current.corrections)
        elif fmt == "protocol":
            # the template engine only for this format: the other exports start as fast as before
            from ..present.paper_protocol import protocol_html

            text = protocol_html(standings, name, current.corrections)
        else:
            text = exporters.export_markdown(
                standings, name, str(stake_parameter(stake)), current.corrections
            )
        return text

    def show(path: Path, text: str) -> None:
        emit(output, text, beside=path)

    answer("export", (fmt, stake, dialect), session, file, make, show)


@app.command(
    "settle",
    help="Who pays whom: each loser pays the difference to the winner times the stake.",
    epilog=example("chicago settle --stake 0.50"),
)
def settle_command(
    stake: StakeOption = "1",
    session: SessionOption = None,
    file: FileOption = None,
    as_json: JsonOption = False,
    evening: Annotated[
        bool,
        typer.Option(
            "--evening",
            help="Net every finished game of the evening (since 05:00) and pay with the fewest transfers.",
        ),
    ] = False,
    since: SinceOption = None,
    unit: Annotated[
        str | None,
        typer.Option(
            "--round",
            help="With --evening: round each net to whole UNITs first (largest remainder), e.g. 1 for whole kronor.",
            metavar="UNIT",
        ),
    ] = None,
    dirs: DirOption = None,
    fmt: Annotated[
        Literal["text", "md", "html"],
        typer.Option("--format", help="With --evening: text, md or html (a page for the group chat).", case_sensitive=False),
    ] = "text",
    output: OutputOption = None,
    night: Annotated[
        str | None,
        typer.Option("--night", help="With --evening: the games of the club night NAME.", metavar="NAME", autocompletion=complete_night),
    ] = None,
) -> None:
    amount = stake_parameter(stake)  # before the file: a usage error is about the command line
    if evening:
        from .evening import settle_evening

        settle_evening(
            stake=amount,
            since=day_parameter(since, "--since") if since is not None else None,
            unit=unit_parameter(unit) if unit is not None else None,
            dirs=dirs or [],
            fmt=fmt,
            output=output,
            as_json=as_json,
            night=night,
        )
        return
    given = {"--since": since, "--round": unit, "--dir": dirs, "--output": output, "--night": night}
    for option, value in given.items():
        if value:
            raise typer.BadParameter(t("belongs to settle --evening"), param_hint=option)
    if fmt != "text":
        raise typer.BadParameter(t("belongs to settle --evening"), param_hint="--format")
    def make(current: "Session", path: Path) -> str:
        from ..core.settle import amount_json, settle

        standings = replay_chosen(current, path).standings()
        winners = list(standings.winners)
        provisional = not standings.finished
        if provisional:
            # who would be paid if the game stopped now: the leaders, not (yet) winners
            best = max(standings.scores.values())
            winners = [n for n, s in standings.scores.items() if s == best]
        # A forfeiting player counts as 0 points (rules.md, "Forfeit"); the totals stay as recorded.
        payments = settle(standings.counted_scores, winners, amount)
        if as_json:
            stake_value = amount_json(amount)
            return (
                json.dumps(
                    {
                        "stake": stake_value,
                        "finished": standings.finished,
                        # empty until the game is over, as in `status --json`; the provisional
                        # payments go to the leaders
                        "winners": list(standings.winners),
                        "leaders": winners,
                        "payments": [
                            {"from": p.payer, "to": p.payee, "amount": amount_json(p.amount)}
                            for p in payments
                        ],
                    },
                    ensure_ascii=False,
                    indent=2,
                )
                + "\n"
            )
        from ..present.render import painter, settlement_lines

        name = name_of_session(current, path)
        lines = settlement_lines(name, winners, payments, str(amount), provisional, painter())
        return "\n".join(lines) + "\n"

    # the stake as typed: its text is the question (the answer writes it as parsed)
    answer("settle", (stake, as_json), session, file, make, _print, painted=not as_json)


@app.command(
    help="Which hand wins? Settles a dispute by poker order (and the table's tie rule).",
    epilog=example("chicago compare \"KH KS 9D 9H 3C\" \"QH QD 9C 9S 4H\""),
)
def compare(
    hands: Annotated[
        list[str],
        typer.Argument(
            help="Two or more hands: five cards like 'KH KS 9D 9H 3C' or a hand name.",
            metavar="HAND HAND...",
        ),
    ],
    as_json: JsonOption = False,
    session: SessionOption = None,
    file: FileOption = None,
) -> None:
    from ..core.compare import compare_hands

    if len(hands) < 2:
        raise typer.BadParameter(t("give at least two hands"), param_hint=pt("metavar", "HAND"))
    rules = rules_for_reading(session, file)
    result = compare_hands(hands, rules)
    if as_json:
        print(json.dumps(result.as_json(), ensure_ascii=False, indent=2))
        return
    print(result.as_text())
