"""Files are regular and bounded, and nothing is written outside the data directory:
a FIFO, a device, a directory, an oversized or deeply nested file is refused by name
at once; a symlink in the data directory (session, lock) is refused, never followed;
`new` makes the file and moves the pointer together or not at all."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from chicago_protokoll.i18n.language import Msg
from chicago_protokoll.store import atomic, catalogue, locations, regularfile, tomlsubset
from cli_support import invoke, ok, refused

SPECIAL = ["fifo", "dev-zero", "dev-null", "directory"]


def _special(kind: str, where: Path) -> Path:
    if kind == "fifo":
        path = where / "pipe.toml"
        os.mkfifo(path)
        return path
    if kind == "dev-zero":
        return Path("/dev/zero")
    if kind == "dev-null":
        return Path("/dev/null")
    path = where / "folder.toml"
    path.mkdir()
    return path


@pytest.mark.parametrize("kind", SPECIAL)
def test_a_session_or_rules_path_that_is_no_file_is_refused_by_name_at_once(
    kind: str, tmp_path: Path
) -> None:
    """status --file, new --rules and rules check on a FIFO (would block), /dev/zero
    (would read forever), /dev/null, a directory: refused within a second, naming it."""
    path = _special(kind, tmp_path)
    for args in (
        ["rules", "check", str(path)],
        ["new", "g", "Anna", "Bo", "--rules", str(path)],
        ["status", "--file", str(path)],
    ):
        start = time.monotonic()
        result = invoke(*args)
        # a FIFO would block for ever and /dev/zero read for ever: a bound far above any
        # loaded machine's time (alone it takes milliseconds) tells "for ever" from done
        assert time.monotonic() - start < 60
        # a directory is refused by the option itself (exit 2), the rest by the store
        assert result.exit_code == (2 if kind == "directory" and "new" not in args else 1)
        assert str(path) in result.stderr and "Traceback" not in result.output
    assert not locations.session_path("g").exists()


def test_a_session_file_larger_than_the_cap_is_refused_without_reading_it_all(
    tmp_path: Path,
) -> None:
    big = tmp_path / "big.toml"
    with big.open("wb") as handle:
        handle.truncate(regularfile.SESSION_LIMIT + 1)  # sparse: no disk used
    assert "larger than" in refused("status", "--file", str(big))


def test_the_bounded_reader_reads_a_file_of_exactly_the_limit(tmp_path: Path) -> None:
    path = tmp_path / "f"
    path.write_bytes(b"x" * 100)
    assert regularfile.read_bounded(path, 100) == b"x" * 100
    with pytest.raises(regularfile.NotReadable):
        regularfile.read_bounded(path, 99)


DEEP = {
    "arrays": "players = " + "[" * 5000 + "]" * 5000 + "\n",
    "inline tables": "players = " + "{a = " * 3000 + "1" + "}" * 3000 + "\n",
    "dotted tables": "[" + ".".join(["a"] * 5000) + "]\n",
    "a 5000-digit number": "version = " + "1" * 5000 + "\n",
}


@pytest.mark.parametrize("text", list(DEEP.values()), ids=list(DEEP))
def test_deep_nesting_and_huge_numbers_are_refused_naming_the_file(
    text: str, tmp_path: Path
) -> None:
    """A RecursionError or int-conversion error never escapes: the file is named."""
    path = tmp_path / "deep.toml"
    path.write_text('format = "chicago-protokoll/session"\n' + text, encoding="utf-8")
    assert str(path) in refused("status", "--file", str(path))
    checked = invoke("rules", "check", str(path))  # lists every problem, a line each
    assert checked.exit_code == 1 and str(path) in checked.stderr
    assert "Traceback" not in checked.output and "unexpected" not in checked.output
    assert tomlsubset.loads(text) is None  # the fast reader declines; tomllib decides


def _in_sessions(name: str) -> Path:
    directory = locations.sessions_dir()
    directory.mkdir(parents=True, exist_ok=True)
    return directory / name


@pytest.mark.parametrize("dangling", [True, False], ids=["dangling", "to a file"])
def test_new_over_a_symlink_in_the_data_directory_writes_nothing_outside(
    dangling: bool, tmp_path: Path
) -> None:
    outside = tmp_path / "outside.toml"
    if not dangling:
        outside.write_text("mine\n", encoding="utf-8")
    _in_sessions("g.toml").symlink_to(outside)
    assert "symbolic link" in refused("new", "g", "Anna", "Bo")
    assert outside.exists() is not dangling
    if not dangling:
        assert outside.read_text(encoding="utf-8") == "mine\n"


def test_a_session_in_the_data_directory_that_is_a_symlink_is_neither_read_nor_written(
    tmp_path: Path,
) -> None:
    ok("new", "g", "Anna", "Bo", "--file", str(tmp_path / "real.toml"))
    _in_sessions("g.toml").symlink_to(tmp_path / "real.toml")
    before = (tmp_path / "real.toml").read_bytes()
    for args in (["status", "-s", "g"], ["tricks", "Anna", "-s", "g"]):
        assert "symbolic link" in refused(*args)
    assert (tmp_path / "real.toml").read_bytes() == before


@pytest.mark.parametrize("dangling", [True, False], ids=["dangling", "to a file"])
def test_a_lock_file_that_is_a_symlink_is_refused_not_followed(
    dangling: bool, tmp_path: Path
) -> None:
    ok("new", "g", "Anna", "Bo")
    target = tmp_path / "lock-target"
    if not dangling:
        target.write_text("keep\n", encoding="utf-8")
    lock = _in_sessions(atomic.LOCK_NAME)
    lock.unlink()
    lock.symlink_to(target)
    before = locations.session_path("g").read_bytes()
    assert "symbolic link" in refused("tricks", "Anna")
    assert "symbolic link" in refused("new", "h", "Anna", "Bo")
    assert locations.session_path("g").read_bytes() == before
    assert target.exists() is not dangling
    assert not locations.session_path("h").exists()


def test_a_current_pointer_that_is_a_fifo_or_a_link_is_no_pointer(tmp_path: Path) -> None:
    ok("new", "g", "Anna", "Bo")
    pointer = locations.data_dir() / "current"
    pointer.unlink()
    os.mkfifo(pointer)
    assert catalogue.get_current() is None
    assert "no current session" in refused("status")
    pointer.unlink()
    (tmp_path / "elsewhere").write_text("g\n", encoding="utf-8")
    pointer.symlink_to(tmp_path / "elsewhere")
    assert catalogue.get_current() is None


def test_new_removes_its_file_when_the_pointer_cannot_move(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A pointer that cannot be written (here: a failing write) undoes the new file."""
    ok("new", "old", "Anna", "Bo")

    def fail(name: str) -> None:
        raise catalogue.ChicagoError(
            Msg(
                "could not write {current_file}: {strerror}",
                current_file="current",
                strerror="No space left on device",
            )
        )

    monkeypatch.setattr(catalogue, "set_current", fail)
    message = refused("new", "g", "Cilla", "Dan")
    assert "removed again" in message and "No space left" in message
    assert not locations.session_path("g").exists()
    assert catalogue.get_current() == "old"


