"""The one stylesheet of the protocol sheet, for every screen: the exported file and the
live page of `chicago serve` alike.  The rules are the package's file
``static/sheet.css`` (its comments say what each screen gets); `STYLE` is its text, for a
served page that carries it inline."""

from .templating import static_text

STYLE = static_text("sheet.css")
