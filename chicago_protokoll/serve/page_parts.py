"""The parts a recording page's form is made of — a button, a choice from a list, a part
of a deal — as values the templates (templates/phone/) draw: apart from
`record_page`, which puts them together, so the modules that make some of them
(`record_evening`, `record_fields`) need not import the page that imports them.  Also
the hands offered with a switch set (`switched_choices`), read off the claim's own table
(`core.claims.SWITCH_CHOICES`) for every page that offers a hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..core.claims import SWITCH_CHOICES, Claim, switched_hands
from ..core.events import SWITCHES
from ..core.rules import HouseRules
from ..i18n.language import language


@dataclass(frozen=True, slots=True)
class Choice:
    """One button or link: what it sends, its text, a line under it; ``name``: the text
    is a player's name (it breaks at its spaces and hyphens)."""

    value: str
    text: str
    sub: str = ""
    name: bool = False


@dataclass(frozen=True, slots=True)
class Select:
    """One choice from a list: its field, its options (value, text), the one preset, and
    its accessible name (``label``; "" where a ``<label>`` around it names it)."""

    name: str
    choices: Sequence[tuple[str, str]]
    chosen: str = ""
    label: str = ""


@dataclass(frozen=True, slots=True)
class Group:
    """A part of a deal in a form: its heading and its choices (side by side when ``row``),
    and the "with a two" box where the part has one (``two``: checked or not)."""

    label: str
    selects: Sequence[Select]
    row: bool = True
    two: bool | None = None
    part: str = ""  # the whole-deal form's part (the outbox hides the parts it has)


def hand_label(claim: Claim) -> str:
    """A hand on the phone: its Swedish name, which the table says, then what each switch
    set says (``Fyrtal — nolla de andra``)."""
    assert claim.hand is not None
    said = (SWITCH_CHOICES[name][1].localized(language()) for name in SWITCHES if getattr(claim, name))
    return " — ".join((claim.hand.swedish, *said))


def switched_choices(rules: HouseRules) -> list[tuple[str, str]]:
    """The hands with a switch set that a table of ``rules`` offers (`claims.switched_hands`),
    as (what the form sends, its text): after the plain hands on every page that offers one."""
    return [(claim.choices()[1], hand_label(claim)) for claim in switched_hands(rules)]
