"""``chicago serve``: the session as a live page for the phones and the TV around the table.

The server itself is the `serve` package (Starlette and uvicorn, imported only when
serving, as is segno for the QR code), so registering the command costs the other
commands nothing at start-up.
"""

import errno
import socket
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from ..core.errors import ChicagoError
from ..i18n.language import Msg, t
from ..i18n.os_errors import reason
from ..present.width import visible
from .common import FileOption, SessionOption, complete_night, stake_parameter
from .examples import example
from .options import StakeOption

if TYPE_CHECKING:
    from ..serve import keys
    from ..serve.board import Source
    from ..serve.record_app import Recording

LOOPBACK = ("127.0.0.1", "localhost", "::1")

# This group's command, with its help and example; `app.py` joins it to the root app with
# `add_typer` (`chicago --help` lists it from `listing`, without this module).
app = typer.Typer()


@app.command(
    help="A live scoreboard: the sheet in a browser, updated as each event is recorded.",
    epilog=example("chicago serve --host 0.0.0.0"),
)
def serve(
    host: Annotated[
        str,
        typer.Option("--host", help="Address to listen on; 0.0.0.0 lets phones on the network in.", metavar="ADDRESS"),
    ] = "127.0.0.1",
    port: Annotated[
        int, typer.Option("--port", help="Port to listen on (0: any free port).", min=0, max=65535, metavar="PORT")
    ] = 8052,
    stake: StakeOption = "1",
    session: SessionOption = None,
    file: FileOption = None,
    night: Annotated[
        str | None,
        typer.Option(
            "--night",
            help="The room's board of a club night: every table live, the standings, /t/N, /cards.",
            metavar="NAME",
            autocompletion=complete_night,
        ),
    ] = None,
    record: Annotated[
        bool,
        typer.Option(
            "--record", help="Also a secret recording page per table, for the keeper's phone."
        ),
    ] = False,
    hide_standings_last: Annotated[
        int,
        typer.Option(
            "--hide-standings-last",
            help="With --night: keep the night's standings off the board and /tv in the last N rounds.",
            metavar="N",
            min=0,
        ),
    ] = 0,
    new_secrets: Annotated[
        bool,
        typer.Option(
            "--new-secrets", help="Replace the recording secrets: old recording addresses stop working."
        ),
    ] = False,
) -> None:
    from ..store import catalogue
    if night is not None and (session is not None or file is not None):
        raise typer.BadParameter(
            t("--night serves a club night's tables: leave out --session and --file"),
            param_hint="--night",
        )
    amount = str(stake_parameter(stake))
    if night is None:
        # Without --session/--file the page follows the current session (checked here: a
        # server with nothing to show is refused, as every command is).
        path: Path | None = catalogue.resolve(session, file)
        fixed = None if session is None and file is None else path
    else:
        from ..store import nightfile

        path = nightfile.resolve_night(night)
        night = nightfile.load_night(path).name or night  # refused here if it cannot be read
        fixed = None
    from ..serve import app as web
    from ..serve import hosts as names
    from ..serve import run

    if hide_standings_last and night is None:
        raise typer.BadParameter(
            t("--hide-standings-last is for a club night's board: give --night NAME"),
            param_hint="--hide-standings-last",
        )
    board = _board(path if night is not None else fixed, night, amount, hide_standings_last)
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
                strerror=reason(error),
                hint=hint,
            )
        ) from None
    bound = sock.getsockname()[1]
    lan = run.lan_address()
    url = _url(host, bound, lan)
    hosts = names.allowed_hosts(
        bound, listen=host, printed=[_url_host(url)], machine=socket.gethostname()
    )
    pages = _pages(board, night, url)
    recording = None
    if record or new_secrets:
        from ..serve import keys
        from ..store import locations

        secrets = keys.Secrets(locations.data_dir(), renew=new_secrets)
        if record:
            recording = _recording(board, night, fixed, secrets, url, hosts)
            pages += recording.routes()
    # Ctrl-C (or SIGTERM), at any moment from here on, is how the server is meant to stop.
    server = run.prepare(web.create_app(board, hosts, pages=pages), board)
    try:
        _announce(host, url, board.snapshot.name or (path.stem if path else ""))
        if recording is not None:
            _announce_recording(host, recording)
            _warn_host(host, lan)
        print(t("Ctrl-C stops the server."), flush=True)
        run.serve(server, sock)
    finally:
        sock.close()
    print(t("Stopped."), flush=True)


