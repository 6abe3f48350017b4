"""scripts/migrate_messages.py on a small tree: pairs become message ids with named
placeholders and their Swedish goes to sv.po; a second run changes nothing; a pair it cannot
convert is left as it was and named."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from chicago_protokoll.i18n.catalogue import from_text

SCRIPT = Path(__file__).parent.parent / "scripts" / "migrate_messages.py"

HEADER = 'msgid ""\nmsgstr ""\n"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n'

ERRORS = '''
class ChicagoError(Exception):
    def __init__(self, message, *, sv=None):
        super().__init__(message)


class RuleViolation(ChicagoError):
    pass
'''

MODULE = '''from ..i18n.language import tr
from .errors import RuleViolation


def say(event, cards, hand):
    print(tr(f"deal {event.deal}: {event.player} wins", f"giv {event.deal}: {event.player} vinner"))
    print(tr("Nothing {yet}.", "Inget {än}."))
    raise RuleViolation(
        f"a hand is five cards, not {len(cards)}",
        sv=f"en hand är fem kort, inte {len(cards)}",
    )


def odd(points):
    return tr(f"{points} point{'' if points == 1 else 's'}", f"{points} poäng")
'''


def tree(root: Path) -> Path:
    package = root / "chicago_protokoll"
    (package / "i18n").mkdir(parents=True)
    (package / "core").mkdir()
    (package / "__init__.py").write_text("")
    (package / "i18n" / "sv.po").write_text(HEADER, encoding="utf-8")
    (package / "i18n" / "language.py").write_text("def tr(en, sv):\n    return en\n")
    (package / "core" / "errors.py").write_text(ERRORS)
    (package / "core" / "game.py").write_text(MODULE, encoding="utf-8")
    return package


def migrate(root: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(SCRIPT), str(root)], capture_output=True, text=True, check=False
    )


def test_pairs_become_message_ids_and_the_swedish_goes_to_the_catalogue(tmp_path: Path) -> None:
    package = tree(tmp_path)
    result = migrate(tmp_path)
    code = (package / "core" / "game.py").read_text(encoding="utf-8")
    assert 't("deal {deal}: {player} wins", deal=event.deal, player=event.player)' in code
    assert 't("Nothing {yet}.")' in code  # no placeholders: braces stay as written
    assert 'Msg("a hand is five cards, not {cards_count}", cards_count=len(cards))' in code
    assert "sv=" not in code
    assert "from ..i18n.language import Msg, t, tr" in code  # tr is still used by odd()
    catalogue = from_text((package / "i18n" / "sv.po").read_text(encoding="utf-8"))
    assert catalogue.messages["deal {deal}: {player} wins"] == "giv {deal}: {player} vinner"
    assert catalogue.messages["a hand is five cards, not {cards_count}"] == (
        "en hand är fem kort, inte {cards_count}"
    )
    # The faked plural is left for a hand, named, and the exit status says so.
    assert result.returncode == 1
    assert "core/game.py:" in result.stderr and "faked plural" in result.stderr
    assert "tr(f\"{points} point{'' if points == 1 else 's'}\"" in code


def test_a_second_run_changes_nothing(tmp_path: Path) -> None:
    package = tree(tmp_path)
    migrate(tmp_path)
    files = {p: p.read_bytes() for p in package.rglob("*") if p.is_file()}
    migrate(tmp_path)
    assert {p: p.read_bytes() for p in package.rglob("*") if p.is_file()} == files


def test_a_pair_written_later_is_picked_up_and_appended(tmp_path: Path) -> None:
    package = tree(tmp_path)
    migrate(tmp_path)
    po_before = (package / "i18n" / "sv.po").read_text(encoding="utf-8")
    later = package / "core" / "later.py"
    later.write_text('from ..i18n.language import tr\n\nWORD = tr("Winner", "Vinnare")\n')
    migrate(tmp_path)
    assert later.read_text() == 'from ..i18n.language import t\n\nWORD = t("Winner")\n'
    po_after = (package / "i18n" / "sv.po").read_text(encoding="utf-8")
    assert po_after.startswith(po_before.rstrip("\n"))
    assert from_text(po_after).messages["Winner"] == "Vinnare"
