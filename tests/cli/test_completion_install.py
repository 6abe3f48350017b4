"""`chicago completion install`: the bash and fish scripts copied where those shells look
in the user's home, zsh's fpath line printed (added to ~/.zshrc only with --zshrc), and
then a real bash (with bash-completion), zsh and fish complete `chicago` with nothing
else done, each in a HOME of its own."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from chicago_protokoll.cli.completion import INSTALLED, scripts_of, zsh_line
from cli_support import CHICAGO, ok
from shell_support import COMPLETIONS, PLACES, Terminal

SCRIPTS = {
    "bash": COMPLETIONS / "bash" / "chicago",
    "zsh": COMPLETIONS / "zsh" / "_chicago",
    "fish": COMPLETIONS / "fish" / "chicago.fish",
}
LINE = zsh_line(SCRIPTS["zsh"].parent)


def _install(home: Path, *args: str, **extra: str) -> subprocess.CompletedProcess[str]:
    """``chicago completion install ARGS`` with HOME at ``home`` (as a user's shell runs it)."""
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in (*PLACES, "ZDOTDIR") and not key.startswith("_CHICAGO")
    }
    env.update({"HOME": str(home), "CHICAGO_LANG": "en", **extra})
    return subprocess.run(
        [str(CHICAGO), "completion", "install", *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_install_copies_bash_and_fish_and_prints_the_zsh_line(tmp_path: Path) -> None:
    done = _install(tmp_path)
    assert (done.returncode, done.stderr) == (0, "")
    bash = tmp_path / ".local/share/bash-completion/completions/chicago"
    fish = tmp_path / ".config/fish/completions/chicago.fish"
    assert bash.read_text(encoding="utf-8") == SCRIPTS["bash"].read_text(encoding="utf-8")
    assert fish.read_text(encoding="utf-8") == SCRIPTS["fish"].read_text(encoding="utf-8")
    assert f"bash: wrote {bash};" in done.stdout
    assert f"fish: wrote {fish};" in done.stdout
    assert f"zsh: add this line to {tmp_path / '.zshrc'}" in done.stdout
    assert f"\n  {LINE}\n" in done.stdout
    assert not (tmp_path / ".zshrc").exists()  # printed, not added
    assert not [p.name for p in tmp_path.rglob(".*.tmp")]  # written by rename, nothing left


def test_install_follows_the_shells_variables(tmp_path: Path) -> None:
    """XDG_DATA_HOME and XDG_CONFIG_HOME (bash-completion's and fish's lookup), ZDOTDIR."""
    done = _install(
        tmp_path, "--zshrc", XDG_DATA_HOME=str(tmp_path / "data"),
        XDG_CONFIG_HOME=str(tmp_path / "config"), ZDOTDIR=str(tmp_path / "zdot"),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "data/bash-completion/completions/chicago").is_file()
    assert (tmp_path / "config/fish/completions/chicago.fish").is_file()
    assert (tmp_path / "zdot/.zshrc").read_text(encoding="utf-8") == f"{LINE}\n"
    done = _install(tmp_path, BASH_COMPLETION_USER_DIR=str(tmp_path / "bc"))
    assert (tmp_path / "bc/completions/chicago").is_file()


def test_zshrc_says_what_it_adds_then_adds_it_once(tmp_path: Path) -> None:
    """--zshrc appends the line (after a last line without its newline), through a link to
    the real file, and a second run finds it there and adds nothing."""
    real = tmp_path / "dotfiles" / "zshrc"
    real.parent.mkdir()
    real.write_text("autoload -Uz compinit && compinit\nalias ll='ls -l'", encoding="utf-8")
    (tmp_path / ".zshrc").symlink_to(real)
    done = _install(tmp_path, "--zshrc")
    assert done.returncode == 0, done.stderr
    said = done.stdout.split("zsh: ", 1)[1]
    assert said == (
        f"adding this line to the end of {tmp_path / '.zshrc'}:\n  {LINE}\n"
        "zsh: done; a new zsh completes chicago\n"
    )
    assert (tmp_path / ".zshrc").is_symlink()
    expected = f"autoload -Uz compinit && compinit\nalias ll='ls -l'\n{LINE}\n"
    assert real.read_text(encoding="utf-8") == expected
    again = _install(tmp_path, "--zshrc")
    assert f"zsh: {tmp_path / '.zshrc'} has the line already:" in again.stdout
    assert real.read_text(encoding="utf-8") == expected


def test_install_speaks_swedish(tmp_path: Path) -> None:
    done = _install(tmp_path, CHICAGO_LANG="sv")
    assert done.returncode == 0, done.stderr
    assert "bash: skrev " in done.stdout
    assert "zsh: lägg till den här raden" in done.stdout


def test_the_scripts_are_found_under_an_install_prefix_or_a_checkout(tmp_path: Path) -> None:
    """A wheel's data-files under the prefix above the package (a venv, pipx, ~/.local);
    a checkout's completions/; neither: None."""
    package = tmp_path / "venv/lib/python3.11/site-packages/chicago_protokoll"
    package.mkdir(parents=True)
    assert scripts_of(package) is None
    for path in INSTALLED.values():
        (tmp_path / "venv" / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / "venv" / path).write_text("#\n", encoding="utf-8")
    assert scripts_of(package) == {shell: tmp_path / "venv" / p for shell, p in INSTALLED.items()}
    checkout = Path(__file__).resolve().parents[2]
    assert scripts_of(checkout / "chicago_protokoll") == SCRIPTS


# -- then a real shell completes, with nothing else done -------------------------------------


@pytest.fixture
def table(chicago_home: Path) -> Path:
    ok("new", "fredag", "Anna", "Bo", "Cilla")
    return chicago_home


def _zshrc(home: Path, compinit_first: bool) -> None:
    compinit = "autoload -Uz compinit && compinit -u\n"
    if compinit_first:
        (home / ".zshrc").write_text(compinit, encoding="utf-8")
    assert _install(home, "--zshrc").returncode == 0
    if not compinit_first:
        with (home / ".zshrc").open("a", encoding="utf-8") as rc:
            rc.write(compinit)


@pytest.fixture(params=["bash", "fish", "zsh, compinit before", "zsh, compinit after"])
def installed(request: pytest.FixtureRequest, table: Path, tmp_path: Path) -> Iterator[Terminal]:
    shell = str(request.param).partition(",")[0]
    home = tmp_path / "home"
    home.mkdir()
    if shell == "zsh":
        _zshrc(home, compinit_first="before" in request.param)
    else:
        assert _install(home).returncode == 0
    opened = Terminal(f"{shell}-installed", table, home)
    try:
        yield opened
    finally:
        opened.close()


def test_a_new_shell_completes_after_install(installed: Terminal) -> None:
    assert installed.typed("chicago sessions u") == "chicago sessions use "
    assert installed.typed("chicago buy ci") == "chicago buy Cilla:"
    assert installed.typed("chicago new x Gun Hans --dealer h") == "chicago new x Gun Hans --dealer Hans "


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_completion_show_prints_the_script_install_copies(shell: str) -> None:
    """`chicago completion show SHELL` prints this install's script, byte for byte the file
    `install` copies (as gh and pipx print theirs)."""
    assert ok("completion", "show", shell) == SCRIPTS[shell].read_text(encoding="utf-8")


def test_completion_show_of_another_shell_is_a_usage_error() -> None:
    done = subprocess.run(
        [str(CHICAGO), "completion", "show", "ksh"],
        capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert done.returncode == 2 and done.stdout == ""
    assert "bash" in done.stderr and "fish" in done.stderr


def test_a_bash_that_sources_completion_show_completes_chicago(chicago_home: Path) -> None:
    """`source <(chicago completion show bash)` in a bash with nothing else loaded: TAB
    after `chicago sess` offers `sessions` (bash's own `compgen`-driven call)."""
    script = (
        f"source <({CHICAGO} completion show bash)\n"
        "COMP_WORDS=(chicago sess); COMP_CWORD=1; COMP_LINE='chicago sess'; COMP_POINT=12\n"
        '"$(complete -p chicago | sed -E "s/.*-F ([^ ]+) .*/\\1/")" chicago sess chicago\n'
        'printf "%s\\n" "${COMPREPLY[@]}"\n'
    )
    done = subprocess.run(
        ["bash", "--norc", "--noprofile", "-c", script],
        capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "sessions" in done.stdout.split()
