"""``-o FILE``, once: every command that writes its output to a file does it here.

``export``, ``night cards``, ``night status``, ``stats`` and ``settle --evening`` each
print to standard output, or with ``-o FILE`` write the file by the one rule of
`store.exportfile.write_export` (atomic, never over a session, only a regular file or a
link to one), and then say where the output went on stderr.
"""

from __future__ import annotations

import sys
from pathlib import Path

from ..i18n.language import Msg, t
from ..present.width import visible
from .root import note_saved


def emit(output: Path | None, text: str, *, beside: Path, beside_is: Msg | None = None) -> None:
    """``text`` (one newline at its end) on standard output, or with ``-o FILE`` in FILE.

    ``beside`` is the file the output was made from (a session, a night) or the sessions
    folder: the export is never written over it; ``beside_is`` says what it is when it is
    not a session (a refusal reads "it is {beside_is}"). ``-o -`` is standard output."""
    if not text.endswith("\n"):
        text += "\n"
    if output is None or str(output) == "-":
        sys.stdout.write(text)
        return
    from ..store import exportfile  # only writing a file needs it (docs/latency.md)

    exportfile.write_export(output, text, session_path=beside, made_from=beside_is)
    note_saved()
    print(visible(t("Wrote {output}", output=output)), file=sys.stderr)
