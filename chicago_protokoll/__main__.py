"""``chicago`` and ``python -m chicago_protokoll`` start here.

Kept tiny: the shell completion scripts (completions/) complete commands, options and
choices by themselves; for a session or player name they run ``chicago`` with
``_CHICAGO_COMPLETE=names`` (and, once in a shell, ``data-dir``), which `store.completion`
answers without importing Typer, Click, Rich or the scoring core.
"""

from __future__ import annotations

import gc
import os
import sys

# The cyclic garbage collector, tuned for a process that lives a fraction of a
# second and frees nearly everything by reference counting (docs/latency.md):
# - off while Typer, Click and the core load: it would scan the same young
#   objects over and over (about 0.4x of a bare Python start);
# - what has loaded is then frozen out of its sight (gc.freeze), so a later
#   collection, and the full one Python runs at exit, need not walk it (another
#   1x: at exit, mostly);
# - during the command it collects only every 50,000 new objects instead of
#   700: a command never gets there; `play`, which lives for a whole game, does.
_THRESHOLD = 50_000


def main() -> None:
    mode = os.environ.get("_CHICAGO_COMPLETE")
    if mode == "names":
        from .store.completion import run as complete

        complete(sys.argv[1:])  # exits when it has answered
    elif mode == "data-dir":  # what the scripts keep for the names calls (store/completion.py)
        from .store.completion import run_data_dir

        run_data_dir()  # exits when it has answered
    gc.disable()
    from .cli.app import run

    gc.freeze()
    gc.set_threshold(_THRESHOLD, *gc.get_threshold()[1:])
    gc.enable()
    try:
        run()
    finally:
        gc.freeze()


if __name__ == "__main__":
    main()
