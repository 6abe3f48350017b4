"""Every text the person at the table reads, in the language they asked for.

The code writes the English text as the message id, gettext's convention:
``t("Nothing is recorded yet.")``, ``t("{name} has {score} points.", name=..., score=...)``,
``tn("{n} point", "{n} points", n)`` for a count.  The other languages live in one catalogue
per language beside this module, ``sv.po``: a translator edits that file and never reads
Python; a third language is one more ``xx.po`` dropped in, and ``--lang xx`` /
``CHICAGO_LANG=xx`` / a ``xx_..`` locale pick it with no code change.

The pure core cannot know the language when it refuses something, so its errors carry a
`Msg` (the message id and its parameters), rendered only when printed (`Msg.render`).

Start-up: English never opens a catalogue; another language parses its ``.po`` on its first
text (`catalogue.load`, a small reader: about a millisecond for Swedish, docs/latency.md).

The language comes from ``--lang``, else ``CHICAGO_LANG``, else the locale (``LC_ALL``,
``LC_MESSAGES``, ``LANG``), else English.
"""

from __future__ import annotations

import os

TYPE_CHECKING = False  # typing itself is not imported: start-up (docs/latency.md)
if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import Any

_chosen: str | None = None

CATALOGUE_DIR = os.path.dirname(__file__)


def languages() -> tuple[str, ...]:
    """English and every language that has a catalogue (``xx.po``) beside this module."""
    found = sorted(name[:-3] for name in os.listdir(CATALOGUE_DIR) if name.endswith(".po"))
    return ("en", *found)


def __getattr__(name: str) -> tuple[str, ...]:
    """``LANGUAGES``: `languages()`, read when asked for (a catalogue may be dropped in)."""
    if name == "LANGUAGES":
        return languages()
    raise AttributeError(name)


def set_language(lang: str | None) -> None:
    """Fix the language for this run (``--lang``); None goes back to the environment."""
    global _chosen  # noqa: PLW0603 - one process, one language: a module switch is the honest shape
    _chosen = lang


def language() -> str:
    return _chosen or environment_language()


def _available(lang: str) -> bool:
    return lang == "en" or os.path.exists(os.path.join(CATALOGUE_DIR, f"{lang}.po"))


def environment_language() -> str:
    """The language the environment asks for: ``CHICAGO_LANG``, else the locale, else English."""
    explicit = os.environ.get("CHICAGO_LANG", "")
    if explicit and _available(explicit):
        return explicit
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(variable, "")
        if value:
            # sv_SE.UTF-8 -> sv; C, POSIX and languages without a catalogue -> English.
            code = value.split("_")[0].split(".")[0].lower()
            return code if code.isalpha() and _available(code) else "en"
    return "en"


# -- looking up and rendering ------------------------------------------------------------


def _lookup(msgid: str, lang: str) -> str:
    if lang == "en":
        return msgid
    from .catalogue import load

    found = load(lang).messages.get(msgid)
    return found if found else msgid


def _lookup_plural(singular: str, plural: str, n: int, lang: str) -> str:
    if lang != "en":
        from .catalogue import load

        catalogue = load(lang)
        forms = catalogue.plurals.get(singular)
        if forms:
            index = catalogue.plural_index(n)
            if index < len(forms) and forms[index]:
                return forms[index]
    return singular if n == 1 else plural


def _rendered(params: dict[str, Any], lang: str) -> dict[str, Any]:
    """Parameters that can speak several languages (a `Msg`, an error, a hand category)
    speak ``lang``; numbers with a fraction take the language's decimal separator."""
    out = {}
    for key, value in params.items():
        if hasattr(value, "localized"):
            out[key] = value.localized(lang)
        elif type(value) is float and lang != "en":
            out[key] = _LocalFloat(value, _decimal_separator(lang))
        elif type(value).__name__ == "Decimal" and lang != "en":
            out[key] = number(value, lang)
        else:
            out[key] = value
    return out


def _format(template: str, params: dict[str, Any], lang: str) -> str:
    return template.format_map(_rendered(params, lang)) if params else template


def _decimal_separator(lang: str) -> str:
    from .catalogue import load

    return load(lang).decimal_separator


class _LocalFloat(float):
    """A float that writes its decimal point as the language does, format spec or not."""

    separator = "."

    def __new__(cls, value: float, separator: str) -> _LocalFloat:
        made = super().__new__(cls, value)
        made.separator = separator
        return made

    def __format__(self, spec: str) -> str:
        text = float.__format__(self, spec) if spec else float.__repr__(self)
        return text.replace(".", self.separator)

    def __str__(self) -> str:
        return self.__format__("")


def number(value: object, lang: str | None = None) -> str:
    """A number (int, float, Decimal or the text of one) as the language writes it: ``4.5``
    in English, ``4,5`` in Swedish (the catalogue's ``X-Decimal-Separator``)."""
    lang = lang or language()
    text = str(value)
    if lang == "en" or "." not in text:
        return text
    return text.replace(".", _decimal_separator(lang))


def N_(msgid: str) -> str:
    """Marks a text as a message id where it is defined (a table of descriptions); it is
    translated where it is shown, with `t`."""
    return msgid


def t(msgid: str, /, **params: Any) -> str:
    """The text in the current language, its ``{placeholders}`` filled from ``params``."""
    lang = language()
    return _format(_lookup(msgid, lang), params, lang)


def tn(singular: str, plural: str, n: int, /, **params: Any) -> str:
    """The singular or plural text (the language's plural rule) for ``n``, which is also
    the ``{n}`` placeholder."""
    lang = language()
    return _format(_lookup_plural(singular, plural, n, lang), {"n": n, **params}, lang)


class Msg:
    """A text not yet rendered: the message id and its parameters, for errors raised where
    the language is not known.  ``str()`` is the English text; `localized` any language."""

    __slots__ = ("msgid", "n", "params", "plural")

    def __init__(self, msgid: str, /, **params: Any) -> None:
        self.msgid = msgid
        self.plural: str | None = None
        self.n = 0
        self.params = params

    @classmethod
    def counted(cls, singular: str, plural: str, n: int, /, **params: Any) -> Msg:
        """The lazy `tn`: ``Msg.counted("{n} time", "{n} times", count)``."""
        made = cls(singular, n=n, **params)
        made.plural = plural
        made.n = n
        return made

    def localized(self, lang: str) -> str:
        if self.plural is None:
            return _format(_lookup(self.msgid, lang), self.params, lang)
        return _format(_lookup_plural(self.msgid, self.plural, self.n, lang), self.params, lang)

    def __str__(self) -> str:
        return self.localized("en")

    def __repr__(self) -> str:
        return f"Msg({self.msgid!r}, **{self.params!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Msg) and (self.msgid, self.plural, self.params) == (
            other.msgid,
            other.plural,
            other.params,
        )

    def __hash__(self) -> int:
        return hash((self.msgid, self.plural))


class Joined:
    """Texts joined by a separator, each in the language the whole is rendered in."""

    __slots__ = ("items", "separator")

    def __init__(self, items: Iterable[Msg | str], separator: Msg | str = "; ") -> None:
        self.items = list(items)
        self.separator = separator

    def localized(self, lang: str) -> str:
        separator = self.separator
        if isinstance(separator, Msg):
            separator = separator.localized(lang)
        return separator.join(
            item.localized(lang) if isinstance(item, Msg) else item for item in self.items
        )

    def __str__(self) -> str:
        return self.localized("en")
