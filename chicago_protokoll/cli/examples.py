"""One example at the end of each command's help (``chicago CMD --help``).

Kept here, in one table, rather than in each command's docstring: the help texts are
message ids of the translation catalogue, and an example is a command line, the same in
every language; only the word "Example:" is translated (`i18n.help`).  `add` puts each
example on its command as Click's epilog; tests/cli/test_help_examples.py fails for a
command without one.
"""

from collections.abc import Callable

import typer

from . import typer_seams

EXAMPLES: dict[str, str] = {
    "new": "chicago new fredag Anna Bo Cilla --preset tournament",
    "deal": 'chicago deal --buy "Bo:två par" --buy pass --last-trick Cilla --showdown "Anna:kåk"',
    "buy": 'chicago buy "Anna:KH KS 9D 9H 3C"',
    "declare": "chicago declare Anna",
    "tricks": "chicago tricks Cilla",
    "showdown": 'chicago showdown "Anna:två par"',
    "royal": "chicago royal Bo",
    "exchange": "chicago exchange Cilla 4",
    "penalty": 'chicago penalty Anna 5 --reason "för tidigt köp"',
    "forfeit": 'chicago forfeit Bo --reason "visade inte kåken"',
    "note": 'chicago note "omgiv: ett kort vändes" --deal 3',
    "undo": "chicago undo --deal",
    "edit": "chicago edit 3 --last-trick Cilla --dry-run",
    "again": "chicago again",
    "status": "chicago status --json",
    "log": "chicago log --session fredag",
    "export": "chicago export --format csv --csv-dialect excel -o fredag.csv",
    "settle": "chicago settle --stake 0.50",
    "compare": 'chicago compare "KH KS 9D 9H 3C" "QH QD 9C 9S 4H"',
    "serve": "chicago serve --host 0.0.0.0",
    "play": "chicago play fredag Anna Bo Cilla",
    "explain": "chicago explain 2 --player Anna",
    "why": "chicago why declare Bo",
    "chart": "chicago chart --width 100",
    "rules show": "chicago rules show --json",
    "rules init": "chicago rules init mina-regler.toml --preset family",
    "rules check": "chicago rules check mina-regler.toml",
    "rules presets": "chicago rules presets",
    "sessions list": "chicago sessions list --json",
    "sessions use": "chicago sessions use fredag",
    "sessions show": "chicago sessions show fredag",
    "sessions remove": "chicago sessions remove fredag --yes",
    "stats": "chicago stats --since today --stake 0.50",
    "nights": "chicago nights --json",
    "night list": "chicago night list",
    "night new": "chicago night new fredag Anna Bo Cilla Dag Eva Fredrik Greta --rounds 3",
    "night draw": "chicago night draw fredag",
    "night status": "chicago night status fredag --format html -o fredag.html",
    "night final": "chicago night final fredag --top 4",
    "night leave": "chicago night leave Bo fredag",
    "night join": "chicago night join Hugo fredag",
    "night cards": "chicago night cards fredag -o bordskort.html",
    "club init": "chicago club init",
    "club sync": "chicago club sync",
    "club keep": "chicago club keep fredag --theirs",
    "merge-driver": "chicago merge-driver base.toml fredag.toml theirs.toml sessions/fredag.toml",
    "publish": "chicago publish ~/klubbens-webb --lang sv",
    "import": "chicago import bord2.csv --session fredag-r1-t2 --dry-run",
    "completion show": "chicago completion show fish > ~/.config/fish/completions/chicago.fish",
    "completion install": "chicago completion install --zshrc",
}

PREFIX = "Example:"


def add(
    app: typer.Typer, names: list[str], name_of: Callable[[typer.models.CommandInfo], str]
) -> None:
    """Put the example of each command of ``app`` (a group named ``names``) on it."""
    for info in typer_seams.commands_of(app):
        example = EXAMPLES.get(" ".join([*names, name_of(info)]))
        if example is not None and PREFIX not in (info.epilog or ""):
            # \b: Click keeps the next paragraph's lines as they are (no rewrapping); after
            # a command's own epilog (what `import` reads), the example comes last
            before = f"{info.epilog}\n\n" if info.epilog else ""
            info.epilog = f"{before}{PREFIX}\n\n\b\n  {example}"
