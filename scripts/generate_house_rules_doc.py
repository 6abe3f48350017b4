"""Write docs/house-rules.md from the house-rules schema (chicago_protokoll/core/rules.py).

    python scripts/generate_house_rules_doc.py           # rewrite the page
    python scripts/generate_house_rules_doc.py --check   # exit 1 if it has drifted
"""

from __future__ import annotations

import sys
from pathlib import Path

from chicago_protokoll.present.rules_text import house_rules_markdown

PAGE = Path(__file__).resolve().parents[1] / "docs" / "house-rules.md"


def main() -> int:
    text = house_rules_markdown()
    if "--check" in sys.argv[1:]:
        if PAGE.read_text("utf-8") != text:
            print(f"{PAGE} differs from the schema: run {sys.argv[0]}", file=sys.stderr)
            return 1
        return 0
    PAGE.write_text(text, "utf-8")
    print(f"wrote {PAGE}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
