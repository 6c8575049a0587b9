"""The document's links, followed as a tool follows them: from the documented requests of
``POST /games`` (an open match and a sealed one), each link's runtime expressions read
the request and the answer it follows, and the body they make is posted.

A link belongs to a response, not to one form of it: ``POST /games`` answers an open
match and a sealed one with the same 200, so a link is followed on both, and on the form
it was not written for its expressions find nothing (schemathesis then posts a body of its
own making). Each link must therefore apply where its source is reached: on a form that
the links lead to, with a body the server takes. A link that finds nothing on every form
reaching its source (a sealed play after a list of moves no link ever asks in sealed
form) only ever makes such bodies.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from foraccio.api.openapi_links import REQUEST_BODY
from tests.api.test_openapi import examples, operations, resolved

UNRESOLVED = object()


@pytest.fixture(scope="module")
def document(app):
    return json.loads(json.dumps(app.openapi_schema.to_schema()))


def pointer(value: Any, path: str) -> Any:
    """What the JSON pointer ``path`` points to in ``value``, or :data:`UNRESOLVED`."""
    for part in [part for part in path.split("/") if part]:
        part = part.replace("~1", "/").replace("~0", "~")
        if isinstance(value, dict) and part in value:
            value = value[part]
        elif isinstance(value, list) and part.isdigit() and int(part) < len(value):
            value = value[int(part)]
        else:
            return UNRESOLVED
    return value


def evaluated(expression: Any, request: dict, answer: dict) -> Any:
    """``expression`` with its runtime expressions read from ``request`` and ``answer``;
    :data:`UNRESOLVED` if any finds nothing (a tool then drops the whole body)."""
    if isinstance(expression, dict):
        values = {key: evaluated(value, request, answer) for key, value in expression.items()}
        return UNRESOLVED if UNRESOLVED in values.values() else values
    if isinstance(expression, list):
        values = [evaluated(value, request, answer) for value in expression]
        return UNRESOLVED if any(value is UNRESOLVED for value in values) else values
    for prefix, body in (("$request.body#", request), ("$response.body#", answer)):
        if isinstance(expression, str) and expression.startswith(prefix):
            return pointer(body, expression.removeprefix(prefix))
    return expression


def form(body: dict) -> str:
    """Which form of a match a request body is about."""
    return "sealed" if "token" in body else "open" if "state" in body else "none"


def test_each_link_applies_where_its_source_is_reached(client, document):
    by_id = {operation["operationId"]: (name.split(" ")[1], operation)
             for name, operation in operations(document)}
    new_game = by_id["newGame"][1]["requestBody"]["content"]["application/json"]
    # (operation, its request, its answer) reached, from each documented new match.
    pending = [("newGame", example["value"], None) for example in examples(document,
                                                                           new_game).values()]
    reached: dict[str, set[str]] = {}
    applied: dict[tuple[str, str], set[str]] = {}
    seen = set()
    while pending:
        operation_id, request, _ = pending.pop()
        path, operation = by_id[operation_id]
        key = (operation_id, json.dumps(request, sort_keys=True))
        if key in seen or len(seen) > 200:
            continue
        seen.add(key)
        answered = client.post(path, json=request)
        # The body fits the operation; the game may still refuse it (the next hand
        # while this one is in play), but never as a body of the wrong form.
        assert answered.status_code in (200, 422), (operation_id, answered.text)
        if answered.status_code == 422:
            assert answered.json()["code"] not in ("state_or_token", "invalid_token")
            continue
        answer = answered.json()
        kind = answer.get("kind") or form(request)
        reached.setdefault(operation_id, set()).add(kind)
        for name, link in operation["responses"]["200"].get("links", {}).items():
            link = resolved(document, link)
            body = evaluated(link[REQUEST_BODY], request, answer)
            if body is UNRESOLVED:
                continue
            applied.setdefault((operation_id, name), set()).add(kind)
            pending.append((link["operationId"], body, None))
    assert reached["newGame"] == {"open", "sealed"}
    for operation_id, (_, operation) in by_id.items():
        for name in operation["responses"].get("200", {}).get("links", {}):
            if operation_id == "listVariants":
                continue  # a GET: where the links begin, not reached by one
            assert applied.get((operation_id, name)), (operation_id, name, reached)
    assert {"legalMoves", "play", "botMove", "scoreHand", "autoplay", "viewGame"} <= set(reached)


def test_schemathesis_reads_each_links_body_where_the_document_keeps_it(document):
    # The document keeps the bodies out of `requestBody`, which openapi-generator's parser
    # refuses as an object; the hook that schemathesis.toml loads puts each back there.
    from tests.schemathesis_hooks import before_load_schema, links

    written = list(links(document))
    assert len(written) >= 10 and not [link for link in written if "requestBody" in link]
    loaded = json.loads(json.dumps(document))
    before_load_schema(None, loaded)
    for link in links(loaded):
        if "$ref" not in link:
            assert link["requestBody"] == link[REQUEST_BODY], link
