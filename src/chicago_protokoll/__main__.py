"""``chicago`` and ``python -m chicago_protokoll`` start here.

Kept tiny: a TAB press (``_CHICAGO_COMPLETE`` set) is answered by the fast
path without importing Typer or the scoring core; it hands over to the full
app (`cli.run`) whenever it cannot answer exactly as Typer would.
"""

from __future__ import annotations

import gc
import os


def main() -> None:
    if "_CHICAGO_COMPLETE" in os.environ:
        from ._fastcomplete import run as complete

        complete()  # exits when it has answered
    from .cli import run

    # At exit Python runs a last full garbage collection over every object still
    # alive: Typer's, Click's, the core's, Rich's.  That took about as long as a bare
    # Python start (docs/latency.md).  A command-line process keeps everything it
    # made until it ends anyway, so what exists now, and again at the end, is moved
    # out of the collector's sight (gc.freeze); nothing is freed any later for it.
    gc.freeze()
    try:
        run()
    finally:
        gc.freeze()


if __name__ == "__main__":
    main()
