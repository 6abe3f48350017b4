"""Write completions/chicago.{bash,zsh,fish} from the `chicago` app itself.

Each file is what the app prints when asked for its completion script
(``_CHICAGO_COMPLETE=source_bash chicago``, the same text as
``chicago --show-completion bash``).  The scripts call back into ``chicago``
on every TAB, so commands, options, session names and the current session's
player names are always those of the installed version.

    python scripts/generate_completions.py           # rewrite the files
    python scripts/generate_completions.py --check   # exit 1 if a file has drifted

To use one: ``source completions/chicago.bash`` in ~/.bashrc;
``source completions/chicago.zsh`` in ~/.zshrc after ``compinit``; copy
chicago.fish to ~/.config/fish/completions/.

The same scripts under the names each shell loads on its own, which the wheel
installs as data (pyproject.toml, [tool.setuptools.data-files]):
completions/bash/chicago (bash-completion), completions/zsh/_chicago (an
autoloaded function on zsh's fpath: the body of the completion function) and
completions/fish/chicago.fish (fish's vendor_completions.d).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

COMPLETIONS = Path(__file__).resolve().parent.parent / "completions"
SHELLS = ("bash", "zsh", "fish")
PROG = "chicago"
COMPLETE_VAR = "_CHICAGO_COMPLETE"


def completion_script(shell: str) -> str:
    """The completion script the app prints for ``shell``."""
    from typer.testing import CliRunner

    from chicago_protokoll.cli.app import app

    result = CliRunner().invoke(
        app, [], prog_name=PROG, env={COMPLETE_VAR: f"source_{shell}", "NO_COLOR": "1"}
    )
    if result.exit_code != 0 or not result.output.strip():
        raise SystemExit(f"chicago printed no {shell} completion script: {result.output!r}")
    return result.output


def zsh_autoload(script: str) -> str:
    """The zsh script as a file on fpath: compinit autoloads ``_chicago`` from it and runs
    its body on each TAB, so the body is what the sourced script's function does."""
    start = script.index("() {\n") + len("() {\n")
    body = script[start : script.index("\n}\n", start)]
    return f"#compdef {PROG}\n\n{body.strip()}\n"


def expected_files() -> dict[Path, str]:
    scripts = {shell: completion_script(shell) for shell in SHELLS}
    files = {COMPLETIONS / f"{PROG}.{shell}": scripts[shell] for shell in SHELLS}
    files[COMPLETIONS / "bash" / PROG] = scripts["bash"]
    files[COMPLETIONS / "zsh" / f"_{PROG}"] = zsh_autoload(scripts["zsh"])
    files[COMPLETIONS / "fish" / f"{PROG}.fish"] = scripts["fish"]
    return files


def drifted() -> list[Path]:
    """The completion files that are missing or differ from what the app prints now."""
    return [
        path
        for path, text in expected_files().items()
        if not path.exists() or path.read_text(encoding="utf-8") != text
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument(
        "--check", action="store_true", help="report drifted files instead of writing them"
    )
    args = parser.parse_args(argv)
    os.environ.pop(COMPLETE_VAR, None)
    if args.check:
        stale = drifted()
        for path in stale:
            print(
                f"{path} differs from the app: run python scripts/generate_completions.py",
                file=sys.stderr,
            )
        return 1 if stale else 0
    for path, text in expected_files().items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
