"""TAB completion in a real bash, zsh and fish (Debian's packages), through the scripts in
completions/.  Not a test module; tests/cli/test_completion_scripts.py uses it.

- `offered(shell, line)`: what TAB offers at the end of ``line``.  bash: the completion
  function run as bash runs it, with COMP_WORDS split as readline splits them (at the
  characters of COMP_WORDBREAKS, ``:`` and ``=`` among them); fish: ``complete -C``;
  zsh has no such call, so its tests type (`typed`).
- `typed(shell, line)`: the command line after typing ``line`` and one TAB in an
  interactive shell (pexpect, a pseudo-terminal), read back through a key bound to
  write the line to a file.

A shell test may skip only on a developer's machine without that shell.  Under CI (the
``CI`` environment variable set, as `.ci/run` does, which installs the three shells)
a missing shell is a failure, so these tests cannot quietly stop running.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from pathlib import Path

import pexpect
import pytest

from cli_support import CHICAGO

COMPLETIONS = Path(__file__).resolve().parents[1] / "completions"
SHELLS = ("bash", "zsh", "fish")
_BREAKS = " \t\n\"'><=;|&(:"  # bash's COMP_WORDBREAKS


def need(shell: str) -> str:
    """The path of ``shell``; skips without it, or fails under CI."""
    found = shutil.which(shell)
    if found is None:
        message = f"{shell} is not installed (apt-get install {shell})"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return found


def environment(home: Path | None) -> dict[str, str]:
    """This process's environment for a shell: ``CHICAGO_PROTOKOLL_HOME`` is ``home``, and
    with None unset, as a user has it (the data directory is then platformdirs')."""
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("_CHICAGO", "COMP_", "BASH_", "ZDOTDIR", "fish_"))
        and key != "CHICAGO_PROTOKOLL_HOME"
    }
    env.update(
        PATH=f"{CHICAGO.parent}{os.pathsep}{os.environ['PATH']}",
        LANG="C.UTF-8",
        LC_ALL="C.UTF-8",
        CHICAGO_LANG="en",
        TERM="xterm",
    )
    if home is not None:
        env["CHICAGO_PROTOKOLL_HOME"] = str(home)
    return env


def bash_words(line: str) -> list[str]:
    """``line`` split into COMP_WORDS as bash splits it: at unquoted blanks, and at each
    other COMP_WORDBREAKS character, which becomes a word of its own (``Anna``, ``:``,
    ``kå``); a quoted word is kept whole, quotes and all."""
    words: list[str] = []
    word = ""
    quote = ""
    index = 0
    while index < len(line):
        char = line[index]
        if quote:
            word += char
            if char == quote:
                quote = ""
        elif char == "\\" and index + 1 < len(line):
            word += line[index : index + 2]
            index += 1
        elif char in "\"'":
            quote = char
            word += char
        elif char in " \t\n":
            if word:
                words.append(word)
            word = ""
        elif char in _BREAKS:
            if word:
                words.append(word)
            run = char
            while index + 1 < len(line) and line[index + 1] == char:
                index += 1
                run += char
            words.append(run)
            word = ""
        else:
            word += char
        index += 1
    if word or line.endswith((" ", "\t")):
        words.append(word)
    return words


def offered(shell: str, line: str, home: Path, path_first: Path | None = None) -> list[str]:
    """What TAB offers at the end of ``line`` (bash: COMPREPLY; fish: ``complete -C``);
    ``path_first`` is put before the PATH (a stand-in `chicago`)."""
    if shell == "bash":
        words = bash_words(line)
        script = (
            f"source '{COMPLETIONS / 'bash' / 'chicago'}'\n"
            'COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMP_LINE=$LINE; COMP_POINT=${#LINE}\n'
            '_chicago chicago "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}" 2>/dev/null\n'
            'printf "%s\\n" "${COMPREPLY[@]}"\n'
        )
        argv = [need("bash"), "--norc", "--noprofile", "-c", script, "bash", *words]
        env = {**environment(home), "LINE": line}
    elif shell == "fish":
        script = f"source '{COMPLETIONS / 'fish' / 'chicago.fish'}'; complete -C -- $argv[1]"
        argv = [need("fish"), "--no-config", "-c", script, line]
        env = environment(home)
    else:
        raise ValueError(shell)
    if path_first is not None:
        env["PATH"] = f"{path_first}{os.pathsep}{env['PATH']}"
    done = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=30, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    return [item.split("\t")[0] for item in done.stdout.splitlines() if item]


