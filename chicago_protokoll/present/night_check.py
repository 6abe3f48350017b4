"""`night check` as the terminal, ``--json`` and the keeper's page show it: one line a
finding, each with the session and the deal, so the revisor can open it (`chicago explain
--session S`).  The heading and each line are made here once (`findings_heading`,
`finding_line`): the page says what the command says."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.night_check import Finding
from ..i18n.language import language, t, tn
from .width import visible


def findings_json(findings: Sequence[Finding]) -> list[dict[str, Any]]:
    """cli.md: a list of ``{session, deal, kind, text}``."""
    return [
        {"session": f.session, "deal": f.deal, "kind": f.kind, "text": str(f.text)}
        for f in findings
    ]


def findings_heading(night: str, findings: Sequence[Finding], closed: str | None = None) -> str:
    """The sentence above the list (or, with nothing to look at, the whole answer).
    ``closed``: when the night was closed, if it is: its result is final then, and the
    list is what a revisor may still amend (cli.md, "its check and its close")."""
    if closed is not None:
        if not findings:
            return t(
                "The night {night}: its result is final (closed {at}); nothing to look at.",
                night=night,
                at=closed,
            )
        return tn(
            "The night {night}: its result is final (closed {at}); {n} thing to look at, each amended only with a reason:",
            "The night {night}: its result is final (closed {at}); {n} things to look at, each amended only with a reason:",
            len(findings),
            night=night,
            at=closed,
        )
    if not findings:
        return t("The night {night}: nothing to look at before the result is made final.", night=night)
    return tn(
        "The night {night}: {n} thing to look at before the result is made final:",
        "The night {night}: {n} things to look at before the result is made final:",
        len(findings),
        night=night,
    )


def finding_line(finding: Finding) -> str:
    """"fredag-r1-t2, deal 3: …": where to look, and what."""
    where = (
        t("{session}, deal {deal}", session=finding.session, deal=finding.deal)
        if finding.deal
        else finding.session
    )
    return f"{where}: {finding.text.localized(language())}"


def findings_text(night: str, findings: Sequence[Finding], closed: str | None = None) -> str:
    lines = [findings_heading(night, findings, closed)]
    lines += [visible(f"  {finding_line(finding)}") for finding in findings]
    return "\n".join(lines)


def findings_view(night: str, findings: Sequence[Finding], closed: str | None = None) -> dict[str, Any]:
    """The same list as the keeper's page shows it (``night_check.html``, included by
    ``phone/keeper.html``): the heading and each finding's line, in the words above."""
    return {
        "heading": visible(findings_heading(night, findings, closed)),
        "findings": [
            {
                "kind": finding.kind,
                "session": finding.session,
                "deal": finding.deal,
                "text": visible(finding_line(finding)),
            }
            for finding in findings
        ],
    }
