"""The committed sv.mo is what msgfmt makes of sv.po today, and msgfmt's checks pass on sv.po:
a translator who edits the .po and forgets to compile it is told here, not by a user."""

from __future__ import annotations

from pathlib import Path

from chicago_protokoll.i18n import language
from msgfmt_support import compile_po, mo_entries

CATALOGUES = Path(language.__file__).parent


def test_msgfmt_check_passes_on_every_catalogue(tmp_path: Path) -> None:
    """``msgfmt -c``: the header, and the placeholders of every python-brace-format entry."""
    for po in sorted(CATALOGUES.glob("*.po")):
        compiled = compile_po(po, tmp_path / f"{po.stem}.mo")
        assert compiled.returncode == 0, compiled.stderr
        assert not compiled.stderr, compiled.stderr  # no warning either


def test_every_committed_mo_holds_exactly_what_its_po_says(tmp_path: Path) -> None:
    """Entry by entry (not byte by byte: another msgfmt version may lay the file out
    differently); to bring it up to date: msgfmt -c -o chicago_protokoll/i18n/sv.mo
    chicago_protokoll/i18n/sv.po."""
    pos = sorted(CATALOGUES.glob("*.po"))
    assert [po.stem for po in pos] == [mo.stem for mo in sorted(CATALOGUES.glob("*.mo"))]
    for po in pos:
        fresh = tmp_path / f"{po.stem}.mo"
        assert compile_po(po, fresh).returncode == 0
        committed, compiled = mo_entries(po.with_suffix(".mo")), mo_entries(fresh)
        stale = sorted(set(committed.items()) ^ set(compiled.items()))
        assert not stale, (
            f"{po.with_suffix('.mo').name} is not compiled from {po.name}: {stale[:5]}"
        )
