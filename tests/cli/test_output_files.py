"""Every `-o FILE` writer (cli.md, "Output files and bad input"): a path that is, or links
to, anything but a regular file (a device, a FIFO, a socket, a folder) is refused with a
sentence and left as it was; a link to a regular file is written through, the link kept.

The writers share one function (`cli.output.emit` -> `store.exportfile.write_export`);
each is driven here all the same, so a writer that stops using it fails."""

from __future__ import annotations

import os
import socket
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from cli_support import ok, refused, session_file

NINE = ("Anna", "Bo", "Cilla", "Dag", "Eva", "Fia", "Gun", "Hugo", "Ida")

WRITERS = {
    "export": ("export", "--format", "md"),
    "night cards": ("night", "cards", "fredag"),
    "night status html": ("night", "status", "fredag", "--format", "html"),
    "stats html": ("stats", "--format", "html"),
    "settle evening md": ("settle", "--evening", "--format", "md"),
}


@pytest.fixture
def table(chicago_home: Path) -> None:
    ok("night", "new", "fredag", *NINE, "--seed", "2")
    ok("new", "lördag", "Anna", "Bo", "Cilla")
    ok("royal", "Anna")


@pytest.fixture
def out(tmp_path: Path) -> Path:
    """A folder of its own for the outputs (the data directory is under tmp_path too)."""
    folder = tmp_path / "out"
    folder.mkdir()
    return folder


@pytest.fixture
def unix_socket(out: Path) -> Iterator[Path]:
    path = out / "s.sock"
    listener = socket.socket(socket.AF_UNIX)
    listener.bind(str(path))
    try:
        yield path
    finally:
        listener.close()


def _fifo(folder: Path) -> Path:
    path = folder / "pipe"
    os.mkfifo(path)
    return path


def _link(folder: Path, target: Path, name: str = "link.html") -> Path:
    link = folder / name
    link.symlink_to(target)
    return link


@pytest.mark.usefixtures("table")
@pytest.mark.parametrize("writer", WRITERS)
def test_an_output_file_that_is_a_fifo_or_links_to_one_is_refused(
    writer: str, out: Path
) -> None:
    fifo = _fifo(out)
    for target in (fifo, _link(out, fifo)):
        error = refused(*WRITERS[writer], "-o", str(target))
        assert "named pipe (FIFO), not a file" in error and "nothing was written" in error
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert sorted(p.name for p in out.iterdir()) == ["link.html", "pipe"]


@pytest.mark.usefixtures("table")
@pytest.mark.parametrize("writer", WRITERS)
def test_an_output_file_that_links_to_a_device_is_refused_and_the_device_stays(
    writer: str, out: Path
) -> None:
    link = _link(out, Path("/dev/null"))
    error = refused(*WRITERS[writer], "-o", str(link))
    assert "it is a device, not a file" in error
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode) and link.is_symlink()


@pytest.mark.usefixtures("table")
@pytest.mark.parametrize("writer", WRITERS)
def test_an_output_file_that_is_a_socket_or_links_to_a_folder_is_refused(
    writer: str, out: Path, unix_socket: Path
) -> None:
    assert "it is a socket, not a file" in refused(*WRITERS[writer], "-o", str(unix_socket))
    folder = out / "mapp"
    folder.mkdir()
    error = refused(*WRITERS[writer], "-o", str(_link(out, folder)))
    assert "folder" in error and "nothing was written" in error
    assert stat.S_ISSOCK(os.lstat(unix_socket).st_mode) and list(folder.iterdir()) == []


@pytest.mark.usefixtures("table")
@pytest.mark.parametrize("writer", WRITERS)
def test_an_output_file_that_links_to_a_regular_file_is_written_through(
    writer: str, out: Path
) -> None:
    real = out / "real.html"
    real.write_text("old\n", "utf-8")
    os.chmod(real, 0o640)
    link = _link(out, real)
    ok(*WRITERS[writer], "-o", str(link))
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert real.read_text("utf-8") not in ("", "old\n")
    assert stat.S_IMODE(os.stat(real).st_mode) == 0o640  # replaced, as it was
    assert sorted(p.name for p in out.iterdir()) == ["link.html", "real.html"]


def test_rules_init_over_a_fifo_is_refused(out: Path) -> None:
    """`rules init PATH --force` writes the same way: only over a regular file."""
    fifo = _fifo(out)
    assert "named pipe (FIFO), not a file" in refused("rules", "init", str(fifo), "--force")
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


def test_the_session_file_is_untouched_by_a_refused_output(table: None, out: Path) -> None:
    before = session_file("lördag").read_bytes()
    refused("export", "-o", str(_fifo(out)))
    assert session_file("lördag").read_bytes() == before