_SETUP = {
    # each binds Ctrl-G to write the command line to the file named by $LINE_FILE, by way
    # of a temporary file and a rename, so the file exists only once it is whole
    "bash": (
        ["--norc", "--noprofile", "-i"],
        "PS1='$ '; bind 'set enable-bracketed-paste off'; "
        'bind -x \'"\\C-g": printf "%s" "$READLINE_LINE" > "$LINE_FILE.part"; mv "$LINE_FILE.part" "$LINE_FILE"\'; '
        f"source '{COMPLETIONS / 'bash' / 'chicago'}'",
    ),
    "zsh": (
        ["-f", "-i"],
        "PS1='$ '; autoload -Uz compinit && compinit -u -D; "
        f"source '{COMPLETIONS / 'zsh' / '_chicago'}'; "
        'write-line() { print -rn -- "$BUFFER" > "$LINE_FILE.part"; command mv "$LINE_FILE.part" "$LINE_FILE" }; zle -N write-line; '
        "bindkey '^G' write-line",
    ),
    # zsh as the wheel installs it: _chicago autoloaded from a directory on fpath
    "zsh-fpath": (
        ["-f", "-i"],
        f"PS1='$ '; fpath=('{COMPLETIONS / 'zsh'}' $fpath); autoload -Uz compinit && compinit -u -D; "
        'write-line() { print -rn -- "$BUFFER" > "$LINE_FILE.part"; command mv "$LINE_FILE.part" "$LINE_FILE" }; zle -N write-line; '
        "bindkey '^G' write-line",
    ),
    "fish": (
        ["--no-config", "-i"],
        "function fish_prompt; echo -n '$ '; end; "
        f"source '{COMPLETIONS / 'fish' / 'chicago.fish'}'; "
        "bind \\cg 'commandline > $LINE_FILE.part; command mv $LINE_FILE.part $LINE_FILE'",
    ),
}


# The same shells loading chicago's completion only where `chicago completion install` put
# it, in the HOME of the test: bash through bash-completion's loader, zsh through the
# ~/.zshrc the test writes, fish by itself.
_SETUP["bash-installed"] = (
    ["--norc", "--noprofile", "-i"],
    _SETUP["bash"][1].rpartition("; source ")[0] + "; source '{bash_completion}'",
)
_SETUP["zsh-installed"] = (
    ["-i"],
    "PS1='$ '; "
    'write-line() { print -rn -- "$BUFFER" > "$LINE_FILE.part"; command mv "$LINE_FILE.part" "$LINE_FILE" }; zle -N write-line; '
    "bindkey '^G' write-line",
)
_SETUP["fish-installed"] = (["-i"], _SETUP["fish"][1].replace(f"source '{COMPLETIONS / 'fish' / 'chicago.fish'}'; ", ""))
# What places the user's completion files: the tests of `completion install` leave them out.
PLACES = ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "BASH_COMPLETION_USER_DIR")
BASH_COMPLETION = Path("/usr/share/bash-completion/bash_completion")


def need_bash_completion() -> Path:
    """bash-completion's main script (Debian's package); skips without it, fails under CI."""
    if not BASH_COMPLETION.is_file():
        message = "bash-completion is not installed (apt-get install bash-completion)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return BASH_COMPLETION


class Terminal:
    """An interactive shell in a pseudo-terminal with completions/ loaded; ``home`` is its
    CHICAGO_PROTOKOLL_HOME (None: unset), ``env`` more variables."""

    def __init__(
        self, shell: str, home: Path | None, tmp: Path, env: dict[str, str] | None = None
    ) -> None:
        args, setup = _SETUP[shell]
        if shell == "bash-installed":
            setup = setup.format(bash_completion=need_bash_completion())
        installed = shell.endswith("-installed")
        shell = shell.partition("-")[0]
        self.line_file = tmp / f"{shell}-line"
        env = {
            **environment(home),
            "LINE_FILE": str(self.line_file),
            "HOME": str(tmp),
            **(env or {}),
        }
        if installed:
            env = {key: value for key, value in env.items() if key not in PLACES}
        self.ran = 0
        if shell == "bash":
            env["INPUTRC"] = "/dev/null"
        self.shell = shell
        self.child = pexpect.spawn(
            need(shell), args, env=env, encoding="utf-8", timeout=30, dimensions=(50, 200)
        )
        self.child.sendline(setup)
        self.child.sendline("echo READY")
        self.child.expect_exact("READY\r\n")

    def typed(self, line: str) -> str:
        """The command line after typing ``line`` and pressing TAB once."""
        self.line_file.unlink(missing_ok=True)
        self.child.send(line + "\t\x07")
        deadline = time.monotonic() + 30
        while not self.line_file.exists():  # renamed into place whole
            if time.monotonic() > deadline:
                raise AssertionError(f"{self.shell}: no line after TAB: {self.child.before!r}")
            time.sleep(0.02)
        text = self.line_file.read_text(encoding="utf-8")
        self.child.send("\x05\x15")  # end of line, then kill it (^E ^U)
        return text.rstrip("\n") if self.shell == "fish" else text

    def run(self, command: str) -> None:
        """Run ``command`` in the shell and wait until it has run (its output is read up
        to a word the echo of the typed line cannot show: DO''NE prints DONE)."""
        self.ran += 1
        self.child.sendline(f"{command}; echo DO''NE{self.ran}")
        self.child.expect_exact(f"DONE{self.ran}\r\n")

    def listed(self, line: str, last: str) -> str:
        """What the shell lists below the line after typing ``line`` and TAB, up to and
        including ``last`` (the end of the listing), with the terminal's codes left in."""
        self.child.send(line + "\t")
        self.child.expect_exact(last)
        shown = str(self.child.before) + last
        self.child.send("\x05\x15")
        return shown

    def close(self) -> None:
        self.child.close(force=True)
