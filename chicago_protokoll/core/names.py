"""Player names are plain, visible text: the one check every table goes through.

`new_session` calls `check_player_names`, so ``new``, ``play``, ``again`` and a
hand-edited session file (whose players are checked when it loads) all refuse the same
names.  A name is refused when it could not be told apart from another name on paper
or on screen, or could do something to a terminal:

- it is empty, or longer than `MAX_PLAYER_NAME` characters (a protocol column, not a
  paragraph);
- it starts or ends with white space;
- it holds a character that is not visible text: controls (C0, C1, DEL), format
  characters (bidirectional overrides and isolates, zero-width spaces and joiners, the
  byte-order mark), line and paragraph separators, private-use, unassigned and surrogate
  code points (categories Cc, Cf, Cs, Co, Cn, Zl, Zp), spaces other than the plain
  space, and the invisible letters and marks Unicode lists as default-ignorable
  (Hangul fillers, variation selectors, the combining grapheme joiner...);
- it starts with a combining mark, which would sit on whatever is printed before it;
- two names of one table are the same after NFC normalisation and case folding
  (``Åsa`` typed composed and decomposed, ``ANNA`` and ``anna``).

Names are kept in NFC, so the file, the exports and the screen hold one spelling.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from ..i18n.language import Msg
from .errors import ChicagoError

#: The longest player name, in characters (code points after NFC).
MAX_PLAYER_NAME = 40

_REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})

# Default-ignorable code points that are letters or marks (so no category above catches
# them) but print as nothing, and the braille blank, which prints as a space.
_INVISIBLE = frozenset(
    [
        *(0x034F, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x2800, 0x3164, 0xFFA0),
        *range(0x180B, 0x1810),  # Mongolian variation selectors
        *range(0xFE00, 0xFE10),  # variation selectors
        *range(0xE0100, 0xE01F0),  # variation selectors supplement
    ]
)


class PlayerNameError(ChicagoError, ValueError):
    """A player's name that is not plain, visible text, or two names that look alike."""


def shown(text: str) -> str:
    """``text`` as it may be quoted in a message: every character that is not printable
    (a control, an invisible, a lone surrogate) written as its code, ``\\u200b``."""
    return "".join(
        ch if ch.isprintable() and ord(ch) not in _INVISIBLE else _code(ch) for ch in text
    )


def _code(ch: str) -> str:
    point = ord(ch)
    if point < 0x100:
        return f"\\x{point:02x}"
    return f"\\u{point:04x}" if point < 0x10000 else f"\\U{point:08x}"


#: Words that answer "who?" at the table with nobody: no player may be called so.
RESERVED_NAMES = frozenset({"pass", "tie", "nobody", "ingen", "lika"})


def name_problem(name: str, *, new: bool = True) -> Msg | None:
    """Why ``name`` (already NFC) cannot be a player's name, as a clause after "it"; None
    when it can.  ``new=False`` for a name already in a file: what this release refuses
    only in a new name (an '=') is kept there, so the file still loads."""
    if not name:
        return Msg.in_context("player name", "it is empty")
    if len(name) > MAX_PLAYER_NAME:
        return Msg(
            "it is longer than {max_player_name} characters",
            max_player_name=MAX_PLAYER_NAME,
        )
    hidden = hidden_character(name)
    if hidden:
        return Msg("it contains {hidden}, which is not visible text", hidden=hidden)
    if name != name.strip():
        return Msg("it starts or ends with a space")
    if unicodedata.category(name[0]).startswith("M"):
        return Msg("it starts with a combining mark, which would sit on the text before it")
    if name.casefold() in RESERVED_NAMES:
        return Msg("it means something else")
    # ':' and ',' separate a name from its hand and exchanges (Anna:kåk, Anna:2,1); a
    # leading '-' would read as an option.
    if any(ch in name for ch in ":,") or name.startswith("-"):
        return Msg("leave out ':' and ',' and a leading '-'")
    # '=' separates a köp from its claim in `edit --buy 2=Anna:kåk`.
    if new and "=" in name:
        return Msg("leave out '=', which separates a köp's number from its hand (2=Anna:kåk)")
    return None


#: What builds one emoji picture out of several characters: the zero-width joiner (👨‍👩‍👧)
#: and the variation selector asking for the picture (❤️).  A phone's keyboard puts them in
#: a note; a name may not hold them (it could not be told apart from one without).
_PICTURE = frozenset("\u200d\ufe0f")


