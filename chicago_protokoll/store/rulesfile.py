"""House-rules files: reading one by name, and the rules a new session starts from."""

from __future__ import annotations

import errno
from pathlib import Path

from ..core.errors import ChicagoError
from ..core.rules import HouseRules
from ..i18n.language import Msg
from .locations import display_path, in_data_dir, link_refused, saved_rules_path
from .regularfile import RULES_LIMIT, NotReadable, read_bounded


def read_rules_file(path: Path) -> HouseRules:
    """House rules from a TOML file; a file that is not UTF-8 text is refused by name."""
    from ..core.rules import rules_from_toml

    follow = not in_data_dir(path)
    try:
        text = read_bounded(path, RULES_LIMIT, follow=follow).decode("utf-8")
    except NotReadable as error:
        raise ChicagoError(
            Msg(
                "{path} is not a house-rules file: {what}",
                path=path,
                what=Msg(error.what, **error.params),
            )
        ) from None
    except UnicodeDecodeError:
        raise ChicagoError(
            Msg("{path} is not a house-rules file: it is not UTF-8 text", path=path),
        ) from None
    except OSError as error:
        if not follow and error.errno == errno.ELOOP:
            raise link_refused(display_path(path)) from None
        raise
    try:
        return rules_from_toml(text, source=str(path))
    except RecursionError:
        raise _too_deep(str(path)) from None


def _too_deep(source: str) -> ChicagoError:
    return ChicagoError(
        Msg("{source} cannot be read: its tables or lists are nested too deeply", source=source),
    )


def starting_rules(rules: Path | None, preset: str | None) -> HouseRules:
    """The rules a new session starts from: --preset, --rules, the saved rules, the main rule."""
    from ..core.rules import preset as preset_rules

    if preset is not None:
        return preset_rules(preset)
    if rules is not None:
        return read_rules_file(rules)
    saved = saved_rules_path()
    return read_rules_file(saved) if saved.exists() else HouseRules()
