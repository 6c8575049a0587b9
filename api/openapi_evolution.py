"""What the OpenAPI document promises about later versions: answers open to new fields,
requests closed (docs/api.md, "Versions and what may change").

msgspec writes every Struct of ours ``additionalProperties: false``, since the server
decodes each strictly. On a request that is the truth: a field the server does not know
is refused (400 ``invalid_body``). On an answer it would be a promise never to add a
field: a strict generated client (pydantic models with ``extra="forbid"``, ajv) fails on
the first field a later server adds. So :func:`open_answers` takes ``additionalProperties:
false`` off every schema that only answers carry. A schema a request carries too (the
``State``, a ``Move``, a hand's log) stays closed in both directions: a client posts back
what it was given, and the server refuses what it does not know, so within a compatibility
line those keep exactly their fields.
"""

from __future__ import annotations

from typing import Any

from foraccio.api.openapi_portable import sent_by_clients


def open_answers(document: dict[str, Any]) -> dict[str, Any]:
    """Open to new fields every component schema of ``document`` that no request body
    holds, directly or inside another; in place, and returned."""
    sent = sent_by_clients(document)
    for name, schema in document["components"]["schemas"].items():
        if name not in sent and schema.get("additionalProperties") is False:
            del schema["additionalProperties"]
    return document
