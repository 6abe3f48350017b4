"""Every text the person at the table reads, in the language they asked for.

The code writes the English text as the message id, gettext's convention:
``t("Nothing is recorded yet.")``, ``t("{name} has {score} points.", name=..., score=...)``,
``tn("{n} point", "{n} points", n)`` for a count, ``pt(context, text)`` for an English text
that needs two translations.  Each other language is one catalogue beside this module: the
``sv.po`` a translator edits and the ``sv.mo`` that msgfmt compiles from it, which the
standard library's `gettext` reads.  A third language is one more ``xx.po`` (and its
``xx.mo``) dropped in: ``--lang xx``, ``CHICAGO_LANG=xx``, ``LANGUAGE=xx`` or an ``xx_..``
locale pick it with no code change.

The pure core cannot know the language when it refuses something, so its errors carry a
`Msg` (the message id and its parameters), rendered only when printed (`Msg.localized`).

Start-up: English never opens a catalogue, nor imports `gettext` for one; another language
opens its ``.mo`` on its first text (docs/translating.md has the cost): first the short one
of the ``reads`` domain (`catalogue`), the whole one only for a text that is not there.

The language comes from ``--lang``, else ``CHICAGO_LANG``, else gettext's ``LANGUAGE``,
``LC_ALL``, ``LC_MESSAGES``, ``LANG``, else English.
"""

from __future__ import annotations

import os

TYPE_CHECKING = False  # typing itself is not imported: start-up (docs/latency.md)
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable
    from gettext import NullTranslations
    from typing import Any

_chosen: str | None = None
#: The server's hook (`serve.phone_language`): the language the request being answered asks
#: for, or None.  It decides only where neither --lang nor CHICAGO_LANG fixed the language.
_asked: Callable[[], str | None] | None = None

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
    if _chosen:
        return _chosen
    if _asked is not None and not os.environ.get("CHICAGO_LANG"):
        asked = _asked()
        if asked:
            return asked
    return environment_language()


def fixed_language() -> str | None:
    """The language fixed for the whole run (``--lang``, else ``CHICAGO_LANG``), which a
    phone's own language does not override; None when it follows the reader."""
    if _chosen:
        return _chosen
    explicit = os.environ.get("CHICAGO_LANG", "")
    return explicit if explicit and _available(explicit) else None


def follow_request(asked: Callable[[], str | None] | None) -> None:
    """Let ``asked`` (the request's language) decide `language` unless it is fixed."""
    global _asked  # noqa: PLW0603 - set once by the server that answers requests
    _asked = asked


def best_of(accept_language: str) -> str | None:
    """The language with a catalogue (or English) that an HTTP ``Accept-Language`` header
    prefers: ``sv-SE,sv;q=0.9,en;q=0.8`` -> ``sv``; None when it names none of them."""
    offered: list[tuple[float, int, str]] = []
    for index, part in enumerate(accept_language.split(",")):
        tag, _, params = part.strip().partition(";")
        quality = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key.strip().lower() == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        code = tag.strip().split("-")[0].split("_")[0].lower()
        if quality > 0 and code.isalpha() and _available(code):
            offered.append((-quality, index, code))
    return min(offered)[2] if offered else None


def _available(lang: str) -> bool:
    return lang == "en" or os.path.exists(os.path.join(CATALOGUE_DIR, f"{lang}.po"))


def environment_language() -> str:
    """The language the environment asks for: ``CHICAGO_LANG``, else gettext's variables
    (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``: the first one set decides, as in the
    stdlib's `gettext.find`), else English."""
    explicit = os.environ.get("CHICAGO_LANG", "")
    if explicit and _available(explicit):
        return explicit
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(variable, "")
        if value:
            # LANGUAGE=sv:en lists languages by preference; sv_SE.UTF-8 -> sv; C, POSIX
            # and languages without a catalogue -> English.
            for entry in value.split(":"):
                code = entry.split("_")[0].split(".")[0].split("@")[0].lower()
                if code in ("c", "posix"):
                    return "en"
                if code.isalpha() and _available(code):
                    return code
            return "en"
    return "en"


# -- looking up and rendering ------------------------------------------------------------

_catalogues: dict[str, NullTranslations] = {}

