"""The evening's money as the table reads it (`chicago settle --evening`): each player's
net and who pays whom, in the terminal, as JSON, and as a Markdown or HTML page for the
group chat."""

from __future__ import annotations

from typing import Any

from ..core.evening import Evening
from ..core.settle import amount_json, amount_text
from ..i18n.language import number, t, tn


def _money(amount: Any) -> str:
    return number(amount_text(amount))


def _signed(amount: Any) -> str:
    text = _money(abs(amount))
    return ("+" if amount > 0 else "−" if amount < 0 else "") + text


def night_heading(evening: Evening, night: str) -> str:
    return tn(
        "The club night {night}: {n} finished game, {stake} per point",
        "The club night {night}: {n} finished games, {stake} per point",
        evening.games,
        night=night,
        stake=_money(evening.stake),
    )


def evening_heading(evening: Evening, since: str) -> str:
    return tn(
        "The evening: {n} finished game since {since}, {stake} per point",
        "The evening: {n} finished games since {since}, {stake} per point",
        evening.games,
        since=since,
        stake=_money(evening.stake),
    )


def _payment_line(payer: str, payee: str, amount: Any) -> str:
    # The words of a game's settlement (`play`'s end), without its indent.
    text = t("  {payer} pays {payee} {amount}", payer=payer, payee=payee, amount=_money(amount))
    return text.strip()


def evening_lines(evening: Evening, heading: str) -> list[str]:
    """The evening for a terminal: the heading, each net, then the payments."""
    lines = [heading]
    if not evening.net:
        return [*lines, t("No finished game this evening: nobody pays anything.")]
    width = max(len(name) for name in evening.net)
    for name, amount in sorted(evening.net.items(), key=lambda item: (-item[1], item[0])):
        lines.append(f"  {name:<{width}}  {_signed(amount):>8}")
    if evening.payments:
        lines.append(t("Payments:"))
        lines += ["  " + _payment_line(p.payer, p.payee, p.amount) for p in evening.payments]
    else:
        lines.append(t("Nobody pays anything."))
    return lines


def evening_dict(evening: Evening) -> dict[str, Any]:
    """cli.md: {"stake", "games", "net": [{"name", "amount"}], "payments": [{"from", "to",
    "amount"}]}."""
    return {
        "stake": amount_json(evening.stake),
        "games": evening.games,
        "net": [{"name": name, "amount": amount_json(amount)} for name, amount in evening.net.items()],
        "payments": [
            {"from": p.payer, "to": p.payee, "amount": amount_json(p.amount)}
            for p in evening.payments
        ],
    }


def evening_markdown(evening: Evening, heading: str) -> str:
    from .markdown import markdown_text as _md

    lines = [f"# {_md(heading)}", ""]
    if evening.net:
        lines += [f"| {t('Player')} | {t('Net')} |", "|---|---:|"]
        lines += [f"| {_md(name)} | {_signed(amount)} |" for name, amount in evening.net.items()]
        lines.append("")
    if evening.payments:
        lines += [f"## {t('Payments')}", ""]
        lines += [
            f"- {_md(_payment_line(p.payer, p.payee, p.amount))}" for p in evening.payments
        ]
    else:
        lines.append(t("Nobody pays anything."))
    return "\n".join(lines) + "\n"


def evening_html(evening: Evening, heading: str) -> str:
    """The evening as one standalone page (the template ``evening.html``)."""
    from .documents import standalone

    return standalone(
        "evening.html",
        title=heading,
        stylesheets=("sheet.css",),
        net=[{"name": name, "amount": _signed(amount)} for name, amount in evening.net.items()],
        payments=[_payment_line(p.payer, p.payee, p.amount) for p in evening.payments],
    )