def _board(path: Path | None, night: str | None, stake: str, hide_last: int = 0) -> "Source":
    """What the server watches: one session (None: the current one), or a night."""
    if night is not None and path is not None:
        from ..serve.nightboard import NightBoard

        return NightBoard(path, stake, hide_standings_last=hide_last)
    from ..serve.board import Board

    return Board(path, stake)


def _pages(board: "Source", night: str | None, url: str) -> list[Any]:
    from ..serve import app as web

    if night is not None:
        from ..serve.night_app import night_routes
        from ..serve.nightboard import NightBoard

        assert isinstance(board, NightBoard)
        return night_routes(board, url)
    from ..serve.board import Board

    assert isinstance(board, Board)
    return web.sheet_routes(board)


def _recording(
    board: "Source",
    night: str | None,
    fixed: Path | None,
    secrets: "keys.Secrets",
    url: str,
    hosts: frozenset[str],
) -> "Recording":
    from ..serve.record_app import OneTable, Recording

    if night is not None:
        from ..serve.keeper_night import KeeperNight
        from ..serve.night_app import NightTables
        from ..serve.nightboard import NightBoard

        assert isinstance(board, NightBoard)
        return Recording(
            board, NightTables(board, night), secrets, url, hosts, night=KeeperNight(board)
        )
    from ..serve.board import Board

    assert isinstance(board, Board)
    return Recording(board, OneTable(board, fixed), secrets, url, hosts)


def _announce(host: str, url: str, name: str) -> None:
    """Where to look: the URL, and on the network a QR code of it."""
    name = visible(name)  # a name taken from a file name may hold anything
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


def _announce_recording(host: str, recording: "Recording") -> None:
    """The secret addresses: each table's recording page (a QR code each on the network)
    and the keeper's page with all of them."""
    print(t("Recording addresses (secret: for each table's keeper only):"))
    for number in recording.tables.numbers():
        address = recording.table_address(number)
        print(t("  table {table}: {url}", table=number, url=address))
        if host not in LOOPBACK:
            _print_qr(address)
    print(
        t("The keeper's page, every table's recording QR code (secret): {url}", url=recording.keeper_address()),
        flush=True,
    )


def _warn_host(host: str, lan: str | None) -> None:
    """Phones cannot record through an address they cannot reach: a loopback ``--host``
    (this computer only), or one that is not this machine's (cli.md, "Recording that
    survives the room's network").  Said with the addresses, not refused: a keeper may
    test on the laptop alone."""
    from ..serve import hosts as names

    warning = names.host_warning(host, _machine_addresses(lan) | _bindable(host))
    if warning is not None:
        print(warning, flush=True)


def _machine_addresses(lan: str | None) -> set[str]:
    """This machine's addresses as far as the standard library tells: the LAN address and
    what its host name resolves to."""
    found = {lan} if lan else set()
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None):
            found.add(str(info[4][0]))
    except OSError:
        pass
    return found


def _bindable(host: str) -> set[str]:
    """The addresses ``host`` names that this machine can listen on: only its own can be
    bound (an IPv6 address of this machine may be one its host name does not resolve to)."""
    found: set[str] = set()
    try:
        infos = socket.getaddrinfo(host, None, type=socket.SOCK_DGRAM)
    except (OSError, UnicodeError):
        return found
    for family, kind, _, _, address in infos:
        try:
            with socket.socket(family, kind) as probe:
                probe.bind((address[0], 0, *address[2:]))
        except OSError:
            continue
        found.add(str(address[0]))
    return found


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

    from ..present.terminal_qr import QUIET_ZONE, terminal_qr

    code = segno.make(url, micro=False)
    encoding = (getattr(sys.stdout, "encoding", None) or "").lower()
    # Half blocks (two modules a character) where the terminal takes Unicode; ANSI
    # colours otherwise; black on white either way, on a light terminal and a dark.
    rows = code.matrix_iter(scale=1, border=QUIET_ZONE)
    sys.stdout.write(terminal_qr(rows, compact=encoding.startswith("utf")))
    sys.stdout.flush()
