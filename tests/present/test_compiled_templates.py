"""The compiled templates are kept in the cache directory (Jinja2's own bytecode cache,
keyed by the template's name and its source's checksum): a template changed since is
compiled afresh, and a cache that cannot be read or written never costs a page."""

from __future__ import annotations

from pathlib import Path

import pytest
from jinja2 import Environment, FileSystemLoader

from chicago_protokoll.present import templating


def _render(folder: Path) -> str:
    """``page.html`` of ``folder`` as a new process renders it: a fresh environment on the
    package's cache of compiled templates."""
    env = Environment(loader=FileSystemLoader(folder), bytecode_cache=templating._compiled_templates())
    return env.get_template("page.html").render(name="Anna")


def test_a_compiled_template_is_kept_in_the_cache_directory_and_used_again(
    chicago_home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "page.html").write_text("Hej {{ name }}", encoding="utf-8")
    assert _render(tmp_path) == "Hej Anna"
    kept = list(templating.compiled_folder().glob("*.cache"))
    assert len(kept) == 1 and templating.compiled_folder().parent == chicago_home / "cache"

    def compile_again(*args: object, **kwargs: object) -> None:
        raise AssertionError("compiled again: the kept template was not used")

    monkeypatch.setattr(Environment, "compile", compile_again)
    assert _render(tmp_path) == "Hej Anna"


def test_a_template_changed_since_it_was_compiled_is_compiled_afresh(
    chicago_home: Path, tmp_path: Path
) -> None:
    page = tmp_path / "page.html"
    page.write_text("Hej {{ name }}", encoding="utf-8")
    assert _render(tmp_path) == "Hej Anna"
    page.write_text("Hello {{ name }}", encoding="utf-8")
    assert _render(tmp_path) == "Hello Anna"


def test_a_damaged_cache_file_costs_a_compile_not_the_page(chicago_home: Path, tmp_path: Path) -> None:
    (tmp_path / "page.html").write_text("Hej {{ name }}", encoding="utf-8")
    _render(tmp_path)
    for kept in templating.compiled_folder().glob("*.cache"):
        kept.write_bytes(kept.read_bytes()[:20])  # cut short, as by a full disk
    assert _render(tmp_path) == "Hej Anna"
    for kept in templating.compiled_folder().glob("*.cache"):
        kept.write_bytes(b"not a cache at all")
    assert _render(tmp_path) == "Hej Anna"


def test_a_cache_directory_that_cannot_be_written_costs_a_compile_not_the_page(
    chicago_home: Path, tmp_path: Path
) -> None:
    chicago_home.mkdir(parents=True, exist_ok=True)
    (chicago_home / "cache").write_text("a file where the folder would be", encoding="utf-8")
    (tmp_path / "page.html").write_text("Hej {{ name }}", encoding="utf-8")
    assert _render(tmp_path) == "Hej Anna"


def test_the_cache_folder_is_named_by_the_settings_the_compiled_code_depends_on(
    chicago_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = templating.compiled_folder()
    monkeypatch.setattr(templating, "SETTINGS", dict(templating.SETTINGS, trim_blocks=False))
    assert templating.compiled_folder() != before
