"""``results.json``: a night's result as a documented file for a federation or a club site.

The schema is documented, with its version, in docs/results-json.md (the JSON Schema
there is what tests/present/test_results_json.py validates every file against).  The
object is `night_status_dict` itself with the schema's name and version in front:
everything ``night status --json`` shows is here with the same value, and
``results`` (every table of every round, the final last) holds each game's totals and
placement points.  A field the night's status gains later (a stage, the result's
state) is carried over as it is; a change to one that is here raises the version.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

SCHEMA = "chicago-protokoll/results"
VERSION = 1


def results_dict(status: Mapping[str, Any]) -> dict[str, Any]:
    """The results.json object of the night ``status`` (`night_status_dict`)."""
    return {"schema": SCHEMA, "version": VERSION, **status}


def results_text(status: Mapping[str, Any]) -> str:
    """The file's text: stable key order and indentation, so an unchanged night gives the
    same bytes (publish does not rewrite it)."""
    return json.dumps(results_dict(status), ensure_ascii=False, indent=2) + "\n"
