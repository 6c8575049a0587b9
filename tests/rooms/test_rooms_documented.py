"""docs/api.md says what the rooms answer: the bodies its table of routes gives for
joining a seat and inviting someone new to one are the server's, field for field, and
its list of why a stream ends names every reason the server gives. (It once said join
answered `{key}` where the server answers `{"key": ..., "invite": null}`.)"""

from __future__ import annotations

import json
import re
import typing

import pytest

from foraccio.rooms.hub import Reason
from tests.rooms.helpers import bearer, in_process_app, make_room
from tests.test_docs import ROOT

API = (ROOT / "docs" / "api.md").read_text()


@pytest.fixture(scope="module")
def client():
    with in_process_app() as client:
        yield client


def documented_answer(route: str) -> dict:
    """The 200 body the table of routes gives for ``route``, its placeholders as they are."""
    (row,) = [line for line in API.splitlines() if line.startswith(f"| `{route}` |")]
    return json.loads(re.search(r"200 `(\{.*?\})`", row).group(1))


def shape(body: dict) -> dict:
    """Each field of ``body``, and whether it is null."""
    return {field: value is None for field, value in body.items()}


def test_join_and_invite_answer_as_the_docs_say(client):
    made = make_room(client, ["person", "person", "random", "random"], join=False)
    room = made["room"]
    joined = client.post(f"/rooms/{room}/join", headers=bearer(made["invites"][0]))
    invited = client.post(f"/rooms/{room}/seats/1/invite", headers=bearer(made["host"]))
    assert joined.status_code == invited.status_code == 200
    assert shape(joined.json()) == shape(documented_answer("POST /rooms/{room}/join"))
    assert shape(invited.json()) == shape(
        documented_answer("POST /rooms/{room}/seats/{seat}/invite"))


def test_the_docs_name_every_reason_a_stream_ends():
    said = " ".join(API.split())
    for reason in typing.get_args(Reason):
        assert f"`{reason}`" in said or f'"reason": "{reason}"' in said, reason
