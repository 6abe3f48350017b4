"""completions/: the bash, zsh and fish scripts are the app's own, and TAB completes
commands, session names and the players of the session on the command line."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from cli_support import CHICAGO, ENGLISH, ok

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "generate_completions.py"
COMPLETIONS = ROOT / "completions"
SHELLS = ("bash", "zsh", "fish")


def complete(shell: str, words: str, **extra: str) -> list[str]:
    """What the installed `chicago` offers for ``words`` through ``shell``'s completion protocol."""
    env = {**os.environ, **ENGLISH, "_CHICAGO_COMPLETE": f"complete_{shell}", **extra}
    if shell == "bash":
        env |= {"COMP_WORDS": words, "COMP_CWORD": str(len(words.split(" ")) - 1)}
    else:
        env |= {"_TYPER_COMPLETE_ARGS": words}
    if shell == "fish":
        env["_TYPER_COMPLETE_FISH_ACTION"] = "get-args"
    result = subprocess.run(
        [str(CHICAGO)], env=env, capture_output=True, text=True, timeout=30, check=False
    )
    assert result.returncode == 0, result.stderr
    return result.stdout.split()


@pytest.mark.parametrize("shell", SHELLS)
def test_completion_file_is_what_the_app_prints_now(shell: str) -> None:
    """completions/chicago.SHELL equals `_CHICAGO_COMPLETE=source_SHELL chicago`: no drift."""
    env = {**os.environ, **ENGLISH, "_CHICAGO_COMPLETE": f"source_{shell}"}
    printed = subprocess.run(
        [str(CHICAGO)], env=env, capture_output=True, text=True, timeout=30, check=True
    ).stdout
    assert printed.strip()
    assert (COMPLETIONS / f"chicago.{shell}").read_text(encoding="utf-8") == printed


def test_generate_script_check_passes_on_the_committed_files() -> None:
    """scripts/generate_completions.py --check finds nothing to regenerate."""
    result = subprocess.run(
        [sys.executable, str(SCRIPT), "--check"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr


def test_generate_script_check_fails_on_a_drifted_file(tmp_path: Path) -> None:
    """--check exits 1 and names the file when a completion script no longer matches the app."""
    copy = tmp_path / "repo"
    shutil.copytree(COMPLETIONS, copy / "completions")
    (copy / "scripts").mkdir()
    shutil.copy(SCRIPT, copy / "scripts" / SCRIPT.name)
    drifted = copy / "completions" / "chicago.fish"
    drifted.write_text("complete --command chicago --arguments old\n", encoding="utf-8")
    check = [sys.executable, str(copy / "scripts" / SCRIPT.name), "--check"]
    result = subprocess.run(check, capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 1
    assert "chicago.fish" in result.stderr
    assert "chicago.bash" not in result.stderr
    regenerate = subprocess.run(check[:-1], capture_output=True, text=True, timeout=60, check=False)
    assert regenerate.returncode == 0
    assert drifted.read_text(encoding="utf-8") == (COMPLETIONS / "chicago.fish").read_text(
        encoding="utf-8"
    )


@pytest.mark.parametrize("shell", SHELLS)
def test_tab_completes_commands(shell: str) -> None:
    """`chicago se<TAB>` offers settle and sessions."""
    offered = " ".join(complete(shell, "chicago se"))
    assert "settle" in offered
    assert "sessions" in offered


@pytest.mark.parametrize("shell", SHELLS)
def test_tab_completes_the_players_of_the_current_session(shell: str) -> None:
    """`chicago declare <TAB>` offers the current session's players; `tricks C<TAB>` only Cilla."""
    ok("new", "fredag", "Anna", "Bo", "Cilla")
    offered = complete(shell, "chicago declare ")
    assert {"Anna", "Bo", "Cilla"} <= {word.strip("'\"():") for word in offered}
    assert not any("Cilla" in word for word in complete(shell, "chicago tricks A"))


def test_tab_completes_players_of_the_session_named_on_the_command_line() -> None:
    """With --session lördag before the cursor, lördag's players are offered, not the current's."""
    ok("new", "lördag", "Dag", "Eva")
    ok("new", "fredag", "Anna", "Bo", "Cilla")
    assert complete("bash", "chicago deal --session lördag --last-trick ") == ["Dag", "Eva"]
    assert complete("bash", "chicago deal --last-trick ") == ["Anna", "Bo", "Cilla"]


def test_tab_completes_session_names() -> None:
    """`chicago sessions use <TAB>` offers the sessions there are."""
    ok("new", "fredag", "Anna", "Bo")
    ok("new", "lördag", "Dag", "Eva")
    assert complete("bash", "chicago sessions use ") == ["fredag", "lördag"]


def test_tab_without_any_session_offers_no_players_and_no_error() -> None:
    """Before any session exists, completing a player offers nothing and prints no error."""
    assert complete("bash", "chicago declare ") == []


@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")
def test_the_bash_file_completes_players_in_a_real_bash() -> None:
    """Sourcing completions/chicago.bash in bash and pressing TAB after `declare` lists the players."""
    ok("new", "fredag", "Anna", "Bo", "Cilla")
    script = (
        f"source {COMPLETIONS / 'chicago.bash'}\n"
        "COMP_WORDS=(chicago declare ''); COMP_CWORD=2\n"
        "_chicago_completion chicago\n"
        'printf "%s\\n" "${COMPREPLY[@]}"\n'
    )
    env = {**os.environ, **ENGLISH, "PATH": f"{CHICAGO.parent}{os.pathsep}{os.environ['PATH']}"}
    result = subprocess.run(
        ["bash", "--norc", "--noprofile", "-c", script],
        env=env,
        capture_output=True,
        text=True,
        timeout=30,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["Anna", "Bo", "Cilla"]
