"""The columns of a paper protocol, by their English and Swedish headers: the one list
`import` reads by, `import --help` lists and `export --format csv` writes its header from.

Apart from core/paper.py (which reads a protocol against a replay) so that `import
--help` can list the columns without loading the engine.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Column:
    """A column a paper protocol may have: the header `export --format csv` writes for it
    in English and in Swedish, the other headers that name it, and whether `import` takes
    its cells.  A column it does not take holds words for a person (what a correction
    changed, a penalty in words) that another column, or the record's history, holds."""

    name: str
    english: str
    swedish: str
    aliases: tuple[str, ...] = ()
    read: bool = True


#: Every column a paper protocol may have besides those named after a köp or a player
#: (`BUY_WORDS`, `TOTAL_WORDS`, `POINTS`): the one list that `import` reads by, `import
#: --help` lists and `export --format csv` writes its header from.  In the order of the
#: export, `royal` last.
COLUMNS: tuple[Column, ...] = (
    Column("deal", "deal", "giv"),
    Column("dealer", "dealer", "givare"),  # checked against the replay, as a total is
    Column("exchange", "exchange", "byte", ("exchanges", "byten")),
    Column("chicago", "chicago", "chicago"),
    Column("broken_by", "broken_by", "bruten av", ("broken by", "bröts av")),
    Column("last_trick", "last_trick", "sista sticket", ("last trick", "sista stick")),
    Column("with_two", "with_two", "med tvåa", ("with two", "med en tvåa")),
    Column("showdown", "showdown", "visning"),
    Column("penalty", "penalty", "straff"),
    Column("forfeit", "forfeit", "förlust"),
    Column("note", "note", "anteckning"),
    Column("revisor_words", "penalties and notes", "straff och anteckningar", read=False),
    Column("taken_words", "taken from an opponent", "avdraget från en motspelare", read=False),
    Column("corrections", "corrections", "rättelser", read=False),
    Column("royal", "royal", "royal"),
)
COLUMN: dict[str, Column] = {column.name: column for column in COLUMNS}
BUY_WORDS = ("buy", "kop")
TOTAL_WORDS = ("total", "summa")


def fold(text: str) -> str:
    """A header as compared: case, diacritics, spaces, '-' and '_' do not count."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    kept = "".join(c for c in decomposed if not unicodedata.combining(c))
    return "".join(c for c in kept if c not in " -_\t")


#: A header's words, folded (`fold`), and the column they name.
HEADERS: dict[str, str] = {
    fold(header): column.name
    for column in COLUMNS
    for header in (column.english, column.swedish, *column.aliases)
}


def header(name: str, lang: str) -> str:
    """The header of column ``name`` as `export --format csv` writes it in ``lang``."""
    column = COLUMN[name]
    return column.swedish if lang == "sv" else column.english


def buy_header(buy: int, lang: str) -> str:
    return f"köp {buy}" if lang == "sv" else f"buy{buy}"


def total_header(player: str, lang: str) -> str:
    """``Anna total`` (``Anna summa``): `import` reads ``total Anna`` as well."""
    return f"{player} {'summa' if lang == 'sv' else 'total'}"


def column_list(*, read: bool = True) -> list[str]:
    """The headers of the columns `import` reads (``read``) or reads past, one line a
    column, English · Swedish (for `import --help`): names, the same in every language, as
    the headers are read in both."""
    lines = []
    for column in COLUMNS:
        if column.read != read:
            continue
        names = column.english if column.english == column.swedish else f"{column.english} · {column.swedish}"
        lines.append(names)
        if read and column.name == "dealer":  # the columns named after a player or a köp
            lines.append("PLAYER, PLAYER total · PLAYER summa, total PLAYER · summa PLAYER")
            lines.append("buy1…buyN · köp 1…köp N")
    return lines
