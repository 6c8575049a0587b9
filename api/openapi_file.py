"""The committed OpenAPI document, ``openapi/openapi.json``: ``make openapi`` writes it.

``python -m foraccio.api.openapi_file`` generates the document from the app and writes
it in the layout of :func:`text`: keys sorted, two spaces of indent, and any
array or object that fits on a line written on one, as a person would (a
hand's cards, an event, an enum of three values). Written one value a line,
the examples' cards alone took tens of kilobytes of indentation.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

PATH = Path(__file__).resolve().parents[1] / "openapi" / "openapi.json"
WIDTH = 120
"""Longest line that holds a whole array or object."""


def text(document: Any) -> str:
    """``document`` as JSON in the committed layout, ending with a newline."""
    return _layout(document, "", "") + "\n"


def _layout(value: Any, indent: str, prefix: str) -> str:
    """``value`` as it is written after ``prefix`` (its key, if any) on a line indented by
    ``indent``: on that line if it fits, else one member a line."""
    line = json.dumps(value, sort_keys=True, ensure_ascii=False)
    if not isinstance(value, dict | list | tuple) or not value \
            or len(indent) + len(prefix) + len(line) <= WIDTH:
        return line
    inner = indent + "  "
    if isinstance(value, dict):
        members = [f"{inner}{json.dumps(key, ensure_ascii=False)}: "
                   f"{_layout(value[key], inner, json.dumps(key) + ': ')}"
                   for key in sorted(value)]
        opening, closing = "{", "}"
    else:
        members = [f"{inner}{_layout(item, inner, '')}" for item in value]
        opening, closing = "[", "]"
    return opening + "\n" + ",\n".join(members) + "\n" + indent + closing


def main() -> None:
    """Write the app's document to :data:`PATH`."""
    from foraccio.api.app import create_app

    PATH.write_text(text(create_app().openapi_schema.to_schema()), encoding="utf-8")


if __name__ == "__main__":
    main()
