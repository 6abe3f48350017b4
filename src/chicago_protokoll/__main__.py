"""``chicago`` and ``python -m chicago_protokoll`` start here.

Kept tiny: it decides between the TAB-completion fast path and the full app
before anything heavy is imported.
"""

from __future__ import annotations


def main() -> None:
    from .cli import run

    run()


if __name__ == "__main__":
    main()
