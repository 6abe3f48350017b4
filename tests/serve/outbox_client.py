"""A phone that speaks the recording page's protocol as its outbox script does
(serve/outbox.js), for the soak test: the same fields (every form's hidden fields, the
button's name and value, the entry id), the same ids (the page's entry id, or a new one
for a second entry of the same drawn page), and the same resend rule (kept until a 200
names it; resent with ``queued=1``; a 403/404 or an answer that names nothing keeps it;
a 409/422 naming it as a conflict leaves it to a person).  Not a test module.
"""

from __future__ import annotations

import http.client
import os
import re
from dataclasses import dataclass, field
from html import unescape
from html.parser import HTMLParser
from urllib.parse import urlencode

ENTRY = "entry"
LAST_EVENT = "last_event"
COUNT = "events"


@dataclass
class Form:
    action: str
    hidden: dict[str, str]
    buttons: list[tuple[str, str]]  # (name, value); ("", "") for a button without one
    section: str  # the class of the section or details it is in
    do: str = ""


@dataclass
class Drawn:
    """A recording page as the phone sees it: its forms, its links, its question."""

    status: int
    forms: list[Form]
    links: list[str]
    question: str
    over: bool


class _Parser(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.forms: list[Form] = []
        self.links: list[str] = []
        self.sections: list[str] = []
        self.form: Form | None = None
        self.question = ""
        self._h2 = False
        self.over = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag in ("section", "details"):
            self.sections.append(a.get("class", tag) if "hidden" not in a else "hidden")
        elif tag == "form":
            self.form = Form(a.get("action", ""), {}, [], " ".join(self.sections))
        elif tag == "input" and self.form is not None and a.get("type") == "hidden":
            self.form.hidden[a.get("name", "")] = a.get("value", "")
        elif tag == "button" and self.form is not None:
            self.form.buttons.append((a.get("name", ""), a.get("value", "")))
        elif tag == "a" and "button" in a.get("class", "") and self.sections[-1:] == ["moment"]:
            self.links.append(unescape(a.get("href", "")))
        elif tag == "h2" and self.sections[-1:] == ["moment"] and not self.question:
            self._h2 = True

    def handle_endtag(self, tag: str) -> None:
        if tag in ("section", "details") and self.sections:
            self.sections.pop()
        elif tag == "form" and self.form is not None:
            self.form.do = self.form.hidden.get("do", "")
            self.forms.append(self.form)
            self.form = None
        elif tag == "h2":
            self._h2 = False

    def handle_data(self, data: str) -> None:
        if self._h2:
            self.question += data
            if data.startswith("Winner"):
                self.over = True


def draw(status: int, body: str) -> Drawn:
    parser = _Parser()
    parser.feed(body)
    return Drawn(status, parser.forms, parser.links, parser.question, parser.over)


@dataclass
class Entry:
    id: str
    fields: list[tuple[str, str]]
    state: str = "waiting"  # waiting | conflict | gone
    sends: int = 0


@dataclass
class Phone:
    """One phone at one table, through the proxy at ``port`` (Host ``[::1]:port``)."""

    port: int
    path: str
    outbox: list[Entry] = field(default_factory=list)
    saved: list[str] = field(default_factory=list)  # entry ids a 200 named
    refused: list[str] = field(default_factory=list)  # refused in front of the person
    counts: dict[str, int] = field(default_factory=dict)
    asked: Form | None = None  # the page's "tap again to be sure", when it asked

    def count(self, what: str) -> None:
        self.counts[what] = self.counts.get(what, 0) + 1

    def _request(self, method: str, path: str, body: str = "") -> tuple[int, dict[str, str], str]:
        connection = http.client.HTTPConnection("::1", self.port, timeout=10)
        try:
            headers = {"Host": f"[::1]:{self.port}", "Connection": "close"}
            if method == "POST":
                headers["Content-Type"] = "application/x-www-form-urlencoded"
                headers["Origin"] = f"http://[::1]:{self.port}"
            connection.request(method, path, body=body or None, headers=headers)
            response = connection.getresponse()
            found = {k.lower(): v for k, v in response.getheaders()}
            return response.status, found, response.read().decode()
        finally:
            connection.close()

    def get(self, path: str = "") -> Drawn | None:
        """The page (or one of its links); None when the network lost it."""
        try:
            status, _, body = self._request("GET", path or self.path)
        except (OSError, http.client.HTTPException):
            self.count("lost reads")
            return None
        return draw(status, body)

    def ping(self) -> bool:
        try:
            return self._request("GET", self.path + "/ping")[0] == 204
        except (OSError, http.client.HTTPException):
            return False

    def waiting(self) -> list[Entry]:
        return [e for e in self.outbox if e.state != "conflict"]

    def tap(self, form: Form, button: tuple[str, str]) -> Entry:
        """A tap on a recording button: kept in the outbox first, then sent."""
        fields = list(form.hidden.items())
        if button[0]:
            fields.append(button)
        before = self.waiting()
        entry_id = form.hidden.get(ENTRY) or os.urandom(12).hex()
        if any(e.id == entry_id for e in before):
            entry_id = os.urandom(12).hex()  # a second entry of the same drawn page
        fields = [(k, v) for k, v in fields if k != ENTRY] + [(ENTRY, entry_id)]
        if before:
            fields = _chained(fields, before)
        entry = Entry(entry_id, fields)
        self.outbox.append(entry)
        self.count("taps")
        if not before:
            self.send(entry, first=True)
        return entry

    def send(self, entry: Entry, *, first: bool = False) -> None:
        """One try; what the answer says decides (outbox.js `resend`)."""
        fields = entry.fields if first else [*entry.fields, ("queued", "1")]
        entry.sends += 1
        if not first:
            self.count("resends")
        try:
            status, headers, body = self._request("POST", self.path, urlencode(fields))
        except (OSError, http.client.HTTPException):
            self.count("lost writes")
            return
        if status == 200 and headers.get("x-chicago-entry") == entry.id:
            self.outbox.remove(entry)
            self.saved.append(entry.id)
            return
        if status in (403, 404):
            entry.state = "gone"
            return
        if headers.get("x-chicago-conflict") == entry.id:
            entry.state = "conflict"
            self.count("conflicts")
            return
        if first and status in (409, 422):  # the person sees the refusal on the page
            self.outbox.remove(entry)
            self.refused.append(entry.id)
            self.count("refused in front of the person")
            return
        if first and status == 200 and entry.id in _answered(body):
            # Asked again in front of the person (a royal, the tap that ends the game):
            # nothing written; the page's own question is the next tap.
            self.outbox.remove(entry)
            self.asked = next((f for f in draw(status, body).forms if "sure" in f.section.split()), None)
            self.count("asked again in front of the person")
            return
        self.count(f"kept after {status}")

    def resend(self) -> None:
        for entry in list(self.waiting()):
            before = len(self.outbox)
            self.send(entry)
            if entry in self.outbox and entry.state == "waiting" and len(self.outbox) == before:
                return  # still no answer: the chain waits behind it

    def command(self, form: Form) -> int | None:
        """Undo (never queued): sent once; lost means "needs the connection"."""
        try:
            status, _, _ = self._request("POST", self.path, urlencode(list(form.hidden.items())))
        except (OSError, http.client.HTTPException):
            self.count("undo needs the connection")
            return None
        return status


def _chained(fields: list[tuple[str, str]], before: list[Entry]) -> list[tuple[str, str]]:
    """An entry made while others wait names the last event the one before it leaves."""
    values = dict(fields)
    last = values.get(LAST_EVENT, "")
    count = int(values.get(COUNT, "0") or 0)
    for entry in before:
        count += 1
        if dict(entry.fields).get("do") != "note":
            last = f"{entry.id}-1"
    new = {LAST_EVENT: last, COUNT: str(count)}
    return [(k, new.get(k, v)) for k, v in fields]


def _answered(body: str) -> list[str]:
    """The entries the page's answer settled in front of the person (outbox.answer_mark)."""
    found = re.search(r'id="outbox-answer" hidden data-done="([^"]*)"', body)
    return found.group(1).split() if found else []


def entry_of(event_id: str) -> str:
    head, dash, number = event_id.rpartition("-")
    return head if dash and number.isdigit() else event_id
