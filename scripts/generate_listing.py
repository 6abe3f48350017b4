"""Write chicago_protokoll/cli/listing.py: what ``chicago --help`` lists, and which module
holds each command, read from the command modules themselves.

Each command declares its help and example beside it (``@app.command(help=...,
epilog=example(...))``, a group ``typer.Typer(help=...)``).  ``chicago --help`` lists the
first sentence of each without importing a single command module, and a command line
imports only the module of the command it names (docs/latency.md); both read the table
this script writes.  A module of chicago_protokoll/cli that defines commands has an
``app`` (its commands are listed as the root's own) and/or a ``NAME_app`` (the group
``chicago NAME``); `ORDER` is the order of ``chicago --help``.

    python scripts/generate_listing.py           # rewrite the file
    python scripts/generate_listing.py --check   # exit 1 if it has drifted

tests/cli/test_listing.py runs the check, and fails when a module with commands is
missing from `ORDER`.
"""

from __future__ import annotations

import argparse
import pkgutil
import sys
from importlib import import_module
from pathlib import Path

import typer

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # the source tree's package, whatever is installed

from chicago_protokoll.cli import typer_seams  # noqa: E402  (after the path is set)

TARGET = ROOT / "chicago_protokoll" / "cli" / "listing.py"

# The modules whose commands are listed as the root's own, in the order of
# ``chicago --help``; then the named groups, each ``NAME_app`` in module NAME.
ORDER = (
    "record", "correct", "read", "serve", "play", "explain", "stats", "club", "publish",
    "importing", "nights",
)  # fmt: skip
GROUPS = ("rules", "sessions", "night", "club", "completion")

HEADER = '''"""What ``chicago --help`` lists, and the module of each command: written by
scripts/generate_listing.py from the command modules, where each command declares its
help and example.  Do not edit; run the script (tests/cli/test_listing.py checks it).

`cli.app` reads it so that ``chicago --help`` lists every command without importing a
command module, and a command line imports only its command's module.
"""

# (name, module of chicago_protokoll.cli, attribute of its Typer app, help), in the order
# of ``chicago --help``: the commands listed as the root's own (attribute ``app``), then
# the named groups.
LISTING: tuple[tuple[str, str, str, str], ...] = (
'''


def _name_of(info: typer.models.CommandInfo) -> str:
    if info.name:
        return info.name
    return typer.main.get_command_name(info.callback.__name__ if info.callback else "")


def defined() -> dict[str, list[str]]:
    """Each module of the package that defines commands, with its Typer apps' names."""
    package = import_module("chicago_protokoll.cli")
    found: dict[str, list[str]] = {}
    for info in pkgutil.iter_modules(package.__path__):
        if info.name == "app":  # the root, whose whole app is built on first ask
            continue
        module = import_module(f"chicago_protokoll.cli.{info.name}")
        apps = [name for name, value in vars(module).items() if isinstance(value, typer.Typer)
                and name in ("app", f"{info.name}_app")]
        if apps:
            found[info.name] = apps
    return found


def rows() -> list[tuple[str, str, str, str]]:
    found = defined()
    unlisted = {
        f"{module}.{name}" for module, names in found.items() for name in names
    } - {f"{module}.app" for module in ORDER} - {f"{group}.{group}_app" for group in GROUPS}
    if unlisted:
        sys.exit(f"generate_listing: {sorted(unlisted)} not in ORDER or GROUPS of {__file__}")
    listed: list[tuple[str, str, str, str]] = []
    for module in ORDER:
        app = import_module(f"chicago_protokoll.cli.{module}").app
        for info in typer_seams.commands_of(app):
            if not info.help:
                sys.exit(f"generate_listing: {module}.{_name_of(info)} declares no help=")
            listed.append((_name_of(info), module, "app", info.help))
    for group in GROUPS:
        app = getattr(import_module(f"chicago_protokoll.cli.{group}"), f"{group}_app")
        if not isinstance(app.info.help, str):
            sys.exit(f"generate_listing: {group}.{group}_app declares no help=")
        listed.append((group, group, f"{group}_app", app.info.help))
    return listed


def expected_text() -> str:
    body = "".join(f"    {row!r},\n" for row in rows())
    return HEADER + body + ")\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n", 1)[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if the file has drifted")
    args = parser.parse_args(argv)
    text = expected_text()
    if args.check:
        if not TARGET.exists() or TARGET.read_text(encoding="utf-8") != text:
            print(f"{TARGET} differs from the commands: run {__file__}", file=sys.stderr)
            return 1
        return 0
    TARGET.write_text(text, encoding="utf-8")
    print(f"wrote {TARGET}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
