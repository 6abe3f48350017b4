"""The ``completion`` group: ``chicago completion install`` puts the TAB completion scripts
where the shells find them in the user's home; ``chicago completion show SHELL`` prints one
(``source <(chicago completion show bash)``, ``chicago completion show fish | source``).

The scripts are this install's own (completions/, scripts/generate_completions.py): the
wheel puts them under its prefix (``share/bash-completion/completions/chicago``,
``share/zsh/site-functions/_chicago``, ``share/fish/vendor_completions.d/chicago.fish``),
which the shells search only for a system-wide install; a checkout has them in
``completions/``.  `install`:

- bash: copies the script to bash-completion's directory of the user,
  ``${BASH_COMPLETION_USER_DIR:-${XDG_DATA_HOME:-~/.local/share}/bash-completion}/completions/chicago``,
  which bash-completion searches when ``chicago`` is first completed;
- fish: copies the script to ``${XDG_CONFIG_HOME:-~/.config}/fish/completions/chicago.fish``,
  the first directory of fish's ``fish_complete_path``;
- zsh: prints the one line that puts the directory of ``_chicago`` on ``fpath``, which works
  before ``compinit`` and after it; with ``--zshrc`` it appends that line to
  ``${ZDOTDIR:-~}/.zshrc`` (saying so first), unless the file has it already.

Every file is written atomically, as the store writes (`store.atomic.write_text_atomic`):
the old file or the new one, never half.  After an upgrade that changes the commands,
``chicago completion install`` again copies the new scripts (zsh reads them in place).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Literal

import typer

from ..core.errors import ChicagoError
from ..i18n.language import Msg, t
from ..i18n.os_errors import reason
from .examples import example
from .root import note_saved

# The group's help is declared here; `chicago --help` lists it from `listing`, without this module.
completion_app = typer.Typer(
    help="TAB completion for bash, zsh and fish.",
    no_args_is_help=True,
    rich_markup_mode=None,
)

PROG = "chicago"
# Where each script is, under an installation prefix (the wheel's data-files,
# pyproject.toml) and in a checkout.
INSTALLED = {
    "bash": Path("share/bash-completion/completions") / PROG,
    "zsh": Path("share/zsh/site-functions") / f"_{PROG}",
    "fish": Path("share/fish/vendor_completions.d") / f"{PROG}.fish",
}
CHECKOUT = {
    "bash": Path("completions/bash") / PROG,
    "zsh": Path("completions/zsh") / f"_{PROG}",
    "fish": Path("completions/fish") / f"{PROG}.fish",
}


def scripts_of(package: Path) -> dict[str, Path] | None:
    """The completion scripts of the install whose package directory is ``package``: the
    first folder above it that holds them all, as an installation prefix (a venv's,
    pipx's, ``~/.local``, ``/usr/local``) or as a checkout; None if none does."""
    for folder in package.resolve().parents:
        for layout in (INSTALLED, CHECKOUT):
            found = {shell: folder / path for shell, path in layout.items()}
            if all(path.is_file() for path in found.values()):
                return found
    return None


def _home() -> Path:
    return Path(os.path.expanduser("~"))


def _env_dir(name: str, default: Path) -> Path:
    """An XDG-style directory: the variable's value if it is an absolute path, else ``default``."""
    value = os.environ.get(name, "")
    return Path(value) if os.path.isabs(value) else default


def bash_target() -> Path:
    """Where bash-completion looks for a user's completion of ``chicago``."""
    data = _env_dir("XDG_DATA_HOME", _home() / ".local" / "share")
    return _env_dir("BASH_COMPLETION_USER_DIR", data / "bash-completion") / "completions" / PROG


def fish_target() -> Path:
    """The first directory of fish's ``fish_complete_path``: the user's completions."""
    config = _env_dir("XDG_CONFIG_HOME", _home() / ".config")
    return config / "fish" / "completions" / f"{PROG}.fish"


def zshrc() -> Path:
    return _env_dir("ZDOTDIR", _home()) / ".zshrc"


def _sh_quote(text: str) -> str:
    return "'" + text.replace("'", "'\\''") + "'"


def zsh_line(directory: Path) -> str:
    """The line for ~/.zshrc: ``directory`` (where ``_chicago`` is) on ``fpath``.  Before
    ``compinit``, compinit finds ``_chicago`` there; after it, ``compdef`` binds it."""
    return (
        f"fpath=({_sh_quote(str(directory))} $fpath); autoload -Uz _{PROG}; "
        f"(( $+functions[compdef] )) && compdef _{PROG} {PROG}"
    )


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return ""
    except (OSError, UnicodeDecodeError) as error:
        raise ChicagoError(
            Msg("{file} cannot be read: {error}", file=str(path), error=reason(error) if isinstance(error, OSError) else str(error))
        ) from None


def _this_install() -> dict[str, Path]:
    package = Path(__file__).resolve().parent.parent
    scripts = scripts_of(package)
    if scripts is None:
        raise ChicagoError(
            Msg(
                "the completion scripts of this install were not found in any folder above {package}: reinstall chicago-protokoll",
                package=str(package),
            )
        )
    return scripts


if TYPE_CHECKING:
    ShellName = str
else:
    ShellName = Literal[tuple(CHECKOUT)]  # a choice: TAB offers them, anything else exits 2


@completion_app.command(
    "show",
    epilog=example("chicago completion show fish > ~/.config/fish/completions/chicago.fish"),
)
def show(
    shell: Annotated[ShellName, typer.Argument(help="bash, zsh or fish.", metavar="SHELL")],
) -> None:
    """Print the completion script of SHELL, e.g. for source <(chicago completion show bash)."""
    # The file as it is (gh's and pipx's `completion` print theirs): the same script
    # `install` copies, so what a shell loads either way is one text.
    sys.stdout.write(_read(_this_install()[shell]))


@completion_app.command("install", epilog=example("chicago completion install --zshrc"))
def install(
    add_to_zshrc: Annotated[
        bool,
        typer.Option("--zshrc", help="Also add zsh's fpath line to ~/.zshrc (said first)."),
    ] = False,
) -> None:
    """Put the bash and fish scripts where those shells find them; print zsh's fpath line."""
    from ..store.atomic import write_text_atomic

    scripts = _this_install()
    for shell, target in (("bash", bash_target()), ("fish", fish_target())):
        write_text_atomic(target, _read(scripts[shell]))
        note_saved()
        if shell == "bash":
            print(
                t(
                    "bash: wrote {path}; bash-completion loads it in a new shell (without bash-completion, add to ~/.bashrc: source {quoted})",
                    path=str(target),
                    quoted=_sh_quote(str(target)),
                )
            )
        else:
            print(t("fish: wrote {path}; a new fish loads it", path=str(target)))
    line = zsh_line(scripts["zsh"].parent)
    rc = zshrc()
    if not add_to_zshrc:
        print(t("zsh: add this line to {zshrc} (before or after compinit), or run `chicago completion install --zshrc`:", zshrc=str(rc)))
        print(f"  {line}")
        return
    old = _read(rc)
    if line in old.splitlines():
        print(t("zsh: {zshrc} has the line already:", zshrc=str(rc)))
        print(f"  {line}")
        return
    print(t("zsh: adding this line to the end of {zshrc}:", zshrc=str(rc)))
    print(f"  {line}")
    separator = "" if not old or old.endswith("\n") else "\n"
    write_text_atomic(rc, f"{old}{separator}{line}\n")
    note_saved()
    print(t("zsh: done; a new zsh completes chicago"))
