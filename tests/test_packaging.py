"""Packaging: the sdist holds what its own tests need, the wheel installs the completion
scripts where the shells look for them, and the metadata says what the package is.

One build (sdist, then the wheel from that sdist, as ``python -m build`` does) serves
every test here: it takes some seconds, so the checks share it.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tarfile
import zipfile
from email.parser import Parser
from pathlib import Path

import pytest

import chicago_protokoll

ROOT = Path(__file__).resolve().parents[1]
# Where the wheel puts each completion script, and the file in completions/ it is.
WHEEL_COMPLETIONS = {
    "share/bash-completion/completions/chicago": "completions/bash/chicago",
    "share/zsh/site-functions/_chicago": "completions/zsh/_chicago",
    "share/fish/vendor_completions.d/chicago.fish": "completions/fish/chicago.fish",
}


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    out = tmp_path_factory.mktemp("dist")
    # Built from a copy: setuptools writes its egg-info and build/ into the tree it builds,
    # and two test processes (pytest -n) building the one source tree at once trip over
    # each other's files.  MANIFEST.in, not git, says what the sdist holds, so a copy
    # without the caches, virtual environments and earlier builds builds the same.
    source = tmp_path_factory.mktemp("source") / "chicago-protokoll"
    shutil.copytree(
        ROOT,
        source,
        ignore=shutil.ignore_patterns(
            ".git", ".venv", "venv", "build", "dist", "*.egg-info", "__pycache__", ".*_cache",
            ".hypothesis",
        ),
    )
    result = subprocess.run(
        [sys.executable, "-m", "build", "--outdir", str(out), str(source)],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    (sdist,) = out.glob("*.tar.gz")
    (wheel,) = out.glob("*.whl")
    return {"sdist": sdist, "wheel": wheel}


def _files_under(*folders: str) -> set[str]:
    found = set()
    for folder in folders:
        for path in (ROOT / folder).rglob("*"):
            if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
                found.add(path.relative_to(ROOT).as_posix())
    return found


def test_sdist_holds_the_tests_their_helpers_scripts_bench_and_completions(
    dist: dict[str, Path],
) -> None:
    """Every test module and shared helper (cli_support, chicago_table, conftest), the scripts
    and benchmark the tests run, the completion scripts and the licence are in the sdist."""
    with tarfile.open(dist["sdist"]) as archive:
        names = {name.partition("/")[2] for name in archive.getnames()}
    wanted = _files_under("tests", "scripts", "bench", "completions") | {
        "LICENSE",
        "README.md",
        "pyproject.toml",
        "tests/cli_support.py",
        "tests/chicago_table.py",
        "tests/conftest.py",
    }
    wanted = {name for name in wanted if not name.startswith(("tests/.hypothesis",))}
    assert wanted - names == set()


def test_wheel_installs_the_completion_scripts_as_data(dist: dict[str, Path]) -> None:
    """bash-completion, zsh's site-functions and fish's vendor_completions.d get the scripts,
    under the names each shell loads for the command `chicago`."""
    with zipfile.ZipFile(dist["wheel"]) as wheel:
        data = {
            name.split(".data/data/", 1)[1]: wheel.read(name)
            for name in wheel.namelist()
            if ".data/data/" in name
        }
    assert set(data) == set(WHEEL_COMPLETIONS)
    for installed, source in WHEEL_COMPLETIONS.items():
        assert data[installed] == (ROOT / source).read_bytes()


def test_wheel_metadata_names_the_licence_version_urls_and_classifiers(
    dist: dict[str, Path],
) -> None:
    """An SPDX licence with its file, the one version of the package, project URLs, and
    the classifiers a packaging review looks for."""
    with zipfile.ZipFile(dist["wheel"]) as wheel:
        (metadata_name,) = [n for n in wheel.namelist() if n.endswith(".dist-info/METADATA")]
        metadata = Parser().parsestr(wheel.read(metadata_name).decode("utf-8"))
        licences = [n for n in wheel.namelist() if n.endswith(".dist-info/licenses/LICENSE")]
    assert metadata["License-Expression"] == "MIT"
    assert licences
    assert metadata["Version"] == chicago_protokoll.__version__
    assert {url.split(",")[0] for url in metadata.get_all("Project-URL")} >= {
        "Repository",
        "Documentation",
        "Issues",
    }
    assert set(metadata.get_all("Classifier")) >= {
        "Operating System :: POSIX",
        "Natural Language :: Swedish",
        "Natural Language :: English",
        "Environment :: Console",
        "Topic :: Games/Entertainment",
        "Programming Language :: Python :: 3.11",
    }


def test_wheel_ships_each_catalogue_compiled_and_as_source(dist: dict[str, Path]) -> None:
    """gettext reads i18n/sv.mo and its reads domain sv-reads.mo at run time; the sv.po
    and the reads.pot they are compiled from come along."""
    with zipfile.ZipFile(dist["wheel"]) as wheel:
        for name in ("sv.mo", "sv.po", "sv-reads.mo", "reads.pot"):
            shipped = wheel.read(f"chicago_protokoll/i18n/{name}")
            assert shipped == (ROOT / "chicago_protokoll" / "i18n" / name).read_bytes()


def test_wheel_ships_the_page_templates_and_their_stylesheets(dist: dict[str, Path]) -> None:
    """`export --format protocol` renders templates/paper_protocol.html with
    static/paper_protocol.css, read from the installed package."""
    with zipfile.ZipFile(dist["wheel"]) as wheel:
        for name in ("templates/paper_protocol.html", "static/paper_protocol.css"):
            shipped = wheel.read(f"chicago_protokoll/{name}")
            assert shipped == (ROOT / "chicago_protokoll" / name).read_bytes()
