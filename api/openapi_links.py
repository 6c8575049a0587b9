"""The OpenAPI document's links: how an answer, and the request that got it, make the next
request of a match.

They tell a reader where a variant's name comes from (``GET /variants``) and how a match
goes on from ``POST /games`` (list the moves, play one, let a bot choose, score, deal the
next hand, view a sealed game), and they are what schemathesis' stateful phase follows
to play matches rather than post random states, which the server refuses. Runtime
expressions may read the linking operation's own request as well as its answer: a legal
move is played on the state it was listed for (``$request.body#/state``).

Each link gives the whole request body, an object of runtime expressions, under
``x-request-body`` (:data:`REQUEST_BODY`) rather than OpenAPI's ``requestBody``, whose
value may be anything in OpenAPI 3.1 but which swagger-parser (openapi-generator's parser
and validator) takes for a string: with objects there, ``openapi-generator-cli validate``
refused the document (11 errors) and generating a client needed ``--skip-validate-spec``.
No single runtime expression can be a body made of two answers (a state from the request,
a move from the answer) or of an answer and a constant (a bot's name), so the bodies stay
objects, in an extension: :mod:`tests.schemathesis_hooks`, which
``schemathesis.toml`` loads, puts each back as ``requestBody`` before schemathesis reads
the document. ``x-schemathesis: {merge_body: false}`` tells schemathesis not to merge it
into a generated body, where a generated ``seat``, or a ``token`` beside the linked
``state``, would make the request one the server refuses.

Every operation with links of its own is also where schemathesis starts scenarios, with
a generated body that the server mostly refuses: ``POST /games/next-hand`` and
``POST /games/autoplay``, whose answers would lead on as ``POST /games``'s do, have none,
which more than doubles the plays of a stateful run (and keeps its lowest run well over
the hundred plays its test wants).

A link belongs to one response, and ``POST /games`` and ``POST /games/play`` answer an open
match or a sealed one with the same 200: a link cannot say which form it is for, and a
tool follows it on both (on the other form its expressions find nothing, and
schemathesis then posts a body of its own making). So each link is written for the form
that reaches its source by the links themselves, and none for a form no link leads to:
from ``POST /games`` the open links and one sealed link (the sealed game's view, by seat
0's key, which may ask whatever the turn); none after it, since a sealed game's seat
keys are one per seat and the seat to play changes with every move, so no link can pick
the key of the seat in turn (a sealed play answers that seat's view already).
``tests/api/test_openapi_links.py`` follows the links from the documented examples and
checks that each applies where its source is reached.
"""

from __future__ import annotations

from typing import Any

STATE = "$response.body#/state"
TOKEN = "$response.body#/token"
ANY_SEAT_KEY = "$response.body#/seat_keys/0"
REQUEST_BODY = "x-request-body"
"""Where a link keeps its request body (see the module's text)."""


def link(operation_id: str, description: str, body: dict[str, Any]) -> dict[str, Any]:
    """A link to ``operation_id`` whose request body is ``body``."""
    return {"operationId": operation_id, "description": description, REQUEST_BODY: body,
            "x-schemathesis": {"merge_body": False}}


LEGAL_MOVES = link("legalMoves", "The moves of the seat to play.", {"state": STATE})
SCORE = link("scoreHand", "The hand's score so far.", {"state": STATE})
BOT_MOVE = link("botMove", "A bot's move for the seat to play.",
                {"state": STATE, "bot": "heuristic"})
NEXT_HAND = link("nextHand", "The next hand, once this one is over.", {"state": STATE})

LINKS: dict[str, dict[str, dict[str, Any]]] = {
    "listVariants": {
        "newGame": link("newGame", "A match of the first variant listed.",
                        {"variant": "$response.body#/variants/0/name"}),
    },
    "newGame": {
        "legalMoves": LEGAL_MOVES,
        "botMove": BOT_MOVE,
        "scoreHand": SCORE,
        "autoplay": link("autoplay", "Random bots play to the end of the hand (four seats).",
                         {"state": STATE, "bots": ["random"] * 4, "until": "hand_over"}),
        "viewGame": link("viewGame", "A sealed game: its view as seat 0 sees it.",
                         {"token": TOKEN, "seat_key": ANY_SEAT_KEY}),
    },
    "legalMoves": {
        "play": link("play", "Play the first move listed, on the state it was listed for.",
                     {"state": "$request.body#/state", "move": "$response.body#/moves/0"}),
    },
    "botMove": {
        "play": link("play", "Play the bot's move, on the state it was chosen for.",
                     {"state": "$request.body#/state", "move": "$response.body#/move"}),
    },
    "play": {
        "legalMoves": LEGAL_MOVES,
        "botMove": BOT_MOVE,
        "nextHand": NEXT_HAND,
    },
}
"""The links of each operation's success answer, by operationId."""


def add_links(document: dict[str, Any]) -> None:
    """Put :data:`LINKS` on the success answers of the document's operations."""
    for item in document["paths"].values():
        for operation in item.values():
            links = LINKS.get(operation.get("operationId", ""))
            if links is None:
                continue
            (success,) = [status for status in operation["responses"] if status.startswith("2")]
            operation["responses"][success]["links"] = {name: dict(value)
                                                        for name, value in links.items()}
