"""The example at the end of each command's help (``chicago CMD --help``).

Each command declares its own, beside its help: ``@app.command(help=..., epilog=example(
"chicago status --json"))``.  An example is a command line, the same in every language;
only the word "Example:" is translated (`i18n.help` translates an epilog's unindented
lines).  tests/cli/test_help_examples.py fails for a command without one.
"""

PREFIX = "Example:"


def example(line: str, *, after: str | None = None) -> str:
    """The epilog of a command whose example is ``line``; ``after``: the command's own
    epilog (what `import` reads), which the example follows."""
    # \b: Click keeps the next paragraph's lines as they are (no rewrapping)
    before = f"{after}\n\n" if after else ""
    return f"{before}{PREFIX}\n\n\b\n  {line}"
