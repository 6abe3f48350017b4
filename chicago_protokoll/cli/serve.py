"""``chicago serve``: the session as a live page for the phones and the TV around the table.

The server itself is the `serve` package (Starlette and uvicorn, imported only when
serving, as is segno for the QR code), so registering the command costs the other
commands nothing at start-up.
"""

import errno
import socket
import sys
from typing import TYPE_CHECKING, Annotated

import typer

from ..core.errors import ChicagoError
from ..i18n.language import Msg, t
from ..present.width import visible
from ..store import catalogue
from .common import FileOption, SessionOption
from .read import stake_parameter

if TYPE_CHECKING:
    from ..serve.board import Board

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
    # Without --session/--file the page follows the current session (checked here: a
    # server with nothing to show is refused, as every command is).
    path = catalogue.resolve(session, file)
    amount = str(stake_parameter(stake))
    from ..serve import app as web
    from ..serve import hosts as names
    from ..serve import run
    from ..serve.board import Board

    board = Board(None if session is None and file is None else path, amount)
    try:
        sock = run.listen(host, port)
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
    bound = sock.getsockname()[1]
    lan = run.lan_address()
    url = _url(host, bound, lan)
    hosts = names.allowed_hosts(
        bound, listen=host, printed=[_url_host(url)], machine=socket.gethostname()
    )
    # Ctrl-C (or SIGTERM), at any moment from here on, is how the server is meant to stop.
    server = run.prepare(web.create_app(board, hosts), board)
    try:
        _announce(host, url, board)
        run.serve(server, sock)
    finally:
        sock.close()
    print(t("Stopped."), flush=True)


def _announce(host: str, url: str, board: "Board") -> None:
    """Where to look: the URL, and on the network a QR code of it."""
    name = visible(board.snapshot.name or (board.path.stem if board.path else ""))
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


def _url_host(url: str) -> str:
    """The host part of a URL made by `_url`."""
    return url.removeprefix("http://").rsplit(":", 1)[0]


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
