"""msgfmt, GNU gettext's compiler of ``.po`` catalogues, for the tests that need one, and the
entries of a compiled ``.mo`` as stored.

A test that needs msgfmt skips on a developer's machine without it; under CI (the ``CI``
environment variable set, as `.ci/run` does, and `.ci/run` installs gettext) it fails.
"""

from __future__ import annotations

import os
import shutil
import struct
import subprocess
from pathlib import Path

import pytest


def msgfmt() -> str:
    """The msgfmt executable; skips (or fails under CI) when it is not installed."""
    found = shutil.which("msgfmt")
    if found is None:
        message = "msgfmt is not installed (apt-get install gettext)"
        if os.environ.get("CI"):
            pytest.fail(f"CI is set but {message}", pytrace=False)
        pytest.skip(message)
    return found


def compile_po(po: Path, mo: Path, *, check: bool = True) -> subprocess.CompletedProcess[str]:
    """``msgfmt -c -o mo po``, with every check msgfmt has unless ``check`` is false."""
    return subprocess.run(
        [msgfmt(), *(["-c"] if check else []), "-o", str(mo), str(po)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )



def compile_domain(po: Path, pot: Path, mo: Path) -> subprocess.CompletedProcess[str]:
    """A gettext domain of ``po``: the entries ``pot`` lists, with their translations
    from ``po`` (msgmerge), compiled with every msgfmt check; as docs/translating.md says."""
    msgmerge = shutil.which("msgmerge")
    if msgmerge is None:  # the same package (gettext) as msgfmt
        msgfmt()
        pytest.skip("msgmerge is not installed (apt-get install gettext)")
    merged = subprocess.run(
        [msgmerge, "-q", "--no-fuzzy-matching", "-o", "-", str(po), str(pot)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    if merged.returncode != 0:
        return merged
    return subprocess.run(
        [msgfmt(), "-c", "-o", str(mo), "-"],
        input=merged.stdout,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )

def mo_entries(path: Path) -> dict[str, str]:
    """Every entry of a ``.mo`` exactly as stored: its original (``context\\x04msgid`` for an
    entry with a context, ``singular\\x00plural`` for a counted one; the header is the empty
    msgid) -> its translation (the plural forms joined by ``\\x00``).

    `gettext.GNUTranslations` keeps only the singular of a counted entry; the tests that
    compare the catalogue with the code need both ids, so they read the layout directly:
    a magic number, a revision, the number of entries, then the offsets of two tables of
    (length, offset) pairs (GNU gettext manual, "The Format of GNU MO Files")."""
    data = path.read_bytes()
    order = "<" if data[:4] == b"\xde\x12\x04\x95" else ">"
    _, _, count, originals, translations = struct.unpack(f"{order}5I", data[:20])

    def text(table: int, index: int) -> str:
        length, offset = struct.unpack_from(f"{order}2I", data, table + 8 * index)
        return data[offset : offset + length].decode("utf-8")

    return {text(originals, i): text(translations, i) for i in range(count)}
