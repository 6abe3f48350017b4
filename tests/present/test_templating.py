"""The one template environment: autoescaped, strict about missing names, the catalogue's
texts in the current language, and static files addressed by their content."""

from __future__ import annotations

import base64
import hashlib
import subprocess
import sys

import pytest
from jinja2 import UndefinedError

from chicago_protokoll.i18n.language import set_language
from chicago_protokoll.present import templating


def test_a_name_typed_at_the_table_is_escaped_in_a_page() -> None:
    page = (
        templating.environment()
        .from_string("<td>{{ name }}</td>")
        .render(name="<script>x</script>")
    )
    assert page == "<td>&lt;script&gt;x&lt;/script&gt;</td>"


def test_a_name_the_template_asks_for_and_is_not_given_is_an_error_not_an_empty_cell() -> None:
    with pytest.raises(UndefinedError):
        templating.environment().from_string("{{ total }}").render()


@pytest.mark.parametrize(
    ("lang", "expected"), [("en", "Last trick · 2 deals"), ("sv", "Sista sticket · 2 givar")]
)
def test_a_template_text_is_the_catalogues_in_the_current_language(
    lang: str, expected: str
) -> None:
    source = '{{ _("Last trick") }} · {{ ngettext("{n} deal", "{n} deals", 2) }}'
    set_language(lang)
    try:
        assert templating.environment().from_string(source).render() == expected
    finally:
        set_language("en")


def test_a_static_file_is_named_by_its_content_and_carries_its_integrity_hash() -> None:
    data = (templating.STATIC / "paper_protocol.css").read_bytes()
    digest = base64.b64encode(hashlib.sha384(data).digest()).decode()
    assert templating.integrity("paper_protocol.css") == f"sha384-{digest}"
    url = templating.static_url("paper_protocol.css")
    assert url.startswith("/static/") and url.endswith("/paper_protocol.css")
    assert templating.content_key("paper_protocol.css") in url


def test_only_the_packages_own_static_files_are_read() -> None:
    with pytest.raises(ValueError, match="not a static file"):
        templating.static_bytes("../core/rules.py")


def test_importing_the_environment_module_does_not_import_jinja2() -> None:
    code = "import sys, chicago_protokoll.present.templating; print('jinja2' in sys.modules)"
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "False"