#: The gettext domain of the texts the reading commands print (`status`, `log`, `settle`,
#: `export`, `sessions`...): ``xx-reads.mo`` holds the entries of ``xx.po`` that
#: ``reads.pot`` lists (docs/translating.md).  The standard library parses every entry of a
#: catalogue it opens, about 13,000 instructions each: the whole Swedish one is about 5% of
#: a `status` (docs/latency.md), its ``reads`` part a tenth of that.
READS = "reads"


def catalogue(lang: str) -> NullTranslations:
    """The compiled catalogue of a language other than English, opened once per process
    with the standard library's `gettext`: its ``reads`` domain (``xx-reads.mo``) with the
    whole ``xx.mo`` behind it as gettext's fallback, opened at the first text the first
    does not hold; the whole one alone for a language without the domain."""
    path = os.path.join(CATALOGUE_DIR, f"{lang}.mo")
    found = _catalogues.get(path)
    if found is None:
        found = _catalogues[path] = _with_reads_first(path, lang)
    return found


def _with_reads_first(path: str, lang: str) -> NullTranslations:
    import gettext

    try:
        with open(os.path.join(CATALOGUE_DIR, f"{lang}-{READS}.mo"), "rb") as file:
            first = gettext.GNUTranslations(file)
    # No such domain (a language dropped in as xx.po and xx.mo) or a damaged one: the
    # whole catalogue answers every text, as before the domains.
    except Exception:
        return _open(path, lang)

    class Whole(gettext.NullTranslations):
        """The whole catalogue, opened (and said to be unreadable, if so) on first use."""

        def __init__(self) -> None:
            super().__init__()
            self.opened: NullTranslations | None = None

        def whole(self) -> NullTranslations:
            if self.opened is None:
                self.opened = _open(path, lang)
            return self.opened

        def gettext(self, message: str) -> str:
            return self.whole().gettext(message)

        def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
            return self.whole().ngettext(msgid1, msgid2, n)

        def pgettext(self, context: str, message: str) -> str:
            return self.whole().pgettext(context, message)

        def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
            return self.whole().npgettext(context, msgid1, msgid2, n)

    first.add_fallback(Whole())
    return first


def _open(path: str, lang: str) -> NullTranslations:
    """A missing or damaged file is said in one line on stderr and the texts stay English:
    a translation never stops a command."""
    import gettext

    try:
        with open(path, "rb") as file:
            return gettext.GNUTranslations(file)
    # The file is data: whatever is wrong with it (no file, bad magic, cut short, a bad
    # charset or plural expression), the answer is English, not a traceback.
    except Exception as error:
        import sys

        if isinstance(error, FileNotFoundError):
            why = "there is no such file"
        elif isinstance(error, OSError) and error.strerror:
            why = error.strerror  # "Bad magic number", "File is corrupt", "Permission denied"
        else:
            why = f"it is damaged ({error})"
        sys.stderr.write(
            f"chicago: cannot read the catalogue {path}: {why}; the texts are shown in "
            f"English (compile {lang}.po with msgfmt: docs/translating.md)\n"
        )
        return gettext.NullTranslations()


def _lookup(msgid: str, lang: str, context: str | None = None) -> str:
    if lang == "en":
        return msgid
    found = catalogue(lang)
    return found.gettext(msgid) if context is None else found.pgettext(context, msgid)


def _lookup_plural(
    singular: str, plural: str, n: int, lang: str, context: str | None = None
) -> str:
    if lang == "en":
        return singular if n == 1 else plural
    found = catalogue(lang)
    if context is None:
        return found.ngettext(singular, plural, n)
    return found.npgettext(context, singular, plural, n)


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


def _format(template: str, params: dict[str, Any], lang: str, msgid: str) -> str:
    if not params:
        return template
    values = _rendered(params, lang)
    try:
        return template.format_map(values)
    except (KeyError, IndexError, ValueError, AttributeError):
        # a translation that names a placeholder the program does not fill (msgfmt -c
        # refuses it, tests/i18n check it): the English rather than a traceback
        return msgid.format_map(values)


def _decimal_separator(lang: str) -> str:
    """The header's ``X-Decimal-Separator``: how the language writes ``4.5``."""
    return catalogue(lang).info().get("x-decimal-separator", ".")[:1] or "."


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


#: A run of more digits than this, echoed in a message, is cut (`cut_numbers`).  No number
#: the program itself prints comes near it: ids are 16 hex digits, and points, deals and
#: money stay within `rules.LIMIT`.
LONGEST_ECHOED_NUMBER = 20
#: The digits a cut number keeps, before its "…".
ECHOED_DIGITS = 12


