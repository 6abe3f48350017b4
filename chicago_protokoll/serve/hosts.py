"""The ``Host`` names the server answers to (cli.md: "A request whose Host is not one the
server answers to is refused").

Why at all: a page on any web site can point a name it controls at 127.0.0.1 or at the
laptop's LAN address (DNS rebinding); the browser then sends that site's name as
``Host`` and lets the site's script read the answer, names and scores included.  A
server that answers only to the names a person actually types or scans is out of
reach of that trick, and a TV plugged into the laptop (``localhost``) still works.

Every name is compared with the port, as a browser sends it (no port only on port 80).
Pure: the caller looks up the machine's host name and LAN address.
"""

from __future__ import annotations

from collections.abc import Iterable

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
