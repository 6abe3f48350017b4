"""The options several commands take, each declared once with its one help text (and
so one Swedish entry in sv.po): ``--json``, ``--stake``, ``--output``, ``--dir``,
``--since``, ``--dry-run`` and ``--rules``.

Only Typer and the standard library: a command that loads no part of the core
(``chicago nights``) takes its options from here too.  The options that complete a name
from a session or the house rules (``--broken-by``, ``--dealer``, ``--preset``, the options
of a whole deal) are `common`'s, beside their completions.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON for scripts.")]

# Read by `common.stake_parameter`, the one stake reader (core.stake.parse_stake).
StakeOption = Annotated[
    str,
    typer.Option("--stake", help="Amount per point for the settlement.", metavar="AMOUNT"),
]

# Written through `output.emit`, the one rule of a file written with -o.
OutputOption = Annotated[
    Path | None,
    typer.Option(
        "--output",
        "-o",
        help="Write to FILE instead of printing ('-': standard output).",
        metavar="FILE",  # a folder: the writer refuses it, with its sentence (exit 1)
        allow_dash=True,
    ),
]

DirOption = Annotated[
    list[Path] | None,
    typer.Option(
        "--dir",
        help="Also the sessions in DIR, e.g. a folder the club shares (repeatable).",
        exists=True,
        file_okay=False,
        metavar="DIR",
    ),
]

SinceOption = Annotated[
    str | None,
    typer.Option(
        "--since",
        help="Only games started on or after YYYY-MM-DD (or 'today').",
        metavar="DATE",
    ),
]

DryRunOption = Annotated[
    bool, typer.Option("--dry-run", help="Show the standings it would give; write nothing.")
]

RulesFileOption = Annotated[
    Path | None,
    typer.Option(
        "--rules",
        help="A house-rules TOML file, copied in: a later edit of the file changes nothing.",
    ),
]
