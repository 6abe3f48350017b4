"""`night check` as the terminal, ``--json`` and the keeper's page show it: one line a
finding, each with the session and the deal, so the revisor can open it (`chicago explain
--session S`).  The heading and each line are made here once (`findings_heading`,
`finding_line`): the page says what the command says."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
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


def findings_heading(night: str, findings: Sequence[Finding]) -> str:
    """The sentence above the list (or, with nothing to look at, the whole answer)."""
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


def findings_text(night: str, findings: Sequence[Finding]) -> str:
    lines = [findings_heading(night, findings)]
    lines += [visible(f"  {finding_line(finding)}") for finding in findings]
    return "\n".join(lines)


def findings_html(night: str, findings: Sequence[Finding]) -> str:
    """The same list as a section of the keeper's page (names and reasons escaped)."""
    items = "".join(
        f'<li data-kind="{escape(finding.kind)}" data-session="{escape(finding.session)}" '
        f'data-deal="{finding.deal}">{escape(visible(finding_line(finding)))}</li>'
        for finding in findings
    )
    title = escape(t("Night check"))
    heading = escape(visible(findings_heading(night, findings)))
    return (
        f'<section class="check" aria-labelledby="check-title"><h2 id="check-title">{title}</h2>'
        f"<p>{heading}</p>" + (f"<ul>{items}</ul>" if items else "") + "</section>"
    )
