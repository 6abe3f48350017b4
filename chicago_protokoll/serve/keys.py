"""The recording secrets of ``chicago serve --record``: one a table, one for the keeper's page.

Kept in the data directory (``serve-secrets``, mode 0600, JSON), so a phone's page open
over a restart of the server carries on with the same address; ``--new-secrets``
replaces them (a phone that should no longer record loses its way in).  The file holds
nothing but random strings keyed by what they open:

- ``table`` the one table of a server without ``--night`` (whichever session it shows);
- ``file:PATH`` a server fixed on one session (``--session``/``--file``);
- ``night:NAME:N`` table N of the night NAME, whichever round it plays;
- ``keeper`` the keeper's page, with every table's recording QR code.

A write is let in only with its table's secret, compared in constant time
(`hmac.compare_digest`), and with the page's form token: derived from the secret, so a
page that was open before a restart still posts.  The token is what a form of another
site cannot know; the read-only pages carry neither.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
from pathlib import Path

from ..store.atomic import fsync_dir, locked, make_dir

FILE_NAME = "serve-secrets"
SECRET_BYTES = 18  # 144 bits, 24 URL-safe characters
KEEPER = "keeper"


def secrets_path(data_dir: Path) -> Path:
    return data_dir / FILE_NAME


def token_of(secret: str) -> str:
    """The form token of a recording page opened with ``secret``."""
    return hmac.new(secret.encode(), b"chicago-serve form token", hashlib.sha256).hexdigest()[:32]


def same(given: str, expected: str) -> bool:
    """Whether a secret or token given by a request is the one expected (constant time)."""
    return hmac.compare_digest(given.encode(), expected.encode())


class Secrets:
    """The secrets file: read once, each missing secret made (and written) when first asked."""

    def __init__(self, data_dir: Path, *, renew: bool = False) -> None:
        self.path = secrets_path(data_dir)
        self.directory = data_dir
        self._known: dict[str, str] = {} if renew else self._read()
        if renew:
            self._write()

    def _read(self) -> dict[str, str]:
        try:
            text = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return {}
        try:
            data = json.loads(text)
        except ValueError:
            return {}  # a damaged file: new secrets, written over it (they were secret anyway)
        found = data.get("secrets", {}) if isinstance(data, dict) else {}
        return {k: v for k, v in found.items() if isinstance(k, str) and isinstance(v, str)}

    def _write(self) -> None:
        make_dir(self.directory)
        data = json.dumps({"version": 1, "secrets": self._known}, indent=2, sort_keys=True) + "\n"
        with locked(self.directory):
            temp = self.directory / f".{FILE_NAME}.{os.urandom(6).hex()}.tmp"
            fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o600)
            try:
                with os.fdopen(fd, "w", encoding="utf-8") as handle:
                    os.fchmod(handle.fileno(), 0o600)  # whatever the umask
                    handle.write(data)
                    handle.flush()
                    os.fsync(handle.fileno())
                os.replace(temp, self.path)
            except BaseException:
                if temp.exists():
                    temp.unlink()
                raise
            fsync_dir(self.directory)

    def secret(self, key: str) -> str:
        """The secret of ``key``, made and written the first time it is asked for."""
        found = self._known.get(key)
        if found is None:
            found = secrets.token_urlsafe(SECRET_BYTES)
            self._known[key] = found
            self._write()
        return found

    def matches(self, key: str, given: str) -> bool:
        """Whether ``given`` is ``key``'s secret; never makes one."""
        expected = self._known.get(key)
        # Compared even when there is none, so a missing key takes as long as a wrong one.
        return same(given, expected or "-" * 24) and expected is not None


def table_key(*, night: str | None, table: int, fixed: Path | None) -> str:
    """The key of a table's secret (see the module docstring)."""
    if night is not None:
        return f"night:{night}:{table}"
    if fixed is not None:
        return f"file:{fixed.resolve()}"
    return "table"
