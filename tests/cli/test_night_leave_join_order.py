"""`night leave` and `night join` take PLAYER [NAME]; given the night first, as every
other night command takes it (`night leave fredag Greta`), they are understood the same
(issue 41: it said there was no night 'Greta' and offered to create one)."""

from __future__ import annotations

from pathlib import Path

from cli_support import ok, refused

SEVEN = ("Anna", "Bo", "Cilla", "Dag", "Eva", "Fia", "Greta")


def night_file(home: Path, name: str = "fredag") -> Path:
    return home / "nights" / f"{name}.toml"


def moves(home: Path, name: str) -> list[tuple[str, str]]:
    """The night file's moves: (player, leave or join), in order."""
    import tomllib

    data = tomllib.loads(night_file(home, name).read_text(encoding="utf-8"))
    return [(move["player"], move["move"]) for move in data.get("moves", [])]


def test_night_first_leave_and_join_do_what_player_first_does(chicago_home: Path) -> None:
    ok("night", "new", "fredag", *SEVEN, "--seed", "1")
    ok("night", "new", "lördag", *SEVEN, "--seed", "1")
    assert "Greta leaves the night fredag" in ok("night", "leave", "fredag", "Greta")
    assert "Greta joins the night fredag" in ok("night", "join", "fredag", "Greta")
    assert "Hugo joins the night fredag" in ok("night", "join", "fredag", "Hugo")
    ok("night", "leave", "Greta", "lördag")
    ok("night", "join", "Greta", "lördag")
    ok("night", "join", "Hugo", "lördag")
    expected = [("Greta", "leave"), ("Greta", "join"), ("Hugo", "join")]
    assert moves(chicago_home, "fredag") == moves(chicago_home, "lördag") == expected


def test_night_first_with_someone_not_in_it_is_the_nights_refusal(chicago_home: Path) -> None:
    """`night leave fredag Nobody`: the night answers that Nobody does not play in it,
    never that there is no night 'Nobody'; the file is unchanged."""
    ok("night", "new", "fredag", *SEVEN, "--seed", "1")
    before = night_file(chicago_home).read_bytes()
    message = refused("night", "leave", "fredag", "Nobody")
    assert "'Nobody' is not in the night fredag" in message
    assert "no night" not in message
    assert night_file(chicago_home).read_bytes() == before


def test_a_player_named_like_no_night_before_an_unknown_night_is_still_refused(
    chicago_home: Path,
) -> None:
    """Neither word a night: the usual answer, naming the night that is not there."""
    ok("night", "new", "fredag", *SEVEN, "--seed", "1")
    assert "there is no night 'torsdag'" in refused("night", "leave", "Greta", "torsdag")
