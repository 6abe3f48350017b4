"""A club folder's conflicts and settlements in words and as data (``club sync``,
``club conflicts``): what differs, deal by deal, in the table's words (`narrate`),
never the file's event type names."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..core.events import Event, event_to_dict
from ..i18n.language import language, t, tn
from .narrate import deal_parts, describe_in_deal

if TYPE_CHECKING:
    from ..store.club import Conflict
    from ..store.clubsettle import Recorded

JSON_VERSION = 1


def _events(entries: Sequence[object]) -> list[Event]:
    # MergeConflict carries them untyped (core.logmerge is generic); a session's are events
    return [entry for entry in entries if isinstance(entry, Event)]


def deal_difference(deal: int, ours: Sequence[object], theirs: Sequence[object]) -> str:
    """``deal 3: köp 1 Dag: pair here, Anna: pair there; last trick Cilla here, Bo there``:
    the parts of the deal that differ; a deal alike in its parts (a rule the merge broke)
    is told whole on each side."""
    here, there = deal_parts(_events(ours)), deal_parts(_events(theirs))
    none = t("none")
    changes = [
        t("{part} {ours} here, {theirs} there", part=part, ours=here.get(part, none), theirs=there.get(part, none))
        for part in [*here, *(p for p in there if p not in here)]
        if here.get(part) != there.get(part)
    ]
    if not changes:
        changes = [
            t(
                "{ours} here; {theirs} there",
                ours=", ".join(describe_in_deal(e) for e in _events(ours)) or none,
                theirs=", ".join(describe_in_deal(e) for e in _events(theirs)) or none,
            )
        ]
    return t("deal {deal}: {changes}", deal=deal, changes="; ".join(changes))


def conflict_lines(conflict: Conflict) -> list[str]:
    """The conflict's reason, then each deal that differs, in words."""
    lang = language()
    lines = [t("conflict in {path}: {reason}", path=conflict.path, reason=conflict.reason.localized(lang))]
    lines.extend(deal_difference(deal, ours, theirs) for deal, ours, theirs in conflict.sides)
    if conflict.tables:
        lines.append(t("its tables' games go with the side kept: {tables}", tables=", ".join(conflict.tables)))
    return lines


def name_of(path: str) -> str:
    """How ``club keep`` takes a path: a session's or night's name, any other by its path."""
    from ..store.clubfiles import kind_of

    return path.rsplit("/", 1)[-1].removesuffix(".toml") if kind_of(path) else path


def conflicts_json(conflicts: Sequence[Conflict]) -> dict[str, Any]:
    lang = language()
    return {
        "format": "chicago-protokoll/club-conflicts",
        "version": JSON_VERSION,
        "conflicts": [
            {
                "name": name_of(conflict.path),
                "path": conflict.path,
                "kind": conflict.kind,
                "reason": conflict.reason.localized(lang),
                "theirs": conflict.theirs,
                "tables": list(conflict.tables),
                "deals": [
                    {
                        "deal": deal,
                        "ours": [event_to_dict(e) for e in _events(ours)],
                        "theirs": [event_to_dict(e) for e in _events(theirs)],
                        "differs": deal_difference(deal, ours, theirs),
                    }
                    for deal, ours, theirs in conflict.sides
                ],
            }
            for conflict in conflicts
        ],
    }


def settlement_line(item: Recorded) -> str:
    """``2026-12-04 21:10 fredag: Anna's laptop kept its own version; dropped deal 5 (4 entries)``."""
    settled = item.settlement
    name = name_of(settled.path)
    when = item.at[:16].replace("T", " ")
    if settled.kept == "both":
        how = t("{by} kept both games; the later one is now {renamed}", by=item.by, renamed=settled.renamed)
    elif settled.kept == "ours":
        how = t("{by} kept its own version", by=item.by)
    else:
        how = t("{by} kept the other machine's version", by=item.by)
    if settled.lost_game is not None:
        what = t("dropped the game started at {created}", created=settled.lost_game[0])
    elif settled.lost_night:
        what = t("dropped the other version of the night")
    elif settled.dropped:
        counts: dict[int, int] = {}
        for deal, _ in settled.dropped:
            counts[deal] = counts.get(deal, 0) + 1
        what = t(
            "dropped {deals}",
            deals=", ".join(tn("deal {deal} ({n} entry)", "deal {deal} ({n} entries)", count, deal=deal) for deal, count in sorted(counts.items())),
        )
    else:
        what = t("nothing dropped")
    return f"{when} {name}: {how}; {what}"


def settlements_json(items: Sequence[Recorded]) -> dict[str, Any]:
    return {
        "format": "chicago-protokoll/club-settlements",
        "version": JSON_VERSION,
        "settlements": [
            {
                "name": name_of(item.settlement.path),
                "path": item.settlement.path,
                "commit": item.commit,
                "at": item.at,
                "by": item.by,
                "kept": item.settlement.kept,
                "renamed": item.settlement.renamed or None,
                "dropped": [{"deal": deal, "id": ident} for deal, ident in item.settlement.dropped],
                "dropped_game": item.settlement.lost_game[0] if item.settlement.lost_game else None,
                "dropped_night": bool(item.settlement.lost_night),
            }
            for item in items
        ],
    }
