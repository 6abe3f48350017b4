"""The ``rules`` group: show, init, check and list the presets of house rules."""

import sys
from pathlib import Path
from typing import Annotated

import typer

from ..core.errors import ChicagoError
from ..i18n.language import Msg, language, t
from ..i18n.os_errors import reason
from ..present.width import visible
from .common import (
    FileOption,
    PresetOption,
    SessionOption,
    json,
    one_preset,
    rules_for_reading,
)
from .examples import example
from .options import JsonOption
from .root import ExitStatus, note_saved

# -- house rules -------------------------------------------------------------------

# The group's help is declared here; `chicago --help` lists it from `listing`, without this module.
rules_app = typer.Typer(
    help="House rules: show, write a file to edit, check a file.",
    no_args_is_help=True,
    rich_markup_mode=None,
)


@rules_app.command("show", epilog=example("chicago rules show --json"))
def rules_show(
    session: SessionOption = None, file: FileOption = None, as_json: JsonOption = False
) -> None:
    """The current session's house rules (the main rule if there is no session)."""
    from ..present.rules_text import rules_toml_text

    rules = rules_for_reading(session, file)
    if as_json:
        print(json.dumps(rules.to_mapping(), ensure_ascii=False, indent=2))
        return
    print(
        rules_toml_text(rules, t("as played in this session")),
        end="",
    )


@rules_app.command("init", epilog=example("chicago rules init mina-regler.toml --preset family"))
def rules_init(
    path: Annotated[
        Path | None,
        typer.Argument(
            help="Where to write (default: the saved house rules new sessions start from).",
            dir_okay=False,
        ),
    ] = None,
    preset: PresetOption = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite an existing file.")] = False,
) -> None:
    """Write a commented house-rules file to edit."""
    from ..core.rules import PRESETS
    from ..core.rules import preset as preset_rules
    from ..present.rules_text import rules_toml_text
    from ..store import atomic, locations

    chosen = one_preset(preset) or "standard"
    rules = preset_rules(chosen)
    target = path if path is not None else locations.saved_rules_path()
    if target.exists() and not force:
        raise ChicagoError(
            Msg("{target} already exists; use --force to overwrite it", target=target),
        )
    atomic.write_text_atomic(
        target, rules_toml_text(rules, f"{chosen} — {PRESETS[chosen][0]}")
    )
    note_saved()
    print(visible(t("Wrote {target}", target=target)))


@rules_app.command("check", epilog=example("chicago rules check mina-regler.toml"))
def rules_check(
    path: Annotated[Path, typer.Argument(help="A house-rules TOML file.", dir_okay=False)],
    as_json: JsonOption = False,
) -> None:
    """Check a house-rules file: every problem is listed with its key."""
    from ..core.errors import RulesFileError
    from ..core.rules_warnings import rules_warnings
    from ..present.rules_text import rule_changes, rules_check_dict, warning_lines
    from ..store import rulesfile

    if as_json:  # the same verdict, for scripts: exit 1 when the file has problems
        warnings = []
        try:
            warnings = rules_warnings(rulesfile.read_rules_file(path))
            problems: list[Msg] = []
        except RulesFileError as error:
            problems = error.messages
        except ChicagoError as error:  # not a file, not text
            problems = [error.message]
        except OSError as error:  # not there, not readable
            problems = [
                Msg("{source} cannot be read: {strerror}", source=str(path), strerror=reason(error))
            ]
        checked = rules_check_dict(str(path), problems, language(), warnings)
        print(json.dumps(checked, ensure_ascii=False, indent=2))
        if problems:
            raise typer.Exit(ExitStatus.REFUSED)
        return
    try:
        rules = rulesfile.read_rules_file(path)
    except RulesFileError as error:
        for problem in error.localized_problems(language()):
            sys.stderr.write(f"chicago: {path}: {problem}\n")
        raise typer.Exit(ExitStatus.REFUSED) from None
    changed = rule_changes(rules)
    print(t("{path}: the house rules are valid.", path=path))
    if changed:
        print(
            t("Different from the main rule: ")
            + ", ".join(changed)
        )
    else:
        print(t("They are the main rule."))
    for line in warning_lines(rules):
        print(line)


@rules_app.command("presets", epilog=example("chicago rules presets"))
def rules_presets(as_json: JsonOption = False) -> None:
    """List the built-in presets."""
    from ..core.rules import PRESETS

    if as_json:
        from ..present.rules_text import presets_list

        print(json.dumps(presets_list(), ensure_ascii=False, indent=2))
        return

    for name, (description, _) in PRESETS.items():
        print(f"{name:<20} {t(description)}")
