"""A phone's pages follow the phone's language (``Accept-Language``) unless the server was
started with ``--lang``: a phone set to Swedish gets Swedish pages from a server the laptop
started in English, and ``--lang en`` keeps every page English (issue 40)."""

from __future__ import annotations

import http.client
from collections.abc import Iterator
from pathlib import Path

import pytest
from serve_support import Served

from chicago_protokoll.i18n.language import best_of

SWEDISH_PHONE = {"Accept-Language": "sv-SE,sv;q=0.9,en;q=0.8"}
ENGLISH_PHONE = {"Accept-Language": "en-GB,en;q=0.9"}
# Started in English by the environment, not by --lang nor CHICAGO_LANG.
LAPTOP_IN_ENGLISH = {"CHICAGO_LANG": "", "LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "C"}


def _stopped(server: Served) -> None:
    code, _, err = server.stop()
    assert code == 0 and err == "", err


@pytest.fixture
def english_laptop(table: Path) -> Iterator[Served]:
    server = Served(env=LAPTOP_IN_ENGLISH)
    yield server
    _stopped(server)


def test_a_swedish_phone_gets_swedish_pages_from_a_server_started_in_english(
    english_laptop: Served,
) -> None:
    for path, english, swedish in [
        ("/", ">Total<", ">Summa<"),
        ("/tv", "Newest deals", "Senaste givar"),
        ("/ping", "This phone reaches the laptop", "Telefonen når datorn"),
    ]:
        code, page = english_laptop.get(path, SWEDISH_PHONE)
        assert code == 200
        assert '<html lang="sv"' in page
        assert swedish in page and english not in page, path


def test_an_english_phone_or_one_that_says_nothing_gets_the_servers_english(
    english_laptop: Served,
) -> None:
    for headers in (ENGLISH_PHONE, {}, {"Accept-Language": "fr-FR,de;q=0.5"}):
        code, page = english_laptop.get("/tv", headers)
        assert code == 200
        assert '<html lang="en"' in page and "Newest deals" in page, headers


def test_the_live_stream_speaks_the_language_of_the_phone_that_opened_it(
    english_laptop: Served,
) -> None:
    status, headers, _ = english_laptop.fetch("/events?view=tv", {**SWEDISH_PHONE}, "HEAD")
    assert status == 200 and headers["content-type"].startswith("text/event-stream")
    # The first event is the newest view, in the phone's language; the stream stays open,
    # so it is read a line at a time up to that event's data.
    connection = http.client.HTTPConnection("127.0.0.1", english_laptop.port, timeout=10)
    try:
        connection.request("GET", "/events?view=tv", headers=SWEDISH_PHONE)
        response = connection.getresponse()
        while not (line := response.fp.readline().decode()).startswith("data: "):
            pass
    finally:
        connection.close()
    assert "Senaste givar" in line and "Newest deals" not in line


def test_a_server_started_with_lang_en_answers_english_whatever_the_phone_says(
    table: Path,
) -> None:
    server = Served("--lang", "en", env=LAPTOP_IN_ENGLISH)
    try:
        code, page = server.get("/tv", SWEDISH_PHONE)
        assert code == 200
        assert '<html lang="en"' in page and "Newest deals" in page
        assert "Senaste givar" not in page
    finally:
        _stopped(server)


def test_a_server_started_with_lang_sv_answers_swedish_to_an_english_phone(table: Path) -> None:
    server = Served("--lang", "sv", env=LAPTOP_IN_ENGLISH)
    try:
        code, page = server.get("/tv", ENGLISH_PHONE)
        assert code == 200 and "Senaste givar" in page and "Newest deals" not in page
    finally:
        _stopped(server)


@pytest.mark.parametrize(
    ("header", "chosen"),
    [
        ("sv-SE,sv;q=0.9,en;q=0.8", "sv"),
        ("en-US,en;q=0.9,sv;q=0.8", "en"),
        ("fr-FR,sv;q=0.5,en;q=0.4", "sv"),
        ("en;q=0.2, sv;q=0.7", "sv"),
        ("sv;q=0, en", "en"),
        ("fr, de", None),
        ("", None),
        ("*", None),
        ("sv;q=x", None),
    ],
)
def test_the_phones_most_preferred_language_with_a_catalogue_is_chosen(
    header: str, chosen: str | None
) -> None:
    assert best_of(header) == chosen
