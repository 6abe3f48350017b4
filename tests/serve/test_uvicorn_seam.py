"""The server's one use of uvicorn's private API (serve/uvicorn_seam.py) is pinned: uvicorn
has an upper version bound, the installed uvicorn is inside it, and it still has every
private name the seam uses.  What the seam does is tests/serve/test_slow_clients.py's."""

from __future__ import annotations

import asyncio
import re
import tomllib
from pathlib import Path

import uvicorn
from uvicorn.server import ServerState

from chicago_protokoll.serve import uvicorn_seam

PYPROJECT = Path(__file__).parents[2] / "pyproject.toml"


def _version(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in re.findall(r"\d+", text)[:3])


def test_uvicorn_has_an_upper_version_bound_the_installed_one_is_inside() -> None:
    dependencies = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["project"]["dependencies"]
    (requirement,) = [d for d in dependencies if re.match(r"uvicorn\b", d)]
    lower = re.search(r">=\s*([\d.]+)", requirement)
    upper = re.search(r"<\s*([\d.]+)", requirement)
    assert lower and upper, f"{requirement!r}: the seam needs both bounds"
    installed = _version(uvicorn.__version__)
    assert _version(lower.group(1)) <= installed < _version(upper.group(1)), uvicorn.__version__


def test_the_installed_uvicorn_has_every_private_name_the_seam_uses() -> None:
    async def app(scope: object, receive: object, send: object) -> None:
        raise AssertionError("not called")

    config = uvicorn.Config(app, http=uvicorn_seam.Http11, lifespan="off")
    config.load()

    async def made() -> uvicorn_seam.Http11:
        return uvicorn_seam.Http11(config=config, server_state=ServerState(), app_state={})

    protocol = asyncio.run(made())
    base = uvicorn_seam.H11Protocol
    for name in uvicorn_seam.USED_METHODS:
        assert callable(getattr(base, name, None)), name
    for name in uvicorn_seam.USED_ATTRIBUTES:
        assert hasattr(protocol, name), name
    from uvicorn.protocols.http.h11_impl import RequestResponseCycle

    for name in uvicorn_seam.USED_CYCLE:
        assert name in RequestResponseCycle.__init__.__code__.co_names, name