def test_new_removes_its_file_when_the_pointer_is_a_directory() -> None:
    """The same through the real store: `current` made a directory, so it cannot be replaced."""
    ok("new", "old", "Anna", "Bo")
    pointer = locations.data_dir() / "current"
    pointer.unlink()
    pointer.mkdir()
    message = refused("new", "g", "Cilla", "Dan")
    assert "removed again" in message
    assert not locations.session_path("g").exists()


def test_locking_states_its_platform_where_fcntl_is_missing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Without fcntl (not POSIX) recording refuses with a plain sentence, no ImportError."""
    ok("new", "g", "Anna", "Bo")
    before = locations.session_path("g").read_bytes()
    monkeypatch.setattr(atomic, "fcntl", None)
    assert "POSIX" in refused("tricks", "Anna")
    assert locations.session_path("g").read_bytes() == before


def test_a_house_rules_file_that_starts_with_a_byte_order_mark_is_read(tmp_path: Path) -> None:
    """Notepad writes UTF-8 with a byte-order mark; the rules in the file are what count."""
    path = tmp_path / "house.toml"
    path.write_bytes(b"\xef\xbb\xbf[game]\ntarget = 40\n")
    checked = invoke("rules", "check", str(path))
    assert checked.exit_code == 0, checked.output
    assert "game.target = 40" in checked.stdout
    ok("new", "g", "Anna", "Bo", "--rules", str(path))
    assert json.loads(invoke("status", "--json", "-s", "g").stdout)["target"] == 40


def test_a_hand_edited_session_file_with_a_byte_order_mark_still_loads(tmp_path: Path) -> None:
    path = tmp_path / "g.toml"
    ok("new", "g", "Anna", "Bo", "--file", str(path))
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    assert invoke("status", "--file", str(path)).exit_code == 0


@pytest.mark.parametrize("command", [["rules", "check"], ["new", "g", "Anna", "Bo", "--rules"]])
def test_a_number_of_thousands_of_digits_gets_a_plain_sentence(
    command: list[str], tmp_path: Path
) -> None:
    """Not Python's advice to call sys.set_int_max_str_digits(): a sentence for the table."""
    path = tmp_path / "huge.toml"
    path.write_text("[game]\ntarget = " + "9" * 4400 + "\n", encoding="utf-8")
    message = refused(*command, str(path))
    assert "thousands of digits" in message and str(path) in message
    assert "sys." not in message and "set_int_max_str_digits" not in message
