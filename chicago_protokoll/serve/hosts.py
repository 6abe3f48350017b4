"""The ``Host`` names the server answers to (cli.md: "A request whose Host is not one the
server answers to is refused").

Why at all: a page on any web site can point a name it controls at 127.0.0.1 or at the
laptop's LAN address (DNS rebinding); the browser then sends that site's name as
``Host`` and lets the site's script read the answer, names and scores included.  A
server that answers only to the names a person actually types or scans is out of
reach of that trick, and a TV plugged into the laptop (``localhost``) still works.

Every name is compared with the port, as a browser sends it (no port only on port 80).
The caller looks up the machine's host name and LAN address; `host_warning` only
resolves the name given as ``--host``.
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Iterable, Set

from ..i18n.language import t

LOOPBACK_NAMES = ("localhost", "127.0.0.1", "[::1]")


def host_name(address: str) -> str:
    """An address as it appears in a URL or a ``Host`` header: IPv6 in brackets."""
    if ":" in address and not address.startswith("["):
        return f"[{address}]"
    return address


def allowed_hosts(
    port: int, *, listen: str, printed: Iterable[str], machine: str | None
) -> frozenset[str]:
    """The ``Host`` values to answer: the printed addresses, the loopback names, the
    machine's host name and ``NAME.local``, and ``--host``'s value, each with the port."""
    names = {*LOOPBACK_NAMES, *printed}
    if listen not in ("", "0.0.0.0", "::"):  # an address to listen on, not "all of them"
        names.add(listen)
    if machine:
        names.add(machine)
        short = machine.partition(".")[0]
        names.add(f"{short}.local")
    hosts = set()
    for name in names:
        shown = host_name(name).lower()
        hosts.add(f"{shown}:{port}")
        if port == 80:
            hosts.add(shown)
    return frozenset(hosts)


def is_allowed(header: str | None, hosts: frozenset[str]) -> bool:
    """Whether a request's ``Host`` header (None: there was none) is one of ``hosts``.
    Names are case-insensitive; one trailing dot (``localhost.:8052``) is the same name."""
    if not header:
        return False
    name, colon, port = header.strip().lower().rpartition(":")
    if colon and not name.endswith("]") and ":" in name:
        return False  # an IPv6 address without brackets: no browser sends that
    if colon and port.isdigit():
        return f"{name.removesuffix('.')}:{port}" in hosts
    return header.strip().lower().removesuffix(".") in hosts


WILDCARDS = ("", "0.0.0.0", "::")


def _addresses_of(host: str) -> set[str]:
    """The addresses ``host`` names: itself when it is one, else what it resolves to."""
    try:
        return {str(ipaddress.ip_address(host.strip("[]")))}
    except ValueError:
        pass
    try:
        return {str(info[4][0]) for info in socket.getaddrinfo(host, None)}
    except OSError:
        return set()


def _loopback(address: str) -> bool:
    try:
        return ipaddress.ip_address(address.partition("%")[0]).is_loopback
    except ValueError:
        return False


def host_warning(host: str, machine: Set[str]) -> str | None:
    """What ``serve --record`` says about its ``--host``: a loopback address is this
    computer only (no phone reaches it), and an address that is not one of ``machine``
    (this computer's addresses) may not be reached either; None for every address."""
    if host in WILDCARDS:
        return None
    named = _addresses_of(host)
    if host == "localhost" or any(_loopback(a) for a in named):
        return t(
            "Warning: --host {host} is this computer only: phones cannot reach the recording pages (--host 0.0.0.0 lets them in).",
            host=host,
        )
    if not named & set(machine):
        return t(
            "Warning: --host {host} is not one of this machine's addresses ({addresses}): phones may not reach the recording pages.",
            host=host,
            addresses=", ".join(sorted(machine)) or "?",
        )
    return None
