"""``chicago serve``: the session as a live page for the phones and the TV around the table.

The server itself is `serve.live` (imported only when serving, as is segno for the
QR code), so registering the command costs the other commands nothing at start-up.
"""

import errno
import sys
import threading
from typing import TYPE_CHECKING, Annotated

import typer

from ..core.errors import ChicagoError
from ..i18n.language import Msg, t
from ..store import catalogue
from .common import FileOption, SessionOption
from .read import stake_parameter

if TYPE_CHECKING:
    from ..serve import live as live_server

LOOPBACK = ("127.0.0.1", "localhost", "::1")

# This group's command; `app.py` joins it to the root app with `add_typer`.
app = typer.Typer()


@app.command()
def serve(
    host: Annotated[
        str,
        typer.Option("--host", help="Address to listen on; 0.0.0.0 lets phones on the network in."),
    ] = "127.0.0.1",
    port: Annotated[
        int, typer.Option("--port", help="Port to listen on (0: any free port).", min=0, max=65535)
    ] = 8052,
    stake: Annotated[
        str, typer.Option("--stake", help="Stake per point for the settlement shown.")
    ] = "1",
    session: SessionOption = None,
    file: FileOption = None,
) -> None:
    """A live scoreboard: the sheet in a browser, updated as each event is recorded."""
    path = catalogue.resolve(session, file)
    amount = str(stake_parameter(stake))
    from ..serve import live as live_server

    board = live_server.Board(path, amount)
    try:
        server = live_server.LiveServer((host, port), board)
    except OSError as error:
        # The hint only where it helps: the port is taken, or needs root (below 1024).
        busy = error.errno in (errno.EADDRINUSE, errno.EACCES)
        hint = Msg("; is another `chicago serve` running? try another --port") if busy else ""
        raise ChicagoError(
            Msg(
                "cannot listen on {host} port {port}: {strerror}{hint}",
                host=host,
                port=port,
                strerror=error.strerror,
                hint=hint,
            )
        ) from None
    stop_watching = threading.Event()
    try:
        _announce(host, server.server_address[1], board, live_server.lan_address())
        threading.Thread(
            target=board.watch, args=(stop_watching,), name="watcher", daemon=True
        ).start()
        server.serve_forever(poll_interval=0.5)
    except KeyboardInterrupt:
        pass  # Ctrl-C, at any moment once listening, is how the server is meant to stop
    finally:
        stop_watching.set()
        server.stop()
    print(t("Stopped."), flush=True)


def _announce(host: str, port: int, board: "live_server.Board", lan: str | None) -> None:
    """Where to look: the URL, and on the network a QR code of it."""
    url = _url(host, port, lan)
    name = board.snapshot.title.partition(": ")[2] or board.path.stem
    if host in LOOPBACK:
        print(
            t(
                "Serving {name} at {url} (this computer only: --host 0.0.0.0 lets phones in)",
                name=name,
                url=url,
            )
        )
    else:
        print(t("Serving {name} at {url}; scan to watch:", name=name, url=url))
        _print_qr(url)
    print(t("Ctrl-C stops the server."), flush=True)


def _url(host: str, port: int, lan: str | None) -> str:
    """The address to type or scan: the LAN address when listening on all of them."""
    if host in ("0.0.0.0", "::", ""):
        host = lan or "127.0.0.1"
    if ":" in host:
        host = f"[{host}]"
    return f"http://{host}:{port}/"


def _print_qr(url: str) -> None:
    """The URL as a QR code in the terminal, for a phone's camera.  Never a Micro QR code:
    phone cameras do not read those."""
    import segno

    code = segno.make(url, micro=False)
    encoding = (getattr(sys.stdout, "encoding", None) or "").lower()
    # Half blocks (two modules a character) where the terminal takes Unicode; ANSI
    # colours otherwise.
    code.terminal(out=sys.stdout, compact=encoding.startswith("utf"))
    sys.stdout.flush()