def hidden_character(text: str, *, pictures: bool = False) -> str | None:
    """The first character of ``text`` that is not visible text (a control, a format or
    invisible character, a space other than the plain space), as its code and Unicode
    name; None when there is none.  Also for the session's own name in a file, and
    (``pictures=True``, `remark_problem`) for a note or a reason."""
    for char in text:
        category = unicodedata.category(char)
        if (
            category in _REFUSED_CATEGORIES
            or ord(char) in _INVISIBLE
            or (category == "Zs" and char != " ")
        ) and not (pictures and char in _PICTURE):
            return f"{_code(char)} ({_char_name(char)})"
    return None


def remark_text(text: str) -> str:
    """A note or a reason as recorded: its runs of white space (tabs, line breaks) one
    space, and no edges."""
    return " ".join(text.split())


def remark_problem(text: str) -> Msg | None:
    """Why a note or a reason (after `remark_text`) cannot be recorded, as a clause after
    "it"; None when it can.  The names' own check (`hidden_character`): an escape, a bell,
    an OSC sequence or a bidirectional override in a note would act on every terminal
    that shows it, and reorder the text of every export.  Checked at entry only (the CLI,
    ``play``, the phone, an imported protocol): a file that holds one still loads, and
    every output shows it escaped."""
    # Bytes that are not UTF-8 reach Python as lone surrogates (\udcff) from a terminal
    # or a pipe: say so, not "\udcff", and never let them reach the file's encoder.
    if any("\udc80" <= char <= "\udcff" for char in text):
        return Msg("it is not UTF-8 text: type it again in a UTF-8 terminal")
    hidden = hidden_character(text, pictures=True)
    if hidden:
        return Msg("it contains {hidden}, which is not visible text", hidden=hidden)
    return None


def _char_name(char: str) -> str:
    return unicodedata.name(char, f"category {unicodedata.category(char)}")


def check_player_name(name: str, *, new: bool = True) -> str:
    """``name`` in NFC, or `PlayerNameError` saying why it cannot be a player's name
    (``new=False``: a name read from a file, `name_problem`)."""
    normal = unicodedata.normalize("NFC", name) if _encodable(name) else name
    problem = name_problem(normal, new=new)
    if problem:
        raise PlayerNameError(
            Msg(
                "'{name}' cannot be a player's name: {problem}",
                name=shown(name),
                problem=problem,
            ),
        )
    return normal


def typed_name(text: str) -> str:
    """A name as typed to pick a seat, in the form seats are stored in: stripped, NFC."""
    text = text.strip()
    return unicodedata.normalize("NFC", text) if _encodable(text) else text


def check_player_names(players: Sequence[str], *, new: bool = True) -> tuple[str, ...]:
    """Every name checked (`check_player_name`) and in NFC; two that are the same after
    case folding are refused, saying which two."""
    names = tuple(check_player_name(player, new=new) for player in players)
    seen: dict[str, str] = {}
    for original, name in zip(players, names, strict=True):
        key = name.casefold()
        if key in seen:
            first = seen[key]
            if first == original:
                raise PlayerNameError(
                    Msg(
                        "two players are called '{first}': give each a different name",
                        first=shown(first),
                    ),
                )
            raise PlayerNameError(
                Msg(
                    "two players would be called the same: '{first}' and '{original}' (written differently, read alike); give each a different name",
                    first=shown(first),
                    original=shown(original),
                ),
            )
        seen[key] = original
    return names


def _encodable(text: str) -> bool:
    """Whether ``text`` is valid Unicode (a lone surrogate, from bytes that are not UTF-8 on
    the command line, is not; it is refused by its category, unnormalised)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


# Cyrillic and Greek letters that look like Latin ones, in lower case (the key is case
# folded first): "Аnna" with a Cyrillic А reads as "Anna" at the table.
_LOOKALIKES = str.maketrans(
    "авеѕіјкмнорстухԁԛԝ" "αβεζηικμνορτυχ",
    "abesijkmhopctyxdqw" "abezhikmnoptyx",
)


def reading_key(name: str) -> str:
    """How a name reads: its NFKC case fold ("ＡＮＮＡ" is "anna"), with the Cyrillic and
    Greek letters that look Latin read as those."""
    return unicodedata.normalize("NFKC", name).casefold().translate(_LOOKALIKES)


def refuse_lookalikes(names: Sequence[str]) -> None:
    """At entry only (`new`, `again --add`, `night new`/`join`, the phone's Next game),
    never when a file is read: two names that read alike are refused, naming both."""
    seen: dict[str, str] = {}
    for name in names:
        key = reading_key(name)
        if key in seen and seen[key] != name:
            raise PlayerNameError(
                Msg(
                    "'{name}' reads like '{other}', who is at the table already (written with other letters); give a name that reads differently",
                    name=shown(name),
                    other=shown(seen[key]),
                ),
            )
        seen.setdefault(key, name)
