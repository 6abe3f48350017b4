"""A phone's pages in the phone's language: each request is answered in the language its
``Accept-Language`` prefers, unless the server was started with ``--lang`` (or
``CHICAGO_LANG``), which fixes it for every page.

The language lives in a context variable set for the request (`FollowThePhone`), so that
every text made while answering it, in this task or a thread it hands work to, speaks it;
`i18n.language.language` asks it through `follow_request`.  The views a board renders
once for every stream (`board.Snapshot.views`) are rendered in each language
(`in_each_language`), and each reader is given its own."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from contextvars import ContextVar
from typing import TypeVar

from starlette.types import ASGIApp, Receive, Scope, Send

from ..i18n.language import (
    best_of,
    environment_language,
    fixed_language,
    follow_request,
    language,
    languages,
)

V = TypeVar("V")

_ASKED: ContextVar[str | None] = ContextVar("chicago_request_language", default=None)
follow_request(_ASKED.get)


class FollowThePhone:
    """ASGI middleware: the request's ``Accept-Language`` picks the language of its answer."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or fixed_language():
            await self.app(scope, receive, send)
            return
        header = dict(scope["headers"]).get(b"accept-language", b"").decode("latin-1")
        token = _ASKED.set(best_of(header))
        try:
            await self.app(scope, receive, send)
        finally:
            _ASKED.reset(token)


class ByLanguage(Mapping[str, V]):
    """Views rendered in each language; looked up, the current request's (else the
    server's own)."""

    def __init__(self, made: Mapping[str, Mapping[str, V]], default: str) -> None:
        self.made = made
        self.default = default

    def _current(self) -> Mapping[str, V]:
        return self.made.get(language()) or self.made[self.default]

    def __getitem__(self, key: str) -> V:
        return self._current()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._current())

    def __len__(self) -> int:
        return len(self._current())


def each_language(views: Mapping[str, V]) -> list[Mapping[str, V]]:
    """The mappings ``views`` holds, one a language (itself when the language is fixed)."""
    return list(views.made.values()) if isinstance(views, ByLanguage) else [views]


def in_each_language(render: Callable[[], dict[str, V]]) -> Mapping[str, V]:
    """``render()`` once in each language a phone may ask for (once only when the language
    is fixed), as one mapping that answers in the request's language."""
    if fixed_language():
        return render()
    made: dict[str, dict[str, V]] = {}
    for lang in languages():
        token = _ASKED.set(lang)
        try:
            made[lang] = render()
        finally:
            _ASKED.reset(token)
    return ByLanguage(made, environment_language())