def cut_numbers(text: str, lang: str | None = None) -> str:
    """``text`` with every run of more than `LONGEST_ECHOED_NUMBER` digits cut to its first
    `ECHOED_DIGITS`, "…" and how many digits it had: ``123456789012… (5000 digits)``.

    A message echoes what was typed, and a number may be typed with any number of digits;
    echoed whole, 5,000 of them bury the one sentence that says what is wrong.  Applied
    where a message leaves the program (a refusal, a usage error), so every echo is cut,
    whichever command made it."""
    longest = LONGEST_ECHOED_NUMBER
    if len(text) <= longest:
        return text
    pieces: list[str] = []
    start = run = 0  # the text since the last cut starts at `start`; `run` digits end at i
    for i, char in enumerate(text):
        if char.isdecimal():
            run += 1
            continue
        if run > longest:
            pieces.append(_cut(text, start, i - run, i, lang))
            start = i
        run = 0
    if run > longest:
        pieces.append(_cut(text, start, len(text) - run, len(text), lang))
        start = len(text)
    if not pieces:
        return text
    return "".join(pieces) + text[start:]


def _cut(text: str, start: int, first: int, end: int, lang: str | None) -> str:
    """The text from ``start`` up to the run of digits ``first:end``, and the run cut."""
    shown = Msg(
        "{digits}… ({count} digits)", digits=text[first : first + ECHOED_DIGITS], count=end - first
    )
    return text[start:first] + shown.localized(lang or language())


def N_(msgid: str) -> str:
    """Marks a text as a message id where it is defined (a table of descriptions); it is
    translated where it is shown, with `t`."""
    return msgid


def _render(
    msgid: str, plural: str | None, n: int, context: str | None, params: dict[str, Any], lang: str
) -> str:
    if plural is None:
        return _format(_lookup(msgid, lang, context), params, lang, msgid)
    english = msgid if n == 1 else plural
    return _format(_lookup_plural(msgid, plural, n, lang, context), params, lang, english)


def t(msgid: str, /, **params: Any) -> str:
    """The text in the current language, its ``{placeholders}`` filled from ``params``."""
    return _render(msgid, None, 0, None, params, language())


def pt(context: str, msgid: str, /, **params: Any) -> str:
    """`t` for an English text that needs two translations: ``pt("player name", "it is
    empty")`` is gettext's ``pgettext``, an entry with ``msgctxt "player name"``."""
    return _render(msgid, None, 0, context, params, language())


def tn(singular: str, plural: str, n: int, /, **params: Any) -> str:
    """The singular or plural text (the language's plural rule) for ``n``, which is also
    the ``{n}`` placeholder."""
    return _render(singular, plural, n, None, {"n": n, **params}, language())


class Msg:
    """A text not yet rendered: the message id and its parameters, for errors raised where
    the language is not known.  ``str()`` is the English text; `localized` any language."""

    __slots__ = ("context", "msgid", "n", "params", "plural")

    def __init__(self, msgid: str, /, **params: Any) -> None:
        self.msgid = msgid
        self.plural: str | None = None
        self.n = 0
        self.context: str | None = None
        self.params = params

    @classmethod
    def counted(cls, singular: str, plural: str, n: int, /, **params: Any) -> Msg:
        """The lazy `tn`: ``Msg.counted("{n} time", "{n} times", count)``."""
        made = cls(singular, n=n, **params)
        made.plural = plural
        made.n = n
        return made

    @classmethod
    def in_context(cls, context: str, msgid: str, /, **params: Any) -> Msg:
        """The lazy `pt`: ``Msg.in_context("player name", "it is empty")``."""
        made = cls(msgid, **params)
        made.context = context
        return made

    def localized(self, lang: str) -> str:
        return _render(self.msgid, self.plural, self.n, self.context, self.params, lang)

    def __str__(self) -> str:
        return self.localized("en")

    def __repr__(self) -> str:
        if self.context is not None:
            return f"Msg.in_context({self.context!r}, {self.msgid!r}, **{self.params!r})"
        return f"Msg({self.msgid!r}, **{self.params!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Msg) and (self.msgid, self.plural, self.context, self.params) == (
            other.msgid,
            other.plural,
            other.context,
            other.params,
        )

    def __hash__(self) -> int:
        return hash((self.msgid, self.plural, self.context))


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
