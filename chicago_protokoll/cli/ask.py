"""Asking the person at the terminal, and refusing to ask when there is none.

A command that would ask (``sessions remove``) asks only on a terminal.  From a script, a
pipe or cron nobody can answer, and a question there would hang or read the script's next
line as its answer: the command refuses at once as a usage error (exit 2) naming the
flag that answers it (``--yes``), before anything is changed (cli.md, fifth round).
"""

from __future__ import annotations

import sys

import typer

from ..i18n.language import t


class NoTerminal(typer.BadParameter):
    """The usage error of a question with nobody to answer it: Click's usage line, then the
    sentence alone (not "Invalid value for --yes", which the flag was not given)."""

    def format_message(self) -> str:
        return self.message


def has_terminal() -> bool:
    """Whether a person can answer: the question is read from stdin, so stdin must be a
    terminal (stdout may be piped: the question goes there, but the answer is typed)."""
    try:
        return sys.stdin is not None and sys.stdin.isatty()
    except ValueError:  # stdin closed
        return False


#: The answers that say no; Enter alone says no too (the question's default).
NO = frozenset({"n", "nej", "no"})


def confirm(question: str, *, answered_by: str) -> bool:
    """``question`` as a yes/no question (no by default) on a terminal, in the chosen
    language and taking its words (``[j/N]``: ja/nej, and y/n); without one, a usage error
    naming ``answered_by``, the flag that gives the answer instead.  Typer's own question
    says ``[y/N]`` and "Error: invalid input" in English."""
    from ..present.talk import YES

    if not has_terminal():
        raise NoTerminal(
            t("there is no terminal to ask on: {flag} answers yes without asking", flag=answered_by)
        )
    while True:
        try:
            answer = input(t("{question} [y/N]: ", question=question)).strip().casefold()
        except (EOFError, KeyboardInterrupt):
            print()
            raise typer.Abort() from None  # said by the root group ("Aborted!"), exit 1
        if answer in YES:
            return True
        if answer in NO or not answer:
            return False
        print(t("Answer yes or no."), file=sys.stderr)
