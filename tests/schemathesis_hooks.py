"""Schemathesis hooks, loaded by ``schemathesis.toml`` (``hooks``): the links' request bodies
where schemathesis reads them.

The document keeps each link's body under ``x-request-body``
(:data:`foraccio.api.openapi_links.REQUEST_BODY`), since swagger-parser refuses an object as
a link's ``requestBody``; schemathesis' stateful phase reads a link's body from
``requestBody`` only. :func:`before_load_schema` copies one to the other in the document
schemathesis loads, so its stateful phase plays matches from the links as before.

Only schemathesis imports this module (it needs schemathesis, a test tool): the server
never does.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import schemathesis

from foraccio.api.openapi_links import REQUEST_BODY


def links(document: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """Each link object written in ``document``: those of the answers and those under
    ``components.links`` (which the answers refer to)."""
    yield from document.get("components", {}).get("links", {}).values()
    for item in document.get("paths", {}).values():
        for operation in item.values():
            if not isinstance(operation, dict):
                continue
            for response in operation.get("responses", {}).values():
                yield from response.get("links", {}).values()


@schemathesis.hook
def before_load_schema(context: schemathesis.HookContext, raw_schema: dict[str, Any]) -> None:
    """Give each link of the document its body as ``requestBody``, where schemathesis reads
    it."""
    for link in links(raw_schema):
        if REQUEST_BODY in link:
            link["requestBody"] = link[REQUEST_BODY]
