"""``chicago`` and ``python -m chicago_protokoll`` start here.

Kept tiny: a TAB press (``_CHICAGO_COMPLETE`` set) is answered by the fast
path without importing Typer or the scoring core; it hands over to the full
app (`cli.run`) whenever it cannot answer exactly as Typer would.
"""

from __future__ import annotations

import os


def main() -> None:
    if "_CHICAGO_COMPLETE" in os.environ:
        from ._fastcomplete import run as complete

        complete()  # exits when it has answered
    from .cli import run

    run()


if __name__ == "__main__":
    main()
