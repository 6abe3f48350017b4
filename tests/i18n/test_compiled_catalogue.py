"""The committed sv.mo is what msgfmt makes of sv.po today, and msgfmt's checks pass on sv.po:
a translator who edits the .po and forgets to compile it is told here, not by a user."""

from __future__ import annotations

from pathlib import Path

from chicago_protokoll.i18n import language
from msgfmt_support import compile_domain, compile_po, mo_entries

CATALOGUES = Path(language.__file__).parent
DOMAIN = f"-{language.READS}"  # xx-reads.mo: the reads domain of xx.po (reads.pot)


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
    whole = [mo.stem for mo in sorted(CATALOGUES.glob("*.mo")) if not mo.stem.endswith(DOMAIN)]
    assert [po.stem for po in pos] == whole
    for po in pos:
        fresh = tmp_path / f"{po.stem}.mo"
        assert compile_po(po, fresh).returncode == 0
        committed, compiled = mo_entries(po.with_suffix(".mo")), mo_entries(fresh)
        stale = sorted(set(committed.items()) ^ set(compiled.items()))
        assert not stale, (
            f"{po.with_suffix('.mo').name} is not compiled from {po.name}: {stale[:5]}"
        )


def test_the_reads_domain_holds_exactly_the_entries_reads_pot_lists(tmp_path: Path) -> None:
    """xx-reads.mo is what msgmerge and msgfmt make of xx.po and reads.pot, entry by entry;
    to bring it up to date: msgmerge -q --no-fuzzy-matching -o - chicago_protokoll/i18n/sv.po
    chicago_protokoll/i18n/reads.pot | msgfmt -c -o chicago_protokoll/i18n/sv-reads.mo -"""
    domains = sorted(CATALOGUES.glob(f"*{DOMAIN}.mo"))
    assert [mo.name for mo in domains] == ["sv-reads.mo"]
    for mo in domains:
        po = CATALOGUES / f"{mo.stem.removesuffix(DOMAIN)}.po"
        fresh = tmp_path / mo.name
        compiled = compile_domain(po, CATALOGUES / f"{language.READS}.pot", fresh)
        assert compiled.returncode == 0, compiled.stderr
        committed = mo_entries(mo)
        stale = sorted(set(committed.items()) ^ set(mo_entries(fresh).items()))
        assert not stale, f"{mo.name} is not compiled from {po.name} and reads.pot: {stale[:5]}"


def test_every_text_of_the_reads_domain_is_the_whole_catalogues() -> None:
    """The domain is a part of the catalogue, never another translation: each of its
    entries is the whole .mo's, and each text reads.pot lists has one (none is stale)."""
    listed = (CATALOGUES / f"{language.READS}.pot").read_text("utf-8").count("\nmsgid ")
    for mo in sorted(CATALOGUES.glob(f"*{DOMAIN}.mo")):
        part = mo_entries(mo)
        whole = mo_entries(mo.with_name(f"{mo.stem.removesuffix(DOMAIN)}.mo"))
        assert {key: whole.get(key) for key in part} == part
        assert len(part) == listed  # the header (msgid "") is one of both
