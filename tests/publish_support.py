"""A club night of 10 players as the publish tests need it: round 1 played to the end,
round 2 drawn with one deal at its first table.  Not a test module."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from cli_support import ok

PLAYERS = ("Anna", "Bo", "Cilla", "Dag", "Eva", "Fia", "Gun", "Hugo", "Ida", "Jon")


def night_status(name: str = "fredag") -> dict[str, Any]:
    status: dict[str, Any] = json.loads(ok("night", "status", name, "--json"))
    return status


def win_table(session: str, player: str) -> None:
    """Three deals of 23 for ``player``: over the target of 52, the game is over."""
    for _ in range(3):
        ok("deal", "--session", session, "--buy", f"{player}:kåk", "--buy", f"{player}:kåk",
           "--last-trick", player, "--showdown", f"{player}:kåk")  # fmt: skip


def one_deal(session: str, players: list[str]) -> None:
    """Seed 000's deal shape at any table: a köp each for the second and first seat."""
    ok("deal", "--session", session, "--buy", f"{players[1]}:två par", "--buy",
       f"{players[0]}:par", "--last-trick", players[2], "--showdown", f"{players[0]}:triss")  # fmt: skip


def played_night(name: str = "fredag") -> dict[str, Any]:
    """The night: round 1 over (each table won by its second seat), round 2 drawn and one
    deal recorded at its table 1.  Its status."""
    ok("night", "new", name, *PLAYERS, "--seed", "7", "--rounds", "3")
    for table in night_status(name)["tables"]:
        win_table(table["session"], table["players"][1])
    ok("night", "draw", name)
    first = night_status(name)["tables"][0]
    one_deal(first["session"], first["players"])
    return night_status(name)


def night_home(folder: Path) -> Path:
    """A data directory in ``folder`` holding `played_night` and a session "solo" of three
    not at the night (made once per module: copy it with `use_home`)."""
    home = folder / "home"
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("CHICAGO_PROTOKOLL_HOME", str(home))
        played_night()
        ok("new", "solo", "Anna", "Bo", "Cilla")
    return home


def use_home(made: Path, home: Path) -> None:
    """Make ``home`` (the test's data directory) a copy of ``made``."""
    shutil.copytree(made, home, dirs_exist_ok=True, ignore=shutil.ignore_patterns("cache"))


def files_of(site: Path) -> dict[str, tuple[int, int, bytes]]:
    """Each file of the site by path: inode, modification time, bytes."""
    found = {}
    for path in sorted(site.rglob("*")):
        if path.is_file():
            info = path.stat()
            found[path.relative_to(site).as_posix()] = (info.st_ino, info.st_mtime_ns, path.read_bytes())
    return found
