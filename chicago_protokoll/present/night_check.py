"""`night check` as the terminal and ``--json`` show it: one line a finding, each with the
session and the deal, so the revisor can open it (`chicago explain --session S`)."""

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


def findings_text(night: str, findings: Sequence[Finding]) -> str:
    if not findings:
        return t("The night {night}: nothing to look at before the result is made final.", night=night)
    lines = [
        tn(
            "The night {night}: {n} thing to look at before the result is made final:",
            "The night {night}: {n} things to look at before the result is made final:",
            len(findings),
            night=night,
        )
    ]
    for finding in findings:
        where = (
            t("{session}, deal {deal}", session=finding.session, deal=finding.deal)
            if finding.deal
            else finding.session
        )
        lines.append(visible(f"  {where}: {finding.text.localized(language())}"))
    return "\n".join(lines)
